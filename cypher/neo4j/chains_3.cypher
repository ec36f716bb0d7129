// Chains of 3 documents: simple paths a-b-c over kept edges, each path once (a before c in id order).
// R_chain = 1 - prod_hops (1 - hop_risk).
// Packed: 5,000 rows a record (the engine unpacks `columns` and `batch`; see graph/neo4j.py).
// One partition of the first documents (a.part = $part, as the links were last partitioned):
// the store reads them part by part, so no result holds every chain at once.
MATCH (a:Document {dataset: $dataset})-[l1:LINKED]-(b:Document)-[l2:LINKED]-(c:Document)
WHERE a.part = $part AND a.ordinal < c.ordinal
WITH collect([[a.id, b.id, c.id], 1.0 - (1.0 - l1.hop_risk) * (1.0 - l2.hop_risk)]) AS rows
UNWIND range(0, size(rows) - 1, 5000) AS start
RETURN ["doc_ids", "risk"] AS columns, rows[start..start + 5000] AS batch;
