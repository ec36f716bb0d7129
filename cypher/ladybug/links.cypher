// The links of one partition of the documents (a.part = $part, as the links were last written):
// the store reads them part by part and sorts them itself.
MATCH (a:Document)-[l:LINKED]->(b:Document)
WHERE a.part = $part
RETURN a.id AS doc_a, b.id AS doc_b, l.via AS via, l.strength_before AS strength_before,
       l.strength AS strength;
