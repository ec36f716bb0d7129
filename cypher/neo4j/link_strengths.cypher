// The strengths of the links of one partition of the documents (a.part = $part), without their
// via lists: what the rescore reads back (the lists do not change, and reading them again held
// a second copy of every link's entity ids at the run's peak).
// Packed: 5,000 rows a record (the engine unpacks `columns` and `batch`; see graph/neo4j.py).
MATCH (a:Document {dataset: $dataset})-[l:LINKED]->(b:Document)
WHERE a.part = $part
WITH collect([a.id, b.id, l.strength]) AS rows
UNWIND range(0, size(rows) - 1, 5000) AS start
RETURN ["doc_a", "doc_b", "strength"] AS columns, rows[start..start + 5000] AS batch;
