"""The legal example corpus (examples/legal) and `eval spans`: gold offsets match the text, the
corpus is what build.py makes of annotated.md, and the figures are the hand-counted ones on a
small case."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from sanon_graph.errors import InputError
from sanon_graph.eval.spans import GoldSpan, Mention, read_gold, score
from sanon_graph.ingest import read_corpus
from tests.conftest import ROOT, write_json

LEGAL = ROOT / "examples" / "legal"
DOCUMENTS = LEGAL / "documents"
GOLD = LEGAL / "gold_spans.jsonl"


def _gold_records() -> list[dict]:
    return [json.loads(line) for line in GOLD.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_every_gold_span_is_its_text_in_the_document():
    contents = {d.source_id: d.content for d in read_corpus(DOCUMENTS).documents}
    records = _gold_records()
    assert {r["id"] for r in records} == set(contents)
    assert len(contents) >= 12
    spans = 0
    for record in records:
        content = contents[record["id"]]
        for s in record["spans"]:
            assert content[s["start"]:s["end"]] == s["text"], (record["id"], s)
            assert s["text"] == s["text"].strip() and s["text"]
            spans += 1
    assert spans >= 150
    types = {s["type"] for r in records for s in r["spans"]}
    assert {"NAME", "CASE_NUMBER", "ORGANIZATION", "LOCATION", "DATE", "MONEY", "NATIONALITY", "AGE",
            "OCCUPATION"} <= types
    # read_gold runs the same check
    assert sum(len(v) for v in read_gold(GOLD, contents).values()) == spans


def test_the_corpus_is_what_build_makes_of_the_annotated_source():
    done = subprocess.run([sys.executable, str(LEGAL / "build.py"), "--check"], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_gold_with_wrong_offsets_is_refused(tmp_path):
    gold = tmp_path / "gold.jsonl"
    gold.write_text(json.dumps({"id": "a", "spans": [{"start": 0, "end": 4, "type": "NAME", "text": "Anna"}]}) + "\n")
    with pytest.raises(InputError, match="is not 'Anna'"):
        read_gold(gold, {"a": "Hello Anna"})


def _small_case(tmp_path: Path) -> tuple[Path, Path]:
    """Two documents whose rule findings are known: the e-mail and the phone number in the
    first, the e-mail again in the second (which has no gold spans)."""
    first = "Write to kim.lo@example.org or call 555-201-7788 today. The parcel held a blue umbrella."
    second = "A copy went to kim.lo@example.org as well."
    corpus = tmp_path / "corpus"
    write_json(corpus / "a.json", {"id": "a", "content": first})
    write_json(corpus / "b.json", {"id": "b", "content": second})

    def span(text: str, etype: str) -> dict:
        start = first.index(text)
        return {"start": start, "end": start + len(text), "type": etype, "text": text}

    gold = tmp_path / "gold.jsonl"
    # The phone number typed CASE_NUMBER on purpose: found, but not with its type.
    gold.write_text(json.dumps({"id": "a", "spans": [span("kim.lo@example.org", "EMAIL"),
                                                      span("555-201-7788", "CASE_NUMBER"),
                                                      span("blue umbrella", "MONEY")]}) + "\n")
    return corpus, gold


def test_eval_spans_figures_on_a_hand_counted_case(tmp_path, run_cli):
    corpus, gold = _small_case(tmp_path)
    result = run_cli("eval", "spans", corpus, "--gold", gold, "--json")
    assert result.exit_code == 0, result.output
    m = json.loads(result.output)
    assert m["gold_spans"] == 3 and m["predicted_spans"] == 3
    assert m["recall"] == pytest.approx(2 / 3)          # e-mail and phone found, umbrella not
    assert m["recall_typed"] == pytest.approx(1 / 3)    # the phone is not a CASE_NUMBER
    assert m["precision"] == pytest.approx(2 / 3)       # the e-mail in b has no gold span
    assert m["precision_typed"] == pytest.approx(1 / 3)
    assert m["token_recall"] == pytest.approx(7 / 9)    # kim lo example org 555 201 7788 of + blue umbrella
    assert m["token_precision"] == pytest.approx(7 / 11)  # b's four e-mail tokens are outside gold
    assert m["by_gold_type"]["MONEY"]["found"] == 0
    assert m["by_gold_type"]["CASE_NUMBER"] == {"gold": 1, "found": 1, "found_typed": 0, "found_by_ner_only": 0,
                                               "recall": 1.0, "recall_typed": 0.0}
    assert m["documents_without_gold"] == 1
    assert [x["text"] for x in m["missed"]] == ["blue umbrella"]
    # nothing extracted: nothing found, nothing predicted
    m = json.loads(run_cli("eval", "spans", corpus, "--gold", gold, "--extractor", "none", "--json").output)
    assert m["recall"] == 0.0 and m["predicted_spans"] == 0 and m["precision"] == 0.0


def test_eval_spans_on_the_legal_corpus(run_cli):
    result = run_cli("eval", "spans", DOCUMENTS, "--gold", GOLD, "--json")
    assert result.exit_code == 0, result.output
    m = json.loads(result.output)
    for key in ("recall", "recall_typed", "precision", "precision_typed", "recall_direct", "recall_quasi",
                "token_recall", "token_precision"):
        assert 0.0 <= m[key] <= 1.0, key
    assert m["recall_typed"] <= m["recall"]
    found = sum(r["found"] for r in m["by_gold_type"].values())
    assert m["recall"] == pytest.approx(found / m["gold_spans"])
    assert len(m["missed"]) == m["gold_spans"] - found
    assert m["documents"] == 16 and m["documents_without_gold"] == 0
    # the rules find the e-mail addresses and phone numbers planted there, whatever else they miss
    assert m["by_gold_type"]["EMAIL"]["recall_typed"] == 1.0
    text = run_cli("eval", "spans", DOCUMENTS, "--gold", GOLD).output
    assert "quasi-identifiers" in text and "MONEY" in text


def test_score_counts_overlap_not_identity():
    contents = {"d": "Judge Anna Berg ruled."}
    gold = {"d": [GoldSpan(6, 15, "NAME", "Anna Berg", direct=True)]}
    # a prediction covering only the surname overlaps the gold span: found, half its tokens
    m = score(contents, gold, {"d": [Mention(11, 15, "NAME", "rules")]})
    assert m["recall"] == 1.0 and m["recall_direct"] == 1.0 and m["token_recall"] == 0.5
    m = score(contents, gold, {"d": [Mention(0, 5, "NAME", "rules")]})
    assert m["recall"] == 0.0 and m["precision"] == 0.0
