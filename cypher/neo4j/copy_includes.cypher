// Bulk load, batched: rows of [chain id, document id, position (0-based)].
UNWIND $rows AS row
MATCH (c:Chain {dataset: $dataset, id: row[0]})
USING INDEX c:Chain(dataset, id)
MATCH (d:Document {dataset: $dataset, id: row[1]})
USING INDEX d:Document(dataset, id)
CREATE (c)-[:INCLUDES {dataset: $dataset, position: row[2]}]->(d);
