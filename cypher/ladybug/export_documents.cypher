MATCH (d:Document)
RETURN d.id AS id, d.source_id AS source_id, d.path AS path, d.risk_before AS risk_before, d.risk AS risk_after
ORDER BY id;
