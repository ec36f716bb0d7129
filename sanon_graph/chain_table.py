"""The chains of an analysis as arrays: what the selection works through and chains.jsonl,
the report and the graph's (:Chain) nodes are written from.

With chains of two documents (the default) there is a chain per link: millions at 1,000,000
documents. As an object each, with its document tuple, its floats and a selection outcome
object beside it, they took ~600 bytes a chain (8.5 million chains: over 5 GB); here a chain is
its document indexes, four floats and two small codes (~45 bytes). Records (ChainRecord) are
made on demand, for the files and the report.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from .config import Policy
from .select import CATEGORIES, TOLERANCE, ChainOutcomes, chain_categories, chain_targets

# Rows turned into Python values at a time when a whole table is walked: a list of every
# chain's documents at once would be the objects this module avoids.
WALK_ROWS = 100_000


@dataclass(slots=True)
class ChainRecord:
    """One chain, as the outputs show it (document indexes; ChainTable.record makes them)."""

    doc_ids: tuple[int, ...]
    risk_initial: float
    risk_pre_chain: float = math.nan
    risk_after: float = math.nan
    category: str = "LOW"
    target: float = math.nan
    target_met: bool = True
    reason: str | None = None


class ChainPaths(Sequence):
    """The chains' documents as a sequence of tuples of document indexes, made on demand (what
    the selection takes); `docs` is the array behind it, for whoever can use it whole."""

    def __init__(self, docs: np.ndarray, length: np.ndarray):
        self.docs = docs
        self.length = length

    def __len__(self) -> int:
        return len(self.docs)

    def __getitem__(self, i):  # type: ignore[override]
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        return tuple(self.docs[i, :self.length[i]].tolist())

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        for start in range(0, len(self.docs), WALK_ROWS):
            yield from self.block(start, start + WALK_ROWS)

    def block(self, start: int, stop: int) -> list[tuple[int, ...]]:
        """The paths of chains start..stop, made from one slice of the array."""
        rows = self.docs[start:stop].tolist()
        return [tuple(row[:n]) for row, n in zip(rows, self.length[start:stop].tolist(), strict=True)]


class ChainTable:
    """Chains in (length, documents) order, their risks before, at the start of the chain stage
    and after, their category, target and whether it was met, and why not (sparse)."""

    def __init__(self, docs: np.ndarray, risk_initial: np.ndarray):
        n = len(risk_initial)
        self.docs = docs  # int32 (chains, longest chain): document indexes, -1 after a chain's end
        self.length = (docs >= 0).sum(axis=1).astype(np.int8) if n else np.zeros(0, dtype=np.int8)
        self.risk_initial = risk_initial
        self.risk_pre_chain = np.full(n, math.nan)
        self.risk_after = np.full(n, math.nan)
        self.category = np.full(n, CATEGORIES.index("LOW"), dtype=np.int8)
        self.target = np.full(n, math.nan)
        self.target_met = np.ones(n, dtype=bool)
        self.reasons: dict[int, str] = {}  # chain index -> why its target was not met

    @classmethod
    def from_parts(cls, parts: Iterable[tuple[np.ndarray, np.ndarray]]) -> ChainTable:
        """From (documents (k, length) int32, risks) blocks of any lengths, sorted the way the
        chains were always listed: shorter first, then by their documents."""
        blocks = [(d, r) for d, r in parts if len(r)]
        if not blocks:
            return cls(np.zeros((0, 2), dtype=np.int32), np.zeros(0))
        width = max(d.shape[1] for d, _ in blocks)
        docs = np.full((sum(len(r) for _, r in blocks), width), -1, dtype=np.int32)
        at = 0
        for d, _ in blocks:
            docs[at:at + len(d), :d.shape[1]] = d
            at += len(d)
        risk = np.concatenate([r for _, r in blocks]).astype(float, copy=False)
        blocks.clear()
        length = (docs >= 0).sum(axis=1)
        order = np.lexsort([docs[:, j] for j in range(width - 1, -1, -1)] + [length])
        return cls(docs[order], risk[order])

    def __len__(self) -> int:
        return len(self.risk_initial)

    @property
    def paths(self) -> ChainPaths:
        return ChainPaths(self.docs, self.length)

    def settle(self, policy: Policy, risk_pre_chain: np.ndarray, outcomes: ChainOutcomes | None,
               risk_after: np.ndarray | None = None) -> None:
        """The selection's result: the risks at the start of the chain stage (their category and
        target), and the chain stage's outcomes, or (chain stage off) the risks after."""
        self.risk_pre_chain = np.asarray(risk_pre_chain, dtype=float)
        self.category, self.target = chain_targets(policy, self.risk_pre_chain)
        if outcomes is not None:
            self.risk_after, self.target_met, self.reasons = outcomes.risk_after, outcomes.target_met, outcomes.reasons
        else:
            self.risk_after = np.asarray(risk_after, dtype=float)
            self.target_met = self.risk_after <= self.target + TOLERANCE
            self.reasons = {int(i): "chain stage disabled" for i in np.flatnonzero(~self.target_met)}

    def record(self, i: int) -> ChainRecord:
        return ChainRecord(
            tuple(self.docs[i, :self.length[i]].tolist()), float(self.risk_initial[i]),
            float(self.risk_pre_chain[i]), float(self.risk_after[i]), CATEGORIES[self.category[i]],
            float(self.target[i]), bool(self.target_met[i]), self.reasons.get(i))

    def __iter__(self) -> Iterator[ChainRecord]:
        return (self.record(i) for i in range(len(self)))

    def riskiest(self, k: int) -> list[ChainRecord]:
        """The k chains of highest initial risk, ties in table order."""
        order = np.argsort(-self.risk_initial, kind="stable")[:k]
        return [self.record(int(i)) for i in order]

    def unmet(self) -> Iterator[ChainRecord]:
        return (self.record(int(i)) for i in np.flatnonzero(~self.target_met))

    def docs_where(self, chosen: np.ndarray) -> set[int]:
        """The documents of the chosen chains (a boolean mask)."""
        docs = np.unique(self.docs[chosen])
        return set(docs[docs >= 0].tolist())

    def count_categories(self, policy: Policy, risks: np.ndarray) -> dict[str, int]:
        """How many of these risks (one per chain) fall in each category."""
        counts = np.bincount(chain_categories(policy, risks), minlength=len(CATEGORIES))
        return dict(zip(CATEGORIES, counts.tolist(), strict=True))
