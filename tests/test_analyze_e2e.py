"""analyze end to end through the CLI, on the example corpus and on every thesis-dev set."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from sanon_graph.errors import VerificationError
from sanon_graph.ingest import read_corpus
from sanon_graph.masked_corpus import verify_masked_corpus
from sanon_graph.redact import MaskedValue, Redactor

from .conftest import EXAMPLES, read_jsonl, thesis_set, write_json
from .contract import check_output_contract
from .test_ingest_cli import tree_digest

THESIS_SETS = ["debug_3", "qa_5", "qa_25", "train_10", "tuning_chain_5", "tuning_filter_5"]


def test_examples_end_to_end(run_cli, tmp_path):
    before = tree_digest(EXAMPLES)
    out = tmp_path / "out"
    result = run_cli("analyze", EXAMPLES, "--out", out, "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output.strip().splitlines()[-1])
    run = check_output_contract(out, EXAMPLES)
    assert tree_digest(EXAMPLES) == before
    assert summary["documents"] == run["counts"]["documents"] == 12
    assert summary["documents_skipped"] == 1
    # the planted links are found: each hidden person's documents are linked
    source_pairs = {tuple(sorted(c["source_ids"])) for c in read_jsonl(out / "chains.jsonl")}
    assert ("memo-3001", "note-2001") in source_pairs
    assert ("claim-1001", "study-4002") in source_pairs
    assert ("note-2003", "study-4001") in source_pairs
    # every initial HIGH/MEDIUM chain is brought under target
    assert summary["chains_by_category_after"]["HIGH"] == summary["chains_by_category_after"]["MEDIUM"] == 0
    assert summary["chains_target_unmet"] == 0
    # names of the hidden people do not survive in the masked corpus
    masked_text = "".join(p.read_text() for p in (out / "masked").rglob("*.json*"))
    for name in ("Henrietta Ezeoke", "Tomasz Zawadowski", "MBR-55821"):
        assert name not in masked_text
    # unrelated documents are unchanged
    memo = json.loads((out / "masked" / "memos" / "memo-3002.json").read_text())
    assert memo == json.loads((EXAMPLES / "memos" / "memo-3002.json").read_text())
    report = (out / "report.md").read_text()
    assert "## Riskiest chains" in report and "## What was masked and why" in report
    assert (out / "graph.lbug").exists()
    assert not list(tmp_path.glob(".out.partial-*"))


def test_chain_length_and_strategy_options(run_cli, tmp_path):
    out = tmp_path / "out"
    result = run_cli("analyze", EXAMPLES, "--out", out, "--chain-length", "3", "--redaction", "complete",
                     "--theta-doc", "0.9", "-q")
    assert result.exit_code == 0, result.output
    run = check_output_contract(out, EXAMPLES)
    assert run["settings"]["policy"]["chain_length"] == 3
    assert run["settings"]["policy"]["theta_doc"] == 0.9
    chains = read_jsonl(out / "chains.jsonl")
    assert any(len(c["doc_ids"]) == 3 for c in chains)
    entities = read_jsonl(out / "entities.jsonl")
    assert {e["replacement"] for e in entities if e["masked"]} == {"[REDACTED]"}


def test_document_stage_only(run_cli, tmp_path):
    out = tmp_path / "out"
    result = run_cli("analyze", EXAMPLES, "--out", out, "--no-chain-stage", "-q")
    assert result.exit_code == 0, result.output
    check_output_contract(out, EXAMPLES)
    assert all(e["stage"] in (None, "direct", "document") for e in read_jsonl(out / "entities.jsonl"))


def test_precomputed_entities(run_cli, tmp_path):
    corpus = tmp_path / "in"
    write_json(corpus / "docs.json", [
        {"id": "a", "content": "Rex Salam, member GP-61473QM, was treated at Abilene General Hospital."},
        {"id": "b", "content": "Abilene General Hospital confirmed the claim for GP-61473QM."},
        {"id": "c", "content": "An unrelated memo about formulary changes."},
    ])
    entities = tmp_path / "entities.jsonl"
    entities.write_text("\n".join(json.dumps(r) for r in [
        {"source_id": "a", "entities": [["Rex Salam", "rex salam", "NAME", 1.0],
                                        ["GP-61473QM", "GP-61473QM", "PATIENT_ID", 0.95],
                                        ["Abilene General Hospital", "abilene general hospital", "PROVIDER", 0.6],
                                        ["Jane Roe", "jane roe", "NAME", 1.0],  # not in the text
                                        ["diabetes", "diabetes", "HOBBY", 0.5]]},  # unknown type
        {"source_id": "b", "entities": [["GP-61473QM", "GP-61473QM", "PATIENT_ID", 1.7],  # clamped
                                        ["abilene general hospital", "abilene general hospital", "PROVIDER", 0.6]]},
        {"source_id": "zzz", "entities": []},
    ]) + "\n")
    out = tmp_path / "out"
    # METHOD's selection, which the hand computation below follows (the floor would mask the ID too)
    result = run_cli("analyze", corpus, "--out", out, "--extractor", "precomputed", "--entities", entities,
                     "--no-direct-floor")
    assert result.exit_code == 0, result.output
    assert "do not occur in their document" in result.output
    assert "outside the schema" in result.output
    run = check_output_contract(out, corpus)
    assert run["extraction"] == {"findings": 7, "mentions": 5, "dropped_not_in_text": 1,
                                 "dropped_unknown_type": 1, "clamped_relevance": 1}
    ents = {e["normalized_value"]: e for e in read_jsonl(out / "entities.jsonl")}
    assert "jane roe" not in ents
    assert ents["abilene general hospital"]["original_values"] == ["Abilene General Hospital", "abilene general hospital"]
    # N = 3, freq 2: u = log(4/2)/log(4) = 0.5; strength = 1 - (1 - 1.0*0.5*0.95)(1 - 0.6*0.5*0.65) = 0.577
    links = read_jsonl(out / "links.jsonl")
    assert len(links) == 1 and len(links[0]["via"]) == 2
    assert links[0]["strength_before"] == pytest.approx(1 - (1 - 0.475) * (1 - 0.195))
    # Document stage: R(a) = 1 because the name is unique (u = 1, relevance 1, weight 1), so the
    # name goes; then R(a) = 1 - (1 - 0.95*0.5*0.95)(1 - 0.195) = 0.558, R(b) = 0.577 (the edge uses
    # the max relevance, documents their own), and the hop risk 0.577 * (1 + 0.568) / 2 = 0.453
    # is LOW: nothing more is masked.
    (chain,) = read_jsonl(out / "chains.jsonl")
    s = 1 - (1 - 0.475) * (1 - 0.195)
    r_a = 1 - (1 - 0.95 * 0.5 * 0.95) * (1 - 0.195)
    assert chain["risk_pre_chain"] == pytest.approx(s * (1 + (r_a + s) / 2) / 2)
    assert chain["category"] == "LOW" and chain["target_met"]
    masked_text = (out / "masked" / "docs.json").read_text()
    assert "Rex Salam" not in masked_text and "[NAME], member GP-61473QM" in masked_text


def test_bad_entities_file_leaves_nothing(run_cli, tmp_path):
    corpus = tmp_path / "in"
    write_json(corpus / "a.json", {"id": "a", "content": "text"})
    entities = tmp_path / "e.json"
    entities.write_text(json.dumps({"a": [["text", "text", "NAME"]]}))
    result = run_cli("analyze", corpus, "--out", tmp_path / "out", "--extractor", "precomputed", "--entities", entities)
    assert result.exit_code != 0
    assert "e.json" in result.output and "key 'a', entity 0" in result.output
    assert not (tmp_path / "out").exists()


def test_verification_fails_loudly_on_a_surviving_value(tmp_path):
    corpus_dir = tmp_path / "in"
    write_json(corpus_dir / "a.json", {"id": "a", "content": "Rex Salam called."})
    corpus = read_corpus(corpus_dir)
    masked = tmp_path / "masked"
    shutil.copytree(corpus_dir, masked)  # as if redaction had done nothing
    redactor = Redactor([MaskedValue("e1", ("Rex Salam",), "[NAME]")])
    with pytest.raises(VerificationError, match=r"a\.json: record 0: content still contains a masked value \(entity e1\)"):
        verify_masked_corpus(masked, corpus, redactor)


def test_installed_console_script(tmp_path):
    exe = Path(sys.executable).parent / "sanon-graph"
    help_text = subprocess.run([exe, "analyze", "--help"], capture_output=True, text=True, check=True).stdout
    assert "--chain-length" in help_text and "masked/" in help_text
    done = subprocess.run([exe, "analyze", EXAMPLES, "--out", tmp_path / "o", "--json"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["documents"] == 12
    bad = subprocess.run([exe, "analyze", tmp_path / "missing", "--out", tmp_path / "p"], capture_output=True, text=True)
    assert bad.returncode == 2 and "does not exist" in bad.stderr


@pytest.mark.slow
@pytest.mark.parametrize("name", THESIS_SETS)
def test_thesis_dev_sets(run_cli, tmp_path, name):
    documents = thesis_set(name) / "documents"
    out = tmp_path / "out"
    result = run_cli("analyze", documents, "--out", out, "--json")
    assert result.exit_code == 0, result.output
    run = check_output_contract(out, documents)
    n_inputs = len(list(documents.glob("*.json")))
    assert run["counts"]["documents"] == n_inputs
    assert run["counts"]["documents_over_target_after"] == 0


@pytest.mark.slow
def test_thesis_dev_with_gold_person_entities_as_precomputed(run_cli, tmp_path):
    """The clusters' hand-listed person entities, fed as a precomputed extraction: every
    direct identifier that drives a document over target is masked and gone from masked/."""
    base = thesis_set("debug_3")
    records = []
    for cluster_file in sorted((base / "clusters").glob("*.json")):
        cluster = json.loads(cluster_file.read_text())
        for doc in cluster["documents"]:
            ents = [[v, v.lower(), t, 1.0] for v, t in cluster["metadata"]["person"]["entities"]]
            records.append({"source_id": doc["id"], "entities": ents})
    entities = tmp_path / "gold.jsonl"
    entities.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    out = tmp_path / "out"
    result = run_cli("analyze", base / "documents", "--out", out, "--extractor", "precomputed", "--entities", entities, "-q")
    assert result.exit_code == 0, result.output
    run = check_output_contract(out, base / "documents")
    assert run["extraction"]["dropped_not_in_text"] > 0  # the gold lists span the whole cluster
    assert run["extraction"]["dropped_unknown_type"] > 0  # PROCESS_ID is not in the default schema
    assert "Fabrizio Jarocki" not in (out / "masked" / "00_cluster_0_doc1.json").read_text()


def test_missing_shared_data_skips_instead_of_failing():
    # The suite must run where ../shared is absent: thesis_set() skips rather than fails.
    with pytest.raises(pytest.skip.Exception, match="not available"):
        thesis_set("no_such_set")
