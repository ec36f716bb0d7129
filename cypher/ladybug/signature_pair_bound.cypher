// An upper bound on the (key, document) rows mark_signatures.cypher aggregates for its two- and
// three-value keys: per document, k choose 2 plus k choose 3 for its k weak entities (unmasked,
// freq over $max_freq, c_e = -ln(1 - importance) under $min_tail). The store sizes the
// marking's partitions from it, and those of the weak mentions' tails (ladybug/mark_weak.cypher)
// from `pair_rows`: per document, the k (k + 1) / 2 pairs of a weak entity and one after it.
MATCH (d:Document)-[:MENTIONS]->(e:Entity)
WHERE e.freq > $max_freq AND NOT e.masked AND e.importance < 1.0 AND -ln(1.0 - e.importance) < $min_tail
WITH d, count(*) AS k
RETURN coalesce(sum(k * (k - 1) / 2 + k * (k - 1) * (k - 2) / 6), 0) AS rows,
       coalesce(sum(k * (k + 1) / 2), 0) AS pair_rows;
