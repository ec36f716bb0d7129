MATCH (c:Chain)
RETURN c.id AS id, c.length AS length, c.risk_initial AS risk_initial, c.risk_pre_chain AS risk_pre_chain,
       c.risk_after AS risk_after, c.category AS category, c.target_met AS target_met
ORDER BY id;
