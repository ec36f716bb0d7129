// Chains of 2 documents: the kept edges. R_chain = 1 - (1 - hop_risk) = hop_risk.
// Packed: 5,000 rows a record (the engine unpacks `columns` and `batch`; see graph/neo4j.py).
// One partition of the first documents (a.part = $part, as the links were last partitioned):
// the store reads them part by part, so no result holds every chain at once.
MATCH (a:Document {dataset: $dataset})-[l:LINKED]->(b:Document)
WHERE a.part = $part
WITH collect([[a.id, b.id], l.hop_risk]) AS rows
UNWIND range(0, size(rows) - 1, 5000) AS start
RETURN ["doc_ids", "risk"] AS columns, rows[start..start + 5000] AS batch;
