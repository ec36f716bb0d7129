// How many links the graph keeps (to size the partitions of the queries that write them).
MATCH ()-[l:LINKED]->()
RETURN count(l) AS n;
