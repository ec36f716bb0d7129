// R(d) = 1 - prod_e (1 - relevance(e,d) * u(e) * w_type(e)) over the unmasked entities of d,
// on the current masking state. A document with no unmasked entity has risk 0.
MATCH (d:Document)
OPTIONAL MATCH (d)-[m:MENTIONS]->(e:Entity)
WHERE NOT e.masked
WITH d, collect(1.0 - m.relevance * e.uniqueness * e.weight) AS keep
SET d.risk = CASE WHEN size(keep) = 0 THEN 0.0 ELSE 1.0 - list_product(keep) END;
