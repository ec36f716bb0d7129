// Documents sharing >= 1 entity: s_e = max(relevance(e,di), relevance(e,dj)) * u(e) * w_type(e),
// strength = 1 - prod_{e in via} (1 - s_e). Edges under the threshold are pruned (not created).
// Candidate pairs come from entities with freq <= $max_freq; the caller chooses $max_freq so that
// pairs sharing only more frequent entities provably stay under the threshold (risk.py,
// link_candidate_max_freq): the result equals the all-pairs computation without its quadratic
// cost on very common values. Each candidate is scored over all its shared entities.
MATCH (a:Document)-[:MENTIONS]->(r:Entity)<-[:MENTIONS]-(b:Document)
WHERE a.id < b.id AND r.freq <= $max_freq AND NOT r.masked
WITH DISTINCT a, b
MATCH (a)-[ma:MENTIONS]->(e:Entity)<-[mb:MENTIONS]-(b)
WHERE NOT e.masked
WITH a, b,
     collect(e.id) AS via,
     collect(1.0 - (CASE WHEN ma.relevance > mb.relevance THEN ma.relevance ELSE mb.relevance END)
                   * e.uniqueness * e.weight) AS keep
WITH a, b, via, 1.0 - list_product(keep) AS strength
WHERE strength >= $threshold
CREATE (a)-[:LINKED {strength: strength, strength_before: strength, hop_risk: 0.0, via: via}]->(b);
