"""Chains as arrays (issue 16): the table keeps the order, records and targets the per-chain
objects had, and the greedy chain stage that skips chains already under target selects exactly
what the one that visited every chain selected."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sanon_graph.chain_table import ChainTable
from sanon_graph.config import Policy
from sanon_graph.models import Decision
from sanon_graph.risk import MaskingState
from sanon_graph.select import (
    TOLERANCE,
    ChainOutcome,
    SelectionResult,
    chain_target,
    chain_targets,
    greedy,
)
from sanon_graph.select.greedy import unmasked_candidates

from .conftest import draw_mentions


@st.composite
def chain_sets(draw):
    """Paths of 2-4 documents (no repeats within a path) over up to 9 documents, distinct."""
    n = draw(st.integers(4, 9))
    paths = draw(st.lists(st.lists(st.integers(0, n - 1), min_size=2, max_size=4, unique=True).map(tuple),
                          min_size=0, max_size=40, unique=True))
    risks = draw(st.lists(st.sampled_from([0.1, 0.25, 0.5, 0.75, 0.9]), min_size=len(paths), max_size=len(paths)))
    return paths, risks


def table_of(paths, risks) -> ChainTable:
    """A table from blocks of one length each, in a shuffled order (as the graph returns them)."""
    blocks = []
    for length in (4, 2, 3):
        chosen = [(p, r) for p, r in zip(paths, risks, strict=True) if len(p) == length]
        if chosen:
            blocks.append((np.array([p for p, _ in chosen], dtype=np.int32), np.array([r for _, r in chosen])))
    return ChainTable.from_parts(blocks)


@settings(max_examples=200, deadline=None)
@given(chain_sets())
def test_table_keeps_the_order_and_records_of_the_chain_objects(case):
    paths, risks = case
    table = table_of(paths, risks)
    expected = sorted(zip(paths, risks, strict=True), key=lambda pr: (len(pr[0]), pr[0]))
    assert list(table.paths) == [p for p, _ in expected]
    assert [table.paths[i] for i in range(len(table))] == [p for p, _ in expected]
    assert [c.risk_initial for c in table] == [r for _, r in expected]
    assert all(isinstance(c.risk_initial, float) and isinstance(c.target_met, bool) for c in table)
    # the riskiest: what sorting the records by -risk (stable) gave
    assert [c.doc_ids for c in table.riskiest(5)] == [
        p for p, _ in sorted(expected, key=lambda pr: -pr[1])[:5]]
    chosen = np.array([r >= 0.75 for _, r in expected], dtype=bool)
    assert table.docs_where(chosen) == {d for (p, r) in expected if r >= 0.75 for d in p}


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.floats(0.0, 1.0), st.sampled_from([0.0, 0.5, 0.75, 1.0])), max_size=50),
       st.sampled_from([Policy(), Policy(high=0.8, medium=0.4, rho_high=0.3, rho_medium=0.9, theta_chain=0.35)]))
def test_targets_at_once_equal_one_by_one(risks, policy):
    codes, targets = chain_targets(policy, np.array(risks, dtype=float))
    for r, code, target in zip(risks, codes.tolist(), targets.tolist(), strict=True):
        category, expected = chain_target(policy, r)
        assert ("HIGH", "MEDIUM", "LOW")[code] == category
        assert target == expected  # the same float, not only close


def visit_every_chain(state, chains, policy, result, entity_ids, doc_ids):
    """The chain stage as it was before chains became arrays: every chain visited, riskiest
    first, each re-scored on the current state (the reference the new stage must equal)."""
    pre = [state.chain_risk(c) for c in chains]
    targets = [chain_target(policy, r) for r in pre]
    outcomes = []
    order = sorted(range(len(chains)), key=lambda i: (-pre[i], chains[i]))
    by_index = {}
    for i in order:
        chain = chains[i]
        category, target = targets[i]
        risk = state.chain_risk(chain)
        reason = None
        while risk > target + TOLERANCE:
            best, best_risk = None, risk
            for e in unmasked_candidates(state, chain):
                r = state.chain_risk(chain, without=e)
                if r < best_risk - TOLERANCE:
                    best, best_risk = e, r
            if best is None:
                reason = "nothing left to mask" if not unmasked_candidates(state, chain) else "no entity lowers the risk"
                break
            state.mask(best)
            result.masked.setdefault(best, "chain")
            result.decisions.append(Decision(entity_ids[best], "chain", " -> ".join(doc_ids[d] for d in chain),
                                             risk, best_risk))
            risk = best_risk
        by_index[i] = ChainOutcome(pre[i], risk, category, target, reason is None, reason)
    for i, chain in enumerate(chains):
        o = by_index[i]
        o.risk_after = state.chain_risk(chain)
        o.target_met = o.risk_after <= o.target + TOLERANCE
        o.reason = None if o.target_met else o.reason
        outcomes.append(o)
    return outcomes


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_chain_stage_over_arrays_selects_what_visiting_every_chain_did(data):
    mentions, u, weights, _ = draw_mentions(data.draw, 7, 10)
    n = len(mentions)
    policy = data.draw(st.sampled_from([Policy(), Policy(theta_chain=0.2), Policy(theta_chain=0.05, rho_high=0.3)]))
    paths = [c for c in itertools.combinations(range(n), 2)] + [
        c for c in itertools.permutations(range(n), 3) if c[0] < c[2]][:15]
    table = table_of(paths, [0.0] * len(paths))
    chains = list(table.paths)
    ids, docs = [f"e{i}" for i in range(len(u))], [f"d{i}" for i in range(n)]

    reference_state = MaskingState(mentions, u, weights)
    reference = SelectionResult()
    expected = visit_every_chain(reference_state, chains, policy, reference, ids, docs)
    for given_chains in (chains, table.paths):  # a list of tuples, and the table's arrays
        state = MaskingState(mentions, u, weights)
        result = SelectionResult()
        greedy.chain_stage(state, given_chains, policy, result, ids, docs)
        assert result.masked == reference.masked
        assert result.decisions == reference.decisions
        assert list(result.chains) == expected


def test_settle_without_chain_stage_says_why():
    table = table_of([(0, 1), (1, 2)], [0.9, 0.2])
    table.settle(Policy(), np.array([0.9, 0.2]), None, np.array([0.9, 0.2]))
    first, second = list(table)
    assert (first.category, first.target_met, first.reason) == ("HIGH", False, "chain stage disabled")
    assert first.target == pytest.approx(0.45)
    assert (second.category, second.target_met, second.reason) == ("LOW", True, None)
