// Write masking decisions back to the graph (rows: id, stage, replacement).
UNWIND $rows AS row
MATCH (e:Entity {dataset: $dataset, id: row.id})
USING INDEX e:Entity(dataset, id)
SET e.masked = true, e.stage = row.stage, e.replacement = row.replacement;
