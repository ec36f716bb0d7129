"""The recognizer package (issue 15, item 1): detectors registered by name, an engine that
resolves overlaps (longest, then strongest, then first), worker processes for large corpora,
and one normalisation module."""

from __future__ import annotations

import pytest

from sanon_graph import forked
from sanon_graph.extract.recognizers import (
    DEFAULT_RECOGNIZERS,
    REGISTRY,
    Recognizer,
    RecognizerSettings,
    RulesExtractor,
    Span,
    engine,
    register,
    resolve_overlaps,
)
from sanon_graph.models import Document
from sanon_graph.normalize import fold, normalize_date, normalize_phone, numeric_date
from sanon_graph.schema import EntitySchema

TEXT = ("Patient Henrietta Ezeoke (ID# PA-7315-RD), a 58-year-old retired firefighter, was seen at Brookvale Clinic "
        "in Denver, CO on 03/04/2023 for chronic kidney disease; call (312) 555-0147 or write to h.ezeoke@example.org.")


def test_every_default_recognizer_is_registered_and_says_what_it_emits():
    for name in DEFAULT_RECOGNIZERS:
        assert name in REGISTRY
    extractor = RulesExtractor(EntitySchema())
    for r in extractor.recognizers:
        assert isinstance(r, Recognizer) and r.types
        for span in r.find(TEXT):
            assert span.type in r.types and span.recognizer == r.name
            assert TEXT[span.start:span.end].strip() == TEXT[span.start:span.end]


def test_spans_are_whole_tokens():
    extractor = RulesExtractor(EntitySchema())
    for span in extractor.spans(TEXT):
        before = TEXT[span.start - 1] if span.start else " "
        after = TEXT[span.end] if span.end < len(TEXT) else " "
        assert not before.isalnum() and not after.isalnum(), TEXT[span.start:span.end]


def test_a_disabled_recognizer_finds_nothing_and_the_others_are_unchanged():
    full = RulesExtractor(EntitySchema())
    names = [n for n in DEFAULT_RECOGNIZERS if n != "email"]
    without = RulesExtractor(EntitySchema(), RecognizerSettings(recognizers=names))
    a = [e for e in full.extract_text(TEXT) if e.type != "EMAIL"]
    assert without.extract_text(TEXT) == a
    assert any(e.type == "EMAIL" for e in full.extract_text(TEXT))


def test_overlaps_longest_then_priority_then_first():
    spans = [
        Span(0, 10, "LOCATION", "a", 0.5, "x"),
        Span(0, 14, "PROVIDER", "b", 0.5, "y"),  # longest: wins
        Span(20, 30, "LOCATION", "c", 0.5, "x"),
        Span(20, 30, "EVENT_DATE", "d", 0.5, "y"),  # same length, more specific type: wins
        Span(40, 45, "NAME", "first", 0.9, "x"),
        Span(40, 45, "NAME", "second", 0.95, "y"),  # equal in every way: the first recognizer's stays
        Span(40, 60, "UNIQUE_FACT", "phrase", 0.8, "z"),  # a phrase coexists with the values inside it
    ]
    kept = resolve_overlaps(spans)
    assert [(s.normalized, s.type) for s in kept] == [
        ("b", "PROVIDER"), ("d", "EVENT_DATE"), ("phrase", "UNIQUE_FACT"), ("first", "NAME")]


def test_type_map_renames_after_resolution():
    schema = EntitySchema(types={"NAME": {"weight": 1.0}, "MEMBER_NO": {"weight": 0.9}})
    ex = RulesExtractor(schema, RecognizerSettings(type_map={"PATIENT_ID": "MEMBER_NO"}))
    found = {(e.original, e.type) for e in ex.extract_text("Member Rex Salam, member ID 4411-2290.")}
    assert found == {("Rex Salam", "NAME"), ("4411-2290", "MEMBER_NO")}


def test_a_new_recognizer_plugs_in_by_name():
    @register("test_vessel", "VESSEL")
    class Vessel:
        def __init__(self, ctx):
            self.ctx = ctx

        def find(self, text):
            i = text.find("MV Aurora")
            if i >= 0:
                yield Span(i, i + 9, "VESSEL", "mv aurora", 0.7, self.name)

    try:
        schema = EntitySchema(types={"VESSEL": {"weight": 0.6}})
        ex = RulesExtractor(schema, RecognizerSettings(recognizers=["test_vessel"]))
        assert [(e.original, e.type) for e in ex.extract_text("Crew of the MV Aurora.")] == [("MV Aurora", "VESSEL")]
    finally:
        del REGISTRY["test_vessel"]


def test_worker_processes_give_the_sequential_result(monkeypatch):
    docs = [Document(str(i), str(i), TEXT.replace("58", str(20 + i)), f"{i}.json", 0) for i in range(12)]
    sequential = RulesExtractor(EntitySchema()).extract(docs)
    monkeypatch.setattr(forked, "PARALLEL_MIN", 2)
    monkeypatch.setattr(engine, "CHUNK", 5)
    monkeypatch.setattr(forked.os, "cpu_count", lambda: 2)
    parallel = RulesExtractor(EntitySchema()).extract(docs)
    assert parallel == sequential


@pytest.mark.parametrize(("value", "folded"), [("  Rex \n Salam ", "rex salam"), ("A\u00a0B", "a b"), ("", "")])
def test_fold(value, folded):
    assert fold(value) == folded


@pytest.mark.parametrize(("args", "iso"), [
    ((("11", "15", "2023"), "mdy"), "2023-11-15"),
    ((("15", "11", "2023"), "mdy"), "2023-11-15"),  # day first when the first number cannot be a month
    ((("November", "15", "2023"), "Mdy"), "2023-11-15"),
    ((("15th", "Nov", "2023"), "dMy"), "2023-11-15"),
    ((("2", "2023"), "my"), "2023-02"),
    ((("13", "13", "2023"), "mdy"), None),
])
def test_normalize_date(args, iso):
    assert normalize_date(*args) == iso


def test_numeric_date_orders():
    assert numeric_date("04", "05", "24", "MDY") == "2024-04-05"
    assert numeric_date("04", "05", "24", "DMY") == "2024-05-04"
    assert numeric_date("04", "05", "24", "auto") == "04/05/2024"
    assert numeric_date("31", "05", "1999", "auto") == "1999-05-31"


def test_normalize_phone():
    assert normalize_phone("(312) 555-0147") == "+13125550147"
    assert normalize_phone("+44 (0)20 7946 0958") == "+442079460958"
    assert normalize_phone("020 7946 0958") == "02079460958"
    assert normalize_phone("020 7946 0958", ("GB",)) == "+442079460958"
    assert normalize_phone("555-01") is None
    # ten digits after a country code are that country's, not a North American number's
    assert normalize_phone("+45 31 76 20 58") == "+4531762058"
    assert normalize_phone("0045 31 76 20 58") == "+4531762058"


def test_the_words_of_a_text_are_split_once_and_never_mixed_up():
    """words_of keeps the last text's words for the next recognizer (recognizers/words.py): the
    same list for the same text, the right words for the next one, and n-grams over either."""
    from sanon_graph.extract.recognizers.words import gazetteer_ngrams, ngrams, words_of

    first = "Seen at Harwick Clinic for Addison disease."
    second = "Léa Dubois, Zürich: coeliac disease since 2019."
    words = words_of(first)
    assert words_of(first) is words
    assert [w for _, _, w, _ in words] == ["Seen", "at", "Harwick", "Clinic", "for", "Addison", "disease"]
    assert [w for _, _, _, w in words_of(second)] == ["léa", "dubois", "zürich", "coeliac", "disease", "since", "2019"]
    assert ("addison disease" in [p for _, _, p in gazetteer_ngrams(first, 2, frozenset({"addison"}), False)])
    assert [p for _, _, p in ngrams(second, 2, capitalised=True)] == ["léa", "léa dubois", "dubois", "zürich"]
    assert [w for _, _, w, _ in words_of(first)] == [w for _, _, w, _ in words]  # back to the first text
