"""Relatives: who is in someone's family ("my husband", "his wife", "Mum") is a DEMOGRAPHIC
value of little weight; a kin word inside a longer phrase or a title is none."""

from __future__ import annotations

import pytest

from sanon_graph.config import load_settings
from sanon_graph.extract.recognizers import RulesExtractor
from sanon_graph.extract.recognizers.demographics import RELATIVE_RELEVANCE


@pytest.fixture(scope="module")
def extract():
    settings = load_settings(None, {"preset": "health-insurance"})
    extractor = RulesExtractor(settings.entity_schema, settings.rules)
    return lambda text: [(e.original, e.normalized, e.relevance) for e in extractor.extract_text(text)
                         if e.type == "DEMOGRAPHIC"]


@pytest.mark.parametrize(("text", "span", "value"), [
    ("My husband drives me to the clinic.", "My husband", "husband"),
    ("His wife says he sleeps badly.", "His wife", "wife"),
    ("Form signed by daughter, Aurelia Quill.", "daughter", "daughter"),
    ("Mum is a bus driver.", "Mum", "mother"),   # one relative, however she is called
    ("Please tell my mom the results.", "my mom", "mother"),
    ("A 6-year-old girl with new seizures.", "girl", "girl"),
])
def test_a_relative_is_a_demographic_value_of_little_weight(extract, text, span, value):
    assert (span, value, RELATIVE_RELEVANCE) in extract(text)
    assert RELATIVE_RELEVANCE < 0.3  # below a sex's: a great many people have a wife


@pytest.mark.parametrize("text", [
    "Her mother tongue is Welsh.",          # part of a longer phrase
    "Dressing changed by Sister Quenby.",   # a nurse's title before a name
    "The Girl Guides met on Tuesday.",      # a word of a name
    "His son-in-law drove him.",            # one word with its hyphens, not "son"
    "The sonogram was normal.",             # inside a word
])
def test_no_relative(extract, text):
    assert not [s for s, v, r in extract(text) if r == RELATIVE_RELEVANCE]


def test_relatives_are_read_only_by_the_health_insurance_presets():
    for preset in ("legal", "hr"):
        assert "relative" not in load_settings(None, {"preset": preset}).rules.recognizers
    assert "relative" in load_settings(None, {"preset": "health-insurance-thorough"}).rules.recognizers
