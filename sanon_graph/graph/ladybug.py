"""The embedded backend: LadybugDB (the maintained fork of Kuzu), on disk, no server."""

from __future__ import annotations

import math
import time
from pathlib import Path
from typing import Any

import ladybug
import pandas as pd

from ..errors import GraphError
from .queries import load_query, statements

DIALECT = "ladybug"
# One query per chain length: fixed path shapes need no variable-length pattern bound.
CHAIN_QUERIES = {2: "chains_2", 3: "chains_3", 4: "chains_4"}


class LadybugStore:
    """Runs the cypher/ladybug/ queries against an embedded database at `path`."""

    def __init__(self, path: Path | str):
        self.path = str(path)
        self.query_seconds: dict[str, float] = {}  # time per named query, for run.json
        try:
            self._db = ladybug.Database(self.path)
            self._conn = ladybug.Connection(self._db)
        except RuntimeError as exc:
            raise GraphError(f"cannot open LadybugDB at {self.path}: {exc}") from None

    # -- plumbing -----------------------------------------------------------------------

    def run(self, name: str, parameters: dict[str, Any] | None = None) -> pd.DataFrame | None:
        """Run a named query with parameters; a query that returns rows gives a DataFrame."""
        results = None
        started = time.perf_counter()
        for statement in statements(load_query(DIALECT, name)):
            results = self._execute(statement, parameters, name)
        self.query_seconds[name] = round(self.query_seconds.get(name, 0.0) + time.perf_counter() - started, 3)
        return results

    def _execute(self, statement: str, parameters: dict[str, Any] | None, name: str) -> pd.DataFrame | None:
        try:
            result = self._conn.execute(statement, parameters or {})
        except RuntimeError as exc:
            raise GraphError(f"LadybugDB query {name} failed: {exc}") from None
        if isinstance(result, list):  # several statements in one call
            result = result[-1]
        if result is None or not result.get_column_names():
            return None
        return result.get_as_df()

    # -- the pipeline's steps -----------------------------------------------------------

    def create_schema(self) -> None:
        self.run("schema")

    def load(self, documents: pd.DataFrame, entities: pd.DataFrame, mentions: pd.DataFrame) -> None:
        """Bulk load with COPY from DataFrames (row-by-row CREATE is ~1000x slower)."""
        for query, frame in (
            ("copy_documents", documents), ("copy_entities", entities), ("copy_mentions", mentions)
        ):
            if not frame.empty:
                self.run(query, {"frame": frame})

    def score_documents(self, n_docs: int) -> None:
        self.run("uniqueness", {"n_docs": float(n_docs)})
        self.run("importance")
        self.run("document_risk")
        self.run("snapshot_risk")

    def create_links(self, threshold: float, max_freq: int, parts: int = 1) -> None:
        """Kept links with strength and via, exactly as the all-pairs computation would find them.

        Candidates come from entities with freq <= max_freq (risk.link_candidate_plan), built in
        `parts` partitions to bound memory, then scored over all shared entities and pruned.
        """
        self.run("link_bounds", {"max_freq": int(max_freq)})
        # The pre-filter must never drop a pair the exact computation keeps: a small margin
        # makes it err towards scoring a pair too many.
        max_log_keep = math.log1p(-threshold) + 1e-9 if threshold < 1.0 else 0.0
        self.run("assign_parts", {"parts": int(parts)})
        for part in range(parts):
            self.run("link_candidates", {"max_freq": int(max_freq), "max_log_keep": max_log_keep, "part": part})
        self.run("score_links")
        self.run("prune_links", {"threshold": float(threshold)})
        self.run("link_via")
        self.run("hop_risk")

    def chains(self, length: int) -> pd.DataFrame:
        if length not in CHAIN_QUERIES:
            raise ValueError("chains are computed for 2, 3 or 4 documents")
        frame = self.run(CHAIN_QUERIES[length])
        return frame if frame is not None else pd.DataFrame(columns=["doc_ids", "risk"])

    def documents(self) -> pd.DataFrame:
        return self.run("documents")

    def entities(self) -> pd.DataFrame:
        return self.run("entities")

    def links(self) -> pd.DataFrame:
        frame = self.run("links")
        if frame is None:
            return pd.DataFrame(columns=["doc_a", "doc_b", "via", "strength_before", "strength"])
        return frame

    def store_chains(self, chains: pd.DataFrame, includes: pd.DataFrame) -> None:
        """Chains and their documents in order, for exploration (bulk COPY)."""
        if not chains.empty:
            self.run("copy_chains", {"frame": chains})
            self.run("copy_includes", {"frame": includes})

    def write_masking(self, rows: list[dict[str, str]]) -> None:
        if rows:
            self.run("mark_masked", {"rows": rows})

    def rescore(self) -> None:
        """Document risks, link strengths and hop risks on the masked state."""
        self.run("document_risk")
        self.run("score_links")
        self.run("hop_risk")

    def close(self) -> None:
        conn, db = getattr(self, "_conn", None), getattr(self, "_db", None)
        if conn is not None:
            conn.close()
        if db is not None:
            db.close()
        self._conn = self._db = None
