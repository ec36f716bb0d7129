// Remove one dataset in batches, so a million relationships never sit in one transaction.
// Signatures (left by a run that failed while finding links) and chains first, then documents:
// that takes their MENTIONS, LINKED and INCLUDES with them, so no entity is left holding
// thousands of relationships when its turn comes.
MATCH (s:Signature {dataset: $dataset})
CALL (s) { DETACH DELETE s } IN TRANSACTIONS OF 5000 ROWS;
MATCH (c:Chain {dataset: $dataset})
CALL (c) { DETACH DELETE c } IN TRANSACTIONS OF 5000 ROWS;
MATCH (d:Document {dataset: $dataset})
CALL (d) { DETACH DELETE d } IN TRANSACTIONS OF 1000 ROWS;
MATCH (e:Entity {dataset: $dataset})
CALL (e) { DETACH DELETE e } IN TRANSACTIONS OF 5000 ROWS;
MATCH (s:SanonDataset {dataset: $dataset})
DETACH DELETE s;
