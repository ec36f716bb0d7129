// Keep the risk before any masking, so risk then holds the current state.
MATCH (d:Document {dataset: $dataset})
CALL (d) { SET d.risk_before = d.risk } IN TRANSACTIONS OF 10000 ROWS;
