// The run that wrote the dataset, and whether it finished.
MATCH (s:SanonDataset {dataset: $dataset})
RETURN s.run_id AS run_id, s.started AS started, s.complete AS complete;
