// Keep the risk before any masking, so risk then holds the current state.
MATCH (d:Document)
SET d.risk_before = d.risk;
