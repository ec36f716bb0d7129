// Candidate links, one partition of the first documents at a time (a.part = $part, assigned by
// assign_parts.cypher) so the aggregation's memory is bounded; every pair's sum is complete inside
// its partition. (A computed predicate such as offset(id(a)) % n leads the planner to a join order
// that exhausts the buffer pool; a stored property keeps the cheap one.)
// A pair is a candidate when its best case can reach the threshold: each shared entity with
// freq <= $max_freq at its importance (the largest s_e it can give), plus the most the two
// documents' more frequent entities can add (common_log, link_bounds.cypher).
// $max_log_keep = ln(1 - threshold) plus a margin, so the filter never drops a link.
// Pairs sharing only entities above $max_freq provably stay under the threshold
// (risk.link_candidate_plan), so this finds every link without the quadratic cost of common values.
MATCH (a:Document)-[:MENTIONS]->(r:Entity)<-[:MENTIONS]-(b:Document)
WHERE a.part = $part AND a.ordinal < b.ordinal AND r.freq <= $max_freq AND NOT r.masked
WITH a, b, sum(CASE WHEN r.importance >= 1.0 THEN -1000.0 ELSE ln(1.0 - r.importance) END) AS rare_log
WHERE rare_log + (CASE WHEN a.common_log > b.common_log THEN a.common_log ELSE b.common_log END) <= $max_log_keep
CREATE (a)-[:LINKED {strength: 0.0, strength_before: 0.0, hop_risk: 0.0}]->(b);
