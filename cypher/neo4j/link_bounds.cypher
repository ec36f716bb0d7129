// Per document, the most that its entities above the candidate cutoff ($max_freq) can add to the
// strength of any of its links, as log(1 - s): sum of ln(1 - importance) over those entities,
// importance being the largest s_e an entity can give (max relevance * u * w). 0 when none.
MATCH (d:Document {dataset: $dataset})
CALL (d) {
    OPTIONAL MATCH (d)-[:MENTIONS]->(e:Entity)
    WHERE e.freq > $max_freq AND NOT e.masked
    WITH d, collect(CASE WHEN e.importance >= 1.0 THEN -1000.0 ELSE log(1.0 - e.importance) END) AS logs
    SET d.common_log = reduce(s = 0.0, x IN logs | s + x)
} IN TRANSACTIONS OF 10000 ROWS;
