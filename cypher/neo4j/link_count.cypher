// How many links the dataset keeps (to size the partitions of the queries that write them).
MATCH (:Document {dataset: $dataset})-[l:LINKED]->(:Document)
RETURN count(l) AS n;
