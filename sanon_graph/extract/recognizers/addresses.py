"""Street addresses."""

from __future__ import annotations

import re

from .base import Base, register

_STREET = (
    r"(?:Street|St|Avenue|Ave|Road|Rd|Lane|Ln|Boulevard|Blvd|Drive|Dr|Court|Ct|Way|Place|Pl|"
    r"Terrace|Ter|Circle|Cir|Parkway|Pkwy|Highway|Hwy|Square|Sq|Trail|Row|Crescent)"
)
_ADDRESS = re.compile(
    rf"(?<!\w)\d{{1,6}}\s+(?:[NSEW]\.?\s+)?(?:[A-Z][A-Za-z'-]+\s+){{1,3}}{_STREET}\.?"
    r"(?:,?\s+(?:Apt|Apartment|Suite|Ste|Unit|#)\.?\s*[A-Za-z0-9-]+)?(?!\w)"
)
_STREET_ABBREV = {
    "st": "street", "ave": "avenue", "rd": "road", "ln": "lane", "blvd": "boulevard",
    "dr": "drive", "ct": "court", "pl": "place", "ter": "terrace", "cir": "circle",
    "pkwy": "parkway", "hwy": "highway", "sq": "square", "apt": "apartment", "ste": "suite",
}


@register("street_address", "ADDRESS")
class StreetAddress(Base):
    """A house number, a street name and its kind: "1234 Elm Street, Apt 5"."""

    def find(self, text: str):
        for m in _ADDRESS.finditer(text):
            end = m.end() - 1 if m.group(0).endswith(".") else m.end()  # "12 Elm Road." ends a sentence
            words = re.findall(r"[A-Za-z0-9]+", m.group(0).lower())
            normalized = " ".join(_STREET_ABBREV.get(w, w) for w in words)
            yield self.span(m.start(), end, "ADDRESS", normalized)


# European shapes: the street before its number ("Keizersgracht 123", "Hauptstraße 5",
# "Via Roma 12"), or the number before a French/Belgian street kind ("22 Rue des Lilas");
# a postcode and town may follow ("1015 CJ Amsterdam", "69003 Lyon", "10117 Berlin").
_STREET_SUFFIX = (
    r"(?:straat|gracht|weg|laan|plein|kade|singel|dijk|steeg|markt|stra(?:ß|ss)e|gasse|allee|platz|ring|damm|"
    r"ufer|vej|gade|gatan|gata|veien|katu)"
)
_TOWN = r"[A-Z][\w'’-]+(?:[ -](?:(?:sur|sous|en|am|an|der|de|aan|den)[ -])?[A-Z][\w'’-]+){0,2}"
_POSTCODE_TOWN = rf"(?:,?[ \t]+(?:\d{{4}}[ \t]?[A-Z]{{2}}|\d{{5}}|\d{{4}}|[A-Z]-\d{{4,5}})[ \t]+{_TOWN})?"
_HOUSE_NUMBER = r"\d{1,5}(?:[ \t]?[a-zA-Z](?![\w]))?(?:-\d{1,4})?"
_EUROPEAN_ADDRESS = re.compile(
    rf"(?<![\w-])(?:"
    rf"(?:[A-Z][\w'’-]*{_STREET_SUFFIX}|(?:Via|Viale|Piazza|Corso|Calle|Avenida|Rua|Plaza|Paseo|Carrer|Ulica|ul\.)"
    rf"[ \t]+(?:(?:de|del|della|di|da|do|dos)[ \t]+)?[A-Z][\w'’-]+(?:[ \t][A-Z][\w'’-]+){{0,2}}),?[ \t]+{_HOUSE_NUMBER}"
    rf"|\d{{1,4}}(?:[ \t]?(?:bis|ter))?,?[ \t]+(?i:rue|avenue|boulevard|bd|place|chemin|all[ée]e|impasse|quai|cours|route|square)"
    rf"[ \t]+(?:(?:de[ \t]la|de[ \t]l['’]|du|des|de|d['’]|la|le|les)[ \t]?)?[A-Z][\w'’-]+(?:[ \t](?:de[ \t]|du[ \t]|des[ \t])?[A-Z][\w'’-]+){{0,2}}"
    rf"){_POSTCODE_TOWN}(?![\w-])"
)


@register("european_address", "ADDRESS")
class EuropeanAddress(Base):
    """"Keizersgracht 123, 1015 CJ Amsterdam", "22 Rue des Lilas, 69003 Lyon", "Via Roma 12"."""

    def find(self, text: str):
        for m in _EUROPEAN_ADDRESS.finditer(text):
            words = re.findall(r"\w+", m.group(0).lower())
            yield self.span(m.start(), m.end(), "ADDRESS", " ".join(words))
