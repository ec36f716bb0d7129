// Bulk load: columns id, length, risk_initial, risk_pre_chain, risk_after, category, target_met.
COPY Chain FROM $frame;
