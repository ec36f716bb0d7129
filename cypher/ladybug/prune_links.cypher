// Drop edges under EDGE_STRENGTH_THRESHOLD and keep the initial strength of the rest: the edge
// set is fixed from here on, and later rescoring changes strength only.
MATCH ()-[l:LINKED]->()
WHERE l.strength < $threshold
DELETE l;
MATCH ()-[l:LINKED]->()
SET l.strength_before = l.strength;
