// Bulk load of the links score_candidates.cypher found: rows [from, to, strength,
// strength_before, hop_risk, via].
UNWIND $rows AS row
MATCH (a:Document {dataset: $dataset, id: row[0]})
USING INDEX a:Document(dataset, id)
MATCH (b:Document {dataset: $dataset, id: row[1]})
USING INDEX b:Document(dataset, id)
CREATE (a)-[:LINKED {dataset: $dataset, strength: row[2], strength_before: row[3], hop_risk: row[4], via: row[5]}]->(b);
