"""Mask spans that take in their noun phrase: "refractory epilepsy", "monthly nivolumab
infusions", "Rosuvastatin 20mg"; a street address takes in the place written after it.

A condition or treatment recognizer reports its value without the words around it that vary
from record to record ("epilepsy", "nivolumab infusions"): the value is what links two
documents, and "refractory" in one record and "drug-resistant" in another must not keep them
apart. The words still describe the person, though, and left readable beside a masked value
("refractory [MEDICAL_CONDITION]") they tell a reader more than the tool meant to leave. So
after the overlaps are resolved, a span of a type the preset names (`[extraction] widen_types`)
grows over the modifiers in front of it (adjectives, nouns, a frequency, a count: at most
MAX_WORDS words, never a function word, a verb or another value) and, for a treatment, over a
dose after it. The value stays as the recognizer gave it; the span that is masked, and the
spelling the entity records, is the whole phrase. A street address (ADDRESS in widen_types)
takes in the place and ZIP code written right after it ("2289 Tideway Drive, Friendswood, TX"):
the address is masked whole, its value stays the street.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .base import Span
from .gazetteers import condition_with_tails
from .words import BODY_PARTS, MODIFIER_NOISE, QUALIFIERS, ZIP_AFTER

MAX_WORDS = 3
# Modifiers the value leaves out but the phrase keeps: how often, how many, how much.
_PHRASE_MODIFIERS = frozenset(
    "daily weekly biweekly monthly bimonthly quarterly yearly nightly two three four five six several multiple "
    "partial total".split()
)
# Words that end a phrase on its left: what is in modifier_noise.txt (function words, verbs of
# claims and visits), less the modifiers above, and more verbs that introduce a treatment.
PHRASE_STOP = (MODIFIER_NOISE - _PHRASE_MODIFIERS) | frozenset(
    "prescribed administered ordered authorized authorised requested proposed discontinued initiated "
    "attempted tried pursued trialed approve approves deny denies need covers cover continue "
    "continues start starts begin begins receive receives undergo undergoes require "
    "recommend recommends include includes involve involves affect affects "
    "treat treats treated treating manage manages managing prevent prevents control controls relieve relieves "
    "reduce reduces address addresses note notes noted show shows showed reveal reveals revealed indicate "
    "indicates indicated confirm confirms confirmed report reports reported suggest suggests suggested "
    "described discussed attended documented mentioned took take takes taking experienced suffered sustained "
    "developed presented has have had his her their its them him "
    "may might will would should could can must our your my we they he she it "
    "patient's member's claimant's one "
    # "rule out multiple sclerosis", "ruled out MI": the condition is what follows
    "out "
    # words that judge a person's work, not name it ("trained midwives", "experienced welder")
    "trained qualified experienced skilled".split()
)
# A word of the phrase: lower case ("refractory", "vns-related"), an upper-case code joined by a
# hyphen ("VNS-related", "L4-L5"), a count of days to years ("6-week"), or a genus's initial.
_WORD_BEFORE = re.compile(
    r"(?<![\w'’.-])([a-z][a-z]+(?:-[a-z]+)*|[A-Z][A-Z0-9]+(?:-[A-Za-z0-9]+)+|\d{1,3}-(?:day|week|month|year)"
    # a genus by its initial before the species: "S. aureus bacteraemia", "E. coli sepsis"
    r"|[A-Z]\.)[ \t]+$"
)
# How a dose is given and how often, as prescriptions write them after it: a route ("PO", "SC",
# "IM", "ODT") and a frequency ("bd", "tds", "nocte", "q8h", "every 2 weeks", "x 10 days").
_ROUTE = r"(?:po|iv|ivi|sc|s/c|im|sl|pr|odt|inh|neb|top|oral|orally|subcut|subcutaneously|intravenously)"
_FREQUENCY = (
    r"(?:once[ \t]+daily|twice[ \t]+daily|(?:three|four)[ \t]+times[ \t]+(?:daily|a[ \t]+day)|(?:once|twice)[ \t]+"
    r"(?:a|per)[ \t]+(?:day|week|month)|daily|nightly|weekly|monthly|fortnightly|"
    r"bd|bid|tds|tid|qds|qid|od|qd|qhs|qam|qpm|nocte|mane|prn|stat|q[ \t]?\d{1,2}[ \t]?(?:h|hrs?|hourly|w|wks?|weeks?)|"
    r"every[ \t]+(?:\d{1,2}|two|three|four|six|other|second)[ \t]+(?:hours?|days?|weeks?|months?)|"
    r"(?:at[ \t]+)?(?:night|bedtime))"
)
# (a count alone only up to 9: "x2" doses given; "x28", "x60" are the tablets a pack holds)
_COURSE = (r"(?:[x×][ \t]?(?:\d{1,3}[ \t]?(?:d|days?|wks?|weeks?|mo|months?|doses?|sessions?)|\d(?!\d))|"
           r"for[ \t]+\d{1,3}[ \t]+(?:days?|weeks?|months?))")
# What a prescription writes after the drug, each part optional, in this order: a release
# formulation ("ER", "XR"), the dose, the form ("caps", "1% cream", "nasal spray"), the route and
# how often ("quetiapine XR 50 mg PO nocte", "salbutamol PRN", "metformin tablets").
_FORM = (r"(?:caps(?:ules?)?|capsules?|tabs?|tablets?|drops|eye[ \t]+drops|cream|ointment|oint|gel|lotion|foam|patch(?:es)?|"
         r"nasal[ \t]+spray|spray|inhaler|pen|pre-filled[ \t]+pen|auto-?injector|suspension|solution|syrup|suppositor(?:y|ies))")
DOSE_AFTER = re.compile(
    r"(?:[ \t]+(?:ER|XR|SR|XL|CR|DR|LA|MR)(?![\w-]))?"
    r"(?:[ \t]+\d+(?:\.\d+)?[ \t]?(?:mg|mcg|µg|g|ml|mL|IU|units?|%)(?![\w%])"
    # a dose by weight or body surface ("5 mg/kg", "375 mg/m2") is one dose, as is one a day ("16 mg/d")
    r"(?:/(?:kg|m2|m²|d|day)(?![\w]))?)?"
    rf"(?i:[ \t]+{_FORM}(?![\w-]))?"
    # what is done with the drug, named with it: "a dexamethasone taper", "folinate rescue", "digoxin levels"
    r"(?i:[ \t]+(?:taper|rescue|bridge|levels?|bloods)(?![\w-]))?"
    rf"(?i:[ \t]+{_ROUTE}(?![\w/]))?"
    rf"(?i:[ \t]+{_FREQUENCY}(?![\w]))?"
    # how long or how many times, last: "x 12 days", "x5d", "x2", "for 9 weeks"
    rf"(?i:,?[ \t]+{_COURSE}(?![\w/]))?"
)
_LOOKBACK = 80
# Codes and pathogens' names: no phrase around them ("culture Coccidioides ..." names no kind of it).
_CODES = frozenset({"diagnosis_code", "pathogen"})
# after a word that opens the treatment's phrase, or the start of a field: "Plan: left mastectomy",
# "s/p right knee replacement"; not "She left physiotherapy", "was right chemotherapy"
_SIDE_BEFORE = re.compile(
    r"(?:^|[:;,(]|(?<![\w-])(?i:a|an|the|her|his|their|of|for|s/p|and|with|after|before|planned|plus|request|underwent))"
    r"[ \t]*((?i:left|right|bilateral))[ \t]+$")

_ROUTE_BEFORE = re.compile(
    r"(?<![\w/-])(IV|IM|SC|PO|(?i:oral|intranasal|intravenous|intramuscular|subcutaneous|topical|intrathecal|intravitreal|inhaled|"
    r"nebuli[sz]ed))[ \t]+$")

# The side in a clinician's shorthand, in capitals: "R parietal stroke", "L ankle fracture",
# "Bilat heel ulcers", "R 3rd toe amputation" (the labelled sets take it in
# 27 times, leave it out once). Not after an initial's full stop or inside a code.
_SIDE_SHORTHAND_BEFORE = re.compile(r"(?<![\w./-])(R|L|Rt|Lt|Bilat|bilat|B/L)[ \t]+(?:\d(?:st|nd|rd|th)[ \t]+)?$")


def _side_shorthand_before(text: str, start: int, left_limit: int) -> int:
    m = _SIDE_SHORTHAND_BEFORE.search(text, max(0, start - 12), start)
    return m.start(1) if m and m.start(1) >= left_limit else start


def widen(text: str, spans: list[Span], types: frozenset[str]) -> list[Span]:
    """The spans (sorted by start, disjoint among the atomic ones) with those of `types` grown
    over their phrase; a span never grows into another span."""
    if not types or not any(s.type in types or s.type == "TREATMENT" for s in spans):
        return spans
    out: list[Span] = []
    skip = -1
    for i, s in enumerate(spans):
        if i <= skip:
            continue  # a place taken into the street address before it
        if s.type == "ADDRESS" and "ADDRESS" in types:
            place = _places_after(text, spans, i)
            if place is not None:
                end, skip = place
                out.append(Span(s.start, end, s.type, s.normalized, s.relevance, s.recognizer))
            else:
                out.append(s)
            continue
        if s.type == "TREATMENT" and s.type not in types:
            # the side of an operation or device ("left mastectomy", "right cochlear implant") is
            # masked with it even where treatments keep their other modifiers readable
            side = _SIDE_BEFORE.search(text, max(0, s.start - 30), s.start)
            left_limit = spans[i - 1].end if i else 0
            start = side.start(1) if side and side.start(1) >= left_limit else s.start
            # and so is how a drug is given, written before it ("IV ceftriaxone", "oral
            # prednisolone", "intrathecal nusinersen"), as the dose after it is
            route = _ROUTE_BEFORE.search(text, max(0, start - 20), start)
            start = route.start(1) if route and route.start(1) >= left_limit else start
            start = _side_shorthand_before(text, start, left_limit)
            out.append(Span(start, s.end, s.type, s.normalized, s.relevance, s.recognizer) if start != s.start else s)
            continue
        if s.type not in types or s.recognizer in _CODES:
            out.append(s)  # a code ("G47.411") has no phrase around it
            continue
        # disjoint and sorted by start, so sorted by end too: the neighbours bound the growth
        left_limit = spans[i - 1].end if i else 0
        right_limit = spans[i + 1].start if i + 1 < len(spans) else len(text)
        start = _grow_left(text, s.start, left_limit, s.end)
        if s.type == "MEDICAL_CONDITION":
            start = _side_shorthand_before(text, start, left_limit)
        end = s.end
        if s.type == "TREATMENT":
            m = DOSE_AFTER.match(text, s.end)
            if m and m.end() <= right_limit:
                end = m.end()
        elif s.type == "MEDICAL_CONDITION":
            # where and which kind, written after the condition the way clinicians do: ",
            # restricting type", ", right upper limb", "of the distal phalanx"
            while (m := _CONDITION_TAIL.match(text, end)) and m.end() <= right_limit:
                end = m.end()
            # the form ICD names with "with": "migraine with aura", "narcolepsy type 1 with cataplexy"
            if text.startswith(" with ", end) and (m := _with_tail().match(text, end)):
                if m.end() <= right_limit:
                    end = m.end()
                elif i + 1 < len(spans) and spans[i + 1].recognizer == "phenotype_term" and spans[i + 1].end <= m.end() \
                        and (i + 2 >= len(spans) or m.end() <= spans[i + 2].start):
                    # a finding the tail names ("migraine with aura", "... with cataplexy") is
                    # the form of the condition here, not a value of its own
                    end, skip = m.end(), i + 1
        if (start, end) == (s.start, s.end):
            out.append(s)
        else:
            out.append(Span(start, end, s.type, s.normalized, s.relevance, s.recognizer))
    return out


_ANATOMY = "|".join(sorted(BODY_PARTS | {"limb", "extremity", "phalanx", "digit", "forearm", "calf", "midfoot",
                                         "forefoot", "hindfoot", "side"}, key=len, reverse=True))
_CONDITION_TAIL = re.compile(
    r"(?:,[ \t]+[a-z]+(?:ive|ing|ed|ic|al)[ \t]+type"  # a subtype: ", restricting type"
    rf"|,[ \t]+(?:left|right|bilateral)(?:[ \t]+(?:upper|lower))?[ \t]+(?:{_ANATOMY})s?"  # ", right upper limb"
    rf"|[ \t]+of[ \t]+the[ \t]+(?:(?:left|right|distal|proximal|upper|lower|middle)[ \t]+){{0,2}}(?:{_ANATOMY})(?:s|es)?"
    # how severe, as a diagnosis's specifier is written after it: "cannabis use disorder, mild"
    r"|,[ \t]+(?:mild|moderate|severe)"
    # the side in shorthand before the part: "cellulitis R foot", "otitis externa L ear"
    rf"|[ \t]+(?:L|R|Lt|Rt|left|right|bilat)[ \t]+(?:{_ANATOMY})s?"
    # how many times: "emesis x5"
    r"|[ \t]+x[ \t]?\d{1,2}(?!\d)"
    # only where the item ends: "hypertension, left knee pain" is two items of a list
    r")(?=[ \t]*(?:[,;.)\n]|$))"
)


@lru_cache(maxsize=1)
def _with_tail() -> re.Pattern:
    tails = "|".join(re.escape(t).replace(r"\ ", r"[ \t]+") for t in sorted(condition_with_tails(), key=len, reverse=True))
    # only where the phrase ends: "diabetes with renal complications" is no "with renal"
    return re.compile(rf"[ \t]+with[ \t]+(?i:{tails or '(?!)'})(?=[ \t]*(?:[,;.)\n]|$))")


def _grow_left(text: str, start: int, limit: int, end: int | None = None) -> int:
    for _ in range(MAX_WORDS):
        m = _WORD_BEFORE.search(text, max(limit, start - _LOOKBACK), start)
        if m is None or m.start(1) < limit:
            break
        if not modifies(m.group(1)) or m.group(1).endswith(".") and not (
                text[start:start + 1].islower() and end is not None and len(text[start:end].split()) >= 2):
            break  # an initial only before a species' name that qualifies the condition ("S. aureus
            #        bacteraemia"), not before the condition itself ("seen by R. stroke team")
        start = m.start(1)
    # a compound adjective that opens the sentence, capitalised only for that: "Long-haul truck
    # driver", "Treatment-resistant depression" (a single capitalised word may be a name)
    m = _SENTENCE_OPENING_COMPOUND.search(text, max(limit, start - _LOOKBACK), start)
    if m is not None and m.start(1) >= limit and modifies(m.group(1)):
        start = m.start(1)
    return start


_SENTENCE_OPENING_COMPOUND = re.compile(r"(?:^|[.;:!?\n][ \t]*)([A-Z][a-z]+-[a-z]+)[ \t]+$")


def modifies(word: str) -> bool:
    """Whether a word written before a value can belong to its phrase (an adjective, a noun, a
    frequency), not a function word, a verb or an adverb."""
    low = word.lower()
    if low in QUALIFIERS and not low.endswith("ed") or low in _SIGN_PARTICIPLES:
        # "early glaucoma", "worsening psoriasis", "throbbing headache" (not "confirmed", "suspected":
        # what a record found, not the kind of condition)
        return True
    if low in PHRASE_STOP:
        return False
    # a hyphenated "-ing" word is an adjective ("pre-existing", "long-standing", "fast-growing")
    return not ((low.endswith("ly") and low not in _PHRASE_MODIFIERS) or low.endswith("ing") and "-" not in low)


# Words ending in -ing that describe a sign or a course as adjectives do ("throbbing headache",
# "ringing tinnitus", "stabbing pain", "relapsing-remitting" is hyphenated already): a word in
# -ing is otherwise taken for a verb ("treating diabetes", "causing pain") and ends the phrase.
_SIGN_PARTICIPLES = frozenset(
    "resting roaring ringing buzzing throbbing stabbing burning shooting crushing pounding piercing radiating "
    "aching gnawing cramping tingling disabling debilitating relapsing remitting recurring ongoing underlying "
    "evolving smouldering smoldering bleeding weeping oozing discharging scaling itching fluctuating "
    "escalating deteriorating".split()
)


_PLACE_GAP = re.compile(r",[ \t]*")


def _places_after(text: str, spans: list[Span], i: int) -> tuple[int, int] | None:
    """Where a street address ends when the places written right after it belong to it: (the end
    of the last, the index of the last span taken), else None. Up to three parts, each after a
    comma: a place or a postcode found already ("2289 Tideway Drive, Friendswood, TX 77546",
    "14 Thornfield Close, Alfreton DE55 4QT"), or a suburb or village the gazetteer does not know
    when a known part or a state's code and postcode follow it ("7/22 Matai Crescent, Roslyn,
    Palmerston North", "8 Wheelwright Lane, Bramhope, LS16 9AB", "57 Bargara Rd, Kepnock QLD 4670")."""
    end, j, taken = spans[i].end, i, False
    for _ in range(3):
        gap = _PLACE_GAP.match(text, end)
        if gap is None:
            break
        at = gap.end()
        nxt = spans[j + 1] if j + 1 < len(spans) else None
        limit = spans[j + 2].start if j + 2 < len(spans) else len(text)
        if nxt is not None and nxt.start == at and _is_place(nxt):
            end, j, taken = _with_zip(text, nxt.end, limit), j + 1, True
            continue
        part = _UNKNOWN_PART.match(text, at)
        if part is None or nxt is not None and part.end() > nxt.start:
            break  # no part, or one that runs into another value ("12 Elm Road, Dr Ray Lim, ...")
        code = _postcode_after_town().match(text, part.end())
        if code is not None and (nxt is None or code.end() <= nxt.start):
            end, taken = code.end(), True
            continue
        then = _PLACE_GAP.match(text, part.end())
        if then is not None and nxt is not None and nxt.start == then.end() and _is_place(nxt):
            end, j, taken = _with_zip(text, nxt.end, limit), j + 1, True
            continue
        break
    return (end, j) if taken else None


def _is_place(span: Span) -> bool:
    return span.type == "LOCATION" or span.recognizer == "postcode"


def _with_zip(text: str, end: int, limit: int) -> int:
    """After an address's town: its ZIP code, a state's code and postcode ("Kingsville, TX 78363"),
    or a postcode of four or six digits as New Zealand, South Africa, India or Singapore write
    them ("Worcester, 6850", "Tapanui 9522", "Mysuru 570001"; no year: "Leeds, 2019")."""
    zip_code = ZIP_AFTER.match(text, end) or _postcode_after_town().match(text, end)
    return zip_code.end() if zip_code and zip_code.end() <= limit else end


@lru_cache(maxsize=1)
def _postcode_after_town() -> re.Pattern:
    """A state's or a province's code and a postcode after a town, with or without a comma
    ("Kepnock QLD 4670", "Ely NV 89301", "Kingsville, TX 78363"), or a bare postcode of four or six
    digits (built on first use: locations.py imports what imports this module)."""
    from .locations import REGION_CODES, US_STATE_CODES

    codes = "|".join(sorted(US_STATE_CODES | REGION_CODES))
    # a bare number only where the address ends: "Springfield 1200 mg daily", "Hull 0900 appointment"
    # and "Bristol, 1250.00 billed" are amounts and times
    return re.compile(rf",?[ \t]+(?:(?:{codes})[ \t]+\d{{4,5}}(?:-\d{{4}})?(?![\w-])"
                      rf"|(?:(?!(?:19|20)\d\d(?!\d))\d{{4}}|\d{{6}})(?=[ \t]*(?:$|\n|[,;)]|\.(?!\d))))")


# A suburb's or a village's name: one to three capitalised words ("Roslyn", "Glen Eden"), in small
# letters after the capital (not addresses' town pattern, whose words may be all capitals: "Kepnock
# QLD" would be one name and its state's code lost).
_UNKNOWN_PART = re.compile(r"[A-Z][a-z\u00c0-\u024f'’-]+(?:[ \t][A-Z][a-z\u00c0-\u024f'’-]+){0,2}(?![\w-])")

