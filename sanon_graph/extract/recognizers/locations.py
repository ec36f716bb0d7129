"""Places: "Denver, CO" and the names of cities, states and countries."""

from __future__ import annotations

import re

from ...normalize import fold
from .base import Base, register
from .words import STOP_CAPITALS, ngrams

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
