// Every document reachable from a document (input id) within a number of hops (at most 3) over kept links.
// params: document, hops=2
MATCH p = (d:Document {dataset: $dataset, source_id: $document})-[:LINKED*1..3]-(x:Document {dataset: $dataset})
USING INDEX d:Document(dataset, source_id)
WHERE length(p) <= $hops AND x.id <> d.id
RETURN x.source_id AS document, min(length(p)) AS hops, x.risk_before AS risk_before, x.risk AS risk_after
ORDER BY hops, document;
