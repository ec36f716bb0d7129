// The signatures are an index for finding candidates, not part of the analysis' graph.
MATCH (s:Signature {dataset: $dataset})
CALL (s) { DETACH DELETE s } IN TRANSACTIONS OF 5000 ROWS;
