"""A run whose stages are spread over forked workers writes what a run in one process writes:
extraction, the recurrence walk, masking and its check, the output tables."""

from __future__ import annotations

import json

import pytest

from sanon_graph import forked
from sanon_graph.forked import workers

from .conftest import EXAMPLES
from .test_ingest_cli import tree_digest

# Files whose bytes depend on the run's clock or its timings, compared without those.
TIMED = {"run.json", "report.html", "report.md"}


def _run(run_cli, out, monkeypatch, threshold: int) -> dict[str, str]:
    monkeypatch.setattr(forked, "PARALLEL_MIN", threshold)  # every stage's threshold
    result = run_cli("analyze", EXAMPLES, "--out", out, "--json")
    assert result.exit_code == 0, result.output
    return {name: digest for name, digest in tree_digest(out).items()
            if name not in TIMED and not name.startswith("graph.")}  # the database's own files hold times


def test_a_forked_run_writes_what_one_process_writes(run_cli, tmp_path, monkeypatch):
    if workers() < 2:
        pytest.skip("one core: every stage runs in this process")
    serial = _run(run_cli, tmp_path / "serial", monkeypatch, 10**9)
    forked = _run(run_cli, tmp_path / "forked", monkeypatch, 1)
    assert any(name.startswith("masked/") for name in serial)
    assert {"documents.jsonl", "entities.jsonl", "links.jsonl", "chains.jsonl", "replacements.json"} <= set(serial)
    assert forked == serial
    counts = [json.loads((tmp_path / d / "run.json").read_text())["counts"] for d in ("serial", "forked")]
    assert counts[0] == counts[1] and counts[0]["masked_entities"] > 0
