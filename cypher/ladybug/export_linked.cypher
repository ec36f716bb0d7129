MATCH (a:Document)-[l:LINKED]->(b:Document)
RETURN a.id AS start_id, b.id AS end_id, l.strength_before AS strength_before, l.strength AS strength_after,
       l.hop_risk AS hop_risk, l.via AS via
ORDER BY start_id, end_id;
