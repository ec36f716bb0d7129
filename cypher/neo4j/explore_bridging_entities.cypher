// Entities that bridge the most documents: the number of kept links they are shared on.
// params: limit=10
MATCH (:Document {dataset: $dataset})-[l:LINKED]->(:Document {dataset: $dataset})
UNWIND l.via AS entity_id
WITH entity_id, count(*) AS links
MATCH (e:Entity {dataset: $dataset, id: entity_id})
USING INDEX e:Entity(dataset, id)
RETURN e.type AS type, e.value AS value, links, e.freq AS documents, e.uniqueness AS uniqueness,
       e.masked AS masked
ORDER BY links DESC, documents DESC, value
LIMIT $limit;
