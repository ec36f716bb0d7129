// Bulk load, batched, one row per document: [document id, [[entity id, relevance], ...]], so
// each document is looked up once for all its mentions. The hints keep the (dataset, id)
// lookups on their unique index even when the plan was made while the dataset was small.
UNWIND $rows AS row
MATCH (d:Document {dataset: $dataset, id: row[0]})
USING INDEX d:Document(dataset, id)
UNWIND row[1] AS mention
MATCH (e:Entity {dataset: $dataset, id: mention[0]})
USING INDEX e:Entity(dataset, id)
CREATE (d)-[:MENTIONS {dataset: $dataset, relevance: mention[1]}]->(e);
