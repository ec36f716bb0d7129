"""Nationalities and job titles: quasi-identifiers of legal and HR documents.

"a Polish national", "of Turkish nationality"; "Senior Payroll Officer", "Head of Finance",
"software engineer". Word lists: sanon_graph/data/nationalities.txt, job_titles.txt.
"""

from __future__ import annotations

import re

from ...normalize import fold
from .base import Base, register
from .gazetteers import data_terms
from .words import first_words, ngrams

NATIONALITIES = data_terms("nationalities.txt")
JOB_TITLE_HEADS = data_terms("job_titles.txt")
_HEADS = "|".join(sorted(JOB_TITLE_HEADS, key=len, reverse=True))
_TITLE_WORD = r"(?:[A-Z][a-z]+|[A-Z]{2,4}|[a-z]+)"
_JOB_TITLE = re.compile(
    rf"(?<![\w-])(?:(?:Senior|Junior|Chief|Deputy|Assistant|Associate|Principal|Lead|Head)[ \t])?"
    rf"(?:{_TITLE_WORD}[ \t]){{0,2}}(?i:{_HEADS})(?:[ \t]of[ \t][A-Z][a-z]+(?:[ \t](?:and|&)[ \t][A-Z][a-z]+)?)?(?![\w-])"
    rf"|(?<![\w-])Head[ \t]of[ \t][A-Z][a-z]+(?:[ \t](?:and|&)[ \t][A-Z][a-z]+)?(?![\w-])"
)
_NOT_TITLE_START = {"the", "a", "an", "our", "their", "his", "her", "its", "as", "is", "was", "and", "or", "of", "to",
                    "by", "with", "for", "from", "in", "on", "at", "new", "former", "current", "acting", "who", "which"}


@register("nationality", "NATIONALITY")
class Nationality(Base):
    """A capitalised nationality adjective: "a Polish national", "Dutch"."""

    def find(self, text: str):
        for start, end, phrase in ngrams(text, 2, capitalised=True, starts=first_words(NATIONALITIES)):
            if phrase in NATIONALITIES:
                yield self.span(start, end, "NATIONALITY", phrase)


@register("job_title", "ROLE")
class JobTitle(Base):
    """A job title ending in a role head word, with up to two modifiers."""

    def find(self, text: str):
        for m in _JOB_TITLE.finditer(text):
            words = m.group(0).split()
            start = m.start()
            while len(words) > 1 and words[0].lower() in _NOT_TITLE_START:
                start = text.index(words[1], start + len(words[0]))
                words = words[1:]
            if len(words) < 2:
                continue  # a bare "manager" or "Officer" says little about who it is
            yield self.span(start, m.end(), "ROLE", fold(" ".join(words)))
