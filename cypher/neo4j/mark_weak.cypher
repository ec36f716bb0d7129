// Nothing to prepare on Neo4j: mark_signatures.cypher computes each document's tails within its
// per-document subquery (the embedded engine marks them once, ladybug/mark_weak.cypher).
