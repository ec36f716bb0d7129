// Prefix filtering (AllPairs/PPJoin, weighted) for prefix_candidates.cypher: marks the mentions each
// document indexes. A document's unmasked entities in one global order (rarest first: freq, then
// id), each with its bound c_e = -ln(1 - importance) (importance = the largest s_e it can give;
// >= 1 counts as infinite): its prefix is the shortest head whose remaining suffix sums to
// < $min_tail = -ln(1 - threshold) minus a margin. A mention is in the prefix exactly when the sum
// of c over it and everything after it reaches $min_tail. Two documents whose strength reaches the
// threshold share a set S whose sum reaches it, so the first element of S lies in both prefixes:
// every link shares an entity marked on both mentions. Entities with freq <= $max_freq are marked
// too (a longer head: more of each pair is summed exactly, the rest's bound is tighter).
// Per document also common_log = ln(1 - s) of its unmarked suffix (minus the tail of its first
// unmarked entity; 0 when none) and its last marked entity in the global order (-1 and '' when
// none), which prefix_candidates.cypher uses to tell which document's suffix holds the rest of a
// pair's shared entities.
MATCH (d:Document {dataset: $dataset})
CALL (d) {
    MATCH (d)-[m:MENTIONS]->(e:Entity)
    OPTIONAL MATCH (d)-[:MENTIONS]->(f:Entity)
    WHERE NOT e.masked AND NOT f.masked AND (f.freq > e.freq OR (f.freq = e.freq AND f.id >= e.id))
    WITH d, m, e, sum(CASE WHEN f IS NULL THEN 0.0 WHEN f.importance >= 1.0 THEN 1000.0
                           ELSE -log(1.0 - f.importance) END) AS tail
    WITH d, m, e, tail, NOT e.masked AND (e.freq <= $max_freq OR tail >= $min_tail) AS marked
    // only the marked mentions are written (prefix = true; absent means unmarked): fewer writes
    FOREACH (_ IN CASE WHEN marked THEN [1] ELSE [] END | SET m.prefix = true)
    WITH d, e, tail, marked
    ORDER BY e.freq DESC, e.id DESC
    WITH d, collect(CASE WHEN marked THEN [e.freq, e.id] END)[0] AS last,
         max(CASE WHEN marked OR e.masked THEN null ELSE tail END) AS suffix
    SET d.prefix_freq = coalesce(last[0], -1), d.prefix_id = coalesce(last[1], ''),
        d.common_log = CASE WHEN suffix IS NULL THEN 0.0 ELSE -suffix END
} IN TRANSACTIONS OF 1000 ROWS;
