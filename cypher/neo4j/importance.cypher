// imp(e) = max_d relevance(e,d) * u(e) * w_type(e)
MATCH (e:Entity {dataset: $dataset})
CALL (e) {
    MATCH (e)<-[m:MENTIONS]-(:Document)
    WITH e, max(m.relevance) AS relevance
    SET e.importance = relevance * e.uniqueness * e.weight
} IN TRANSACTIONS OF 10000 ROWS;
