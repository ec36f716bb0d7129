// via = the entities two linked documents share (on the initial graph, before any masking).
// Written once, for kept edges only: list properties are the expensive part of an edge update.
MATCH (a:Document)-[l:LINKED]->(b:Document), (a)-[:MENTIONS]->(e:Entity)<-[:MENTIONS]-(b)
WITH l, collect(e.id) AS via
SET l.via = via;
