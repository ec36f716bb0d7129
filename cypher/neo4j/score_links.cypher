// Strength of every LINKED edge on the current masking state, over all shared unmasked entities:
// s_e = max(relevance(e,di), relevance(e,dj)) * u(e) * w_type(e), strength = 1 - prod (1 - s_e).
// Per edge, the engine expands the first document's mentions and checks each against the second
// (expand-into), so a common entity's thousands of documents are never scanned.
MATCH (a:Document {dataset: $dataset})-[l:LINKED]->(b:Document)
CALL (a, b, l) {
    MATCH (a)-[ma:MENTIONS]->(e)<-[mb:MENTIONS]-(b)
    WITH l, collect(CASE WHEN e.masked THEN 1.0
                         ELSE 1.0 - (CASE WHEN ma.relevance > mb.relevance THEN ma.relevance ELSE mb.relevance END)
                                    * e.uniqueness * e.weight END) AS keep
    SET l.strength = 1.0 - reduce(p = 1.0, k IN keep | p * k)
} IN TRANSACTIONS OF 5000 ROWS;
