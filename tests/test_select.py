"""Greedy selection: every target is met, or the result says why it could not be; checked
against a fresh Python reference built from the masked set alone (no shared caches)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sanon_graph.config import Policy
from sanon_graph.risk import MaskingState, uniqueness
from sanon_graph.select import SelectionResult, chain_target, greedy

from .conftest import draw_mentions


@st.composite
def states(draw):
    mentions, u, weights, _ = draw_mentions(draw, 8, 12)
    theta_doc = draw(st.sampled_from([0.5, 0.8, 0.95]))
    return mentions, u, weights, Policy(theta_doc=theta_doc)


def fresh(mentions, u, weights, masked):
    state = MaskingState(mentions, u, weights)
    for e in masked:
        state.mask(e)
    return state


@settings(max_examples=200, deadline=None)
@given(states())
def test_every_target_is_met_or_explained(case):
    mentions, u, weights, policy = case
    n = len(mentions)
    chains = [c for c in itertools.combinations(range(n), 2)] + [c for c in itertools.permutations(range(n), 3) if c[0] < c[2]][:20]
    state = MaskingState(mentions, u, weights)
    result = SelectionResult()
    ids = [f"e{i}" for i in range(len(u))]
    docs = [f"d{i}" for i in range(n)]
    greedy.document_stage(state, policy, result, ids, docs)
    after_docs = fresh(mentions, u, weights, result.masked)
    for d in range(n):
        r = after_docs.doc_risk(d)
        if r >= policy.theta_doc:
            # only allowed when nothing is left to mask in that document
            assert all(e in result.masked for e in mentions[d])
            assert result.documents[d].reason == "nothing left to mask"
    pre = [after_docs.chain_risk(c) for c in chains]
    greedy.chain_stage(state, chains, policy, result, ids, docs)
    final = fresh(mentions, u, weights, result.masked)
    for chain, r_pre, outcome in zip(chains, pre, result.chains, strict=True):
        category, target = chain_target(policy, r_pre)
        assert outcome.category == category
        assert outcome.risk_pre_chain == pytest.approx(r_pre, abs=1e-12)
        r = final.chain_risk(chain)
        assert outcome.risk_after == pytest.approx(r, abs=1e-12)
        if r > target + 1e-12:
            assert not outcome.target_met and outcome.reason
            # a chain is left over target only when no unmasked entity in it can lower its risk
            assert all(final.chain_risk(chain, without=e) >= r - 1e-12
                       for d in chain for e in mentions[d] if e not in result.masked)
        else:
            assert outcome.target_met
    # every masked entity has exactly one stage and a decision
    assert {d.entity_id for d in result.decisions} == {ids[e] for e in result.masked}


def test_document_stage_masks_most_important_first():
    # One document: entity 0 (weight 1) and entity 1 (weight 0.35); theta_doc 0.5.
    mentions = [{0: 0.9, 1: 0.9}, {}]
    state = MaskingState(mentions, [1.0, 1.0], [1.0, 0.35])
    result = SelectionResult()
    greedy.document_stage(state, Policy(theta_doc=0.5), result, ["name", "demo"], ["d0", "d1"])
    assert result.masked == {0: "document"}
    assert state.doc_risk(0) == pytest.approx(0.9 * 0.35)


def test_chain_stage_uses_highest_impact_not_importance():
    # Two documents share entity 0 (the link); entity 1 is in one document only.
    # Masking the shared entity removes the edge, so it has the higher impact.
    mentions = [{0: 0.9, 1: 1.0}, {0: 0.9}]
    u = [uniqueness(2, 2), uniqueness(1, 2)]
    state = MaskingState(mentions, u, [0.85, 1.0])
    result = SelectionResult()
    greedy.chain_stage(state, [(0, 1)], Policy(theta_chain=0.1, theta_doc=1.0), result, ["shared", "own"], ["a", "b"])
    assert 0 in result.masked
    assert result.chains[0].target_met
