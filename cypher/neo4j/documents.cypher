// Packed: 5,000 rows a record (the engine unpacks `columns` and `batch`; see graph/neo4j.py).
MATCH (d:Document {dataset: $dataset})
WITH d.id AS doc_id, d.risk_before AS risk_before, d.risk AS risk
ORDER BY doc_id
WITH collect([doc_id, risk_before, risk]) AS rows
UNWIND range(0, size(rows) - 1, 5000) AS start
RETURN ["doc_id", "risk_before", "risk"] AS columns, rows[start..start + 5000] AS batch;
