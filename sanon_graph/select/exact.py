"""The exact strategy: the cheapest set of entities meeting every document and chain target,
as an integer programme solved with HiGHS (highspy).

Variables: x_e = 1 when entity e is masked; minimise sum cost_e * x_e.

Document targets are linear in log space, exactly (METHOD 2.5):
    R(d) < theta_doc  <=>  sum_e L_ed * x_e >= sum_e L_ed + log(1 - theta_doc),
    L_ed = -log(1 - c(e, d)).
An entity with c = 1 decides the document alone and is fixed to 1.

Chain targets are not linear (a hop multiplies an edge strength by the two document risks),
so they are enforced *exactly* by lazy cover cuts instead of a bound: chain risk only falls
as more entities are masked, so if a solution's masked set S leaves a chain over target,
every set that masks nothing of the chain's entities outside S fails too. The cut is
lifted first: S is grown, least useful entity first, to a maximal set that still fails,
and the cut says "mask at least one of the chain's entities outside it". The programme is
solved, every target re-checked with the reference formulas (risk.py), cuts are added for
what fails, and the loop repeats; the first solution that passes every check is optimal,
because every cut only removes sets that fail. Document targets are re-checked the same way,
so the solver's float tolerances can never let a document through just over its target.

Past the time limit the best verified solution is used (the greedy-plus-document-stage
solution the pipeline passes in, or a better verified one found on the way), and the
report says that optimality was not proven.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..risk import MaskingState
from . import TOLERANCE

HARD = 1.0 - 1e-15  # a contribution at least this large decides its document alone


@dataclass
class ExactReport:
    status: str  # "optimal" | "time limit" | "no targets"
    proven_optimal: bool
    objective: float
    incumbent_objective: float  # the fallback solution's cost, for comparison
    rounds: int
    cuts: int
    seconds: float
    solution_from: str  # "solver" | "fallback"

    def as_dict(self) -> dict:
        return dict(self.__dict__)


def _doc_risk(state: MaskingState, d: int, masked: set[int]) -> float:
    keep = 1.0
    for e, r in state.mentions[d].items():
        if e not in masked:
            keep *= 1.0 - r * state.scale[e]
    return 1.0 - keep


class _Problem:
    def __init__(self, state: MaskingState, over_docs: Sequence[int], theta_doc: float,
                 chains: Sequence[tuple[int, ...]], chain_targets: Sequence[float]):
        self.state, self.theta_doc = state, theta_doc
        self.over_docs = list(over_docs)
        self.chains = [(c, t) for c, t in zip(chains, chain_targets, strict=True)
                       if state.chain_risk_given(c, set()) > t + TOLERANCE]
        entities: set[int] = set()
        for d in self.over_docs:
            entities.update(state.mentions[d])
        self.chain_entities = []
        for chain, _ in self.chains:
            es = sorted({e for d in chain for e in state.mentions[d]})
            self.chain_entities.append(es)
            entities.update(es)
        self.entities = sorted(entities)
        self.column = {e: j for j, e in enumerate(self.entities)}

    def doc_fails(self, d: int, masked: set[int]) -> bool:
        return _doc_risk(self.state, d, masked) >= self.theta_doc

    def chain_fails(self, k: int, masked: set[int]) -> bool:
        chain, target = self.chains[k]
        return self.state.chain_risk_given(chain, masked) > target + TOLERANCE

    def lift(self, fails, scope: Sequence[int], masked: set[int]) -> list[int]:
        """The cut's entities: scope minus a maximal failing superset of masked & scope."""
        failing = set(masked) & set(scope)
        for e in scope:  # fixed order keeps runs reproducible
            if e not in failing and fails(failing | {e}):
                failing.add(e)
        return [e for e in scope if e not in failing]


def solve(
    state: MaskingState,
    over_docs: Sequence[int],
    theta_doc: float,
    chains: Sequence[tuple[int, ...]],
    chain_targets: Sequence[float],
    costs: Sequence[float],
    fallback: set[int],
    time_limit: float,
) -> tuple[set[int], ExactReport]:
    """The cheapest masked set meeting every target (see the module doc); `fallback` must be
    a set that meets them all (it is used when the time limit stops the search)."""
    import highspy

    started = time.perf_counter()
    problem = _Problem(state, over_docs, theta_doc, chains, chain_targets)
    if any(problem.doc_fails(d, fallback) for d in problem.over_docs) or any(
            problem.chain_fails(k, fallback) for k in range(len(problem.chains))):
        fallback = set(problem.entities)  # masking everything in reach meets every target
    fallback_cost = float(sum(costs[e] for e in fallback))
    if not problem.over_docs and not problem.chains:
        return set(), ExactReport("no targets", True, 0.0, fallback_cost, 0, 0, 0.0, "solver")

    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.setOptionValue("mip_rel_gap", 0.0)
    h.setOptionValue("mip_abs_gap", 1e-9)
    n = len(problem.entities)
    lower = np.zeros(n)
    h.addVars(n, lower, np.ones(n))
    h.changeColsIntegrality(n, np.arange(n), np.array([highspy.HighsVarType.kInteger] * n))
    h.changeColsCost(n, np.arange(n), np.array([float(costs[e]) for e in problem.entities]))
    inf = highspy.kHighsInf
    cuts = 0

    def add_cover(entities: Sequence[int]) -> None:
        nonlocal cuts
        idx = np.array([problem.column[e] for e in entities], dtype=np.int32)
        h.addRow(1.0, inf, len(idx), idx, np.ones(len(idx)))
        cuts += 1

    log_target = -math.log1p(-theta_doc)
    for d in problem.over_docs:
        terms = [(e, state.mentions[d][e] * state.scale[e]) for e in sorted(state.mentions[d])]
        hard = [e for e, c in terms if c >= HARD]
        for e in hard:
            h.changeColBounds(problem.column[e], 1.0, 1.0)
        soft = [(e, -math.log1p(-c)) for e, c in terms if c < HARD and c > 0]
        need = sum(weight for _, weight in soft) - log_target
        if need > 0 and soft:
            idx = np.array([problem.column[e] for e, _ in soft], dtype=np.int32)
            # a hair over the need: R(d) < theta_doc is strict
            h.addRow(need + 1e-9, inf, len(idx), idx, np.array([w for _, w in soft]))
    best, best_cost, solution_from = set(fallback), fallback_cost, "fallback"
    proven, rounds, status = False, 0, "time limit"
    for k, scope in enumerate(problem.chain_entities):
        if k % 256 == 0 and time.perf_counter() - started > time_limit:
            # building the first cuts alone ran out of time (a very large corpus)
            return best, ExactReport("time limit", False, best_cost, fallback_cost, 0, cuts,
                                     round(time.perf_counter() - started, 3), "fallback")
        add_cover(problem.lift(lambda m, k=k: problem.chain_fails(k, m), scope, set()))

    while True:
        remaining = time_limit - (time.perf_counter() - started)
        if remaining <= 0:
            break
        h.setOptionValue("time_limit", remaining)
        h.run()
        rounds += 1
        model_status = h.getModelStatus()
        optimal = model_status == highspy.HighsModelStatus.kOptimal
        values = h.getSolution().col_value
        if not optimal and not (model_status == highspy.HighsModelStatus.kTimeLimit and len(values) == n):
            status = f"solver stopped: {h.modelStatusToString(model_status)}"
            break
        masked = {problem.entities[j] for j in range(n) if values[j] > 0.5}
        failing_docs = [d for d in problem.over_docs if problem.doc_fails(d, masked)]
        failing_chains = [k for k in range(len(problem.chains)) if problem.chain_fails(k, masked)]
        if not failing_docs and not failing_chains:
            cost = float(sum(costs[e] for e in masked))
            if cost <= best_cost + 1e-9:
                best, best_cost, solution_from = masked, cost, "solver"
            if optimal:
                proven, status = True, "optimal"
            break
        if not optimal:
            break  # out of time with a solution that fails a target: keep the verified one
        for d in failing_docs:
            scope = sorted(state.mentions[d])
            add_cover(problem.lift(lambda m, d=d: problem.doc_fails(d, m), scope, masked))
        for k in failing_chains:
            add_cover(problem.lift(lambda m, k=k: problem.chain_fails(k, m), problem.chain_entities[k], masked))
    report = ExactReport(status, proven, best_cost, fallback_cost, rounds, cuts,
                         round(time.perf_counter() - started, 3), solution_from)
    return best, report
