"""Link candidates by signatures (issue 16) find exactly the links of the all-pairs computation.

Random bipartite graphs with mid-frequency values (entities in a fifth to a half of the
documents, next to rare ones), and graphs whose links need three mid-frequency values together
(three-value keys), random thresholds and partitions: every pair at or over the
threshold shares a signature of risk.link_signatures (the proof, checked); the graph's
signatures (mark_signatures.cypher, both dialects) are the reference's; and the links the graph
keeps (pairs, strengths, via) are those a brute force over every pair of documents finds, on the
embedded engine and on Neo4j."""

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
    max_freq = draw(st.integers(0, n_docs))  # values up to this frequency are keys on their own
    parts = draw(st.integers(1, 3))
    signature_parts = draw(st.integers(1, 4))  # any partitioning of the marking gives the same keys
    return mentions, weights, threshold, max_freq, parts, signature_parts


def _state(mentions, weights) -> risk.MaskingState:
    n = len(mentions)
    freq = [sum(1 for ms in mentions if e in ms) for e in range(len(weights))]
    return risk.MaskingState(mentions, [risk.uniqueness(f, n) if f else 0.0 for f in freq], weights)


@st.composite
def weak_value_graphs(draw):
    """Mid-frequency values none of which, nor any two, can make a link: a few documents share
    them all, and the threshold lies between the largest two bounds' sum and the largest
    three's, so every link needs three values together (three-value keys)."""
    n_docs = draw(st.integers(8, 24))
    n_entities = draw(st.integers(3, 6))
    planted = draw(st.integers(2, 4))  # documents holding every value, relevance 1
    weights = draw(st.lists(st.sampled_from([0.95, 0.85, 0.7, 0.55]), min_size=n_entities, max_size=n_entities))
    mentions: list[dict[int, float]] = [{} for _ in range(n_docs)]
    for e in range(n_entities):
        k = draw(st.integers(max(1, n_docs // 5), n_docs // 2))
        docs = draw(st.lists(st.integers(planted, n_docs - 1), min_size=k, max_size=k, unique=True))
        for d in range(planted):
            mentions[d][e] = 1.0
        for d in docs:
            mentions[d][e] = draw(st.one_of(st.just(1.0), st.floats(0.0, 1.0, allow_nan=False)))
    mentions = [dict(sorted(ms.items())) for ms in mentions]
    state = _state(mentions, weights)
    c = sorted((-np.log1p(-state.importance(e)) for e in range(n_entities)), reverse=True)
    pair, triple = c[0] + c[1], c[0] + c[1] + c[2]
    x = pair + (triple - pair) * draw(st.floats(0.05, 0.95))  # -ln(1 - threshold)
    threshold = float(-np.expm1(-x))
    max_freq = draw(st.integers(0, min(len(docs) for docs in state.docs_of) - 1))  # no value rare
    parts = draw(st.integers(1, 3))
    signature_parts = draw(st.integers(1, 4))
    return mentions, weights, threshold, max_freq, parts, signature_parts


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(weak_value_graphs())
def test_links_of_three_weak_values_share_a_signature(graph):
    mentions, weights, threshold, max_freq, *_ = graph
    state = _state(mentions, weights)
    assert state.strength(0, 1) >= threshold  # the planted documents link
    signatures = risk.link_signatures(state, threshold, max_freq)
    assert all(len(key) == 3 for keys in signatures for key in keys)  # nothing shorter can
    for a, b in itertools.combinations(range(len(mentions)), 2):
        if state.strength(a, b) >= threshold:
            assert signatures[a] & signatures[b], (a, b)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(weak_value_graphs())
def test_three_weak_value_links_equal_all_pairs(graph):
    with tempfile.TemporaryDirectory() as tmp:
        check_links_equal_all_pairs(new_ladybug_store(Path(tmp) / "g.lbug"), graph)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(weak_value_graphs())
def test_neo4j_three_weak_value_links_equal_all_pairs(neo4j_server, graph):
    check_links_equal_all_pairs(new_neo4j_store(neo4j_server), graph)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mid_frequency_graphs())
def test_every_link_shares_a_signature(graph):
    mentions, weights, threshold, max_freq, *_ = graph
    state = _state(mentions, weights)
    signatures = risk.link_signatures(state, threshold, max_freq)
    for a, b in itertools.combinations(range(len(mentions)), 2):
        if state.strength(a, b) >= threshold:
            assert signatures[a] & signatures[b], (a, b)


def test_namesakes_alone_are_not_candidates_but_namesakes_of_one_age_are():
    """The case the signatures are for: a common name (weak alone) pairs nothing by itself; the
    name with a shared age (together over the threshold) is a signature; a rare ID alone is one."""
    n = 1000
    name, age, other_age, rare_id = 0, 1, 2, 3
    mentions = [{name: 1.0, (age if d % 2 else other_age): 1.0} for d in range(60)] + [{} for _ in range(n - 60)]
    mentions[0][rare_id] = mentions[1][rare_id] = 1.0
    state = _state(mentions, [1.0, 0.55, 0.55, 0.95])
    assert state.strength(0, 3) < 0.5 <= state.strength(1, 3)  # name alone < threshold <= name + age
    signatures = risk.link_signatures(state, 0.5, max_freq=0)
    assert (rare_id,) in signatures[0] and (rare_id,) in signatures[1]
    assert all((name,) not in keys for keys in signatures)
    assert (age, name) in signatures[1] and (age, name) not in signatures[0]  # rarest first
    assert not signatures[0] & signatures[3]  # namesakes of different ages share nothing


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mid_frequency_graphs())
def test_signature_links_equal_all_pairs(graph):
    with tempfile.TemporaryDirectory() as tmp:
        check_links_equal_all_pairs(new_ladybug_store(Path(tmp) / "g.lbug"), graph)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mid_frequency_graphs())
def test_neo4j_signature_links_equal_all_pairs(neo4j_server, graph):
    check_links_equal_all_pairs(new_neo4j_store(neo4j_server), graph)


def graph_signatures(store: GraphStore, doc_ids, ent_ids) -> list[set[tuple[int, ...]]]:
    """The signatures mark_signatures.cypher stored, per document, as entity indexes."""
    got = store.cypher("MATCH (d:Document)-[:SIGNED]->(s:Signature) RETURN d.id AS d, s.id AS s"
                       if store.dialect == "ladybug" else
                       "MATCH (d:Document {dataset: $dataset})-[:SIGNED]->(s:Signature) RETURN d.id AS d, s.id AS s")
    index = {eid: e for e, eid in enumerate(ent_ids)}
    signatures: list[set[tuple[int, ...]]] = [set() for _ in doc_ids]
    for r in got.itertuples():
        signatures[doc_ids.index(r.d)].add(tuple(index[e] for e in r.s.split("|")))
    return signatures


def check_links_equal_all_pairs(store: GraphStore, graph) -> None:
    mentions, weights, threshold, max_freq, parts, signature_parts = graph
    state = _state(mentions, weights)
    try:
        doc_ids, ent_ids = load_bipartite(store, mentions, weights)
        store.score_documents(len(mentions))
        # The stored signatures are the reference's, less those of one document only (they
        # pair nothing), away from float ties at the bound.
        store.mark_signatures(threshold, max_freq, signature_parts)
        expected = risk.link_signatures(state, threshold, max_freq)
        held = {}
        for keys in expected:
            for key in keys:
                held[key] = held.get(key, 0) + 1
        got = graph_signatures(store, doc_ids, ent_ids)
        for d, keys in enumerate(expected):
            shared = {k for k in keys if held[k] >= 2}
            for key in shared ^ got[d]:
                assert _bound_tie(state, d, key, threshold), (d, key)
        store.create_links(threshold, max_freq, parts=parts, signature_parts=signature_parts)
        assert not _signatures_left(store), "signatures are dropped once the links are made"
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


def _signatures_left(store: GraphStore) -> bool:
    if store.dialect == "ladybug":  # the tables themselves are dropped
        tables = set(store.cypher("CALL show_tables() RETURN name")["name"])
        return bool(tables & {"Signature", "SIGNED", "CANDIDATE", "WEAK"})
    return int(store.cypher("MATCH (s:Signature {dataset: $dataset}) RETURN count(s) AS n")["n"].iloc[0]) > 0


def _bound_tie(state: risk.MaskingState, d: int, key: tuple[int, ...], threshold: float) -> bool:
    """A signature may go either way when a sum it depends on is within float noise of
    -ln(1 - threshold): the bound of one of the document's values (strong or weak), the first
    two values' bounds (a two- or a three-value key), or those with the third's tail."""
    freq = [len(docs) for docs in state.docs_of]
    target = -np.log1p(-threshold)
    bound = {e: 1000.0 if state.importance(e) >= 1.0 else -np.log1p(-state.importance(e)) for e in state.mentions[d]}
    sums = list(bound.values())
    if len(key) >= 2:
        sums.append(bound[key[0]] + bound[key[1]])
    if len(key) == 3:
        third = key[2]
        sums.append(bound[key[0]] + bound[key[1]] + sum(
            b for e, b in bound.items() if (freq[e], e) >= (freq[third], third) and b < target))
    return any(abs(total - target) <= 1e-6 for total in sums)
