"""Bad input through the CLI: a clear error naming file, record and reason, a non-zero exit,
no output folder left behind, and the input untouched."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from sanon_graph.ingest import read_corpus
from sanon_graph.models import make_document_id

from .conftest import write_json

GOOD = {"id": "a", "content": "Patient Rex Salam was seen at Abilene General Hospital.", "metadata": {}}


def tree_digest(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


def expect_failure(run_cli, input_dir: Path, tmp_path: Path, *fragments: str):
    before = tree_digest(input_dir) if input_dir.exists() else {}
    out = tmp_path / "out"
    result = run_cli("analyze", input_dir, "--out", out, "-q")
    assert result.exit_code != 0
    message = result.output
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"
    assert not out.exists(), "a failed run must not leave an output folder"
    assert not list(tmp_path.glob(".out.partial-*")), "a failed run must not leave its partial folder"
    if input_dir.exists():
        assert tree_digest(input_dir) == before
    return message


def test_non_utf8_file(run_cli, tmp_path):
    corpus = tmp_path / "in"
    corpus.mkdir()
    (corpus / "latin1.json").write_bytes('{"id": "x", "content": "Jos\xe9"}'.encode("latin-1"))
    expect_failure(run_cli, corpus, tmp_path, "latin1.json", "not valid UTF-8")


def test_invalid_json_names_line(run_cli, tmp_path):
    corpus = tmp_path / "in"
    write_json(corpus / "ok.json", GOOD)
    (corpus / "bad.jsonl").write_text(json.dumps({"id": "b", "content": "x"}) + "\n{broken\n", encoding="utf-8")
    expect_failure(run_cli, corpus, tmp_path, "bad.jsonl", "line 2", "invalid JSON")


def test_missing_id(run_cli, tmp_path):
    corpus = tmp_path / "in"
    write_json(corpus / "docs.json", [GOOD, {"content": "no id here"}])
    expect_failure(run_cli, corpus, tmp_path, "docs.json", "record 1", 'missing "id"')


def test_missing_content(run_cli, tmp_path):
    corpus = tmp_path / "in"
    write_json(corpus / "docs.json", {"documents": [GOOD, {"id": "b"}]})
    expect_failure(run_cli, corpus, tmp_path, "docs.json", "documents[1]", 'missing "content"')


def test_duplicate_id_across_files(run_cli, tmp_path):
    corpus = tmp_path / "in"
    write_json(corpus / "a.json", GOOD)
    write_json(corpus / "sub" / "b.json", {**GOOD, "content": "other text"})
    expect_failure(run_cli, corpus, tmp_path, "duplicate id 'a'", "a.json")


def test_empty_folder(run_cli, tmp_path):
    corpus = tmp_path / "in"
    corpus.mkdir()
    (corpus / "notes.txt").write_text("not a document")
    expect_failure(run_cli, corpus, tmp_path, "no .json or .jsonl files found")


def test_missing_input(run_cli, tmp_path):
    expect_failure(run_cli, tmp_path / "nowhere", tmp_path, "does not exist")


def test_not_a_document_object(run_cli, tmp_path):
    corpus = tmp_path / "in"
    write_json(corpus / "a.json", [GOOD, "just a string"])
    expect_failure(run_cli, corpus, tmp_path, "a.json", "record 1", "JSON object")


def test_empty_content_is_skipped_with_a_warning(run_cli, tmp_path):
    corpus = tmp_path / "in"
    write_json(corpus / "a.json", [GOOD, {"id": "empty", "content": "   "}])
    before = tree_digest(corpus)
    result = run_cli("analyze", corpus, "--out", tmp_path / "out", "-q")
    assert result.exit_code == 0, result.output
    assert "empty content" in result.output
    run = json.loads((tmp_path / "out" / "run.json").read_text())
    assert run["counts"]["documents"] == 1
    assert run["skipped_documents"] == [{"path": "a.json", "record": 1, "reason": "empty content"}]
    # the skipped record is still in masked/, unchanged, so the masked corpus is complete
    masked = json.loads((tmp_path / "out" / "masked" / "a.json").read_text())
    assert masked[1] == {"id": "empty", "content": "   "}
    assert tree_digest(corpus) == before


def test_output_inside_input_is_refused(run_cli, tmp_path):
    corpus = tmp_path / "in"
    write_json(corpus / "a.json", GOOD)
    result = run_cli("analyze", corpus, "--out", corpus / "out", "-q")
    assert result.exit_code != 0
    assert "must not be inside the input" in result.output
    assert not (corpus / "out").exists()


def test_non_empty_output_needs_force(run_cli, tmp_path):
    corpus = tmp_path / "in"
    write_json(corpus / "a.json", GOOD)
    out = tmp_path / "out"
    out.mkdir()
    (out / "keep.txt").write_text("mine")
    result = run_cli("analyze", corpus, "--out", out, "-q")
    assert result.exit_code != 0 and "--force" in result.output
    assert (out / "keep.txt").read_text() == "mine"
    result = run_cli("analyze", corpus, "--out", out, "-q", "--force")
    assert result.exit_code == 0, result.output
    assert not (out / "keep.txt").exists() and (out / "run.json").exists()


def test_document_ids_follow_the_method():
    # id + "|" + md5 of the lower-cased, whitespace-folded content
    assert make_document_id("a", "Hello  World\n") == "a|5eb63bbbe01eeed093cb22bb8f5acdc3"


def test_all_layouts_are_read(tmp_path):
    corpus = tmp_path / "in"
    write_json(corpus / "one.json", {"id": 1, "content": "x one"})
    write_json(corpus / "list.json", [{"id": "l1", "content": "x l1"}])
    write_json(corpus / "wrapped.json", {"documents": [{"id": "w1", "content": "x w1"}]})
    (corpus / "deep" / "lines.jsonl").parent.mkdir()
    (corpus / "deep" / "lines.jsonl").write_text('{"id": "j1", "content": "x j1"}\n\n{"id": "j2", "content": "x j2"}\n')
    docs = read_corpus(corpus).documents
    assert sorted(d.source_id for d in docs) == ["1", "j1", "j2", "l1", "w1"]
    j2 = next(d for d in docs if d.source_id == "j2")
    assert (j2.path, j2.record) == ("deep/lines.jsonl", 2)


@pytest.mark.parametrize("bad", ['{"id": true, "content": "x"}', '{"id": "a", "content": 5}', '{"id": "a", "content": "x", "metadata": []}'])
def test_field_types_are_checked(run_cli, tmp_path, bad):
    corpus = tmp_path / "in"
    corpus.mkdir()
    (corpus / "a.jsonl").write_text(bad + "\n")
    expect_failure(run_cli, corpus, tmp_path, "a.jsonl", "line 1")


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\u0085", "\x1c"])
def test_jsonl_record_with_a_unicode_line_separator_in_a_string(run_cli, tmp_path, separator):
    """JSON allows U+2028 and friends unescaped inside strings; a JSONL reader that splits on
    them (str.splitlines) cuts a record in two. One record per "\\n" line, in and out."""
    corpus = tmp_path / "in"
    corpus.mkdir()
    records = [{"id": "a", "content": f"Patient Rex Salam{separator} called 312-555-0147 from Abilene."},
               {"id": "b", "content": f"Rex Salam{separator}phoned again: 312-555-0147."}]
    source = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
    (corpus / "notes.jsonl").write_text(source, encoding="utf-8")
    result = run_cli("analyze", corpus, "--out", tmp_path / "out", "-q")
    assert result.exit_code == 0, result.output
    masked = (tmp_path / "out" / "masked" / "notes.jsonl").read_text(encoding="utf-8")
    lines = masked.split("\n")
    assert lines[-1] == "" and len(lines) == 3, "one line per record, ending with a newline, as the input"
    back = [json.loads(line) for line in lines[:-1]]
    assert [r["id"] for r in back] == ["a", "b"]
    assert all(separator in r["content"] and "312-555-0147" not in r["content"] for r in back)
    assert (corpus / "notes.jsonl").read_text(encoding="utf-8") == source
