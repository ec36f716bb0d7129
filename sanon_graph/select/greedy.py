"""The greedy strategy: mask the most important (document stage) or most impactful
(chain stage) entity, recompute on the current state, repeat until the target is met."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from ..config import Policy
from ..models import Decision
from ..risk import MaskingState
from . import (
    TOLERANCE,
    ChainOutcomes,
    DocumentOutcome,
    SelectionResult,
    settle_chain_outcomes,
)


def document_stage(
    state: MaskingState,
    policy: Policy,
    result: SelectionResult,
    entity_ids: Sequence[str],
    doc_ids: Sequence[str],
    progress: Callable[[int], None] | None = None,
) -> None:
    """For each document (in id order), mask its highest-importance unmasked entity and
    recompute R(d) until R(d) < theta_doc or nothing is left."""
    importance = [state.importance(e) for e in range(len(state.u))]
    for d in range(len(state.mentions)):
        risk = state.doc_risk(d)
        over = risk >= policy.theta_doc
        if over:
            # Highest importance first; ties broken by entity index for reproducibility.
            ranked = sorted(state.mentions[d], key=lambda e: (-importance[e], e))
            for e in ranked:
                if risk < policy.theta_doc:
                    break
                if e in state.masked:
                    continue
                state.mask(e)
                result.masked.setdefault(e, "document")
                after = state.doc_risk(d)
                result.decisions.append(Decision(entity_ids[e], "document", doc_ids[d], risk, after))
                risk = after
            met = risk < policy.theta_doc
            result.documents[d] = DocumentOutcome(risk, met, None if met else "nothing left to mask")
        if progress and d % 1000 == 999:
            progress(1000)
    if progress:
        progress(len(state.mentions) % 1000)


def chain_stage(
    state: MaskingState,
    chains: Sequence[tuple[int, ...]],
    policy: Policy,
    result: SelectionResult,
    entity_ids: Sequence[str],
    doc_ids: Sequence[str],
    progress: Callable[[int], None] | None = None,
    pre: np.ndarray | None = None,
) -> None:
    """Re-score every chain on the current state, then work the riskiest first: mask the
    entity with the highest impact (risk now minus risk with it masked) until the chain
    meets its target or no entity lowers its risk. `pre`: the chains' risks on the current
    state, when the caller has them."""
    if pre is None:
        pre = np.fromiter((state.chain_risk(c) for c in chains), float, len(chains))
    outcomes = ChainOutcomes.start(policy, pre)
    # Masking only lowers risks, so a chain at or under its target now needs nothing and stays
    # met: only the others are worked, riskiest first (ties by their documents).
    over = over_target_order(chains, pre, outcomes.target)
    if progress:
        progress(len(chains) - len(over))
    for done, i in enumerate(over.tolist(), start=1):
        chain = chains[i]
        target = outcomes.target[i]
        risk = state.chain_risk(chain)
        reason = None
        while risk > target + TOLERANCE:
            best, best_risk = None, risk
            for e in unmasked_candidates(state, chain):
                r = state.chain_risk(chain, without=e)
                if r < best_risk - TOLERANCE:  # candidates come sorted: ties keep the first
                    best, best_risk = e, r
            if best is None:
                reason = "nothing left to mask" if not unmasked_candidates(state, chain) else "no entity lowers the risk"
                break
            state.mask(best)
            result.masked.setdefault(best, "chain")
            label = " -> ".join(doc_ids[d] for d in chain)
            result.decisions.append(Decision(entity_ids[best], "chain", label, risk, best_risk))
            risk = best_risk
        if reason is not None:
            outcomes.reasons[i] = reason
        if progress and done % 1000 == 0:
            progress(1000)
    if progress:
        progress(len(over) % 1000)
    result.chains = settle_chain_outcomes(state, chains, outcomes)


def over_target_order(chains: Sequence[tuple[int, ...]], pre: np.ndarray, target: np.ndarray) -> np.ndarray:
    """Indexes of the chains over their target, riskiest first, ties in their documents' order
    (a chain's tuple of document indexes, as Python compares tuples)."""
    over = np.flatnonzero(pre > target + TOLERANCE)
    docs = getattr(chains, "docs", None)  # ChainTable.paths: the documents as an array, -1 padded
    if docs is not None:
        # -1 pads a shorter chain, so it sorts before a longer one it begins, as tuples do
        keys = [docs[over, j] for j in range(docs.shape[1] - 1, -1, -1)]
        return over[np.lexsort([*keys, -pre[over]])]
    return np.array(sorted(over.tolist(), key=lambda i: (-pre[i], tuple(chains[i]))), dtype=np.int64)


def unmasked_candidates(state: MaskingState, chain: Sequence[int]) -> list[int]:
    """The unmasked entities of a chain's documents, in index order (ties resolve to the first)."""
    seen: set[int] = set()
    for d in chain:
        seen.update(e for e in state.mentions[d] if e not in state.masked)
    return sorted(seen)
