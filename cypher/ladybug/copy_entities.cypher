// Bulk load: columns id, type, value, weight, freq, uniqueness, importance, masked, stage, replacement.
COPY Entity FROM $frame;
