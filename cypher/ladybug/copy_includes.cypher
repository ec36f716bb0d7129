// Bulk load: columns from (chain id), to (document id), position (0-based).
COPY INCLUDES FROM $frame;
