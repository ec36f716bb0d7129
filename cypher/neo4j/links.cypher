// Packed: 5,000 rows a record (the engine unpacks `columns` and `batch`; see graph/neo4j.py).
MATCH (a:Document {dataset: $dataset})-[l:LINKED]->(b:Document)
WITH a.id AS doc_a, b.id AS doc_b, l.via AS via, l.strength_before AS strength_before, l.strength AS strength
ORDER BY doc_a, doc_b
WITH collect([doc_a, doc_b, via, strength_before, strength]) AS rows
UNWIND range(0, size(rows) - 1, 5000) AS start
RETURN ["doc_a", "doc_b", "via", "strength_before", "strength"] AS columns, rows[start..start + 5000] AS batch;
