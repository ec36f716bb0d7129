"""Graphs: the bipartite document-entity graph and the Cypher that scores it.

`open_store` is the only door: it returns a GraphStore (graph/store.py) over the embedded
engine (graph/ladybug.py) or a Neo4j server (graph/neo4j.py). Stores return plain rows
(DataFrames); nothing engine-specific leaves this package.
"""

from __future__ import annotations

from .store import (
    GraphLocation,
    GraphStore,
    check_reachable,
    open_store,
    resolve_location,
    settle_run,
)

__all__ = ["GraphLocation", "GraphStore", "check_reachable", "open_store", "resolve_location", "settle_run"]
