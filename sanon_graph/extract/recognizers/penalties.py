"""Penalties a court imposed: "eight years' imprisonment", "twelve years and six months'
imprisonment", "life imprisonment", "sentenced him to three years", "a two-year suspended
sentence".

A sentence is a fact about one person's case that a newspaper report or a neighbour may know;
two decisions that give the same term to the same kind of offence are likely about the same
person. The value is the term in months and the kind ("96 months imprisonment", "life
imprisonment"), so "8 years' imprisonment" and "eight years' imprisonment" are one value.
"""

from __future__ import annotations

import re

from .base import Base, register
from .words import NUMBER as _NUMBER
from .words import number_value

_UNIT = r"(?:years?|months?|weeks?|days?)"
# "eight years", "12 years and 6 months", "one year, three months and ten days", "two-year"
_TERM = (
    rf"(?:{_NUMBER}|an?)[ \t-]{_UNIT}(?:(?:,[ \t]|[ \t]and[ \t]){_NUMBER}[ \t-]{_UNIT}){{0,2}}"
)
_KIND = (
    r"(?P<kind>imprisonment|prison(?:[ \t]sentence)?|(?:in[ \t])?jail|custody|detention|deprivation[ \t]of[ \t]liberty|"
    r"corrective[ \t]labour|hard[ \t]labour|suspended(?:[ \t](?:prison[ \t])?sentence)?|probation|"
    r"community[ \t]service)"
)
_PENALTY = re.compile(
    rf"(?<![\w-])(?:(?P<life>life[ \t](?:imprisonment|sentence))|(?P<term>{_TERM})['’]?(?:[ \t](?:of|in))?[ \t]{_KIND})(?![\w-])",
    re.I,
)
# "sentenced to three years", "sentenced the applicant to two years and six months"
_SENTENCED_TO = re.compile(
    rf"\bsentenced[ \t]+(?:(?:him|her|them|the[ \t]+applicants?|the[ \t]+accused|[A-Z][\w'’-]+)[ \t]+)?to[ \t]+"
    rf"(?P<term>{_TERM})(?![\w-]|[ \t-]old)",
    re.I,
)
_TERM_PART = re.compile(rf"({_NUMBER}|an?)[ \t-]({_UNIT})", re.I)
_MONTHS = {"year": 12, "month": 1}


def _months(term: str) -> str:
    """"twelve years and six months" -> "150 months"; weeks and days kept as written."""
    months, rest = 0, []
    for m in _TERM_PART.finditer(term):
        count = m.group(1).lower()
        n = 1 if count in ("a", "an") else number_value(count)
        unit = m.group(2).lower().rstrip("s")
        if unit in _MONTHS:
            months += n * _MONTHS[unit]
        else:
            rest.append(f"{n} {unit}s")
    return " ".join(([f"{months} months"] if months else []) + rest)


# The kind of a penalty by the word it starts with; anything else is a prison term.
_KINDS = {"suspended": "suspended", "probation": "probation", "community": "community service",
          "detention": "detention", "corrective": "corrective labour", "hard": "hard labour"}


def _kind(kind: str | None) -> str:
    return _KINDS.get((kind or "imprisonment").split()[0].lower(), "imprisonment")


@register("penalty", "PENALTY")
class Penalty(Base):
    """A prison term or other penalty with its length: one value per term and kind."""

    def find(self, text: str):
        lowered = text.lower()
        if not any(w in lowered for w in ("sentence", "prison", "jail", "detention", "probation", "custody", "labour")):
            return
        for m in _PENALTY.finditer(text):
            if m.group("life"):
                yield self.span(m.start(), m.end(), "PENALTY", "life imprisonment")
            elif length := _months(m.group("term")):
                yield self.span(m.start(), m.end(), "PENALTY", f"{length} {_kind(m.group('kind'))}")
        for m in _SENTENCED_TO.finditer(text):
            if length := _months(m.group("term")):
                yield self.span(m.start("term"), m.end("term"), "PENALTY", f"{length} imprisonment")
