// Pair rows signature_candidates.cypher will enumerate (documents per key, choose 2), to size
// its partitions.
MATCH (s:Signature {dataset: $dataset})
WITH s, COUNT { (s)<-[:SIGNED]-(:Document) } AS n
RETURN coalesce(sum(n * (n - 1) / 2), 0) AS rows;
