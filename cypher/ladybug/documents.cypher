MATCH (d:Document)
RETURN d.id AS doc_id, d.risk_before AS risk_before, d.risk AS risk
ORDER BY doc_id;
