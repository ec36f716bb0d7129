// What the masking removed from a chain (chain_id from chains.jsonl or riskiest_chains), document by document.
// params: chain
MATCH (c:Chain {dataset: $dataset, id: $chain})-[i:INCLUDES]->(d:Document {dataset: $dataset})-[:MENTIONS]->(e:Entity {dataset: $dataset})
USING INDEX c:Chain(dataset, id)
WHERE e.masked
RETURN i.position AS position, d.source_id AS document, e.type AS type, e.value AS value,
       e.stage AS stage, e.replacement AS replacement, c.risk_initial AS risk_initial, c.risk_after AS risk_after
ORDER BY position, type, value;
