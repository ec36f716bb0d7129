// How many nodes one dataset has.
CALL () { MATCH (d:Document {dataset: $dataset}) RETURN count(d) AS n
          UNION ALL MATCH (e:Entity {dataset: $dataset}) RETURN count(e) AS n
          UNION ALL MATCH (c:Chain {dataset: $dataset}) RETURN count(c) AS n
          UNION ALL MATCH (s:SanonDataset {dataset: $dataset}) RETURN count(s) AS n }
RETURN sum(n) AS nodes;
