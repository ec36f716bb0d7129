"""The embedded engine: LadybugDB (the maintained fork of Kuzu), on disk, no server."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import ladybug
import pandas as pd

from ..errors import BufferPoolError, ConfigError, GraphError
from ..memory import current_rss, default_memory_limit, release_memory

# The buffer pool's share of the run's memory limit (sanon_graph/memory.py). The pool is a
# ceiling the engine allocates up to, not a reservation: graph pages beyond it are evicted to
# the database file, but a query's working memory (the hash tables of the link-candidate joins)
# must fit in it or the query fails ("buffer pool is full"). The rest of the limit is for the
# Python side (the corpus, entities and mentions, the reference state and the frames copied
# into and out of the graph, all alive while the engine runs) and for the engine's memory
# outside its pool (catalog, query buffers, allocator arenas: 100-400 MB measured). Measured on
# the synthetic `zipf` corpus at 100,000 documents (1.1M mentions, 438,000 links), with the pool
# given back between the heavy stages (LadybugEngine.release): limits of 12 GB (the default
# here), 4 GB, 3 GB and 2.5 GB (pools of 7.1, 2.4, 1.8 and 1.5 GB) all ran, in 145-160 s, and
# peaked at 3,089-3,123 MB: the pool filled to its size and the Python side came on top (1.5 GB).
# So the pool is also sized from what the process already holds, each time the database is
# opened (the store reopens it between the heavy stages, LadybugEngine.release): at most
# (1 - OUTSIDE_POOL_SHARE) of the limit less the resident memory at that moment, so pool and
# Python side together stay under the limit.
BUFFER_POOL_SHARE = 0.6
# Of the limit, what is kept for the engine's memory outside its pool and for what the Python
# side adds while a query runs (the rows it returns, the arrays made from them).
OUTSIDE_POOL_SHARE = 0.1
# A floor, so that a small limit still leaves the engine room for a small graph; a limit too
# small for the corpus is refused before the graph is built, by the estimate, more clearly.
MIN_BUFFER_POOL = 64 * 2**20
# Read-only reopens (explore, cypher, export, report) have no limit of their own: they get the
# pool of the default limit (memory.default_memory_limit), not the engine's 80% of the machine.


# Pair rows one candidate query may enumerate at most. 750,000 makes three partitions of the
# 1.97M pair rows at 100,000 `zipf` documents: each took 6 s and 0.6 GB of working memory, where
# one partition of them all took the same 18 s and 2.1 GB.
MAX_PAIR_ROWS_PER_PART = 750_000
# Buffer pool per pair row of the candidate query (its DISTINCT, the candidates' mentions joined
# and the link rows it returns): 1.9M rows did not fit a 2.4 GB pool at 100,000 documents while
# the pool still held the signature join's pages; from a given-back pool 656,000 rows took
# 0.6 GB, so this keeps a margin of about 3x.
POOL_BYTES_PER_PAIR_ROW = 2048
# Buffer pool per row of signature_pair_bound (an upper bound on the (key, document) rows the
# two- and three-value signatures aggregate, each with its key string and document id): at
# 1,000,000 `zipf` documents one partition of the two-value ones did not fit a 12 GB pool.
POOL_BYTES_PER_SIGNATURE_ROW = 1024


def buffer_pool_for(memory_limit: int, held: int = 0) -> int:
    """The engine's buffer pool for a memory limit, in bytes (whole MB): BUFFER_POOL_SHARE of the
    limit, or less when the process already holds `held` bytes (resident memory) that would not
    leave the pool room under the limit; never under MIN_BUFFER_POOL."""
    room = min(BUFFER_POOL_SHARE * memory_limit, (1.0 - OUTSIDE_POOL_SHARE) * memory_limit - held)
    return max(MIN_BUFFER_POOL, int(room) // 2**20 * 2**20)


class LadybugEngine:
    """Executes cypher/ladybug/ statements against an embedded database folder."""

    dialect = "ladybug"
    # COPY scans an Arrow table as it is: the links of 1,000,000 documents made into a DataFrame
    # first were one more copy of them (GraphStore.create_links).
    loads_arrow = True

    def __init__(self, path: Path | str, read_only: bool = False, create: bool = False,
                 memory_limit: int | None = None):
        self.path = Path(path)
        self.read_only = read_only
        # memory_limit: the run's (analyze); None = the default limit (read-only reopens)
        self.memory_limit = memory_limit
        self.buffer_pool_size = buffer_pool_for(memory_limit or default_memory_limit())
        self.pool_sizes: list[int] = []  # every pool the database was opened with, in order (run.json)
        if create and self.path.exists():
            # a new graph: an old database at the same place would mix two analyses
            shutil.rmtree(self.path) if self.path.is_dir() else self.path.unlink()
        if not create and not self.path.exists():
            raise ConfigError(f"{self.path.parent}: no {self.path.name} here; give the output folder of "
                              "`sanon-graph analyze`")
        self._open()

    def _open(self) -> None:
        if self.memory_limit is not None:  # a run's limit: the pool fits beside what the process holds now
            self.buffer_pool_size = buffer_pool_for(self.memory_limit, current_rss())
        self.pool_sizes.append(self.buffer_pool_size)
        try:
            self._db = ladybug.Database(str(self.path), read_only=self.read_only,
                                        buffer_pool_size=self.buffer_pool_size)
            self._conn = ladybug.Connection(self._db)
        except RuntimeError as exc:
            raise GraphError(f"cannot open LadybugDB at {self.path}: {exc}") from None

    def execute(self, statement: str, parameters: dict[str, Any], name: str) -> pd.DataFrame | None:
        try:
            result = self._conn.execute(statement, parameters)
        except RuntimeError as exc:
            if self.read_only and "read-only" in str(exc).lower():
                raise GraphError("the graph is opened read-only: queries here cannot change it") from None
            if "buffer pool is full" in str(exc).lower() or "buffer manager exception" in str(exc).lower():
                raise self._out_of_memory(name) from None
            raise GraphError(f"LadybugDB query {name} failed: {exc}") from None
        if isinstance(result, list):  # several statements in one call
            result = result[-1]
        if result is None or not result.get_column_names():
            return None
        return result.get_as_df()

    def _out_of_memory(self, name: str) -> BufferPoolError:
        from ..memory import format_size

        pool = format_size(self.buffer_pool_size)
        if self.memory_limit is None:
            return BufferPoolError(f"LadybugDB query {name} needs more memory than the engine's buffer pool of "
                                   f"{pool}: narrow the query (fewer rows, a LIMIT)")
        return BufferPoolError(
            f"LadybugDB query {name} needs more memory than the engine's buffer pool of {pool} "
            f"(at most {BUFFER_POOL_SHARE:.0%} of the memory limit of {format_size(self.memory_limit)}, less what "
            "the process already held): the memory limit is too small for this corpus; raise --memory-limit "
            "(or [resources] memory_limit)")

    def bulk_load(self, table: str, frame: pd.DataFrame, statement: str) -> None:
        """COPY from the DataFrame (row-by-row CREATE is ~1000x slower)."""
        self.execute(statement, {"frame": frame}, f"copy_{table}")


    def pair_rows_per_part(self) -> int:
        return max(10_000, min(MAX_PAIR_ROWS_PER_PART, self.buffer_pool_size // POOL_BYTES_PER_PAIR_ROW))

    def signature_rows_per_part(self) -> int:
        return max(10_000, self.buffer_pool_size // POOL_BYTES_PER_SIGNATURE_ROW)

    def version(self) -> str:
        return f"LadybugDB {getattr(ladybug, '__version__', 'unknown')}"

    def begin(self) -> None:
        """Nothing to prepare: a new run has a new database."""

    def release(self) -> None:
        """Close the database and open it again, which is the only way to give back the buffer
        pool's pages a finished query used as working memory (its hash tables and aggregates).

        The engine keeps those pages resident after the query, but a later query cannot use them
        for its own large allocations: after the link signatures were marked (100,000 documents),
        the candidate scoring failed in a 1.5 GB pool that it fits in from a fresh start (0.6 GB),
        and the process held pool and working memory at once. Everything is committed by then;
        reopening takes a fraction of a second."""
        self.close()
        release_memory()  # what the closed database and the frames of its queries left, before sizing the pool
        self._open()

    def close(self) -> None:
        conn, db = getattr(self, "_conn", None), getattr(self, "_db", None)
        if conn is not None:
            conn.close()
        if db is not None:
            db.close()
        self._conn = self._db = None
