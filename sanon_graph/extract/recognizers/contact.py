"""E-mail addresses, a person's pages on social and professional sites, and telephone numbers."""

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
    r"|(?<![\w+/.-])0\d{1,3}[ .-]\d{2,3}(?:[ .]\d\d){2,3}(?![\w-]|[./]\d)"
    # National with a trunk 0: (020) 7946 0958, 020 7946 0958, 07700 900123, 030 12345678
    r"|(?<![\w+/.-])(?:\(0\d{1,4}\)|0\d{2,4})[ .-]?\d{3,8}(?:[ .-]\d{3,4})?(?![\w-]|[./]\d)"
    # French and Belgian pairs: 06 12 34 56 78, 01.23.45.67.89
    r"|(?<![\w+/.-])0[1-9](?:[ .]\d\d){4}(?![\w-]|[./]\d)"
    # a Dutch mobile as it is written: 06-12345678
    r"|(?<![\w+/.-])06-\d{8}(?![\w-]|[./]\d))"
)
# After a word that says a telephone number follows, a number in a local form no pattern above
# knows: "Tel: (41) 98765-4321" (Brazil), "mobile 8123 4567" (Singapore), "HP 8123 4567".
# Digits in two to four groups, 8 to 12 of them.
_PHONE_CUE = re.compile(
    r"(?<![\w-])(?i:tel|telephone|phone|ph|mobile|mob|cell|cellphone|hp|handphone|call|whatsapp|telefoon|telefon|"
    r"t[ée]l[ée]phone|tlf|fax)\.?[ \t]*(?:(?i:no|number|nr)\.?[ \t]*)?[:#]?[ \t]*"
    r"(\(?\d{2,4}\)?(?:[ .-]\d{2,5}){1,3})(?![\w-]|[./]\d)")
_PHONE_GROUPING = re.compile(r"[ .()-]")
_YEAR_GROUP = re.compile(r"[-/.](?:19|20)\d\d[-/.]")
_PHONE_CUE_WORDS = re.compile(r"(?<![\w-])(?i:t[eé]l|phone|ph\b|mob|cell|hp\b|handphone|call|whatsapp|tlf|fax)")
# What a cue word may be followed by that is no number to call: a date ("call 15.03.2024", "Fax
# 12-03-2024", "2024-03-15"), a span of years ("2019-2020") or of hours ("0900-1700").
_DATE_OR_HOURS = re.compile(
    r"\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{4}[./-]\d{1,2}[./-]\d{1,2}|(?:19|20)\d\d[ ./-](?:19|20)?\d\d"
    r"|(?:[01]\d|2[0-3])[0-5]\d[ ]?[-–][ ]?(?:[01]\d|2[0-3])[0-5]\d")


@register("email", "EMAIL")
class Email(Base):
    """Any address shape, lower-cased."""

    def find(self, text: str):
        for m in _EMAIL.finditer(text) if has_any(text, ("@",)) else ():
            address = m.group(0).lstrip(".'")  # "(.lead@x.org": the address starts at its first letter
            start = m.end() - len(address)
            yield self.span(start, m.end(), "EMAIL", address.lower())


# A person's own page on a social or professional site: "linkedin.com/in/marta-kowalska-88",
# "https://www.instagram.com/tiderunner_88", "github.com/mkowalska". It names the person as their
# e-mail address does, so it is one (the type masked wherever it is). The first part of the path
# is the person, not a site's own pages ("facebook.com/groups/...", "youtube.com/watch?...").
_PROFILE_SITES = (r"linkedin\.com/(?:in|pub)|facebook\.com|fb\.com|instagram\.com|twitter\.com|x\.com|"
                  r"tiktok\.com|github\.com|gitlab\.com|youtube\.com|threads\.net|medium\.com|"
                  r"reddit\.com/(?:u|user)|pinterest\.com|xing\.com/profile|vk\.com|bsky\.app/profile")
_PROFILE_URL = re.compile(
    rf"(?<![\w.@/-])(?:https?://)?(?:(?:www|m|mobile|[a-z]{{2}})\.)?({_PROFILE_SITES})"
    r"/(@?[\w.%-]{2,100})(?:/[\w.%@=&?+-]*)*(?<![.,;:!?)])", re.I)
# Facebook's page for a person without a chosen name: "facebook.com/profile.php?id=100004567891234"
_NUMBERED_PROFILE = re.compile(r"profile\.php\?id=(\d{5,20})", re.I)
# A site's own pages, not a person: its first path part names them ("facebook.com/groups/...",
# "youtube.com/watch?v=...", "github.com/pricing").
_SITE_PAGES = frozenset(
    "groups pages events help login signup share sharer watch hashtag explore about policies privacy terms "
    "search settings home marketplace gaming reel reels stories p tv legal jobs company school feed intent "
    "i topics topic trending shorts results channel c playlist features sponsors orgs notifications pricing "
    "enterprise apps embed live ads media business careers blog press developers security status contact "
    "premium learning pulse posts photos videos watchlist messages".split())
_PROFILE_CUES = (".com/", ".net/", ".app/")


@register("profile_url", "EMAIL")
class ProfileUrl(Base):
    """A person's page on a social or professional site. Its value is the site and the person's
    part of the path, lower-cased ("linkedin.com/in/marta-kowalska-88"), however the address goes
    on ("/status/1", "?igsh=...") or begins ("https://", "www.", a country's "de.")."""

    def find(self, text: str):
        if not any(cue in text for cue in _PROFILE_CUES):
            return
        for m in _PROFILE_URL.finditer(text):
            person = m.group(2).lstrip("@").lower()
            site = m.group(1).lower()
            end = m.end()
            if person == "profile.php":
                numbered = _NUMBERED_PROFILE.match(text, m.start(2))
                if not numbered:
                    continue
                person, end = f"profile.php?id={numbered.group(1)}", max(end, numbered.end())
            elif person in _SITE_PAGES or person.endswith((".php", ".html", ".htm", ".aspx")):
                continue
            yield self.span(m.start(), end, "EMAIL", f"{site}/{person}")


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
            number, end = m.group(0), m.end()
            if number.endswith(")") and number.count(")") > number.count("("):
                number, end = number[:-1], end - 1  # "(+44 7911 123456)": the bracket is the text's
            if not number.startswith("+") and not _PHONE_GROUPING.search(number):
                continue  # 0012345678 without spaces or dashes is an account number, not a phone
            if not number.startswith(("+", "00")) and _YEAR_GROUP.search(number):
                continue  # "Invoice 0101-2024-0007": a year among a national number's groups, a document's number
            normalized = normalize_phone(number, self.regions)
            if normalized is not None:
                yield self.span(m.start(), end, "PHONE_NUMBER", normalized)
        for cue in _PHONE_CUE_WORDS.finditer(text):
            # the full pattern only where a cue word starts: a text with "call" in it is common
            if (m := _PHONE_CUE.match(text, cue.start())) is None:
                continue
            number, start = m.group(1), m.start(1)
            if number.startswith("(") and ")" not in number:
                number, start = number[1:], start + 1  # "Call (0117 496 0123)": the text's bracket
            digits = re.sub(r"\D", "", number)
            if 8 <= len(digits) <= 12 and not _DATE_OR_HOURS.fullmatch(number):
                # the value the other patterns give a number they read too (the overlap keeps one
                # span); a local number without a trunk 0 is its digits ("1800 123 456" is an
                # Australian free call, no North American number)
                national = number.startswith("0") or number.startswith("(0") or len(digits) == 10 and digits[0] in "23456789"
                value = normalize_phone(number, self.regions) if national else None
                yield self.span(start, m.end(1), "PHONE_NUMBER", value or digits)
