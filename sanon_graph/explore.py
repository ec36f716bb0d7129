"""Exploration of an analysis' graph: curated queries from cypher/<dialect>/explore_*.cypher
and ad-hoc read-only Cypher, with parameters only.

A curated query declares its parameters on a `// params:` line (`name` or `name=default`); its
first comment line is its description.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import ladybug
import pandas as pd

from .errors import ConfigError, GraphError
from .graph.queries import load_query, statements

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


def _graph_path(analysis_dir: Path) -> Path:
    path = Path(analysis_dir) / "graph.lbug"
    if not path.exists():
        raise ConfigError(f"{analysis_dir}: no graph.lbug here; give the output folder of `sanon-graph analyze`")
    return path


def open_read_only(analysis_dir: Path) -> ladybug.Connection:
    """A read-only connection to an analysis' graph: writes fail in the engine."""
    try:
        return ladybug.Connection(ladybug.Database(str(_graph_path(analysis_dir)), read_only=True))
    except RuntimeError as exc:
        raise GraphError(f"cannot open {analysis_dir}/graph.lbug read-only: {exc}") from None


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
    (statement,) = statements(load_query("ladybug", PREFIX + name))
    return execute(open_read_only(analysis_dir), statement, params)


def run_cypher(analysis_dir: Path, query: str, given: dict[str, str]) -> pd.DataFrame:
    """An ad-hoc query on a read-only connection: writes fail in the engine, not by inspection."""
    return execute(open_read_only(analysis_dir), query, {k: parse_value(v) for k, v in given.items()})


def execute(conn: ladybug.Connection, statement: str, params: dict[str, Any]) -> pd.DataFrame:
    """Run one statement with parameters; rows as a DataFrame, failures as GraphError."""
    try:
        result = conn.execute(statement, params)
    except RuntimeError as exc:
        message = str(exc)
        if "read-only" in message:
            raise GraphError("the graph is opened read-only: queries here cannot change it") from None
        raise GraphError(f"query failed: {message}") from None
    if isinstance(result, list):
        result = result[-1]
    return result.get_as_df() if result.get_column_names() else pd.DataFrame()
