// Chains of 4 documents: simple paths a-b-c-d over kept edges, each path once (a before d in id order).
// One partition of the first documents (a.part = $part, as the links were last partitioned):
// the store reads them part by part, so no result holds every chain at once.
MATCH (a:Document)-[l1:LINKED]-(b:Document)-[l2:LINKED]-(c:Document)-[l3:LINKED]-(d:Document)
WHERE a.part = $part AND a.ordinal < d.ordinal AND a.id <> c.id AND b.id <> d.id
RETURN [a.id, b.id, c.id, d.id] AS doc_ids,
       1.0 - (1.0 - l1.hop_risk) * (1.0 - l2.hop_risk) * (1.0 - l3.hop_risk) AS risk;
