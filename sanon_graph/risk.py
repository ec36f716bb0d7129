"""The risk formulas of METHOD.md section 2.4, as pure functions, and a masking state.

This module is the reference: the Cypher in cypher/ computes the same numbers and the
tests hold it to these functions. The selection stage recomputes risks with
`MaskingState`, which applies the same formulas to the current replacement dictionary
(a masked entity counts as 0 everywhere).
"""

from __future__ import annotations

import math
from array import array
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
        # Strengths are cached with the version they were computed at. Every change of the
        # masked set bumps the version and stamps the documents of the entity it changed:
        # strength(a, b) can only change with an entity in both a and b, so an entry is stale
        # only once a or b carries a newer stamp. (A global version alone made every cached
        # strength stale after each mask: the chain stage recomputed all of them, chain by chain.)
        # A pair's cache entry is a slot in flat typed arrays (its version, value and the range
        # of its shared terms in the term arrays), found by the pair's key a * n + b: as Python
        # tuples the cache took ~600 bytes a link, 3 GB for the 5 million links of a
        # 1,000,000-document corpus; as arrays it takes ~130.
        self._n = len(mentions)
        self._slot: dict[int, int] = {}
        self._slot_version = array("q")
        self._slot_value = array("d")
        self._slot_start = array("q")  # the pair's terms: term arrays [start, stop)
        self._slot_stop = array("q")
        self._term_entity = array("i")  # entity indexes fit 32 bits (4 of the ~40 bytes a link)
        self._term_value = array("d")
        self._version = 0
        self._stamp = [0] * len(mentions)  # per document: the version of its last change

    def forget_strengths(self) -> None:
        """Drop the strength cache (~200 bytes a link: 1.7 GB at 1,000,000 documents) once no
        more strengths are asked for; a later strength() computes them again."""
        self._slot = {}
        for name in ("_slot_version", "_slot_start", "_slot_stop"):
            setattr(self, name, array("q"))
        self._slot_value = array("d")
        self._term_entity = array("i")
        self._term_value = array("d")

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
        version, stamp = self._version, self._stamp
        for d in self.docs_of[entity]:
            self._doc_risk.pop(d, None)
            stamp[d] = version

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
        key = a * self._n + b
        slot = self._slot.get(key)
        if slot is None:
            slot = self._shared_terms(a, b)
            self._slot[key] = slot
        elif without is None and self._slot_version[slot] >= self._stamp[a] and self._slot_version[slot] >= self._stamp[b]:
            return self._slot_value[slot]
        start, stop = self._slot_start[slot], self._slot_stop[slot]
        keep = 1.0
        masked = self.masked
        for e, term in zip(self._term_entity[start:stop], self._term_value[start:stop], strict=True):
            if e in masked or e == without:
                continue
            keep *= 1.0 - term
        value = 1.0 - keep
        if without is None:
            self._slot_version[slot] = self._version
            self._slot_value[slot] = value
        return value

    def _shared_terms(self, a: int, b: int) -> int:
        """A new cache slot (stale: version -1) holding the shared entities' terms s_e of a and b,
        in the order the product takes them (the smaller mention dict's order), computed once per
        pair: a recomputation after a mask then walks the few shared entities, not a whole
        document, with the same float steps."""
        ma, mb = self.mentions[a], self.mentions[b]
        if len(mb) < len(ma):
            ma, mb = mb, ma
        scale = self.scale
        slot = len(self._slot_value)
        self._slot_start.append(len(self._term_value))
        for e, rel in ma.items():
            if e in mb:
                self._term_entity.append(e)
                self._term_value.append(max(rel, mb[e]) * scale[e])
        self._slot_stop.append(len(self._term_value))
        self._slot_version.append(-1)
        self._slot_value.append(0.0)
        return slot

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


@dataclass(frozen=True)
class LinkPlan:
    """How the graph store finds candidate links (mark_signatures.cypher): entities with freq <=
    max_freq are keys on their own, `rows` pair rows in all; more frequent ones make keys of two
    or three."""

    max_freq: int
    rows: int


# Pair rows the rare values may make as keys on their own, per document. Fewer means more
# values pair up as two-value keys: more keys, fewer candidates. Measured on the zipf corpus at
# 100,000 documents: 3 per document gives 1.7M candidates for 438k links, 20 gives 3.3M.
RARE_ROWS_PER_DOCUMENT = 4


def link_plan(entity_freq: np.ndarray, n_docs: int) -> LinkPlan:
    """The rarest values, up to RARE_ROWS_PER_DOCUMENT pair rows per document, are keys alone."""
    freqs, counts = np.unique(entity_freq[entity_freq >= 2], return_counts=True)
    rows_at = np.cumsum(counts * freqs * (freqs - 1) // 2)  # pair rows with max_freq = freqs[i]
    i = int(np.searchsorted(rows_at, RARE_ROWS_PER_DOCUMENT * max(n_docs, 1), side="right")) - 1
    if i < 0:
        return LinkPlan(1, 0)
    return LinkPlan(int(freqs[i]), int(rows_at[i]))


def link_bound(threshold: float) -> float:
    """-ln(1 - threshold) less a margin: what the c_e = -ln(1 - importance) bounds of a link's
    shared entities must reach. The margin errs towards a candidate too many, never one too
    few, whatever float rounding does."""
    return -(math.log1p(-threshold) + 1e-9) if threshold < 1.0 else 0.0


def link_signatures(state: MaskingState, threshold: float, max_freq: int = 0) -> list[set[tuple[int, ...]]]:
    """Per document, the signatures mark_signatures.cypher gives it (entity indexes, rarest
    first: freq, then index, the order of the entity ids). With c_e = -ln(1 - importance) (1000
    for importance >= 1), an entity is strong when c_e reaches min_tail = -ln(1 - threshold)
    (risk.link_bound) and rare when freq <= max_freq; the others are weak. Keys:
    - {e} for every strong or rare entity;
    - {e1, e2} for weak e1 before weak e2 with c_e1 + c_e2 >= min_tail (whatever the document);
    - {e1, e2, e3} for weak e1 < e2 < e3 with c_e1 + c_e2 < min_tail and c_e1 + c_e2 +
      tail(d, e3) >= min_tail, tail(d, e3) the sum of c over e3 and every weak entity of the
      document after it.

    Prefix filtering (AllPairs, Bayardo et al. 2007) with k-wise signatures (pkwise, Wang et al.
    2017), k <= 3: every pair of documents with strength >= threshold shares a signature (a
    strong or rare shared entity, else the first two or three of its shared entities in the
    order; the proof is in mark_signatures.cypher), while two documents sharing only values
    that cannot make a link together never do, and two sharing a common name and an age only
    when the two can make the link.
    """
    min_tail = link_bound(threshold)
    freq = [len(docs) for docs in state.docs_of]
    bound = [1000.0 if i >= 1.0 else -math.log1p(-i) for i in (state.importance(e) for e in range(len(freq)))]
    signatures: list[set[tuple[int, ...]]] = []
    for mentions in state.mentions:
        keys: set[tuple[int, ...]] = set()
        weak = []
        for e in sorted(mentions, key=lambda e: (freq[e], e)):
            if freq[e] <= max_freq or bound[e] >= min_tail:
                keys.add((e,))
            else:
                weak.append(e)
        # tails[k] = the sum of c over weak[k:]
        tails = np.cumsum([bound[e] for e in reversed(weak)])[::-1] if weak else []
        for i, first in enumerate(weak):
            for j in range(i + 1, len(weak)):
                second = weak[j]
                pair = bound[first] + bound[second]
                if pair >= min_tail:
                    keys.add((first, second))
                    continue
                keys.update((first, second, weak[k]) for k in range(j + 1, len(weak))
                            if pair + tails[k] >= min_tail)
        signatures.append(keys)
    return signatures
