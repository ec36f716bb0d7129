"""Exploration of an analysis' graph: curated queries from cypher/<dialect>/explore_*.cypher
and ad-hoc read-only Cypher, with parameters only.

A curated query declares its parameters on a `// params:` line (`name` or `name=default`); its
first comment line is its description.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import pandas as pd

from .errors import ConfigError
from .graph import GraphLocation, GraphStore, open_store
from .graph.queries import load_query

PREFIX = "explore_"
_PARAMS = re.compile(r"^//\s*params:\s*(.*)$", re.MULTILINE)


@dataclass(frozen=True)
class CuratedQuery:
    name: str
    description: str
    params: dict[str, str | None]  # name -> default (as written), None when required


def curated_queries(dialect: str = "ladybug") -> dict[str, CuratedQuery]:
    folder = resources.files("sanon_graph_cypher").joinpath(dialect)
    out: dict[str, CuratedQuery] = {}
    for entry in sorted(folder.iterdir(), key=lambda p: p.name):
        if not (entry.name.startswith(PREFIX) and entry.name.endswith(".cypher")):
            continue
        name = entry.name[len(PREFIX):-len(".cypher")]
        text = load_query(dialect, PREFIX + name)
        first = next((line for line in text.splitlines() if line.startswith("//")), "//")
        declared = _PARAMS.search(text)
        params: dict[str, str | None] = {}
        for item in (declared.group(1).split(",") if declared else []):
            key, _, default = item.strip().partition("=")
            params[key.strip()] = default.strip() if _ else None
        out[name] = CuratedQuery(name, first.lstrip("/ ").strip(), params)
    return out


def parse_value(text: str) -> Any:
    """A command-line parameter value: integer, float or string."""
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    return text


def open_analysis_graph(analysis_dir: Path) -> GraphStore:
    """The graph of an analysis (DIR from `analyze`), opened read-only: the engine itself
    refuses writes. run.json says where it is (an embedded database in DIR, or a Neo4j dataset,
    reopened with the credentials from the environment)."""
    analysis_dir = Path(analysis_dir)
    run_file = analysis_dir / "run.json"
    location = None
    if run_file.is_file():
        try:
            recorded = json.loads(run_file.read_text(encoding="utf-8")).get("graph")
        except (OSError, ValueError) as exc:
            raise ConfigError(f"{run_file}: unreadable ({exc})") from None
        if recorded:
            location = GraphLocation.model_validate(recorded)
    if location is None:  # folders written before run.json recorded the graph
        location = GraphLocation(backend="ladybug", path="graph.lbug")
    if location.backend == "ladybug" and not (analysis_dir / (location.path or "")).exists():
        raise ConfigError(f"{analysis_dir}: no graph.lbug here; give the output folder of `sanon-graph analyze`")
    return open_store(location, analysis_dir, read_only=True)


def run_curated(analysis_dir: Path, name: str, given: dict[str, str]) -> pd.DataFrame:
    queries = curated_queries()
    if name not in queries:
        raise ConfigError(f"unknown query {name!r}; available: {', '.join(queries)}")
    query = queries[name]
    unknown = set(given) - set(query.params)
    if unknown:
        raise ConfigError(f"query {name!r} takes {', '.join(query.params) or 'no parameters'}; unknown: {', '.join(sorted(unknown))}")
    params: dict[str, Any] = {}
    for key, default in query.params.items():
        if key in given:
            params[key] = parse_value(given[key])
        elif default is not None:
            params[key] = parse_value(default)
        else:
            raise ConfigError(f"query {name!r} needs --param {key}=...")
    store = open_analysis_graph(analysis_dir)
    try:
        return store.rows(PREFIX + name, params)
    finally:
        store.close()


def run_cypher(analysis_dir: Path, query: str, given: dict[str, str]) -> pd.DataFrame:
    """An ad-hoc query on a read-only graph: writes fail in the engine, not by inspection.
    On Neo4j the analysis' dataset is the parameter $dataset."""
    store = open_analysis_graph(analysis_dir)
    try:
        return store.cypher(query, {k: parse_value(v) for k, v in given.items()})
    finally:
        store.close()

