"""Interval-valued quasi-identifiers: ages and dates link to the ranges that contain them."""

from __future__ import annotations

import json
from datetime import date

from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from sanon_graph_cli.main import cli

from sanon_graph.extract.intervals import age_interval, date_interval, link_contained_values
from sanon_graph.models import ExtractedEntity
from sanon_graph.redact import MaskedValue, Redactor

from .conftest import read_jsonl, write_json


def test_values_read_as_intervals():
    assert age_interval("58") == (58, 58)
    assert age_interval("55-65") == (55, 65)
    assert age_interval("50s") == (50, 59)
    assert age_interval("65-55") is None and age_interval("elderly") is None and age_interval("50+") is None
    day = date(2023, 7, 14).toordinal()
    assert date_interval("2023-07-14") == (day, day)
    assert date_interval("2023-07") == (date(2023, 7, 1).toordinal(), date(2023, 7, 31).toordinal())
    assert date_interval("2024-02") == (date(2024, 2, 1).toordinal(), date(2024, 2, 29).toordinal())  # leap year
    assert date_interval("2023-Q4") == (date(2023, 10, 1).toordinal(), date(2023, 12, 31).toordinal())
    assert date_interval("2023-10-15/2023-11-03") == (date(2023, 10, 15).toordinal(), date(2023, 11, 3).toordinal())
    assert date_interval("2023-02-30") is None and date_interval("2023-13") is None and date_interval("2019/2023") is None


def test_a_value_gets_the_narrowest_range_that_contains_it():
    findings = {
        "point": [ExtractedEntity("58-year-old", "58", "AGE", 0.5)],
        "narrow": [ExtractedEntity("aged 55-65", "55-65", "AGE", 0.4)],
        "wide": [ExtractedEntity("aged 50-70", "50-70", "AGE", 0.45)],
        "too wide": [ExtractedEntity("aged 20-80", "20-80", "AGE", 0.4)],
        "elsewhere": [ExtractedEntity("aged 20-30", "20-30", "AGE", 0.4)],
    }
    assert link_contained_values(findings) == 2
    # 58 is in 55-65 and 50-70: only the narrowest, so one fact is not counted twice
    assert [(f.original, f.normalized, f.relevance) for f in findings["point"]] == [
        ("58-year-old", "58", 0.5), ("58-year-old", "55-65", 0.4)]
    # a range inside a wider one is a value too; 20-80 is wider than the 20-year limit
    assert [(f.original, f.normalized) for f in findings["narrow"]] == [("aged 55-65", "55-65"), ("aged 55-65", "50-70")]
    assert len(findings["too wide"]) == len(findings["elsewhere"]) == len(findings["wide"]) == 1


def test_dates_link_to_their_month_and_quarter_but_not_across_types():
    findings = {
        "day": [ExtractedEntity("July 14, 2023", "2023-07-14", "EVENT_DATE", 0.5)],
        "quarter": [ExtractedEntity("Q3 2023", "2023-Q3", "EVENT_DATE", 0.35)],
        "other quarter": [ExtractedEntity("Q4 2023", "2023-Q4", "EVENT_DATE", 0.35)],
        "birth": [ExtractedEntity("07/20/2023", "2023-07-20", "BIRTHDATE", 0.9)],
    }
    assert link_contained_values(findings) == 1
    assert ("July 14, 2023", "2023-Q3") in {(f.original, f.normalized) for f in findings["day"]}
    assert len(findings["birth"]) == 1  # BIRTHDATE has no limit: not an interval type here
    # a document that states the range itself gets nothing twice
    findings = {"both": [ExtractedEntity("Q3 2023", "2023-Q3", "EVENT_DATE", 0.35),
                         ExtractedEntity("July 2023", "2023-07", "EVENT_DATE", 0.35)]}
    assert link_contained_values(findings) == 0


@given(st.lists(st.tuples(st.integers(1, 99), st.integers(0, 25)), min_size=1, max_size=25))
def test_added_ranges_contain_their_value_and_are_the_narrowest(values):
    findings = {str(i): [ExtractedEntity("x", f"{lo}-{lo + width}" if width else str(lo), "AGE", 0.5)]
                for i, (lo, width) in enumerate(values)}
    stated = {f.normalized for items in findings.values() for f in items}
    link_contained_values(findings)
    for items in findings.values():
        own = age_interval(items[0].normalized)
        for added in items[1:]:
            lo, hi = age_interval(added.normalized)
            assert lo <= own[0] and own[1] <= hi and (lo, hi) != own and hi - lo <= 20
        containing = [age_interval(v) for v in stated
                      if (iv := age_interval(v))[0] <= own[0] and own[1] <= iv[1] and iv != own and iv[1] - iv[0] <= 20]
        assert len(items) - 1 == (1 if containing else 0)
        if containing:
            assert age_interval(items[1].normalized)[1] - age_interval(items[1].normalized)[0] == min(
                hi - lo for lo, hi in containing)


def test_a_range_links_documents_and_masking_it_masks_the_implying_words(tmp_path):
    corpus = tmp_path / "in"
    corpus.mkdir()
    texts = {
        "survey": "Respondents aged 55-65 praised the Brookvale evening workshops.",
        "record": "A 58-year-old participant joined the Brookvale evening workshops.",
    }
    texts.update({f"filler{i}": f"Routine note number {i} about nothing in particular." for i in range(6)})
    for source, text in texts.items():
        write_json(corpus / f"{source}.json", {"id": source, "content": text})
    original = {p.name: p.read_bytes() for p in corpus.iterdir()}
    out = tmp_path / "out"
    # targets of 0.01: every value is masked, the shared range included
    result = CliRunner().invoke(cli, ["analyze", str(corpus), "--out", str(out), "-q", "--theta-chain", "0.01",
                                      "--theta-doc", "0.01"])
    assert result.exit_code == 0, result.output
    entities = {e["normalized_value"]: e for e in read_jsonl(out / "entities.jsonl") if e["type"] == "AGE"}
    band = entities["55-65"]
    assert {d.split("|")[0] for d in band["doc_ids"]} == {"survey", "record"}
    # the record's own words are a variant of the range, so masking the range alone masks them
    assert set(band["original_values"]) == {"aged 55-65", "58-year-old"}
    assert band["masked"]
    alone = Redactor([MaskedValue(band["entity_id"], tuple(band["original_values"]), band["replacement"])])
    assert "58" not in alone.redact(texts["record"])[0]
    masked = {p.stem: json.loads(p.read_text())["content"] for p in (out / "masked").iterdir()}
    assert "55-65" not in masked["survey"] and "58" not in masked["record"]
    assert json.loads((out / "run.json").read_text())["cross_document"]["compatible_added"] == 1
    assert {p.name: p.read_bytes() for p in corpus.iterdir()} == original  # the input is untouched
