// The links of the documents of one partition (a.part = $part), one document at a time: a
// subquery per document groups only that document's pairs, so memory stays bounded whatever the
// corpus' size. Candidates are the pairs of documents that share a signature
// (mark_signatures.cypher proves every link does).
// Unlike the embedded engine, which creates every candidate and leaves the scoring to
// score_links.cypher, a candidate's exact strength is computed here and only a pair within a
// hair of the threshold gets an edge: writing and then deleting the candidates that fall short
// costs Neo4j more than scoring them now. score_links and prune_links then settle the exact set.
MATCH (a:Document {dataset: $dataset})
WHERE a.part = $part
CALL (a) {
    MATCH (a)-[:SIGNED]->(:Signature)<-[:SIGNED]-(b:Document)
    WHERE a.ordinal < b.ordinal
    WITH DISTINCT a, b
    MATCH (a)-[ma:MENTIONS]->(e)<-[mb:MENTIONS]-(b)
    WITH a, b, collect(CASE WHEN e.masked THEN 1.0
                            ELSE 1.0 - (CASE WHEN ma.relevance > mb.relevance THEN ma.relevance ELSE mb.relevance END)
                                       * e.uniqueness * e.weight END) AS keep
    WHERE 1.0 - reduce(p = 1.0, k IN keep | p * k) >= $threshold - 1e-9
    CREATE (a)-[:LINKED {dataset: $dataset, strength: 0.0, strength_before: 0.0, hop_risk: 0.0}]->(b)
} IN TRANSACTIONS OF 1000 ROWS;
