// The links of one partition of the documents (a.part = $part, as the links were last written):
// the store reads them part by part and sorts them itself.
// Packed: 5,000 rows a record (the engine unpacks `columns` and `batch`; see graph/neo4j.py).
MATCH (a:Document {dataset: $dataset})-[l:LINKED]->(b:Document)
WHERE a.part = $part
WITH collect([a.id, b.id, l.via, l.strength_before, l.strength]) AS rows
UNWIND range(0, size(rows) - 1, 5000) AS start
RETURN ["doc_a", "doc_b", "via", "strength_before", "strength"] AS columns, rows[start..start + 5000] AS batch;
