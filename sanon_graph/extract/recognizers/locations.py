"""Places: "Denver, CO", the names of cities, states and countries, and named areas ("Jackson
County", "the Granite Falls area", "the Pacific Northwest")."""

from __future__ import annotations

import re

from ...normalize import fold
from .base import Base, register
from .words import LEADING_NOISE, MODIFIER_NOISE, STOP_CAPITALS, UPPER, ngrams

US_STATE_CODES = frozenset(
    "AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH "
    "OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC".split()
)
_CITY_STATE = re.compile(r"(?<![\w-])([A-Z][a-z]+(?:\s[A-Z][a-z]+){0,2}),\s([A-Z]{2})(?![\w-])")


@register("city_state", "LOCATION")
class CityState(Base):
    def find(self, text: str):
        for m in _CITY_STATE.finditer(text):
            if m.group(2) in US_STATE_CODES and m.group(1).lower() not in STOP_CAPITALS:
                yield self.span(m.start(), m.end(), "LOCATION", fold(m.group(0)), 0.55)


@register("place", "LOCATION")
class Place(Base):
    """Capitalised phrases of up to three words that name a city, state or country."""

    def find(self, text: str):
        places = self.gaz.places
        for start, end, phrase in ngrams(text, 3, capitalised=True):
            if phrase in places:
                yield self.span(start, end, "LOCATION", phrase)


# A capitalised name and a word for an area: "Jackson County" and "Napa Valley" are names as
# written; "the Granite Falls area" is the place "Granite Falls" (the span keeps "area").
_AREA = re.compile(
    r"(?<![\w-])((?:[A-Z][a-z]+[ \t]){0,2}[A-Z][a-z]+)[ \t](?:(County|Parish|Valley|Township)|(area|region|metro area|district))(?![\w-])")
# "the village of Starye Atagi", "the town of Dobrich": a kind of settlement or area and its
# name; the value is the name ("starye atagi"), as in a text that names it without the kind.
_KIND_OF_PLACE = re.compile(
    rf"(?<![\w-])(?:village|town|city|hamlet|settlement|district|region|province|municipality|county|commune)[ \t]+of[ \t]+"
    rf"((?:{UPPER}[\w'’-]*)(?:[ \t]{UPPER}[\w'’-]*){{0,2}})(?![\w-])"
)
# The regions of the US (general geography): broad, so weak evidence.
_REGIONS = re.compile(
    r"(?<![\w-])((?:Pacific|Upper|Lower)[ \t]Northwest|(?:Upper[ \t])?Midwest|Northeast|Southeast|Southwest|"
    r"Northwest|Mountain[ \t]West|New[ \t]England|Mid-Atlantic|Gulf[ \t]Coast|Great[ \t]Plains|Appalachia|"
    r"Deep[ \t]South|Rust[ \t]Belt|Sun[ \t]Belt|Bay[ \t]Area|Tri-State[ \t]area)(?![\w-])")


@register("named_area", "LOCATION")
class NamedArea(Base):
    def find(self, text: str):
        for m in _AREA.finditer(text):
            words = m.group(1).split()
            while words and (words[0].lower() in LEADING_NOISE or words[0].lower() in STOP_CAPITALS):
                words = words[1:]  # "The Jackson County" -> "Jackson County"; "Service area" -> nothing
            if not words or any(w.lower() in MODIFIER_NOISE for w in words):
                continue
            start = m.end(1) - len(" ".join(words))
            if m.group(2):
                yield self.span(start, m.end(), "LOCATION", fold(" ".join(words) + " " + m.group(2)), 0.55)
            else:
                yield self.span(start, m.end(), "LOCATION", fold(" ".join(words)), 0.55)
        for m in _KIND_OF_PLACE.finditer(text):
            words = m.group(1).split()
            while words and words[-1].lower() in STOP_CAPITALS:
                words = words[:-1]
            if words:
                name = " ".join(words)
                yield self.span(m.start(), m.start(1) + len(name), "LOCATION", fold(name), 0.55)
        for m in _REGIONS.finditer(text):
            yield self.span(m.start(1), m.end(1), "LOCATION", fold(m.group(1)), 0.3)
