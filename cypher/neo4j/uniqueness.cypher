// u(e) = log((N+1)/freq_e) / log(N+1); freq_e = documents mentioning e. (log is natural in Neo4j.)
// One entity per inner transaction batch, so the writes of a large corpus are committed as they go.
MATCH (e:Entity {dataset: $dataset})
CALL (e) {
    MATCH (e)<-[:MENTIONS]-(d:Document)
    WITH e, count(DISTINCT d) AS freq
    SET e.freq = freq,
        e.uniqueness = log(($n_docs + 1.0) / freq) / log($n_docs + 1.0)
} IN TRANSACTIONS OF 10000 ROWS;
