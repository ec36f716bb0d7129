// The links among the candidates of one partition of the first documents (a.part = $part,
// assign_parts.cypher), so one query's memory is bounded: rows `from, to, strength,
// strength_before, hop_risk, via` for the store to bulk-load into LINKED (copy_links.cypher).
// First the candidate pairs, the documents that share a signature (mark_signatures.cypher proves
// every link does), as bare CANDIDATE edges: joining the signature pairs straight into the
// scoring makes the planner build the mentions of every document and exhausts the buffer pool.
MATCH (a:Document)-[:SIGNED]->(:Signature)<-[:SIGNED]-(b:Document)
WHERE a.part = $part AND a.ordinal < b.ordinal
WITH DISTINCT a, b
CREATE (a)-[:CANDIDATE]->(b);
// Then each candidate's exact strength over all the entities the two documents share,
// s_e = max(relevance(e,di), relevance(e,dj)) * u(e) * w_type(e), strength = 1 - prod (1 - s_e),
// kept when strength >= $threshold (EDGE_STRENGTH_THRESHOLD); via = those shared entities;
// hop_risk = strength * (1 + (R(di) + R(dj)) / 2) / 2 on the documents' risks (document_risk ran
// first). Returning the rows for one bulk load costs the engine a fraction of creating the
// edges here: a CREATE with a list property per edge was 10x slower (100,000 documents).
// The hint makes the engine walk each candidate's first document's mentions and look up the
// second's (linear in the mentions), instead of intersecting every entity's document list with
// the candidates (quadratic in a common value's documents; 4x slower at 100,000 documents).
MATCH (a:Document)-[c:CANDIDATE]->(b:Document), (a)-[ma:MENTIONS]->(e:Entity)<-[mb:MENTIONS]-(b)
WHERE a.part = $part
HINT (((a JOIN c JOIN b) JOIN ma JOIN e) JOIN mb)
WITH a, b, collect(e.id) AS via,
     1.0 - list_product(collect(CASE WHEN e.masked THEN 1.0
                                     ELSE 1.0 - (CASE WHEN ma.relevance > mb.relevance THEN ma.relevance ELSE mb.relevance END)
                                                * e.uniqueness * e.weight END)) AS strength
WHERE strength >= $threshold
RETURN a.id AS `from`, b.id AS `to`, strength, strength AS strength_before,
       strength * (1.0 + (a.risk + b.risk) / 2.0) / 2.0 AS hop_risk, via;
