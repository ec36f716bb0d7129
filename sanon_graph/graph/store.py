"""The one door to a graph: the GraphStore, its row schemas and the sequence of named queries.

The method's graph work is one sequence of named Cypher queries (cypher/<dialect>/<name>.cypher):
load the bipartite graph, score uniqueness and document risk, find and score the links, list
the chains, write the masking decisions back and rescore. That sequence lives here, once. An
engine (graph/ladybug.py, embedded; graph/neo4j.py, a server) only supplies how to execute a
statement, how to bulk-load a table, its version, and how to close; its tuning (partitions,
buffer pool, batch sizes) stays in its own module.

Rows come back as plain pandas DataFrames with the columns below; nothing engine-specific
leaves this package.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from sys import intern
from typing import Any, Literal, Protocol

import pandas as pd
import pyarrow as pa
from pydantic import BaseModel, ConfigDict, Field

from ..errors import ConfigError
from ..memory import release_memory
from ..risk import link_bound
from .queries import load_query, statements

# Links one query rescores or reads, about: the engine holds a transaction's writes, and a
# query's result, in its buffer pool (at 100,000 documents and a 2.4 GB pool, reading or writing
# the 438,000 links at once did not fit).
LINKS_PER_PART = 250_000

# The row schemas the store returns (DataFrame columns, in order).
DOCUMENT_ROWS = ("doc_id", "risk_before", "risk")  # risk: on the current masking state
ENTITY_ROWS = ("entity_id", "freq", "uniqueness", "importance")
LINK_ROWS = ("doc_a", "doc_b", "via", "strength_before", "strength")  # doc_a < doc_b; via: entity ids
LINK_STRENGTH_ROWS = ("doc_a", "doc_b", "strength")
# The links score_candidates.cypher finds, as copy_links.cypher loads them.
NEW_LINK_ROWS = ("from", "to", "strength", "strength_before", "hop_risk", "via")
CHAIN_ROWS = ("doc_ids", "risk")  # doc_ids: a simple path over kept links, in order

# The tables a bulk load fills (the columns are those of copy_<table>.cypher).
TABLES = ("documents", "entities", "mentions", "links", "chains", "includes")

# One query per chain length: fixed path shapes need no variable-length pattern bound.
CHAIN_QUERIES = {2: "chains_2", 3: "chains_3", 4: "chains_4"}


class Engine(Protocol):
    """What a graph engine supplies to the store."""

    dialect: str  # the folder of cypher/ its queries come from
    loads_arrow: bool  # bulk_load takes an Arrow table as well as a DataFrame

    def execute(self, statement: str, parameters: dict[str, Any], name: str) -> pd.DataFrame | None:
        """Run one statement; rows as a DataFrame, or None when it returns none."""

    def bulk_load(self, table: str, frame: pd.DataFrame, statement: str) -> None:
        """Load a whole table (one of TABLES) with the statement of copy_<table>.cypher."""

    def pair_rows_per_part(self) -> int:
        """Pair rows one candidate query may enumerate (its memory is the engine's concern)."""

    def signature_rows_per_part(self) -> int:
        """(key, document) rows one signature-marking query may aggregate (the same concern)."""

    def version(self) -> str:
        """The engine and its version, for run.json."""

    def begin(self) -> None:
        """Start a new run's graph, after the schema."""

    def release(self) -> None:
        """Give back the working memory of the queries so far (between the heavy stages)."""

    def close(self) -> None: ...


class GraphLocation(BaseModel):
    """Where an analysis' graph lives; written to run.json so later commands reopen it.

    Never holds a secret: Neo4j credentials come from the environment each time.
    """

    model_config = ConfigDict(extra="forbid")

    backend: Literal["ladybug", "neo4j"] = "ladybug"
    path: str | None = None  # ladybug: the database folder, relative to the output folder
    uri: str | None = None  # neo4j
    username: str | None = None  # neo4j: NEO4J_USERNAME wins (the password is only ever in NEO4J_PASSWORD)
    database: str | None = None  # neo4j
    dataset: str | None = None  # neo4j: every node and relationship of the analysis carries it
    run_id: str | None = None  # neo4j: the run that wrote the dataset (a later run replaces it)
    version: str | None = Field(None, description="the engine's version when the graph was written")


# Rows loaded (documents, entities, mentions, links, chains) from which the store gives the
# embedded engine's working memory back between stages: 10,000 documents load ~150,000.
RELEASE_MIN_ROWS = 100_000

class GraphStore:
    """The method's graph work as named queries, on any engine."""

    def __init__(self, engine: Engine):
        self.engine = engine
        self.query_seconds: dict[str, float] = {}  # time per named query, for run.json
        self._link_partitions: range | None = None  # as the documents' part was last assigned for links
        self.rows_loaded = 0  # rows bulk-loaded into this run's graph: whether giving memory back pays

    @property
    def dialect(self) -> str:
        return self.engine.dialect

    # -- plumbing -----------------------------------------------------------------------

    def run(self, name: str, parameters: dict[str, Any] | None = None) -> pd.DataFrame | None:
        """Run a named query with parameters; the last statement's rows, if it returns any."""
        result = None
        started = time.perf_counter()
        for statement in statements(load_query(self.dialect, name)):
            result = self.engine.execute(statement, dict(parameters or {}), name)
        self._timed(name, started)
        return result

    def rows(self, name: str, parameters: dict[str, Any] | None = None,
             columns: tuple[str, ...] = ()) -> pd.DataFrame:
        """A named query's rows; an empty frame with `columns` when there are none."""
        frame = self.run(name, parameters)
        return frame if frame is not None else pd.DataFrame(columns=list(columns))

    def _timed(self, name: str, started: float) -> None:
        self.query_seconds[name] = round(self.query_seconds.get(name, 0.0) + time.perf_counter() - started, 3)

    def bulk_load(self, table: str, frame: pd.DataFrame | pa.Table) -> None:
        """Rows into a table: a DataFrame, or (engines with loads_arrow) an Arrow table."""
        if table not in TABLES:
            raise ValueError(f"unknown table {table!r}")
        if len(frame) == 0:
            return
        name = f"copy_{table}"
        started = time.perf_counter()
        (statement,) = statements(load_query(self.dialect, name))
        self.engine.bulk_load(table, frame, statement)
        self.rows_loaded += len(frame)
        self._timed(name, started)

    def version(self) -> str:
        return self.engine.version()

    # -- the method's sequence ----------------------------------------------------------

    def create_schema(self) -> None:
        """The schema of a new graph, then the engine's start of a run (on Neo4j: the
        dataset's old nodes removed, the run marked unfinished)."""
        self.run("schema")
        started = time.perf_counter()
        self.engine.begin()
        self._timed("begin", started)

    def load(self, documents: pd.DataFrame, entities: pd.DataFrame,
             mentions: pd.DataFrame | Iterable[pd.DataFrame]) -> None:
        """The bipartite graph: documents, entities, (:Document)-[:MENTIONS {relevance}]->(:Entity).

        Frames as pipeline._frames builds them; mentions: from (document id), to (entity id),
        relevance, as one frame or as consecutive chunks (pipeline._mention_frames), each loaded
        and dropped before the next is made: 11 million mention rows as one frame, with the
        engine's copy of them, peaked at 9.2 GB at 1,000,000 documents (7.2 GB in chunks).
        """
        self.bulk_load("documents", documents)
        self.bulk_load("entities", entities)
        for chunk in [mentions] if isinstance(mentions, pd.DataFrame) else mentions:
            self.bulk_load("mentions", chunk)
            del chunk
        # The loaded pages are in the database file: the pool need not keep them (375 MB of
        # 650 MB at 100,000 documents), and it is sized again beside what the process holds.
        self._give_back()

    def score_documents(self, n_docs: int) -> None:
        """Uniqueness and importance of every entity, document risk before any masking."""
        self.run("uniqueness", {"n_docs": float(n_docs)})
        self.run("importance")
        self.run("document_risk", {"stale_only": False})
        self.run("snapshot_risk")

    def mark_signatures(self, threshold: float, max_freq: int, parts: int | None = None) -> int:
        """Index every document's link signatures (mark_signatures.cypher; risk.link_signatures is
        the reference) in `parts` partitions of their first entity (by default as many as the
        engine's memory needs for signature_pair_bound's rows), after the weak mentions and
        their tails, once, in partitions of the documents (mark_weak.cypher); returns the pair
        rows the candidate join will enumerate."""
        self.run("drop_signatures")  # a clean slate (a mark without candidates, in tests)
        bound = self.rows("signature_pair_bound", {"max_freq": int(max_freq), "min_tail": link_bound(threshold)},
                          columns=("rows", "pair_rows"))
        rows, pair_rows = (int(bound[c].iloc[0]) for c in ("rows", "pair_rows")) if not bound.empty else (0, 0)
        # `parts` given (tests) partitions both markings; by default each is sized from its rows
        weak_parts = parts or max(1, -(-pair_rows // self.engine.signature_rows_per_part()))
        if parts is None:
            parts = max(1, -(-rows // self.engine.signature_rows_per_part()))
        # Each partition starts from a given-back pool: one still holding two finished
        # partitions' aggregations could not fit the third at 1,000,000 documents.
        for part in range(weak_parts):
            self._give_back()
            self.run("mark_weak", {"min_tail": link_bound(threshold), "max_freq": int(max_freq),
                                   "part": part, "parts": weak_parts})
        for part in range(parts):
            self._give_back()
            self.run("mark_signatures", {"min_tail": link_bound(threshold), "max_freq": int(max_freq),
                                         "part": part, "parts": parts})
        rows = self.rows("signature_rows", columns=("rows",))
        return int(rows["rows"].iloc[0]) if not rows.empty else 0

    def create_links(self, threshold: float, max_freq: int, parts: int | None = None,
                     signature_parts: int | None = None) -> None:
        """Kept links with strength and via, exactly as the all-pairs computation would find them.

        Candidates are the pairs of documents sharing a signature (issue 16): a value that can
        make a link alone or is rare (freq <= max_freq, risk.link_plan), two values that can
        make one together, or two that cannot with a third that may. Every link shares one (the proof is in mark_signatures.cypher), and
        namesakes sharing only a common name never become candidates, so the work follows the
        links rather than the squares of common values. Candidates are built in partitions of
        the documents (`parts`, by default from the pair rows) to bound one query's memory, and
        scored exactly over all shared entities; those at or over the threshold are the links.
        The engine computes every score; the store only writes the rows back in one bulk load,
        which costs the engine a fraction of creating each edge in the query.
        """
        rows = self.mark_signatures(threshold, max_freq, signature_parts)
        self._give_back()  # the signature join's working memory, before the candidates'
        parts = parts or max(1, -(-rows // self.engine.pair_rows_per_part()))
        self.run("assign_parts", {"parts": int(parts)})
        self._link_partitions = None
        found = []
        for part in range(parts):
            # Each partition's rows kept as an Arrow table (strings and via lists in columnar
            # buffers, ~150 bytes a link): as DataFrames of Python via lists they were several GB
            # at 1,000,000 documents. Loaded once at the end: a load per partition into the
            # growing link table got slower with every partition (40 s each at 1,000,000).
            frame = self.rows("score_candidates", {"part": part, "threshold": float(threshold)},
                              columns=NEW_LINK_ROWS)
            if len(frame):
                found.append(pa.Table.from_pandas(frame, preserve_index=False))
            del frame
        self.run("drop_signatures")
        self._give_back()
        if found:
            links = pa.concat_tables(found, promote_options="default")  # no copy: the tables as chunks
            found.clear()
            if not self.engine.loads_arrow:  # the server's loader takes rows from a DataFrame
                links = links.to_pandas(types_mapper=pd.ArrowDtype)
            self.bulk_load("links", links)
            del links
            release_memory()

    def _link_parts(self) -> range:
        """Partitions for the queries that rescore or read every link: each handles at most
        LINKS_PER_PART links, about. The documents are spread over them once after the links are
        made (assign_parts.cypher); the links do not change after that."""
        if self._link_partitions is not None:
            return self._link_partitions
        count = self.rows("link_count", columns=("n",))
        n_links = int(count["n"].iloc[0]) if not count.empty else 0
        parts = max(1, -(-n_links // LINKS_PER_PART))
        self.run("assign_parts", {"parts": parts})
        self._link_partitions = range(parts)
        return self._link_partitions

    def chains(self, length: int) -> pd.DataFrame:
        """Simple paths of `length` documents over kept links, each once, with R_chain."""
        frames = list(self.chain_parts(length))
        return pd.concat(frames, ignore_index=True) if len(frames) > 1 else frames[0]

    def chain_parts(self, length: int) -> Iterator[pd.DataFrame]:
        """chains(length), one partition of their first documents at a time (those of the links)."""
        if length not in CHAIN_QUERIES:
            raise ValueError("chains are computed for 2, 3 or 4 documents")
        for part in self._link_parts():
            yield self.rows(CHAIN_QUERIES[length], {"part": part}, columns=CHAIN_ROWS)

    def documents(self) -> pd.DataFrame:
        return self.rows("documents", columns=DOCUMENT_ROWS)

    def entities(self) -> pd.DataFrame:
        return self.rows("entities", columns=ENTITY_ROWS)

    def links(self) -> pd.DataFrame:
        frame = self._read_links("links", LINK_ROWS)
        # via is a set, and rows come in the engine's string order: one order for every engine.
        # The ids are interned: every row arrives with its own copies of the same few strings
        # (438,000 links at 100,000 documents held 300 MB of repeated document and entity ids).
        if len(frame):  # (an empty list would make the empty columns float)
            frame["doc_a"] = [intern(d) for d in frame["doc_a"]]
            frame["doc_b"] = [intern(d) for d in frame["doc_b"]]
            frame["via"] = [sorted(map(intern, v)) for v in frame["via"]]
        return frame.sort_values(["doc_a", "doc_b"], kind="stable", ignore_index=True)

    def link_strengths(self) -> pd.DataFrame:
        """Every link's current strength (doc_a, doc_b, strength), in the order of links()."""
        return self._read_links("link_strengths", LINK_STRENGTH_ROWS).sort_values(
            ["doc_a", "doc_b"], kind="stable", ignore_index=True)

    def _read_links(self, name: str, columns: tuple[str, ...]) -> pd.DataFrame:
        """A link query's rows, read in the partitions the links were written in: one result of
        every link (and its via list) is more than a small buffer pool holds."""
        frames = list(self.link_parts(with_via=columns == LINK_ROWS))
        return pd.concat(frames, ignore_index=True) if len(frames) > 1 else frames[0]

    def link_parts(self, with_via: bool = True) -> Iterator[pd.DataFrame]:
        """The links, one partition at a time, in no particular order: LINK_ROWS (with_via) or
        LINK_STRENGTH_ROWS. For a caller that keeps them in its own compact form: the rows of
        every link at once, as Python objects, are several times the size of the links."""
        name, columns = ("links", LINK_ROWS) if with_via else ("link_strengths", LINK_STRENGTH_ROWS)
        for part in self._link_parts():
            yield self.rows(name, {"part": part}, columns=columns)

    def store_chains(self, chains: pd.DataFrame, includes: pd.DataFrame) -> None:
        """Chains and their documents in order, for exploration:
        (:Chain)-[:INCLUDES {position}]->(:Document)."""
        self.bulk_load("chains", chains)
        self.bulk_load("includes", includes)
        # Each load leaves the embedded engine holding memory outside its pool (~115 MB per
        # 500,000 chain nodes, more with their INCLUDES rows) until the database is closed:
        # 8.5 million chains took the process from 8.8 to 15.1 GB. Reopened after each batch.
        self._give_back()

    def release(self) -> None:
        """Give back the engine's working memory (the embedded engine reopens the database, its
        pool sized beside what the process holds now; the server keeps its own)."""
        self._give_back()

    def _give_back(self) -> None:
        """engine.release(), once the graph is large enough for it to matter: below
        RELEASE_MIN_ROWS loaded rows the working memory is a few MB, and reopening the embedded
        database (with a garbage collection) is most of a small run's time (a run of a few
        documents spent 2.0 of its 2.8 s in 19 reopenings)."""
        if self.rows_loaded >= RELEASE_MIN_ROWS:
            self.engine.release()

    def write_masking(self, rows: list[dict[str, str]]) -> None:
        """Masking decisions (rows: id, stage, replacement) onto the entities."""
        if rows:
            self.run("mark_masked", {"rows": rows})

    def rescore(self) -> None:
        """Document risks, link strengths and hop risks on the masked state."""
        self._give_back()  # a pool sized beside the chains and the selection, which came after the last
        # Incremental: only the stale documents (a masked value in them, mark_masked.cypher) and
        # the links with a stale end are recomputed; the others cannot have changed.
        self.run("document_risk", {"stale_only": True})
        for part in self._link_parts():
            self.run("score_links", {"part": part})  # strengths and hop risks, on the new document risks
            self._give_back()  # the updates' memory outside the pool, as after store_chains' loads
        self.run("clear_stale")
        self._give_back()

    def cypher(self, statement: str, parameters: dict[str, Any] | None = None) -> pd.DataFrame:
        """An ad-hoc statement (exploration): rows, or an empty frame."""
        frame = self.engine.execute(statement, dict(parameters or {}), "cypher")
        return frame if frame is not None else pd.DataFrame()

    def close(self) -> None:
        self.engine.close()


def open_store(location: GraphLocation, folder: Path | None = None, *, read_only: bool = False,
               create: bool = False, memory_limit: int | None = None) -> GraphStore:
    """Open the graph at `location` (relative paths under `folder`, an output folder).

    create=True starts a new graph there: a new embedded database, or on Neo4j the dataset
    emptied and marked as being written by location.run_id. read_only=True opens it so that
    the engine itself refuses writes (a read-only database; a READ access-mode session).
    memory_limit (bytes) sizes the embedded engine's buffer pool (graph/ladybug.py; None: the
    default limit's); a Neo4j server's memory is its own configuration, so it is ignored there.
    """
    if location.backend == "ladybug":
        from .ladybug import LadybugEngine  # engines are imported only when used

        if location.path is None:
            raise ConfigError("the graph location names no LadybugDB path")
        path = Path(location.path)
        if folder is not None and not path.is_absolute():
            path = Path(folder) / path
        return GraphStore(LadybugEngine(path, read_only=read_only, create=create, memory_limit=memory_limit))
    from .neo4j import Neo4jEngine

    return GraphStore(Neo4jEngine.connect(location, read_only=read_only, check_dataset=not create))


def resolve_location(backend: str, neo4j_settings: Any, dataset: str | None, out_dir: Path,
                     run_id: str) -> GraphLocation:
    """Where a new analysis writes its graph. Neo4j: NEO4J_URI / NEO4J_USERNAME / NEO4J_DATABASE
    win over the config's [neo4j]; the dataset defaults to the output folder's name."""
    if backend == "ladybug":
        return GraphLocation(backend="ladybug", path="graph.lbug")
    from .neo4j import DEFAULT_DATABASE, DEFAULT_URI, check_dataset_name

    return GraphLocation(
        backend="neo4j",
        uri=os.environ.get("NEO4J_URI") or neo4j_settings.uri or DEFAULT_URI,
        username=os.environ.get("NEO4J_USERNAME") or neo4j_settings.username or None,
        database=os.environ.get("NEO4J_DATABASE") or neo4j_settings.database or DEFAULT_DATABASE,
        dataset=check_dataset_name(dataset or Path(out_dir).name),
        run_id=run_id,
    )


def check_reachable(location: GraphLocation) -> None:
    """Fail before the long work, not after it: a server that refuses us says so now."""
    if location.backend != "neo4j":
        return
    from .neo4j import Neo4jEngine

    Neo4jEngine.connect(location, check_dataset=False).close()


def settle_run(location: GraphLocation, complete: bool, summary: dict[str, Any] | None = None) -> None:
    """After a run that wrote a graph: mark it complete, or remove what the failed run wrote.

    The embedded graph lives in the output folder, which is moved into place or removed as a
    whole; a Neo4j dataset is marked (or removed) on the server.
    """
    if location.backend != "neo4j":
        return
    from .neo4j import Neo4jEngine

    engine = Neo4jEngine.connect(location, check_dataset=False)
    try:
        if complete:
            engine.mark_complete(summary or {})
        else:
            engine.discard()
    finally:
        engine.close()
