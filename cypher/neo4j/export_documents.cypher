// Packed: 5,000 rows a record (the engine unpacks `columns` and `batch`; see graph/neo4j.py).
MATCH (d:Document {dataset: $dataset})
WITH d.id AS id, d.source_id AS source_id, d.path AS path, d.risk_before AS risk_before, d.risk AS risk_after
ORDER BY id
WITH collect([id, source_id, path, risk_before, risk_after]) AS rows
UNWIND range(0, size(rows) - 1, 5000) AS start
RETURN ["id", "source_id", "path", "risk_before", "risk_after"] AS columns, rows[start..start + 5000] AS batch;
