// Bulk load: columns from (document id), to (entity id), relevance.
COPY MENTIONS FROM $frame;
