// hop_risk = strength * (1 + (R(di) + R(dj)) / 2) / 2, on the current state.
MATCH (a:Document {dataset: $dataset})-[l:LINKED]->(b:Document)
CALL (a, b, l) {
    SET l.hop_risk = l.strength * (1.0 + (a.risk + b.risk) / 2.0) / 2.0
} IN TRANSACTIONS OF 10000 ROWS;
