// Prefix filtering (AllPairs/PPJoin, weighted) for prefix_candidates.cypher: marks the entities each
// document indexes, as (:Document)-[:PREFIX]->(:Entity) beside its MENTIONS (a small relationship
// table of its own, so the candidate join reads only marked adjacency lists; setting a property on
// every mention costs the engine more than the whole join).
// A document's unmasked entities in one global order (rarest first: freq, then id), each with its
// bound c_e = -ln(1 - importance) (importance = the largest s_e it can give; >= 1 counts as
// infinite): its prefix is the shortest head whose remaining suffix sums to < $min_tail =
// -ln(1 - threshold) minus a margin. An entity is in the prefix exactly when the sum of c over it
// and everything after it (its tail) reaches $min_tail. Two documents whose strength reaches the
// threshold share a set S whose sum reaches it, so the first element of S lies in both prefixes:
// every link shares an entity marked in both documents. Entities with freq <= $max_freq are
// marked too (a longer head: more of each pair is summed exactly, the rest's bound is tighter).
// Per document: common_log = ln(1 - s) of its suffix (minus the tail of its first unmarked
// entity; 0 when none), and its last marked entity in the global order (prefix_freq, prefix_id;
// -1 and '' when none), which prefix_candidates.cypher uses to tell which document's suffix holds
// the rest of a pair's shared entities.
CREATE REL TABLE IF NOT EXISTS PREFIX(FROM Document TO Entity);
ALTER TABLE Document ADD IF NOT EXISTS prefix_freq INT64 DEFAULT -1;
ALTER TABLE Document ADD IF NOT EXISTS prefix_id STRING DEFAULT '';
MATCH (:Document)-[p:PREFIX]->(:Entity)
DELETE p;
MATCH (d:Document)
SET d.prefix_freq = -1, d.prefix_id = '', d.common_log = 0.0;
MATCH (d:Document)-[:MENTIONS]->(e:Entity), (d)-[:MENTIONS]->(f:Entity)
WHERE NOT e.masked AND NOT f.masked AND (f.freq > e.freq OR (f.freq = e.freq AND f.id >= e.id))
WITH d, e, sum(CASE WHEN f.importance >= 1.0 THEN 1000.0 ELSE -ln(1.0 - f.importance) END) AS tail
WITH d, e, tail, (e.freq <= $max_freq OR tail >= $min_tail) AS marked
WITH d, collect(CASE WHEN marked THEN e.id END) AS marked_ids, max(CASE WHEN marked THEN NULL ELSE tail END) AS suffix
SET d.common_log = CASE WHEN suffix IS NULL THEN 0.0 ELSE -suffix END
WITH d, marked_ids
UNWIND marked_ids AS id
MATCH (e:Entity {id: id})
CREATE (d)-[:PREFIX]->(e);
MATCH (d:Document)-[:PREFIX]->(e:Entity)
WITH d, max(e.freq) AS freq
SET d.prefix_freq = freq;
MATCH (d:Document)-[:PREFIX]->(e:Entity)
WHERE e.freq = d.prefix_freq
WITH d, max(e.id) AS id
SET d.prefix_id = id;
