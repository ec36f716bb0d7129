// Chains of 2 documents: the kept edges. R_chain = 1 - (1 - hop_risk) = hop_risk.
MATCH (a:Document)-[l:LINKED]->(b:Document)
RETURN [a.id, b.id] AS doc_ids, l.hop_risk AS risk;
