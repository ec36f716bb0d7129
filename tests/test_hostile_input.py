"""Text no document is made of but a user's input can hold (a pasted blob, a broken export):
the NER model is never given a long run of spaces or a long word without one (its tokenizer
took minutes on 50,000 nested brackets), and the name pattern that looked for "(applicant)"
tries a run of spaces from its first space only. `benchmarks/bench_hostile.py` (in `make
bench`) prints the time per preset and input; these tests check the behaviour that keeps it
short, and that the spans found stay where the text has them."""

from __future__ import annotations

import pytest

from sanon_graph.extract.ner_model import LONG_RUN, defused
from sanon_graph.extract.recognizers.names import _ROLE_AFTER

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
