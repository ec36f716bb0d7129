"""Selection: which entities to mask so every document and chain meets its target.

METHOD 2.5. The document stage brings each R(d) under theta_doc; the chain stage then
re-scores the fixed chain set on the updated state and brings each chain over target
to R_new <= theta_chain and R_new <= rho[category] * R_pre. Strategies share this
contract (`SelectionResult`) so the pipeline, reports and evaluation do not care which
one ran.
"""

from __future__ import annotations

from dataclasses import dataclass, field

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
    chains: list[ChainOutcome] = field(default_factory=list)
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


def settle_chain_outcomes(state, chains, outcomes: list[ChainOutcome]) -> list[ChainOutcome]:
    """Later masking can only lower earlier chains' risks: every chain's outcome is reported on
    the final state (risk after, target met; a met target needs no reason)."""
    for chain, outcome in zip(chains, outcomes, strict=True):
        outcome.risk_after = state.chain_risk(chain)
        outcome.target_met = outcome.risk_after <= outcome.target + TOLERANCE
        if outcome.target_met:
            outcome.reason = None
    return outcomes
