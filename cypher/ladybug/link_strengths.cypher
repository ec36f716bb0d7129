// The strengths of the links of one partition of the documents (a.part = $part), without their
// via lists: what the rescore reads back (the lists do not change, and reading them again held
// a second copy of every link's entity ids at the run's peak).
MATCH (a:Document)-[l:LINKED]->(b:Document)
WHERE a.part = $part
RETURN a.id AS doc_a, b.id AS doc_b, l.strength AS strength;
