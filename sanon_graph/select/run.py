"""One entry point for every strategy: direct-identifier floor, document stage, chain
targets, chain stage.

The floor comes first and applies to every strategy: every entity of a type the schema marks
`direct` (a name, an e-mail address, a patient ID) is masked whatever the risks, because
nobody signs off a corpus in which a unique e-mail address is readable. METHOD's stages then
work on what is left. With the floor off (`direct_floor = false`) the selection is METHOD's.

greedy and knapsack run METHOD's document stage (per document, most important entity first)
and then their own chain stage. exact solves both stages in one integer programme. Its
chain targets come from METHOD's document stage, like the other strategies' targets (R_pre
is the risk at the start of the chain stage). So the greedy and knapsack selections are
feasible solutions of the exact programme, and exact never masks more than either.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from ..config import Settings
from ..models import Decision
from ..risk import MaskingState
from . import (
    TOLERANCE,
    ChainOutcome,
    ChainOutcomes,
    DocumentOutcome,
    SelectionResult,
    chain_target,
    exact,
    greedy,
    knapsack,
)

Stage = Callable[[str, int], object]  # a context manager factory: stage(name, total) -> advance


def entity_costs(state: MaskingState, mask_cost: str) -> list[int]:
    """The utility cost of masking each entity: 1, or the number of documents that mention it."""
    if mask_cost == "documents":
        return [max(1, len(docs)) for docs in state.docs_of]
    return [1] * len(state.u)


def select(
    state: MaskingState,
    chains: Sequence[tuple[int, ...]],
    settings: Settings,
    entity_ids: Sequence[str],
    doc_ids: Sequence[str],
    stage: Stage,
    direct: Sequence[bool] | None = None,
) -> tuple[SelectionResult, list[float]]:
    """Mask entities on `state`; returns the result and each chain's risk at the start of the
    chain stage (the R_pre its target comes from). `direct[e]` says entity e is of a direct
    identifier type (None: no entity is); the policy's floor masks those first."""
    policy = settings.policy
    costs = entity_costs(state, settings.mask_cost)
    result = SelectionResult(strategy=settings.selection)
    if policy.direct_floor and direct is not None:
        direct_floor(state, direct, result, entity_ids, doc_ids)
    if settings.selection == "exact":
        return _exact(state, chains, settings, entity_ids, doc_ids, costs, stage, result)
    if settings.document_stage:
        with stage("select: document stage", len(state.mentions)) as advance:
            greedy.document_stage(state, policy, result, entity_ids, doc_ids, advance)
    pre = np.fromiter((state.chain_risk(c) for c in chains), float, len(chains))
    if settings.chain_stage:
        with stage("select: chain stage", len(chains)) as advance:
            if settings.selection == "knapsack":
                knapsack.chain_stage(state, chains, policy, result, entity_ids, doc_ids, costs, advance)
            else:
                greedy.chain_stage(state, chains, policy, result, entity_ids, doc_ids, advance, pre=pre)
    return result, pre


def direct_floor(state: MaskingState, direct: Sequence[bool], result: SelectionResult,
                 entity_ids: Sequence[str], doc_ids: Sequence[str]) -> None:
    """Mask every entity of a direct-identifier type. Each decision names the riskiest document
    the entity is in, with that document's risk before the floor and after it."""
    floor = [e for e, is_direct in enumerate(direct) if is_direct and e not in state.masked and state.docs_of[e]]
    riskiest = {e: max(state.docs_of[e], key=lambda d: (state.doc_risk(d), -d)) for e in floor}
    before = {d: state.doc_risk(d) for d in set(riskiest.values())}
    for e in floor:
        state.mask(e)
        result.masked[e] = "direct"
    for e in floor:
        d = riskiest[e]
        result.decisions.append(Decision(entity_ids[e], "direct", doc_ids[d], before[d], state.doc_risk(d)))


def _exact(state, chains, settings, entity_ids, doc_ids, costs, stage,
           result: SelectionResult) -> tuple[SelectionResult, list[float]]:
    policy = settings.policy
    floor = {e for e, s in result.masked.items() if s == "direct"}
    # The programme sees the floor's entities as gone (weight 0): it cannot spend on them,
    # and every risk it checks is the risk after the floor.
    view = MaskingState(state.mentions, state.u, [0.0 if e in floor else w for e, w in enumerate(state.w)])
    # METHOD's stages on a scratch state: the chain targets, and a verified fallback.
    reference = MaskingState(state.mentions, state.u, state.w)
    for e in floor:
        reference.mask(e)
    scratch = SelectionResult()
    with stage("select: reference (greedy)", len(state.mentions) + len(chains)) as advance:
        if settings.document_stage:
            greedy.document_stage(reference, policy, scratch, entity_ids, doc_ids, advance)
        pre = [reference.chain_risk(c) for c in chains]
        if settings.chain_stage:
            greedy.chain_stage(reference, chains, policy, scratch, entity_ids, doc_ids, advance)
    targets = [chain_target(policy, r) for r in pre]
    over_docs = ([d for d in range(len(state.mentions)) if state.doc_risk(d) >= policy.theta_doc]
                 if settings.document_stage else [])
    doc_risk_before = {d: state.doc_risk(d) for d in over_docs}
    chain_risk_before = [state.chain_risk(c) for c in chains]
    with stage("select: exact", 1) as advance:
        masked, report = exact.solve(
            view, over_docs, policy.theta_doc, chains if settings.chain_stage else [],
            [t for _, t in targets] if settings.chain_stage else [], costs, set(reference.masked) - floor,
            settings.time_limit_seconds)
        advance(1)
    masked = set(masked) - floor
    for e in sorted(masked):
        state.mask(e)
    result.solver = report.as_dict()
    over = set(over_docs)
    first_chain: dict[int, int] = {}  # entity -> the first chain it is in, for the decisions
    for k, chain in enumerate(chains):
        for d in chain:
            for e in state.mentions[d]:
                if e in masked:
                    first_chain.setdefault(e, k)
    for e in sorted(masked):
        doc = next((d for d in sorted(state.docs_of[e]) if d in over), None)
        if doc is not None:
            result.masked[e] = "document"
            result.decisions.append(Decision(entity_ids[e], "document", doc_ids[doc], doc_risk_before[doc],
                                             state.doc_risk(doc)))
            continue
        result.masked[e] = "chain"
        k = first_chain.get(e)
        label = " -> ".join(doc_ids[d] for d in chains[k]) if k is not None else ""
        result.decisions.append(Decision(entity_ids[e], "chain", label,
                                         chain_risk_before[k] if k is not None else 0.0,
                                         state.chain_risk(chains[k]) if k is not None else 0.0))
    for d in over_docs:
        risk = state.doc_risk(d)
        met = risk < policy.theta_doc
        result.documents[d] = DocumentOutcome(risk, met, None if met else "nothing left to mask")
    if settings.chain_stage:
        outcomes = []
        for chain, r_pre, (category, target) in zip(chains, pre, targets, strict=True):
            risk = state.chain_risk(chain)
            met = risk <= target + TOLERANCE
            outcomes.append(ChainOutcome(r_pre, risk, category, target, met,
                                         None if met else "not met by the exact solution"))
        result.chains = ChainOutcomes.from_list(outcomes)
    return result, np.array(pre, dtype=float)
