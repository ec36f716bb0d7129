"""Shapes and word lists more than one recognizer uses: capitalised words, the words that
never start a name or an organisation, phrases of n words, and head-noun trimming."""

from __future__ import annotations

import re
from functools import lru_cache

from ...normalize import MONTHS, fold
from ..ngrams import plural_stem
from .gazetteers import data_terms


def letter_class(test) -> str:
    """A character class of the Latin letters (ASCII, Latin-1, Extended-A/B, Extended Additional)
    that pass test: str.isupper or str.islower. Built once, so Łukasiewicz, Núñez and Nguyễn count."""
    chars = [chr(c) for c in (*range(0x41, 0x250), *range(0x1E00, 0x1F00)) if chr(c).isalpha() and test(chr(c))]
    ranges: list[list[str]] = []
    for ch in chars:
        if ranges and ord(ch) == ord(ranges[-1][1]) + 1:
            ranges[-1][1] = ch
        else:
            ranges.append([ch, ch])
    return "[" + "".join(a if a == b else f"{a}-{b}" for a, b in ranges) + "]"


UPPER = letter_class(str.isupper)
LOWER = letter_class(str.islower)
# The longest word of a name the patterns of capitalised words read, with the marks inside it:
# hyphenated names of bodies reach 41 characters ("Rheinische-Friedrich-Wilhelms-Universität"),
# a Welsh village's 58 ("Llanfairpwllgwyngyll...gogoch"); the tuned-on sets' longest is 36.
# Why a bound: a pattern may start a name at every capital of a run without a space ("A.A.A.",
# "O'B'C'", "A&B&C&": after a full stop, an apostrophe or an ampersand a word may begin), and an
# unbounded word ran each of those starts to the run's end and back: the time went with the
# square of the run's length (80,000 characters of "A.A." took the provider rule 36 s). A bounded
# word reads at most this many characters from each start, so the time grows with the run's
# length; a longer token is read, if at all, from a capital within reach of its end. (A
# possessive quantifier or an atomic group stops only the reading back, not the reading on.)
LONGEST_WORD = 60


def word_tail(chars: str, least: int = 0) -> str:
    """The rest of a word after its first letter: from `least` to LONGEST_WORD - 1 characters of
    the class `chars`. The patterns that may start a word at any capital read it with this, not
    with `*` or `+` (see LONGEST_WORD)."""
    return f"{chars}{{{least},{LONGEST_WORD - 1}}}"


# A capitalised word of a name, with the letters of other languages' alphabets ("Rātāroa", "Łódź")
CAP = UPPER + word_tail(r"[A-Za-z\u00c0-\u024f\u1e00-\u1eff'&.-]")
# Words that end a publication's title: "the New England Nursing Journal" (not "Review": "Texas
# Utilization Review" is an insurer's process).
PUBLICATION_WORDS = "Journal|Quarterly|Magazine|Newsletter|Gazette"
LEADING_NOISE = {
    "the", "a", "an", "at", "in", "from", "to", "by", "with", "of", "for", "and", "our", "their",
    "his", "her", "its", "this", "that", "new", "internal", "memo", "patient", "patients",
}
# Capitalised words that never begin or belong to a name (months, form words, job-title words).
STOP_CAPITALS = data_terms("stop_capitals.txt")
# What fills a form's field that says nothing ("Department: N/A", "Occupation: none", "See
# attached"): the field gives no value.
EMPTY_FIELD = frozenset("none n/a na n.a. tbc tbd same see not unknown other various all any pending nil".split())
# Words that head a phrase found by a head-noun rule but add nothing identifying.
MODIFIER_NOISE = data_terms("modifier_noise.txt")
# Parts of the body, for the place of a procedure ("knee arthroscopy").
BODY_PARTS = data_terms("body_parts.txt")
BOOST_ADJECTIVES = {"rare", "experimental", "unusual", "uncommon", "orphan", "novel", "unique"}
# Clinical qualifiers of course, severity and side: "refractory epilepsy" in one record and
# "epilepsy" in the next are one condition, so the value leaves them out (the mask span keeps
# them where the preset widens spans: widen.py).
QUALIFIERS = frozenset(
    "acute chronic severe mild moderate refractory recurrent persistent progressive controlled uncontrolled "
    "stable unstable worsening bilateral unilateral left right advanced early late suspected probable "
    "confirmed resistant intractable episodic intermittent active residual secondary primary".split()
)
# How intense, urgent or usual a treatment is ("intensive", "conservative", "elective"): said of
# many people's treatments, so a treatment's mask span starts after them and they stay readable.
TREATMENT_QUALIFIERS = QUALIFIERS | frozenset(
    "intensive aggressive extended prolonged conventional standard conservative adjunctive adjuvant palliative "
    "supportive urgent emergency elective routine outpatient inpatient specialized specialised intensified".split()
)
# Head nouns that say nothing on their own ("therapy", "disease"); a modifier makes them specific.
# First the heads of care given (TREATMENT_HEAD), then those of what a person has.
_TREATMENT_HEADS = (
    r"therap(?:y|ies)|infusions?|surger(?:y|ies)|transplant(?:ation)?|rehabilitation|injections?|"
    r"replacement|procedures?|treatments?|medications?|implant|resection|amputation|ablation|stent|"
    r"bypass|grafting|repair|reconstruction|fusion|stimulation|stimulator|decompression|supplements?|regimen|shunt|"
    r"monitor|pump|brace|orthosis|prosthesis|wheelchair|concentrator|pacemaker|defibrillator|catheter|"
    r"drainage|biops(?:y|ies)|debridement|emboli[sz]ation|ligation|transfusions?|catheteri[sz]ation|cardioversion|"
    r"lithotripsy|pacing|ventilation|intubation|implantation|feeding|graft|flap|excision|rehab|counsell?ing|splint")
TREATMENT_HEAD = re.compile(rf"(?:{_TREATMENT_HEADS})s?")
GENERIC_HEAD = re.compile(
    rf"(?:{_TREATMENT_HEADS}|"
    r"dementia|damage|fracture|tear|rupture|stenosis|aneurysm|"
    r"disease|disorder|syndrome|deficiency|failure|cancer|carcinoma|infection|injury|"
    r"insufficiency|dysfunction|palsy|dystrophy|fibrosis|sclerosis|tumou?r|lesion|conditions?|"
    r"instability|laxity|erosion|disturbance|intolerance|impairment|deformity|dislocation|cyst|nodule|effusion|"
    r"toxicity|overdose|poisoning|sprain|strain|laceration|contusion|illness|symptom|sign)s?"
)
BOOST_WORDS = re.compile(r"\b(?:rare|experimental|unusual|uncommon|orphan|novel|unique|only|first)\b", re.I)


_WORD = re.compile(r"[^\W_][\w'-]*")  # letters of any script: "Łódź", "Zürich" are one word each


_last_words: tuple[str, list[tuple[int, int, str, str]]] | None = None


def words_of(text: str) -> list[tuple[int, int, str, str]]:
    """(start, end, word, lower-cased word) for every word of text. Kept for the last text
    asked about: the recognizers that look words up in a word list (conditions, treatments,
    places, nationalities) each read the same text in turn, and splitting it four times was a
    tenth of the extractor's time. (One tuple, swapped in one assignment: safe across threads.)"""
    global _last_words
    last = _last_words
    if last is not None and last[0] is text:
        return last[1]
    words = [(m.start(), m.end(), w, w.lower()) for m in _WORD.finditer(text) for w in (m.group(0),)]
    _last_words = (text, words)
    return words


def ngrams(text: str, max_n: int, capitalised: bool = False, starts: frozenset[str] | None = None):
    """(start, end, lower-case phrase) of word n-grams up to max_n, within a sentence; with
    `starts`, only those whose first word (lower-cased) is one of them (`first_words` of the
    terms looked up: no other n-gram can be one, and most words begin none)."""
    words = words_of(text)
    for i in range(len(words)):
        if capitalised and not words[i][2][0].isupper():
            continue
        if starts is not None and words[i][3] not in starts:
            continue
        for n in range(1, max_n + 1):
            j = i + n - 1
            if j >= len(words):
                break
            gap = text[words[j - 1][1]:words[j][0]] if n > 1 else ""
            if n > 1 and (gap.strip() not in ("",) or "\n\n" in gap):
                break  # do not cross punctuation or paragraph breaks
            if capitalised and not words[j][2][0].isupper():
                break
            start, end = words[i][0], words[j][1]
            yield start, end, text[start:end].lower()


def gazetteer_ngrams(text: str, max_n: int, first_words: frozenset[str], british: bool):
    """The word n-grams of `ngrams(text, max_n)` that can name a term of a gazetteer whose terms
    begin with `first_words` (`in_gazetteer`'s rules): an n-gram whose first word begins no term
    cannot be one, unless it is a single word that may be a term's plural, or a British spelling
    that may become a term's first word. The same phrases in the same order, without building
    the others: every word n-gram of the corpus was 20% of the extractor's time."""
    words = words_of(text)
    for i, (start, end, _, word) in enumerate(words):
        if word in first_words or british and ("ae" in word or "oe" in word) \
                or word[-2:] in _POSSESSIVE_ENDINGS and word[:-2] in first_words:  # "Canavan's disease"
            for j in range(i, min(i + max_n, len(words))):
                if j > i:
                    gap = text[words[j - 1][1]:words[j][0]]
                    if gap.strip() or "\n\n" in gap:
                        break  # do not cross punctuation or paragraph breaks
                yield start, words[j][1], text[start:words[j][1]].lower()
        elif word.endswith("s"):
            yield start, end, word


_POSSESSIVE_ENDINGS = ("'s", "’s")
_POSSESSIVE = re.compile(r"(?<=\w)['’]s(?= )")


@lru_cache(maxsize=16)  # a few gazetteers, each asked for every text
def first_words(terms: frozenset[str]) -> frozenset[str]:
    return frozenset(t.split(" ", 1)[0] for t in terms)


# A US ZIP code written after a place: "Prescott AZ 86301", "Friendswood, TX 77546".
ZIP_AFTER = re.compile(r",?[ \t]+\d{5}(?:-\d{4})?(?![\w-])")
# "the" right before a span ("the late June Harris", "The Hospital turned 100").
THE_BEFORE = re.compile(r"(?i:\bthe)[ \t]+$")
# British and Commonwealth spellings of medical words ("haemophilia", "oesophageal", "coeliac",
# "amenorrhoea", "paediatric") -> the American spelling the gazetteers use, so one condition
# written both ways in two records is one value.
_BRITISH_DIGRAPH = re.compile(r"(?<=[a-z])ae(?=[a-z])|(?<![a-z])ae(?=[a-z]{3})|(?<=[a-z])oe(?=[a-z])|(?<![a-z])oe(?=[sd])")


# The stems British spelling writes with the digraphs, to test a text for them once (substring
# tests: a regex of them cost 3% of the extractor's time).
_BRITISH_STEMS = ("haem", "aemi", "paed", "oedem", "oesoph", "oestr", "rrhoe", "pnoe", "coeli", "foet", "caes", "gynaec",
                  "praev", "aetiol", "ischaem", "leukaem", "anaes")


def writes_british(text: str) -> bool:
    lower = text.lower()
    return any(stem in lower for stem in _BRITISH_STEMS)


@lru_cache(maxsize=1 << 16)  # the same word n-grams ("does", "goes") recur in every document
def _american(phrase: str) -> str:
    return _BRITISH_DIGRAPH.sub("e", phrase)


def in_gazetteer(phrase: str, terms: frozenset[str]) -> str | None:
    """The gazetteer term a phrase names, in the plural too ("cardiac arrhythmias" -> "cardiac
    arrhythmia"), so both forms become one value; a bare generic head ("injury") is no value."""
    if phrase in terms:
        term = phrase
    elif "'s " in phrase or "’s " in phrase:
        # a condition named after someone, written with the possessive ("Canavan's disease")
        # where the gazetteer has it without: one value
        bare = _POSSESSIVE.sub("", phrase)
        return in_gazetteer(bare, terms) if bare != phrase else None
    elif ("ae" in phrase or "oe" in phrase) and _american(phrase) != phrase:
        return in_gazetteer(_american(phrase), terms)
    elif phrase.endswith("s"):  # the cheap test first: this runs for every word n-gram of the corpus
        head, _, last = phrase.rpartition(" ")
        term = f"{head} {plural_stem(last)}" if head else plural_stem(last)
        if term not in terms:
            return None
    else:
        return None
    return None if " " not in term and GENERIC_HEAD.fullmatch(term) else term  # "injuries": too generic


def trim_modifiers(text: str, start: int, end: int) -> tuple[int, int, str]:
    """Drop leading function words from a head-noun phrase ("received gene therapy" -> "gene therapy")."""
    span = text[start:end]
    words = span.split()
    offset = 0
    while words and words[0].lower() in MODIFIER_NOISE:
        offset = span.find(words[1], offset + len(words[0])) if len(words) > 1 else len(span)
        words = words[1:]
    if not words:
        return start, end, ""
    return start + offset, end, fold(" ".join(words))


def drop_first_word(text: str, start: int, end: int) -> tuple[int, str]:
    span = text[start:end]
    first = span.split()[0]
    rest = span.find(span.split()[1], len(first)) if len(span.split()) > 1 else len(span)
    return start + rest, fold(span[rest:])


_WORD_BEFORE = re.compile(r"([^\W\d_]+)[^\w\n]{0,3}$")
_WORD_AFTER = re.compile(r"[^\w\n]{0,3}([^\W\d_]+)")


def capitals_beside(text: str, start: int, end: int, known: frozenset[str] = frozenset()) -> bool:
    """Whether the word just before or just after text[start:end] is written in capitals (and is
    not one of `known`: initials of the same kind side by side are a list, "ECMO, CRRT and TPN")."""
    before = _WORD_BEFORE.search(text, max(0, start - 40), start)
    after = _WORD_AFTER.match(text, end)
    return any(m is not None and len(m.group(1)) >= 2 and m.group(1).isupper() and m.group(1) not in known
               for m in (before, after))


# Numbers written as words, as terms and durations give them ("twelve years", "twenty-two days").
NUMBER_WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen "
    "eighteen nineteen twenty".split())} | {"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
                                           "eighty": 80, "ninety": 90}
_TENS = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
_UNITS = "one|two|three|four|five|six|seven|eight|nine"
# A count in digits or words: "12", "twelve", "twenty-two".
NUMBER = (rf"(?:\d{{1,3}}|(?:{_TENS})(?:-(?:{_UNITS}))?|"
          + "|".join(sorted((w for w in NUMBER_WORDS if w not in _TENS.split("|")), key=len, reverse=True)) + ")")


# A count in words only: "twelve", "twenty-two".
NUMBER_IN_WORDS = NUMBER.replace(r"\d{1,3}|", "", 1)


def number_value(word: str) -> int | None:
    """ "12" -> 12, "twelve" -> 12, "twenty-two" -> 22; None for anything else."""
    word = word.lower()
    if word.isdigit():
        return int(word)
    if word in NUMBER_WORDS:
        return NUMBER_WORDS[word]
    tens, _, unit = word.partition("-")
    if unit and tens in _TENS.split("|") and unit in _UNITS.split("|"):
        return NUMBER_WORDS[tens] + NUMBER_WORDS[unit]
    return None

# Months and days, written out and short ("in Nov", "at Sat", "on Monday St"): towns and streets
# share some of their names.
CALENDAR_WORDS = frozenset(MONTHS) | frozenset(
    "monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun".split())
# Holidays and seasons of the church year, named like towns ("at Christmas", "in Lent": Christmas,
# FL; Lent, France). Not calendar words for every reader: "Easter Road" is a street.
HOLIDAYS = frozenset(
    "christmas xmas easter thanksgiving halloween hanukkah passover ramadan diwali lent advent pentecost whitsun".split())
