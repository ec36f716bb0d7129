// The links among one partition's candidates (a.part = $part): each candidate's exact strength
// over all the entities the two documents share, s_e = max(relevance(e,di), relevance(e,dj)) *
// u(e) * w_type(e), strength = 1 - prod (1 - s_e); a LINKED edge only for strength >=
// $threshold (EDGE_STRENGTH_THRESHOLD), with that strength as strength_before. Creating only
// the links costs the engine far less than writing every candidate's strength and deleting
// the weak ones.
// The hint makes the engine walk each candidate's first document's mentions and look up the
// second's (linear in the mentions), instead of intersecting every entity's document list with
// the candidates (quadratic in a common value's documents; 4x slower at 100,000 documents).
// hop_risk = strength * (1 + (R(di) + R(dj)) / 2) / 2 on the documents' current risks (document_risk
// runs first), written with the strength: one pass over the edges instead of two.
MATCH (a:Document)-[c:CANDIDATE]->(b:Document), (a)-[ma:MENTIONS]->(e:Entity)<-[mb:MENTIONS]-(b)
WHERE a.part = $part
HINT (((a JOIN c JOIN b) JOIN ma JOIN e) JOIN mb)
WITH a, b, 1.0 - list_product(collect(CASE WHEN e.masked THEN 1.0
                                           ELSE 1.0 - (CASE WHEN ma.relevance > mb.relevance THEN ma.relevance ELSE mb.relevance END)
                                                      * e.uniqueness * e.weight END)) AS strength
WHERE strength >= $threshold
CREATE (a)-[:LINKED {strength: strength, strength_before: strength,
                     hop_risk: strength * (1.0 + (a.risk + b.risk) / 2.0) / 2.0}]->(b);
