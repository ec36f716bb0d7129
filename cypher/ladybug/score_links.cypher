// Strength of every LINKED edge on the current masking state, over all shared unmasked entities:
// s_e = max(relevance(e,di), relevance(e,dj)) * u(e) * w_type(e), strength = 1 - prod (1 - s_e).
// The triangle pattern (edge plus both mentions) lets the engine intersect the two documents'
// entity lists instead of scanning every document of a common entity.
MATCH ()-[l:LINKED]->()
SET l.strength = 0.0, l.shared = [];
MATCH (a:Document)-[l:LINKED]->(b:Document), (a)-[ma:MENTIONS]->(e:Entity)<-[mb:MENTIONS]-(b)
WHERE NOT e.masked
WITH l,
     collect(e.id) AS shared,
     collect(1.0 - (CASE WHEN ma.relevance > mb.relevance THEN ma.relevance ELSE mb.relevance END)
                   * e.uniqueness * e.weight) AS keep
SET l.strength = 1.0 - list_product(keep), l.shared = shared;
