// Bulk load, batched: rows of [id, source_id, path, risk, risk_before, stale, ordinal, part].
UNWIND $rows AS row
CREATE (:Document {dataset: $dataset, id: row[0], source_id: row[1], path: row[2], risk: row[3],
                   risk_before: row[4], stale: row[5], ordinal: row[6], part: row[7]});
