// hop_risk = strength * (1 + (R(di) + R(dj)) / 2) / 2, on the current state.
MATCH (a:Document)-[l:LINKED]->(b:Document)
SET l.hop_risk = l.strength * (1.0 + (a.risk + b.risk) / 2.0) / 2.0;
