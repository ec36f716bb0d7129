// Strength of every LINKED edge on the current masking state, over all shared unmasked entities:
// s_e = max(relevance(e,di), relevance(e,dj)) * u(e) * w_type(e), strength = 1 - prod (1 - s_e).
// The triangle pattern (edge plus both mentions) lets the engine intersect the two documents'
// entity lists instead of scanning every document of a common entity. Masked entities are
// folded into the values (factor 1) rather than filtered with WHERE: a predicate on e makes
// the planner drop the intersection and the query becomes orders of magnitude slower.
MATCH (a:Document)-[l:LINKED]->(b:Document), (a)-[ma:MENTIONS]->(e:Entity)<-[mb:MENTIONS]-(b)
WITH l,
     collect(CASE WHEN e.masked THEN 1.0
                  ELSE 1.0 - (CASE WHEN ma.relevance > mb.relevance THEN ma.relevance ELSE mb.relevance END)
                             * e.uniqueness * e.weight END) AS keep
SET l.strength = 1.0 - list_product(keep);
