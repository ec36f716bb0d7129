"""A non-editable install must find the Cypher queries: they ship inside the wheel."""

from __future__ import annotations

import subprocess
import sys
import zipfile

from sanon_graph.graph.queries import load_query, statements

from .conftest import ROOT


def test_every_query_loads_by_name():
    names = sorted(p.stem for p in (ROOT / "cypher" / "ladybug").glob("*.cypher"))
    assert "document_risk" in names and "link_candidates" in names
    for name in names:
        assert statements(load_query("ladybug", name)), name


def test_wheel_contains_cypher_and_cli(tmp_path):
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        check=True, capture_output=True,
    )
    (wheel,) = tmp_path.glob("sanon_graph-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for query in (ROOT / "cypher" / "ladybug").glob("*.cypher"):
        assert f"sanon_graph_cypher/ladybug/{query.name}" in names
    assert "sanon_graph_cli/main.py" in names
    assert "sanon_graph_cypher/neo4j/style.grass" in names
    assert "sanon_graph/data/conditions.txt" in names
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    assert "sanon-graph = sanon_graph_cli.main:cli" in zipfile.ZipFile(wheel).read(entry_points).decode()
