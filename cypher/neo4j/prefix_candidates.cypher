// The links of the documents of one partition (a.part = $part), one document at a time: a
// subquery per document groups only that document's pairs, so memory stays bounded whatever the
// corpus' size.
// Prefix filtering: a pair is a candidate only when it shares an entity marked on both mentions
// (mark_prefix.cypher proves every link does; store.create_links(prefix=True)), and when its best case can reach the threshold:
// each shared marked entity at its importance (the largest s_e it can give), plus the suffix of
// the document whose last marked entity comes first in the global order (common_log,
// mark_prefix.cypher): every shared entity the pair has not summed lies in that suffix.
// When both documents mark exactly their entities with freq <= $max_freq (their last marked one is
// no more frequent), every unsummed shared entity lies in both suffixes: the smaller one bounds it.
// $max_log_keep = ln(1 - threshold) plus a margin, so the filter never drops a link.
// Unlike the embedded engine, which creates every candidate and leaves the scoring to
// score_links.cypher, a candidate's exact strength is computed here and only a pair within a
// hair of the threshold gets an edge: writing and then deleting the candidates that fall short
// costs Neo4j more than scoring them now. score_links and prune_links then settle the exact set.
MATCH (a:Document {dataset: $dataset})
WHERE a.part = $part
CALL (a) {
    MATCH (a)-[ma:MENTIONS]->(r:Entity)<-[mb:MENTIONS]-(b:Document)
    WHERE a.ordinal < b.ordinal AND ma.prefix AND mb.prefix
    WITH a, b, sum(CASE WHEN r.importance >= 1.0 THEN -1000.0 ELSE log(1.0 - r.importance) END) AS rare_log
    WHERE rare_log + (CASE WHEN a.prefix_freq <= $max_freq AND b.prefix_freq <= $max_freq
                                THEN (CASE WHEN a.common_log > b.common_log THEN a.common_log ELSE b.common_log END)
                           WHEN a.prefix_freq < b.prefix_freq OR (a.prefix_freq = b.prefix_freq AND a.prefix_id <= b.prefix_id)
                                THEN a.common_log ELSE b.common_log END) <= $max_log_keep
    MATCH (a)-[ma:MENTIONS]->(e)<-[mb:MENTIONS]-(b)
    WITH a, b, collect(CASE WHEN e.masked THEN 1.0
                            ELSE 1.0 - (CASE WHEN ma.relevance > mb.relevance THEN ma.relevance ELSE mb.relevance END)
                                       * e.uniqueness * e.weight END) AS keep
    WHERE 1.0 - reduce(p = 1.0, k IN keep | p * k) >= $threshold - 1e-9
    CREATE (a)-[:LINKED {dataset: $dataset, strength: 0.0, strength_before: 0.0, hop_risk: 0.0}]->(b)
} IN TRANSACTIONS OF 1000 ROWS;
