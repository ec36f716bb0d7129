// Write masking decisions back to the graph (rows: id, stage, replacement), and mark the
// documents of every masked value stale: only their risks and links change (the rescore).
UNWIND $rows AS row
MATCH (e:Entity {id: row.id})
SET e.masked = true, e.stage = row.stage, e.replacement = row.replacement;
UNWIND $rows AS row
MATCH (d:Document)-[:MENTIONS]->(e:Entity {id: row.id})
SET d.stale = true;
