// Write masking decisions back to the graph (rows: id, stage, replacement).
UNWIND $rows AS row
MATCH (e:Entity {id: row.id})
SET e.masked = true, e.stage = row.stage, e.replacement = row.replacement;
