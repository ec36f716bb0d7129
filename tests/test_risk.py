"""The formulas of METHOD 2.4 against values computed by hand."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sanon_graph import risk


def test_uniqueness_hand_values():
    # N = 9: log(10/1)/log(10) = 1; log(10/10)/log(10) = 0; log(10/2)/log(10) = 0.69897
    assert risk.uniqueness(1, 9) == pytest.approx(1.0)
    assert risk.uniqueness(10, 9) == pytest.approx(0.0)
    assert risk.uniqueness(2, 9) == pytest.approx(0.6989700043360187)


def test_uniqueness_is_log_base_independent():
    # The ratio of logs must not depend on the base (LadybugDB's log is base 10, ln is e).
    assert risk.uniqueness(3, 99) == pytest.approx(math.log10(100 / 3) / math.log10(100))


def test_uniqueness_rejects_impossible_frequencies():
    with pytest.raises(ValueError):
        risk.uniqueness(0, 5)


def test_document_risk_noisy_or():
    # c = 0.5 and 0.2: 1 - 0.5 * 0.8 = 0.6
    assert risk.document_risk([0.5, 0.2]) == pytest.approx(0.6)
    assert risk.document_risk([]) == 0.0
    assert risk.document_risk([1.0, 0.3]) == pytest.approx(1.0)


def test_contribution_and_importance():
    assert risk.contribution(0.8, 0.5, 0.85) == pytest.approx(0.34)
    assert risk.importance(0.9, 1.0, 1.0) == pytest.approx(0.9)


def test_edge_strength_uses_max_relevance():
    s = risk.shared_term(0.4, 0.9, 0.5, 1.0)
    assert s == pytest.approx(0.45)
    assert risk.edge_strength([s, 0.2]) == pytest.approx(1 - 0.55 * 0.8)


def test_hop_and_chain_risk_hand_values():
    # strength 0.6, R = 0.5 and 0.9: 0.6 * (1 + 0.7) / 2 = 0.51
    hop = risk.hop_risk(0.6, 0.5, 0.9)
    assert hop == pytest.approx(0.51)
    assert risk.chain_risk([hop, 0.2]) == pytest.approx(1 - 0.49 * 0.8)


def test_masking_state_matches_formulas_and_masks_globally():
    # Two documents sharing entity 0; doc 1 also has entity 1.
    mentions = [{0: 0.9}, {0: 0.5, 1: 0.6}]
    u = [risk.uniqueness(2, 2), risk.uniqueness(1, 2)]
    w = [1.0, 0.55]
    state = risk.MaskingState(mentions, u, w)
    c00 = 0.9 * u[0] * 1.0
    c10, c11 = 0.5 * u[0], 0.6 * u[1] * 0.55
    assert state.doc_risk(0) == pytest.approx(c00)
    assert state.doc_risk(1) == pytest.approx(1 - (1 - c10) * (1 - c11))
    strength = 0.9 * u[0]
    assert state.strength(0, 1) == pytest.approx(strength)
    expected_chain = risk.hop_risk(strength, state.doc_risk(0), state.doc_risk(1))
    assert state.chain_risk((0, 1)) == pytest.approx(expected_chain)
    # "as if masked" does not change the state
    assert state.chain_risk((0, 1), without=0) == pytest.approx(0.0)
    assert 0 not in state.masked
    state.mask(0)
    assert state.doc_risk(0) == 0.0
    assert state.doc_risk(1) == pytest.approx(c11)
    assert state.strength(0, 1) == 0.0


@st.composite
def masking_histories(draw):
    """A random state and a random sequence of masks, unmasks and strength queries (some "as if
    masked"), as the selection strategies interleave them."""
    n_docs, n_entities = draw(st.integers(2, 7)), draw(st.integers(1, 8))
    mentions = [{e: draw(st.floats(0.0, 1.0)) for e in draw(st.sets(st.integers(0, n_entities - 1)))}
                for _ in range(n_docs)]
    u = draw(st.lists(st.floats(0.0, 1.0), min_size=n_entities, max_size=n_entities))
    w = draw(st.lists(st.sampled_from([1.0, 0.85, 0.55, 0.35]), min_size=n_entities, max_size=n_entities))
    doc, entity = st.integers(0, n_docs - 1), st.integers(0, n_entities - 1)
    steps = draw(st.lists(st.one_of(
        st.tuples(st.just("mask"), entity), st.tuples(st.just("unmask"), entity),
        st.tuples(st.just("strength"), doc, doc, st.none() | entity)), max_size=30))
    return mentions, u, w, steps


@settings(max_examples=200, deadline=None)
@given(masking_histories())
def test_cached_strengths_equal_the_formula_on_every_state(history):
    mentions, u, w, steps = history
    state = risk.MaskingState(mentions, u, w)
    for step in steps:
        if step[0] == "mask":
            state.mask(step[1])
        elif step[0] == "unmask":
            state.unmask(step[1])
        else:
            _, a, b, without = step
            as_if = set(state.masked) | ({without} if without is not None else set())
            assert state.strength(a, b, without) == pytest.approx(state.strength_given(a, b, as_if), abs=1e-12)
        for a in range(len(mentions)):  # and the cache answers for the current state after each step
            for b in range(len(mentions)):
                assert state.strength(a, b) == pytest.approx(state.strength_given(a, b, state.masked), abs=1e-12)
