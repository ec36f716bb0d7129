// The run finished: its dataset is what its output folder describes.
MATCH (s:SanonDataset {dataset: $dataset, run_id: $run_id})
SET s.complete = true, s.documents = $summary.documents, s.entities = $summary.entities,
    s.links = $summary.links, s.chains = $summary.chains;
