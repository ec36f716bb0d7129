// Spread documents over $parts partitions for link_candidates.cypher, by their rank in id order.
MATCH (d:Document {dataset: $dataset})
CALL (d) { SET d.part = d.ordinal % $parts } IN TRANSACTIONS OF 10000 ROWS;
