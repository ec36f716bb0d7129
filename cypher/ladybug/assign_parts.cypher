// Spread documents over $parts partitions for link_candidates.cypher, by load order.
MATCH (d:Document)
SET d.part = d.ordinal % $parts;
