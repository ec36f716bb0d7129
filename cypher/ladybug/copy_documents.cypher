// Bulk load: columns id, source_id, path, risk, risk_before.
COPY Document FROM $frame;
