// Signatures for signature_candidates.cypher (issue 16): the smallest keys a link must share,
// indexed as (:Document)-[:SIGNED]->(:Signature), so candidate pairs come only from documents
// sharing a key and the work grows with the links, not with the squares of common values.
// Prefix filtering (AllPairs, Bayardo et al. 2007) with k-wise signatures (pkwise, Wang et al.
// 2017), weighted. Every entity has a bound c_e = -ln(1 - importance) on its share of
// -ln(1 - strength) (importance = the largest s_e it can give; >= 1 counts as 1000); a pair
// links when the c of its shared entities sums to -ln(1 - threshold), $min_tail here (minus a
// margin, towards more keys). Entities in one global order, rarest first (freq, then id);
// tail(d, e) = the sum of c over e and every entity of d after it.
// Keys of a document d:
// - {e} for every entity with c_e >= $min_tail (a strong entity: it can make a link alone) or
//   freq <= $max_freq (a rare one: its few pairs are cheap to enumerate);
// - {e1, e2} for e1 before e2 in d, e1 neither strong nor rare, c_e1 + tail(d, e2) >= $min_tail.
// Proof that every link shares a key: let S be a linked pair's shared entities in the order,
// s1 first. If s1 is strong or rare, both documents hold {s1}. Otherwise s1 cannot make the link
// alone, so S has a second entity s2 and, in each document, c_s1 + tail(d, s2) >= the sum of c
// over S >= $min_tail, so both hold {s1, s2}. Keys held by one document only are not stored
// (they pair nothing). Pairs are formed only among a document's entities with freq > $max_freq,
// so a long document with many rare values does not square its key count.
// Common values therefore pair documents only together with a second value that can make the
// link, as namesakes of the same age do; namesakes alone never become candidates.
// The keys are marked in partitions of their first entity (its ordinal modulo $parts, run for
// each $part): every key has one first entity, so the partitions' keys are disjoint and together
// all of them, and one partition's aggregation of (key, document) rows fits the engine's memory
// (at 1,000,000 documents all of them at once needed more than a 6.7 GB buffer pool). The store
// sizes $parts from signature_pair_bound.cypher.
// The store drops any earlier signatures first (drop_signatures.cypher).
CREATE NODE TABLE IF NOT EXISTS Signature(id STRING PRIMARY KEY);
CREATE REL TABLE IF NOT EXISTS SIGNED(FROM Document TO Signature);
CREATE REL TABLE IF NOT EXISTS CANDIDATE(FROM Document TO Document);
MATCH (d:Document)-[:MENTIONS]->(e:Entity)
WHERE e.ordinal % $parts = $part AND NOT e.masked AND (e.freq <= $max_freq OR e.importance >= 1.0 OR -ln(1.0 - e.importance) >= $min_tail)
WITH e.id AS key, collect(d.id) AS docs
WHERE size(docs) >= 2
CREATE (s:Signature {id: key})
WITH s, docs
UNWIND docs AS doc
MATCH (d:Document {id: doc})
CREATE (d)-[:SIGNED]->(s);
MATCH (d:Document)-[:MENTIONS]->(e2:Entity), (d)-[:MENTIONS]->(f:Entity)
WHERE e2.freq > $max_freq AND NOT e2.masked AND NOT f.masked AND (f.freq > e2.freq OR (f.freq = e2.freq AND f.id >= e2.id))
WITH d, e2, sum(CASE WHEN f.importance >= 1.0 THEN 1000.0 ELSE -ln(1.0 - f.importance) END) AS tail
MATCH (d)-[:MENTIONS]->(e1:Entity)
WHERE e1.ordinal % $parts = $part AND e1.freq > $max_freq AND NOT e1.masked AND (e1.freq < e2.freq OR (e1.freq = e2.freq AND e1.id < e2.id))
  AND e1.importance < 1.0 AND -ln(1.0 - e1.importance) < $min_tail
  AND -ln(1.0 - e1.importance) + tail >= $min_tail
WITH e1.id + '|' + e2.id AS key, collect(d.id) AS docs
WHERE size(docs) >= 2
CREATE (s:Signature {id: key})
WITH s, docs
UNWIND docs AS doc
MATCH (d:Document {id: doc})
CREATE (d)-[:SIGNED]->(s);
