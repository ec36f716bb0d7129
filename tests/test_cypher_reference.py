"""The Cypher of both dialects computes exactly what sanon_graph.risk computes, on random
corpora, in a real embedded LadybugDB and on a real Neo4j server (both Neo4j lines):
uniqueness, importance, document risk, kept links (strength and via), chains of 2-4
documents, and the rescoring after masking."""

from __future__ import annotations

import itertools
import tempfile
from pathlib import Path
from unittest.mock import patch

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sanon_graph import risk
from sanon_graph.graph import GraphStore
from sanon_graph.graph import store as store_module
from sanon_graph.link_table import read_links, read_strengths
from sanon_graph.pipeline import _ranks

from .graph_backends import load_bipartite, new_ladybug_store, new_neo4j_store

TOL = 1e-9
THRESHOLD = 0.3  # lower than the default so random graphs keep enough edges to form chains


@st.composite
def corpora(draw):
    n_docs = draw(st.integers(2, 9))
    n_entities = draw(st.integers(1, 10))
    weights = draw(st.lists(st.sampled_from([1.0, 0.95, 0.85, 0.6, 0.35]), min_size=n_entities, max_size=n_entities))
    mentions: list[dict[int, float]] = []
    for _ in range(n_docs):
        ents = draw(st.sets(st.integers(0, n_entities - 1), max_size=n_entities))
        mentions.append({e: draw(st.floats(0.0, 1.0, allow_nan=False)) for e in sorted(ents)})
    masked = draw(st.sets(st.integers(0, n_entities - 1), max_size=n_entities))
    # any frequency up to which values are keys alone, and any number of partitions, must give
    # the same links
    max_freq = draw(st.integers(0, n_docs))
    parts = draw(st.integers(1, 3))
    links_per_part = draw(st.sampled_from([1, 2, 100_000]))  # the link-writing queries' partitions
    return mentions, weights, masked, max_freq, parts, links_per_part




def _reference(mentions, weights):
    n = len(mentions)
    freq = [sum(1 for ms in mentions if e in ms) for e in range(len(weights))]
    u = [risk.uniqueness(f, n) if f else 0.0 for f in freq]
    return risk.MaskingState(mentions, u, weights), freq


def test_link_plan_keeps_the_rarest_values_within_the_row_budget():
    # entities with freq 2 (1 pair row each), 4 (6 rows), 10 (45 rows): 10 documents may make
    # 4 rows each, so the values of freq 2 and 4 are keys on their own and freq 10 pairs up
    freq = np.array([2, 2, 4, 10, 1])
    plan = risk.link_plan(freq, 10)
    assert (plan.max_freq, plan.rows) == (4, 8)
    assert risk.link_plan(freq, 1).max_freq == 2  # 4 rows allowed: the two values of freq 2 only
    assert risk.link_plan(np.array([1, 1]), 5).max_freq == 1  # nothing pairs: no rows at all


def _simple_paths(edges: set[tuple[int, int]], n_docs: int, max_docs: int):
    adjacency = {d: set() for d in range(n_docs)}
    for a, b in edges:
        adjacency[a].add(b)
        adjacency[b].add(a)
    paths = set()

    def extend(path):
        if len(path) >= 2:
            key = tuple(path) if path[0] < path[-1] else tuple(reversed(path))
            paths.add(key)
        if len(path) == max_docs:
            return
        for nxt in adjacency[path[-1]]:
            if nxt not in path:
                extend(path + [nxt])

    for d in range(n_docs):
        extend([d])
    return paths


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(corpora())
def test_cypher_equals_python_reference(corpus):
    with tempfile.TemporaryDirectory() as tmp:
        check_against_reference(new_ladybug_store(Path(tmp) / "g.lbug"), corpus)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(corpora())
def test_neo4j_cypher_equals_python_reference(neo4j_server, corpus):
    check_against_reference(new_neo4j_store(neo4j_server), corpus)


def check_link_table(store: GraphStore, links, doc_ids: list[str], ent_ids: list[str]) -> None:
    """The pipeline's compact link table, read partition by partition, holds exactly the rows of
    links(): the same links in the same order, via in id order, the same strengths."""
    corpus_order = doc_ids[::-1]  # a corpus order that is not the id order, as in most corpora
    table = read_links(store, {d: i for i, d in enumerate(corpus_order)}, {e: i for i, e in enumerate(ent_ids)},
                       _ranks(corpus_order))
    rows = list(table.rows(corpus_order, ent_ids))
    assert [(a, b) for a, b, *_ in rows] == list(zip(links["doc_a"], links["doc_b"], strict=True))
    assert [via for _, _, via, _, _ in rows] == [sorted(v) for v in links["via"]]
    assert [before for *_, before, _ in rows] == links["strength_before"].tolist()


def check_against_reference(store: GraphStore, corpus) -> None:
    """Load a random corpus into a fresh store and hold every number to the reference."""
    mentions, weights, masked, max_freq, parts, links_per_part = corpus
    state, freq = _reference(mentions, weights)
    patcher = patch.object(store_module, "LINKS_PER_PART", links_per_part)
    patcher.start()
    try:
        doc_ids, ent_ids = load_bipartite(store, mentions, weights)
        store.score_documents(len(mentions))
        store.create_links(THRESHOLD, max_freq, parts)

        entities = store.entities().set_index("entity_id")
        for e, eid in enumerate(ent_ids):
            if freq[e] == 0:
                continue  # an entity no document mentions has no uniqueness
            assert abs(entities.at[eid, "uniqueness"] - state.u[e]) <= TOL
            assert abs(entities.at[eid, "importance"] - state.importance(e)) <= TOL

        docs = store.documents().set_index("doc_id")
        for d, did in enumerate(doc_ids):
            assert abs(docs.at[did, "risk_before"] - state.doc_risk(d)) <= TOL

        # Kept links: exactly the pairs at or over the threshold, with the shared entities as via.
        links = store.links()
        got = {(doc_ids.index(r.doc_a), doc_ids.index(r.doc_b)): r for r in links.itertuples()}
        expected = set()
        kept_ties = set()  # float ties at the threshold the graph kept: chains may run over them
        for a, b in itertools.combinations(range(len(mentions)), 2):
            shared = set(mentions[a]) & set(mentions[b])
            if not shared:
                continue
            s = state.strength(a, b)
            if abs(s - THRESHOLD) <= TOL:
                if got.pop((a, b), None) is not None:  # a float tie at the threshold may go either way
                    kept_ties.add((a, b))
                continue
            if s >= THRESHOLD:
                expected.add((a, b))
                row = got[(a, b)]
                assert abs(row.strength_before - s) <= TOL
                assert sorted(row.via) == sorted(ent_ids[e] for e in shared)
        assert set(got) == expected
        check_link_table(store, links, doc_ids, ent_ids)

        # Chains of 2..4 documents over the kept edges, each simple path once.
        for length in (2, 3, 4):
            frame = store.chains(length)
            chains = {tuple(doc_ids.index(d) for d in ids): r for ids, r in zip(frame["doc_ids"], frame["risk"], strict=True)}
            canonical = {(p if p[0] < p[-1] else tuple(reversed(p))): r for p, r in chains.items()}
            assert len(canonical) == len(chains), "a chain was returned in both directions"
            # the chains are exactly the simple paths over the edges the graph kept
            want = {p for p in _simple_paths(expected | kept_ties, len(mentions), length) if len(p) == length}
            assert set(canonical) == want
            for path, r in canonical.items():
                assert abs(r - state.chain_risk(path)) <= TOL

        # After masking: risks and strengths of the kept edges on the masked state.
        store.write_masking([{"id": ent_ids[e], "stage": "document", "replacement": "[T]"} for e in masked])
        store.rescore()
        for e in masked:
            state.mask(e)
        docs = store.documents().set_index("doc_id")
        for d, did in enumerate(doc_ids):
            assert abs(docs.at[did, "risk"] - state.doc_risk(d)) <= TOL
        links = store.links()
        for r in links.itertuples():
            a, b = doc_ids.index(r.doc_a), doc_ids.index(r.doc_b)
            assert abs(r.strength - state.strength(a, b)) <= TOL
        # what the rescore reads back: the same links in the same order, the same strengths
        strengths = store.link_strengths()
        assert list(zip(strengths["doc_a"], strengths["doc_b"], strict=True)) == \
            list(zip(links["doc_a"], links["doc_b"], strict=True))
        assert np.array_equal(strengths["strength"].to_numpy(float), links["strength"].to_numpy(float))
        table = read_links(store, {d: i for i, d in enumerate(doc_ids)}, {e: i for i, e in enumerate(ent_ids)},
                           _ranks(doc_ids))
        assert np.array_equal(read_strengths(store, table, {d: i for i, d in enumerate(doc_ids)}, len(doc_ids)),
                              links["strength"].to_numpy(float))
    finally:
        patcher.stop()
        store.close()


def test_common_weak_values_are_not_link_candidates_but_links_are_exact(tmp_path):
    """A value in every document but one (weak: u small) is in no signature, so the pairs it
    alone would join are not candidates, and every kept link is still found with its full via."""
    check_common_weak_values(new_ladybug_store(tmp_path / "g.lbug"))


def test_neo4j_common_weak_values_are_not_link_candidates_but_links_are_exact(neo4j_server):
    check_common_weak_values(new_neo4j_store(neo4j_server))


def check_common_weak_values(store: GraphStore) -> None:
    n = 30
    mentions = [{0: 1.0} for _ in range(n - 1)] + [{}]  # entity 0: "female", in 29 of 30
    for k in range(0, n - 1, 2):  # pairs of documents sharing a rare, strong value
        mentions[k][1 + k // 2] = 1.0
        mentions[k + 1][1 + k // 2] = 1.0
    weights = [0.35] + [0.95] * (n // 2)
    state, freq = _reference(mentions, weights)
    plan = risk.link_plan(np.array(freq), n)
    assert 2 <= plan.max_freq < n - 1  # the planted pairs' values are keys alone, the common one not
    try:
        doc_ids, ent_ids = load_bipartite(store, mentions, weights)
        store.score_documents(n)
        store.mark_signatures(THRESHOLD, plan.max_freq)
        keys = store.cypher("MATCH (s:Signature) RETURN s.id AS id" if store.dialect == "ladybug" else
                            "MATCH (s:Signature {dataset: $dataset}) RETURN s.id AS id")["id"]
        assert len(keys) == (n - 1) // 2 + ((n - 1) % 2)  # the planted values, nothing with the common one
        assert not any(ent_ids[0] in key.split("|") for key in keys)
        store.create_links(THRESHOLD, plan.max_freq)
        links = store.links()
        assert len(links) == (n - 1) // 2 + ((n - 1) % 2)  # one link per planted pair
        for r in links.itertuples():
            a, b = doc_ids.index(r.doc_a), doc_ids.index(r.doc_b)
            assert b == a + 1 and a % 2 == 0  # exactly the planted pairs
            # the via includes the common value wherever both share it, although it was no candidate source
            assert sorted(r.via) == sorted(ent_ids[e] for e in set(mentions[a]) & set(mentions[b]))
            assert abs(r.strength_before - state.strength(a, b)) <= TOL
    finally:
        store.close()
