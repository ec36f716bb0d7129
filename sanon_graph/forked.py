"""Work spread over the machine's cores by forked worker processes.

The workers are forked, so they inherit what the parent holds (the corpus, the redactor)
instead of receiving it pickled: only the small task descriptions go to them and their
results come back. Results arrive in task order, so output is the same as a serial run's.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

MAX_WORKERS = 8
# Below this many documents (or records), starting workers costs more than it saves.
PARALLEL_MIN = 4000
T = TypeVar("T")
R = TypeVar("R")

_STATE: Any = None  # what the workers read, set before the fork


def workers() -> int:
    """How many processes a corpus's work is spread over here."""
    return min(os.cpu_count() or 1, MAX_WORKERS)


def worth_forking(items: int) -> bool:
    """Whether work over this many documents or records is spread over workers."""
    return items >= PARALLEL_MIN


def forked_map(func: Callable[[Any, T], R], state: Any, tasks: Iterable[T], parallel: bool = True) -> Iterator[R]:
    """func(state, task) for every task, in order; over forked workers when `parallel` and the
    machine has more than one core, else in this process (the same results either way)."""
    if not parallel or workers() < 2:
        for task in tasks:
            yield func(state, task)
        return
    global _STATE
    _STATE = state
    try:
        with ProcessPoolExecutor(workers(), mp_context=multiprocessing.get_context("fork")) as pool:
            yield from pool.map(_call, ((func, task) for task in tasks))
    finally:
        _STATE = None


def _call(job: tuple[Callable[[Any, Any], Any], Any]) -> Any:
    func, task = job
    return func(_STATE, task)
