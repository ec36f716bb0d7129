"""Text no document is made of but a user's input can hold (a pasted blob, a broken export):
the NER model is never given a long run of spaces or a long word without one (its tokenizer
took minutes on 50,000 nested brackets), and the name pattern that looked for "(applicant)"
tries a run of spaces from its first space only; the patterns of capitalised words read a word
of at most words.LONGEST_WORD characters, so a run with no space ("A.A.A.", "A'A'A'"), where a
name may start at every capital, costs its length, not its length squared (stop 55).
`benchmarks/bench_hostile.py` (in `make bench`) prints the time per preset and input; these
tests check the behaviour that keeps it short, and that the spans found stay where the text has
them. Every name and place here is invented."""

from __future__ import annotations

import re

import pytest

from sanon_graph.config import load_settings
from sanon_graph.extract.ner_model import LONG_RUN, defused
from sanon_graph.extract.recognizers import RulesExtractor
from sanon_graph.extract.recognizers.names import _ROLE_AFTER
from sanon_graph.extract.recognizers.words import CAP, LONGEST_WORD
from tests.conftest import rules_alone

from .test_insurance_forms import found


def test_a_long_run_of_spaces_ends_a_piece_and_offsets_stay_the_texts():
    text = "Anna Berg called." + " " * (LONG_RUN + 5) + "Leeds General saw her."
    pieces = list(defused(10, text))
    assert [p for _, p in pieces] == ["Anna Berg called.", "Leeds General saw her."]
    for offset, piece in pieces:
        assert text[offset - 10:offset - 10 + len(piece)] == piece


def test_a_long_word_is_read_as_spaces_of_its_length():
    blob = "(" * (LONG_RUN * 3)
    text = f"Dr. Ana Lopez wrote {blob} in Leeds."
    [(offset, piece)] = list(defused(0, text))
    assert offset == 0 and len(piece) == len(text)
    assert piece.startswith("Dr. Ana Lopez wrote ") and piece.endswith(" in Leeds.") and "(" not in piece


def test_short_runs_are_given_as_written():
    text = "Rex Salam (applicant), born 1970, of Leeds."
    assert list(defused(0, text)) == [(0, text)]


def test_the_cue_after_a_name_is_still_found_after_spaces():
    assert _ROLE_AFTER.search("Rex Salam (applicant)").group(0) == " (applicant"
    assert _ROLE_AFTER.search("Rex Salam   (patient)").group(0) == "   (patient"
    assert _ROLE_AFTER.search(" " * 5000 + "x") is None


@pytest.mark.parametrize("preset", ["health-insurance", "legal", "hr"])
def test_a_name_next_to_a_blob_is_found_in_place(preset):
    blob = ")" * 5000
    text = f"Rex Salam (applicant) filed{blob} and Rex Salam (applicant) signed."
    names = [o for o, _, t in found(text, preset=preset) if t == "NAME"]
    assert names and all(o == "Rex Salam" for o in names)


# Runs of one token in which a name may start at every capital: after a full stop, an apostrophe,
# an ampersand or a hyphen, or (for a cue without a look behind) at every letter.
RUNS = ["A.", "A'", "A&", "A-", "A.B", "AB"]
SENTENCES = {
    "health-insurance": "Ysolde Pellacott was seen at Quillbrook Clinic and lives at Wendelweg 9, 3511 KT Vrederveld.",
    "legal": "Oswin Farrowdene was held at Harwick Prison until the Thistlebank District Court ruled.",
    "hr": "Ysolde Pellacott moved from the Logistics Department to Vennekamp Pharma NV.",
}


@pytest.mark.parametrize("unit", RUNS)
@pytest.mark.parametrize("preset", list(SENTENCES))
def test_what_a_sentence_holds_is_found_in_place_between_runs_without_a_space(preset, unit):
    settings = load_settings(None, {"preset": preset})
    extractor = RulesExtractor(settings.entity_schema, rules_alone(settings.rules))
    sentence = SENTENCES[preset]
    alone = {(f.start, f.end, f.type, f.normalized) for f in extractor.spans(sentence)}
    assert len(alone) >= 2
    run = unit * (3000 // len(unit))  # far longer than a word is read
    for gap in ("\n", " ", ". "):
        text = run + gap + sentence + gap + run
        offset = len(run) + len(gap)
        beside = {(f.start - offset, f.end - offset, f.type, f.normalized) for f in extractor.spans(text)}
        assert alone <= beside, (unit, gap)
        # and nothing of the runs is taken into the sentence's spans
        assert not [f for f in beside if f not in alone and f[0] < len(sentence) and f[1] > 0], (unit, gap)


def test_a_capitalised_word_is_read_up_to_the_longest_length():
    word = "Q" + "x" * (LONGEST_WORD - 1)
    assert re.fullmatch(CAP, word) and re.fullmatch(CAP, "Q.-'&" + "x" * (LONGEST_WORD - 6))
    assert re.fullmatch(CAP, word + "x") is None


@pytest.mark.parametrize(("preset", "template", "entity_type"), [
    ("health-insurance", "Referred to {} Clinic for review.", "PROVIDER"),
    ("health-insurance", "She ran the {} Marathon in May.", "EVENT"),
    ("legal", "He was held at {} Prison for a year.", "ORGANISATION"),
    ("legal", "The {} District Court ruled.", "COURT"),
    ("hr", "She moved to the {} Department.", "DEPARTMENT"),
    ("hr", "Employed by {} Pharma NV.", "ORGANISATION"),
])
def test_a_word_of_the_longest_length_is_read_and_a_longer_one_is_not_taken(preset, template, entity_type):
    word = "Q" + "x" * (LONGEST_WORD - 1)
    assert any(word in o for o, _, t in found(template.format(word), preset=preset) if t == entity_type)
    longer = word + "x"
    assert not any(longer in o for o, _, _ in found(template.format(longer), preset=preset))


@pytest.mark.parametrize("unit", ["A.", "A.B", "A'B"])
def test_a_name_is_read_from_the_last_word_in_reach_of_a_longer_run(unit):
    """A token longer than a word is read from a capital within reach of its end, no further:
    "A.A.(...)A.Quillbrook Clinic" is no name a record holds, and the value is the part read."""
    run = unit * (500 // len(unit))
    text = f"Seen at {run}Quillbrook Clinic today."
    providers = [o for o, _, t in found(text) if t == "PROVIDER"]
    assert providers and all(o.endswith("Quillbrook Clinic") for o in providers)
    assert all(len(o) <= LONGEST_WORD + len(" Clinic") for o in providers)


@pytest.mark.parametrize(("preset", "text", "expected"), [
    ("health-insurance", "Referred to the Brackenfold Hand & Wrist Clinic for review.",
     ("Brackenfold Hand & Wrist Clinic", "PROVIDER")),
    ("health-insurance", "Admitted to St. Odran's Hospital overnight.", ("St. Odran's Hospital", "PROVIDER")),
    ("health-insurance", "Transferred to O'Dowd-Fairweather Medical Center by ambulance.",
     ("O'Dowd-Fairweather Medical Center", "PROVIDER")),
    ("health-insurance", "She was seen at Kelderby Women's Unit last week.", ("Kelderby Women's Unit", "PROVIDER")),
    ("health-insurance", "Registered with Larkmoor Surgery since 2019.", ("Larkmoor Surgery", "PROVIDER")),
    ("health-insurance", "BRACKENRIDGE PHARMACY, Oldcastle ME\nRefill dispensed.", ("BRACKENRIDGE PHARMACY", "PROVIDER")),
    ("health-insurance", "Covered by the Silver Heron plan through her employer.",
     ("Silver Heron plan", "INDIRECT_IDENTIFIER")),
    ("health-insurance", "He finished the Glenhollow Half Marathon in May.", ("Glenhollow Half Marathon", "EVENT")),
    ("health-insurance", "Known Vantongeren's disease, stable.", ("Vantongeren's disease", "MEDICAL_CONDITION")),
    ("health-insurance", "Her mother's side has O'Rourke-Lind syndrome.", ("O'Rourke-Lind syndrome", "MEDICAL_CONDITION")),
    ("health-insurance", "Quorrell, 54 y, referred by her GP.", ("54 y", "AGE")),
    ("health-insurance", "Lives at Wendelweg 9, 3511 KT Vrederveld with his wife.",
     ("Wendelweg 9, 3511 KT Vrederveld", "ADDRESS")),
    ("health-insurance", "Sent to Am Teichgrund 3, 04109 Kellerau last month.", ("Am Teichgrund 3, 04109 Kellerau", "ADDRESS")),
    ("health-insurance", "Billing address: Via Ortolani 12, 40121 Castelbruna.",
     ("Via Ortolani 12, 40121 Castelbruna", "ADDRESS")),
    ("health-insurance", "Started infliximab-dyyb last week.", ("infliximab-dyyb", "TREATMENT")),
    ("legal", "He was held at Harwick Prison before the Thistlebank District Court ruled.", ("Harwick Prison", "ORGANISATION")),
    ("legal", "He was held at Harwick Prison before the Thistlebank District Court ruled.",
     ("Thistlebank District Court", "COURT")),
    ("legal", "The Court of Appeal of Norhaven dismissed the claim.", ("Court of Appeal of Norhaven", "COURT")),
    ("legal", "The Ministry of Justice and the University of Westmarch replied.", ("University of Westmarch", "ORGANISATION")),
    ("legal", "the Vellmore public prosecutor's office opened an inquiry",
     ("Vellmore public prosecutor's office", "ORGANISATION")),
    ("legal", "He joined the Workers' Party of Eastmarch in 1990.", ("Workers' Party of Eastmarch", "ORGANISATION")),
    ("legal", "The contract with Brimley & Osk LLP and OOO Volga-Stal was void.", ("Brimley & Osk LLP", "ORGANISATION")),
    ("legal", "The contract with Brimley & Osk LLP and OOO Volga-Stal was void.", ("OOO Volga-Stal", "ORGANISATION")),
    ("hr", "Employed by Hjelmvaag Offshore AS and later Vennekamp Pharma NV.", ("Hjelmvaag Offshore AS", "ORGANISATION")),
    ("hr", "She moved from the Logistics Department to the Department of Human Resources.",
     ("Department of Human Resources", "DEPARTMENT")),
    ("hr", "He leads Finance & Operations at Tarnwick Logistics.", ("Finance & Operations", "DEPARTMENT")),
    ("hr", "Department: Fleet Maintenance\nStart date: 3 May", ("Department: Fleet Maintenance", "DEPARTMENT")),
])
def test_the_bounded_patterns_find_what_they_found(preset, text, expected):
    """What the patterns of capitalised words found before their words were bounded (stop 55)."""
    assert expected in [(o, t) for o, _, t in found(text, preset=preset)]


def test_a_biologic_with_its_suffix_is_found_after_a_run_of_apostrophes():
    """The drug rule's suffixed name may start after every apostrophe of "a'a'a'" (lower case)."""
    text = "a'" * 2000 + " Started infliximab-dyyb last week."
    assert ("infliximab-dyyb", "infliximab", "TREATMENT") in found(text)
