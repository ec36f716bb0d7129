// Chains of 3 documents: simple paths a-b-c over kept edges, each path once (a before c in id order).
// R_chain = 1 - prod_hops (1 - hop_risk).
// One partition of the first documents (a.part = $part, as the links were last partitioned):
// the store reads them part by part, so no result holds every chain at once.
MATCH (a:Document)-[l1:LINKED]-(b:Document)-[l2:LINKED]-(c:Document)
WHERE a.part = $part AND a.ordinal < c.ordinal
RETURN [a.id, b.id, c.id] AS doc_ids,
       1.0 - (1.0 - l1.hop_risk) * (1.0 - l2.hop_risk) AS risk;
