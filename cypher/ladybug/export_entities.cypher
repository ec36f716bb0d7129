MATCH (e:Entity)
RETURN e.id AS id, e.type AS type, e.value AS value, e.weight AS weight, e.freq AS freq,
       e.uniqueness AS uniqueness, e.importance AS importance, e.masked AS masked, e.stage AS stage,
       e.replacement AS replacement
ORDER BY id;
