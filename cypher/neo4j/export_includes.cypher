// Packed: 5,000 rows a record (the engine unpacks `columns` and `batch`; see graph/neo4j.py).
MATCH (c:Chain {dataset: $dataset})-[i:INCLUDES]->(d:Document)
WITH c.id AS start_id, d.id AS end_id, i.position AS position
ORDER BY start_id, position
WITH collect([start_id, end_id, position]) AS rows
UNWIND range(0, size(rows) - 1, 5000) AS start
RETURN ["start_id", "end_id", "position"] AS columns, rows[start..start + 5000] AS batch;
