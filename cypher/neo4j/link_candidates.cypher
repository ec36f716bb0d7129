// The links of the documents of one partition (a.part = $part), one document at a time: a
// subquery per document groups only that document's pairs, so memory stays bounded whatever the
// corpus' size.
// A pair is a candidate when its best case can reach the threshold: each shared entity with
// freq <= $max_freq at its importance (the largest s_e it can give), plus the most the two
// documents' more frequent entities can add (common_log, link_bounds.cypher).
// $max_log_keep = ln(1 - threshold) plus a margin, so the filter never drops a link. Pairs
// sharing only entities above $max_freq provably stay under the threshold
// (risk.link_candidate_plan), so this finds every link without the quadratic cost of common values.
// Unlike the embedded engine, which creates every candidate and leaves the scoring to
// score_links.cypher, a candidate's exact strength is computed here and only a pair within a
// hair of the threshold gets an edge: writing and then deleting the candidates that fall short
// costs Neo4j more than scoring them now. score_links and prune_links then settle the exact set.
MATCH (a:Document {dataset: $dataset})
WHERE a.part = $part
CALL (a) {
    MATCH (a)-[:MENTIONS]->(r:Entity)<-[:MENTIONS]-(b:Document)
    WHERE a.ordinal < b.ordinal AND r.freq <= $max_freq AND NOT r.masked
    WITH a, b, sum(CASE WHEN r.importance >= 1.0 THEN -1000.0 ELSE log(1.0 - r.importance) END) AS rare_log
    WHERE rare_log + (CASE WHEN a.common_log > b.common_log THEN a.common_log ELSE b.common_log END) <= $max_log_keep
    MATCH (a)-[ma:MENTIONS]->(e)<-[mb:MENTIONS]-(b)
    WITH a, b, collect(CASE WHEN e.masked THEN 1.0
                            ELSE 1.0 - (CASE WHEN ma.relevance > mb.relevance THEN ma.relevance ELSE mb.relevance END)
                                       * e.uniqueness * e.weight END) AS keep
    WHERE 1.0 - reduce(p = 1.0, k IN keep | p * k) >= $threshold - 1e-9
    CREATE (a)-[:LINKED {dataset: $dataset, strength: 0.0, strength_before: 0.0, hop_risk: 0.0}]->(b)
} IN TRANSACTIONS OF 1000 ROWS;
