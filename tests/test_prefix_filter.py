"""Prefix filtering (issue 16) finds exactly the links of the all-pairs computation.

Random bipartite graphs with mid-frequency values (entities in a fifth to a half of the
documents, next to rare ones), random thresholds, candidate cutoffs and partitions: the links
the graph keeps (pairs, strengths, via) are those a brute force over every pair of documents
finds; the graph's prefix marks (PREFIX relationships in LadybugDB, a MENTIONS property on
Neo4j) are those of risk.prefix_marks; and every pair at or over the
threshold shares an entity marked on both mentions (the proof, checked)."""

from __future__ import annotations

import itertools
import tempfile
from pathlib import Path

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sanon_graph import risk
from sanon_graph.graph import GraphStore

from .graph_backends import load_bipartite, new_ladybug_store, new_neo4j_store

TOL = 1e-9


@st.composite
def mid_frequency_graphs(draw):
    n_docs = draw(st.integers(4, 24))
    n_entities = draw(st.integers(2, 16))
    weights = draw(st.lists(st.sampled_from([1.0, 0.95, 0.85, 0.7, 0.6, 0.55, 0.35]),
                            min_size=n_entities, max_size=n_entities))
    mentions: list[dict[int, float]] = [{} for _ in range(n_docs)]
    for e in range(n_entities):
        # rare (2-3 documents) or mid-frequency (a fifth to a half of the corpus)
        if draw(st.booleans()):
            k = draw(st.integers(1, min(3, n_docs)))
        else:
            k = draw(st.integers(max(1, n_docs // 5), max(1, n_docs // 2)))
        docs = draw(st.lists(st.integers(0, n_docs - 1), min_size=k, max_size=k, unique=True))
        for d in docs:
            mentions[d][e] = draw(st.one_of(st.just(1.0), st.just(0.0), st.floats(0.0, 1.0, allow_nan=False)))
    mentions = [dict(sorted(ms.items())) for ms in mentions]
    threshold = draw(st.sampled_from([0.2, 0.3, 0.5, 0.7, 0.9]))
    max_freq = draw(st.integers(0, n_docs))
    parts = draw(st.integers(1, 3))
    return mentions, weights, threshold, max_freq, parts


def _arrays(mentions, weights):
    n = len(mentions)
    freq = np.array([sum(1 for ms in mentions if e in ms) for e in range(len(weights))], dtype=np.int64)
    u = [risk.uniqueness(int(f), n) if f else 0.0 for f in freq]
    state = risk.MaskingState(mentions, u, weights)
    docs = np.array([d for d, ms in enumerate(mentions) for _ in ms], dtype=np.int64)
    ents = np.array([e for ms in mentions for e in ms], dtype=np.int64)
    rels = np.array([r for ms in mentions for r in ms.values()], dtype=float)
    return state, freq, docs, ents, rels




@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mid_frequency_graphs())
def test_every_link_shares_an_entity_in_both_prefixes(graph):
    mentions, weights, threshold, max_freq, _ = graph
    state, freq, docs, ents, rels = _arrays(mentions, weights)
    marked = risk.prefix_marks(docs, ents, rels, freq, np.array(state.scale), threshold, max_freq)
    prefix = [set() for _ in mentions]
    for d, e, m in zip(docs, ents, marked, strict=True):
        if m:
            prefix[d].add(int(e))
    for a, b in itertools.combinations(range(len(mentions)), 2):
        if state.strength(a, b) >= threshold:
            assert prefix[a] & prefix[b], (a, b)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mid_frequency_graphs())
def test_prefix_filtered_links_equal_all_pairs(graph):
    with tempfile.TemporaryDirectory() as tmp:
        check_links_equal_all_pairs(new_ladybug_store(Path(tmp) / "g.lbug"), graph, marks=True)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mid_frequency_graphs())
def test_neo4j_prefix_filtered_links_equal_all_pairs(neo4j_server, graph):
    check_links_equal_all_pairs(new_neo4j_store(neo4j_server), graph, marks=True)


def check_links_equal_all_pairs(store: GraphStore, graph, marks: bool) -> None:
    mentions, weights, threshold, max_freq, parts = graph
    state, freq, docs, ents, rels = _arrays(mentions, weights)
    try:
        doc_ids, ent_ids = load_bipartite(store, mentions, weights)
        store.score_documents(len(mentions))
        store.create_links(threshold, max_freq, parts, prefix=True)
        if marks:  # the graph marks what the reference marks (away from float ties at the bound)
            expected = risk.prefix_marks(docs, ents, rels, freq, np.array(state.scale), threshold, max_freq)
            if store.dialect == "neo4j":  # a property of the mention
                got = store.cypher("MATCH (d:Document {dataset: $dataset})-[m:MENTIONS]->(e:Entity) "
                                   "RETURN d.id AS d, e.id AS e, coalesce(m.prefix, false) AS prefix")
            else:  # a PREFIX relationship beside the mention
                got = store.cypher("MATCH (d:Document)-[:MENTIONS]->(e:Entity) OPTIONAL MATCH (d)-[p:PREFIX]->(e) "
                                   "RETURN d.id AS d, e.id AS e, p IS NOT NULL AS prefix")
            got = {(r.d, r.e): bool(r.prefix) for r in got.itertuples()}
            assert len(got) == len(docs)
            for d, e, m in zip(docs, ents, expected, strict=True):
                assert got[(doc_ids[d], ent_ids[e])] == bool(m) or _tail_tie(mentions, state, freq, d, e, threshold)
        links = store.links()
        found = {(doc_ids.index(r.doc_a), doc_ids.index(r.doc_b)): r for r in links.itertuples()}
        want = set()
        for a, b in itertools.combinations(range(len(mentions)), 2):
            shared = set(mentions[a]) & set(mentions[b])
            if not shared:
                continue
            s = state.strength(a, b)
            if abs(s - threshold) <= TOL:
                found.pop((a, b), None)  # a float tie at the threshold may go either way
                continue
            if s >= threshold:
                want.add((a, b))
                row = found[(a, b)]
                assert abs(row.strength_before - s) <= TOL
                assert sorted(row.via) == sorted(ent_ids[e] for e in shared)
        assert set(found) == want
    finally:
        store.close()


def _tail_tie(mentions, state, freq, d, e, threshold) -> bool:
    """A mention whose tail sum is within float noise of the bound may be marked either way."""
    rank = (freq[e], e)
    tail = 0.0
    for f in mentions[d]:
        if (freq[f], f) >= rank:
            imp = state.importance(f)
            tail += 1000.0 if imp >= 1.0 else -np.log1p(-imp)
    return abs(tail + np.log1p(-threshold)) <= 1e-6 if threshold < 1.0 else False
