"""Selection: which entities to mask so every document and chain meets its target.

METHOD 2.5. The document stage brings each R(d) under theta_doc; the chain stage then
re-scores the fixed chain set on the updated state and brings each chain over target
to R_new <= theta_chain and R_new <= rho[category] * R_pre. Strategies share this
contract (`SelectionResult`) so the pipeline, reports and evaluation do not care which
one ran.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

import numpy as np

from ..config import Policy
from ..models import Decision

TOLERANCE = 1e-12  # float slack when comparing a recomputed risk with its target


@dataclass(slots=True)  # one per chain or document: millions at 1,000,000 documents
class ChainOutcome:
    risk_pre_chain: float
    risk_after: float
    category: str
    target: float
    target_met: bool
    reason: str | None = None


# Chain categories by code (ChainOutcomes.category): Policy.category's names.
CATEGORIES = ("HIGH", "MEDIUM", "LOW")


class ChainOutcomes:
    """Every chain's outcome as arrays, in the order of the chains: a 1,000,000-document corpus
    has millions of chains, and a ChainOutcome object each (with its floats) took ~200 bytes a
    chain. Indexing and iteration give ChainOutcome values, made on demand."""

    __slots__ = ("risk_pre_chain", "risk_after", "category", "target", "target_met", "reasons")

    def __init__(self, risk_pre_chain: np.ndarray, risk_after: np.ndarray, category: np.ndarray,
                 target: np.ndarray, target_met: np.ndarray, reasons: dict[int, str] | None = None):
        self.risk_pre_chain = risk_pre_chain
        self.risk_after = risk_after
        self.category = category  # int8 codes into CATEGORIES
        self.target = target
        self.target_met = target_met
        self.reasons = reasons if reasons is not None else {}  # chain index -> why its target was not met

    @classmethod
    def start(cls, policy: Policy, risk_pre: np.ndarray) -> ChainOutcomes:
        """Targets from the risks at the start of the chain stage; risk after = risk before, met."""
        category, target = chain_targets(policy, risk_pre)
        return cls(risk_pre, risk_pre.copy(), category, target, np.ones(len(risk_pre), dtype=bool))

    @classmethod
    def from_list(cls, outcomes: Sequence[ChainOutcome]) -> ChainOutcomes:
        return cls(
            np.array([o.risk_pre_chain for o in outcomes], dtype=float),
            np.array([o.risk_after for o in outcomes], dtype=float),
            np.array([CATEGORIES.index(o.category) for o in outcomes], dtype=np.int8),
            np.array([o.target for o in outcomes], dtype=float),
            np.array([o.target_met for o in outcomes], dtype=bool),
            {i: o.reason for i, o in enumerate(outcomes) if o.reason is not None},
        )

    def __len__(self) -> int:
        return len(self.risk_pre_chain)

    def __getitem__(self, i: int) -> ChainOutcome:
        if i < 0:
            i += len(self)
        return ChainOutcome(float(self.risk_pre_chain[i]), float(self.risk_after[i]), CATEGORIES[self.category[i]],
                            float(self.target[i]), bool(self.target_met[i]), self.reasons.get(i))

    def __iter__(self) -> Iterator[ChainOutcome]:
        return (self[i] for i in range(len(self)))


def chain_categories(policy: Policy, risks: np.ndarray) -> np.ndarray:
    """Policy.category for every risk at once, as codes into CATEGORIES."""
    risks = np.asarray(risks, dtype=float)
    return np.where(risks >= policy.high, 0, np.where(risks >= policy.medium, 1, 2)).astype(np.int8)


def chain_targets(policy: Policy, risk_pre: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """chain_target for every chain at once: (category codes into CATEGORIES, targets), the same
    numbers chain_target gives one by one."""
    risk_pre = np.asarray(risk_pre, dtype=float)
    category = chain_categories(policy, risk_pre)
    target = np.full(len(risk_pre), float(policy.theta_chain))
    for code in (0, 1):
        rho = policy.rho(CATEGORIES[code])
        if rho is not None:
            chosen = category == code
            target[chosen] = np.minimum(target[chosen], rho * risk_pre[chosen])
    return category, target


def _no_chains() -> ChainOutcomes:
    empty = np.zeros(0)
    return ChainOutcomes(empty, empty.copy(), np.zeros(0, dtype=np.int8), empty.copy(), np.zeros(0, dtype=bool))


@dataclass(slots=True)  # one per chain or document: millions at 1,000,000 documents
class DocumentOutcome:
    risk_after_document_stage: float
    target_met: bool
    reason: str | None = None


@dataclass
class SelectionResult:
    masked: dict[int, str] = field(default_factory=dict)  # entity index -> stage
    decisions: list[Decision] = field(default_factory=list)
    documents: dict[int, DocumentOutcome] = field(default_factory=dict)
    chains: ChainOutcomes = field(default_factory=_no_chains)
    strategy: str = "greedy"
    solver: dict | None = None  # the exact strategy's report (status, optimality, rounds, time)


def chain_target(policy: Policy, risk_pre: float) -> tuple[str, float]:
    """(category, target): R_new <= theta_chain and, for HIGH/MEDIUM, R_new <= rho * R_pre."""
    category = policy.category(risk_pre)
    target = policy.theta_chain
    rho = policy.rho(category)
    if rho is not None:
        target = min(target, rho * risk_pre)
    return category, target


def settle_chain_outcomes(state, chains, outcomes: ChainOutcomes) -> ChainOutcomes:
    """Later masking can only lower earlier chains' risks: every chain's outcome is reported on
    the final state (risk after, target met; a met target needs no reason)."""
    outcomes.risk_after = np.fromiter((state.chain_risk(c) for c in chains), float, len(outcomes))
    outcomes.target_met = outcomes.risk_after <= outcomes.target + TOLERANCE
    outcomes.reasons = {i: r for i, r in outcomes.reasons.items() if not outcomes.target_met[i]}
    return outcomes
