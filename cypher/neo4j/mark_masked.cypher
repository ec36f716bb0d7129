// Write masking decisions back to the graph (rows: id, stage, replacement), and mark the
// documents of every masked value stale: only their risks and links change (the rescore).
UNWIND $rows AS row
MATCH (e:Entity {dataset: $dataset, id: row.id})
USING INDEX e:Entity(dataset, id)
SET e.masked = true, e.stage = row.stage, e.replacement = row.replacement
WITH e
MATCH (d:Document {dataset: $dataset})-[:MENTIONS]->(e)
SET d.stale = true;
