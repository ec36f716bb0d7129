"""Issue 15, a town with its Canadian province's or Australian state's code, a person written
surname first before a birth date, and a practice named by its dental specialty or a pharmacy
named in Dutch or German with the head after the name (every preset's rules). Every example is
invented."""

from __future__ import annotations

import pytest

from sanon_graph.config import load_settings
from sanon_graph.extract.recognizers import RulesExtractor
from tests.conftest import rules_alone


def found(text: str, preset: str = "health-insurance") -> set[tuple[str, str, str]]:
    settings = load_settings(None, {"preset": preset})
    return {(e.original, e.normalized, e.type)
            for e in RulesExtractor(settings.entity_schema, rules_alone(settings.rules)).extract_text(text)}


@pytest.mark.parametrize(("text", "place", "value"), [
    # a town the city list leaves out (a first name too, or under its size) is sure with its
    # province's or state's code, as a US town is with its state's
    ("Pharmacy profile, Victoria, BC, 2025-03-24.", "Victoria, BC", "victoria"),
    ("Dispensed at Gimli, MB on arrival.", "Gimli, MB", "gimli"),
    ("Referred on to Darwin, NT for imaging.", "Darwin, NT", "darwin"),
    ("Her last address: Ballarat VIC.", "Ballarat VIC", "ballarat"),
    # the code with full stops is the same code, not a person's initials
    ("Seen in Victoria, B.C. last year.", "Victoria, B.C", "victoria"),
])
def test_a_town_and_its_provinces_code(text, place, value):
    assert (place, value, "LOCATION") in found(text)
    assert not any(t == "NAME" for _, _, t in found(text))


@pytest.mark.parametrize("text", [
    "Mark Halvorsen, QC appeared for the insurer.",  # letters after a name, no town of that province
    "Ana Kowalski, D.C. signed the chart.",  # a chiropractor
])
def test_letters_after_a_name_stay_no_place(text):
    assert not any(t == "LOCATION" for _, _, t in found(text))


@pytest.mark.parametrize(("text", "name", "value"), [
    ("Community pharmacy profile: Tam-Halvorsen, Vincent, DOB 1977-08-19.", "Tam-Halvorsen, Vincent",
     "vincent tam-halvorsen"),
    ("Lab report OKAFOR, GRACE A., born 1961-02-03, fasting.", "OKAFOR, GRACE A.", "grace okafor"),
])
def test_surname_first_before_a_birth_date_is_a_name(text, name, value):
    assert (name, value, "NAME") in found(text)
    assert not any(t == "LOCATION" and "vincent" in v for _, v, t in found(text))


@pytest.mark.parametrize("text", [
    "Seen: Paris, France, born 1990.",  # a birthplace
    "Grew up in Tofino, Grace, born 1990.",  # a place after "in"
    "Claims, Appeals, DOB 1990",  # no known first name
])
def test_a_place_or_form_words_before_a_birth_date_are_no_name(text):
    assert not any(t == "NAME" for _, _, t in found(text))


@pytest.mark.parametrize(("text", "provider"), [
    ("From: Cheryl, practice manager, Marrowgate Prosthodontics. To: the fund.", "Marrowgate Prosthodontics"),
    ("Braces fitted at Kestrelbrook Orthodontics in May.", "Kestrelbrook Orthodontics"),
    ("Collected at Duinrand Apotheek, as every month.", "Duinrand Apotheek"),
])
def test_a_practice_named_by_its_head_after_the_name(text, provider):
    assert (provider, provider.lower(), "PROVIDER") in found(text)
    assert not any(t == "NAME" for _, _, t in found(text))
