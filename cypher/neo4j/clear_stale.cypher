// After the rescore: no document is stale until the next masking.
MATCH (d:Document {dataset: $dataset})
WHERE d.stale
SET d.stale = false;
