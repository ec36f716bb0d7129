// Bulk load of the links score_candidates.cypher found: columns from, to, strength,
// strength_before, hop_risk, via.
COPY LINKED FROM $frame;
