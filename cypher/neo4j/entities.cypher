// Packed: 5,000 rows a record (the engine unpacks `columns` and `batch`; see graph/neo4j.py).
MATCH (e:Entity {dataset: $dataset})
WITH e.id AS entity_id, e.freq AS freq, e.uniqueness AS uniqueness, e.importance AS importance
ORDER BY entity_id
WITH collect([entity_id, freq, uniqueness, importance]) AS rows
UNWIND range(0, size(rows) - 1, 5000) AS start
RETURN ["entity_id", "freq", "uniqueness", "importance"] AS columns, rows[start..start + 5000] AS batch;
