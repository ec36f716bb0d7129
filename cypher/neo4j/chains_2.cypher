// Chains of 2 documents: the kept edges. R_chain = 1 - (1 - hop_risk) = hop_risk.
// Packed: 5,000 rows a record (the engine unpacks `columns` and `batch`; see graph/neo4j.py).
MATCH (a:Document {dataset: $dataset})-[l:LINKED]->(b:Document)
WITH collect([[a.id, b.id], l.hop_risk]) AS rows
UNWIND range(0, size(rows) - 1, 5000) AS start
RETURN ["doc_ids", "risk"] AS columns, rows[start..start + 5000] AS batch;
