// Spread documents over $parts partitions for link_candidates.cypher.
MATCH (d:Document)
SET d.part = offset(id(d)) % $parts;
