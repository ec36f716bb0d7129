"""E-mail addresses and telephone numbers."""

from __future__ import annotations

import re

from ...normalize import normalize_phone
from .base import Base, register
from .cues import has_any
from .identifiers import SPACED_ID_BEFORE

# Any address shape: dots, plus signs, hyphens, apostrophes and digits in the local part,
# subdomains, hyphens and non-ASCII letters in the domain, any case; a full stop after it ends
# the sentence. A malformed address ("john..doe@") is still someone's address.
_EMAIL = re.compile(
    r"(?<![\w.+'%-])[\w.+'%-]+@[\w-]+(?:\.[\w-]+)+(?![\w-])"
)
_PHONE = re.compile(
    r"(?=[\d(+])(?:"  # a cheap first test: every alternative starts with a digit, "(" or "+"
    # North American: (312) 555-0147, 312-555-0147, +1 312 555 0147
    r"(?<![\w+])(?:\+?1[\s.-]?)?(?:\(\d{3}\)\s?|\d{3}[\s.-])\d{3}[\s.-]\d{4}(?!\w)"
    # International with + or 00: +49 30 12345678, +44 (0)20 7946 0958, 0044 20 7946 0958
    # (one digit per step, so a long digit string parses one way only and fails fast)
    r"|(?<![\w+])(?:\+|00)[1-9](?:[ .-]?\(?\d\)?){7,17}(?![\w-]|[./]\d)"
    # A trunk prefix and pairs after a group, as Belgian, Dutch and Scandinavian numbers are
    # written: 0478 63 20 91, 070-642 17 38
    r"|(?<![\w+(/.-])0\d{1,3}[ .-]\d{2,3}(?:[ .]\d\d){2,3}(?![\w-]|[./]\d)"
    # National with a trunk 0: (020) 7946 0958, 020 7946 0958, 07700 900123, 030 12345678
    r"|(?<![\w+(/.-])(?:\(0\d{1,4}\)|0\d{2,4})[ .-]?\d{3,8}(?:[ .-]\d{3,4})?(?![\w-]|[./]\d)"
    # French and Belgian pairs: 06 12 34 56 78, 01.23.45.67.89
    r"|(?<![\w+(/.-])0[1-9](?:[ .]\d\d){4}(?![\w-]|[./]\d))"
)
_PHONE_GROUPING = re.compile(r"[ .()-]")


@register("email", "EMAIL")
class Email(Base):
    """Any address shape, lower-cased."""

    def find(self, text: str):
        for m in _EMAIL.finditer(text) if has_any(text, ("@",)) else ():
            address = m.group(0).lstrip(".'")  # "(.lead@x.org": the address starts at its first letter
            start = m.end() - len(address)
            yield self.span(start, m.end(), "EMAIL", address.lower())


@register("phone", "PHONE_NUMBER")
class Phone(Base):
    """North American, international (+ or 00) and national (trunk 0) numbers; normalised to
    E.164, national numbers too when the preset's phone regions leave one reading."""

    def __init__(self, ctx):
        super().__init__(ctx)
        self.regions = tuple(ctx.settings.phone_regions)

    def find(self, text: str):
        for m in _PHONE.finditer(text):
            if SPACED_ID_BEFORE.search(text, max(0, m.start() - 40), m.start()):
                continue  # "NHS number 943 476 5919": a person's identifier (identifiers.py)
            number = m.group(0)
            if not number.startswith("+") and not _PHONE_GROUPING.search(number):
                continue  # 0012345678 without spaces or dashes is an account number, not a phone
            normalized = normalize_phone(number, self.regions)
            if normalized is not None:
                yield self.span(m.start(), m.end(), "PHONE_NUMBER", normalized)
