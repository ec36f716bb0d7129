// Signatures for score_candidates.cypher (issue 16): the smallest keys a link must share,
// indexed as (:Document)-[:SIGNED]->(:Signature), so candidate pairs come only from documents
// sharing a key and the work grows with the links, not with the squares of common values.
// Prefix filtering (AllPairs, Bayardo et al. 2007) with k-wise signatures, k <= 3 (pkwise, Wang
// et al. 2017), weighted. Every entity has a bound c_e = -ln(1 - importance) on its share of
// -ln(1 - strength) (importance = the largest s_e it can give; >= 1 counts as 1000); a pair
// links when the c of its shared entities sums to -ln(1 - threshold), $min_tail here (minus a
// margin, towards more keys). An unmasked entity is strong when c_e >= $min_tail (it can make a
// link alone), rare when freq <= $max_freq (its few pairs are cheap to enumerate), weak when it
// is neither. Entities in one global order, rarest first (freq, then id); tail(d, e) = the sum
// of c over e and every weak entity of d after it.
// Keys of a document d (risk.link_signatures is the reference):
// - {e} for every strong or rare entity;
// - {e1, e2} for weak e1 before weak e2 in d with c_e1 + c_e2 >= $min_tail (the two can make a
//   link together, in any document);
// - {e1, e2, e3} for weak e1 before weak e2 before weak e3 in d with c_e1 + c_e2 < $min_tail
//   and c_e1 + c_e2 + tail(d, e3) >= $min_tail.
// Proof that every link shares a key: let S be a linked pair's shared unmasked entities in the
// order, s1 first. A link needs sum_S c >= -ln(1 - threshold) >= $min_tail (s_e <= importance,
// so -ln(1 - s_e) <= c_e; masked entities give nothing). If some member of S is strong or rare,
// both documents hold its {e}. Otherwise every member is weak: c_s1 < $min_tail, so |S| >= 2.
// If c_s1 + c_s2 >= $min_tail both hold {s1, s2} (the condition is the same in both). Else
// |S| >= 3 (with |S| = 2 the sum would fall short), and in each document d every member of S
// from s3 on is a weak entity of d at or after s3, so c_s1 + c_s2 + tail(d, s3) >= sum_S c >=
// $min_tail: both hold {s1, s2, s3}. No case is left: a key holds s1 and s2, the first two
// shared in the order, so no other pair of shared entities need be one. Keys held by one
// document only are not stored (they pair nothing). Strong and rare entities are keys alone and
// take part in no longer key (nor in a tail): any link through them shares their {e}, so a
// long document with many rare values or a strong one does not multiply its keys.
// Common values therefore pair documents only as values that can make the link: a common name
// with an age only when the two can make it, and two weaker values only with a third.
// The keys are marked in partitions of their first entity (its ordinal modulo $parts, run for
// each $part): every key has one first entity, so the partitions' keys are disjoint and together
// all of them, and one partition's aggregation of (key, document) rows fits the engine's memory
// (at 1,000,000 documents all of them at once needed more than a 6.7 GB buffer pool). The store
// sizes $parts from signature_pair_bound.cypher.
// The store drops any earlier signatures first (drop_signatures.cypher) and marks the weak
// mentions and their tails once before the partitions (mark_weak.cypher).
MATCH (d:Document {dataset: $dataset})-[:MENTIONS]->(e:Entity)
WHERE e.ordinal % $parts = $part AND NOT e.masked AND (e.freq <= $max_freq OR e.importance >= 1.0 OR -log(1.0 - e.importance) >= $min_tail)
WITH e.id AS key, collect(d) AS docs
WHERE size(docs) >= 2
CALL (key, docs) {
    CREATE (s:Signature {dataset: $dataset, id: key})
    WITH s
    UNWIND docs AS d
    CREATE (d)-[:SIGNED {dataset: $dataset}]->(s)
} IN TRANSACTIONS OF 1000 ROWS;
// Two weak values that can make a link together (the weak mentions, with c, from mark_weak.cypher).
MATCH (d:Document {dataset: $dataset})
CALL (d) {
    // two MATCH clauses, not one pattern: within a pattern Neo4j never uses a relationship twice
    MATCH (d)-[w1:WEAK]->(e1:Entity)
    WHERE e1.ordinal % $parts = $part
    MATCH (d)-[w2:WEAK]->(e2:Entity)
    WHERE (e1.freq < e2.freq OR (e1.freq = e2.freq AND e1.id < e2.id)) AND w1.c + w2.c >= $min_tail
    RETURN e1.id + '|' + e2.id AS key
}
WITH key, collect(d) AS docs
WHERE size(docs) >= 2
CALL (key, docs) {
    CREATE (s:Signature {dataset: $dataset, id: key})
    WITH s
    UNWIND docs AS d
    CREATE (d)-[:SIGNED {dataset: $dataset}]->(s)
} IN TRANSACTIONS OF 1000 ROWS;
// Two weak values that cannot, with a third and the document's weak values after it (its tail,
// marked once by mark_weak.cypher).
MATCH (d:Document {dataset: $dataset})
CALL (d) {
    MATCH (d)-[w1:WEAK]->(e1:Entity)
    WHERE e1.ordinal % $parts = $part
    MATCH (d)-[w2:WEAK]->(e2:Entity)
    WHERE (e1.freq < e2.freq OR (e1.freq = e2.freq AND e1.id < e2.id)) AND w1.c + w2.c < $min_tail
    MATCH (d)-[w3:WEAK]->(e3:Entity)
    WHERE (e2.freq < e3.freq OR (e2.freq = e3.freq AND e2.id < e3.id)) AND w1.c + w2.c + w3.tail >= $min_tail
    RETURN e1.id + '|' + e2.id + '|' + e3.id AS key
}
WITH key, collect(d) AS docs
WHERE size(docs) >= 2
CALL (key, docs) {
    CREATE (s:Signature {dataset: $dataset, id: key})
    WITH s
    UNWIND docs AS d
    CREATE (d)-[:SIGNED {dataset: $dataset}]->(s)
} IN TRANSACTIONS OF 1000 ROWS;
