"""Every Cypher query of sanon-graph, one file per query, per dialect (ladybug/, neo4j/).

Installed as the package `sanon_graph_cypher` so a non-editable install finds them;
`sanon_graph.graph.queries.load_query` reads them by name.
"""
