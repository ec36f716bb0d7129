// Bulk load: columns id, source_id, path, risk, risk_before, common_log, ordinal, part.
COPY Document FROM $frame;
