// Documents sharing >= 1 entity: s_e = max(relevance(e,di), relevance(e,dj)) * u(e) * w_type(e),
// strength = 1 - prod_{e in via} (1 - s_e). Edges under the threshold are pruned (not created).
MATCH (a:Document)-[ma:MENTIONS]->(e:Entity)<-[mb:MENTIONS]-(b:Document)
WHERE a.id < b.id AND NOT e.masked
WITH a, b,
     collect(e.id) AS via,
     collect(1.0 - (CASE WHEN ma.relevance > mb.relevance THEN ma.relevance ELSE mb.relevance END)
                   * e.uniqueness * e.weight) AS keep
WITH a, b, via, 1.0 - list_product(keep) AS strength
WHERE strength >= $threshold
CREATE (a)-[:LINKED {strength: strength, strength_before: strength, hop_risk: 0.0, via: via}]->(b);
