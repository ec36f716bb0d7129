// via = the entities two linked documents share, for the links of one partition of the documents
// (a.part = $part: a transaction's writes are held in memory until it commits) (on the initial graph, before any masking).
// Written once, for kept edges only: list properties are the expensive part of an edge update.
// The hint: see score_candidates.cypher.
MATCH (a:Document)-[l:LINKED]->(b:Document), (a)-[ma:MENTIONS]->(e:Entity)<-[mb:MENTIONS]-(b)
WHERE a.part = $part
HINT (((a JOIN l JOIN b) JOIN ma JOIN e) JOIN mb)
WITH l, collect(e.id) AS via
SET l.via = via;
