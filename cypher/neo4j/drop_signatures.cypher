// The signatures and the weak mentions (mark_weak.cypher) are an index for finding candidates,
// not part of the analysis' graph.
MATCH (s:Signature {dataset: $dataset})
CALL (s) { DETACH DELETE s } IN TRANSACTIONS OF 5000 ROWS;
MATCH (:Document {dataset: $dataset})-[w:WEAK]->()
CALL (w) { DELETE w } IN TRANSACTIONS OF 10000 ROWS;
