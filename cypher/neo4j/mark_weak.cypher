// Nothing to prepare on Neo4j: mark_signatures.cypher computes each document's tails within its
// per-document subquery (the embedded engine marks the weak mentions and their tails once,
// ladybug/mark_weak.cypher). Every query has a statement (tests/test_packaging.py): this one
// returns a row and changes nothing.
RETURN $part < $parts AS prepared;
