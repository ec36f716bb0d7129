// imp(e) = max_d relevance(e,d) * u(e) * w_type(e)
MATCH (:Document)-[m:MENTIONS]->(e:Entity)
WITH e, max(m.relevance) AS relevance
SET e.importance = relevance * e.uniqueness * e.weight;
