"""The precomputed entities file: read record by record, repeated values kept once, and bad
records named by file and line."""

from __future__ import annotations

import json

import pytest

from sanon_graph.errors import EntitiesFileError
from sanon_graph.extract.precomputed import iter_entities_file, read_entities_file


def _write_jsonl(path, records):
    path.write_text("\n".join(json.dumps(r) for r in records) + "\n", encoding="utf-8")


def test_repeated_values_are_one_object_shared_by_their_findings(tmp_path):
    # built at run time, so the JSON parser hands back a new string object per occurrence
    clinic = "".join(["North", "side Clinic"])
    records = [{"doc_id": f"d{i}", "entities": [[clinic, clinic.lower(), " provider ", 0.5],
                                                 [f"PX-{i}", None, "patient_id", 1]]} for i in range(3)]
    path = tmp_path / "entities.jsonl"
    _write_jsonl(path, records)
    found = read_entities_file(path)
    assert [key for key, _, _ in found] == ["d0", "d1", "d2"]
    first = found[0][2][0]
    assert (first.original, first.normalized, first.type, first.relevance) == \
        ("Northside Clinic", "northside clinic", "PROVIDER", 0.5)
    for _, _, findings in found[1:]:
        assert findings[0].original is first.original
        assert findings[0].normalized is first.normalized
        assert findings[0].type is first.type
        assert findings[1].type is found[0][2][1].type == "PATIENT_ID"
        assert findings[1].normalized == findings[1].original.casefold()
    # the relevance is a float, also when written as an integer
    assert isinstance(found[0][2][1].relevance, float) and found[0][2][1].relevance == 1.0


def test_a_bad_line_is_named_and_the_records_before_it_are_not_a_result(tmp_path):
    path = tmp_path / "entities.jsonl"
    path.write_text('{"doc_id": "a", "entities": []}\n\n{"doc_id": "b", "entities": [["x", "x", "T"]]}\n',
                    encoding="utf-8")
    with pytest.raises(EntitiesFileError, match="line 3"):
        read_entities_file(path)
    path.write_text('{"doc_id": "a", "entities": []}\n{"doc_id": \n', encoding="utf-8")
    records = iter_entities_file(path)
    assert next(records)[0] == "a"  # read one record at a time
    with pytest.raises(EntitiesFileError, match="line 2.*invalid JSON|invalid JSON.*line 2"):
        next(records)


def test_a_json_file_of_records_or_of_ids_reads_the_same(tmp_path):
    entities = [["Ann Lee", "ann lee", "NAME", 0.9]]
    as_map = tmp_path / "map.json"
    as_map.write_text(json.dumps({"d1": entities}), encoding="utf-8")
    as_list = tmp_path / "list.json"
    as_list.write_text(json.dumps({"documents": [{"id": "d1", "entities": entities}]}), encoding="utf-8")
    (key_a, _, found_a), = read_entities_file(as_map)
    (key_b, _, found_b), = read_entities_file(as_list)
    assert key_a == key_b == "d1"
    assert found_a == found_b
