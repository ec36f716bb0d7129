"""The HR example corpus (examples/hr, held out: written after the rules were frozen) and
`eval spans` on it: the corpus is what build.py makes of annotated.md, gold offsets match the
text, and the CLI's per-type figures count exactly the gold file's spans. No recall figure is
asserted: the corpus measures the rules, it does not pin them."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from sanon_graph.eval.spans import read_gold
from sanon_graph.ingest import read_corpus
from tests.conftest import ROOT

HR = ROOT / "examples" / "hr"
DOCUMENTS = HR / "documents"
GOLD = HR / "gold_spans.jsonl"


def _module(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _gold_records() -> list[dict]:
    return [json.loads(line) for line in GOLD.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_the_corpus_is_what_build_makes_of_the_annotated_source():
    done = subprocess.run([sys.executable, str(HR / "build.py"), "--check"], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    # the legal corpus shares the parser (examples/gold_corpus.py) and still builds to its files
    done = subprocess.run([sys.executable, str(ROOT / "examples" / "legal" / "build.py"), "--check"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_gold_span_is_its_text_in_the_document():
    build = _module(HR / "build.py", "hr_build")
    documents = read_corpus(DOCUMENTS).documents
    contents = {d.source_id: d.content for d in documents}
    assert len(contents) == len(documents) == len(list(DOCUMENTS.glob("*.json")))  # ids unique
    records = _gold_records()
    ids = [r["id"] for r in records]
    assert len(ids) == len(set(ids))
    assert set(ids) == set(contents)
    assert len(contents) >= 16
    spans = 0
    for record in records:
        content = contents[record["id"]]
        assert record["spans"], record["id"]
        previous_end = 0
        for s in record["spans"]:
            assert content[s["start"]:s["end"]] == s["text"], (record["id"], s)
            assert s["text"] == s["text"].strip() and s["text"]
            assert s["start"] >= previous_end, (record["id"], s)  # in order, never overlapping
            previous_end = s["end"]
            assert s["type"] in build.TYPES
            assert s["direct"] == (s["type"] in build.DIRECT)
            spans += 1
    assert 180 <= spans <= 300
    types = {s["type"] for r in records for s in r["spans"]}
    assert {"NAME", "EMPLOYEE_ID", "PERSONAL_ID", "ORGANIZATION", "DEPARTMENT", "LOCATION", "ADDRESS", "DATE",
            "AGE", "MONEY", "NATIONALITY", "OCCUPATION", "MEDICAL_CONDITION", "PHONE_NUMBER", "EMAIL"} <= types
    assert sum(len(v) for v in read_gold(GOLD, contents).values()) == spans


def test_the_shared_parser_refuses_unknown_types_and_broken_markup():
    corpus = _module(ROOT / "examples" / "gold_corpus.py", "gold_corpus_under_test")
    document, gold = corpus.parse("=== a-1 | note ===\nCall [[Ann Lee|NAME|employee]] on [[1 May|DATE]].\n",
                                  {"NAME", "DATE"}, {"NAME"})[0]
    assert document == {"id": "a-1", "content": "Call Ann Lee on 1 May.", "metadata": {"kind": "note"}}
    assert gold["spans"] == [{"start": 5, "end": 12, "type": "NAME", "text": "Ann Lee", "direct": True,
                              "role": "employee"},
                             {"start": 16, "end": 21, "type": "DATE", "text": "1 May", "direct": False}]
    with pytest.raises(SystemExit, match="unknown type SALARY"):
        corpus.parse("=== a-1 | note ===\n[[100|SALARY]]\n", {"NAME"}, set())
    with pytest.raises(SystemExit, match="unbalanced markup"):
        corpus.parse("=== a-1 | note ===\n[[Ann Lee|name]]\n", {"NAME"}, set())


def test_eval_spans_on_the_hr_corpus_counts_every_gold_span(run_cli):
    records = _gold_records()
    gold_by_type = Counter(s["type"] for r in records for s in r["spans"])
    direct = sum(s["direct"] for r in records for s in r["spans"])
    total = sum(gold_by_type.values())

    result = run_cli("eval", "spans", DOCUMENTS, "--gold", GOLD, "--preset", "hr", "--json")
    assert result.exit_code == 0, result.output
    m = json.loads(result.output)
    assert m["documents"] == len(records) and m["documents_without_gold"] == 0
    assert m["gold_spans"] == total
    assert {t: row["gold"] for t, row in m["by_gold_type"].items()} == dict(gold_by_type)
    for key in ("recall", "recall_typed", "precision", "precision_typed", "recall_direct", "recall_quasi",
                "token_recall", "token_precision"):
        assert 0.0 <= m[key] <= 1.0, key
    assert m["recall_typed"] <= m["recall"]
    found = sum(row["found"] for row in m["by_gold_type"].values())
    assert m["recall"] == pytest.approx(found / total)
    assert len(m["missed"]) == total - found
    for t, row in m["by_gold_type"].items():
        assert row["found_typed"] <= row["found"] <= row["gold"], t
        assert sum(1 for x in m["missed"] if x["type"] == t) == row["gold"] - row["found"], t
    # direct and quasi split the gold spans by the file's `direct` flag
    assert m["recall_direct"] * direct + m["recall_quasi"] * (total - direct) == pytest.approx(found)
    # without --ner nothing is the model's, the values the cross-document pass adds included
    assert m["extractor"] == "rules" and m["cross_document"]["recurring_added"] > 0
    assert all(row["found_by_ner_only"] == 0 for row in m["by_gold_type"].values())
