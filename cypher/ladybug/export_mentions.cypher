MATCH (d:Document)-[m:MENTIONS]->(e:Entity)
RETURN d.id AS start_id, e.id AS end_id, m.relevance AS relevance
ORDER BY start_id, end_id;
