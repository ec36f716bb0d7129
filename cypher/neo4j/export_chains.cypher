// Packed: 5,000 rows a record (the engine unpacks `columns` and `batch`; see graph/neo4j.py).
MATCH (c:Chain {dataset: $dataset})
WITH c.id AS id, c.length AS length, c.risk_initial AS risk_initial, c.risk_pre_chain AS risk_pre_chain,
     c.risk_after AS risk_after, c.category AS category, c.target_met AS target_met
ORDER BY id
WITH collect([id, length, risk_initial, risk_pre_chain, risk_after, category, target_met]) AS rows
UNWIND range(0, size(rows) - 1, 5000) AS start
RETURN ["id", "length", "risk_initial", "risk_pre_chain", "risk_after", "category", "target_met"] AS columns, rows[start..start + 5000] AS batch;
