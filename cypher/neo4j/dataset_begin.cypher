// A run starts writing the dataset: unfinished until dataset_complete.cypher.
CREATE (:SanonDataset {dataset: $dataset, run_id: $run_id, started: $started, complete: false});
