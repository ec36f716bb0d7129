// Entities that bridge the most documents: the number of kept links they are shared on.
// params: limit=10
MATCH ()-[l:LINKED]->()
UNWIND l.via AS entity_id
WITH entity_id, count(*) AS links
MATCH (e:Entity {id: entity_id})
RETURN e.type AS type, e.value AS value, links, e.freq AS documents, e.uniqueness AS uniqueness,
       e.masked AS masked
ORDER BY links DESC, documents DESC, value
LIMIT $limit;
