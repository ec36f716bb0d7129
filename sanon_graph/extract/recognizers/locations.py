"""Places: "Denver, CO", the names of cities, states and countries, and named areas ("Ashford
County", "the Marshfield area", "New England")."""

from __future__ import annotations

import re

from ...normalize import fold
from .base import Base, register
from .gazetteers import ABBREVIATED_OPENINGS, countries, small_towns, written_out
from .gazetteers import places as gazetteer_places
from .providers import FACILITY_WORDS, SPECIALTY_WORDS
from .roles import NATIONALITIES
from .words import (
    CALENDAR_WORDS,
    HOLIDAYS,
    LEADING_NOISE,
    MODIFIER_NOISE,
    PUBLICATION_WORDS,
    STOP_CAPITALS,
    UPPER,
    ZIP_AFTER,
    first_words,
    ngrams,
)

# How much a place says of who someone is (METHOD 2's relevance). A country, a state or a region
# (the base, 0.45; "the Sun Belt" 0.3) is shared by millions; a town, a county, a lake or a
# named area by few, and two records of a corpus that name the same one are read by a careful
# reviewer as one person's (the labelled links of the training sets): at the base relevance a
# town two documents of fifty share made no link (strength 0.2), so towns found by their name
# alone are TOWN_RELEVANCE, and those a state's code, a cue or a kind of place confirms
# NAMED_PLACE_RELEVANCE (stop 47, with providers': pair F1 on the training sets 0.646 -> 0.661, on
# the tuned-on ones 0.671 -> 0.689, no new link between people; countries and states raised as
# well gave nothing more when simulated on those runs).
TOWN_RELEVANCE = 0.7
NAMED_PLACE_RELEVANCE = 0.85

US_STATE_CODES = frozenset(
    "AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH "
    "OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC".split()
)
# The codes of Canada's provinces and territories and of Australia's states, written after a
# town as the US codes are ("Halifax, NS", "Ballarat VIC").
REGION_CODES = frozenset("AB BC MB NB NL NS NT NU ON PE QC SK YT NSW VIC QLD TAS ACT".split())
# Australia's states and territories and Canada's provinces and territories (the postcode each takes:
# four digits after an Australian code, "A1A 1A1" after a Canadian one). SA and WA are not among
# REGION_CODES (a word and Washington's code), but a postcode after them says which they are.
AU_STATE_CODES = frozenset("NSW VIC QLD TAS ACT SA WA NT".split())
_CA_PROVINCE_CODES = frozenset("AB BC MB NB NL NS ON PE QC SK YT NT NU".split())
# Codes that are also letters after a person's name (a degree, an honour): "John Smith, MD",
# "Mark Henderson, QC", "Laura Chen, PE", "Amir Patel, MB", a chiropractor's "Ana Kowalski, DC": after
# these the town must be known (the district's city is: "Washington, D.C."). (A master's "MS" or
# "MA" after a name is read as a state only after an initial: _INITIAL_BEFORE.)
_LETTERS_AFTER_NAMES = frozenset("MD PA DO QC KC PE MB NP RN SC DC".split()) | REGION_CODES
# A word of a town's name: capitalised, joined by a hyphen or opening with an apostrophe
# ("Winston-Salem", "O'Fallon"); a word after a hyphen or a capital's apostrophe is never a town alone
# (after "d'" it may be: with_opening takes in "Coeur d'" where the whole is a known place).
# (The look behind after the first letter: the regex engine scans for the letter; dates.py.)
_TOWN_WORD = r"[A-Z](?<![\w-][A-Z])(?<![A-Z]['’][A-Z])(?:['’][A-Z])?[a-z]+(?:-[A-Z][a-z]+)*"
_MORE_TOWN_WORDS = r"(?:\s[A-Z][a-z]+(?:-[A-Z][a-z]+)*){0,2}"
# (Two codes are customarily written with full stops: "Washington, D.C.", "Victoria, B.C."; other
# dotted capitals after a surname are a person's initials: "Jackson, M.S.")
_CITY_STATE = re.compile(rf"({_TOWN_WORD}{_MORE_TOWN_WORDS})(,?)[ \t]([A-Z]{{2,3}}(?![\w-])|[DB]\.[ \t]?C\.)")
# The states of the US and Australia and the provinces and territories of Canada, written out
# after a town and a comma: "Burlington, Vermont", "Cloquet, Minnesota", "Kamloops, British Columbia".
REGION_NAMES = (
    "Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|Florida|Georgia|Hawaii|Idaho|"
    "Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|Michigan|Minnesota|Mississippi|"
    "Missouri|Montana|Nebraska|Nevada|New Hampshire|New Jersey|New Mexico|New York|North Carolina|North Dakota|"
    "Ohio|Oklahoma|Oregon|Pennsylvania|Rhode Island|South Carolina|South Dakota|Tennessee|Texas|Utah|Vermont|"
    "Virginia|Washington|West Virginia|Wisconsin|Wyoming|Alberta|British Columbia|Manitoba|New Brunswick|"
    "Newfoundland(?: and Labrador)?|Nova Scotia|Ontario|Prince Edward Island|Quebec|Québec|Saskatchewan|Yukon|"
    "New South Wales|Victoria|Queensland|South Australia|Western Australia|Tasmania")
# Words that open many towns' names and many sentences too: before a town they are the town's.
_TOWN_PREFIXES = frozenset({"new", "north", "south", "east", "west", "saint"})


def _with_town_prefix(words: list[str], known: int) -> int:
    """Where the town starts once the prefixes before it are taken in: "New Tarrow, Kansas",
    "West Corvin, OH"."""
    while known and words[known - 1].lower() in _TOWN_PREFIXES:
        known -= 1
    return known


# A town's name may open with an abbreviated saint, mount, fort or point ("St. Louis", "Ste.
# Genevieve", "Mt. Pleasant", "Ft. Myers", "Minneapolis-St. Paul"), which the capitalised words of
# the regexes leave out: without it "St. Louis, MO" was the town "louis", which the cross-document
# pass then found in the records of everyone called Louis. The value writes the word out, as the
# city list does ("saint louis", "fort myers"), so every spelling of a town is one value.
_OPENINGS = "|".join(sorted((k.capitalize() for k in ABBREVIATED_OPENINGS), key=len, reverse=True))  # Ste before St
_OPENING_BEFORE = re.compile(rf"(?<![\w'’.-])([A-Z][a-z]+-)?(?:{_OPENINGS})(?:\.[ \t]*|[ \t]+)$")
# A name's particle in lower case, as Romance, Dutch and German place names write it ("Fond du Lac",
# "Rio de Janeiro", "Frankfurt am Main"), and the elided one before an apostrophe ("Coeur d'Alene").
_PARTICLES = "de|du|des|del|da|do|dos|das|la|le|of|on|upon|sur|am|an|im"
_WORD_AND_PARTICLE_BEFORE = re.compile(rf"(?<![\w'’.-])[A-Z][a-z]+[ \t]+(?:(?:{_PARTICLES})[ \t]+|[dl]['’])$")
# A house number and a street's words before "St": "12 Elm St. Dayton, OH" is the street's "St."
_STREET_BEFORE = re.compile(r"(?<![\w.-])\d+[A-Za-z]?(?:[ \t]+[A-Z][\w'’-]*){1,3}[ \t]+$")


def with_opening(text: str, start: int, end: int, places: frozenset[str]) -> int:
    """Where the town's name that ends at `end` starts once what its capitalised words leave out is
    taken in: an abbreviated opening ("St. Louis") and a hyphenated word before it
    ("Minneapolis-St. Paul"); the word before the opening, or a word and a particle, where the city
    list holds them together ("Port St. Lucie", "Fond du Lac", "Coeur d'Alene"). Not a street's "St."
    ("12 Elm St. Dayton, OH"), nor an opening before a town the lists know without it while they do
    not know the whole ("Pt. Austin, TX" is a patient from Austin)."""
    m = _OPENING_BEFORE.search(text, max(0, start - 24), start)
    if not m:
        m = _WORD_AND_PARTICLE_BEFORE.search(text, max(0, start - 32), start)
        return m.start() if m and town_key(text[m.start():end]) in places else start
    if not m.group(1) and text.startswith("St", m.start()) and _STREET_BEFORE.search(text, max(0, m.start() - 48), m.start()):
        return start
    before = _WORD_BEFORE.search(text, max(0, m.start() - 24), m.start())
    if not m.group(1) and before and town_key(text[before.start(1):end]) in places:
        return before.start(1)
    whole, bare = town_key(text[m.start():end]), town_key(text[start:end])
    towns = small_towns()
    # ("Pt." is a patient far more often than a point: only a whole name the lists know)
    known = whole in places or whole in towns or bare not in places and bare not in towns \
        and not text.startswith("Pt", m.start())
    return m.start() if m.group(1) or known else start


def town_key(name: str) -> str:
    """A place's value: lower case, its abbreviated openings written out ("St. Louis", "St Louis"
    and "Saint Louis" are "saint louis"), a typographic apostrophe as the plain one. An opening at
    the start of the name or after a hyphen is always the place's ("Minneapolis-St. Paul"); inside
    it only where the city list holds the name so ("Port St. Lucie"; "Main St County" is a street's)."""
    key = fold(name)
    whole = written_out(key)
    return whole if whole in gazetteer_places() else written_out(key, inside=False)


def with_article(key: str, places: frozenset[str], countries: frozenset[str]) -> str:
    """A place written after "the": "the " and the key where the article is the name's, as the city
    list writes it ("the hague", "the woodlands"), unless the rest is a country ("the Netherlands"
    is "netherlands", as written without the article)."""
    return f"the {key}" if f"the {key}" in places and key not in countries else key


def _with_opening_words(text: str, m: re.Match, places: frozenset[str]) -> tuple[int, str, list[str]]:
    """(start, name, words) of group 1's town with what with_opening takes in before it: the
    opening is part of the first word ("St. Louis")."""
    words = m.group(1).split()
    begin = with_opening(text, m.start(), m.end(1), places)
    if begin < m.start():
        words[0] = text[begin:m.start()] + words[0]
    return begin, text[begin:m.end(1)], words


# The postcodes written after a state's or province's code: Australia's four digits ("Ballarat VIC
# 3350"), Canada's "A1A 1A1" ("Halifax, NS B3H 2Y9").
_AU_POSTCODE_AFTER = re.compile(r",?[ \t]+\d{4}(?![\w-])")
_CA_POSTCODE_AFTER = re.compile(r",?[ \t]+[A-Z]\d[A-Z][ \t]?\d[A-Z]\d(?![\w-])")
_POSTCODE_AFTER = {code: _AU_POSTCODE_AFTER if code in ("NSW", "VIC", "QLD", "TAS", "ACT") else _CA_POSTCODE_AFTER
                   for code in REGION_CODES}
# Australia's codes that are also Washington's and Canada's Northwest Territories': four digits
# after them are Australia's postcode (no ZIP or Canadian postcode has that shape).
_AU_CODES_SHARED = AU_STATE_CODES & (US_STATE_CODES | _CA_PROVINCE_CODES)
_CITY_REGION = re.compile(rf"({_TOWN_WORD}{_MORE_TOWN_WORDS}),[ \t]({REGION_NAMES})(?![\w-])")
# State codes that are also words, letters after a name or a form's labels ("Employee ID",
# "Status OK", "Prior Auth OR"): after a town the gazetteer does not know, not a state.
_AMBIGUOUS_CODES = _LETTERS_AFTER_NAMES | frozenset("ID OK OR IN ME HI OH DE CO LA MA AL GA".split())
# A state code ends a place: the end of the line, a comma or a full stop, a ZIP code.
_CODE_ENDS_PLACE = re.compile(r"[ \t]*(?:$|\n|[.,;)]|\d{5}\b)", re.M)
# Words of a workplace's units and of medicine, capitalised as names are: "from Operations, Ohio",
# "Dr. Chen, Oncology, Tennessee" name a department, not a town.
_UNIT_WORDS = frozenset(
    "operations finance sales marketing accounting payroll legal compliance engineering research administration "
    "management support logistics procurement billing claims security facilities maintenance production "
    "headquarters department division office branch team unit status employee policyholder member patient "
    "prior auth tax return date".split())


def dotless(code: str) -> str:
    """A state's code as the lists write it: "B.C." is "BC"."""
    return code.replace(".", "").replace(" ", "").replace("\t", "")


def town_in_state(town: str, code: str) -> bool:
    """Whether a town of 1,000 people or more of that name is in that US state, Canadian province
    or Australian state ("Lamoni IA", "Lusk WY", "Tofino, BC", "Victoria, BC"): the state makes a
    small town's name, and a code that is also a word or letters after a name, sure."""
    regions = f"US-{code} {_GEONAMES_REGIONS.get(code, '')}" if code in US_STATE_CODES else _GEONAMES_REGIONS.get(code, "")
    return any(region in small_towns().get(town_key(town), "").split() for region in regions.split())


# GeoNames' first-level codes (small_towns' "CA-02") of the provinces, territories and states
# REGION_CODES names ("NT" is Canada's Northwest Territories and Australia's Northern Territory).
_GEONAMES_REGIONS = {
    "AB": "CA-01", "BC": "CA-02", "MB": "CA-03", "NB": "CA-04", "NL": "CA-05", "NS": "CA-07", "ON": "CA-08",
    "PE": "CA-09", "QC": "CA-10", "SK": "CA-11", "YT": "CA-12", "NT": "CA-13 AU-03", "NU": "CA-14",
    "ACT": "AU-01", "NSW": "AU-02", "QLD": "AU-04", "TAS": "AU-06", "VIC": "AU-07",
    "WA": "AU-08",  # Western Australia's code is Washington's too: "Bunbury, WA" is either
}


def _names_no_town(word: str) -> bool:
    return word.lower() in STOP_CAPITALS or word.lower() in _UNIT_WORDS or word.lower() in SPECIALTY_WORDS


# A person's initial right before a capitalised word (or a compass point's: "W. Springfield").
_INITIAL_BEFORE = re.compile(r"(?<![\w.])([A-Z])\.[ \t]*$")
PLACE_PREPOSITION = re.compile(r"(?<![\w-])(?i:in|to|from|near|of|at)[ \t]+$")
# Before the town, what says that a place follows: a comma after a name ("Medical Center,
# Rhinelander WI") or the start of a line.
_PLACE_FOLLOWS = re.compile(r"(?:,[ \t]*|^[ \t]*|\n[ \t]*)$")


@register("city_state", "LOCATION")
class CityState(Base):
    """A town and its state's or province's code: "Denver, CO", "Halifax, NS". Without the
    comma ("Duluth MN", "Ballarat VIC"), and before codes that are also letters after a name
    ("John Smith, MD", "Mark Henderson, QC"), the town must be a known place."""

    def find(self, text: str):
        places = self.gaz.places
        for m in _CITY_STATE.finditer(text):
            town, comma, code = m.groups()
            code = dotless(code)
            if code not in US_STATE_CODES and code not in REGION_CODES:
                continue
            begin, town, words = _with_opening_words(text, m, places)  # "St. Louis, MO"
            initial = _INITIAL_BEFORE.search(text, max(0, begin - 4), begin)
            if initial and (initial.group(1) not in "NSEW" or town_key(town) not in places):
                continue  # "K. Ambrose-Tully, MS", "S. Jones, MS": an initial, a surname and a master's degree
                # ("W. Springfield, MA": a compass point before a known town)
            if code == "DC" and words[-1] == "Washington":
                known = len(words) - 1
            elif comma and code not in _LETTERS_AFTER_NAMES:
                # "Port Elizabeth, NJ": the words before the comma, from the first that opens no
                # sentence, unless they are a known place together ("New York, NY": "New" opens many)
                known = 0 if town_key(town) in places else \
                    next((k for k, w in enumerate(words) if w.lower() not in STOP_CAPITALS), None)
                if known is not None and code in _AMBIGUOUS_CODES and not _CODE_ENDS_PLACE.match(text, m.end()) \
                        and words[-1] not in ("County", "Parish", "Township") \
                        and not PLACE_PREPOSITION.search(text, max(0, begin - 8), begin):
                    # a code that is also a word or a label, with more after it: the town must be
                    # known ("Tulsa, OK on Monday"), be a county or follow "in", "to", "from" ...;
                    # "Employee: Lesedi Sekgobela, ID no. 82..." names no Idaho
                    known = next((k for k in range(len(words)) if town_key(" ".join(words[k:])) in places), None)
            else:
                # "From Seattle WA": the known place among the words, the last ones; none in "John
                # Smith MD", "Mark Henderson, QC" (a person and their letters)
                known = next((k for k in range(len(words)) if town_key(" ".join(words[k:])) in places
                              or town_in_state(" ".join(words[k:]), code)), None)
                if known is None and not comma and code in US_STATE_CODES and code not in _AMBIGUOUS_CODES \
                        and _PLACE_FOLLOWS.search(text, max(0, begin - 4), begin) \
                        and _CODE_ENDS_PLACE.match(text, m.end()) and not any(_names_no_town(w) for w in words):
                    known = 0  # "Northwoods Regional Medical Center, Rhinelander WI": a town not in the gazetteer
            if known is None:
                continue
            known = _with_town_prefix(words, known)
            if words[known] == "St" and len(words) > known + 1 \
                    and _STREET_BEFORE.search(text, max(0, begin - 48), begin + town.index(words[known])):
                known += 1  # "299 Water St Cloud TX": the street's "St", the town after it
            start = begin + town.index(words[known]) if known else begin
            # the span masks the code with the town, and the ZIP code written after them ("Prescott
            # AZ 86301"); the value is the town, so "Duluth MN" in one record and "the Duluth
            # area" in another are one place
            zip_code = (ZIP_AFTER if code in US_STATE_CODES else _POSTCODE_AFTER.get(code, ZIP_AFTER)).match(text, m.end())
            if zip_code is None and code in _AU_CODES_SHARED:
                zip_code = _AU_POSTCODE_AFTER.match(text, m.end())  # "Bunbury WA 6230", "Nhulunbuy NT 0880"
            yield self.span(start, zip_code.end() if zip_code else m.end(), "LOCATION", town_key(" ".join(words[known:])),
                            NAMED_PLACE_RELEVANCE)
        if "," in text:
            for m in _CITY_REGION.finditer(text):
                begin, name, words = _with_opening_words(text, m, places)
                known = 0 if town_key(name) in places else \
                    next((k for k, w in enumerate(words) if w.lower() not in STOP_CAPITALS), None)
                if known is None or " ".join(words[known:]) == m.group(2):
                    continue
                known = _with_town_prefix(words, known)
                town = " ".join(words[known:])
                start = begin + name.index(words[known]) if known else begin
                if town_key(town) not in places and (
                        any(w.lower() in self.gaz.first_names or w.lower() in self.gaz.not_name_words
                            or _names_no_town(w) for w in words if w.lower() not in _TOWN_PREFIXES)
                        or not PLACE_PREPOSITION.search(text, max(0, start - 8), start)):
                    continue  # "Meanwhile, Texas", "from Operations, Ohio": no town the gazetteer knows
                if m.group(2).lower() in self.gaz.first_names and any(w.lower() in self.gaz.first_names for w in words) \
                        and not PLACE_PREPOSITION.search(text, max(0, start - 8), start):
                    continue  # "Anna, Victoria and Tom": a list of people ("in Savannah, Georgia" is a place)
                yield self.span(start, m.end(), "LOCATION", town_key(town), NAMED_PLACE_RELEVANCE)


# A town, its state's or province's code and its postcode in capitals, as claim systems print an
# address's last line ("MAPLEFORD TN 38401", "KELVIN GROVE QLD 4059"): the postcode says it is a place,
# whether or not the town is a known one.
_CAPS_TOWN_CODE_POSTCODE = re.compile(
    r"(?<![\w-])((?:[A-Z]{2,}[ \t]){0,2}[A-Z]{2,}),?[ \t]+([A-Z]{2,3})[ \t]+(\d{5}(?:-\d{4})?|\d{4}|[A-Z]\d[A-Z][ \t]?\d[A-Z]\d)(?![\w-])")


@register("caps_town_line", "LOCATION")
class CapsTownLine(Base):
    """A town, its state's code and postcode in capitals: "MAPLEFORD TN 38401"."""

    def find(self, text: str):
        for m in _CAPS_TOWN_CODE_POSTCODE.finditer(text):
            town, code, postcode = m.groups()
            fits = (code in US_STATE_CODES and len(postcode) >= 5 and postcode[:5].isdigit()
                    or code in AU_STATE_CODES and len(postcode) == 4
                    or code in _CA_PROVINCE_CODES and postcode[0].isalpha())
            if not fits or any(_names_no_town(w) or w.lower() in self.gaz.not_name_words for w in town.split()):
                continue
            yield self.span(m.start(), m.end(), "LOCATION", town_key(town.title()), NAMED_PLACE_RELEVANCE)


# Where a small town is written: after a word that says a place follows ("a dairy farmer from
# Tomah", "a farm near Kalkaska", "a charter out of Sitka", "lives in Dingwall").
_TOWN_CUE = re.compile(
    r"(?<![\w-])(?i:from|near|outside|out[ \t]+of|around|across|off|in|at|to)[ \t]+"
    r"((?:[A-Z][a-z\u00df-\u00ff'’-]+)(?:[ \t][A-Z][a-z\u00df-\u00ff'’-]+){0,2})(?![\w-])"
    # the whole name: not the first words of a longer one ("at Sisters of Mercy Hospital")
    r"(?![ \t]+(?:[A-Z]|(?:of|and|&|for|de|du|la)[ \t]+[A-Z]))")
_LOWER_WORD = re.compile(r"(?<![\w-])[a-z][a-z'’-]+")


@register("small_town", "LOCATION")
class SmallTown(Base):
    """A town of 1,000 people or more that the city list (15,000 or more) leaves out, where the
    text says a place follows: "a dairy farmer from Tomah", "a farm near Kalkaska", "fishing
    off Sitka". A small town narrows a person down more than a city does, and records
    of one person name it again. Without the cue the name is too often a word, a surname or part
    of an organisation's name, so the name must be the whole capitalised phrase after the cue,
    no first name, month, nationality or word the text writes in lower case ("in Surgery" where
    it also writes "surgery")."""

    def __init__(self, ctx):
        super().__init__(ctx)
        self.towns = small_towns()  # read here, before the workers fork

    def find(self, text: str):
        for m, key in self._town_names(text, _TOWN_CUE.finditer(text), lambda name, key: key in self.towns):
            yield self.span(m.start(1), m.end(1), "LOCATION", key, NAMED_PLACE_RELEVANCE)

    def _town_names(self, text: str, matches, wanted):
        """(match, lower-cased name) of the cue matches whose name (group 1) is `wanted` (tested
        first, it is the cheap test) and may be a town's: not the city list's, no word that names
        no town (_may_name_a_town), no word the text also writes in lower case."""
        lower_words: set[str] | None = None
        for m in matches:
            name = m.group(1)
            key = name.lower()
            if not wanted(name, key) or key in self.gaz.places or not _may_name_a_town(self.gaz, key):
                continue
            if lower_words is None:
                lower_words = set(_LOWER_WORD.findall(text))
            if not any(w in lower_words for w in key.split()):
                yield m, key


# Words of a body's name, which the town list holds in some places' names too (GeoNames lists
# some campuses as populated places): after a cue, "at Quarrowby University" is the body.
_INSTITUTION_WORDS = FACILITY_WORDS | frozenset("university college school academy pharmacy surgery office".split())
# Capitalised words after "near", "outside", "past" that are no place: public payers, times of day
# or of a pregnancy, business hours ("outside Medicare", "just past Midnight", "near Term").
_NEVER_PLACES = frozenset(
    "medicare medicaid medigap tricare medi-cal nhs midnight noon term hours business weekend weekends holidays "
    "network cover coverage".split())


def _may_name_a_town(gaz, key: str) -> bool:
    """Whether a capitalised phrase (lower-cased) may be a town's name: no first name, month or
    holiday, nationality, word that is no part of a name, word of a body or word that is never a
    place after a place's cue."""
    return not any(w in gaz.first_names or w in gaz.not_name_words or w in CALENDAR_WORDS or w in HOLIDAYS
                   or w in NATIONALITIES or w in MODIFIER_NOISE or w in _INSTITUTION_WORDS or w in _NEVER_PLACES
                   or _names_no_town(w) for w in key.split())


# A place no list knows, where the words before it can only mean a place: "a shepherd near
# Quarrowby", "the cottage outside Kettlewain Junction", "an orchard out past Brackenholt", "ten
# miles north of Drummoch Flats". Villages, localities and farming districts are below the town
# list's 1,000 people, yet they narrow a person down the most, and a person's records name them
# again. Only these cues: after "in", "at" or "from" a capitalised phrase is as often a body, a
# month or a programme ("in Surgery", "from Quarrowby Mutual").
# (One space between a cue's words: _UNLISTED_CUE_PIECES are looked for in the lower-cased text first.)
_UNLISTED_PLACE_CUE = re.compile(
    r"(?<![\w-])(?i:near|outside|(?:out|just|somewhere) (?:past|outside|beyond)|on the outskirts of|"
    r"(?:north|south|east|west) of|(?:miles|km|kilometres|kilometers|minutes|hours?) (?:from|outside|north of|"
    r"south of|east of|west of))[ \t]+"
    r"((?:[A-Z][a-z\u00df-\u00ff'’-]+)(?:[ \t][A-Z][a-z\u00df-\u00ff'’-]+){0,2})(?![\w-])"
    # the whole name, not the first words of a body's ("near Quarrowby Hospital")
    r"(?![ \t]+(?:[A-Z]|(?:of|and|&|for|de|du|la)[ \t]+[A-Z]))")


@register("unlisted_place", "LOCATION")
class UnlistedPlace(SmallTown):
    """A capitalised name after words that only a place follows ("near Quarrowby", "outside
    Kettlewain Junction"), which the city list does not hold (`place`'s); a name the town list holds
    is a confirmed town there, as after small_town's cues. Not a name with a first name, a month, a
    nationality, a word of a body or a unit, or a word the text also writes in lower case ("outside
    Office hours" where it writes "office"); not a body's possessive ("outside Quarrowby's network")."""

    def find(self, text: str):
        lower = text.lower()
        if not any(piece in lower for piece in _UNLISTED_CUE_PIECES):
            return
        for m, key in self._town_names(text, _UNLISTED_PLACE_CUE.finditer(text), _not_a_possessive):
            # a town the list holds is confirmed, as small_town's are ("ten miles north of Kalkaska")
            yield self.span(m.start(1), m.end(1), "LOCATION", key, NAMED_PLACE_RELEVANCE if key in self.towns else TOWN_RELEVANCE)


def _not_a_possessive(name: str, key: str) -> bool:
    return not name.endswith(("'s", "’s"))


# Pieces of the cues, looked for in the lower-cased text first (a regex that opens with an
# alternation tries it at every position): one of them is in every text the cue matches.
_UNLISTED_CUE_PIECES = ("near", "outside", "past", "beyond", "outskirts of", "north of", "south of", "east of", "west of",
                        "miles from", "km from", "kilometres from", "kilometers from", "minutes from", "hours from",
                        "hour from")


# The words of a publication's title after a place: "the Nevada Sports Medicine Journal", "the
# New England Nursing Journal" name where a journal is published, not where the person is.
PUBLICATION_AFTER = re.compile(rf"(?:[ \t]+[A-Z][\w&'’-]*){{0,3}}[ \t]+(?:{PUBLICATION_WORDS})(?![\w-])")


@register("place", "LOCATION")
class Place(Base):
    """Capitalised phrases of up to three words that name a city, state or country."""

    def find(self, text: str):
        places = self.gaz.places
        for start, end, phrase in ngrams(text, 3, capitalised=True, starts=first_words(places)):
            if phrase in places and not PUBLICATION_AFTER.match(text, end) and not self._beside_a_town(text, start, end) \
                    and not _ACRONYM_IN_A_WORD.search(text, start, end):
                if phrase.startswith("the ") and with_article(phrase[4:], places, self.gaz.countries) != phrase:
                    # "The Netherlands" opening a sentence is the "Netherlands" of "in the Netherlands"
                    start, phrase = start + 4, phrase[4:]
                part = _PART_OF.search(text, max(0, start - 24), start)
                # "north-central Montana": the span takes the part in, the value is the place
                yield self.span(part.start(1) if part else start, end, "LOCATION", town_key(phrase),
                                None if self._region_or_country(text[start:end]) else TOWN_RELEVANCE)
        for m in _NAME_WITH_A_PARTICLE.finditer(text):
            # "Rio de Janeiro", "Isle of Man": ngrams() reads capitalised words only. Not a person
            # named like a town ("Lauro de Freitas signed") unless a place is said to follow, nor a
            # kind of place before its name ("The City of Westminster" is named_area's "westminster")
            key = fold(m.group(0))
            first = key.split()[0]
            if key in places and not PUBLICATION_AFTER.match(text, m.end()) and not self._beside_a_town(text, m.start(), m.end()) \
                    and first not in _KINDS_OF_PLACE and (first not in self.gaz.first_names or PLACE_PREPOSITION.search(
                        text, max(0, m.start() - 8), m.start())):
                yield self.span(m.start(), m.end(), "LOCATION", town_key(key),
                                None if self._region_or_country(m.group(0)) else TOWN_RELEVANCE)
        if any(piece in text for piece in ("St", "Mt", "Ft", "Pt")):
            # "in St. Louis", "from Ft. Myers": the city list writes the opening out ("saint louis");
            # not a saint named as a person is ("St. John said") unless a place is said to follow
            for m in _ABBREVIATED_TOWN.finditer(text):
                before = _WORD_BEFORE.search(text, max(0, m.start() - 24), m.start())
                saint = m.group(1).strip(". \t").split()[0].lower() in self.gaz.first_names
                for end in (m.end(), m.end(1)) if m.group(2) else (m.end(1),):
                    start = before.start(1) if before and town_key(text[before.start(1):end]) in places else m.start()
                    key = town_key(text[start:end])
                    if saint and start == m.start() and not PLACE_PREPOSITION.search(text, max(0, start - 8), start):
                        continue
                    if key in places and not PUBLICATION_AFTER.match(text, end) and not self._beside_a_town(text, start, end):
                        yield self.span(start, end, "LOCATION", key,
                                        None if key in self.gaz.countries else TOWN_RELEVANCE)
                        break

    def _beside_a_town(self, text: str, start: int, end: int) -> bool:
        """Whether another town's name is written right beside the place, with no comma between:
        "Fairmont Meridian Health", "Meridian Fairmont Plan" are a brand made of town names, not
        two places. A state or country beside a town still names where it is ("Portland Oregon",
        "Lagos Nigeria")."""
        if self._region_or_country(text[start:end]):
            return False
        for m in (_WORD_AFTER.match(text, end), _WORD_BEFORE.search(text, max(0, start - 40), start)):
            if m is None:
                continue
            word = m.group(1)
            if word.lower() in self.gaz.places and not self._region_or_country(word):
                return True
        return False

    def _region_or_country(self, name: str) -> bool:
        return name.lower() in self.gaz.countries or _REGION_NAME.fullmatch(name) is not None


# A place's name with a particle in lower case between capitalised words ("Fond du Lac").
_NAME_WITH_A_PARTICLE = re.compile(
    rf"[A-Z](?<![\w'’-][A-Z])[a-z]+[ \t]+(?:{_PARTICLES})[ \t]+[A-Z][a-z]+(?:[ \t][A-Z][a-z]+)?(?![\w'’-])")
# A town whose name opens with an abbreviation (ABBREVIATED_OPENINGS), and up to two words.
_ABBREVIATED_TOWN = re.compile(
    rf"(?<![\w'’.-])(?:{_OPENINGS})(\.?[ \t]+[A-Z][a-z'’-]+)([ \t][A-Z][a-z'’-]+)?(?![\w-])")
# Capitals after a small letter inside a word: a test's or a product's short name ("MoCA", the
# Montreal Cognitive Assessment; "Moca" is a town), never a place (which "McAllen" is).
_ACRONYM_IN_A_WORD = re.compile(r"[a-z][A-Z]{2}")
_WORD_AFTER = re.compile(r"[ \t]([A-Z][a-z'’-]+)(?![\w-])")
_WORD_BEFORE = re.compile(r"(?<![\w-])([A-Z][a-z'’-]+)[ \t]$")
_REGION_NAME = re.compile(REGION_NAMES)
# A part of a place written before it: "northern Montana", "north-central Montana", "rural Vermont".
_PART_OF = re.compile(
    r"(?<![\w-])((?:(?i:north|south)(?:-?(?i:east|west))?|(?i:east|west)|(?i:central))(?:-(?i:central|east|west))?"
    r"(?:ern|erly)?|(?i:rural|upstate|downstate|coastal|inland|greater))[ \t]+$")
# A named lake, mountain, river or bay: "Lake Superior", "Mount Hood", "the Yukon River".
_NATURAL_FEATURE = re.compile(
    rf"(?<![\w-])(?:(?:Lake|Mount|Mt\.?|Loch|Lough)[ \t]+{UPPER}[a-z'’-]+(?:[ \t]{UPPER}[a-z'’-]+)?"
    rf"|{UPPER}[a-z'’-]+(?:[ \t]{UPPER}[a-z'’-]+)?[ \t]+(?:River|Lake|Mountains?|Bay|Island|Peninsula)"
    rf"(?![ \t]+{UPPER}))(?![\w-])")


def _opening_words(words: list[str]) -> int:
    """How many of a capitalised phrase's words open a sentence or a phrase rather than a name
    ("The Yukon River", "The Ashford County", "Service area")."""
    k = 0
    while k < len(words) and (words[k].lower() in LEADING_NOISE or words[k].lower() in STOP_CAPITALS):
        k += 1
    return k


@register("natural_feature", "LOCATION")
class NaturalFeature(Base):
    """A named lake, mountain, river, bay, island: where someone fishes, climbs or lives."""

    def find(self, text: str):
        for m in _NATURAL_FEATURE.finditer(text):
            words = list(re.finditer(r"\S+", m.group(0)))
            words = words[_opening_words([w.group(0) for w in words]):]  # "The Yukon River" -> "Yukon River"
            if len(words) >= 2:
                start = m.start() + words[0].start()
                yield self.span(start, m.end(), "LOCATION", town_key(text[start:m.end()]), NAMED_PLACE_RELEVANCE)


# A capitalised name and a word for an area: "Ashford County" and "Quillbrook Valley" are names as
# written; "the Marshfield area" is the place "Marshfield" (the span keeps "area").
_AREA_WORDS = "area|region|metro area|district"  # a place's surroundings, in lower case: not the name's
_AREA = re.compile(
    rf"({_TOWN_WORD}(?:[ \t][A-Z][a-z]+(?:-[A-Z][a-z]+)*){{0,2}})[ \t](?:(County|Parish|Valley|Township)|({_AREA_WORDS}))(?![\w-])")
# "the village of Starye Atagi", "the town of Dobrich": a kind of settlement or area and its
# name; the value is the name ("starye atagi"), as in a text that names it without the kind.
_KINDS_OF_PLACE = frozenset("village town city hamlet settlement district region province municipality county commune".split())
_KIND_OF_PLACE = re.compile(
    rf"(?<![\w-])(?:{'|'.join(_KINDS_OF_PLACE)})[ \t]+of[ \t]+"
    rf"((?:(?:{_OPENINGS})\.?[ \t]+)?(?:{UPPER}[\w'’-]*)(?:[ \t]{UPPER}[\w'’-]*){{0,2}})(?![\w-])"
)
# Ireland's counties as written before their name ("Co. Kerry", "County Laois"; general geography),
# and a US county abbreviated after its name where a place is said to be ("rural Tamsen Co.,", "in
# Brackett Co.)"; not "Brackett & Co." of a firm): a county is a place a person lives in.
_IRISH_COUNTIES = ("Antrim|Armagh|Carlow|Cavan|Clare|Cork|Derry|Donegal|Down|Dublin|Fermanagh|Galway|Kerry|Kildare|"
                   "Kilkenny|Laois|Leitrim|Limerick|Longford|Louth|Mayo|Meath|Monaghan|Offaly|Roscommon|Sligo|"
                   "Tipperary|Tyrone|Waterford|Westmeath|Wexford|Wicklow")
_COUNTY_BEFORE = re.compile(rf"(?<![\w-])(?:Co\.|County)[ \t]+({_IRISH_COUNTIES})(?![\w-])")
_COUNTY_ABBREVIATED = re.compile(
    r"(?<![\w-])(?i:rural|in|of|from|near|outside|\()[ \t]*((?:[A-Z][a-z]+[ \t]){0,1}[A-Z][a-z]+)[ \t]Co\."
    r"(?=[ \t]*(?:[,;)]|$)|[ \t]+[A-Za-z])")
# The regions of the US (general geography): broad, so weak evidence.
_REGIONS = re.compile(
    r"(?<![\w-])((?:Pacific|Upper|Lower)[ \t]Northwest|(?:Upper[ \t])?Midwest|Northeast|Southeast|Southwest|"
    r"Northwest|Mountain[ \t]West|New[ \t]England|Mid-Atlantic|Gulf[ \t]Coast|Great[ \t]Plains|Appalachia|"
    r"Deep[ \t]South|Rust[ \t]Belt|Sun[ \t]Belt|Bay[ \t]Area|Tri-State[ \t]area)(?![\w-])")


# What a place's span may say besides the place (a statistical model's, whose span is the words
# as written): an article and a word for its surroundings in lower case ("the Ashtabula area",
# "Ashtabula-area"; a capital makes it the name: "Peak District", "Bay Area"), and the state or
# province after a town, with its postcode ("Kamloops, British Columbia", "Duluth MN 55802",
# "Ballarat VIC 3350", "Halifax, NS B3H 2Y9").
_ARTICLE = re.compile(r"^(?i:the)[ \t]+(?=\S)")
_AROUND_A_PLACE = re.compile(rf"[ \t\u2013-](?:{_AREA_WORDS})$")
# (A state's name only after a comma: "West Virginia" and "Port Washington" are one place each;
# the postcodes are city_state's.)
_STATE_AFTER = re.compile(rf"(?:,[ \t]*({REGION_NAMES})|(?:,[ \t]*|[ \t]+)([A-Z]{{2,3}}|D\.[ \t]?C\.?))"
                          rf"(?:{ZIP_AFTER.pattern}|{_AU_POSTCODE_AFTER.pattern}|{_CA_POSTCODE_AFTER.pattern})?,?$")


def place_value(written: str) -> str:
    """A place as this module writes its value: "the Ashtabula area", "Ashtabula-area",
    "Ashtabula, OH", "Ashtabula area, OH" and "Ashtabula, Ohio" are "ashtabula" (city_state,
    named_area), so one town links however a record writes it. "Ashford County", "Quillbrook
    Valley", "Peak District" and the regions `named_area` keeps whole ("Tri-State area") stay
    names as written; so does anything whose rest would not start with a capital."""
    name = _ARTICLE.sub("", written.strip())
    if _REGIONS.fullmatch(name):
        return fold(name)
    article = name != written.strip()
    while True:
        state = _STATE_AFTER.search(name)
        if state and state.start() > 0 and (state.group(1) or state.group(2) in US_STATE_CODES | REGION_CODES
                                             or state.group(2).startswith("D.")):
            rest = name[:state.start()]
        else:
            rest = _AROUND_A_PLACE.sub("", name)
        rest = rest.strip()
        if rest == name or not rest[:1].isupper():
            key = town_key(name)
            return with_article(key, gazetteer_places(), countries()) if article else key  # "The Dalles, OR"
        name = rest


@register("named_area", "LOCATION")
class NamedArea(Base):
    def find(self, text: str):
        for m in _AREA.finditer(text):
            words = m.group(1).split()
            words = words[_opening_words(words):]  # "The Ashford County" -> "Ashford County"; "Service area" -> nothing
            if not words or any(w.lower() in MODIFIER_NOISE for w in words):
                continue
            start = m.end(1) - len(" ".join(words))
            if start == m.start():  # "the St. Louis area", "St. Clair County"
                start = with_opening(text, start, m.end(1), self.gaz.places)
                words = text[start:m.end(1)].split()
            if m.group(2):
                yield self.span(start, m.end(), "LOCATION", town_key(" ".join(words) + " " + m.group(2)), NAMED_PLACE_RELEVANCE)
            else:
                yield self.span(start, m.end(), "LOCATION", town_key(" ".join(words)), NAMED_PLACE_RELEVANCE)
        for m in _KIND_OF_PLACE.finditer(text):
            words = m.group(1).split()
            while words and words[-1].lower() in STOP_CAPITALS:
                words = words[:-1]
            if words:
                name = " ".join(words)
                yield self.span(m.start(), m.start(1) + len(name), "LOCATION", town_key(name), NAMED_PLACE_RELEVANCE)
        if "Co" in text:
            for m in _COUNTY_BEFORE.finditer(text):
                yield self.span(m.start(), m.end(), "LOCATION", f"county {m.group(1).lower()}", NAMED_PLACE_RELEVANCE)
            for m in _COUNTY_ABBREVIATED.finditer(text):
                words = m.group(1).split()
                words = words[_opening_words(words):]
                if words and not any(w.lower() in MODIFIER_NOISE for w in words):
                    start = m.end(1) - len(" ".join(words))
                    yield self.span(start, m.end(1) + 4, "LOCATION", fold(" ".join(words)) + " county", NAMED_PLACE_RELEVANCE)
        for m in _REGIONS.finditer(text):
            if not PUBLICATION_AFTER.match(text, m.end(1)):
                yield self.span(m.start(1), m.end(1), "LOCATION", fold(m.group(1)), 0.3)
