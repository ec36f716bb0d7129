"""Helpers for running the same analysis on both graph engines: the Neo4j connection in the
environment (where sanon-graph reads it), fresh stores for the property tests, and the
comparison of two output folders."""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import numpy as np
import pandas as pd

from sanon_graph.graph import GraphLocation, GraphStore, open_store

from .conftest import read_jsonl

TOL = 1e-9


def neo4j_environment(server) -> dict[str, str]:
    """The variables sanon-graph reads its Neo4j connection from."""
    return {"NEO4J_URI": server.uri, "NEO4J_USERNAME": server.username, "NEO4J_PASSWORD": server.password,
            "NEO4J_DATABASE": server.database}


@contextmanager
def neo4j_env(server) -> Iterator[None]:
    """The connection in os.environ for the duration (the library reads it at connect time)."""
    saved = {k: os.environ.get(k) for k in neo4j_environment(server)}
    os.environ.update(neo4j_environment(server))
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def new_neo4j_store(server, dataset: str | None = None) -> GraphStore:
    """A fresh dataset on the server, opened for writing (schema and run marker included)."""
    location = GraphLocation(backend="neo4j", uri=server.uri, database=server.database,
                             dataset=dataset or f"test-{uuid.uuid4().hex[:12]}", run_id=uuid.uuid4().hex)
    with neo4j_env(server):
        store = open_store(location, create=True)
    store.create_schema()
    return store


def new_ladybug_store(path: Path) -> GraphStore:
    store = open_store(GraphLocation(backend="ladybug", path=str(path)), create=True)
    store.create_schema()
    return store


def assert_same_analysis(a: Path, b: Path) -> None:
    """Two output folders of one corpus on two engines: the same entities, links and chains
    (ids; scores within 1e-9), the same decisions, and byte-identical masked/. (The files carry
    the reference's numbers once the graph's agree within 1e-9, so today they are byte-identical
    too; the comparison field by field says what differs when they are not.)"""
    def by(rows, *key):
        return {tuple(r[k] if not isinstance(r[k], list) else tuple(r[k]) for k in key): r for r in rows}

    ents_a = by(read_jsonl(a / "entities.jsonl"), "entity_id")
    ents_b = by(read_jsonl(b / "entities.jsonl"), "entity_id")
    assert ents_a.keys() == ents_b.keys()
    for key, ea in ents_a.items():
        eb = ents_b[key]
        for field in ("type", "normalized_value", "original_values", "doc_ids", "masked", "stage", "replacement"):
            assert ea[field] == eb[field], (key, field)
        for field in ("uniqueness", "importance"):
            assert abs(ea[field] - eb[field]) <= TOL, (key, field)
    docs_a = by(read_jsonl(a / "documents.jsonl"), "doc_id")
    docs_b = by(read_jsonl(b / "documents.jsonl"), "doc_id")
    assert docs_a.keys() == docs_b.keys()
    for key, da in docs_a.items():
        for field in ("risk_before", "risk_after"):
            assert abs(da[field] - docs_b[key][field]) <= TOL
    links_a = by(read_jsonl(a / "links.jsonl"), "doc_a", "doc_b")
    links_b = by(read_jsonl(b / "links.jsonl"), "doc_a", "doc_b")
    assert links_a.keys() == links_b.keys()
    for key, la in links_a.items():
        lb = links_b[key]
        assert la["via"] == lb["via"]
        for field in ("strength_before", "strength_after"):
            assert abs(la[field] - lb[field]) <= TOL
    chains_a = by(read_jsonl(a / "chains.jsonl"), "chain_id")
    chains_b = by(read_jsonl(b / "chains.jsonl"), "chain_id")
    assert chains_a.keys() == chains_b.keys()
    for key, ca in chains_a.items():
        cb = chains_b[key]
        assert (ca["doc_ids"], ca["category"], ca["target_met"]) == (cb["doc_ids"], cb["category"], cb["target_met"])
        for field in ("risk_initial", "risk_pre_chain", "risk_after"):
            assert abs(ca[field] - cb[field]) <= TOL
    assert json.loads((a / "replacements.json").read_text()) == json.loads((b / "replacements.json").read_text())
    for name in ("documents.jsonl", "entities.jsonl", "links.jsonl", "chains.jsonl"):
        assert (a / name).read_bytes() == (b / name).read_bytes(), name
    files_a = sorted(p.relative_to(a / "masked") for p in (a / "masked").rglob("*") if p.is_file())
    files_b = sorted(p.relative_to(b / "masked") for p in (b / "masked").rglob("*") if p.is_file())
    assert files_a == files_b
    for rel in files_a:
        assert (a / "masked" / rel).read_bytes() == (b / "masked" / rel).read_bytes(), rel


def load_bipartite(store: GraphStore, mentions, weights):
    """Documents d00.., entities e00.. (id order = index order, as in the pipeline) and the
    mentions [{entity: relevance}, ...] per document, loaded as the pipeline loads a graph."""
    doc_ids = [f"d{i:02d}" for i in range(len(mentions))]
    ent_ids = [f"e{i:02d}" for i in range(len(weights))]
    store.load(
        pd.DataFrame({"id": doc_ids, "source_id": doc_ids, "path": "x.json",
                      "risk": 0.0, "risk_before": 0.0, "stale": False,
                      "ordinal": np.arange(len(doc_ids), dtype=np.int64), "part": 0}),
        pd.DataFrame({"id": ent_ids, "type": "T", "value": ent_ids, "weight": weights,
                      "freq": np.zeros(len(ent_ids), dtype=np.int64), "uniqueness": 0.0, "importance": 0.0,
                      "masked": False, "stage": "", "replacement": "",
                      "ordinal": np.arange(len(ent_ids), dtype=np.int64)}),
        pd.DataFrame({"from": [doc_ids[d] for d, ms in enumerate(mentions) for _ in ms],
                      "to": [ent_ids[e] for ms in mentions for e in ms],
                      "relevance": [r for ms in mentions for r in ms.values()]}),
    )
    return doc_ids, ent_ids
