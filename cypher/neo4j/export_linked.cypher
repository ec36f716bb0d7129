// Packed: 5,000 rows a record (the engine unpacks `columns` and `batch`; see graph/neo4j.py).
MATCH (a:Document {dataset: $dataset})-[l:LINKED]->(b:Document)
WITH a.id AS start_id, b.id AS end_id, l.strength_before AS strength_before, l.strength AS strength_after,
     l.hop_risk AS hop_risk, l.via AS via
ORDER BY start_id, end_id
WITH collect([start_id, end_id, strength_before, strength_after, hop_risk, via]) AS rows
UNWIND range(0, size(rows) - 1, 5000) AS start
RETURN ["start_id", "end_id", "strength_before", "strength_after", "hop_risk", "via"] AS columns, rows[start..start + 5000] AS batch;
