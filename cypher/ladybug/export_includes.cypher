MATCH (c:Chain)-[i:INCLUDES]->(d:Document)
RETURN c.id AS start_id, d.id AS end_id, i.position AS position
ORDER BY start_id, position;
