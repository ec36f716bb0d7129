// The bipartite document-entity graph plus the links the scoring derives.
// Statements are separated by semicolons; the loader runs them one by one.
CREATE NODE TABLE Document(
    id STRING PRIMARY KEY,
    source_id STRING,
    path STRING,
    risk DOUBLE,
    risk_before DOUBLE,
    stale BOOLEAN,
    ordinal INT64,
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
    replacement STRING,
    ordinal INT64
);
CREATE REL TABLE MENTIONS(FROM Document TO Entity, relevance DOUBLE);
CREATE REL TABLE LINKED(
    FROM Document TO Document,
    strength DOUBLE,
    strength_before DOUBLE,
    hop_risk DOUBLE,
    via STRING[]
);
// Chains as found on the initial pruned graph, with their risks through the stages, so
// re-identification paths can be explored in Cypher: (:Chain)-[:INCLUDES {position}]->(:Document).
CREATE NODE TABLE Chain(
    id STRING PRIMARY KEY,
    length INT64,
    risk_initial DOUBLE,
    risk_pre_chain DOUBLE,
    risk_after DOUBLE,
    category STRING,
    target_met BOOLEAN
);
CREATE REL TABLE INCLUDES(FROM Chain TO Document, position INT64);
