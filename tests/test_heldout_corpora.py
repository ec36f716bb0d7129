"""The corpora written for held-out measurement (stop 31): examples/court (decisions in the
style of the European Court of Human Rights) and examples/insurance_heldout (two sets in the
research data's format). Each is what it says it is: the court corpus is what build.py makes of
annotated.md with gold offsets that match the text; every insurance set's person entities occur
in their cluster's documents and its gold links stay inside one cluster. No quality figure is
asserted: the corpora measure the rules, they do not pin them."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner
from sanon_graph_cli.main import cli

from sanon_graph.ingest import read_corpus
from tests.conftest import ROOT

COURT = ROOT / "examples" / "court"
INSURANCE = ROOT / "examples" / "insurance_heldout"


def test_the_court_corpus_is_what_build_makes_of_the_annotated_source():
    done = subprocess.run([sys.executable, str(COURT / "build.py"), "--check"], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    contents = {d.source_id: d.content for d in read_corpus(COURT / "documents").documents}
    records = [json.loads(x) for x in (COURT / "gold_spans.jsonl").read_text(encoding="utf-8").splitlines() if x]
    assert {r["id"] for r in records} == set(contents) and len(contents) == 10
    for record in records:
        for s in record["spans"]:
            assert contents[record["id"]][s["start"]:s["end"]] == s["text"], (record["id"], s)


TRAINING = ROOT / "examples" / "insurance_train"


@pytest.mark.parametrize("base, n_clusters", [
    *[(INSURANCE / s, 8) for s in ("set_a", "set_b", "set_c", "set_d", "set_e", "set_f", "set_g", "set_t", "set_u", "set_v", "set_w", "set_zf")],
    *[(TRAINING / s, 10) for s in ("set_h", "set_i", "set_j", "set_k", "set_l", "set_m", "set_n", "set_o", "set_p", "set_q", "set_r", "set_s")],  # the insurance model's training sets
], ids=lambda x: x.name if hasattr(x, "name") else str(x))
def test_an_insurance_set_is_in_the_research_datas_format(base, n_clusters):
    clusters = sorted((base / "clusters").glob("cluster_*.json"))
    assert len(clusters) == n_clusters
    cluster_of = {}
    for path in clusters:
        cluster = json.loads(path.read_text(encoding="utf-8"))
        texts = [d["content"].lower() for d in cluster["documents"]]
        for d in cluster["documents"]:
            cluster_of[d["id"]] = cluster["metadata"]["cluster_id"]
        for value, _type in cluster["metadata"]["person"]["entities"]:
            assert any(value.lower() in t for t in texts), (path.name, value)
        assert len(cluster["metadata"]["questions"]) == 4
    documents = read_corpus(base / "documents").documents
    assert {d.source_id for d in documents} == set(cluster_of)
    links = json.loads((base / "gold_links.json").read_text(encoding="utf-8"))["links"]
    assert links and all(len({cluster_of[d] for d in link}) == 1 for link in links)


def test_the_cli_scores_a_held_out_set(tmp_path):
    base = INSURANCE / "set_a"
    out = tmp_path / "out"
    runner = CliRunner()
    assert runner.invoke(cli, ["analyze", str(base / "documents"), "--out", str(out), "-q"]).exit_code == 0
    result = runner.invoke(cli, ["eval", "linkage", str(out), "--gold", str(base / "gold_links.json"), "--json"])
    assert result.exit_code == 0, result.output
    metrics = json.loads(result.output)
    assert metrics["gold_links_unknown_documents"] == [] and metrics["gold_chains"] == 40
    result = runner.invoke(cli, ["eval", "entities", str(out), "--clusters", str(base / "clusters"), "--json"])
    assert result.exit_code == 0 and json.loads(result.output)["findable"] == 204


def test_the_court_corpus_in_the_benchmarks_format_keeps_its_split(tmp_path):
    target = tmp_path / "tab.json"
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "tab_from_gold.py"), str(COURT), str(target)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    split = json.loads((COURT / "split.json").read_text(encoding="utf-8"))
    kinds = {d["doc_id"]: d["dataset_type"] for d in json.loads(target.read_text(encoding="utf-8"))}
    assert {k for k, v in kinds.items() if v == "train"} == set(split["tuned_on"])
    assert {k for k, v in kinds.items() if v == "test"} == set(split["held_out"])
    result = CliRunner().invoke(cli, ["eval", "tab", str(target), "--preset", "legal", "--split", "test", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["documents"] == len(split["held_out"])
