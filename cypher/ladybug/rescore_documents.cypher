// document_risk.cypher for the stale documents only (mark_masked.cypher): a document without a
// masked value keeps its risk. The rescore after masking is then linear in what the masking
// touched, not in the corpus (on data where few values are masked).
MATCH (d:Document)
WHERE d.stale
OPTIONAL MATCH (d)-[m:MENTIONS]->(e:Entity)
WHERE NOT e.masked
WITH d, collect(1.0 - m.relevance * e.uniqueness * e.weight) AS keep
SET d.risk = CASE WHEN size(keep) = 0 THEN 0.0 ELSE 1.0 - list_product(keep) END;
