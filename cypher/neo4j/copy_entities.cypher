// Bulk load, batched: rows of [id, type, value, weight, freq, uniqueness, importance, masked, stage, replacement, ordinal].
UNWIND $rows AS row
CREATE (:Entity {dataset: $dataset, id: row[0], type: row[1], value: row[2], weight: row[3], freq: row[4],
                 uniqueness: row[5], importance: row[6], masked: row[7], stage: row[8], replacement: row[9],
                 ordinal: row[10]});
