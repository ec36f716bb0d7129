"""The embedded engine: LadybugDB (the maintained fork of Kuzu), on disk, no server."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import ladybug
import pandas as pd

from ..errors import ConfigError, GraphError

# Pair rows link_candidates may enumerate to tighten its bound: the engine joins fast, so
# enumerating more rows to score fewer candidates pays (measured on the benchmark corpus).
ROW_BUDGET_PER_DOCUMENT = 150
MIN_ROW_BUDGET = 2_000_000


class LadybugEngine:
    """Executes cypher/ladybug/ statements against an embedded database folder."""

    dialect = "ladybug"

    def __init__(self, path: Path | str, read_only: bool = False, create: bool = False):
        self.path = Path(path)
        self.read_only = read_only
        if create and self.path.exists():
            # a new graph: an old database at the same place would mix two analyses
            shutil.rmtree(self.path) if self.path.is_dir() else self.path.unlink()
        if not create and not self.path.exists():
            raise ConfigError(f"{self.path.parent}: no {self.path.name} here; give the output folder of "
                              "`sanon-graph analyze`")
        try:
            self._db = ladybug.Database(str(self.path), read_only=read_only)
            self._conn = ladybug.Connection(self._db)
        except RuntimeError as exc:
            raise GraphError(f"cannot open LadybugDB at {self.path}: {exc}") from None

    def execute(self, statement: str, parameters: dict[str, Any], name: str) -> pd.DataFrame | None:
        try:
            result = self._conn.execute(statement, parameters)
        except RuntimeError as exc:
            if self.read_only and "read-only" in str(exc).lower():
                raise GraphError("the graph is opened read-only: queries here cannot change it") from None
            raise GraphError(f"LadybugDB query {name} failed: {exc}") from None
        if isinstance(result, list):  # several statements in one call
            result = result[-1]
        if result is None or not result.get_column_names():
            return None
        return result.get_as_df()

    def bulk_load(self, table: str, frame: pd.DataFrame, statement: str) -> None:
        """COPY from the DataFrame (row-by-row CREATE is ~1000x slower)."""
        self.execute(statement, {"frame": frame}, f"copy_{table}")

    def link_row_budget(self, n_docs: int) -> int:
        return max(MIN_ROW_BUDGET, ROW_BUDGET_PER_DOCUMENT * n_docs)

    def version(self) -> str:
        return f"LadybugDB {getattr(ladybug, '__version__', 'unknown')}"

    def begin(self) -> None:
        """Nothing to prepare: a new run has a new database."""

    def close(self) -> None:
        conn, db = getattr(self, "_conn", None), getattr(self, "_db", None)
        if conn is not None:
            conn.close()
        if db is not None:
            db.close()
        self._conn = self._db = None
