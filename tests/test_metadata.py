"""Metadata is text too: string values in a document's metadata are scanned and masked like the
content, by default every key, `[ingest] metadata_fields` chooses which."""

from __future__ import annotations

import json

from .conftest import read_jsonl, write_json
from .contract import check_output_contract


def corpus(root):
    write_json(root / "docs.json", [
        {"id": "a", "content": "The claim was reviewed and approved.",
         # a clinician ("Dr. ...") would be a provider in the default preset (test_clinicians_and_phrases.py)
         "metadata": {"author": "Ms. Imogen Reyes", "format": "claim_form",
                      "contacts": [{"mail": "i.reyes@example.org"}], "pages": 3}},
        {"id": "b", "content": "A second, unrelated note.", "metadata": {"format": "note"}},
    ])
    return root


def test_metadata_values_are_scanned_and_masked(run_cli, tmp_path):
    src = corpus(tmp_path / "in")
    before = (src / "docs.json").read_bytes()
    out = tmp_path / "out"
    result = run_cli("analyze", src, "--out", out, "-q")
    assert result.exit_code == 0, result.output
    check_output_contract(out, src)
    entities = {e["normalized_value"]: e for e in read_jsonl(out / "entities.jsonl")}
    assert any(e["type"] == "NAME" and "reyes" in v for v, e in entities.items())
    assert any(e["type"] == "EMAIL" for e in entities.values())
    masked = json.loads((out / "masked" / "docs.json").read_text())
    meta = masked[0]["metadata"]
    assert "Reyes" not in meta["author"] and "[NAME]" in meta["author"]
    assert meta["contacts"] == [{"mail": "[EMAIL]"}]
    assert meta["format"] == "claim_form" and meta["pages"] == 3  # the rest of the metadata as it was
    assert masked[0]["content"] == "The claim was reviewed and approved."
    assert (src / "docs.json").read_bytes() == before  # the input is never modified


def test_metadata_fields_choose_the_keys(run_cli, tmp_path):
    src = corpus(tmp_path / "in")
    config = tmp_path / "sanon.toml"
    config.write_text('[ingest]\nmetadata_fields = ["contacts"]\n')
    out = tmp_path / "out"
    assert run_cli("analyze", src, "--out", out, "--config", config, "-q").exit_code == 0
    types = {e["type"] for e in read_jsonl(out / "entities.jsonl")}
    assert "EMAIL" in types and "NAME" not in types
    meta = json.loads((out / "masked" / "docs.json").read_text())[0]["metadata"]
    assert meta["author"] == "Ms. Imogen Reyes" and meta["contacts"] == [{"mail": "[EMAIL]"}]


def test_an_unknown_ingest_key_is_a_clear_error(run_cli, tmp_path):
    config = tmp_path / "sanon.toml"
    config.write_text('[ingest]\nmetadata_field = ["author"]\n')
    result = run_cli("analyze", corpus(tmp_path / "in"), "--out", tmp_path / "out", "--config", config, "-q")
    assert result.exit_code == 2 and "metadata_field" in result.output and "sanon.toml" in result.output
