// Strength of every kept edge on the current masking state (masked entities count as 0).
// The edge set stays fixed: pruning happens once, on the initial graph.
MATCH (a:Document)-[l:LINKED]->(b:Document)
OPTIONAL MATCH (a)-[ma:MENTIONS]->(e:Entity)<-[mb:MENTIONS]-(b)
WHERE NOT e.masked
WITH l,
     collect(1.0 - (CASE WHEN ma.relevance > mb.relevance THEN ma.relevance ELSE mb.relevance END)
                   * e.uniqueness * e.weight) AS keep
SET l.strength = CASE WHEN size(keep) = 0 THEN 0.0 ELSE 1.0 - list_product(keep) END;
