"""A domain's own recognizers, written in its config file instead of code.

    [[extraction.patterns]]
    name = "employee_id"
    type = "EMPLOYEE_ID"
    regex = "EMP-\\d{5}"
    context = ["employee", "staff"]   # words near a match that make it more likely (optional)
    relevance = 0.9                   # default: the type's base relevance
    context_boost = 0.05              # added when a context word is near (default 0.1)

    [[extraction.word_lists]]
    name = "departments"
    type = "DEPARTMENT"
    words = ["Payroll", "Facilities Management"]   # and/or file = "departments.txt"
    ignore_case = true

Every entry is one recognizer in the `custom` recognizer, which the engine enables on its own
when there are entries (engine.build_recognizers). A match counts only as whole tokens: the
regex is wrapped in lookarounds so "XEMP-12345" or "EMP-123456" is no match, and the regex
engine still finds a whole-token match that starts inside a rejected one. Values are folded
(normalize.fold) so "EMP-12345" and "emp-12345" are one value. Where a declared entry and a
built-in rule find the same text, the declared entry wins (engine.resolve_overlaps): the user
said what this text is in this domain.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ...normalize import fold
from .base import Base, RecognizerContext, Span, register

# Presidio's default window: context words count within 5 words of a match (we look on both
# sides: "EMP-12345 (staff)" is as telling as "staff EMP-12345").
CONTEXT_WINDOW = 5
DEFAULT_CONTEXT_BOOST = 0.1
_TOKEN = re.compile(r"\w+")
# A leading inline-flag group ("(?i)EMP-...") must stay at the very start once the regex is
# wrapped in the whole-token lookarounds.
_LEADING_FLAGS = re.compile(r"^\(\?([aiLmsux]+)\)")
_TYPE_NAME = re.compile(r"[A-Z][A-Z0-9_]*")


def _entry_keys(kind: str, model: type[BaseModel], data: Any) -> Any:
    """Unknown keys name the entry, so a typo ("regexp") is found in a file with many entries."""
    if isinstance(data, dict):
        unknown = sorted(set(data) - set(model.model_fields))
        if unknown:
            raise ValueError(f"[[extraction.{kind}]] entry {data.get('name', '?')!r}: unknown key(s) {unknown}; "
                             f"expected {sorted(model.model_fields)}")
    return data


class _Entry(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1)
    type: str
    context: list[str] = Field(default_factory=list)
    relevance: float | None = Field(None, ge=0.0, le=1.0)
    context_boost: float = Field(DEFAULT_CONTEXT_BOOST, ge=0.0, le=1.0)
    # Only matches with a context word nearby count (for shapes that are ambiguous alone).
    require_context: bool = False

    @field_validator("type")
    @classmethod
    def _type(cls, value: str) -> str:
        if not _TYPE_NAME.fullmatch(value):
            raise ValueError(f"type {value!r} must be an entity type name in capitals (EMPLOYEE_ID)")
        return value


class PatternSpec(_Entry):
    """One [[extraction.patterns]] entry."""

    regex: str
    ignore_case: bool = False

    @model_validator(mode="before")
    @classmethod
    def _keys(cls, data: Any) -> Any:
        return _entry_keys("patterns", cls, data)

    @model_validator(mode="after")
    def _compiles(self) -> PatternSpec:
        try:
            whole_token(self.regex, self.ignore_case)
        except re.error as exc:
            raise ValueError(f"[[extraction.patterns]] entry {self.name!r}: invalid regex {self.regex!r}: {exc}") from None
        return self


class WordListSpec(_Entry):
    """One [[extraction.word_lists]] entry: words given inline and/or one per line in a file
    (relative to the config file; blank lines and lines starting with # are skipped). The
    file's words are read when the settings load, so run.json records what was searched."""

    words: list[str] = Field(default_factory=list)
    file: Path | None = None
    ignore_case: bool = False

    @model_validator(mode="before")
    @classmethod
    def _keys(cls, data: Any) -> Any:
        return _entry_keys("word_lists", cls, data)

    @model_validator(mode="after")
    def _read(self) -> WordListSpec:
        where = f"[[extraction.word_lists]] entry {self.name!r}"
        if self.file is not None:
            try:
                lines = self.file.read_text(encoding="utf-8").splitlines()
            except (OSError, UnicodeDecodeError) as exc:
                raise ValueError(f"{where}: cannot read {self.file}: {exc}") from None
            self.words = [*self.words, *(w.strip() for w in lines if w.strip() and not w.lstrip().startswith("#"))]
            self.file = None  # the words are in the list now; a second validation must not read again
        self.words = list(dict.fromkeys(w.strip() for w in self.words if w.strip()))
        if not self.words:
            raise ValueError(f"{where}: no words (give words = [...] or file = \"...\")")
        return self


def whole_token(regex: str, ignore_case: bool = False) -> re.Pattern[str]:
    """`regex`, matching only where it starts and ends on a token boundary."""
    flags = re.IGNORECASE if ignore_case else 0
    re.compile(regex, flags)  # the user's own regex first, so its error message is about it
    lead = _LEADING_FLAGS.match(regex)
    prefix, body = (lead.group(0), regex[lead.end():]) if lead else ("", regex)
    return re.compile(rf"{prefix}(?<!\w)(?:{body})(?!\w)", flags)


def _word_regex(words: list[str], ignore_case: bool) -> re.Pattern[str]:
    # Longest first so "Facilities Management" wins over "Facilities"; any whitespace run
    # between a phrase's words matches (line breaks in the text).
    parts = [r"\s+".join(re.escape(p) for p in w.split()) for w in sorted(words, key=len, reverse=True)]
    return whole_token("|".join(parts), ignore_case)


def context_words(text: str, start: int, end: int, window: int = CONTEXT_WINDOW) -> list[str]:
    """The folded words within `window` words before and after text[start:end]."""
    before = _TOKEN.findall(text[max(0, start - 40 * window):start])[-window:]
    after = _TOKEN.findall(text[end:end + 40 * window])[:window]
    return [w.lower() for w in before + after]


def has_context(near: list[str], context: list[list[str]]) -> bool:
    """Whether a context term (one or more words) occurs in `near`; a term matches its plural."""
    for term in context:
        n = len(term)
        for i in range(len(near) - n + 1):
            if all(near[i + k] in (w, w + "s") for k, w in enumerate(term)):
                return True
    return False


def _context_terms(context: list[str]) -> list[list[str]]:
    return [[w.lower() for w in _TOKEN.findall(c)] for c in context if _TOKEN.search(c)]


class _Compiled:
    def __init__(self, spec: _Entry, regex: re.Pattern[str], base: float):
        self.name, self.type, self.regex = spec.name, spec.type, regex
        self.context = _context_terms(spec.context)
        self.relevance = base if spec.relevance is None else spec.relevance
        self.boost = spec.context_boost
        self.require_context = spec.require_context


@register("custom")
class CustomRecognizer(Base):
    """The [[extraction.patterns]] and [[extraction.word_lists]] entries of the config."""

    @classmethod
    def emits(cls, settings) -> frozenset[str]:
        return frozenset(e.type for e in (*settings.patterns, *settings.word_lists))

    def __init__(self, ctx: RecognizerContext):
        super().__init__(ctx)
        s = ctx.settings
        self.entries = [_Compiled(p, whole_token(p.regex, p.ignore_case), ctx.base(p.type)) for p in s.patterns]
        self.entries += [_Compiled(w, _word_regex(w.words, w.ignore_case), ctx.base(w.type)) for w in s.word_lists]
        self.types = self.emits(s)
        # The span names the engine prefers over a built-in rule's span of the same text.
        self.declared = frozenset(e.name for e in self.entries)

    def find(self, text: str):
        for e in self.entries:
            for m in e.regex.finditer(text):
                start, end = m.span()
                if start == end:
                    continue  # a regex that can match nothing ("\d*") reports no empty values
                relevance = e.relevance
                if e.context:
                    near = has_context(context_words(text, start, end), e.context)
                    if e.require_context and not near:
                        continue
                    if near:
                        relevance = min(1.0, relevance + e.boost)
                yield Span(start, end, e.type, fold(m.group(0)), relevance, e.name)
