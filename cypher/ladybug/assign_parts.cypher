// Spread documents over $parts partitions for link_candidates.cypher, by their rank in id order.
MATCH (d:Document)
SET d.part = d.ordinal % $parts;
