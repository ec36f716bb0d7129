// Only links with a stale end (mark_masked.cypher) change: a masked value they share changes the
// strength, a masked value in one of their documents that document's risk and so the hop risk.
// Strength of the LINKED edges of one partition of the documents (a.part = $part) on the current masking state, over all shared unmasked entities:
// s_e = max(relevance(e,di), relevance(e,dj)) * u(e) * w_type(e), strength = 1 - prod (1 - s_e).
// Per edge, the engine expands the first document's mentions and checks each against the second
// (expand-into), so a common entity's thousands of documents are never scanned.
// hop_risk = strength * (1 + (R(di) + R(dj)) / 2) / 2 on the documents' current risks (document_risk
// runs first), written with the strength: one pass over the edges instead of two.
MATCH (a:Document {dataset: $dataset})-[l:LINKED]->(b:Document)
WHERE a.part = $part AND (a.stale OR b.stale)
CALL (a, b, l) {
    MATCH (a)-[ma:MENTIONS]->(e)<-[mb:MENTIONS]-(b)
    WITH a, b, l, collect(CASE WHEN e.masked THEN 1.0
                               ELSE 1.0 - (CASE WHEN ma.relevance > mb.relevance THEN ma.relevance ELSE mb.relevance END)
                                          * e.uniqueness * e.weight END) AS keep
    WITH a, b, l, 1.0 - reduce(p = 1.0, k IN keep | p * k) AS strength
    SET l.strength = strength, l.hop_risk = strength * (1.0 + (a.risk + b.risk) / 2.0) / 2.0
} IN TRANSACTIONS OF 5000 ROWS;
