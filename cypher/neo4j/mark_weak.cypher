// The weak mentions mark_signatures.cypher pairs into its two- and three-value keys, once per
// run before its partitions: (:Document)-[:WEAK {c, tail}]->(:Entity) for every unmasked entity
// of the document with freq > $max_freq and c_e = -ln(1 - importance) < $min_tail (the proof
// and the terms are in mark_signatures.cypher), with c = c_e and tail = tail(d, e) = the sum of
// c over e and every weak entity of d after it in the global order (freq, then id).
// Computed here, once, rather than in each partition of the marking: at 1,000,000 documents the
// marking runs in a dozen partitions of the keys' first entity, and each recomputed every
// document's tails (the embedded engine does the same, ladybug/mark_weak.cypher).
// Run once per partition of the documents (d.ordinal % $parts = $part), one document per
// subquery; drop_signatures.cypher deletes the WEAK relationships with the signatures.
MATCH (d:Document {dataset: $dataset})
WHERE d.ordinal % $parts = $part
CALL (d) {
    // two MATCH clauses, not one pattern: within a pattern Neo4j never uses a relationship twice,
    // and e's own mention belongs in its tail
    MATCH (d)-[:MENTIONS]->(e:Entity)
    WHERE e.freq > $max_freq AND NOT e.masked AND e.importance < 1.0 AND -log(1.0 - e.importance) < $min_tail
    MATCH (d)-[:MENTIONS]->(f:Entity)
    WHERE f.freq > $max_freq AND NOT f.masked AND f.importance < 1.0 AND -log(1.0 - f.importance) < $min_tail
      AND (f.freq > e.freq OR (f.freq = e.freq AND f.id >= e.id))
    WITH d, e, sum(-log(1.0 - f.importance)) AS tail
    CREATE (d)-[:WEAK {c: -log(1.0 - e.importance), tail: tail}]->(e)
} IN TRANSACTIONS OF 1000 ROWS;
