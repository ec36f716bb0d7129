"""Dates: numeric, with month names, months, quarters and ranges; a date after "born" or
"DOB" is a birth date.

Numeric dates are read in the preset's date order (MDY, DMY); with "auto" the order comes
from unambiguous evidence (a number over 12) in the document, else in the corpus, and a date
with no evidence either way is kept as written (normalize.numeric_date).
"""

from __future__ import annotations

import re

from ...normalize import FOREIGN_MONTHS, date_order_evidence, normalize_date
from . import cues
from .base import Base, register
from .cues import has_any, may_match
from .identifiers import LEGISLATION_BEFORE
from .words import NUMBER, THE_BEFORE, number_value

_MONTH = r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?"
_DAY = r"(?:[0-2]?\d|3[01])(?:st|nd|rd|th)?"
# Patterns that open with a digit or a letter test what comes before it after it ("\d(?<!\w\d)" for
# "(?<!\w)\d": the same matches): the regex engine then looks for the first character with its
# quick scan instead of trying the look-behind at every position (two to eighteen times faster
# on a text the pattern does not match).
_DATE_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"(\d(?<![\w/-]\d)\d{3})-(\d{1,2})-(\d{1,2})(?![\w/-])"), "ymd"),
    # the year first with full stops or slashes, as East Asian and Scandinavian records write it
    # ("2024.03.15", "2024/3/15"); a year of this or the last century only, and with full stops two
    # digits each ("2019.1.2" is a version)
    (re.compile(r"((?:1(?<![\w/.-]1)9|2(?<![\w/.-]2)0)\d\d)\.(\d\d)\.(\d\d)(?![\w/-]|\.\d)"), "ymd"),
    (re.compile(r"((?:1(?<![\w/.-]1)9|2(?<![\w/.-]2)0)\d\d)/(\d{1,2})/(\d{1,2})(?![\w/-]|[./]\d)"), "ymd"),
    # A full stop may end the sentence after a date, but "1.2.2023.4" is no date.
    (re.compile(r"(\d(?<![\w/.-]\d)\d?)[/.](\d{1,2})[/.](\d{4}|\d{2})(?![\w/-]|\.\d)"), "mdy"),
    # Dashes, as Dutch, Danish or Indian records write them ("14-05-2024"); with a year of four
    # digits only, as "3-4-10" is as likely a score or a range as a date.
    (re.compile(r"(\d(?<![\w/.-]\d)\d?)-(\d{1,2})-((?:19|20)\d\d)(?![\w/-]|\.\d)"), "mdy"),
    # A day, a month's abbreviation and a year run together or joined by dashes or slashes, as
    # clinical systems and forms print them ("15-Jun-2024", "15JUN1972", "03/Mar/2021"); the
    # same mark on both sides of the month
    (re.compile(r"(\d(?<![\w/.-]\d)\d?)([-/]?)(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\2(\d{4}|\d{2})"
                r"(?![\w/-]|\.\d)", re.I), "dMy-"),
    # a date with its time, as ISO 8601 writes it ("2024-06-15T14:32:00Z"): the whole is the date
    (re.compile(r"(\d(?<![\w/-]\d)\d{3})-(\d\d)-(\d\d)T\d\d:\d\d(?::\d\d(?:[.,]\d+)?)?(?:Z|[+-]\d\d(?::?\d\d)?)?"
                r"(?![\w/-])"), "ymd"),
    (re.compile(rf"(?<!\w)({_MONTH})\s+({_DAY}),?\s+(\d{{4}})(?!\w)", re.I), "Mdy"),
    # "3 March 2024", "3rd of March 2024", and a deed's "this 14th day of March, 2024"
    (re.compile(rf"(?<!\w)({_DAY})\s+(?:day\s+of\s+|of\s+)?({_MONTH}),?\s+(\d{{4}})(?!\w)", re.I), "dMy"),
    (re.compile(rf"(?<!\w)({_MONTH})\s+(?:of\s+)?(\d{{4}})(?!\w)", re.I), "My"),
    # a year by its last two digits after an apostrophe: "March '24"
    (re.compile(rf"(?<!\w)({_MONTH})\s+['’](\d{{2}})(?![\w'’])", re.I), "My"),
    (re.compile(r"(\d(?<![\w/-]\d)\d?)/(\d{4})(?![\w/-])"), "my"),
    (re.compile(r"(\d(?<![\w/-]\d)\d{3})-(\d{2})(?![\w/-])"), "ym"),
    # A day and a month without a year ("May 15th", "3 March"): month names capitalised here,
    # as "may" is a verb. A year after them makes the longer Mdy/dMy span, which wins.
    (re.compile(rf"(?<![\w/-])({_MONTH})\s+({_DAY})(?![\w/-]|[.:]\d)"), "Md"),
    (re.compile(rf"(?<![\w/.-])({_DAY})\s+(?:of\s+)?({_MONTH})(?![\w/-])"), "dM"),
    # A month alone after a word that says when ("in July", "since January", "till August",
    # "early March"): written out and capitalised ("may" is a verb); not a name's possessive
    # ("June's"), nor a first name before its surname ("the late June Harris"). A day or a year
    # after it makes the longer spans above.
    (re.compile(r"(?<![\w-])(?:[Ii]n|[Ss]ince|[Tt]ill|[Uu]ntil|[Tt]his|[Ll]ast|[Ee]arly|[Ll]ate|[Mm]id|during|by)"
                r"[ \t-]+(?:(?:early|late|mid)[ \t-]+)?"
                r"(January|February|March|April|May|June|July|August|September|October|November|December)"
                r"(?![\w'’-]|[ \t]*,?[ \t]*'?\d|[ \t]+[A-Z][a-z])"), "M"),
    (re.compile(r"Q(?<!\wQ)([1-4])[\s-](\d{4})(?![\w-])"), "qy"),
    (re.compile(r"(\d(?<!\w\d)\d{3})[\s-]Q([1-4])(?![\w-])"), "yq"),
]
# Dates with a month name in another language of European records, day first (German writes
# the day as an ordinal, "3. März 1958"; French the first as "1er"; Spanish and Portuguese "5 de
# mayo de 2022"), or a month and a year ("März 2024", "mayo de 2022").
_FOREIGN_MONTH = "|".join(sorted(FOREIGN_MONTHS, key=len, reverse=True))
_FOREIGN_DATE_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(rf"(?<!\w)((?:[0-2]?\d|3[01])(?:er)?)\.?\s+(?:de\s+)?({_FOREIGN_MONTH})\.?,?\s+(?:de\s+|del\s+)?"
                rf"((?:19|20)\d\d)(?!\w)", re.I), "dMy"),
    # (without a day, "Mars" and "Mayo" capitalised are the planet and the clinic: French and
    # Spanish write their months in lower case)
    (re.compile(rf"(?<![\w.])(?-i:(?!Mars\b|Mayo\b))({_FOREIGN_MONTH})\s+(?:de\s+|del\s+)?((?:19|20)\d\d)(?!\w)", re.I),
     "My"),
]
# What either needs: such a month name as the word before a year ("de" or "del" between them).
# Looked for from the years (the regex engine finds a digit by its quick scan; a search for any
# of the names tries every position), with a word lookup.
_YEAR_DIGITS = re.compile(r"(?:19|20)\d\d")


def names_a_foreign_month(text: str) -> bool:
    """Whether a month name of another language is the word before a year in text (always, with
    the looks of cues.py off)."""
    if not cues.ENABLED:
        return True
    for m in _YEAR_DIGITS.finditer(text):
        if not text[m.start() - 1:m.start()].isspace():
            continue  # "11/03/2019": a numeric date's year, after no word
        words = text[max(0, m.start() - 24):m.start()].lower().replace(",", " ").replace(".", " ").split()
        if words and words[-1] in ("de", "del"):
            words.pop()
        if words and words[-1] in FOREIGN_MONTHS:
            return True
    return False


_DATE_RANGE = re.compile(
    r"(\d(?<![\w/.-]\d)\d?/\d{1,2}/\d{4})\s?[-–]\s?(\d{1,2}/\d{1,2}/\d{4})(?![\w/-])"
)
# "June-September 2021", "03/2023-10/2023": months from .. to, one value.
_MONTH_RANGE = re.compile(rf"(?<!\w)({_MONTH})\s?[-–]\s?({_MONTH}),?\s+(\d{{4}})(?!\w)")
# Two days of one year, the year written once at the end: "February 3 to March 16, 2025", "Feb 3 -
# Mar 16, 2025", "3 February to 16 March 2025". Read apart, the first day had no year and linked
# nothing; as one interval it links to the records of any day inside it (intervals.py).
_RANGE_WORD = r"\s*(?:[-–]|to|through|until|till)\s*"
_DAY_RANGE_MDY = re.compile(rf"(?<!\w)({_MONTH})\s+({_DAY}){_RANGE_WORD}({_MONTH})\s+({_DAY}),?\s+(\d{{4}})(?!\w)")
_DAY_RANGE_DMY = re.compile(rf"(?<!\w)({_DAY})\s+({_MONTH}){_RANGE_WORD}({_DAY})\s+({_MONTH}),?\s+(\d{{4}})(?!\w)")
# Days of one month written with the month once: "21–30 May 2025", "March 3-16, 2025",
# "7/9–7/15/2025" (numbers read in the preset's order).
_DAY_SPAN_DMY = re.compile(rf"(?<![\w/.,-])({_DAY})\s?[-–]\s?({_DAY})\s+({_MONTH}),?\s+(\d{{4}})(?!\w)")
_DAY_SPAN_MDY = re.compile(rf"(?<!\w)({_MONTH})\s+({_DAY})\s?[-–]\s?({_DAY}),?\s+(\d{{4}})(?!\w)")
_NUMERIC_DAY_SPAN = re.compile(
    r"(\d(?<![\w/.-]\d)\d?)/(\d{1,2})\s?[-–]\s?(\d{1,2})/(\d{1,2})/(\d{4})(?![\w/-])")
_ISO_DAY = re.compile(r"\d{4}-\d\d-\d\d")
_NUMERIC_MONTH_RANGE = re.compile(r"(\d(?<![\w/.-]\d)\d?)/(\d{4})\s?[-–]\s?(\d{1,2})/(\d{4})(?![\w/-])")
_YEAR_RANGE = re.compile(r"(1(?<![\w/.-]1)9\d\d|2(?<![\w/.-]2)0\d\d)\s?[-–]\s?((?:19|20)\d\d)(?![\w/-])")
# Layouts that need a month name: skipped, with one search, in a text that names none.
_WITH_MONTH_NAME = frozenset({"Mdy", "dMy", "dMy-", "My", "Md", "dM", "M"})
_WITHOUT_MONTH_NAMES = [(p, layout) for p, layout in _DATE_PATTERNS if layout not in _WITH_MONTH_NAME]
_ANY_MONTH_NAME = re.compile(rf"(?<![A-Za-z]){_MONTH}(?![a-z])", re.I)
# The same in the lower-cased text without re.I, twice as quick: a look first (cues.py).
_ANY_MONTH_NAME_LOWER = re.compile(rf"(?<![a-z]){_MONTH.lower()}(?![a-z])")


def names_a_month(text: str) -> bool:
    return may_match(_ANY_MONTH_NAME_LOWER, text.lower()) and _ANY_MONTH_NAME.search(text) is not None


# The first days of a list that shares its month and year with the last: "5 and 19 March 2005",
# "between 2 and 19 September", "March 5 and 19, 2005". Each day is a date of its own, so the
# same day written alone in another document links; the last one is found by the patterns above.
_DAYS_BEFORE_DAY_MONTH = re.compile(
    rf"(?<![\w/.,-])((?:{_DAY}\s*(?:,|and|or|to|&|[-–])\s*)+)(?={_DAY}\s+(?:of\s+)?({_MONTH}),?\s+(\d{{4}})(?!\w))"
)
_MONTH_DAY_BEFORE_DAY = re.compile(
    rf"(?<!\w)({_MONTH})\s+((?:{_DAY}\s*(?:,|and|or|to|&|[-–])\s*)+)({_DAY},?\s+(\d{{4}}))(?!\w)"
)
_LIST_DAY = re.compile(_DAY)
# "born in 1958", "born 1961", "year of birth: 1958", "birth year 1970", "DOB 1966": the year of birth alone.
_BIRTH_YEAR = re.compile(
    r"(?<!\w)(?:born(?:[ \t]+in)?(?:[ \t]+the[ \t]+year)?|(?:year[ \t]+of[ \t]+birth|birth[ \t]*year)[ \t]*:?|(?:dob|d\.o\.b\.?)[ \t]*:?)"
    r"[ \t]+((?:18|19|20)\d\d)(?![\w/-]|\.\d)",
    re.I,
)
# A birth cue a few characters before the date, no sentence's end and no date or year between them
# (the date after "DOB: 04/06/1939\nSeen" is not the birth date; "DOB (age 63): 1961-05-04" is); a
# form's dot leaders ("DOB ........ 04 Jun 1939", each run read whole: possessive, so a failed
# match is not retried over every way of splitting the run) and the cue's own full stops
# ("D.O.B.:") are no sentence's end; "(b." right before the date is a record's "born" ("Keeva
# Lyons (b. 1977-04-12)").
_BIRTH_CONTEXT = re.compile(
    r"(?:\b(?:born|birth|dob|birthday)\b|\bd\.o\.b\.?)(?:[^.\d]|\.{2,}+|\d{1,3}+(?![\d/.-])){0,25}\Z|\([ \t]*b\.[ \t]*\Z",
    re.I)
# The same words in German, French, Dutch, Spanish, Italian and Portuguese records, looked for
# only in a text that has one of their stems (most texts have none).
_FOREIGN_BIRTH_CONTEXT = re.compile(
    # ("née" alone is an English maiden name: French says "née le", "né à")
    r"\b(?:geboren|geburtsdatum|geburtstag|née?[ \t]+(?:le|à|en|au)|naissance|geboortedatum|nacid[oa]|nacimiento|"
    r"nascita|nascimento)\b[^.]{0,25}$", re.I)
_FOREIGN_BIRTH_STEMS = ("gebor", "geburt", "né", "naissance", "geboorte", "nacid", "nacimiento", "nascita", "nascimento")
_WEEKDAY_BEFORE = re.compile(r"(?<![\w-])(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day,?[ \t]+(?:the[ \t]+)?$")
# the two-numbers-and-a-year shapes whose order is in question
_NUMERIC_SHAPES = tuple(pattern for pattern, layout in _DATE_PATTERNS if layout == "mdy")
# A day and a month in digits without a year, only where a word of time says it is a date ("seen
# on 03/22", "due by 4/15"): elsewhere two numbers and a slash are a score, a fraction or a dose
# ("pain 7/10", "3/4 of the days", "24/7").
_CUED_DAY_MONTH = re.compile(
    r"(?<![\w-])(?<!acuity[ \t])(?<!rated[ \t])(?<!scored[ \t])(?:on|by|since|until|till|dated|before|after|week[ \t]+of|"
    # a day of the week before it: "Tues 4/9", "Fri. 11/22"
    r"(?-i:Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun)\.?)[ \t]+"
    r"(\d{1,2})/(\d{1,2})(?![\w/-]|[.,]\d|[ \t]*(?:of|days?|weeks?|months?|years?|hours?|times|doses?|patients?|cases?|"
    r"mg|mcg|µg|ml|g|kg|mmhg|units?|scale|acres?|stars?|points?|score)\b)", re.I)
# A day and a month in two digits each, zero-padded as only a date is ("filed 06/19", "Biopsy
# 11/03:", a log's "21/09  Amoxicillin ..."): no word of time needed. What else is written so is no valid
# date (a blood pressure "70/40", a test score "27/30", weeks of pregnancy "37/40") or follows
# a measure's name ("BP 12/08", "MoCA 14/30", "IOP 11/12", "pain 10/10").
_PADDED_DAY_MONTH = re.compile(
    r"(\d(?<![\w/.:,-]\d)\d)/(\d{2})(?![\w/-]|[.,]\d|[ \t]*(?:of|days?|weeks?|months?|years?|hours?|times|doses?|"
    r"patients?|cases?|sites?|teeth|mg|mcg|µg|ml|g|kg|mmhg|units?|scale|acres?|stars?|points?|score)\b)", re.I)
_MEASURE_BEFORE = re.compile(
    r"(?i:\b(?:bp|b/p|blood[ \t]+pressure|moca|mmse|iop|va|acuity|vision|pain|score[sd]?|rated|grade|ygtss|"
    r"phq-?9|gad-?7|pcl-?5|ratio|power|strength|[a-z]{2,6}[ \t]+total))[ \t:=]*$")


def order_evidence(text: str) -> str | None:
    """The one order a text's numeric dates allow ("DMY" or "MDY"), None without evidence or
    with evidence both ways."""
    seen = {date_order_evidence(int(m.group(1)), int(m.group(2)))
            for shape in _NUMERIC_SHAPES for m in shape.finditer(text)}
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
            seen = {order_evidence(t) for t in texts if any(shape.search(t) for shape in _NUMERIC_SHAPES)}
            seen.discard(None)
            self.corpus_order = seen.pop() if len(seen) == 1 else None

    def order_for(self, text: str) -> str:
        if self.order != "auto":
            return self.order
        return order_evidence(text) or self.corpus_order or "auto"


@register("date_range", "EVENT_DATE")
class DateRange(_Dated):
    """"10/15/2023-11/03/2023", "June-September 2021": one value, an ISO interval."""

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
        for m in _NUMERIC_DAY_SPAN.finditer(text):
            order = order or self.order_for(text)
            a1, a2, b1, b2, year = m.groups()
            first, last = normalize_date((a1, a2, year), "mdy", order), normalize_date((b1, b2, year), "mdy", order)
            if first and last and not (_ISO_DAY.fullmatch(first) and _ISO_DAY.fullmatch(last) and first < last):
                # days the order leaves ambiguous ("7/9-7/15/2025" where a record may be day-first),
                # or that make no interval: each day on its own, as the date recognizer gives it
                split = m.group(0).index(b1, len(a1) + len(a2) + 1)
                yield self.span(m.start(), m.start() + m.group(0).rindex(a2, 0, split) + len(a2), "EVENT_DATE", first)
                yield self.span(m.start() + split, m.end(), "EVENT_DATE", last)
                continue
            yield from self._days(m, first, last)
        if names_a_month(text):
            for m in _DAY_SPAN_DMY.finditer(text):
                first, last, month, year = m.groups()
                yield from self._days(m, normalize_date((first, month, year), "dMy"),
                                      normalize_date((last, month, year), "dMy"))
            for m in _DAY_SPAN_MDY.finditer(text):
                month, first, last, year = m.groups()
                yield from self._days(m, normalize_date((month, first, year), "Mdy"),
                                      normalize_date((month, last, year), "Mdy"))
            for pattern, layout in ((_DAY_RANGE_MDY, "Mdy"), (_DAY_RANGE_DMY, "dMy")):
                for m in pattern.finditer(text):
                    a1, a2, b1, b2, year = m.groups()
                    last = normalize_date((b1, b2, year), layout)
                    first = normalize_date((a1, a2, year), layout)
                    if first and last and first[5:7] > last[5:7]:  # "December 20 to January 5, 2025"
                        first = normalize_date((a1, a2, str(int(year) - 1)), layout)
                    if first and last and first < last:
                        yield self.span(m.start(), m.end(), "EVENT_DATE", f"{first}/{last}")

    def _days(self, m: re.Match[str], first: str | None, last: str | None):
        # both ends full ISO days (an ambiguous "3/11" is kept as written by the date recognizer)
        if first and last and _ISO_DAY.fullmatch(first) and _ISO_DAY.fullmatch(last) and first < last:
            yield self.span(m.start(), m.end(), "EVENT_DATE", f"{first}/{last}")

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
        month_names = names_a_month(text)
        if month_names:  # first, so a listed day's dated span beats the same span read without a year
            yield from self._listed_days(text)
        for m in _BIRTH_YEAR.finditer(text):
            yield self.span(m.start(1), m.end(1), "BIRTHDATE", m.group(1), 0.6)
        if "/" in text:
            yield from self._cued_days(text)
        patterns = _DATE_PATTERNS if month_names else _WITHOUT_MONTH_NAMES
        if names_a_foreign_month(text):
            patterns = patterns + _FOREIGN_DATE_PATTERNS
        foreign_birth = has_any(text.lower(), _FOREIGN_BIRTH_STEMS)
        for pattern, layout in patterns:
            for m in pattern.finditer(text):
                if layout == "mdy":
                    order = order or self.order_for(text)
                if layout == "dMy-":  # the mark between the parts is a group of its own
                    normalized = normalize_date((m.group(1), m.group(3), m.group(4)), "dMy")
                else:
                    normalized = normalize_date(m.groups(), layout, order or self.order)
                if normalized is None:
                    continue
                if layout == "my" and LEGISLATION_BEFORE.search(text, max(0, m.start() - 40), m.start()):
                    continue  # "Law no. 10/2001": the law's number, not October 2001
                if layout == "M":  # the month is the value and the span; the word before it stays
                    yield self.span(m.start(1), m.end(1), "EVENT_DATE", normalized, 0.35)
                    continue
                before = text[max(0, m.start() - 40):m.start()]
                # "Monday, October 3, 2018": the day of the week is masked with its date
                weekday = _WEEKDAY_BEFORE.search(before) if "day" in before else None
                start = m.start() - (len(before) - weekday.start()) if weekday else m.start()
                if len(normalized) == 10 and (_BIRTH_CONTEXT.search(before)
                                              or foreign_birth and _FOREIGN_BIRTH_CONTEXT.search(before)):
                    yield self.span(start, m.end(), "BIRTHDATE", normalized)
                else:
                    relevance = self.ctx.base("EVENT_DATE") if len(normalized) == 10 else 0.35
                    yield self.span(start, m.end(), "EVENT_DATE", normalized, relevance)

    def _cued_days(self, text: str):
        """"on 03/22", "filed 06/19": a day in digits without a year, read in the document's order."""
        order = None
        cued: set[int] = set()
        for m in _CUED_DAY_MONTH.finditer(text):
            if m.group(1, 2) == ("24", "7"):
                continue  # "24/7": around the clock
            order = order or self.order_for(text)  # once per text: it reads the whole text
            normalized = normalize_date(m.groups(), "md", order)
            if normalized:
                cued.add(m.start(1))
                yield self.span(m.start(1), m.end(2), "EVENT_DATE", normalized, 0.35)
        for m in _PADDED_DAY_MONTH.finditer(text):
            if m.start(1) in cued or _MEASURE_BEFORE.search(text, max(0, m.start() - 24), m.start()):
                continue
            order = order or self.order_for(text)
            normalized = normalize_date(m.groups(), "md", order)
            if normalized:
                yield self.span(m.start(1), m.end(2), "EVENT_DATE", normalized, 0.35)

    def _listed_days(self, text: str):
        """The days listed before the last day of "5 and 19 March 2005" or "March 5 and 19, 2005",
        each dated with the month and year that follow."""
        for m in _DAYS_BEFORE_DAY_MONTH.finditer(text):
            for day in _LIST_DAY.finditer(text, m.start(1), m.end(1)):
                normalized = normalize_date((day.group(0), m.group(2), m.group(3)), "dMy")
                if normalized:
                    yield self.span(day.start(), day.end(), "EVENT_DATE", normalized, self.ctx.base("EVENT_DATE"))
        for m in _MONTH_DAY_BEFORE_DAY.finditer(text):
            days = [(d.start(), d.end(), d.group(0)) for d in _LIST_DAY.finditer(text, m.start(2), m.end(2))]
            days.append((m.start(3), m.end(3), _LIST_DAY.match(m.group(3)).group(0)))  # "19, 2005"
            for i, (start, end, day) in enumerate(days):
                normalized = normalize_date((m.group(1), day, m.group(4)), "Mdy")
                if normalized:  # the first day keeps its month: "March 5"
                    start = m.start(1) if i == 0 else start
                    yield self.span(start, end, "EVENT_DATE", normalized, self.ctx.base("EVENT_DATE"))


# A year on its own after a word of time, or a part of a year: "in 1993", "since 2001", "the
# summer of 2003", "early 2004". Not the year of a law ("the Law of 1991", "the 1961 Act"), which
# is a reference, not a fact about a person.
_YEAR = r"(?:19|20)\d\d"
_PART_OF_YEAR = re.compile(
    rf"(?<![\w-])(?:(?:early|late|mid-?|the[ \t]+(?:summer|autumn|fall|winter|spring|end|beginning|middle)[ \t]+of|"
    rf"(?:summer|autumn|fall|winter|spring)(?:[ \t]+of)?)[ \t]*)({_YEAR})(?![\w/-]|\.\d)",
    re.I,
)
# A part of a month: "mid-October", "early August 2025", "late March" (with a year, its month;
# without, the part and the month as written, as a record says it).
_PART_OF_MONTH = re.compile(
    rf"(?<![\w-])(?i:(early|mid|late|end[ \t]+of|beginning[ \t]+of))[- \t]?({_MONTH})(?:,?[ \t]+({_YEAR}))?(?![\w-])")
_MAY_AS_VERB = re.compile(r"may$")  # "late may" is not a month written in lower case
_NAME_AFTER = re.compile(r"[ \t]+[A-Z][a-z]")
_CUED_YEAR = re.compile(rf"(?<![\w-])(?:in|since|until|till|from|to|between|during|before|after|by|of)[ \t]+({_YEAR})(?![\w/-]|\.\d|[ \t]*[-–][ \t]*\d)", re.I)
_LAW_BEFORE = re.compile(
    r"\b(?:Act|Law|Code|Convention|Decree|Regulations?|Constitution|Protocol|Ordinance|Resolution|Directive|Statute|"
    r"Rules|Order)\b(?:[ \t]+(?:no\.?|nr\.?)[ \t]*[\w/-]+)?[ \t]+(?:of|from)[ \t]*$"
)
_LAW_AFTER = re.compile(r"[ \t]+(?:Act|Law|Code|Convention|Decree|Regulations?|Constitution|Protocol)\b")


@register("year", "EVENT_DATE")
class Year(Base):
    """A year of an event, after "in", "since", "until", ... or as a season: weak evidence."""

    def find(self, text: str):
        for m in _PART_OF_YEAR.finditer(text):
            yield self.span(m.start(), m.end(), "EVENT_DATE", m.group(1), 0.3)
        for m in _CUED_YEAR.finditer(text):
            if _LAW_BEFORE.search(text, max(0, m.start() - 40), m.start(1)) or _LAW_AFTER.match(text, m.end(1)):
                continue
            yield self.span(m.start(1), m.end(1), "EVENT_DATE", m.group(1), 0.3)


_PART_WORDS = ("early", "mid", "late", "end of", "beginning of", "middle of", "summer", "autumn", "fall", "winter", "spring")


@register("part_of_period", "EVENT_DATE")
class PartOfPeriod(Base):
    """A part of a month or a year: "mid-October", "early August 2025", "late 2024" (not a year
    alone after "in": that is the legal preset's `year`)."""

    def find(self, text: str):
        lower = text.lower()
        if not any(word in lower for word in _PART_WORDS):
            return  # substring tests first: most texts name no part of a period
        for m in _PART_OF_YEAR.finditer(text):
            yield self.span(m.start(), m.end(), "EVENT_DATE", m.group(1), 0.3)
        for m in _PART_OF_MONTH.finditer(text):
            part, month, year = m.groups()
            if year:
                yield self.span(m.start(), m.end(), "EVENT_DATE", normalize_date((month, year), "My"), 0.35)
            elif not _MAY_AS_VERB.match(month) and not (
                    THE_BEFORE.search(text, max(0, m.start() - 6), m.start()) and _NAME_AFTER.match(text, m.end())):
                # "the estate of the late June Harris": a person who died, not a part of June
                yield self.span(m.start(), m.end(), "EVENT_DATE", f"{' '.join(part.lower().split())} {month.lower()}", 0.3)


# How long something lasted in a person's story: "held for eleven days", "sentenced to twelve
# years and six months", "three to five days", "for 48 hours"; and a decade ("the 1980s"). The
# benchmark for court decisions annotates both as dates and times. Value: the amount in digits.
_UNIT_OF_TIME = r"(?:hours?|days?|weeks?|months?|years?)"
_DURATION = re.compile(
    rf"(?<![\w-])((?i:{NUMBER})(?:[ \t](?:to|or)[ \t](?i:{NUMBER}))?[ \t](?i:{_UNIT_OF_TIME})"
    rf"(?:,?[ \t]and[ \t](?i:{NUMBER})[ \t](?i:{_UNIT_OF_TIME}))?)(?![\w-])")
_DECADE = re.compile(r"(?<![\w-])((?:1[89]|20)\d0s)(?![\w-])")
# What makes a span of time no fact of the story: a rule's or a law's period ("within three
# months", "up to five years' imprisonment" is a penalty the law sets), an age ("two years old").
_NOT_A_STORY_BEFORE = re.compile(
    r"(?i:within|up[ \t]to|at[ \t]least|at[ \t]most|no[ \t]later[ \t]than|every|per|(?:no[ \t])?more[ \t]than|"
    r"less[ \t]than|over|exceeding|maximum(?:[ \t]period)?(?:[ \t]of)?|minimum(?:[ \t]period)?(?:[ \t]of)?|"
    r"(?:time-?|statutory[ \t])?limit(?:ation[ \t]period)?[ \t]of|period[ \t]of|term[ \t]of|aged?|age[ \t]of|"
    r"then[ \t]aged)[ \t]+$")
# A term a court gives ("sentenced to three years") is the penalty recognizer's.
_SENTENCE_BEFORE = re.compile(r"(?i:sentenced|sentences?|term|imprisonment|penalty)[^.;\d]{0,12}$")
_NOT_A_STORY_AFTER = re.compile(
    r"(?i:[ \t]*(?:old|of[ \t]age|['’]s?[ \t]+(?:imprisonment|time|experience|wages?|salary|pay|notice)|ago))")


def _in_digits(phrase: str) -> str:
    """"twelve years and six months" -> "12 years and 6 months"; "twenty-two" -> "22"."""
    return " ".join(str(n) if (n := number_value(w)) is not None else w for w in phrase.lower().split())


@register("duration", "EVENT_DATE")
class Duration(Base):
    """A duration in a person's story, or a decade (weak evidence)."""

    def find(self, text: str):
        for m in _DURATION.finditer(text):
            before = text[max(0, m.start() - 40):m.start()]
            if _NOT_A_STORY_BEFORE.search(before) or _SENTENCE_BEFORE.search(before) or _NOT_A_STORY_AFTER.match(text, m.end()):
                continue
            if m.group(1).lower() == "one day":
                continue  # "One day in May": a way of telling, not a span of time
            yield self.span(m.start(1), m.end(1), "EVENT_DATE", _in_digits(m.group(1)), 0.25)
        for m in _DECADE.finditer(text):
            yield self.span(m.start(1), m.end(1), "EVENT_DATE", m.group(1), 0.25)


# A time of day: "at 9.30 a.m.", "3 a.m.", "9:48 AM", "at 22.15". Value: 24-hour HH:MM.
_TIME = re.compile(
    r"(?<![\w.:])(?:(?P<h>[01]?\d|2[0-3])(?:[.:](?P<m>[0-5]\d))?[ \t]?(?P<ampm>[ap]\.?[ \t]?m\b\.?)"
    r"|(?<=at[ \t])(?P<h24>[01]?\d|2[0-3])[.:](?P<m24>[0-5]\d)(?![\w.:]|\.\d))",
    re.I,
)


@register("time", "TIME")
class TimeOfDay(Base):
    """A time of day with a.m./p.m., or after "at" in 24-hour form."""

    def find(self, text: str):
        for m in _TIME.finditer(text):
            if m.group("ampm"):
                if int(m.group("h")) > 12:
                    continue  # "15 pm" is no time
                hour = int(m.group("h")) % 12 + (12 if m.group("ampm").lower().startswith("p") else 0)
                minute = m.group("m") or "00"
            else:
                hour, minute = int(m.group("h24")), m.group("m24")
            yield self.span(m.start(), m.end(), "TIME", f"{hour:02d}:{minute}", 0.3)
