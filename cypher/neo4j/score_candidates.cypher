// The links among one partition's candidates (a.part = $part): signature_candidates.cypher
// already created only the pairs within a hair of the threshold; here each gets its exact
// strength over all shared entities, s_e = max(relevance(e,di), relevance(e,dj)) * u(e) *
// w_type(e), strength = 1 - prod (1 - s_e), those under $threshold (EDGE_STRENGTH_THRESHOLD)
// are dropped, and the rest keep their initial strength as strength_before.
// hop_risk = strength * (1 + (R(di) + R(dj)) / 2) / 2 on the documents' current risks (document_risk
// runs first), written with the strength: one pass over the edges instead of two.
MATCH (a:Document {dataset: $dataset})-[l:LINKED]->(b:Document)
WHERE a.part = $part
CALL (a, b, l) {
    MATCH (a)-[ma:MENTIONS]->(e)<-[mb:MENTIONS]-(b)
    WITH a, b, l, collect(CASE WHEN e.masked THEN 1.0
                               ELSE 1.0 - (CASE WHEN ma.relevance > mb.relevance THEN ma.relevance ELSE mb.relevance END)
                                          * e.uniqueness * e.weight END) AS keep
    WITH a, b, l, 1.0 - reduce(p = 1.0, k IN keep | p * k) AS strength
    SET l.strength = strength, l.hop_risk = strength * (1.0 + (a.risk + b.risk) / 2.0) / 2.0
} IN TRANSACTIONS OF 5000 ROWS;
MATCH (a:Document {dataset: $dataset})-[l:LINKED]->(:Document)
WHERE a.part = $part AND l.strength < $threshold
CALL (l) { DELETE l } IN TRANSACTIONS OF 10000 ROWS;
MATCH (a:Document {dataset: $dataset})-[l:LINKED]->(:Document)
WHERE a.part = $part
CALL (l) { SET l.strength_before = l.strength } IN TRANSACTIONS OF 10000 ROWS;
