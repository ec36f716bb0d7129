// Only links with a stale end (mark_masked.cypher) change: a masked value they share changes the
// strength, a masked value in one of their documents that document's risk and so the hop risk.
// Strength of the LINKED edges of one partition of the documents (a.part = $part; a transaction's
// writes are held in memory until it commits) on the current masking state, over all shared unmasked entities:
// s_e = max(relevance(e,di), relevance(e,dj)) * u(e) * w_type(e), strength = 1 - prod (1 - s_e).
// The hint makes the engine walk each link's first document's mentions and look up the second's
// (linear in the mentions) rather than intersect every entity's document list with the links
// (quadratic in a common value's documents; 4x slower at 100,000 documents). Masked entities are
// folded into the values (factor 1) rather than filtered with WHERE: a predicate on e makes
// the planner drop the intersection and the query becomes orders of magnitude slower.
// hop_risk = strength * (1 + (R(di) + R(dj)) / 2) / 2 on the documents' current risks (document_risk
// runs first), written with the strength: one pass over the edges instead of two.
MATCH (a:Document)-[l:LINKED]->(b:Document), (a)-[ma:MENTIONS]->(e:Entity)<-[mb:MENTIONS]-(b)
WHERE a.part = $part AND (a.stale OR b.stale)
HINT (((a JOIN l JOIN b) JOIN ma JOIN e) JOIN mb)
WITH a, b, l,
     1.0 - list_product(collect(CASE WHEN e.masked THEN 1.0
                                     ELSE 1.0 - (CASE WHEN ma.relevance > mb.relevance THEN ma.relevance ELSE mb.relevance END)
                                                * e.uniqueness * e.weight END)) AS strength
SET l.strength = strength, l.hop_risk = strength * (1.0 + (a.risk + b.risk) / 2.0) / 2.0;
