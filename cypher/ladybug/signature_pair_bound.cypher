// An upper bound on the (key, document) rows mark_signatures.cypher aggregates for its two-value
// keys: per document, k choose 2 for its k unmasked entities over $max_freq. The store sizes the
// marking's partitions from it.
MATCH (d:Document)-[:MENTIONS]->(e:Entity)
WHERE e.freq > $max_freq AND NOT e.masked
WITH d, count(*) AS k
RETURN coalesce(sum(k * (k - 1) / 2), 0) AS rows;
