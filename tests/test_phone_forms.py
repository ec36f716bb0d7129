"""A phone number written in its country's own form in one record and with its country code in
another is one value (stop 55, issue 15): the cross-document pass gives the national form the
one international number of the corpus it is at home. Every number is invented."""

from __future__ import annotations

from sanon_graph.extract.recurrence import merge_phone_forms
from sanon_graph.models import ExtractedEntity
from tests.conftest import UNRELATED_RECORDS, read_jsonl, write_corpus


def _phone(written: str, value: str) -> ExtractedEntity:
    return ExtractedEntity(written, value, "PHONE_NUMBER", 0.9)


def test_a_national_number_takes_the_international_form_the_corpus_writes():
    findings = {"a": [_phone("+44 20 7946 0321", "+442079460321")],
                "b": [_phone("020 7946 0321", "02079460321"), _phone("020 7946 0999", "02079460999")]}
    assert merge_phone_forms(findings) == 1
    assert [f.normalized for f in findings["b"]] == ["+442079460321", "02079460999"]
    assert [f.original for f in findings["b"]] == ["020 7946 0321", "020 7946 0999"]  # the spelling stays, to be masked


def test_a_national_number_two_countries_write_alike_stays_as_it_is():
    # Amsterdam's and a French region's numbers are both "020 794 6095"-like at home
    findings = {"a": [_phone("+31 20 794 6095", "+31207946095")],
                "b": [_phone("+33 2 07 94 60 95", "+33207946095")],
                "c": [_phone("020 794 6095", "0207946095")]}
    assert merge_phone_forms(findings) == 0
    assert findings["c"][0].normalized == "0207946095"


def test_only_phone_numbers_are_renamed():
    findings = {"a": [_phone("+44 20 7946 0321", "+442079460321")],
                "b": [ExtractedEntity("02079460321", "02079460321", "PATIENT_ID", 0.95)]}
    assert merge_phone_forms(findings) == 0
    assert findings["b"][0].normalized == "02079460321"


def test_no_international_number_no_change():
    findings = {"b": [_phone("020 7946 0321", "02079460321")]}
    assert merge_phone_forms(findings) == 0


def test_records_writing_one_number_two_ways_are_linked_and_both_masked(tmp_path, run_cli):
    corpus = write_corpus(tmp_path / "in", {
        "a": "Portal message from the member: please call me back on +44 20 7946 0321 after six.",
        "b": "Call log. Caller gave callback number 020 7946 0321; query about a knee brace.",
        **UNRELATED_RECORDS})
    out = tmp_path / "out"
    assert run_cli("analyze", corpus, "--out", out, "-q").exit_code == 0
    phones = [e for e in read_jsonl(out / "entities.jsonl") if e["type"] == "PHONE_NUMBER"]
    assert [e["normalized_value"] for e in phones] == ["+442079460321"]
    assert sorted(d.split("|")[0] for d in phones[0]["doc_ids"]) == ["a", "b"]
    links = {frozenset(x["doc_a"].split("|")[:1] + x["doc_b"].split("|")[:1]) for x in read_jsonl(out / "links.jsonl")}
    assert frozenset({"a", "b"}) in links
    masked = " ".join(p.read_text(encoding="utf-8") for p in (out / "masked").rglob("*.json"))
    assert "7946 0321" not in masked
