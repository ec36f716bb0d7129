"""Redaction: a masked value never survives, unrelated words never change, and values with
regex metacharacters or non-ASCII letters are handled literally."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from sanon_graph.pseudonym import KEY_ENV, pseudonym_key
from sanon_graph.redact import MaskedValue, Redactor, occurs_in, replacement_for


def redactor(*values: str, replacement: str = "[X]") -> Redactor:
    return Redactor([MaskedValue(f"e{i}", (v,), replacement) for i, v in enumerate(values)])


def test_whole_word_and_case_insensitive():
    r = redactor("Ann")
    masked, n = r.redact("ANN met Anna and ann; Joann stayed.")
    assert masked == "[X] met Anna and [X]; Joann stayed."
    assert n == 2


def test_longest_match_first():
    r = Redactor([
        MaskedValue("a", ("Webb Health",), "[PROVIDER]"),
        MaskedValue("b", ("Webb Health Network",), "[NETWORK]"),
    ])
    assert r.redact("At Webb Health Network, not Webb Health.")[0] == "At [NETWORK], not [PROVIDER]."


def test_metacharacters_are_literal():
    r = redactor("#7263-5W8", "50+", "a.b*c", "(555) 010-0147")
    text = "exception #7263-5W8, age 50+, file a.b*c, phone (555) 010-0147, but axbbc and 500 stay"
    masked, _ = r.redact(text)
    assert masked == "exception [X], age [X], file [X], phone [X], but axbbc and 500 stay"


def test_unicode_values():
    r = redactor("Zoë Łukasiewicz", "Ørsted Klinik", "東京")
    masked, _ = r.redact("ZOË ŁUKASIEWICZ was seen at ørsted klinik in 東京.")
    assert masked == "[X] was seen at [X] in [X]."


def test_whitespace_inside_a_value_matches_any_whitespace_run():
    r = redactor("Fabrizio Jarocki")
    assert r.redact("Patient Fabrizio\n  Jarocki arrived")[0] == "Patient [X] arrived"


def test_replacement_tokens_are_not_rematched_and_not_reported():
    # A value that equals the replacement's text: the single pass must not loop and the
    # verification must not flag the token itself.
    r = Redactor([MaskedValue("e", ("name",), "[NAME]")])
    masked, n = r.redact("name: name")
    assert masked == "[NAME]: [NAME]" and n == 2
    assert r.surviving(masked) == []


def test_surviving_finds_what_is_left():
    r = redactor("Rex Salam")
    assert r.surviving("Rex Salam's claim") == ["Rex Salam"]
    assert r.surviving("Rex and Salam") == []


def test_replacement_strategies():
    assert replacement_for("value", "NAME", "abcdef0123") == "[NAME]"
    assert replacement_for("complete", "NAME", "abcdef0123") == "[REDACTED]"
    assert replacement_for("pseudonym", "NAME", "abcdef0123", pseudonym_key({KEY_ENV: "x" * 32})).startswith("NAME_")


def test_occurs_in_is_whole_word():
    assert occurs_in("the PX-436185 file", "px-436185")
    assert not occurs_in("theatre", "the")


words = st.text(alphabet=st.characters(categories=["L", "N"]), min_size=1, max_size=8)
values = st.text(
    alphabet=st.sampled_from(list("abcXYZéß東 .+*?()[]{}|^$\\#-'")), min_size=1, max_size=12
).filter(lambda v: v.strip() and re.search(r"\w", v))


@settings(max_examples=300, deadline=None)
@given(st.lists(values, min_size=1, max_size=4), st.lists(words, min_size=0, max_size=12), st.data())
def test_masked_values_never_survive_and_other_words_never_change(masked_values, filler, data):
    # Build a text from filler words with masked values inserted at word boundaries.
    pieces = list(filler)
    for v in masked_values:
        pieces.insert(data.draw(st.integers(0, len(pieces))), v)
    text = " ".join(pieces)
    r = redactor(*masked_values)
    masked, _ = r.redact(text)
    assert r.surviving(masked) == []
    # Every filler word that is not itself (part of) a masked value is still there, in order.
    protected = [w for w in filler if not any(w.lower() in v.lower() or v.lower() in w.lower() for v in masked_values)]
    remaining = masked.split()
    it = iter(remaining)
    assert all(any(tok == w for tok in it) for w in protected)


@settings(max_examples=200, deadline=None)
@given(st.lists(words, min_size=1, max_size=20), words)
def test_text_without_the_value_is_untouched(text_words, value):
    text = " ".join(w for w in text_words if w.lower() != value.lower())
    r = redactor(value)
    if not occurs_in(text, value):
        assert r.redact(text) == (text, 0)


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab #-+.É é\n\t_1")), max_size=30),
       st.text(alphabet=st.sampled_from(list("ab #-+.É é_1")), min_size=1, max_size=6))
def test_fast_occurs_in_agrees_with_the_redaction_regex(text, value):
    # occurs_in (no regex) decides what extraction keeps; the regex decides what redaction finds.
    expected = bool(value.strip()) and redactor(value).surviving(text) != []
    assert occurs_in(text, value) == expected


def _one_alternation(text: str, values: set[str]) -> list[tuple[int, int]]:
    """The matcher's definition, as it was first written: one regex, the values longest first,
    whole-word on letters and digits, any case."""
    ordered = sorted(values, key=lambda v: (-len(v), v))
    body = "|".join(r"\s+".join(re.escape(p) for p in re.split(r"\s+", v.strip())) for v in ordered)
    return [m.span() for m in re.finditer(rf"(?<![^\W_])(?:{body})(?![^\W_])", text, re.IGNORECASE)]


_PIECES = st.sampled_from(["ab", "AB", "b", "a b", "ab c", "c", "é", "É1", "1", "12", "_", "-", " ", "  ", "\n", ".", "/"])


@settings(max_examples=500, deadline=None)
@given(pieces=st.lists(_PIECES, min_size=1, max_size=14), data=st.data())
def test_find_values_is_one_alternation_of_the_values(pieces, data):
    # find_values searches value by value (an alternation compiled per document cost more
    # than the rest of masking); overlaps, prefixes, case and boundaries must come out the same.
    # Values are mostly runs of the text's own pieces, so they occur, overlap and nest.
    from sanon_graph.redact import find_values

    text = "".join(pieces)
    runs = st.tuples(st.integers(0, len(pieces) - 1), st.integers(1, 4)).map(lambda r: "".join(pieces[r[0]:r[0] + r[1]]))
    values = data.draw(st.sets(st.one_of(runs, runs.map(str.upper), _PIECES).filter(str.strip), min_size=1, max_size=6))
    assert [m.span() for m in find_values(text, values)] == _one_alternation(text, values)
