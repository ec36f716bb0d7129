// via = the entities two linked documents share, for the links of one partition (a.part = $part) (on the initial graph, before any masking).
MATCH (a:Document {dataset: $dataset})-[l:LINKED]->(b:Document)
WHERE a.part = $part
CALL (a, b, l) {
    MATCH (a)-[:MENTIONS]->(e)<-[:MENTIONS]-(b)
    WITH l, collect(e.id) AS via
    SET l.via = via
} IN TRANSACTIONS OF 5000 ROWS;
