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
Targets that share no entity are independent: each connected group is its own, much smaller
programme.

Past the time limit the best verified solution is used (the greedy-plus-document-stage
solution the pipeline passes in, or a better verified one found on the way), and the
report says that optimality was not proven.
"""

from __future__ import annotations

import math
import os
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
    solution_from: str  # "solver" | "fallback" | "mixed" (per component)
    components: int = 0  # independent groups of targets, each its own programme
    components_optimal: int = 0

    def as_dict(self) -> dict:
        return dict(self.__dict__)


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

    def doc_fails(self, d: int, masked: set[int]) -> bool:
        return self.state.doc_risk_given(d, masked) >= self.theta_doc

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
    a set that meets them all (it is used where the time limit stops the search).

    Targets that share no entity are independent, so the programme splits into connected
    components (documents and chains joined by their entities), solved one by one, smallest
    first. The optimum is the union of the components' optima; a component the time limit
    stops keeps its part of the fallback, which meets that component's targets on its own.
    """
    started = time.perf_counter()
    deadline = started + time_limit
    problem = _Problem(state, over_docs, theta_doc, chains, chain_targets)
    if any(problem.doc_fails(d, fallback) for d in problem.over_docs) or any(
            problem.chain_fails(k, fallback) for k in range(len(problem.chains))):
        fallback = set(problem.entities)  # masking everything in reach meets every target
    fallback_cost = float(sum(costs[e] for e in fallback))
    if not problem.over_docs and not problem.chains:
        return set(), ExactReport("no targets", True, 0.0, fallback_cost, 0, 0, 0.0, "solver")

    masked: set[int] = set()
    proven = True
    rounds = cuts = solved = 0
    stopped = None
    components = _components(problem)
    for docs, chain_ids, entities in components:
        part = fallback & set(entities)
        if time.perf_counter() < deadline:
            found, optimal, r, c, note = _solve_component(problem, docs, chain_ids, entities, costs, part, deadline)
            rounds, cuts = rounds + r, cuts + c
            if note:
                stopped = stopped or note
        else:
            found, optimal = part, False
        solved += optimal
        proven &= optimal
        masked |= found
    cost = float(sum(costs[e] for e in masked))
    status = "optimal" if proven else (stopped or "time limit")
    source = "solver" if solved == len(components) else ("fallback" if not solved else "mixed")
    report = ExactReport(status, proven, cost, fallback_cost, rounds, cuts, round(time.perf_counter() - started, 3),
                         source, len(components), solved)
    return masked, report


def _components(problem: _Problem) -> list[tuple[list[int], list[int], list[int]]]:
    """(documents, chains, entities) of each group of targets that share entities, smallest first."""
    parent = {e: e for e in problem.entities}

    def root(e: int) -> int:
        while parent[e] != e:
            parent[e] = parent[parent[e]]
            e = parent[e]
        return e

    scopes = [("doc", d, sorted(problem.state.mentions[d])) for d in problem.over_docs]
    scopes += [("chain", k, scope) for k, scope in enumerate(problem.chain_entities)]
    for _, _, scope in scopes:
        for e in scope[1:]:
            a, b = root(scope[0]), root(e)
            if a != b:
                parent[b] = a
    groups: dict[int, tuple[list[int], list[int], set[int]]] = {}
    for kind, i, scope in scopes:
        if not scope:
            continue
        docs, chain_ids, entities = groups.setdefault(root(scope[0]), ([], [], set()))
        (docs if kind == "doc" else chain_ids).append(i)
        entities.update(scope)
    return sorted(((d, c, sorted(e)) for d, c, e in groups.values()), key=lambda g: (len(g[2]), g[2][0]))


def _quiet_highs(highspy):
    """A HiGHS instance whose banner ("Running HiGHS 1.16.0 ... Copyright") does not reach
    standard output: HiGHS writes it from C++ when the instance is made, before output_flag can
    be set, and on standard output it broke `--json` for scripts. It goes to standard error."""
    import ctypes
    import sys

    sys.stdout.flush()
    try:
        libc = ctypes.CDLL(None)
    except OSError:  # no C library to flush through (not a POSIX system): the banner may show
        return highspy.Highs()
    saved = os.dup(1)
    try:
        os.dup2(2, 1)
        h = highspy.Highs()
        libc.fflush(None)  # what HiGHS wrote through C stdio, before standard output is back
    finally:
        os.dup2(saved, 1)
        os.close(saved)
    return h


def _solve_component(problem: _Problem, docs: list[int], chain_ids: list[int], entities: list[int],
                     costs: Sequence[float], fallback: set[int], deadline: float):
    """(masked set, proven optimal, rounds, cuts, note) of one component."""
    import highspy

    state = problem.state
    column = {e: j for j, e in enumerate(entities)}
    n = len(entities)
    h = _quiet_highs(highspy)
    h.setOptionValue("output_flag", False)
    h.setOptionValue("mip_rel_gap", 0.0)
    h.setOptionValue("mip_abs_gap", 1e-9)
    h.addVars(n, np.zeros(n), np.ones(n))
    h.changeColsIntegrality(n, np.arange(n), np.array([highspy.HighsVarType.kInteger] * n))
    h.changeColsCost(n, np.arange(n), np.array([float(costs[e]) for e in entities]))
    inf = highspy.kHighsInf
    cuts = 0

    def add_cover(cover: Sequence[int]) -> None:
        nonlocal cuts
        idx = np.array([column[e] for e in cover], dtype=np.int32)
        h.addRow(1.0, inf, len(idx), idx, np.ones(len(idx)))
        cuts += 1

    log_target = -math.log1p(-problem.theta_doc)
    for d in docs:
        terms = [(e, state.mentions[d][e] * state.scale[e]) for e in sorted(state.mentions[d])]
        for e, c in terms:
            if c >= HARD:
                h.changeColBounds(column[e], 1.0, 1.0)
        soft = [(e, -math.log1p(-c)) for e, c in terms if 0 < c < HARD]
        need = sum(weight for _, weight in soft) - log_target
        if need > 0 and soft:
            idx = np.array([column[e] for e, _ in soft], dtype=np.int32)
            # a hair over the need: R(d) < theta_doc is strict
            h.addRow(need + 1e-9, inf, len(idx), idx, np.array([w for _, w in soft]))
    for k in chain_ids:
        if time.perf_counter() > deadline:
            return fallback, False, 0, cuts, "time limit"
        add_cover(problem.lift(lambda m, k=k: problem.chain_fails(k, m), problem.chain_entities[k], set()))

    # No starting incumbent (the verified fallback) is given to the solver: with one, HiGHS 1.16
    # reported the optimum's objective but returned the start's values as the solution (a
    # hypothesis case in tests/test_strategies.py: objective 6, the 7 values of the start). The
    # fallback still stands where the time limit stops the search (below).
    rounds = 0
    while True:
        remaining = deadline - time.perf_counter()
        if remaining <= 0:
            return fallback, False, rounds, cuts, "time limit"
        h.setOptionValue("time_limit", remaining)
        h.run()
        rounds += 1
        model_status = h.getModelStatus()
        optimal = model_status == highspy.HighsModelStatus.kOptimal
        values = h.getSolution().col_value
        if not optimal and not (model_status == highspy.HighsModelStatus.kTimeLimit and len(values) == n):
            return fallback, False, rounds, cuts, f"solver stopped: {h.modelStatusToString(model_status)}"
        masked = {entities[j] for j in range(n) if values[j] > 0.5}
        failing_docs = [d for d in docs if problem.doc_fails(d, masked)]
        failing_chains = [k for k in chain_ids if problem.chain_fails(k, masked)]
        if not failing_docs and not failing_chains:
            if optimal:
                return masked, True, rounds, cuts, None
            # out of time, but this one is verified: keep the cheaper of it and the fallback
            better = sum(costs[e] for e in masked) <= sum(costs[e] for e in fallback)
            return (masked if better else fallback), False, rounds, cuts, "time limit"
        if not optimal:
            return fallback, False, rounds, cuts, "time limit"  # what it has fails a target
        for d in failing_docs:
            add_cover(problem.lift(lambda m, d=d: problem.doc_fails(d, m), sorted(state.mentions[d]), masked))
        for k in failing_chains:
            add_cover(problem.lift(lambda m, k=k: problem.chain_fails(k, m), problem.chain_entities[k], masked))
