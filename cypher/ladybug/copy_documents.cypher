// Bulk load: columns id, source_id, path, risk, risk_before, stale, ordinal, part.
COPY Document FROM $frame;
