// Drop edges under EDGE_STRENGTH_THRESHOLD and keep the initial strength of the rest: the edge
// set is fixed from here on, and later rescoring changes strength only.
MATCH (:Document {dataset: $dataset})-[l:LINKED]->(:Document)
WHERE l.strength < $threshold
CALL (l) { DELETE l } IN TRANSACTIONS OF 10000 ROWS;
MATCH (:Document {dataset: $dataset})-[l:LINKED]->(:Document)
CALL (l) { SET l.strength_before = l.strength } IN TRANSACTIONS OF 10000 ROWS;
