"""The server engine: Neo4j over Bolt, through the official driver.

An analysis lives beside the user's own graph as a *dataset*: every node and relationship it
writes carries `dataset`, every query of cypher/neo4j/ matches on it, and nothing without it
is read or changed. A (:SanonDataset {dataset, run_id, complete}) node says which run wrote
the dataset and whether it finished, so later commands reopen exactly what run.json names.

Credentials come from the environment (NEO4J_USERNAME, NEO4J_PASSWORD) each time; the
password is never printed, logged or written.
"""

from __future__ import annotations

import os
import re
from collections import deque
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Any

import neo4j
import numpy as np
import pandas as pd
from neo4j import exceptions as neo4j_errors

from ..errors import ConfigError, GraphError
from .queries import load_query, statements
from .store import GraphLocation

# The oldest server the queries run on: CALL (x) { ... } IN TRANSACTIONS needs 5.23+, and
# 5.26 is the LTS line of Neo4j 5.
MIN_VERSION = (5, 26)
DEFAULT_URI = "bolt://localhost:7687"
DEFAULT_DATABASE = "neo4j"
SCHEMES = ("bolt", "bolt+s", "bolt+ssc", "neo4j", "neo4j+s", "neo4j+ssc")
_DATASET = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-]{0,99}$")

# Bulk-load batch sizes, in rows per transaction, and transactions in flight (`make bench`
# prints the batch-size curve). Mentions go nested per document: a batch is a number of mentions.
BATCH_ROWS = {"documents": 20_000, "entities": 20_000, "mentions": 20_000, "links": 20_000,
              "chains": 20_000, "includes": 20_000}
LOAD_THREADS = 2
# Pair rows per candidate partition: the candidate query goes one document at a time, so this
# only bounds how many link rows one result returns.
PAIR_ROWS_PER_PART = 2_500_000
# (key, document) rows per signature-marking partition: the keys and their documents are
# aggregated in one transaction's memory (the server's heap) before the batched CREATEs.
SIGNATURE_ROWS_PER_PART = 10_000_000
# The columns of a packed result (see Neo4jEngine.execute).
PACKED = ("columns", "batch")



def check_dataset_name(name: str) -> str:
    if not _DATASET.match(name):
        raise ConfigError(f"dataset {name!r}: use 1-100 letters, digits, '_', '.' or '-', starting with "
                          "a letter or digit")
    return name


def credentials(location: GraphLocation) -> tuple[str, str | None]:
    """(username, password): NEO4J_USERNAME, else the location's, else neo4j; the password only
    ever from NEO4J_PASSWORD."""
    username = os.environ.get("NEO4J_USERNAME") or location.username or "neo4j"
    return username, os.environ.get("NEO4J_PASSWORD") or None


def parse_version(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in re.findall(r"\d+", text)[:3])


def check_server_version(version: str, uri: str) -> None:
    """Refuse servers older than the queries need (5.x numbers, then calendar versions 2025.x)."""
    if parse_version(version) < MIN_VERSION:
        raise GraphError(f"Neo4j at {uri} is version {version}: sanon-graph needs "
                         f"{'.'.join(map(str, MIN_VERSION))} or later")


class Neo4jEngine:
    """Executes cypher/neo4j/ statements on one database of a Neo4j server, for one dataset."""

    dialect = "neo4j"
    loads_arrow = False  # bulk_load packs rows from a DataFrame

    def __init__(self, driver: neo4j.Driver, location: GraphLocation, read_only: bool, server_version: str,
                 edition: str):
        self._driver = driver
        self.location = location
        self.uri = location.uri or DEFAULT_URI
        self.database = location.database or DEFAULT_DATABASE
        self.dataset = check_dataset_name(location.dataset or "")
        self.read_only = read_only
        self.server_version = server_version
        self.edition = edition

    # -- connecting ---------------------------------------------------------------------

    @classmethod
    def connect(cls, location: GraphLocation, read_only: bool = False, check_dataset: bool = True) -> Neo4jEngine:
        """Connect and check the server; with check_dataset, also that the dataset is the
        complete one location.run_id wrote (reopening an analysis)."""
        uri = location.uri or DEFAULT_URI
        database = location.database or DEFAULT_DATABASE
        check_dataset_name(location.dataset or "")
        scheme = uri.split("://", 1)[0].lower() if "://" in uri else ""
        if scheme not in SCHEMES:
            raise ConfigError(f"Neo4j URI {uri!r}: the scheme must be one of {', '.join(SCHEMES)}")
        username, password = credentials(location)
        if password is None:
            raise ConfigError(f"Neo4j at {uri}: set NEO4J_PASSWORD (and NEO4J_USERNAME, default neo4j) "
                              "in the environment")
        try:
            driver = neo4j.GraphDatabase.driver(uri, auth=(username, password),
                                                user_agent="sanon-graph", connection_timeout=15.0)
        except (ValueError, neo4j_errors.ConfigurationError) as exc:
            raise ConfigError(f"Neo4j URI {uri!r}: {exc}") from None
        try:
            version, edition = _server_version(driver, uri, database, username)
            check_server_version(version, uri)
            engine = cls(driver, location, read_only, version, edition)
            if check_dataset:
                engine._check_dataset()
            return engine
        except BaseException:
            driver.close()
            raise

    def begin(self) -> None:
        """A new run of the dataset (after the schema): the old dataset removed in batches,
        the run marked unfinished until mark_complete."""
        self.execute_named("reset_dataset", {})
        self.execute_named("dataset_begin", {
            "run_id": self.location.run_id, "started": datetime.now(UTC).isoformat(timespec="seconds")})

    def release(self) -> None:
        """Nothing to give back: the server manages its own memory (heap, page cache)."""

    def _check_dataset(self) -> None:
        frame = self.execute_named("dataset_info", {})
        if frame is None or frame.empty:
            raise GraphError(f"Neo4j at {self.uri}, database {self.database}: no dataset {self.dataset!r} "
                             "(removed, or written by another server); run analyze again")
        row = frame.iloc[0]
        if self.location.run_id and row["run_id"] != self.location.run_id:
            raise GraphError(f"dataset {self.dataset!r} on {self.uri} was replaced by a later run "
                             f"(started {row['started']}); this output folder's graph is gone: run analyze again")
        if not row["complete"]:
            raise GraphError(f"dataset {self.dataset!r} on {self.uri} is incomplete (its run failed or is "
                             "still going)")

    # -- the engine interface -----------------------------------------------------------

    def execute(self, statement: str, parameters: dict[str, Any], name: str) -> pd.DataFrame | None:
        """One statement in an auto-commit transaction (CALL ... IN TRANSACTIONS needs one),
        with the dataset as $dataset.

        A result with the columns `columns` and `batch` is a packed one (the large reads of
        cypher/neo4j/ return their rows that way): each record carries the column names and a
        list of rows. The driver reads every record as its own Bolt message, about 40 us each
        in Python, so 5,000 rows a record read ~5x faster than a record a row.
        """
        parameters = {**parameters, "dataset": self.dataset}
        access = neo4j.READ_ACCESS if self.read_only else neo4j.WRITE_ACCESS
        try:
            with self._driver.session(database=self.database, default_access_mode=access,
                                      fetch_size=-1) as session:
                result = session.run(statement, parameters)
                keys = list(result.keys())
                records = [record.values() for record in result] if keys else []
                result.consume()
        except neo4j_errors.Neo4jError as exc:
            raise self._query_error(exc, name) from None
        except neo4j_errors.DriverError as exc:
            raise GraphError(f"Neo4j at {self.uri}: query {name} failed: {exc}") from None
        if not keys:
            return None
        if keys == list(PACKED):
            if not records:
                return None  # an empty packed result has no column names: the store supplies them
            keys = list(records[0][0])
            records = [row for record in records for row in record[1]]
        return pd.DataFrame.from_records(records, columns=keys) if records else pd.DataFrame(columns=keys)

    def execute_named(self, name: str, parameters: dict[str, Any]) -> pd.DataFrame | None:
        result = None
        for statement in statements(load_query(self.dialect, name)):
            result = self.execute(statement, parameters, name)
        return result

    def _query_error(self, exc: neo4j_errors.Neo4jError, name: str) -> GraphError:
        code = exc.code or ""
        if self.read_only and code.endswith("Statement.AccessMode"):  # the server refused a write
            return GraphError("the graph is opened read-only: queries here cannot change it")
        return GraphError(f"Neo4j query {name} failed: {exc.message or code}")

    def bulk_load(self, table: str, frame: pd.DataFrame, statement: str) -> None:
        """Batched UNWIND of positional rows (lists pack faster than maps), mentions nested per
        document so each document is found once a batch, LOAD_THREADS transactions at a time
        (while one packs and sends, the server works on the other). Each batch is a managed
        transaction: one that loses a lock to another (a deadlock on a shared entity) is retried
        whole by the driver."""
        parameters = {"dataset": self.dataset}

        def load(batch: list[list[Any]]) -> None:
            with self._driver.session(database=self.database) as session:
                session.execute_write(lambda tx: tx.run(statement, {**parameters, "rows": batch}).consume())

        try:
            with ThreadPoolExecutor(LOAD_THREADS) as pool:
                in_flight: deque[Future[None]] = deque()
                for batch in _batches(table, frame, BATCH_ROWS[table]):
                    if len(in_flight) >= 2 * LOAD_THREADS:  # bounded: batches are built as they go
                        in_flight.popleft().result()
                    in_flight.append(pool.submit(load, batch))
                while in_flight:
                    in_flight.popleft().result()
        except neo4j_errors.Neo4jError as exc:
            raise self._query_error(exc, f"copy_{table}") from None
        except neo4j_errors.DriverError as exc:
            raise GraphError(f"Neo4j at {self.uri}: loading {table} failed: {exc}") from None

    def pair_rows_per_part(self) -> int:
        return PAIR_ROWS_PER_PART

    def signature_rows_per_part(self) -> int:
        return SIGNATURE_ROWS_PER_PART

    def version(self) -> str:
        return f"Neo4j {self.server_version} ({self.edition})"

    def mark_complete(self, summary: dict[str, Any]) -> None:
        self.execute_named("dataset_complete", {"run_id": self.location.run_id, "summary": summary})

    def discard(self) -> None:
        """Remove what a failed run wrote, so no half-written dataset looks like an analysis."""
        try:
            self.execute_named("reset_dataset", {})
        except GraphError:
            pass  # best effort: the dataset stays marked incomplete

    def close(self) -> None:
        driver, self._driver = getattr(self, "_driver", None), None
        if driver is not None:
            driver.close()


def _server_version(driver: neo4j.Driver, uri: str, database: str, username: str) -> tuple[str, str]:
    """The server's version and edition; connection problems as one clear line each."""
    try:
        driver.verify_connectivity()
        records, _, _ = driver.execute_query(
            "CALL dbms.components() YIELD name, versions, edition "
            "RETURN versions[0] AS version, edition", database_=database, routing_=neo4j.RoutingControl.READ)
    except neo4j_errors.AuthError:
        raise GraphError(f"Neo4j at {uri} refused the credentials of user {username!r} "
                         "(NEO4J_USERNAME / NEO4J_PASSWORD)") from None
    except neo4j_errors.ServiceUnavailable as exc:
        raise GraphError(f"cannot connect to Neo4j at {uri}: {_reason(exc)}") from None
    except neo4j_errors.Neo4jError as exc:
        if "DatabaseNotFound" in (exc.code or ""):
            raise GraphError(f"Neo4j at {uri} has no database {database!r} (NEO4J_DATABASE)") from None
        raise GraphError(f"Neo4j at {uri}: {exc.message or exc.code}") from None
    except neo4j_errors.DriverError as exc:
        raise GraphError(f"cannot connect to Neo4j at {uri}: {_reason(exc)}") from None
    return records[0]["version"], records[0]["edition"]


def _reason(exc: Exception) -> str:
    text = str(exc)
    if "refused" in text.lower():
        return "connection refused"
    return text.splitlines()[0] if text else type(exc).__name__


def _batches(table: str, frame: pd.DataFrame, size: int) -> Iterator[list[list[Any]]]:
    if table == "mentions":
        yield from _mention_batches(frame, size)
        return
    # Python rows for one batch at a time: all of them at once (8.5 million links with their via
    # lists at 1,000,000 documents) took the analyze process past 13 GB.
    for start in range(0, len(frame), size):
        part = frame.iloc[start:start + size]
        columns = [_plain(part[c]) for c in part.columns]
        yield [list(r) for r in zip(*columns, strict=True)]


def _mention_batches(frame: pd.DataFrame, size: int) -> Iterator[list[list[Any]]]:
    """[[document id, [[entity id, relevance], ...]], ...], about `size` mentions a batch."""
    frame = frame.sort_values("from", kind="stable")
    docs, ents, rels = frame["from"].tolist(), frame["to"].tolist(), _plain(frame["relevance"])
    batch: list[list[Any]] = []
    in_batch = 0
    start = 0
    while start < len(docs):
        end = start
        while end < len(docs) and docs[end] == docs[start]:
            end += 1
        batch.append([docs[start], [[ents[i], rels[i]] for i in range(start, end)]])
        in_batch += end - start
        start = end
        if in_batch >= size:
            yield batch
            batch, in_batch = [], 0
    if batch:
        yield batch


def _plain(series: pd.Series) -> list[Any]:
    """Python values the driver packs: numpy scalars become int/float/bool."""
    values = series.tolist()
    if series.dtype == object:
        return [v.item() if isinstance(v, np.generic) else v for v in values]
    return values


def list_datasets(location: GraphLocation) -> pd.DataFrame:
    """Every dataset an analysis wrote on the server (not the user's other data)."""
    engine = Neo4jEngine.connect(location.model_copy(update={"dataset": "any"}), read_only=True, check_dataset=False)
    try:
        frame = engine.execute_named("datasets", {})
        return frame if frame is not None else pd.DataFrame()
    finally:
        engine.close()


def reset_dataset(location: GraphLocation) -> int:
    """Remove one dataset, in batches; returns how many of its nodes there were."""
    engine = Neo4jEngine.connect(location, read_only=False, check_dataset=False)
    try:
        counted = engine.execute_named("dataset_size", {})
        nodes = int(counted.iloc[0, 0]) if counted is not None and len(counted) else 0
        engine.execute_named("reset_dataset", {})
        return nodes
    finally:
        engine.close()

