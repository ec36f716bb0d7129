"""eval linkage: metrics on hand-made gold and predictions, the CLI, and the README figures."""

from __future__ import annotations

import itertools
import json
import re

import pytest
from click.testing import CliRunner
from sanon_graph_cli.main import cli

from sanon_graph.eval.linkage import cluster_of, linkage_metrics

from .conftest import ROOT, thesis_set, write_json


def test_hand_made_metrics():
    gold = [["c1_doc1", "c1_doc2", "c1_doc3"], ["c2_doc1", "c2_doc2"], ["c3_doc1", "c3_doc2"]]
    flagged = [["c1_doc2", "c1_doc1"],            # a pair inside a gold triple: not the chain
               ["c2_doc2", "c2_doc1"],            # a gold chain, reversed
               ["c1_doc3", "c2_doc1"],            # a false link between two people
               ["c1_doc1", "c1_doc2", "c1_doc3", "c3_doc1"]]  # 4 documents: not evaluated
    m = linkage_metrics(flagged, gold)
    # chains: flagged {c1_doc1,c1_doc2}, {c2_doc1,c2_doc2}, {c1_doc3,c2_doc1}; gold 3 chains
    assert (m["chains"]["tp"], m["chains"]["fp"], m["chains"]["fn"]) == (1, 2, 2)
    assert m["chains"]["precision"] == pytest.approx(1 / 3) and m["chains"]["recall"] == pytest.approx(1 / 3)
    # pairs: gold = 3 (triple) + 1 + 1 = 5; flagged = 3 pairs, 2 of them gold
    assert (m["pairs"]["tp"], m["pairs"]["fp"], m["pairs"]["fn"]) == (2, 1, 3)
    assert m["pairs"]["f1"] == pytest.approx(2 * (2 / 3) * (2 / 5) / (2 / 3 + 2 / 5))
    assert (m["intra_cluster_links"], m["inter_cluster_links"]) == (2, 1)


def test_empty_and_unlabelled_cases():
    m = linkage_metrics([], [["a", "b"]])
    assert m["pairs"]["precision"] == 0.0 and m["pairs"]["recall"] == 0.0 and m["pairs"]["f1"] == 0.0
    assert m["intra_cluster_links"] is None  # nothing flagged, nothing to count
    assert cluster_of("cluster_12_doc3") == "cluster_12" and cluster_of("note-2001") is None


def test_gold_links_to_unknown_documents_are_reported_not_scored():
    gold = [["a_doc1", "a_doc2"], ["a_doc0", "a_doc1"], ["cluster_13", "b_doc1"]]
    m = linkage_metrics([["a_doc1", "a_doc2"]], gold, known_documents={"a_doc1", "a_doc2", "b_doc1"})
    assert m["gold_links_unknown_documents"] == [["a_doc0", "a_doc1"], ["cluster_13", "b_doc1"]]
    assert (m["pairs"]["tp"], m["pairs"]["fn"]) == (1, 0) and m["pairs"]["recall"] == 1.0
    m = linkage_metrics([["a_doc1", "a_doc2"]], gold)  # without the run's documents every link counts
    assert m["pairs"]["fn"] == 2 and m["gold_links_unknown_documents"] == []


def test_cli_on_the_examples(tmp_path):
    out = tmp_path / "out"
    runner = CliRunner()
    assert runner.invoke(cli, ["analyze", str(ROOT / "examples" / "corpus"), "--out", str(out), "-q"]).exit_code == 0
    gold = write_json(tmp_path / "gold.json", {"links": [["memo-3001", "note-2001"], ["claim-1001", "study-4002"],
                                                         ["note-2003", "study-4001"], ["claim-1003", "memo-3002"]]})
    result = runner.invoke(cli, ["eval", "linkage", str(out), "--gold", str(gold), "--json"])
    assert result.exit_code == 0, result.output
    m = json.loads(result.output)
    flagged = {frozenset(c["source_ids"]) for c in map(json.loads, (out / "chains.jsonl").read_text().splitlines())
               if c["risk_initial"] >= 0.5}
    assert m["chains"]["tp"] == 3 and m["chains"]["fn"] == 1  # the unrelated pair is not linked
    assert m["chains"]["fp"] == len(flagged) - 3
    stale = write_json(tmp_path / "stale.json", {"links": [["memo-3001", "note-2001"], ["memo-3001", "memo-9999"]]})
    result = runner.invoke(cli, ["eval", "linkage", str(out), "--gold", str(stale)])
    assert result.exit_code == 0 and "1 gold link(s) name documents not in this run" in result.output
    assert "memo-9999" in result.output
    bad = write_json(tmp_path / "bad.json", {"links": [["only-one"]]})
    result = runner.invoke(cli, ["eval", "linkage", str(out), "--gold", str(bad)])
    assert result.exit_code == 2 and "links[0]" in result.output
    assert runner.invoke(cli, ["eval", "linkage", str(tmp_path), "--gold", str(gold)]).exit_code == 2
    # without gold: the flagged links only, nothing scored
    result = runner.invoke(cli, ["eval", "linkage", str(out), "--json"])
    assert result.exit_code == 0, result.output
    m = json.loads(result.output)
    assert "pairs" not in m and "chains" not in m and m["gold"] is None
    assert m["flagged_chains"] == len(flagged)
    assert m["flagged_pairs"] == len({frozenset(p) for c in flagged for p in itertools.combinations(sorted(c), 2)})
    result = runner.invoke(cli, ["eval", "linkage", str(out)])
    assert result.exit_code == 0 and "no gold links given" in result.output


README_ROW = re.compile(r"^\| (\w+) \| (rules|ngrams|both) \| ([\d.]+) \| ([\d.]+) \| ([\d.]+) \| ([\d.]+) \| ([\d.]+) \| ([\d.]+) \| (\d+) \|$", re.M)
UNLABELLED_ROW = re.compile(r"^\| (\w+) \| (rules|ngrams|both) \| (\d+) \| (\d+) \| (\d+) \|$", re.M)
SIGNAL_FLAGS = {"rules": [], "ngrams": ["--extractor", "none", "--ngrams"], "both": ["--ngrams"]}


def readme_rows(pattern: re.Pattern[str], sets: tuple[str, ...]) -> list[tuple[str, ...]]:
    rows = pattern.findall((ROOT / "README.md").read_text())
    assert {(r[0], r[1]) for r in rows} == {(s, signal) for s in sets for signal in SIGNAL_FLAGS}
    return rows


def linkage_of(tmp_path, name: str, signal: str, *gold: str) -> dict:
    """eval linkage --json of a default analysis of a thesis-dev set with one signal."""
    out = tmp_path / f"{name}-{signal}"
    runner = CliRunner()
    assert runner.invoke(cli, ["analyze", str(thesis_set(name) / "documents"), "--out", str(out), "-q",
                               *SIGNAL_FLAGS[signal]]).exit_code == 0
    return json.loads(runner.invoke(cli, ["eval", "linkage", str(out), *gold, "--json"]).output)


@pytest.mark.slow
def test_readme_linkage_figures_reproduce(tmp_path):
    """The README's linkage table (rules extractor, default policy) is what the command gives."""
    for name, signal, *figures in readme_rows(README_ROW, ("debug_3", "tuning_chain_5", "tuning_filter_5")):
        m = linkage_of(tmp_path, name, signal, "--gold", str(thesis_set(name) / "gold_links.json"))
        got = [m["pairs"]["precision"], m["pairs"]["recall"], m["pairs"]["f1"],
               m["chains"]["precision"], m["chains"]["recall"], m["chains"]["f1"]]
        assert [f"{v:.3f}" for v in got] == figures[:6], (name, signal)
        assert (m["inter_cluster_links"] or 0) == int(figures[6]), (name, signal)


@pytest.mark.slow
def test_readme_false_links_on_unlabelled_sets_reproduce(tmp_path):
    """The README's table of links between clusters on the sets without gold links."""
    for name, signal, *figures in readme_rows(UNLABELLED_ROW, ("qa_5", "train_10", "qa_25")):
        m = linkage_of(tmp_path, name, signal)
        got = [m["flagged_pairs"], m["intra_cluster_links"] or 0, m["inter_cluster_links"] or 0]
        assert [str(v) for v in got] == figures, (name, signal)
