// The bipartite document-entity graph plus the links the scoring derives.
// Statements are separated by semicolons; the loader runs them one by one.
CREATE NODE TABLE Document(
    id STRING PRIMARY KEY,
    source_id STRING,
    path STRING,
    risk DOUBLE,
    risk_before DOUBLE,
    common_log DOUBLE,
    part INT64
);
CREATE NODE TABLE Entity(
    id STRING PRIMARY KEY,
    type STRING,
    value STRING,
    weight DOUBLE,
    freq INT64,
    uniqueness DOUBLE,
    importance DOUBLE,
    masked BOOLEAN,
    stage STRING,
    replacement STRING
);
CREATE REL TABLE MENTIONS(FROM Document TO Entity, relevance DOUBLE);
CREATE REL TABLE LINKED(
    FROM Document TO Document,
    strength DOUBLE,
    strength_before DOUBLE,
    hop_risk DOUBLE,
    via STRING[]
);
