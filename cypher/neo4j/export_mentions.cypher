// Packed: 5,000 rows a record (the engine unpacks `columns` and `batch`; see graph/neo4j.py).
MATCH (d:Document {dataset: $dataset})-[m:MENTIONS]->(e:Entity)
WITH d.id AS start_id, e.id AS end_id, m.relevance AS relevance
ORDER BY start_id, end_id
WITH collect([start_id, end_id, relevance]) AS rows
UNWIND range(0, size(rows) - 1, 5000) AS start
RETURN ["start_id", "end_id", "relevance"] AS columns, rows[start..start + 5000] AS batch;
