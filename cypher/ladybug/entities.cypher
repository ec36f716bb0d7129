MATCH (e:Entity)
RETURN e.id AS entity_id, e.freq AS freq, e.uniqueness AS uniqueness, e.importance AS importance
ORDER BY entity_id;
