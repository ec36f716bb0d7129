"""The risk formulas of METHOD.md section 2.4, as pure functions, and a masking state.

This module is the reference: the Cypher in cypher/ computes the same numbers and the
tests hold it to these functions. The selection stage recomputes risks with
`MaskingState`, which applies the same formulas to the current replacement dictionary
(a masked entity counts as 0 everywhere).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np


def uniqueness(freq: int, n_docs: int) -> float:
    """u(e) = log((N+1)/freq) / log(N+1): 1 for a value in one document, -> 0 for common ones."""
    if freq < 1 or n_docs < 1:
        raise ValueError("uniqueness needs freq >= 1 and at least one document")
    return math.log((n_docs + 1) / freq) / math.log(n_docs + 1)


def contribution(relevance: float, u: float, weight: float) -> float:
    """c(e,d) = relevance(e,d) * u(e) * w_type(e)."""
    return relevance * u * weight


def combine(terms: Iterable[float]) -> float:
    """1 - prod(1 - t): the noisy-or that document risk, strength and chain risk all use."""
    keep = 1.0
    for t in terms:
        keep *= 1.0 - t
    return 1.0 - keep


def document_risk(contributions: Iterable[float]) -> float:
    """R(d) = 1 - prod_e (1 - c(e,d)) over the unmasked entities of d."""
    return combine(contributions)


def shared_term(relevance_a: float, relevance_b: float, u: float, weight: float) -> float:
    """s_e = max(relevance(e,di), relevance(e,dj)) * u(e) * w_type(e)."""
    return max(relevance_a, relevance_b) * u * weight


def edge_strength(shared_terms: Iterable[float]) -> float:
    """strength = 1 - prod_{e in via} (1 - s_e)."""
    return combine(shared_terms)


def hop_risk(strength: float, risk_a: float, risk_b: float) -> float:
    """hop_risk = strength * (1 + (R(di) + R(dj)) / 2) / 2."""
    return strength * (1.0 + (risk_a + risk_b) / 2.0) / 2.0


def chain_risk(hop_risks: Iterable[float]) -> float:
    """R_chain = 1 - prod_hops (1 - hop_risk)."""
    return combine(hop_risks)


def importance(max_relevance: float, u: float, weight: float) -> float:
    """imp(e) = max_d relevance(e,d) * u(e) * w_type(e)."""
    return max_relevance * u * weight


class MaskingState:
    """Risks on the current masking state, recomputed only where an entity reaches.

    Entities are dense integers; `mentions[d]` maps entity index -> relevance for document
    index d. Document risks are cached and invalidated for the documents an entity
    touches when it is masked, so a masking step costs O(documents of that entity).
    """

    def __init__(
        self,
        mentions: Sequence[dict[int, float]],
        entity_uniqueness: Sequence[float],
        entity_weight: Sequence[float],
    ):
        self.mentions = mentions
        self.u = entity_uniqueness
        self.w = entity_weight
        self.scale = [u * w for u, w in zip(entity_uniqueness, entity_weight, strict=True)]
        self.masked: set[int] = set()
        self.docs_of: list[list[int]] = [[] for _ in entity_uniqueness]
        for d, ms in enumerate(mentions):
            for e in ms:
                self.docs_of[e].append(d)
        self._doc_risk: dict[int, float] = {}
        # Strengths are cached against a version that every change of the masked set bumps,
        # so a stale entry is recognised without tracking which edges an entity reaches.
        self._strength: dict[tuple[int, int], tuple[int, float]] = {}
        self._version = 0

    def mask(self, entity: int) -> None:
        if entity in self.masked:
            return
        self.masked.add(entity)
        self._changed(entity)

    def unmask(self, entity: int) -> None:
        """Undo a mask (strategies that prune a chosen set use it)."""
        if entity not in self.masked:
            return
        self.masked.discard(entity)
        self._changed(entity)

    def _changed(self, entity: int) -> None:
        self._version += 1
        for d in self.docs_of[entity]:
            self._doc_risk.pop(d, None)

    def contribution(self, entity: int, doc: int) -> float:
        return self.mentions[doc][entity] * self.scale[entity]

    def doc_risk(self, doc: int, without: int | None = None) -> float:
        """R(d) on the current state, optionally as if `without` were masked too."""
        if without is not None and without not in self.mentions[doc]:
            without = None
        if without is None:
            cached = self._doc_risk.get(doc)
            if cached is not None:
                return cached
        keep = 1.0
        masked = self.masked
        scale = self.scale
        for e, rel in self.mentions[doc].items():
            if e in masked or e == without:
                continue
            keep *= 1.0 - rel * scale[e]
        risk = 1.0 - keep
        if without is None:
            self._doc_risk[doc] = risk
        return risk

    def strength(self, a: int, b: int, without: int | None = None) -> float:
        if without is not None and (without not in self.mentions[a] or without not in self.mentions[b]):
            without = None
        if without is None:
            cached = self._strength.get((a, b))
            if cached is not None and cached[0] == self._version:
                return cached[1]
        ma, mb = self.mentions[a], self.mentions[b]
        if len(mb) < len(ma):
            ma, mb = mb, ma
        keep = 1.0
        masked = self.masked
        for e, rel in ma.items():
            other = mb.get(e)
            if other is None or e in masked or e == without:
                continue
            keep *= 1.0 - max(rel, other) * self.scale[e]
        value = 1.0 - keep
        if without is None:
            self._strength[(a, b)] = (self._version, value)
        return value

    def chain_risk(self, docs: Sequence[int], without: int | None = None) -> float:
        keep = 1.0
        for a, b in zip(docs, docs[1:], strict=False):
            s = self.strength(a, b, without)
            keep *= 1.0 - hop_risk(s, self.doc_risk(a, without), self.doc_risk(b, without))
        return 1.0 - keep

    # Hypothetical masked sets (the state's own set and caches are ignored): for strategies
    # that evaluate many candidate sets. The same formulas as above, through combine().

    def doc_risk_given(self, doc: int, masked: set[int] | frozenset[int]) -> float:
        return combine(r * self.scale[e] for e, r in self.mentions[doc].items() if e not in masked)

    def strength_given(self, a: int, b: int, masked: set[int] | frozenset[int]) -> float:
        ma, mb = self.mentions[a], self.mentions[b]
        return combine(max(r, mb[e]) * self.scale[e] for e, r in ma.items() if e in mb and e not in masked)

    def chain_risk_given(self, docs: Sequence[int], masked: set[int] | frozenset[int]) -> float:
        return chain_risk(
            hop_risk(self.strength_given(a, b, masked), self.doc_risk_given(a, masked), self.doc_risk_given(b, masked))
            for a, b in zip(docs, docs[1:], strict=False)
        )

    def importance(self, entity: int) -> float:
        return max((self.mentions[d][entity] for d in self.docs_of[entity]), default=0.0) * self.scale[entity]


def entity_importance(mention_entity: np.ndarray, mention_relevance: np.ndarray, entity_scale: np.ndarray) -> np.ndarray:
    """Per entity, the largest s_e it can give a link: max relevance over its mentions * u * w."""
    s_max = np.zeros(len(entity_scale))
    np.maximum.at(s_max, mention_entity, mention_relevance)
    return s_max * entity_scale


def link_candidate_max_freq(
    mention_doc: np.ndarray,
    mention_entity: np.ndarray,
    mention_relevance: np.ndarray,
    entity_freq: np.ndarray,
    entity_scale: np.ndarray,
    threshold: float,
) -> int:
    """The smallest frequency F such that two documents sharing only entities more frequent
    than F provably have strength < threshold.

    Link candidates then come from entities with freq <= F only, and each candidate is
    scored over all its shared entities, so the kept links are exactly those of the
    all-pairs computation while very common values ("female", a big city) no longer make
    the pair join quadratic. The bound: strength(a, b) <= 1 - prod over a's common
    entities of (1 - max_relevance(e) * u(e) * w(e)), maximised over documents.
    """
    if len(entity_freq) == 0:
        return 1
    s_max = entity_importance(mention_entity, mention_relevance, entity_scale)
    # log(1 - s) per mention, -inf where s = 1 (that entity alone decides)
    with np.errstate(divide="ignore"):
        log_keep = np.log1p(-np.minimum(s_max[mention_entity], 1.0))
    mention_freq = entity_freq[mention_entity]
    n_docs = int(mention_doc.max()) + 1 if len(mention_doc) else 0

    def bound(cutoff: int) -> float:
        common = mention_freq > cutoff
        if not common.any():
            return 0.0
        per_doc = np.bincount(mention_doc[common], weights=log_keep[common], minlength=n_docs)
        return float(1.0 - np.exp(per_doc.min()))

    # bound() only falls as the cutoff rises; a margin keeps float rounding on the safe side.
    candidates = np.unique(np.concatenate(([1], entity_freq[entity_freq >= 1])))
    lo, hi = 0, len(candidates) - 1
    while lo < hi:
        mid = (lo + hi) // 2
        if bound(int(candidates[mid])) < threshold - 1e-9:
            hi = mid
        else:
            lo = mid + 1
    return int(candidates[lo])


def prefix_marks(
    mention_doc: np.ndarray,
    mention_entity: np.ndarray,
    mention_relevance: np.ndarray,
    entity_freq: np.ndarray,
    entity_scale: np.ndarray,
    threshold: float,
    max_freq: int = 0,
) -> np.ndarray:
    """Per mention, whether it is in its document's prefix (what mark_prefix.cypher marks).

    Prefix filtering (AllPairs, Bayardo et al. 2007; PPJoin, Xiao et al. 2008), weighted: a
    document's entities in one global order (rarest first: freq, then entity index, which is the
    order of the entity ids), each with the bound c_e = -ln(1 - importance_e) on its share of
    -ln(1 - strength). The prefix is the shortest head whose suffix sums to < -ln(1 - threshold)
    (minus a margin, towards more marks); entities with freq <= max_freq are marked too. If
    strength(a, b) >= threshold, the shared set's c sum reaches -ln(1 - threshold), so the
    shared entity that comes first in the order is in both prefixes: every link shares an
    entity marked on both mentions.
    """
    n = len(mention_doc)
    if n == 0:
        return np.zeros(0, dtype=bool)
    importance = entity_importance(mention_entity, mention_relevance, entity_scale)
    with np.errstate(divide="ignore"):
        c = np.where(importance >= 1.0, 1000.0, -np.log1p(-np.minimum(importance, 1.0)))[mention_entity]
    max_log_keep = math.log1p(-threshold) + 1e-9 if threshold < 1.0 else 0.0
    freq = entity_freq[mention_entity]
    # per document, from its last entity in the order to its first: tail = c of it and all after it
    order = np.lexsort((-mention_entity, -freq, mention_doc))
    c_sorted = c[order]
    doc_sorted = mention_doc[order]
    cum = np.cumsum(c_sorted)
    starts = np.r_[0, np.flatnonzero(np.diff(doc_sorted)) + 1]
    before = np.repeat(np.r_[0.0, cum[starts[1:] - 1]], np.diff(np.r_[starts, n]))
    tail = np.empty(n)
    tail[order] = cum - before
    return (freq <= max_freq) | (tail >= -max_log_keep)


def prefix_pair_rows(mention_entity: np.ndarray, marked: np.ndarray, n_entities: int) -> int:
    """Pair rows the candidate join enumerates: per entity, pairs of its marked mentions."""
    k = np.bincount(mention_entity[marked], minlength=n_entities).astype(np.int64)
    return int((k * (k - 1) // 2).sum())


@dataclass(frozen=True)
class LinkPlan:
    """How the graph store enumerates candidate links: entities with freq <= max_freq are
    enumerated pairwise (`rows` pair rows), in `parts` partitions."""

    max_freq: int
    rows: int
    parts: int


ROWS_PER_PART = 2_500_000  # pair rows one aggregation may hold (~0.6 GB in LadybugDB)


def link_candidate_plan(
    mention_doc: np.ndarray,
    mention_entity: np.ndarray,
    mention_relevance: np.ndarray,
    entity_freq: np.ndarray,
    entity_scale: np.ndarray,
    threshold: float,
    row_budget: int,
) -> LinkPlan:
    """Any cutoff at or above the minimal exact one finds every link; a higher cutoff scores
    more entities exactly, so the bound on the rest is tighter and far fewer pairs need a full
    score, at the price of enumerating more pair rows. Raise the cutoff while the rows stay
    within row_budget."""
    minimal = link_candidate_max_freq(
        mention_doc, mention_entity, mention_relevance, entity_freq, entity_scale, threshold
    )
    freqs, counts = np.unique(entity_freq[entity_freq >= 2], return_counts=True)
    rows_at = np.cumsum(counts * freqs * (freqs - 1) // 2)  # pair rows with cutoff = freqs[i]
    if len(freqs) == 0:
        return LinkPlan(max(minimal, 1), 0, 1)
    minimal_rows = int(rows_at[np.searchsorted(freqs, minimal, side="right") - 1]) if minimal >= freqs[0] else 0
    allowed = max(minimal_rows, row_budget)
    i = int(np.searchsorted(rows_at, allowed, side="right")) - 1
    max_freq = max(minimal, int(freqs[i])) if i >= 0 else minimal
    rows = int(rows_at[np.searchsorted(freqs, max_freq, side="right") - 1]) if max_freq >= freqs[0] else 0
    return LinkPlan(max_freq, rows, max(1, -(-rows // ROWS_PER_PART)))
