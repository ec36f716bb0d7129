"""A non-editable install must find the Cypher queries: they ship inside the wheel."""

from __future__ import annotations

import subprocess
import sys
import zipfile

from sanon_graph.graph.queries import load_query, statements

from .conftest import ROOT

# Queries only the server engine has: a Neo4j database holds many analyses (datasets) beside
# the user's own graph, so it lists, marks and removes them.
NEO4J_ONLY = {"dataset_begin", "dataset_complete", "dataset_info", "dataset_size", "datasets", "reset_dataset"}


def _names(dialect: str) -> set[str]:
    return {p.stem for p in (ROOT / "cypher" / dialect).glob("*.cypher")}


def test_every_query_loads_by_name():
    for dialect in ("ladybug", "neo4j"):
        names = _names(dialect)
        assert "document_risk" in names and "score_candidates" in names
        for name in names:
            assert statements(load_query(dialect, name)), name


def test_both_dialects_have_the_same_queries():
    """Every query of the method exists in both dialects under the same name."""
    assert _names("neo4j") - NEO4J_ONLY == _names("ladybug")
    assert NEO4J_ONLY <= _names("neo4j")


def test_neo4j_queries_stay_inside_their_dataset():
    """Every pattern a Neo4j query matches or creates starts at a node of the analysis' dataset
    (or one bound from such a node), so the rest of the database is never read into an analysis
    or changed; the nodes further along are reached through relationships only an analysis
    writes between its own nodes. The isolation tests against a real server prove it too."""
    import re

    start = re.compile(r"(?:MATCH|CREATE|MERGE|,)\s*(?:\w+\s*=\s*)?\((\w*)(?::(\w+))?([^)]*)\)")
    problems = []
    for name in _names("neo4j") - {"datasets", "schema"}:  # the listing of every dataset; constraints
        text = load_query("neo4j", name)
        for match in start.finditer(text):
            variable, label, rest = match.groups()
            bound = variable and re.search(rf"\({variable}[:\s{{)]|\({variable}, |CALL \([^)]*\b{variable}\b",
                                          text[:match.start()])
            if label and not bound and "dataset: $dataset" not in rest:
                problems.append(f"{name}: {match.group(0)}")
            if not label and not bound:
                problems.append(f"{name}: {match.group(0)} starts at an unbound node")
    assert problems == [], "patterns not limited to the dataset"


def test_wheel_contains_cypher_and_cli(tmp_path):
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        check=True, capture_output=True,
    )
    (wheel,) = tmp_path.glob("sanon_graph-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for dialect in ("ladybug", "neo4j"):
        for query in (ROOT / "cypher" / dialect).glob("*.cypher"):
            assert f"sanon_graph_cypher/{dialect}/{query.name}" in names
    assert "sanon_graph_cli/main.py" in names
    assert "sanon_graph_cypher/neo4j/style.grass" in names
    assert "sanon_graph/data/conditions.txt" in names
    assert {f"sanon_graph/data/presets/{p}.toml" for p in ("health-insurance", "legal", "hr")} <= names
    # every module of the library ships: a subpackage missing from pyproject's explicit list
    # works in the editable install and fails on import for every user
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "sanon_graph").rglob("*.py")}
    assert modules - names == set()
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    assert "sanon-graph = sanon_graph_cli.main:cli" in zipfile.ZipFile(wheel).read(entry_points).decode()
    # the licence as an SPDX expression: setuptools stops building the old table form in 2027
    metadata = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith("METADATA"))).decode()
    assert "License-Expression: MIT" in metadata


def test_docker_compose_runs_the_tested_neo4j_without_a_password_in_it():
    """docker-compose.yml cannot run here (no Docker engine); at least it pins the Neo4j the
    tests run (the test server's 5.26 line) and takes the password from the env file only."""
    import re

    compose = (ROOT / "docker-compose.yml").read_text()
    pom = (ROOT / "neo4j-testserver" / "pom.xml").read_text()
    (image,) = re.findall(r"image:\s*neo4j:(\S+)-community", compose)
    assert f"<neo4j.version>{image}</neo4j.version>" in pom
    assert "${NEO4J_PASSWORD" in compose and "healthcheck" in compose and "neo4j-data:/data" in compose
    assert "NEO4J_PASSWORD=" not in compose
