"""Whole-token masking: a replacement never leaves a fragment of the identifier it sat in
("12345/06" must not become "[ID]/06"), the sentence around it keeps every other character
(its full stop included), and unrelated words never change."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sanon_graph.redact import MaskedValue, Redactor, strip_trailing_punctuation

JOINERS = "/-.#_"
segment = st.text(alphabet="ABCXYZabcxyz0123456789", min_size=1, max_size=6)
digits = st.text(alphabet="0123456789", min_size=1, max_size=6)
word = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=9)  # no digits: never an identifier
gap = st.sampled_from([" ", "  ", "\n", ", ", " (", "): ", "; ", " - ", ' "'])
closing = st.sampled_from(["", ".", ",", ";", ":", ")", "!", "?", '"'])


@st.composite
def identifier_in_text(draw):
    """(text, the identifier run, the value an extractor returned, the text with the run replaced)."""
    before = draw(st.lists(segment, max_size=2))
    after = draw(st.lists(segment, max_size=2))
    core = draw(st.lists(digits, min_size=1, max_size=2))  # the extracted part has a digit
    parts = before + core + after
    joiners = [draw(st.sampled_from(JOINERS)) for _ in parts[1:]]
    run = parts[0] + "".join(j + p for j, p in zip(joiners, parts[1:], strict=True))
    # the extracted value: the core segments with the joiners between them
    first = len(before)
    value = core[0] + "".join(joiners[first + i] + core[i + 1] for i in range(len(core) - 1))
    left = draw(st.lists(word, min_size=0, max_size=4))
    right = draw(st.lists(word, min_size=0, max_size=4))
    lead, trail, end = draw(gap), draw(gap), draw(closing)
    head = " ".join(left) + (lead if left else "")
    tail = end + (trail + " ".join(right) if right else "")
    return head + run + tail, run, value, head + "[ID]" + tail


@settings(max_examples=400, deadline=None)
@given(identifier_in_text(), st.booleans())
def test_the_whole_identifier_run_is_replaced_and_nothing_else(case, with_full_stop):
    text, run, value, expected = case
    if with_full_stop:  # an extractor that took the sentence's full stop with the value
        value += "."
    masked, count = Redactor([MaskedValue("e", (value,), "[ID]")]).redact(text)
    assert masked == expected, (text, value)
    assert count == 1
    # nothing of the identifier's characters is next to the replacement token
    i = masked.index("[ID]")
    assert not masked[i - 1:i].isalnum() if i else True
    assert not masked[i + 4:i + 5].isalnum()


@pytest.mark.parametrize(("text", "value", "expected"), [
    ("Application no. 12345/06 was lodged.", "12345", "Application no. [ID] was lodged."),
    ("Application no. 12345/06 was lodged.", "12345/06", "Application no. [ID] was lodged."),
    ("Record PT-5316-9C on file", "5316", "Record [ID] on file"),
    ("ref ID#6139-2847, see", "6139-2847", "ref [ID], see"),
    ("case no. 4711/99.", "4711", "case no. [ID]."),
    ("inform the family at 12 Elm Road.", "12 Elm Road.", "inform the family at [ID]."),
    ("Ms Lee-Anne Smith-Jones called", "Smith", "Ms Lee-Anne [ID] called"),
    ("Smith's file, Smith.", "Smith", "[ID]'s file, [ID]."),
])
def test_identifier_shapes(text, value, expected):
    assert Redactor([MaskedValue("e", (value,), "[ID]")]).redact(text)[0] == expected


def test_runs_of_two_masked_values_become_one_replacement():
    r = Redactor([MaskedValue("a", ("12345",), "[A]"), MaskedValue("b", ("06",), "[B]")])
    assert r.redact("no. 12345/06 and 06 alone")[0] == "no. [A] and [B] alone"


def test_trailing_punctuation_is_not_part_of_a_value():
    assert strip_trailing_punctuation("12 Elm Road.") == "12 Elm Road"
    assert strip_trailing_punctuation("Anna!?") == "Anna"
    assert strip_trailing_punctuation("...") == "..."  # nothing but punctuation: kept as it is
