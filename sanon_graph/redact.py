"""Replacement strategies, the matcher, and the post-write verification (METHOD 2.6).

Every original variant of every masked entity is replaced wherever it occurs: whole-word
(no letter, digit or underscore directly before or after), case-insensitive, longest match
first, in one pass so an inserted replacement is never matched again. Whitespace inside a
value matches any whitespace run, so a name broken over a line is still found. Values are
escaped, so regex metacharacters in them are literal.

Whole tokens: a match inside a longer run of identifier characters (letters and digits
joined by / - . # _, as in "12345/06", "PT-5316-9C", "ID#6139-2847") is widened to the
whole run, so a replacement never leaves a fragment ("[NON_PERSONAL_ID]/06") that still
identifies. This lives here, not in one extractor, because it must hold for whatever an
extractor returns (an LLM that answers "12345", a precomputed file); the rule extractor also
takes whole runs, so the graph links on the real identifier. A separator only joins when a
letter or digit follows it, so a sentence's full stop is never swallowed, and trailing
punctuation is not part of a value: "at [ADDRESS]." keeps its full stop.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from .normalize import fold
from .pseudonym import PseudonymKey, pseudonym

_TOKEN = re.compile(r"[^\W_]+")  # letters and digits; "_" separates like the matcher does


def _value_regex(value: str) -> str:
    """Escaped value with any whitespace run matching any whitespace run."""
    parts = re.split(r"\s+", value.strip())
    return r"\s+".join(re.escape(p) for p in parts)


@lru_cache(maxsize=1 << 17)  # ~600 bytes each; values recur from document to document
def _value_matcher(value: str) -> re.Pattern[str]:
    # Only the end's boundary is in the pattern: a lookbehind first would keep the regex engine
    # from skipping ahead to where the value's first character occurs (7x slower searches).
    return re.compile(rf"(?:{_value_regex(value)})(?![^\W_])", re.IGNORECASE)


def find_values(text: str, values: Iterable[str]) -> list[re.Match[str]]:
    """Every occurrence of the values in text, whole-word, any case, left to right without
    overlaps; at one position the longest value wins ("Webb Health Network" over "Webb
    Health"), ties in alphabetical order. The result of one alternation of all the values
    (longest first) run with finditer, without compiling that alternation for every document
    (it cost more than the rest of masking): each value's own matcher is compiled once."""
    first_at: dict[int, re.Match[str]] = {}
    for value in sorted(set(values), key=lambda v: (-len(v), v)):
        matcher, position = _value_matcher(value), 0
        while (match := matcher.search(text, position)) is not None:
            start = match.start()
            # Whole-word on letters and digits; "_" joins identifier parts like "/" or "-"
            # does, so a value inside "0123_45" is found, and then widened to the whole run.
            if start == 0 or not _WORD_CHAR.match(text, start - 1):
                first_at.setdefault(start, match)  # an earlier (longer) value keeps its place
            position = start + 1
    out: list[re.Match[str]] = []
    end = 0
    for start in sorted(first_at):
        if start >= end:
            out.append(first_at[start])
            end = first_at[start].end()
    return out


_WORD_CHAR = re.compile(r"[^\W_]")  # the matcher's boundary: a letter or a digit
_JOINERS = "/-.#_"  # characters that join letters and digits into one identifier token
TRAILING_PUNCTUATION = ".,;:!?"  # ends a sentence, never part of a value (the recognizer engine uses it too)


def _widen(text: str, start: int, end: int) -> tuple[int, int]:
    """The whole identifier run around text[start:end]: across joiners with a word character
    on both sides, and the word characters beyond them."""
    n = len(text)
    while start >= 2 and text[start - 1] in _JOINERS and text[start - 2].isalnum():
        start -= 1
        while start > 0 and (text[start - 1].isalnum() or text[start - 1] == "_"):
            start -= 1
    while end + 1 < n and text[end] in _JOINERS and text[end + 1].isalnum():
        end += 1
        while end < n and (text[end].isalnum() or text[end] == "_"):
            end += 1
    return start, end


def strip_trailing_punctuation(value: str) -> str:
    """A value without the sentence punctuation an extractor may have taken with it."""
    stripped = value.rstrip().rstrip(TRAILING_PUNCTUATION).rstrip()
    return stripped or value.strip()


# fold: lower-case with whitespace runs folded to one space, the matcher's view of a text.


def occurs_in(text: str, value: str) -> bool:
    """True when value occurs in text as the matcher would find it (whole-word, any case)."""
    return occurs_in_folded(fold(text), value)


def occurs_in_folded(folded_text: str, value: str) -> bool:
    """occurs_in on a text already passed through fold(): no regex, so checking a million
    extracted values against their documents does not compile a million patterns."""
    return occurs_needle_in_folded(folded_text, matcher_needle(value))


def matcher_needle(value: str) -> str:
    """What occurs_in_folded looks for: the value as fold() sees it, without trailing punctuation."""
    return fold(strip_trailing_punctuation(value))


def occurs_needle_in_folded(folded_text: str, needle: str) -> bool:
    """occurs_in_folded with the needle already made (matcher_needle), for callers that check
    one value against many documents."""
    if not needle:
        return False
    start = folded_text.find(needle)
    while start != -1:
        end = start + len(needle)
        # the same boundaries as the regex: no word character directly before or after
        before_ok = start == 0 or not _WORD_CHAR.match(folded_text[start - 1])
        after_ok = end == len(folded_text) or not _WORD_CHAR.match(folded_text[end])
        if before_ok and after_ok:
            return True
        start = folded_text.find(needle, start + 1)
    return False


_key = fold  # the lookup key of a matched span


def replacement_for(strategy: str, entity_type: str, entity_id: str, key: PseudonymKey | None = None) -> str:
    """The replacement a masked entity gets everywhere (the replacement dictionary's value).
    Pseudonyms are keyed (pseudonym.py): without the key a guessed value cannot be confirmed."""
    if strategy == "complete":
        return "[REDACTED]"
    if strategy == "value":
        return f"[{entity_type}]"
    if strategy == "pseudonym":
        if key is None:
            raise ValueError("pseudonyms need a key (pseudonym.pseudonym_key())")
        return pseudonym(key, entity_type, entity_id)
    raise ValueError(f"unknown redaction strategy {strategy!r}")


@dataclass(frozen=True)
class MaskedValue:
    entity_id: str
    variants: tuple[str, ...]
    replacement: str
    priority: float = 0.0  # when two entities share a spelling, the higher priority wins


class Redactor:
    """Applies a replacement dictionary to text and checks text for surviving values."""

    def __init__(self, masked: Iterable[MaskedValue]):
        self.replacement_of: dict[str, str] = {}
        self._entity_of: dict[str, str] = {}
        chosen: dict[str, float] = {}
        # Values indexed by their full lower-cased word sequence, with every prefix of it,
        # so a document is only matched against values whose words all occur in it in order.
        self._sequences: dict[tuple[str, ...], set[str]] = {}
        self._prefixes: set[tuple[str, ...]] = set()
        self.always: set[str] = set()
        for item in masked:
            for variant in item.variants:
                variant = strip_trailing_punctuation(variant)
                if not variant:
                    continue
                key = _key(variant)
                if key in chosen and chosen[key] >= item.priority:
                    continue
                chosen[key] = item.priority
                self.replacement_of[key] = item.replacement
                self._entity_of[key] = item.entity_id
                tokens = tuple(_TOKEN.findall(key))
                if tokens:
                    self._sequences.setdefault(tokens, set()).add(variant)
                    self._prefixes.update(tokens[:i] for i in range(1, len(tokens) + 1))
                else:
                    self.always.add(variant)
        self.characters_replaced = 0  # characters of original text replaced so far (a utility figure)
        replacements = sorted(set(self.replacement_of.values()), key=len, reverse=True)
        self._replacement_tokens = (
            re.compile("|".join(re.escape(r) for r in replacements)) if replacements else None
        )

    def entity_of(self, found: str) -> str:
        """The entity id a matched span belongs to (for error messages that must not echo values)."""
        return self._entity_of.get(_key(found), "?")

    def _matches(self, text: str) -> list[re.Match[str]]:
        candidates: set[str] = set(self.always)
        tokens = _TOKEN.findall(text.lower())
        prefixes, sequences = self._prefixes, self._sequences
        for i in range(len(tokens)):
            key: tuple[str, ...] = ()
            for token in tokens[i:]:
                key = (*key, token)
                if key not in prefixes:
                    break
                found = sequences.get(key)
                if found:
                    candidates.update(found)
        # The candidates' words occur in order; the matcher decides on exact punctuation,
        # whole-word boundaries and case.
        return find_values(text, candidates) if candidates else []

    def redact(self, text: str) -> tuple[str, int]:
        """Masked text and the number of replacements made."""
        # Widen every match to its whole identifier run; runs that touch merge into one
        # replacement (the first match's), so "12345/06" with both parts masked is one token.
        spans: list[list] = []
        for match in self._matches(text):
            start, end = _widen(text, *match.span())
            if spans and start <= spans[-1][1]:
                spans[-1][1] = max(spans[-1][1], end)
            else:
                spans.append([start, end, self.replacement_of[_key(match.group(0))]])
        if not spans:
            return text, 0
        out: list[str] = []
        position = 0
        for start, end, replacement in spans:
            out.append(text[position:start])
            out.append(replacement)
            self.characters_replaced += end - start
            position = end
        out.append(text[position:])
        return "".join(out), len(spans)

    def surviving(self, text: str) -> list[str]:
        """Masked values still present in text, ignoring the replacement tokens themselves."""
        if self._replacement_tokens is not None:
            # A separator that is neither a word character nor whitespace, so removing a
            # token can neither join two words nor complete a multi-word value.
            text = self._replacement_tokens.sub("\x00", text)
        return sorted({m.group(0) for m in self._matches(text)})
