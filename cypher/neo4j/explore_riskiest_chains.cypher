// The riskiest chains, hop by hop, with the entities that link each hop (masked or not).
// params: limit=10
MATCH (c:Chain {dataset: $dataset})
WITH c ORDER BY c.risk_initial DESC, c.id LIMIT $limit
MATCH (c)-[i1:INCLUDES]->(a:Document {dataset: $dataset}), (c)-[i2:INCLUDES]->(b:Document {dataset: $dataset}),
      (a)-[l:LINKED]-(b)
WHERE i2.position = i1.position + 1
UNWIND l.via AS entity_id
MATCH (e:Entity {dataset: $dataset, id: entity_id})
USING INDEX e:Entity(dataset, id)
RETURN c.id AS chain_id, c.category AS category, c.risk_initial AS risk_initial, c.risk_after AS risk_after,
       i1.position AS hop, a.source_id AS document_a, b.source_id AS document_b,
       l.strength_before AS strength, e.type AS type, e.value AS value, e.masked AS masked
ORDER BY risk_initial DESC, chain_id, hop, type, value;
