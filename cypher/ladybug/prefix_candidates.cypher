// Candidate links, one partition of the first documents at a time (a.part = $part, assigned by
// assign_parts.cypher) so the aggregation's memory is bounded; every pair's sum is complete inside
// its partition. (A computed predicate such as offset(id(a)) % n leads the planner to a join order
// that exhausts the buffer pool; a stored property keeps the cheap one.)
// Prefix filtering: a pair is a candidate only when it shares an entity marked in both documents
// (PREFIX, mark_prefix.cypher, proves every link does), and when its best case can reach the
// threshold: each shared marked entity at its importance (the largest s_e it can give), plus the
// suffix of the document whose last marked entity comes first in the global order (common_log,
// mark_prefix.cypher):
// every shared entity the pair has not summed lies in that suffix.
// When both documents mark exactly their entities with freq <= $max_freq (their last marked one is
// no more frequent), every unsummed shared entity lies in both suffixes: the smaller one bounds it.
// $max_log_keep = ln(1 - threshold) plus a margin, so the filter never drops a link.
MATCH (a:Document)-[:PREFIX]->(r:Entity)<-[:PREFIX]-(b:Document)
WHERE a.part = $part AND a.ordinal < b.ordinal
WITH a, b, sum(CASE WHEN r.importance >= 1.0 THEN -1000.0 ELSE ln(1.0 - r.importance) END) AS rare_log
WHERE rare_log + (CASE WHEN a.prefix_freq <= $max_freq AND b.prefix_freq <= $max_freq
                            THEN (CASE WHEN a.common_log > b.common_log THEN a.common_log ELSE b.common_log END)
                       WHEN a.prefix_freq < b.prefix_freq OR (a.prefix_freq = b.prefix_freq AND a.prefix_id <= b.prefix_id)
                            THEN a.common_log ELSE b.common_log END) <= $max_log_keep
CREATE (a)-[:LINKED {strength: 0.0, strength_before: 0.0, hop_risk: 0.0}]->(b);
