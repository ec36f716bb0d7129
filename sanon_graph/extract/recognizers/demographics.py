"""Group membership and occupation: sex, ethnicity, marital status; jobs and employers."""

from __future__ import annotations

import re

from ...normalize import fold
from .base import Base, register

_DEMOGRAPHIC = re.compile(
    r"(?<!\w)(male|female|man|woman|non-binary|nonbinary|transgender|hispanic|latino|latina|"
    r"african[\s-]american|asian[\s-]american|caucasian|native\s+american|pacific\s+islander|"
    r"married|divorced|widowed|widow|widower|single\s+(?:mother|father|parent)|pregnant|"
    r"retiree|retired|unemployed|disabled)(?!\w)",
    re.I,
)
_DEMOGRAPHIC_CANON = {"man": "male", "woman": "female", "nonbinary": "non-binary", "widow": "widowed", "widower": "widowed"}
_INDIRECT = re.compile(
    r"(?<!\w)((?:retired\s+|former\s+|professional\s+|local\s+|veteran\s+)?(?:firefighter|teacher|"
    r"police\s+officer|pilot|airline\s+pilot|farmer|truck\s+driver|construction\s+worker|"
    r"electrician|lawyer|attorney|judge|pastor|priest|rabbi|imam|athlete|marathon\s+runner|"
    r"veteran|army\s+veteran|soldier|marine|professor|surgeon|physician|nurse\s+practitioner|"
    r"ceo|executive|mayor|senator|councillor|councilor|musician|actor|actress|twin|triplets?|"
    r"chef|miner|fisherman|coal\s+miner|flight\s+attendant|school\s+principal))(?!\w)",
    re.I,
)
_INDIRECT_EMPLOYER = re.compile(
    r"(?<!\w)(?:employee|employed|worker|works|working)\s+(?:of|at|for)\s+((?:[A-Z][\w&'-]*\s*){1,4})"
)


@register("demographic", "DEMOGRAPHIC")
class Demographic(Base):
    def find(self, text: str):
        for m in _DEMOGRAPHIC.finditer(text):
            value = fold(m.group(1)).replace("-", " ")
            value = _DEMOGRAPHIC_CANON.get(value, value)
            yield self.span(m.start(1), m.end(1), "DEMOGRAPHIC", value)


@register("occupation", "INDIRECT_IDENTIFIER")
class Occupation(Base):
    """An occupation that narrows down who someone is: "retired firefighter", "airline pilot"."""

    def find(self, text: str):
        for m in _INDIRECT.finditer(text):
            yield self.span(m.start(1), m.end(1), "INDIRECT_IDENTIFIER", fold(m.group(1)))


@register("employer", "INDIRECT_IDENTIFIER")
class Employer(Base):
    """The employer after "employee of", "works at"."""

    def find(self, text: str):
        for m in _INDIRECT_EMPLOYER.finditer(text):
            employer = m.group(1).strip()
            start = m.start(1)
            yield self.span(start, start + len(employer), "INDIRECT_IDENTIFIER", fold(employer))
