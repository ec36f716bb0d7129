// Candidate pairs of one partition of the first documents (a.part = $part, assigned by
// assign_parts.cypher), so the aggregation's memory is bounded: the documents that share a
// signature (mark_signatures.cypher proves every link does), as bare CANDIDATE edges that
// score_candidates.cypher scores exactly.
MATCH (a:Document)-[:SIGNED]->(:Signature)<-[:SIGNED]-(b:Document)
WHERE a.part = $part AND a.ordinal < b.ordinal
WITH DISTINCT a, b
CREATE (a)-[:CANDIDATE]->(b);
