"""Group membership and occupation: sex, ethnicity, marital status; jobs and employers."""

from __future__ import annotations

import re

from ...normalize import fold
from .base import Base, register
from .gazetteers import data_terms
from .words import MODIFIER_NOISE

_DEMOGRAPHIC = re.compile(
    r"(?<!\w)(male|female|man|woman|non-binary|nonbinary|transgender|hispanic|latino|latina|"
    r"african[\s-]american|asian[\s-]american|caucasian|native\s+american|pacific\s+islander|"
    r"married|divorced|widowed|widow|widower|single\s+(?:mother|father|parent)|pregnant|"
    r"retiree|retired|unemployed|disabled)(?!\w)",
    re.I,
)
_DEMOGRAPHIC_CANON = {"man": "male", "woman": "female", "nonbinary": "non-binary", "widow": "widowed", "widower": "widowed"}
_OCCUPATIONS = "|".join(
    re.escape(o).replace(r"\ ", r"\s+") for o in sorted(data_terms("occupations.txt"), key=len, reverse=True))
_OCCUPATION_PREFIX = (r"(?P<prefix>(?:retired|former|professional|local|veteran|union|licensed|certified|self-employed|freelance|"
                      r"part-time|full-time|seasonal|apprentice|journeyman)\s+)?")
# "factory worker", "machine operator": a head that is an occupation whatever its modifier.
# Technicians and attendants are left out (in health records: the lab's, the ward's staff),
# as are the staff roles of these documents ("social worker", "case worker").
_COMPOUND_HEADS = ("worker", "laborer", "labourer", "operator", "mechanic", "assembler", "installer")
_COMPOUND_HEAD = f"(?:{'|'.join(_COMPOUND_HEADS)})"
_STAFF_MODIFIERS = {"social", "case", "care", "health", "healthcare", "support", "outreach", "claims", "co"}
# Cheap tests before the pattern, which tries a hundred words at every position: a text with
# none of the occupations' words and none of the heads cannot match.
_OCCUPATION_WORDS = frozenset(w for o in data_terms("occupations.txt") for w in o.split())
_WORD = re.compile(r"[a-z']+")
_INDIRECT = re.compile(
    rf"(?<![\w-])({_OCCUPATION_PREFIX}"
    rf"(?:{_OCCUPATIONS}|(?P<modifier>[A-Za-z][a-z]+|[A-Z]{{2,5}})\s+{_COMPOUND_HEAD}))(?![\w-])",
    re.I,
)
# "a lawyer practising in Istanbul", "counsel acting for": the profession of whoever represents
# a party, not a fact about the party.
_REPRESENTING = re.compile(r"[ \t]+(?:practi[sc]ing|acting[ \t]+for|representing)\b", re.I)
# "the applicant, a lawyer,", "she is a judge", "worked as a lawyer": what someone is, where "the
# judge", "the applicant's lawyer", "access to a lawyer" and "brought before a judge" name a role
# of the proceedings. An apposition or a verb of being before the article, one adjective between.
_SAYS_WHAT_SOMEONE_IS = re.compile(
    r"(?:,|(?<![\w'’])(?:is|was|are|were|be|been|became|become|as))[ \t]+an?[ \t]+(?:[a-z-]+[ \t]+)?$", re.I)
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
    """An occupation that narrows down who someone is: "retired firefighter", "airline pilot",
    "factory worker" (sanon_graph/data/occupations.txt and worker-like heads)."""

    def __init__(self, ctx):
        super().__init__(ctx)
        self._ignored = frozenset(fold(w) for w in ctx.settings.occupation_ignore)

    def find(self, text: str):
        lower = text.lower()
        if not any(h in lower for h in _COMPOUND_HEADS) and _OCCUPATION_WORDS.isdisjoint(_WORD.findall(lower)):
            return
        for m in _INDIRECT.finditer(text):
            modifier = m.group("modifier")
            if modifier and (modifier.lower() in _STAFF_MODIFIERS or modifier.lower() in MODIFIER_NOISE):
                continue  # "the worker", "a social worker"
            if _REPRESENTING.match(text, m.end(1)):
                continue  # "a lawyer practising in Gdańsk": the representative's profession
            # The value without "retired"/"former" (the span keeps it): one occupation in two
            # records, qualified in one, is one value.
            prefix = m.group("prefix") or ""
            value = fold(m.group(1)[len(prefix):])
            if value in self._ignored and not _SAYS_WHAT_SOMEONE_IS.search(text, max(0, m.start(1) - 40), m.start(1)):
                continue  # "the trial judge": a role of the proceedings (the preset's occupation_ignore)
            yield self.span(m.start(1), m.end(1), "INDIRECT_IDENTIFIER", value)


@register("employer", "INDIRECT_IDENTIFIER")
class Employer(Base):
    """The employer after "employee of", "works at"."""

    def find(self, text: str):
        for m in _INDIRECT_EMPLOYER.finditer(text):
            employer = m.group(1).strip()
            start = m.start(1)
            yield self.span(start, start + len(employer), "INDIRECT_IDENTIFIER", fold(employer))
