// Write masking decisions back to the graph (rows: id, stage, replacement), and mark the
// documents of every masked value stale: only their risks and links change (the rescore).
// In transactions of 1,000 masked values: at 1,000,000 documents one transaction for all of
// them (their documents marked stale included) went over the server's 4 GB of transaction memory.
UNWIND $rows AS row
CALL (row) {
    MATCH (e:Entity {dataset: $dataset, id: row.id})
    USING INDEX e:Entity(dataset, id)
    SET e.masked = true, e.stage = row.stage, e.replacement = row.replacement
    WITH e
    MATCH (d:Document {dataset: $dataset})-[:MENTIONS]->(e)
    SET d.stale = true
} IN TRANSACTIONS OF 1000 ROWS;
