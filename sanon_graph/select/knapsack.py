"""The knapsack strategy for the chain stage (METHOD 2.5, the research's default).

Per chain over target, riskiest first: the required reduction is measured in log space,
`need = -log(1 - R_now) + log(1 - target)`, where the noisy-or chain risk is closest to
additive; the impact of an entity is how much masking it alone lowers `-log(1 - R)`. A
dynamic programme over costs finds the cheapest set whose impacts add up to the need.
Impacts are not exactly additive (an entity shared by both documents lowers the strength
and both risks at once), so the set is applied, the chain re-scored, and the programme run
again on what is left until the target is met. Finally every chosen entity whose removal
still leaves the target met is given back (reverse delete), so no chosen set has a
redundant member. Entities already masked cost nothing.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np

from ..config import Policy
from ..models import Decision
from ..risk import MaskingState
from . import (
    TOLERANCE,
    ChainOutcome,
    ChainOutcomes,
    SelectionResult,
    chain_target,
    settle_chain_outcomes,
)
from .greedy import unmasked_candidates


def min_cost_cover(gains: Sequence[float], costs: Sequence[int], need: float) -> list[int] | None:
    """Indices of the cheapest subset with sum(gains) >= need (0/1 knapsack over integer
    costs, ties to the larger gain); None when even all of them fall short."""
    if need <= 0:
        return []
    if sum(gains) < need:
        return None
    budget = int(sum(costs))
    best = np.full(budget + 1, -np.inf)
    best[0] = 0.0
    taken = np.zeros((len(gains), budget + 1), dtype=bool)
    for i, (g, c) in enumerate(zip(gains, costs, strict=True)):
        shifted = np.full(budget + 1, -np.inf)
        shifted[c:] = best[: budget + 1 - c] + g
        better = shifted > best
        taken[i] = better
        best = np.where(better, shifted, best)
    reachable = np.nonzero(best >= need)[0]
    cost = int(reachable[0])
    chosen = []
    for i in range(len(gains) - 1, -1, -1):  # walk the table back from the cheapest cover
        if taken[i, cost]:
            chosen.append(i)
            cost -= int(costs[i])
    return sorted(chosen)


def _log_keep(risk: float) -> float:
    return -math.log1p(-min(risk, 1.0 - 1e-15))


def chain_stage(
    state: MaskingState,
    chains: Sequence[tuple[int, ...]],
    policy: Policy,
    result: SelectionResult,
    entity_ids: Sequence[str],
    doc_ids: Sequence[str],
    costs: Sequence[int],
    progress: Callable[[int], None] | None = None,
) -> None:
    pre = [state.chain_risk(c) for c in chains]
    targets = [chain_target(policy, r) for r in pre]
    order = sorted(range(len(chains)), key=lambda i: (-pre[i], chains[i]))
    by_index: dict[int, ChainOutcome] = {}
    for done, i in enumerate(order, start=1):
        chain = chains[i]
        category, target = targets[i]
        risk = state.chain_risk(chain)
        reason = None
        chosen_here: list[int] = []
        while risk > target + TOLERANCE:
            candidates = unmasked_candidates(state, chain)
            now = _log_keep(risk)
            impact = {e: now - _log_keep(state.chain_risk(chain, without=e)) for e in candidates}
            useful = [e for e in candidates if impact[e] > 0]
            if not useful:
                reason = "nothing left to mask" if not candidates else "no entity lowers the risk"
                break
            # a hair over the need, so float rounding cannot leave the chain just over target
            need = now - _log_keep(target) + 1e-12
            picked = min_cost_cover([impact[e] for e in useful], [costs[e] for e in useful], need)
            batch = useful if picked is None else [useful[j] for j in picked]
            for e in batch:
                state.mask(e)
            chosen_here.extend(batch)
            risk = state.chain_risk(chain)
        if reason is None:
            # Reverse delete: give back the cheapest-to-keep members the target does not need.
            for e in sorted(chosen_here, key=lambda e: (-costs[e], e)):
                state.unmask(e)
                if state.chain_risk(chain) > target + TOLERANCE:
                    state.mask(e)
            chosen_here = [e for e in chosen_here if e in state.masked]
        label = " -> ".join(doc_ids[d] for d in chain)
        risk_start = state.chain_risk_given(chain, state.masked - set(chosen_here))
        risk_end = state.chain_risk(chain)
        for e in chosen_here:  # one decision per member of the set, with the set's effect
            result.masked.setdefault(e, "chain")
            result.decisions.append(Decision(entity_ids[e], "chain", label, risk_start, risk_end))
        by_index[i] = ChainOutcome(pre[i], state.chain_risk(chain), category, target, reason is None, reason)
        if progress and done % 1000 == 0:
            progress(1000)
    if progress:
        progress(len(chains) % 1000)
    result.chains = settle_chain_outcomes(state, chains, ChainOutcomes.from_list([by_index[i] for i in range(len(chains))]))
