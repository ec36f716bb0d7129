"""Street addresses."""

from __future__ import annotations

import re

from ...normalize import fold
from .base import Base, Span, register
from .cues import has_any
from .locations import AU_STATE_CODES
from .words import CALENDAR_WORDS, LOWER, STOP_CAPITALS, UPPER, word_tail

# A capitalised word of a street's or a town's name ("Keizersgracht", "Saint-Étienne", "Sant'Angelo"):
# bounded, as is every word a pattern may start at (words.LONGEST_WORD).
_NAME_CHARS = r"[\w'’-]"
_NAME_CHARS_AND_STOP = r"[\w'’.-]"  # and an abbreviation's full stop: "St.", "Dr."
_NAME_WORD = UPPER + word_tail(_NAME_CHARS, 1)

# Small words between the words of a street's or a town's name ("Heol y Felin", "Bóthar an Chnoic",
# "Pieter van der Merwe Street"): lower case, so they are never read as the start of a name.
_STREET_PARTICLE = r"(?:y|yr|na|an|van|von|der|den|de|du|des|la|le|les|del|della|di|da|ter|ten)"
# Inside a street with its kind, only a person's name's particles ("12 Pieter van der Merwe Street"): the
# Welsh and Irish ones are words of other phrases there ("3 Patients an Hour Walk-in").
_NAME_PARTICLE = r"(?:van|von|der|den|de|du|des|la|le|del|della|di|da|dos)"
# A street's kind, written after its name.
_STREET_KINDS = (
    "Street St Avenue Ave Road Rd Lane Ln Boulevard Blvd Drive Dr Court Ct Way Place Pl Terrace Ter Circle Cir "
    "Parkway Pkwy Highway Hwy Square Sq Trail Row Crescent "
    # British and Irish street kinds: "17 Knockmaroon Mews", "9 Foxglove Close", "41 Humberstone Gate"
    "Mews Close Gate Grove Gardens Walk Parade Rise Wharf Quay Yard Vale "
    # a turnpike's old name for a road: "4410 Rushwood Pike" (not "Loop": an insulin pump's
    # "780G Closed Loop", a stoma's "Ileal Loop")
    "Pike").split()
_STREET = (
    rf"(?:{'|'.join(_STREET_KINDS)})"
    r"(?:[ \t](?:North|South|East|West))?"  # "Stanhope Road North"
)
# The kinds in capitals, as claim systems print a street ("4106 OLD MILL BLVD"); "DR" before a
# capitalised word is a doctor ("SEEN 12 TIMES DR SMITH").
_STREET_CAPS = "(?:" + "|".join(r"DR(?![ \t]+[A-Z])" if k == "Dr" else k.upper() for k in _STREET_KINDS) + ")"
_ADDRESS = re.compile(
    # the house number is a number of its own ("09.01.2025" ends no address) and the street is
    # on its line: "Clinic date 09.01.2025\nDear Dr Ross" is a date and a letter's greeting
    rf"(?<![\w./-])(?:(?:Flat|Apartment|Apt|Unit|Suite)\.?[ \t]+[A-Za-z0-9-]+,?[ \t]+)?"  # "Flat 4, 17 Knockmaroon Mews"
    # a unit before the house as Australia and New Zealand write it: "7/22 Matai Crescent"
    # a letter after the house number ("221B", "12a"); a numbered street ("310 West 88th Street")
    rf"(?:\d{{1,4}}[A-Za-z]?/)?\d{{1,6}}[A-Za-z]?[ \t]+(?:[NSEW]\.?[ \t]+)?"
    # small particles between the street's words: "12 Pieter van der Merwe Street", "3 Heol y Felin Lane"
    rf"(?:(?:(?:{UPPER}[^\W\d_]*(?:['’-][^\W\d_]+)*|\d{{1,3}}(?:st|nd|rd|th))[ \t]+(?:{_NAME_PARTICLE}[ \t]+){{0,2}}){{1,3}}(?:{_STREET}|{_STREET_CAPS}(?![a-z]))\.?"
    # the street's kind first, as in the Spanish names of American streets: "2290 W. Calle Ormsby"
    rf"|(?:Calle|Camino|Paseo|Avenida|Via)[ \t]+(?:(?:de|del|la|las|los)[ \t]+)?{_NAME_WORD}(?:[ \t]{_NAME_WORD})?)"
    r"(?:,?\s+(?:Apt|Apartment|apartment|Suite|Ste|Unit|Flat|flat|APT|SUITE|STE|UNIT|FLAT|#)\.?\s*[A-Za-z0-9-]+)?(?!\w)"
)
# A British postcode ("LE1 3HR", "SW1A 1AA"), with the town before it when there is one
# ("Leicester LE1 3HR"): the outward code narrows a person to a few streets, the whole code to a
# few houses.
_UK_POSTCODE = re.compile(r"(?<![\w-])(?:((?:[A-Z][a-z]+[ \t]){1,2}))?([A-Z]{1,2}\d[A-Z\d]?[ \t]\d[A-Z]{2})(?![\w-])")
# An Irish Eircode ("D02 X285", "T12 W2YT"): a routing key, then four characters that name one
# building. Its letters leave out B, G, I, J, L, M, O, Q, S, U and Z; a letter among the four,
# so "B12 1000" of a vitamin's dose is none.
_EIRCODE = re.compile(r"(?<![\w-])(?:((?:[A-Z][a-z]+\.?[ \t]){1,2}))?((?:[AC-FHKNPRTV-Y]\d{2}|D6W)[ \t]"
                      r"(?=[0-9AC-FHKNPRTV-Y]{0,3}[AC-FHKNPRTV-Y])[0-9AC-FHKNPRTV-Y]{4})(?![\w-])")
_NOT_TOWN = frozenset({"the", "in", "at", "of", "to", "from", "code", "postcode"})
# The street and the parts of the address before a postcode when the street has no kind word
# ("6 Heol y Felin, Llanrug, Caernarfon LL55 4PQ", "9 Ard Mhuire, Buncrana, Co. Donegal F93 K2XR"):
# a house number at the start of the run, then capitalised words (small particles between them:
# "y", "na", "van der"), then up to two more parts after commas, ending right before the
# postcode's town. The postcode says it is an address; the run stays on the postcode's line.
_STREET_WORD_ANY = rf"{UPPER}{word_tail(_NAME_CHARS_AND_STOP)}"
_HOUSE_RUN_BEFORE_POSTCODE = re.compile(
    rf"(?<![\w/.,#-])(?:(?:Flat|Apartment|Apt|Unit|Suite|Blk|Block)\.?[ \t]+[A-Za-z0-9-]{{1,6}},?[ \t]+)?"
    rf"\d{{1,5}}[A-Za-z]?(?:/\d{{1,4}})?,?[ \t]+(?P<first>{_STREET_WORD_ANY})(?:[ \t]+(?:{_STREET_PARTICLE}[ \t]+)?{_STREET_WORD_ANY}){{0,3}}"
    rf"(?:,[ \t]*{_STREET_WORD_ANY}(?:[ \t]+(?:{_STREET_PARTICLE}[ \t]+)?{_STREET_WORD_ANY}){{0,2}}){{0,2}},[ \t]*$")
_HOUSE_RUN_REACH = 120  # characters before the postcode's town the run may start
# What the house number follows: the line's start, a field's colon, a comma, or a word that says a
# place follows; not a label's word ("Type 2 Diabetes, Leeds LS1 4AP", "Age 67 Female, Hull ...",
# "Ref 55102 Smith Claim, ...", "Dept 4 Cardiology, ...").
_BEFORE_HOUSE = re.compile(r"(?:^|[:,;(]|(?<![\w-])(?i:at|to|is|of|from|in))[ \t]*$")
# Words that fill an address field when it holds none: "Address: Same As Above, ...", "Unknown".
_NO_ADDRESS_WORDS = frozenset("same unknown home above none withheld redacted not see as tba tbc private confidential "
                               "important".split())
# Or, after a word that says an address follows, the parts of one with no house number at all, as
# rural Irish and Scottish addresses are written ("Address: Knocknagree, Kilmore, Co. Wexford Y35 K2P8",
# "her address is Drumbeg, Lairg IV27 4NW").
_CUED_RUN_BEFORE_POSTCODE = re.compile(
    r"(?<![\w-])(?<![Mm]ail[ -])(?i:address(?:[ \t]+is)?|adresse|residence|domicile|(?:lives|living|resides|resident)[ \t]+at)[ \t]*:?[ \t]*"
    rf"(?P<run>(?P<first>{_STREET_WORD_ANY})(?:[ \t]+(?:{_STREET_PARTICLE}[ \t]+)?{_STREET_WORD_ANY}){{0,3}}"
    rf"(?:,[ \t]*{_STREET_WORD_ANY}(?:[ \t]+(?:{_STREET_PARTICLE}[ \t]+)?{_STREET_WORD_ANY}){{0,2}}){{0,2}}),[ \t]*$")


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
            words = re.findall(r"[^\W_]+", m.group(0).lower())
            normalized = " ".join(_STREET_ABBREV.get(w, w) for w in words)
            yield self.span(m.start(), end, "ADDRESS", normalized)


# A street or a road named without a house number, after a word that says a place follows ("struck
# on E. Tamworth Dr", "a farm off County Road Q", "lives on Birch Lane"): where a person lives or
# what happened where narrows them down as a small town does. Only the kinds no court, gate or
# place is also called ("on the Court's own motion"); "Dr" and "St" before a capitalised word are
# a title and a saint ("on Monday Dr Hale", "on St Jude's ward").
_STREET_KIND_NAMED = (r"(?:Street|St|Avenue|Ave|Road|Rd|Lane|Ln|Boulevard|Blvd|Drive|Dr|Terrace|Circle|Parkway|"
                      r"Pkwy|Highway|Hwy|Trail|Crescent)")
_STREET_NAMED = re.compile(
    r"(?<![\w-])(?i:on|off|along|down|up|near|onto|corner[ \t]+of)[ \t]+(?:the[ \t]+)?"
    # a numbered road: "Route 12", "Highway 61", "County Road Q", "Cty Rd J", "I-94"
    r"((?:State[ \t]+)?Route[ \t]+\d{1,4}[A-Z]?|(?:Highway|Hwy\.?|Interstate)[ \t]+\d{1,4}|I-\d{1,3}"
    r"|(?:County[ \t]+(?:Road|Rd)|Cty\.?[ \t]+Rd)\.?[ \t]+(?:[A-Z]{1,2}|\d{1,4})(?![\w-])"
    r"|(?:(?:[NSEW]\.?|North|South|East|West)[ \t]+)?"
    rf"(?:(?:{UPPER}[^\W\d_]+(?:['’-][^\W\d_]+)*|\d{{1,3}}(?:st|nd|rd|th))[ \t]+){{1,3}}{_STREET_KIND_NAMED}(?:[ \t](?:North|South|East|West))?)"
    r"(?![\w-])(?![ \t]*\.?[ \t]*[A-Z][a-z])")


@register("street_name", "LOCATION")
class StreetName(Base):
    """A street or road without a house number, after "on", "off", "along", ...: "on Birch Lane"."""

    def find(self, text: str):
        for m in _STREET_NAMED.finditer(text):
            words = re.findall(r"[^\W_]+", m.group(1).lower())
            if any(w in CALENDAR_WORDS for w in words):
                continue  # "on Monday St": a day, not a street
            yield self.span(m.start(1), m.end(1), "LOCATION", " ".join(_STREET_ABBREV.get(w, w) for w in words), 0.55)


# A post-office box: "P.O. Box 118", "PO Box 4471", "Postbus 1234", "Postfach 10 02 31" (not the
# French "BP 42": in a health record BP is a blood pressure).
# A person's box is where their mail goes, as their street is.
_PO_BOX = re.compile(
    r"(?<![\w.])(?:(?i:p\.?[ \t]?o\.?[ \t]*box|post[ \t]+office[ \t]+box|postbus|postfach|bo[iî]te[ \t]+postale|"
    r"apartado(?:[ \t]+de[ \t]+correos)?|casella[ \t]+postale|caixa[ \t]+postal)|PMB)"
    r"[ \t]*[#:]?[ \t]*(\d{1,6}(?:[ \t]\d{2,3}){0,2})(?![\w/-]|[.,]\d)")


@register("po_box", "ADDRESS")
class PoBox(Base):
    """A post-office box and its number, the value "po box" and the digits."""

    def find(self, text: str):
        if not has_any(text.lower(), ("box", "bus", "fach", "postale", "apartado", "pmb", "postal")):
            return
        for m in _PO_BOX.finditer(text):
            yield self.span(m.start(), m.end(), "ADDRESS", "po box " + re.sub(r"\D", "", m.group(1)))


# A US ZIP code after its name: "ZIP 85719", "zip code: 60302-1142" (with a birth date and a sex,
# five digits single out most Americans).
_NAMED_ZIP = re.compile(r"(?<![\w-])(?i:zip(?:[ \t]*code)?)[ \t]*[:#]?[ \t]*(\d{5}(?:-\d{4})?)(?![\w-])")


@register("postcode", "ADDRESS")
class Postcode(Base):
    """A British postcode or an Irish Eircode, with the town written before it; a US ZIP code
    after its name."""

    def find(self, text: str):
        if "zip" in text or "ZIP" in text or "Zip" in text:
            for m in _NAMED_ZIP.finditer(text):
                yield self.span(m.start(1), m.end(1), "ADDRESS", m.group(1)[:5], 0.8)
        for m in (*_UK_POSTCODE.finditer(text), *_EIRCODE.finditer(text)):
            town = (m.group(1) or "").split()
            while town and town[0].lower() in _NOT_TOWN:
                town = town[1:]
            start = m.start(2) if not town else m.end(1) - len(" ".join(town)) - 1
            if (house := self._house_run_before(text, start)) != start:
                # the whole address, its words only: "9 Ard Mhuire, Buncrana" and "9 Ard Mhuire
                # Buncrana" in two records are one address
                yield self.span(house, m.end(2), "ADDRESS", " ".join(re.findall(r"[^\W_]+", text[house:m.end(2)].lower())), 0.8)
                continue
            yield self.span(start, m.end(2), "ADDRESS", " ".join(text[start:m.end(2)].lower().split()), 0.8)

    @staticmethod
    def _house_run_before(text: str, start: int) -> int:
        """Where the address ends at this postcode starts: at a house number and its street on
        the same line, when the parts between are capitalised words after commas; else here."""
        line_start = text.rfind("\n", 0, start) + 1
        window = max(line_start, start - _HOUSE_RUN_REACH)
        run = _HOUSE_RUN_BEFORE_POSTCODE.search(text, window, start)
        at = run.start() if run is not None else None
        if run is None and (cued := _CUED_RUN_BEFORE_POSTCODE.search(text, window, start)) is not None:
            run, at = cued, cued.start("run")
        first = run.group("first").lower() if run is not None else ""
        if run is None or first in CALENDAR_WORDS or first in STOP_CAPITALS or first in _NO_ADDRESS_WORDS:
            return start  # "Seen 12 March, Leeds LS1 4AP": a date, not a house
        if at == run.start() and not _BEFORE_HOUSE.search(text, max(line_start, at - 20), at):
            return start  # "Type 2 Diabetes, Leeds LS1 4AP": a label's number, not a house
        if _ADDRESS.search(text, at, start):
            return start  # a street with its kind ("14 Thornfield Close"): that value, and the places after it (widen.py)
        return at


# European shapes: the street before its number ("Keizersgracht 123", "Hauptstraße 5",
# "Via Roma 12"), or the number before a French/Belgian street kind ("22 Rue des Lilas");
# a postcode and town may follow ("1015 CJ Amsterdam", "69003 Lyon", "10117 Berlin").
_STREET_SUFFIX = (
    r"(?:straat|gracht|weg|laan|plein|kade|singel|dijk|steeg|markt|stra(?:ß|ss)e|gasse|allee|platz|ring|damm|"
    r"ufer|vej|gade|gatan|gata|gaten|veien|vegen|vägen|katu)"
)
_TOWN = rf"{_NAME_WORD}(?:[ -](?:(?:sur|sous|en|am|an|der|de|aan|den)[ -])?{_NAME_WORD}){{0,2}}"
# Postcodes: Dutch "1015 CJ", five digits (FR, DE, IT, ES), four (BE, NO, DK, CH, AT), Polish
# "00-514", Swedish "114 55", and the old country-letter form "D-10117".
_POSTCODE = r"(?:\d{4}[ \t]?[A-Z]{2}|\d{5}|\d{2}-\d{3}|\d{3}[ \t]\d{2}|\d{4}|[A-Z]-\d{4,5})"
_POSTCODE_TOWN = rf"(?:,?[ \t]+{_POSTCODE}[ \t]+(?P<town>{_TOWN}))?"
# "12", "2a", "15 B", "3-5", "84/92" (a building and its flat, as Polish addresses write them)
_HOUSE_NUMBER = r"\d{1,5}(?:[ \t]?[a-zA-Z](?![\w]))?(?:[-/]\d{1,4}[a-zA-Z]?)?"
# A number before a month is a day ("Calea Victoriei, 12 March 2004"), not a house.
_MONTH_WORD = r"Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec"
# A year is no house number: "Spring 2025", "Hearing 2024" end like a German "-ring" street.
_NOT_A_YEAR = r"(?!(?:19|20)\d{2}(?![\w/-]))"
# The number as Romanian, Turkish, Russian or Polish records write it: "no. 22", "No: 5", "nr 7".
_NUMBER_WORD = r"(?:(?:[Nn]o|[Nn]r)\.?:?[ \t]*)?"
_EUROPEAN_ADDRESS = re.compile(
    rf"(?<![\w-])(?:"
    rf"(?:{UPPER}{word_tail(_NAME_CHARS)}{_STREET_SUFFIX}|(?:Via|Viale|Piazza|Corso|Calle|Avenida|Rua|Plaza|Paseo|Carrer|Ulica|ul\.|"
    r"Strada|Str\.|Calea|Bulevardul|Șoseaua|Soseaua|Aleea|Splaiul|Ulitsa|ulitsa|Prospekt|prospekt|Vulytsia|vulytsia|"
    r"vul\.|Bulevar|Rruga|Ilica)"
    rf"[ \t]+(?:(?:de|del|della|di|da|do|dos)[ \t]+)?{_NAME_WORD}(?:[ \t]{_NAME_WORD}){{0,2}}"
    # a street kind written after its name as a word of its own ("Atatürk Caddesi", "Lenina ulitsa")
    rf"|{_NAME_WORD}(?:[ \t]{_NAME_WORD})?[ \t](?:Caddesi|Cad\.|Sokak|Sokağı|Sk\.|Bulvarı|ulitsa|prospekt|"
    # and German and Dutch kinds as a word of their own: "Lindenauer Weg 7", "Berliner Straße 5"
    rf"vulytsia|Weg|Straße|Strasse|Str\.|Allee|Platz|Gasse|Damm|Ufer|Chaussee|Laan|Straat|Plein|Kade|Singel|Dijk)),?[ \t]+{_NUMBER_WORD}{_NOT_A_YEAR}{_HOUSE_NUMBER}(?![ \t]+(?:{_MONTH_WORD}))"
    rf"|\d{{1,4}}(?:[ \t]?(?:bis|ter))?,?[ \t]+(?i:rue|avenue|boulevard|bd|place|chemin|all[ée]e|impasse|quai|cours|route|square)"
    rf"[ \t]+(?:(?:de[ \t]la|de[ \t]l['’]|du|des|de|d['’]|la|le|les)[ \t]?)?{_NAME_WORD}(?:[ \t](?:de[ \t]|du[ \t]|des[ \t])?{_NAME_WORD}){{0,2}}"
    rf"){_POSTCODE_TOWN}(?![\w-])"
)

# A street of any name before its number, when a postcode and a town follow after a comma: the
# postcode says it is an address ("Nádražní 1234/5, 602 00 Brno", "Am Markt 3, 04109 Leipzig");
# a district's number may end the town ("Praha 1").
_STREET_BEFORE_POSTCODE = re.compile(
    rf"(?<![\w-])(?:{UPPER}{word_tail(_NAME_CHARS_AND_STOP)}[ \t]){{0,2}}{_NAME_WORD}[ \t]+{_NOT_A_YEAR}{_HOUSE_NUMBER},[ \t]+{_POSTCODE}"
    rf"[ \t]+(?P<town>{_TOWN})(?:[ \t]\d{{1,2}}(?![\w-]))?(?![\w-])")
_POSTCODE_AFTER_COMMA = re.compile(rf",[ \t]+{_POSTCODE}[ \t]+{UPPER}")

# Words that number a record, not a street: "Invoice 2024, 10117 Berlin", "Room 12, 1015 CJ ...".
_RECORD_WORDS = frozenset(
    "invoice room ref order ticket bed box item line page table figure step session visit cycle dose week day "
    "batch lot version grade stage level file code no nr number".split())


@register("european_address", "ADDRESS")
class EuropeanAddress(Base):
    """"Keizersgracht 123, 1015 CJ Amsterdam", "22 Rue des Lilas, 69003 Lyon", "Via Roma 12"."""

    def find(self, text: str):
        for m in (*_EUROPEAN_ADDRESS.finditer(text), *self._streets_before_postcodes(text)):
            words = re.findall(r"\w+", m.group(0).lower())
            yield self.span(m.start(), m.end(), "ADDRESS", " ".join(words))

    def _streets_before_postcodes(self, text: str):
        if not _POSTCODE_AFTER_COMMA.search(text):
            return  # the cheap look: the comma, the postcode and the town's capital
        for m in _STREET_BEFORE_POSTCODE.finditer(text):
            first = m.group(0).split()[0].lower()
            if first not in STOP_CAPITALS and first not in self.gaz.not_name_words and first not in _RECORD_WORDS:
                yield m  # not "Claim 4471, 2301 Leiden": a record's number, then a place


# The postcodes an English-speaking country's address ends in: British, Irish (Eircode), Canadian,
# Australian and New Zealand ones (a state's code may stand before: "TAS 7053", "NS B0K 1V0").
# The town's words are capitalised, not in capitals (those are the state's code: "Taroona TAS 7053").
_TOWN_BEFORE_POSTCODE = re.compile(
    rf",[ \t]*(?P<town>{UPPER}{LOWER}+(?:['’-]{UPPER}?{LOWER}+)*(?:[ \t]+{UPPER}{LOWER}+(?:['’-]{UPPER}?{LOWER}+)*){{0,2}}),?[ \t]+"
    r"(?:[A-Z]{2,3}[ \t]+)?(?:[A-Z]{1,2}\d[A-Z\d]?[ \t]?\d[A-Z]{2}|[A-Z]\d\d[ \t]?[A-Z\d]{4}|[A-Z]\d[A-Z][ \t]?\d[A-Z]\d"
    r"|[A-Z]\d[A-Z]|\d{4})[ \t]*$")
_STREET_WORD = re.compile(_STREET)
# A unit's word before its number is no town: "Suite 1200", "Apt 1001", "Flat 1203".
_ADDRESS_UNIT_WORDS = frozenset("suite ste apt apartment flat unit level floor room box bag po lot".split())


def towns_of_addresses(text: str, before: list[Span], after: list[Span], relevance: float) -> list[Span]:
    """The town of an address as a place of its own beside the address that masks it: another
    record of the person names the town alone ("a physio in Kettleby"). `before`
    are the spans before the addresses took in the places after them (widen.py: "12 Elm Road,
    Kettleby, OH"), `after` the spans after; a European address ends with its town ("Lindenlaan
    4, 1234 AB Leiden")."""
    addresses = [s for s in after if s.type == "ADDRESS"]
    if not addresses:
        return []
    kept = {(s.start, s.end) for s in after}
    towns = [s for s in before if s.type == "LOCATION" and (s.start, s.end) not in kept
             and any(a.start <= s.start and s.end <= a.end for a in addresses)]
    for a in addresses:
        # "12 Weaver Lane, Quarrybeck, LS21 3PX", "7 Kauri Crescent, Gore 9710", "Taroona TAS 7053": the
        # words between the last comma and the postcode at the address's end name its town
        if (m := _TOWN_BEFORE_POSTCODE.search(text, a.start, a.end)) \
                and not any(t.start <= m.start("town") < t.end for t in towns) \
                and not any(w.lower() in STOP_CAPITALS or w.lower() in _ADDRESS_UNIT_WORDS or _STREET_WORD.fullmatch(w)
                            for w in m.group("town").split()):
            towns.append(Span(m.start("town"), m.end("town"), "LOCATION", fold(m.group("town")), relevance, a.recognizer))
            continue
        if a.recognizer == "european_address" and (
                m := _EUROPEAN_ADDRESS.match(text, a.start) or _STREET_BEFORE_POSTCODE.match(text, a.start)) \
                and m.group("town"):
            towns.append(Span(m.start("town"), m.end("town"), "LOCATION", fold(m.group("town")), relevance,
                              "european_address"))
    return towns


# A US ZIP code at the end of a town's span ("Ship to: Bemidji, MN 56601"): the span's value is the
# town, a place masked only where the risk calls for it, but five digits narrow a person down to a
# few thousand households and, with a birth date and a sex, single out most Americans (HIPAA's
# Safe Harbor removes them). So the ZIP code is an address of its own inside the town's span, a
# direct identifier that is always masked.
# (and a Canadian postcode, or an Australian one after its state's code, likewise: "Red Deer AB T4N
# 5E7", "Yamba NSW 2464")
_ZIP_AT_END = re.compile(r"(?<![\w-])(?:(\d{5})(?:-\d{4})?|([A-Z]\d[A-Z][ \t]?\d[A-Z]\d))$"
                         rf"|(?:{'|'.join(sorted(AU_STATE_CODES))})[ \t]+(\d{{4}})$")


def zip_codes_of_places(text: str, spans: list[Span]) -> list[Span]:
    """The ZIP codes and postcodes that end the places among `spans`, as ADDRESS spans inside them (not the
    town of a street address, which masks them already)."""
    out = []
    addresses = [a for a in spans if a.type == "ADDRESS"]
    for s in spans:
        if s.type == "LOCATION" and text[s.end - 1].isdigit() and (m := _ZIP_AT_END.search(text, s.start, s.end)) \
                and not any(a.start <= s.start and s.end <= a.end for a in addresses):
            group = next(g for g in (1, 2, 3) if m.group(g))
            out.append(Span(m.start(group), s.end, "ADDRESS", m.group(group).replace(" ", "").lower(), 0.8, "postcode"))
    return out
