// How two documents (input ids) are linked: the entities they share and their kept link, if any.
// params: a, b
MATCH (a:Document {dataset: $dataset, source_id: $a})-[ma:MENTIONS]->(e:Entity {dataset: $dataset})<-[mb:MENTIONS]-(b:Document {dataset: $dataset, source_id: $b})
OPTIONAL MATCH (a)-[l:LINKED]-(b)
RETURN e.type AS type, e.value AS value, ma.relevance AS relevance_a, mb.relevance AS relevance_b,
       e.uniqueness AS uniqueness, e.masked AS masked,
       l.strength_before AS link_strength_before, l.strength AS link_strength_after
ORDER BY type, value;
