// R(d) = 1 - prod_e (1 - relevance(e,d) * u(e) * w_type(e)) over the unmasked entities of d,
// on the current masking state. A document with no unmasked entity has risk 0.
// $stale_only: only the stale documents (mark_masked.cypher), the rescore after masking: a
// document without a masked value keeps its risk, so the rescore is linear in what the masking
// touched, not in the corpus.
MATCH (d:Document {dataset: $dataset})
WHERE NOT $stale_only OR d.stale
CALL (d) {
    OPTIONAL MATCH (d)-[m:MENTIONS]->(e:Entity)
    WHERE NOT e.masked
    WITH d, collect(1.0 - m.relevance * e.uniqueness * e.weight) AS keep
    SET d.risk = 1.0 - reduce(p = 1.0, k IN keep | p * k)
} IN TRANSACTIONS OF 10000 ROWS;
