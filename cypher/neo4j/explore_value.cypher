// Every document mentioning a value (normalised value, any type, case-insensitive).
// params: value
MATCH (d:Document {dataset: $dataset})-[m:MENTIONS]->(e:Entity {dataset: $dataset})
WHERE toLower(e.value) = toLower($value)
RETURN d.source_id AS document, d.path AS path, e.type AS type, m.relevance AS relevance,
       e.masked AS masked, e.replacement AS replacement
ORDER BY document, type;
