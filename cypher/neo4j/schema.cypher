// The analysis' part of the schema, beside whatever else the database holds: every node is
// keyed by (dataset, id), so analyses live side by side and never touch the user's own nodes
// (those without a dataset are not subject to these constraints). Idempotent.
CREATE CONSTRAINT sanon_graph_document IF NOT EXISTS FOR (d:Document) REQUIRE (d.dataset, d.id) IS UNIQUE;
CREATE CONSTRAINT sanon_graph_entity IF NOT EXISTS FOR (e:Entity) REQUIRE (e.dataset, e.id) IS UNIQUE;
CREATE CONSTRAINT sanon_graph_chain IF NOT EXISTS FOR (c:Chain) REQUIRE (c.dataset, c.id) IS UNIQUE;
CREATE CONSTRAINT sanon_graph_dataset IF NOT EXISTS FOR (s:SanonDataset) REQUIRE s.dataset IS UNIQUE;
// A whole dataset is scanned by label and dataset; exploration finds documents by input id.
CREATE INDEX sanon_graph_document_dataset IF NOT EXISTS FOR (d:Document) ON (d.dataset);
CREATE INDEX sanon_graph_entity_dataset IF NOT EXISTS FOR (e:Entity) ON (e.dataset);
CREATE INDEX sanon_graph_chain_dataset IF NOT EXISTS FOR (c:Chain) ON (c.dataset);
CREATE INDEX sanon_graph_signature_dataset IF NOT EXISTS FOR (s:Signature) ON (s.dataset);
CREATE INDEX sanon_graph_document_source IF NOT EXISTS FOR (d:Document) ON (d.dataset, d.source_id);
CALL db.awaitIndexes(300);
