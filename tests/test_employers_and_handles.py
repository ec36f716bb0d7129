"""An employer a form's field gives, and a person's name on a forum where a post is quoted: both
narrow down who someone is (INDIRECT_IDENTIFIER)."""

from __future__ import annotations

import pytest

from sanon_graph.config import load_settings
from sanon_graph.extract.recognizers import RulesExtractor


@pytest.fixture(scope="module")
def indirect():
    settings = load_settings(None, {"preset": "health-insurance"})
    extractor = RulesExtractor(settings.entity_schema, settings.rules)
    return lambda text: [(e.original, e.normalized) for e in extractor.extract_text(text) if e.type == "INDIRECT_IDENTIFIER"]


@pytest.mark.parametrize(("text", "span"), [
    ("Claimant: R. Quill. Employer: Ferncliff Joinery, 40 Mill Rd.", "Ferncliff Joinery"),
    ("Employer: Town of Bexley Vale Leisure Services. Job title: lead", "Town of Bexley Vale Leisure Services"),
    ("Employer: mobile dog groomer\nRole: owner", "mobile dog groomer"),   # the field says what it is
    ("Place of work: Kestrel Quay Cannery | shift B", "Kestrel Quay Cannery"),
])
def test_an_employer_field(indirect, text, span):
    assert (span, span.lower()) in indirect(text)


@pytest.mark.parametrize("text", ["Employer: n/a", "Employer: self-employed", "Employer: unemployed\n"])
def test_an_empty_employer_field(indirect, text):
    assert not indirect(text)


@pytest.mark.parametrize(("text", "span", "value"), [
    ('"approved at last!!" - posted by tiderunner_88, 04/29/2024', "tiderunner_88", "tiderunner_88"),
    ('forum > "a rare disease?" - user Kestrel_Qz, 28-11-2024', "Kestrel_Qz", "kestrel_qz"),
    ("r/ataxia - u/rowing_again - Oct 2024", "u/rowing_again", "u/rowing_again"),   # Reddit's form, whole
    ("Username: harborlights77", "harborlights77", "harborlights77"),
])
def test_a_forum_handle(indirect, text, span, value):
    assert any(value == v and span in s for s, v in indirect(text))


@pytest.mark.parametrize("text", ["Posted by the team on Monday.", "The user reported 3 errors.",
                                  "Handle with care.", "Posted by mail on Friday."])
def test_words_after_the_cues_are_no_handle(indirect, text):
    assert not indirect(text)
