"""Interval-valued quasi-identifiers: a value links to the ranges that contain it.

String matching cannot see that a "58-year-old" is one of the respondents "aged 55-65", or
that "August 2021" falls in "Q3 2021"; an attacker who holds both documents sees it at once.
This pass reads the normalised values of ages and dates as intervals (years of age, days)
and gives every document with a value inside a narrower-than-limit range a *compatible*
finding of that range: same entity, the document's own words as its original value. So the
range becomes an ordinary shared entity of both documents, and uniqueness, links, chains,
selection and redaction treat it like any other (masking the range in the document that
only implies it masks the implying words, so the masked corpus cannot be re-linked).

Only bounded ranges count: a range wider than the type's limit ("50+", "2019-2023")
contains too much to single anyone out, and its uniqueness would be low anyway.
"""

from __future__ import annotations

import bisect
import re
from collections import defaultdict
from datetime import date, timedelta

from ..models import ExtractedEntity

Findings = dict[str, list[ExtractedEntity]]
Interval = tuple[int, int]  # inclusive bounds

# type -> widest range (in the type's unit) that still links: 20 years of age, one quarter.
DEFAULT_LIMITS = {"AGE": 20, "EVENT_DATE": 92}

_AGE_POINT = re.compile(r"\d{1,3}")
_AGE_RANGE = re.compile(r"(\d{1,3})-(\d{1,3})")
_AGE_DECADE = re.compile(r"(\d)0s")
_DAY = re.compile(r"(\d{4})-(\d{2})-(\d{2})")
_MONTH = re.compile(r"(\d{4})-(\d{2})")
_QUARTER = re.compile(r"(\d{4})-Q([1-4])")


def age_interval(value: str) -> Interval | None:
    """ "58" -> (58, 58), "55-65" -> (55, 65), "50s" -> (50, 59); anything else None."""
    if _AGE_POINT.fullmatch(value):
        return int(value), int(value)
    if m := _AGE_RANGE.fullmatch(value):
        lo, hi = int(m.group(1)), int(m.group(2))
        return (lo, hi) if lo <= hi else None
    if m := _AGE_DECADE.fullmatch(value):
        return int(m.group(1)) * 10, int(m.group(1)) * 10 + 9
    return None


def _day(value: str) -> date | None:
    if m := _DAY.fullmatch(value):
        try:
            return date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        except ValueError:
            return None
    return None


def _month_end(year: int, month: int) -> date:
    return date(year + month // 12, month % 12 + 1, 1) - timedelta(days=1)


def date_interval(value: str) -> Interval | None:
    """The days an ISO value covers, as ordinals: a day, a month ("2023-07"), a quarter
    ("2023-Q3") or an explicit range of days or months ("2023-10-15/2023-11-03", "2024-02/2024-03");
    anything else None."""
    try:
        if day := _day(value):
            return day.toordinal(), day.toordinal()
        if m := _MONTH.fullmatch(value):
            year, month = int(m.group(1)), int(m.group(2))
            return date(year, month, 1).toordinal(), _month_end(year, month).toordinal()
        if m := _QUARTER.fullmatch(value):
            year, first = int(m.group(1)), 3 * int(m.group(2)) - 2
            return date(year, first, 1).toordinal(), _month_end(year, first + 2).toordinal()
    except ValueError:
        return None
    start, sep, end = value.partition("/")
    if sep and (a := _day(start)) and (b := _day(end)) and a <= b:
        return a.toordinal(), b.toordinal()
    if sep and (a_month := _MONTH.fullmatch(start)) and (b_month := _MONTH.fullmatch(end)):  # "2024-02/2024-03"
        try:
            first = date(int(a_month.group(1)), int(a_month.group(2)), 1)
            last = _month_end(int(b_month.group(1)), int(b_month.group(2)))
        except ValueError:
            return None
        return (first.toordinal(), last.toordinal()) if first <= last else None
    return None


PARSERS = {"AGE": age_interval, "EVENT_DATE": date_interval}


def link_contained_values(findings: Findings, limits: dict[str, int] | None = None) -> int:
    """Give every document a compatible finding of each bounded range that strictly contains
    one of its values; returns how many were added.

    The added finding has the range's relevance (how identifying the range is, not the
    narrower value: linking says only "compatible with 55-65"). Cost: one sorted list of
    ranges per type and a binary search per value, so near-linear in the findings.
    """
    limits = DEFAULT_LIMITS if limits is None else limits
    # (type, normalized) -> (interval, best relevance) for every bounded value
    ranges: dict[str, dict[str, tuple[Interval, float]]] = defaultdict(dict)
    for items in findings.values():
        for f in items:
            parse = PARSERS.get(f.type)
            if parse is None or f.type not in limits:
                continue
            interval = parse(f.normalized)
            if interval is None or interval[1] - interval[0] > limits[f.type]:
                continue
            held = ranges[f.type].get(f.normalized)
            ranges[f.type][f.normalized] = (interval, max(f.relevance, held[1] if held else 0.0))
    # per type: ranges (wider than a point) sorted by their start, for the containment search
    by_start = {
        t: sorted((iv[0], iv[1], value, rel) for value, (iv, rel) in values.items() if iv[1] > iv[0])
        for t, values in ranges.items()
    }
    starts = {t: [r[0] for r in rs] for t, rs in by_start.items()}
    added = 0
    for doc_id, items in findings.items():
        present = {(f.normalized, f.type) for f in items}
        new: list[ExtractedEntity] = []
        for f in items:
            candidates = by_start.get(f.type)
            if not candidates or f.normalized not in ranges[f.type]:
                continue
            lo, hi = ranges[f.type][f.normalized][0]
            # a containing range starts at or before lo and no earlier than hi - limit
            first = bisect.bisect_left(starts[f.type], hi - limits[f.type])
            last = bisect.bisect_right(starts[f.type], lo)
            containing = [r for r in candidates[first:last] if r[0] <= lo and hi <= r[1] and (r[0], r[1]) != (lo, hi)]
            if not containing:
                continue
            # Only the narrowest: "48" inside 40-50, 40-55 and 45-65 is one fact, and three
            # shared ranges would count it three times in every link it makes.
            r_lo, r_hi, value, relevance = min(containing, key=lambda r: (r[1] - r[0], r[0], r[2]))
            if (value, f.type) not in present:
                present.add((value, f.type))
                new.append(ExtractedEntity(f.original, value, f.type, relevance))
        if new:
            findings[doc_id] = items + new
            added += len(new)
    return added
