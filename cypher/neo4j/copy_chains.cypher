// Bulk load, batched: rows of [id, length, risk_initial, risk_pre_chain, risk_after, category, target_met].
UNWIND $rows AS row
CREATE (:Chain {dataset: $dataset, id: row[0], length: row[1], risk_initial: row[2], risk_pre_chain: row[3],
                risk_after: row[4], category: row[5], target_met: row[6]});
