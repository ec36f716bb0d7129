"""masked/ written and checked over forked workers is byte for byte what one process writes."""

from __future__ import annotations

import copy
import json
import math
import os
import re

import pytest

from sanon_graph.errors import VerificationError
from sanon_graph.forked import PARALLEL_MIN, forked_map, workers
from sanon_graph.ingest import read_corpus
from sanon_graph.masked_corpus import (
    CHUNK,
    verify_masked_corpus,
    write_masked_corpus,
)
from sanon_graph.redact import MaskedValue, Redactor

from .conftest import write_json
from .test_ingest_cli import tree_digest

LINES = PARALLEL_MIN + CHUNK // 2  # more records than the parallel threshold, over several tasks


def _masked_values() -> list[MaskedValue]:
    return [MaskedValue("e1", ("Ottoline Brackenbury", "O. Brackenbury"), "[NAME]"),
            MaskedValue("e2", ("Quillmere Clinic",), "[PROVIDER]"),
            MaskedValue("e3", ("HX-44817",), "[ID]")]


def _record(i: int) -> dict:
    text = f"Note {i}: routine follow-up."
    if i % 3 == 0:
        text = f"Note {i}: Ottoline Brackenbury seen at Quillmere Clinic, member HX-44817."
    return {"id": f"r{i}", "content": text,
            "metadata": {"author": "O. Brackenbury" if i % 5 == 0 else "desk", "tags": ["x", {"site": "Quillmere Clinic"}],
                         "pages": i}}


@pytest.fixture
def corpus_dir(tmp_path):
    root = tmp_path / "in"
    root.mkdir()
    lines = []
    for i in range(LINES):
        lines.append(json.dumps(_record(i)))
        if i in (7, 3001):
            lines.append("")  # blank lines stay where they were
    (root / "big.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    write_json(root / "list.json", [_record(LINES + 1), _record(LINES + 2)])
    write_json(root / "wrapped.json", {"source": "Quillmere Clinic export", "documents": [_record(LINES + 3)]})
    write_json(root / "sub" / "one.json", _record(LINES + 6))
    return root


def _write(corpus, target, parallel):
    redactor = Redactor(_masked_values())
    advanced = []
    counts = write_masked_corpus(corpus, redactor, target, advanced.append, parallel=parallel)
    return redactor, counts, sum(advanced)


def test_parallel_masking_writes_what_one_process_writes(corpus_dir, tmp_path):
    before = tree_digest(corpus_dir)
    corpus = read_corpus(corpus_dir)
    payloads = copy.deepcopy({rel: layout.payload for rel, layout in corpus.files.items()})
    serial_redactor, serial_counts, serial_seen = _write(corpus, tmp_path / "serial", parallel=False)
    forked_redactor, forked_counts, forked_seen = _write(corpus, tmp_path / "forked", parallel=True)

    assert tree_digest(tmp_path / "forked") == tree_digest(tmp_path / "serial")
    assert forked_counts == serial_counts
    records = LINES + 4
    assert serial_counts[0] == records  # every record's metadata names the clinic
    # per record: the clinic in the metadata, the author on every fifth, three values in every third's content
    numbers = [*range(LINES), LINES + 1, LINES + 2, LINES + 3, LINES + 6]
    assert serial_counts[1] == records + sum(i % 5 == 0 for i in numbers) + 3 * sum(i % 3 == 0 for i in numbers)
    assert forked_redactor.characters_replaced == serial_redactor.characters_replaced > 0
    assert forked_seen == serial_seen == records
    # the input is neither modified on disk nor in memory
    assert tree_digest(corpus_dir) == before
    assert {rel: layout.payload for rel, layout in corpus.files.items()} == payloads

    masked = (tmp_path / "forked" / "big.jsonl").read_text(encoding="utf-8")
    lines = masked.split("\n")
    assert lines[8] == "" and lines[3003] == "" and len(lines) == LINES + 3  # two blank lines and the last newline
    assert "Brackenbury" not in masked and "Quillmere" not in masked and "HX-44817" not in masked
    assert json.loads(lines[0])["content"] == "Note 0: [NAME] seen at [PROVIDER], member [ID]."
    assert json.loads(lines[0])["metadata"] == {"author": "[NAME]", "tags": ["x", {"site": "[PROVIDER]"}], "pages": 0}
    wrapped = json.loads((tmp_path / "forked" / "wrapped.json").read_text(encoding="utf-8"))
    assert wrapped["source"] == "Quillmere Clinic export"  # outside the records: as written
    for target in ("serial", "forked"):
        verify_masked_corpus(tmp_path / target, corpus, Redactor(_masked_values()), parallel=True)


def test_a_surviving_value_is_found_in_every_part_and_named_by_its_record(corpus_dir, tmp_path):
    corpus = read_corpus(corpus_dir)
    target = tmp_path / "masked"
    _write(corpus, target, parallel=True)
    path = target / "big.jsonl"
    lines = path.read_text(encoding="utf-8").split("\n")
    # records 4,321 (after both blank lines: line 4,323) and 5 get a value back
    for line_no, record_no in ((4323, 4321), (5, 5)):
        record = json.loads(lines[line_no])
        assert record["id"] == f"r{record_no}"
        record["content"] += " Signed HX-44817."
        lines[line_no] = json.dumps(record)
    path.write_text("\n".join(lines), encoding="utf-8")
    messages = []
    for parallel in (False, True):
        with pytest.raises(VerificationError) as caught:
            verify_masked_corpus(target, corpus, Redactor(_masked_values()), parallel=parallel)
        messages.append(str(caught.value))
    assert messages[0] == messages[1]
    assert re.search(r"big\.jsonl: record 5: content still contains a masked value \(entity e3\); "
                     r"big\.jsonl: record 4321: content still contains a masked value \(entity e3\)$", messages[1])
    assert "HX-44817" not in messages[1]


def _pid(_state, task):
    return task, os.getpid()


def test_work_is_spread_over_forked_workers_in_task_order():
    if workers() < 2:
        pytest.skip("one core: forked_map runs in this process")
    results = list(forked_map(_pid, None, range(40), parallel=True))
    assert [task for task, _ in results] == list(range(40))
    assert os.getpid() not in {pid for _, pid in results}
    assert {pid for _, pid in forked_map(_pid, None, range(3), parallel=False)} == {os.getpid()}


def test_json_read_back_is_json_s_where_orjson_refuses():
    from sanon_graph.jsonio import loads

    assert loads('{"risk": 0.5, "ids": [1, 2], "name": "Ottoline"}') == {"risk": 0.5, "ids": [1, 2], "name": "Ottoline"}
    assert math.isnan(loads('{"x": NaN}')["x"])  # json writes NaN and reads it back; orjson refuses it
    # beyond 64 bits orjson gives a float: what the masked corpus's check reads is only its strings
    assert loads('{"n": 123456789012345678901234567890, "s": "x"}')["s"] == "x"
    assert loads('"\\ud800"') == "\ud800"  # a lone surrogate
    with pytest.raises(json.JSONDecodeError):
        loads('{"unterminated": ')
