"""The sanon-graph command line (installed as `sanon_graph_cli`)."""
