"""The memory budget of a run (issue 16): `--memory-limit` / `[resources] memory_limit`.

One number budgets the run. The embedded engine gets a share of it as its buffer pool
(graph/ladybug.py, BUFFER_POOL_SHARE), less when the process already holds more than the rest
of the limit (the pool is sized again each time the store reopens the database between the heavy
stages): a hard ceiling the engine reports as BufferPoolError. The Python side is not capped;
it is kept small (arrays, shared values) and the pool leaves room for it. Before the graph is
built, a deliberately low estimate of the run's peak from the corpus size is checked against it: a corpus that
clearly cannot fit stops there with one line (MemoryLimitError), before the long stages. The
peak actually reached goes into run.json (`resources`).

Sizes: a number and a unit, B, KB, MB, GB, TB (powers of 1024, as memory is counted; KiB,
MiB, GiB, TiB and K, M, G, T mean the same), or a percentage of the machine's memory (`50%`).
The default is half of the machine's memory: the physical memory, or the cgroup (container)
limit when that is smaller.
"""

from __future__ import annotations

import ctypes
import gc
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import MemoryLimitError

DEFAULT_SHARE = 0.5  # of the machine's memory: room for the OS, the page cache and other work
UNITS = {"b": 0, "k": 1, "kb": 1, "kib": 1, "m": 2, "mb": 2, "mib": 2, "g": 3, "gb": 3, "gib": 3,
         "t": 4, "tb": 4, "tib": 4}
SIZE_SYNTAX = "a size such as 4GB, 3500MB or 512MiB (units B, KB, MB, GB, TB: powers of 1024), or a share of " \
              "the machine's memory such as 50%"
_SIZE = re.compile(r"^\s*(\d+(?:\.\d*)?|\.\d+)\s*([A-Za-z%]*)\s*$")
# Below this no run is possible at all (the interpreter, the libraries and the engine alone).
MIN_LIMIT = 16 * 2**20

# CGROUP_FILES: where a container's memory limit is (cgroup v2, then v1).
CGROUP_FILES = ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes")

# The estimate of a run's peak memory (resident set of the analyze process, engine included):
#   BASE + PER_DOCUMENT * documents + PER_CHARACTER * characters + PER_MENTION * mentions
#   + PER_ENTITY * entities
# A deliberate underestimate: the check must never refuse a corpus that would fit (a late "buffer
# pool is full" error is the lesser evil), so it only catches limits that are clearly too small.
# Calibrated on synthetic corpora (precomputed entities, embedded engine, default policy; peak
# RSS measured with the engine's default pool, MB; the README's scale section has the table):
#   zipf profile  1k docs / 11k mentions / 2.6k entities: peak 376, estimate 166 (2.3x)
#                 3k / 33k / 5.8k: 732, 195 (3.8x);  10k / 110k / 13.9k: 1,321, 295 (4.5x)
#                 20k / 220k / 23k: 1,823, 435 (4.2x)
#   uniform       100k docs / 1M mentions / 102k entities: 3,348 (--memory-limit 4GB), 1,465 (2.3x)
#   all distinct  20k docs / 220k mentions / 220k entities, no links: 1,931, 623 (3.1x)
#   tiny docs     50k docs of one value each (~20 characters): 560, 346 (1.6x)
# (measured with commit ad4f06b's link candidates; the signature-based candidates in progress
# gave 1,059 for zipf 10k and 575 for the tiny documents: the estimate stays under)
# With the pool given back between stages (graph/ladybug.py, release): zipf 10k / 30k / 100k
# peaked at 795 / 1,388 / 3,106 MB, estimated 294 / 573 / 1,539 (2.7x, 2.4x, 2.0x).
# Each term is also a floor of its own: a document is its object, ids, path, per-document
# dicts and arrays, frame rows and graph node (2 KB); a character is held at least once (1 B,
# ASCII); a mention its object and the reference state's entry (200 B: the frames are loaded in
# chunks and the findings share their strings); an entity its object with spelling and document
# sets, frame row and graph node (1 KB). The tiny-document corpus binds the per-document term.
# The per-mention term was 1 KB until the Python side was made compact (issue 16): it then
# refused the 1,000,000-document zipf corpus (11M mentions, 14 GB estimated) under a 12 GB
# limit while the process held 3.7 GB after assembling it; zipf 100k now peaks at 2,335 MB
# against an estimate of 675 MB.
ESTIMATE_BASE = 150 * 2**20  # interpreter and libraries (120 MB measured) and the engine (~90 MB)
ESTIMATE_PER_DOCUMENT = 2 * 2**10
ESTIMATE_PER_CHARACTER = 1
ESTIMATE_PER_MENTION = 200
ESTIMATE_PER_ENTITY = 2**10
# What a refused run is told to raise the limit to: measured peaks were 1.6-4.5x the estimate.
SUGGESTED_FACTOR = 3


def parse_size(value: Any, machine: int | None = None) -> int:
    """Bytes from "4GB", "3500MB", "512MiB", "1.5G", "50%" (of `machine`, default this machine's
    memory). ValueError names the value and the reason."""
    if isinstance(value, bool) or not isinstance(value, str):
        raise ValueError(f"{value!r} is not a size: write it as a string with a unit, {SIZE_SYNTAX}")
    match = _SIZE.match(value)
    if not match:
        raise ValueError(f"{value!r} is not a size: expected {SIZE_SYNTAX}")
    number, unit = float(match.group(1)), match.group(2).lower()
    if unit == "%":
        if not 0 < number <= 100:
            raise ValueError(f"{value!r}: a share of the machine's memory must be above 0% and at most 100%")
        size = int(number / 100 * (machine if machine is not None else machine_memory()))
    elif unit == "":
        raise ValueError(f"{value!r} has no unit: write e.g. {match.group(1)}GB or {match.group(1)}MB "
                         "(a bare number would be bytes, almost surely not what was meant)")
    elif unit not in UNITS:
        raise ValueError(f"{value!r}: unknown unit {match.group(2)!r}; expected {SIZE_SYNTAX}")
    else:
        size = int(number * 1024 ** UNITS[unit])
    if size < MIN_LIMIT:
        raise ValueError(f"{value!r} is {format_size(size)}: a memory limit must be at least "
                         f"{format_size(MIN_LIMIT)}")
    return size


def format_size(size: int | float) -> str:
    """3.5 GB, 640 MB, 12 KB: powers of 1024, as parse_size reads them."""
    for unit, power in (("TB", 4), ("GB", 3), ("MB", 2), ("KB", 1)):
        if size >= 1024 ** power:
            value = size / 1024 ** power
            return f"{value:.1f} {unit}" if value < 10 else f"{value:.0f} {unit}"
    return f"{int(size)} B"


def physical_memory() -> int:
    return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")


def cgroup_limit() -> int | None:
    """The container's memory limit, or None when there is none (cgroup v2 "max", v1's huge value)."""
    for name in CGROUP_FILES:
        try:
            text = Path(name).read_text().strip()
        except (OSError, ValueError):
            continue
        if text.isdigit() and int(text) < 2**60:
            return int(text)
    return None


def machine_memory() -> int:
    """The memory this process can have: physical memory, or the cgroup limit when smaller."""
    limit = cgroup_limit()
    physical = physical_memory()
    return min(physical, limit) if limit else physical


def default_memory_limit() -> int:
    return int(DEFAULT_SHARE * machine_memory())


def resolve_memory_limit(setting: str | None) -> tuple[int, str]:
    """(bytes, where it came from): the setting's value, or the default share of the machine."""
    if setting is None:
        return default_memory_limit(), f"default: {DEFAULT_SHARE:.0%} of the machine's memory"
    return parse_size(setting), "memory_limit"


@dataclass
class MemoryPlan:
    """The budget of one analyze run, and what run.json reports about it."""

    limit: int
    source: str  # "memory_limit" (given) or "default: ..."
    backend: str
    buffer_pool: int | None  # the embedded engine's pool; None on Neo4j (the server is not bounded by it)
    estimate: int = 0  # the estimated peak of the run, set by check()
    # the pools the engine was opened with, in order: each as large as the limit leaves beside
    # what the process held then (graph/ladybug.py, buffer_pool_for), at most buffer_pool
    pools_opened: list[int] = field(default_factory=list)

    @classmethod
    def for_run(cls, setting: str | None, backend: str) -> MemoryPlan:
        limit, source = resolve_memory_limit(setting)
        pool = None
        if backend == "ladybug":
            from .graph.ladybug import buffer_pool_for

            pool = buffer_pool_for(limit)
        return cls(limit=limit, source=source, backend=backend, buffer_pool=pool)

    def check(self, documents: int, characters: int, mentions: int = 0, entities: int = 0) -> None:
        """Stop now if the corpus cannot fit: the estimated peak, or the memory the process
        already holds, exceeds the limit. Mentions and entities are 0 before extraction. On
        Neo4j only what is held counts: the estimate models the embedded engine in this process."""
        estimate = estimate_peak(documents, characters, mentions, entities) if self.buffer_pool is not None else 0
        self.estimate = max(self.estimate, estimate)
        held = current_rss()
        need, what = (held, "the process already holds") if held > estimate else (estimate, "estimated peak")
        if need > self.limit:
            corpus = f"{documents:,} documents, {characters:,} characters" + (
                f", {mentions:,} mentions, {entities:,} entities" if mentions or entities else "")
            given = ("the limit given" if self.source == "memory_limit"
                     else f"the default limit ({self.source.removeprefix('default: ')})")
            raise MemoryLimitError(
                f"the corpus does not fit the memory limit: {what} {format_size(need)} for {corpus}, over "
                f"{given} of {format_size(self.limit)}; raise --memory-limit (or [resources] memory_limit) to "
                f"{format_size(SUGGESTED_FACTOR * need)} or more (measured peaks are 1.6-4.5x the estimate), "
                "or analyse the corpus in parts")

    def warning(self) -> str | None:
        """A limit above the machine's memory bounds nothing: the system would kill the run first."""
        machine = machine_memory()
        if self.limit > machine:
            return (f"the memory limit ({format_size(self.limit)}) is more than this machine's memory "
                    f"({format_size(machine)}): a run that needs it would be killed by the system, not stopped")
        return None

    def record(self) -> dict[str, Any]:
        """run.json's `resources`: the budget, the engine's share and the peaks so far (the peak
        of this process, and separately the largest of its finished child processes: the
        extraction workers)."""
        peaks = peak_rss()
        return {
            "memory_limit_bytes": self.limit,
            "memory_limit": format_size(self.limit),
            "memory_limit_source": self.source,
            "buffer_pool_bytes": self.buffer_pool,
            "buffer_pools_opened_bytes": self.pools_opened if self.buffer_pool is not None else None,
            "buffer_pool": format_size(self.buffer_pool) if self.buffer_pool is not None else None,
            "buffer_pool_note": None if self.buffer_pool is not None else
            "neo4j: the server's memory is its own configuration; the limit bounds this process only",
            "estimated_peak_bytes": self.estimate,
            **peaks,
            # the pool is bounded, the Python side and the engine's memory outside its pool are not
            "peak_within_limit": None if peaks["peak_rss_bytes"] is None else peaks["peak_rss_bytes"] <= self.limit,
        }


def estimate_peak(documents: int, characters: int, mentions: int, entities: int) -> int:
    """The run's peak memory, a deliberate underestimate (constants above)."""
    return int(ESTIMATE_BASE + ESTIMATE_PER_DOCUMENT * documents + ESTIMATE_PER_CHARACTER * characters
               + ESTIMATE_PER_MENTION * mentions + ESTIMATE_PER_ENTITY * entities)


def peak_rss() -> dict[str, int | None]:
    """Peak resident memory so far (getrusage ru_maxrss): this process, engine included, and the
    largest of its finished children. None where the platform has no getrusage."""
    try:
        import resource
    except ImportError:  # not Unix
        return {"peak_rss_bytes": None, "peak_rss_children_bytes": None}
    scale = 1 if sys.platform == "darwin" else 1024  # bytes on macOS, kilobytes on Linux
    return {"peak_rss_bytes": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * scale,
            "peak_rss_children_bytes": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * scale}


def current_rss() -> int:
    """Resident memory now (Linux /proc; elsewhere 0, which never stops a run)."""
    try:
        fields = Path("/proc/self/statm").read_text().split()
        return int(fields[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def release_memory() -> None:
    """Hand freed memory back to the system: between the stages of a large run, and before the
    engine's buffer pool is sized again (graph/ladybug.py), which it is from the resident memory.

    Extraction leaves hundreds of MB of freed Python objects in the allocator, and every frame
    copied into or out of the graph puts its strings in Arrow buffers (pandas' str columns),
    whose allocator (mimalloc) keeps what they free: 200 MB of the 100,000-document load stayed
    resident after its frames were gone, 2.3 GB at 1,000,000 documents, on top of which the
    engine's pool grew."""
    gc.collect()
    try:
        import pyarrow

        pyarrow.default_memory_pool().release_unused()
    except (ImportError, AttributeError):  # no pyarrow, or one without release_unused
        pass
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):  # not glibc: nothing to trim
        pass
