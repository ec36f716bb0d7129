// Bulk load: columns id, type, value, weight, freq, uniqueness, importance, masked, stage, replacement, ordinal.
COPY Entity FROM $frame;
