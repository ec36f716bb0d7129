// The weak mentions mark_signatures.cypher pairs into its two- and three-value keys, once per
// run before its partitions: (:Document)-[:WEAK {c, tail, r}]->(:Entity) for every unmasked
// entity of the document with freq > $max_freq and c_e = -ln(1 - importance) < $min_tail (the
// proof and the terms are in mark_signatures.cypher), with c = c_e, tail = tail(d, e) = the sum
// of c over e and every weak entity of d after it, and r = the entity's place in the global
// order (freq, then ordinal, the rank of its id) as one integer, freq * 2^32 + ordinal.
// Computing the tails here, once, rather than in each partition's query, and keeping c and r
// on the edges, makes the three-way join of the keys walk three small edges per row; joining
// the MENTIONS with the entities' properties and the tails' aggregation in each partition took
// 2.5x as long (100,000 documents). drop_signatures.cypher drops them with the signatures.
// Run once per partition of the documents (d.ordinal % $parts = $part; a document's rows are all
// in its partition): the tails' aggregation of every document at once took the process 0.8 GB
// over its 12 GB limit at 1,000,000 documents. The store sizes $parts from the `pair_rows` of
// signature_pair_bound.cypher, the rows this aggregates.
CREATE NODE TABLE IF NOT EXISTS Signature(id STRING PRIMARY KEY);
CREATE REL TABLE IF NOT EXISTS SIGNED(FROM Document TO Signature);
CREATE REL TABLE IF NOT EXISTS CANDIDATE(FROM Document TO Document);
CREATE REL TABLE IF NOT EXISTS WEAK(FROM Document TO Entity, c DOUBLE, tail DOUBLE, r INT64);
MATCH (d:Document)-[:MENTIONS]->(e:Entity), (d)-[:MENTIONS]->(f:Entity)
WHERE d.ordinal % $parts = $part
  AND e.freq > $max_freq AND NOT e.masked AND e.importance < 1.0 AND -ln(1.0 - e.importance) < $min_tail
  AND f.freq > $max_freq AND NOT f.masked AND f.importance < 1.0 AND -ln(1.0 - f.importance) < $min_tail
  AND (f.freq > e.freq OR (f.freq = e.freq AND f.ordinal >= e.ordinal))
WITH d, e, sum(-ln(1.0 - f.importance)) AS tail
CREATE (d)-[:WEAK {c: -ln(1.0 - e.importance), tail: tail, r: e.freq * 4294967296 + e.ordinal}]->(e);
