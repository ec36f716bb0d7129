// R(d) = 1 - prod_e (1 - relevance(e,d) * u(e) * w_type(e)) over the unmasked entities of d,
// on the current masking state. A document with no unmasked entity has risk 0.
MATCH (d:Document {dataset: $dataset})
CALL (d) {
    OPTIONAL MATCH (d)-[m:MENTIONS]->(e:Entity)
    WHERE NOT e.masked
    WITH d, collect(1.0 - m.relevance * e.uniqueness * e.weight) AS keep
    SET d.risk = 1.0 - reduce(p = 1.0, k IN keep | p * k)
} IN TRANSACTIONS OF 10000 ROWS;
