"""Dates: numeric, with month names, months, quarters and ranges; a date after "born" or
"DOB" is a birth date.

Numeric dates are read in the preset's date order (MDY, DMY); with "auto" the order comes
from unambiguous evidence (a number over 12) in the document, else in the corpus, and a date
with no evidence either way is kept as written (normalize.numeric_date).
"""

from __future__ import annotations

import re

from ...normalize import date_order_evidence, normalize_date
from .base import Base, register

_MONTH = r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?"
_DAY = r"(?:[0-2]?\d|3[01])(?:st|nd|rd|th)?"
_DATE_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"(?<![\w/-])(\d{4})-(\d{1,2})-(\d{1,2})(?![\w/-])"), "ymd"),
    # A full stop may end the sentence after a date, but "1.2.2023.4" is no date.
    (re.compile(r"(?<![\w/.-])(\d{1,2})[/.](\d{1,2})[/.](\d{4}|\d{2})(?![\w/-]|\.\d)"), "mdy"),
    (re.compile(rf"(?<!\w)({_MONTH})\s+({_DAY}),?\s+(\d{{4}})(?!\w)", re.I), "Mdy"),
    (re.compile(rf"(?<!\w)({_DAY})\s+(?:of\s+)?({_MONTH}),?\s+(\d{{4}})(?!\w)", re.I), "dMy"),
    (re.compile(rf"(?<!\w)({_MONTH})\s+(?:of\s+)?(\d{{4}})(?!\w)", re.I), "My"),
    (re.compile(r"(?<![\w/-])(\d{1,2})/(\d{4})(?![\w/-])"), "my"),
    (re.compile(r"(?<![\w/-])(\d{4})-(\d{2})(?![\w/-])"), "ym"),
    # A day and a month without a year ("May 15th", "3 March"): month names capitalised here,
    # as "may" is a verb. A year after them makes the longer Mdy/dMy span, which wins.
    (re.compile(rf"(?<![\w/-])({_MONTH})\s+({_DAY})(?![\w/-]|[.:]\d)"), "Md"),
    (re.compile(rf"(?<![\w/.-])({_DAY})\s+(?:of\s+)?({_MONTH})(?![\w/-])"), "dM"),
    (re.compile(r"(?<!\w)Q([1-4])[\s-](\d{4})(?![\w-])"), "qy"),
    (re.compile(r"(?<!\w)(\d{4})[\s-]Q([1-4])(?![\w-])"), "yq"),
]
_DATE_RANGE = re.compile(
    r"(?<![\w/.-])(\d{1,2}/\d{1,2}/\d{4})\s?[-–]\s?(\d{1,2}/\d{1,2}/\d{4})(?![\w/-])"
)
# "May-August 2024", "03/2023-10/2023": months from .. to, one value.
_MONTH_RANGE = re.compile(rf"(?<!\w)({_MONTH})\s?[-–]\s?({_MONTH}),?\s+(\d{{4}})(?!\w)")
_NUMERIC_MONTH_RANGE = re.compile(r"(?<![\w/.-])(\d{1,2})/(\d{4})\s?[-–]\s?(\d{1,2})/(\d{4})(?![\w/-])")
_YEAR_RANGE = re.compile(r"(?<![\w/.-])((?:19|20)\d\d)\s?[-–]\s?((?:19|20)\d\d)(?![\w/-])")
# Layouts that need a month name: skipped, with one search, in a text that names none.
_WITH_MONTH_NAME = frozenset({"Mdy", "dMy", "My", "Md", "dM"})
_ANY_MONTH_NAME = re.compile(rf"(?<![A-Za-z]){_MONTH}(?![a-z])", re.I)
_BIRTH_CONTEXT = re.compile(r"\b(?:born|birth|dob|d\.o\.b\.?|birthday)\b[^.]{0,25}$", re.I)
_NUMERIC = _DATE_PATTERNS[1][0]  # the two-numbers-and-a-year shape whose order is in question


def order_evidence(text: str) -> str | None:
    """The one order a text's numeric dates allow ("DMY" or "MDY"), None without evidence or
    with evidence both ways."""
    seen = {date_order_evidence(int(m.group(1)), int(m.group(2))) for m in _NUMERIC.finditer(text)}
    seen.discard(None)
    return seen.pop() if len(seen) == 1 else None


class _Dated(Base):
    """A recognizer that reads numeric dates in the preset's order."""

    def __init__(self, ctx):
        super().__init__(ctx)
        self.order = ctx.settings.date_order
        self.corpus_order: str | None = None

    def prepare(self, texts: list[str]) -> None:
        if self.order == "auto":
            seen = {order_evidence(t) for t in texts if _NUMERIC.search(t)}
            seen.discard(None)
            self.corpus_order = seen.pop() if len(seen) == 1 else None

    def order_for(self, text: str) -> str:
        if self.order != "auto":
            return self.order
        return order_evidence(text) or self.corpus_order or "auto"


@register("date_range", "EVENT_DATE")
class DateRange(_Dated):
    """"10/15/2023-11/03/2023", "May-August 2024": one value, an ISO interval."""

    def find(self, text: str):
        order = None
        for m in _DATE_RANGE.finditer(text):
            order = order or self.order_for(text)
            ends = [normalize_date(tuple(part.split("/")), "mdy", order) for part in m.groups()]
            if all(ends):
                yield self.span(m.start(), m.end(), "EVENT_DATE", "/".join(ends))
        for m in _MONTH_RANGE.finditer(text):
            first, last, year = m.groups()
            yield from self._months(m, normalize_date((first, year), "My"), normalize_date((last, year), "My"))
        for m in _NUMERIC_MONTH_RANGE.finditer(text):
            a_month, a_year, b_month, b_year = m.groups()
            yield from self._months(m, normalize_date((a_month, a_year), "my"), normalize_date((b_month, b_year), "my"))

    def _months(self, m: re.Match[str], first: str | None, last: str | None):
        if first and last and first < last:  # ISO months compare as strings
            yield self.span(m.start(), m.end(), "EVENT_DATE", f"{first}/{last}", 0.35)


@register("year_range", "EVENT_DATE")
class YearRange(Base):
    """"2019-2021": a span of years."""

    def find(self, text: str):
        for m in _YEAR_RANGE.finditer(text):
            if int(m.group(1)) < int(m.group(2)):
                yield self.span(m.start(), m.end(), "EVENT_DATE", f"{m.group(1)}/{m.group(2)}", 0.35)


@register("date", "EVENT_DATE", "BIRTHDATE")
class Date(_Dated):
    """One date; a full date after a birth cue is a BIRTHDATE, a month or quarter is weaker."""

    def find(self, text: str):
        order = None
        month_names = _ANY_MONTH_NAME.search(text) is not None
        for pattern, layout in _DATE_PATTERNS:
            if layout in _WITH_MONTH_NAME and not month_names:
                continue
            for m in pattern.finditer(text):
                if layout == "mdy":
                    order = order or self.order_for(text)
                normalized = normalize_date(m.groups(), layout, order or self.order)
                if normalized is None:
                    continue
                before = text[max(0, m.start() - 40):m.start()]
                if _BIRTH_CONTEXT.search(before) and len(normalized) == 10:
                    yield self.span(m.start(), m.end(), "BIRTHDATE", normalized)
                else:
                    relevance = self.ctx.base("EVENT_DATE") if len(normalized) == 10 else 0.35
                    yield self.span(m.start(), m.end(), "EVENT_DATE", normalized, relevance)
