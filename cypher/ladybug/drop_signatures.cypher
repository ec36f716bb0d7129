// The signatures, the weak mentions (mark_weak.cypher) and the candidates are an index for
// finding the links, not part of the analysis' graph.
DROP TABLE IF EXISTS CANDIDATE;
DROP TABLE IF EXISTS WEAK;
DROP TABLE IF EXISTS SIGNED;
DROP TABLE IF EXISTS Signature;
