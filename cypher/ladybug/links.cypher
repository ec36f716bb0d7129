MATCH (a:Document)-[l:LINKED]->(b:Document)
RETURN a.id AS doc_a, b.id AS doc_b, l.via AS via, l.strength_before AS strength_before,
       l.strength AS strength
ORDER BY doc_a, doc_b;
