"""Cypher queries loaded by name from the installed `sanon_graph_cypher` package."""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
DIALECTS = ("ladybug", "neo4j")


@cache
def load_query(dialect: str, name: str) -> str:
    """The text of cypher/<dialect>/<name>.cypher."""
    if dialect not in DIALECTS or not _NAME.match(name):
        raise ValueError(f"invalid query reference {dialect}/{name}")
    path = resources.files("sanon_graph_cypher").joinpath(dialect, f"{name}.cypher")
    if not path.is_file():
        raise FileNotFoundError(f"no Cypher query {dialect}/{name}.cypher in the installed package")
    return path.read_text(encoding="utf-8")


def statements(text: str) -> list[str]:
    """Split a script into statements; `//` comment lines are dropped."""
    lines = [line for line in text.splitlines() if not line.lstrip().startswith("//")]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]
