// The links among the candidates of one partition of the first documents (a.part = $part), one
// document at a time (a subquery per document groups only that document's pairs, so memory
// stays bounded): rows `from, to, strength, strength_before, hop_risk, via` for the store to
// bulk-load into LINKED (copy_links.cypher). Candidates are the documents that share a
// signature (mark_signatures.cypher proves every link does); each gets its exact strength over
// all the entities the two share, s_e = max(relevance(e,di), relevance(e,dj)) * u(e) *
// w_type(e), strength = 1 - prod (1 - s_e), kept when strength >= $threshold
// (EDGE_STRENGTH_THRESHOLD); via = those shared entities; hop_risk = strength * (1 + (R(di) +
// R(dj)) / 2) / 2 on the documents' risks (document_risk ran first).
// Packed: 5,000 rows a record (the engine unpacks `columns` and `batch`; see graph/neo4j.py).
MATCH (a:Document {dataset: $dataset})
WHERE a.part = $part
CALL (a) {
    MATCH (a)-[:SIGNED]->(:Signature)<-[:SIGNED]-(b:Document)
    WHERE a.ordinal < b.ordinal
    WITH DISTINCT a, b
    MATCH (a)-[ma:MENTIONS]->(e)<-[mb:MENTIONS]-(b)
    WITH a, b, collect(e.id) AS via,
         collect(CASE WHEN e.masked THEN 1.0
                      ELSE 1.0 - (CASE WHEN ma.relevance > mb.relevance THEN ma.relevance ELSE mb.relevance END)
                                 * e.uniqueness * e.weight END) AS keep
    WITH a, b, via, 1.0 - reduce(p = 1.0, k IN keep | p * k) AS strength
    WHERE strength >= $threshold
    RETURN [a.id, b.id, strength, strength, strength * (1.0 + (a.risk + b.risk) / 2.0) / 2.0, via] AS row
}
WITH collect(row) AS rows
UNWIND range(0, size(rows) - 1, 5000) AS start
RETURN ["from", "to", "strength", "strength_before", "hop_risk", "via"] AS columns, rows[start..start + 5000] AS batch;
