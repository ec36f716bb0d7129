// Chains of 2 documents: the kept edges. R_chain = 1 - (1 - hop_risk) = hop_risk.
// One partition of the first documents (a.part = $part, as the links were last partitioned):
// the store reads them part by part, so no result holds every chain at once.
MATCH (a:Document)-[l:LINKED]->(b:Document)
WHERE a.part = $part
RETURN [a.id, b.id] AS doc_ids, l.hop_risk AS risk;
