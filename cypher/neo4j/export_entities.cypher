// Packed: 5,000 rows a record (the engine unpacks `columns` and `batch`; see graph/neo4j.py).
MATCH (e:Entity {dataset: $dataset})
WITH e.id AS id, e.type AS type, e.value AS value, e.weight AS weight, e.freq AS freq,
     e.uniqueness AS uniqueness, e.importance AS importance, e.masked AS masked, e.stage AS stage,
     e.replacement AS replacement
ORDER BY id
WITH collect([id, type, value, weight, freq, uniqueness, importance, masked, stage, replacement]) AS rows
UNWIND range(0, size(rows) - 1, 5000) AS start
RETURN ["id", "type", "value", "weight", "freq", "uniqueness", "importance", "masked", "stage", "replacement"] AS columns, rows[start..start + 5000] AS batch;
