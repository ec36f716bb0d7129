"""The direct-identifier floor: every value of a `direct` type is masked whatever the risks,
with every strategy, recorded as its own stage; --no-direct-floor gives METHOD's selection."""

from __future__ import annotations

import json

import pytest

from .conftest import read_jsonl, write_json
from .contract import check_output_contract

EMAIL = "quiet.reader@example.org"


def low_risk_corpus(root):
    """A unique e-mail address in a document far under theta_doc, beside two linked documents."""
    write_json(root / "docs.json", [
        {"id": "newsletter", "content": f"Questions about the newsletter go to {EMAIL}."},
        {"id": "claim-1", "content": "Claim for Henrietta Ezeoke, age 47, treated for sarcoidosis at Webb Clinic."},
        {"id": "claim-2", "content": "Follow-up for Henrietta Ezeoke: sarcoidosis review at Webb Clinic."},
    ])
    return root


@pytest.mark.parametrize("strategy", ["greedy", "knapsack", "exact"])
def test_a_unique_email_in_a_low_risk_document_is_masked(run_cli, tmp_path, strategy):
    corpus = low_risk_corpus(tmp_path / "in")
    out = tmp_path / "out"
    result = run_cli("analyze", corpus, "--out", out, "--selection", strategy, "--json", "-q")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output.strip().splitlines()[-1])
    run = check_output_contract(out, corpus)
    email = next(e for e in read_jsonl(out / "entities.jsonl") if e["type"] == "EMAIL")
    assert email["masked"] and email["stage"] == "direct" and email["kept_because"] is None
    masked = (out / "masked" / "docs.json").read_text()
    assert EMAIL not in masked and "[EMAIL]." in masked  # the sentence keeps its full stop
    assert summary["masked_direct"] >= 2  # the e-mail and the name
    assert summary["direct_identifiers_unmasked"] == run["counts"]["direct_identifiers_unmasked"] == 0
    report = (out / "report.md").read_text()
    assert "| masked direct |" in report and "Direct: every value of a direct-identifier type" in report
    assert "| direct |" in report  # the decision row of the floor
    # the count is of what was found, and the report says so (a value the extractor missed is not in it)
    assert "| direct identifiers found and left unmasked | 0 |" in report and "a value it missed" in report


@pytest.mark.parametrize("strategy", ["greedy", "knapsack", "exact"])
def test_without_the_floor_the_low_risk_email_stays_and_says_why(run_cli, tmp_path, strategy):
    corpus = low_risk_corpus(tmp_path / "in")
    out = tmp_path / "out"
    result = run_cli("analyze", corpus, "--out", out, "--selection", strategy, "--no-direct-floor", "--json", "-q")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output.strip().splitlines()[-1])
    run = check_output_contract(out, corpus)
    assert run["settings"]["policy"]["direct_floor"] is False
    email = next(e for e in read_jsonl(out / "entities.jsonl") if e["type"] == "EMAIL")
    assert not email["masked"]
    assert email["kept_because"].startswith("under target") and "floor off" in email["kept_because"]
    assert EMAIL in (out / "masked" / "docs.json").read_text()
    assert summary["masked_direct"] == 0 and summary["direct_identifiers_unmasked"] >= 1
    report = (out / "report.md").read_text()
    assert "## What stayed readable and why" in report
    assert "direct identifiers are readable in masked/" in report and EMAIL in report


def test_the_floor_from_the_config_file(run_cli, tmp_path):
    corpus = low_risk_corpus(tmp_path / "in")
    config = tmp_path / "sanon.toml"
    config.write_text("[policy]\ndirect_floor = false\n")
    out = tmp_path / "out"
    assert run_cli("analyze", corpus, "--out", out, "--config", config, "-q").exit_code == 0
    assert EMAIL in (out / "masked" / "docs.json").read_text()
    # the flag wins over the file
    out2 = tmp_path / "out2"
    assert run_cli("analyze", corpus, "--out", out2, "--config", config, "--direct-floor", "-q").exit_code == 0
    assert EMAIL not in (out2 / "masked" / "docs.json").read_text()


def test_the_floor_comes_before_the_document_stage(run_cli, tmp_path):
    """A document over theta_doc only because of its name: the floor masks the name, and the
    document stage then has nothing left to do for it."""
    corpus = tmp_path / "in"
    write_json(corpus / "docs.json", [
        {"id": "a", "content": "Patient Wilhelmina Tallis-Szabo, MRN 88412-KX, phone 555-0147, "
                               "e-mail w.tallis@example.net, lives at 12 Elm Road."},
        {"id": "b", "content": "The weather report for the county."},
    ])
    out = tmp_path / "out"
    assert run_cli("analyze", corpus, "--out", out, "-q").exit_code == 0
    entities = read_jsonl(out / "entities.jsonl")
    assert {e["stage"] for e in entities if e["masked"]} == {"direct"}
    assert not [e for e in entities if e["stage"] == "document"]
