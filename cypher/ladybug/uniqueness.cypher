// u(e) = log((N+1)/freq_e) / log(N+1); freq_e = documents mentioning e. (ln: LadybugDB's log is base 10.)
MATCH (d:Document)-[:MENTIONS]->(e:Entity)
WITH e, count(DISTINCT d) AS freq
SET e.freq = freq,
    e.uniqueness = ln(($n_docs + 1.0) / freq) / ln($n_docs + 1.0);
