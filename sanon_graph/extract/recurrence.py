"""Corpus-level passes over the extractors' findings, before the graph is built.

Things per-document extraction cannot see, because they only show across documents:

1. *Type reconciliation.* The same value typed differently in two documents ("PT-5316-9C" as
   a patient ID in a claim and as a case number in an audit) would become two entities and
   never link the documents, although an attacker matches the string, not the type. Every
   value gets the highest-weight type it was given anywhere (ties by type name), and at least
   the relevance that type's findings gave it.
2. *Recurrence* (the offline analogue of METHOD 2.2's context-aware pass). A value found in
   one document is looked up in every other document, whole words and any case, through one
   index of word sequences (SpellingIndex): "Participant Rex Salam" or "Gerald Babic's" are found once
   "Rex Salam" or "Gerald Babic" were extracted anywhere. Facility names are also looked up
   without their generic head ("Brookvale" for "Brookvale Clinic"), capitalised only; conditions
   and treatments by their initials ("IPF" for "idiopathic pulmonary fibrosis"), in capitals only,
   and a condition named after someone by that name ("Krabbe's"), capitalised only. Every
   spelling a document writes is a finding of its own, so each is a variant to mask.
   Short forms of one person are spellings of the full name, not values of their own: a
   clinician's titled surname ("Dr. Robles") and a name with an initial ("S. Keegan"), when one
   full name of that surname (and initial, type and sex) is in the corpus; so is a person's first
   name alone ("Dear Ottilie"), when one full name starts with it and the corpus never writes it
   as a word. A place in a publication's title ("the New England Nursing Journal") is not found
   again. A value of a naming kind found only with a capital is found again only where the text
   has one ("THE FACTS" read as a body must not make every "facts" one).
   Values that mean something else out of context are not propagated: they need a letter
   and four characters, so ages, years and bare numbers stay with the extractor's context
   rules.
3. *Plurals.* "degenerative retinal disorders" and "... disorder" are one condition when both
   forms occur.

All passes change only findings, so everything downstream (the verbatim guard, the graph,
redaction) treats their results like any extractor's. Ranges that contain a value are a pass
of their own (intervals.py).
"""

from __future__ import annotations

import re
from collections import defaultdict
from functools import lru_cache

from ..forked import forked_map, worth_forking
from ..models import Document, ExtractedEntity
from ..normalize import casefold_key
from ..schema import EntitySchema
from .ngrams import plural_stem
from .recognizers.clinicians import ANY_CREDENTIAL
from .recognizers.gazetteers import gazetteers
from .recognizers.locations import PUBLICATION_AFTER
from .recognizers.names import PERSON_WORDS
from .recognizers.providers import HEADS_WRITTEN_FIRST
from .recognizers.words import STOP_CAPITALS, capitals_beside

Findings = dict[str, list[ExtractedEntity]]

_HAS_LETTER = re.compile(r"[^\W\d_]")
_TOKEN = re.compile(r"\w+")
MIN_PROPAGATED_LENGTH = 4

# The generic last word of a facility name; what is left names the facility on its own.
_FACILITY_HEADS = frozenset(
    "clinic clinics hospital hospitals center centre centers institute network system health healthcare "
    "rehabilitation rehab urology oncology cardiology dermatology orthopedics orthopaedics pediatrics "
    "radiology neurology gastroenterology psychiatry rheumatology endocrinology nephrology pulmonology "
    "associates practice pharmacy laboratory laboratories labs hospice infirmary physicians group "
    # what a name says of the kind of body, not which one: "Eastholm Royal Infirmary", "Bluewater
    # Home Infusion", "Hollow Oaks Recovery Center", "Saint Oswin's Private Hospital" are named
    # "Eastholm", "Bluewater" ... alone. Not an insurer's words ("Mutual", "Life", "Assurance";
    # "Medical" and "Services" end insurers' names too, "Albion Mutual Medical"): one insurer
    # covers many people, and its name found in more records links them to each other.
    "royal private children childrens women womens home infusion recovery & and dental surgical "
    # the kind of home: "Willow Bend Care Center", "Larkspur Glen Memory Care", "Elm Court
    # Assisted Living" are "Willow Bend", "Larkspur Glen", "Elm Court" in a relative's letter ("Care" only
    # with another of these words: an insurer sells "Quillfeather Mutual Care", _CARE_OF_A_HOME)
    "memory nursing assisted living senior skilled".split()
)
# A stem that is one of these is too common to stand for a facility on its own.
_WEAK_STEMS = frozenset(
    "the a an general medical national regional community university memorial central city county "
    "state north south east west new saint st family womens children's childrens public primary "
    "specialty advanced care health mercy valley summit senior memory nursing assisted living skilled".split()
)


_key = casefold_key


def reconcile_types(findings: Findings, schema: EntitySchema, clinician_type: str = "NAME") -> int:
    """Give every value the highest-weight type it has anywhere, with the relevance that type's
    findings gave it (an identifier is as identifying in the audit that did not call it a
    patient ID as in the claim that did); returns the findings retyped. One exception: a name
    the corpus calls a clinician somewhere ("Dr. Elena Robles") is the clinician everywhere
    (`clinician_type`, when the preset types clinicians apart from NAME): the same person
    named without the title in another record is still the doctor, not a patient."""
    types_of: dict[str, dict[str, float]] = defaultdict(dict)
    for items in findings.values():
        for f in items:
            if f.type in schema:
                relevance = types_of[_key(f.normalized or f.original)]
                relevance[f.type] = max(relevance.get(f.type, 0.0), f.relevance)
    winner = {}
    for value, relevance in types_of.items():
        if len(relevance) > 1:
            if clinician_type != "NAME" and {clinician_type, "NAME"} <= relevance.keys():
                relevance.pop("NAME")
            best = max(relevance, key=lambda t: (schema.weight(t), t))
            winner[value] = (best, relevance[best])
    if not winner:
        return 0

    def retype(f: ExtractedEntity) -> ExtractedEntity | None:
        best = winner.get(_key(f.normalized or f.original))
        if best is None or best[0] == f.type:
            return None
        return ExtractedEntity(f.original, f.normalized, best[0], max(f.relevance, best[1]))

    return _rewrite(findings, retype)


def _rewrite(findings: Findings, change) -> int:
    """Replace every finding change() returns a new one for (None: keep it); returns how many."""
    changed = 0
    for doc_id, items in findings.items():
        updated = []
        for f in items:
            new = change(f)
            if new is not None:
                f = new
                changed += 1
            updated.append(f)
        findings[doc_id] = updated
    return changed


# Types whose values are common-noun phrases, where "disorders" and "disorder" are one value.
# Names, IDs and places are left alone: "John Adams" is not "John Adam".
PLURAL_FOLDED_TYPES = frozenset({"MEDICAL_CONDITION", "TREATMENT", "INDIRECT_IDENTIFIER", "EVENT", "UNIQUE_FACT"})
# Types whose values are written in lower case in running text, and capitalised only where a
# sentence or a heading starts ("Chronic fatigue syndrome was ..."): found again in any case.
COMMON_NOUN_TYPES = PLURAL_FOLDED_TYPES | {"DEMOGRAPHIC", "OCCUPATION"}


def merge_plural_variants(findings: Findings, types: frozenset[str] = PLURAL_FOLDED_TYPES) -> int:
    """Where a value occurs both in the singular and in the plural ("degenerative retinal
    disorder(s)"), every finding gets the shortest form; returns the findings renamed. Only
    forms that both occur are merged, so a word that merely looks plural ("diabetes") is never
    cut down to a stem nobody wrote."""
    return _merge_forms(findings, types, lambda value: " ".join(plural_stem(w) for w in value.split()),
                        lambda _, values: min(values, key=lambda v: (len(v), v)))


def _merge_forms(findings: Findings, types: frozenset[str], form_of, choose) -> int:
    """Values of one type that have one form (form_of: the plural stems, the American spelling)
    and that the corpus writes two ways or more become the one value choose(form, values) picks;
    returns the findings renamed. Each value is looked at once: a large corpus repeats most."""
    values = {(f.type, f.normalized) for items in findings.values() for f in items if f.type in types}
    forms: dict[tuple[str, str], set[str]] = defaultdict(set)
    for entity_type, value in values:
        forms[(entity_type, form_of(value))].add(value)
    return _rename_values(findings, {(entity_type, value): choose(form, written)
                                     for (entity_type, form), written in forms.items() if len(written) > 1
                                     for value in written})


def _rename_values(findings: Findings, target_of: dict[tuple[str, str], str]) -> int:
    """Every finding whose (type, value) target_of names gets that value, its spelling kept (to
    be masked as written); returns how many were renamed."""
    if not target_of:
        return 0

    def rename(f: ExtractedEntity) -> ExtractedEntity | None:
        target = target_of.get((f.type, f.normalized))
        if target is None or target == f.normalized:
            return None
        return ExtractedEntity(f.original, target, f.type, f.relevance)

    return _rewrite(findings, rename)


def merge_phone_forms(findings: Findings, phone_type: str = "PHONE_NUMBER") -> int:
    """A number written in its country's own form in one record ("020 7946 0958") and with its
    country code in another ("+44 20 7946 0958") is one value: the national form gets the
    international one found in the corpus, when exactly one international number is written so
    at home (the phone recognizer cannot tell a national number's country where the preset's
    regions leave two readings). Returns the findings renamed."""
    international = {f.normalized for items in findings.values() for f in items
                     if f.type == phone_type and f.normalized.startswith("+")}
    if not international:
        return 0
    import phonenumbers

    at_home: dict[str, set[str]] = defaultdict(set)
    for number in international:
        try:
            parsed = phonenumbers.parse(number)
        except phonenumbers.NumberParseException:
            continue
        national = re.sub(r"\D", "", phonenumbers.format_number(parsed, phonenumbers.PhoneNumberFormat.NATIONAL))
        if national.startswith("0"):  # a trunk 0: the forms national numbers are left in
            at_home[national].add(number)
    return _rename_values(findings, {(phone_type, national): next(iter(numbers))
                                     for national, numbers in at_home.items() if len(numbers) == 1})


# British and American spellings of one word ("centre"/"center", "tumour"/"tumor", "haemophilia"/
# "hemophilia", "paediatric"/"pediatric", "oesophageal"/"esophageal"): the spellings at the start
# of a word or whole words, folded to the American one for comparison only.
_AMERICAN = {
    "centre": "center", "theatre": "theater", "fibre": "fiber", "litre": "liter", "programme": "program",
    "tumour": "tumor", "labour": "labor", "behaviour": "behavior", "colour": "color", "odour": "odor",
    "haem": "hem", "anaem": "anem", "leukaem": "leukem", "septicaem": "septicem", "ischaem": "ischem",
    "paed": "ped", "orthopaed": "orthoped", "gynaec": "gynec", "anaes": "anes", "oesoph": "esoph",
    "oedem": "edem", "oestr": "estr", "foet": "fet", "diarrhoea": "diarrhea", "dyspnoea": "dyspnea",
    "coeliac": "celiac", "ageing": "aging", "catalogue": "catalog"}
_BRITISH = re.compile(r"\b(" + "|".join(sorted(_AMERICAN, key=len, reverse=True)) + ")")
# Types whose values are words a record may spell either way (not names, identifiers or dates).
SPELLING_FOLDED_TYPES = PLURAL_FOLDED_TYPES | {"PROVIDER", "ORGANISATION", "DEMOGRAPHIC", "OCCUPATION"}


def american_spelling(value: str) -> str:
    """The value with its British spellings written the American way ("paediatric centre" ->
    "pediatric center"); for comparing two values, never for writing one."""
    return _BRITISH.sub(lambda m: _AMERICAN[m.group(1)], value)


def merge_spelling_variants(findings: Findings, types: frozenset[str] = SPELLING_FOLDED_TYPES) -> int:
    """Where a value occurs in British and in American spelling ("Harbour Paediatric Centre" in
    one record, "Harbour Pediatric Center" in another), every finding gets one of them (the
    American where it was written): records that spell one clinic or one condition two ways
    share the value. Only spellings that both occur are merged. Returns the findings renamed."""
    # the written value in American spelling where there is one, else the first in order
    return _merge_forms(findings, types, american_spelling,
                        lambda folded, written: folded if folded in written else min(written))


def _is_head(word: str) -> bool:
    """Whether a word is a generic head, in the singular or the plural, with or without a
    possessive ("Children's", "Networks")."""
    word = word.casefold()
    word = word[:-2] if word.endswith(("'s", "’s")) else word
    return word in _FACILITY_HEADS or word.endswith("s") and word[:-1] in _FACILITY_HEADS


_CARE_OF_A_HOME = frozenset({"memory", "nursing", "senior", "respite", "home", "residential"})


def facility_aliases(original: str) -> list[str]:
    """ "Verbier Rehab Institute" -> ["Verbier Rehab", "Verbier"]: the name without its
    generic head words, as long as what is left is specific enough to name the facility."""
    words = original.split()
    aliases = []
    while len(words) >= 2 and (_is_head(words[-1]) or words[-1].casefold() == "care" and (
            len(words) < len(original.split()) or words[-2].casefold() in _CARE_OF_A_HOME)):
        words = words[:-1]
        if words[-1] in ("&", "and"):
            continue  # "Kestrelmark Dental &": on to "Kestrelmark"
        if not all(w[:1].isupper() for w in words) or all(w.casefold() in _WEAK_STEMS for w in words):
            break
        alias = " ".join(words)
        if len(alias) >= MIN_PROPAGATED_LENGTH:
            aliases.append(alias)
    # a facility's kind written before its name in other languages ("Ysbyty Penmaen Fawr", "Apotheek
    # Het Anker"): the name after it, of two words at least, names the facility on its own
    rest = next((original[len(head):].split() for head in HEADS_WRITTEN_FIRST if original.startswith(head + " ")), [])
    if len(rest) >= 2 and rest[0][:1].isupper() and not all(w.casefold() in _WEAK_STEMS for w in rest):
        aliases.append(" ".join(rest))
    return aliases


_TITLES = ("Dr", "Dr.", "Mr", "Mr.", "Mrs", "Mrs.", "Ms", "Ms.", "Prof", "Prof.", "Professor",
           # honorifics a preset masks with the name (mask_honorifics) are in its spellings too
           "Miss", "Mx", "Mx.", "Mme", "Mme.", "Mlle", "Mlle.", "Herr", "Frau", "Dhr", "Dhr.", "Mevr", "Mevr.")


def titled_surnames(spellings_of: dict[str, set[str]]) -> dict[str, str]:
    """Titled surnames for the names in spellings_of (entity -> its spellings): "Dr. Bastien"
    -> the entity of "Chloë Bastien" when no other name has that surname."""
    by_surname: dict[str, set[str]] = defaultdict(set)
    for entity, spellings in spellings_of.items():
        for spelling in spellings:
            words = [w for w in _given_first(spelling).split() if w not in _TITLES]
            # "Dr. Bastien" is a short form itself, not a second person called Bastien
            if len(words) >= 2 and len(words[-1]) >= 3:
                by_surname[words[-1]].add(entity)
    titled = {}
    for surname, entities in by_surname.items():
        if len(entities) == 1 and surname[:1].isupper():
            (entity,) = entities
            for title in _TITLES:
                titled[f"{title} {surname}"] = entity
    return titled


_CLINICIAN_TITLES = frozenset({"dr", "prof", "professor"})  # as words, without a full stop, any case
_FIRST_NAME = re.compile(r"[^\W\d_][^\W\d_'’-]*(?:[-'’][^\W\d_]+)*")


# A clinician's credentials after the name ("Imogen Corvell, MD", "R. Pellow NP", "J. Whitlow, DO, FACP").
_TRAILING_CREDENTIALS = re.compile(rf"(?:,?[ \t]+{ANY_CREDENTIAL})+[ \t]*$")


def _given_first(spelling: str) -> str:
    """A register's surname-first spelling in the order the rest of this module reads a name:
    "Grelling, Philippa M." -> "Philippa M. Grelling", "QUARRINGTON, M." -> "M. QUARRINGTON",
    "DUMESNIL Amélie" -> "Amélie DUMESNIL"."""
    spelling = _TRAILING_CREDENTIALS.sub("", spelling)  # "Imogen Corvell, MD": the surname is Corvell
    surname, comma, given = spelling.partition(",")
    if not comma:
        # "DUMESNIL Amélie": the surname in capitals before the given name, as French registers write it
        words = spelling.split()
        if len(words) == 2 and words[0].isupper() and words[0].isalpha() and len(words[0]) > 2 \
                and not words[1].isupper():
            return f"{words[1]} {words[0]}"
        return spelling
    if not given.strip() or len(surname.split()) != 1 or "," in given:
        return spelling
    return f"{given.strip()} {surname.strip()}"


def first_names(spellings_of: dict[str, set[str]]) -> dict[str, str]:
    """First names for the people's names in spellings_of (entity -> its spellings): "Ottilie"
    -> the entity of "Ottilie Quenby" when no other name starts with it. A clinician's name
    ("Dr. Chloë Bastien") gives none: records call a doctor by the surname."""
    by_first: dict[str, set[str]] = defaultdict(set)
    for entity, spellings in spellings_of.items():
        if any(w.rstrip(".").casefold() in _CLINICIAN_TITLES for s in spellings for w in s.split()):
            continue
        for spelling in spellings:
            words = [w for w in _given_first(spelling).split() if w not in _TITLES]
            # "Judge Anna Whitfield", "Nurse Priya Raman": the first word says what, not who
            if len(words) >= 2 and len(words[0]) >= 3 and _FIRST_NAME.fullmatch(words[0]) \
                    and words[0].casefold() not in PERSON_WORDS:
                by_first[words[0]].add(entity)
    # a first name two people share, or one that is a word ("May", "Will", "Grace") stands for none
    return {first: next(iter(entities)) for first, entities in by_first.items()
            if len(entities) == 1 and first[:1].isupper() and first.casefold() not in STOP_CAPITALS}


# Initials are looked for only for conditions and treatments: the initials of facilities and
# clinicians' names are other things too often ("Saint Anne's Hospital" -> SAH, a haemorrhage).
ACRONYM_TYPES = frozenset({"MEDICAL_CONDITION", "TREATMENT"})
# Initials that are other things in every corpus: wards, scans, tests, code systems, plans,
# agencies and laws of health care, roles, English words written in capitals.
_NOT_ACRONYMS = frozenset(
    "ICU NICU PICU CCU ENT MRI PET ECG EKG EEG EMG CBC BMI USA NHS CEO CFO MRN DOB SSN CPT ICD HCPCS DRG NPI EOB "
    "HMO PPO EPO HSA FSA PBM CMS HHS FDA CDC NIH WHO ADA HIPAA ERISA COBRA ACA NCT MDT PCP APN DME SNF ADL IADL "
    "THE AND FOR NOT ARE ALL ADD ANY CAN MAY USE NEW OLD ONE TWO OUT OFF OWN PER VIA DUE END AGE AIM ART BAD BED BIG "
    "CAR CAD PAD CUT DAY EYE FAR FEW GET HAD HAS HER HIM HIS HOW ITS LET LOW MAN MEN NOR NOW OUR PUT RUN SAW SAY SEE "
    "SET SHE SIT TOO TOP TRY WAY WHO WHY YES YET YOU ACT AID AIR ASK BOX BUY CUP DIE DOG EAR EAT FIT FIX FLU GAS GUN "
    "HIT HOT ICE ILL JOB KEY LAW LEG LIE MAP MIX NET OIL PAY PET RAW RED SEA SIX SON SUN TAX TEN TIP WAR WET WIN "
    "BACK BODY CARE CASE COST DATA DONE DOSE EACH FORM FULL HELP HOME LIFE LINE LIST MADE MORE MOST NEED NOTE ONLY "
    "OVER PAID PART PLAN RATE RISK SAME SHOW SIDE SOME TAKE TEST THAN THAT THEM THEN THIS TIME TYPE UNIT VERY VIEW "
    "WARD WEEK WELL WERE WHAT WHEN WITH WORK YEAR".split())
_TITLE_WORDS = frozenset({"dr", "dr.", "mr", "mr.", "mrs", "mrs.", "ms", "ms.", "prof", "prof.", "professor", "sir"})
_ACRONYM_SKIPPED = frozenset({"of", "and", "the", "for", "in", "on", "&", "with"})


def acronyms_of(spelling: str) -> set[str]:
    """The initials of a name of three words or more, in capitals: "idiopathic pulmonary
    fibrosis" -> {"IPF"}; "age-related macular degeneration" -> {"ARMD", "AMD"} (a hyphenated
    word gives one letter or one per part); none for a name of fewer than three initials, whose
    two capitals stand for too many things."""
    words = [w for w in re.split(r"[\s/]+", spelling.strip())
             if w and w.casefold() not in _ACRONYM_SKIPPED and w.casefold() not in _TITLE_WORDS]
    if not words or not all(w[:1].isalpha() for w in words):
        return set()
    each_part = "".join(part[0] for w in words for part in w.split("-") if part)
    whole_words = "".join(w[0] for w in words)
    out = {a.upper() for a in (each_part, whole_words) if len(a) >= 3}
    return out - _NOT_ACRONYMS


# A condition named after a person, by that name alone: "Krabbe's" for "Krabbe's disease",
# "Canavan" for "Canavan disease", "Kearns-Sayre" for "Kearns-Sayre syndrome" ("his
# father died of Krabbe's", "the Refsum patient"). The name has five letters or more ("Down"
# is a word), a capital in the condition's spelling and a lower-case word after it.
_EPONYM = re.compile(r"[A-Z][a-z]{4,}(?:-[A-Z][a-z]+)?(?:['’]s|s['’])?")
# Its ending says an adjective ("Metastatic melanoma", "Congenital CMV" at a sentence's start).
_ADJECTIVE_ENDING = re.compile(r"(?:ic|al|ous|ive|ary|ed|ing|ar|ile|oid|ent|ant)$")
# A word the condition vocabulary uses in more terms than this describes ("Chronic", "Giant",
# "Hereditary" at a sentence's start); a name a condition is named after is in a few at most.
_DESCRIBING_TERMS = 3


@lru_cache(maxsize=1)
def _terms_with_word() -> dict[str, int]:
    """How many terms of the condition vocabulary have each word."""
    counts: dict[str, int] = defaultdict(int)
    for term in gazetteers().conditions:
        for word in set(term.split()):
            counts[word] += 1
    return counts


def eponym_of(spelling: str) -> str | None:
    """The name a condition's spelling starts with when it is named after someone, as a record
    writes it alone; None for any other spelling."""
    words = spelling.split()
    if len(words) < 2 or not _EPONYM.fullmatch(words[0]) or not words[1][:1].islower():
        return None
    bare = re.sub(r"(?:['’]s|['’])$", "", words[0]).casefold()
    if bare in gazetteers().first_names or bare in STOP_CAPITALS:
        return None  # a person's own ("Hunter's"): the record may mean that person
    if bare == words[0].casefold() and (_ADJECTIVE_ENDING.search(bare) or bare in gazetteers().conditions
                                        or _terms_with_word().get(bare, 0) > _DESCRIBING_TERMS):
        return None  # a describing word or a condition of its own ("Stroke risk") at a sentence's start
    return words[0]


_INITIAL = re.compile(r"[^\W\d_]\.?")


def initialled_names(spellings_of: dict[str, set[str]]) -> dict[str, str]:
    """Names written with an initial, each to the one full name it fits: an initial for the
    first name ("S. Keegan" -> "Siobhan Keegan") or for the surname, as records that withhold
    it write ("Ponnammal K." -> "Ponnammal Kuppusamy"), or after the surname, as claim systems
    write ("Kilroy D" -> "Desmond Kilroy"); none when two full names fit ("S. Keegan" with
    "Siobhan" and "Sean Keegan")."""
    # ("s", first name's initial, surname) and ("g", first name, surname's initial)
    full_by_form: dict[tuple[str, str, str], set[str]] = defaultdict(set)
    initialled: dict[str, set[tuple[str, str, str]]] = {}
    for entity, spellings in spellings_of.items():
        forms = set()
        only_initialled = True
        for spelling in spellings:
            words = [w for w in _given_first(spelling).split() if w not in _TITLES]
            if len(words) < 2:
                continue
            first, last = words[0], words[-1]
            if _INITIAL.fullmatch(first):
                if len(last) >= 3:
                    forms.add(("s", _initial_letter(first), last.casefold()))
            elif len(words) == 2 and _INITIAL.fullmatch(last) and len(first) > 2 and first[:1].isupper():
                forms.add(("g", first.casefold(), _initial_letter(last)))
                # or the surname with the first name's initial after it, as claim systems
                # write ("Kilroy D" for "Desmond Kilroy"): without a full stop, and not a word
                # that is a first name too ("Grace M." is Grace, not a Mr or Ms Grace)
                if not last.endswith(".") and first.casefold() not in gazetteers().first_names:
                    forms.add(("s", _initial_letter(last), first.casefold()))
            else:
                only_initialled = False
                if len(first) > 2 and first[:1].isupper() and len(last) >= 3:
                    full_by_form[("s", _initial_letter(first), last.casefold())].add(entity)
                    full_by_form[("g", first.casefold(), _initial_letter(last))].add(entity)
        if forms and only_initialled:
            initialled[entity] = forms
    merged = {}
    for entity, forms in initialled.items():
        fits = {full for form in forms for full in full_by_form.get(form, ())} - {entity}
        if len(fits) == 1:
            full = fits.pop()
            # "Ms Siobhan Keegan" and "Mr S. Keegan, her son" are two people
            if not (_sexes(spellings_of[entity]) and _sexes(spellings_of[full])
                    and _sexes(spellings_of[entity]).isdisjoint(_sexes(spellings_of[full]))):
                merged[entity] = full
    return merged


# Generations: "Walter Brinkerhoff Jr." and "Walter Brinkerhoff" are a son and his father.
_GENERATIONS = frozenset({"jr", "sr", "ii", "iii", "iv", "junior", "senior"})


@lru_cache(maxsize=1)
def _familiar_forms() -> dict[str, frozenset[str]]:
    """Given name -> its familiar forms that are its beginning ("gwendolyn" -> "gwen", "walter" ->
    "walt", "alexandra" -> "alex"), from the hand-curated English list of the nicknames package
    (Apache-2.0). Only beginnings: the list also relates whole names to each other ("patrick" and
    "peter", "john" and "ian", "william" and "wilma"), which are different people as often."""
    from nicknames import NickNamer

    return {name: frozenset(short for short in familiar if len(short) >= 3 and name.startswith(short) and short != name)
            for name, familiar in NickNamer().nickname_lookup.items()}


def _name_parts(spelling: str) -> tuple[str, tuple[str, ...], str, str] | None:
    """(first name, middle names or initials, surname, generation), folded, for a spelling of
    a full name ("Dr. Walter J. Brinkerhoff Jr." -> walter, (j,), brinkerhoff, jr); None for
    one with an initial first, a single word, or a first name of one or two letters."""
    words = [w for w in _given_first(spelling).split() if w not in _TITLES]
    generation = ""
    if len(words) > 2 and words[-1].rstrip(".").casefold() in _GENERATIONS:
        generation = words.pop().rstrip(".").casefold()
    words = [w.rstrip(",") for w in words]
    if len(words) < 2 or not _FIRST_NAME.fullmatch(words[0]) or len(words[0]) < 3 or len(words[-1]) < 3 \
            or not _FIRST_NAME.fullmatch(words[-1]):
        return None
    middles = tuple(casefold_key(w.rstrip(".")) for w in words[1:-1])
    if any(not m for m in middles):
        return None
    return casefold_key(words[0]), middles, casefold_key(words[-1]), generation


def _middles_agree(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Whether two names' middle parts can be one person's: one leaves them out, or they are
    the same names or initials ("J." for "James")."""
    if not a or not b:
        return True
    return len(a) == len(b) and all(x == y or (len(x) == 1 or len(y) == 1) and x[0] == y[0] for x, y in zip(a, b, strict=True))


def _second_surname(middles: tuple[str, ...]) -> bool:
    """One middle word that may be a first surname: no known first name ("Ibarra" of "Rogan
    Ibarra Soto", not "Lee" of "Sarah Lee Whitcombe")."""
    return len(middles) == 1 and middles[0] not in gazetteers().first_names


def _clinicians_spelling(spelling: str) -> bool:
    """A spelling with a clinician's title or credentials ("Dr Priya Raman", "Imogen Corvell, MD")."""
    words = spelling.split()
    return bool(words) and (words[0].rstrip(".").casefold() in _CLINICIAN_TITLES or _TRAILING_CREDENTIALS.search(spelling) is not None)


def _a_persons_name(spellings: set[str]) -> bool:
    """Whether a clinician's or a facility's spellings are a person's name: a clinician's title or
    credentials written with it ("Dr Priya Raman", "Imogen Corvell, MD"), or a known first name
    and no organisation's head word ("Priya Raman", not "Mercy Hospital" or "Keystone Health")."""
    gaz = gazetteers()
    if any(not s.split() or s.split()[-1].casefold().strip(".,") in gaz.organisation_heads for s in spellings):
        return False
    if any(_clinicians_spelling(s) for s in spellings):
        return True
    firsts = {_given_first(s).split()[0].casefold() for s in spellings if _given_first(s).split()}
    return bool(firsts) and firsts <= gaz.first_names


def variant_names(spellings_of: dict[str, set[str]]) -> dict[str, str]:
    """Names written fuller or shorter than another name in the corpus, each to the one fuller
    name they fit: with or without a middle name or initial ("Walter Brinkerhoff" -> "Walter J.
    Brinkerhoff"), a first name's familiar form ("Gwen Ostrander" -> "Gwendolyn Ostrander"),
    without a second surname ("Rogan Ibarra" -> "Rogan Ibarra Soto", as Spanish records often
    write a name; not where the middle word is a first name, "Sarah Lee" is not "Sarah Lee
    Whitcombe", nor a clinician's name, nor where the fuller name also takes a name by its last
    surname); none when two fuller names fit ("Walter Brinkerhoff" with "Walter J." and "Walter K.
    Brinkerhoff", a father and his son), nor across generations ("Jr.") or where titles say two
    sexes ("Mr", "Ms"). A name that leaves out a middle name is still taken as the fuller one's
    when no other fits: "Robert Smith" beside only "Robert J. Smith" may be his father, a risk a
    corpus of families carries (the README says so)."""
    parts_of = {entity: parts for entity, spellings in spellings_of.items()
                if (parts := {p for s in spellings if (p := _name_parts(s))})}
    # (surname, first name) -> the entities written so: a name looks only at the names of its
    # surname with its own first name or a familiar form of it, never at every name of the corpus
    by_name: dict[tuple[str, str], set[str]] = defaultdict(set)
    # no clinician's name is a shortened patient's: "Dr. Rogan Ibarra" is not "Rogan Ibarra Soto"
    titled = {entity for entity, spellings in spellings_of.items() if any(_clinicians_spelling(s) for s in spellings)}
    for entity, parts in parts_of.items():
        for first, middles, surname, _ in parts:
            by_name[(surname, first)].add(entity)
            if entity not in titled and _second_surname(middles):
                by_name[(middles[0], first)].add(entity)  # "Rogan Ibarra" looks at "Rogan Ibarra Soto"
    familiar = _familiar_forms()
    # a strict order, so that merges never run in a circle: the longer first name, then the more
    # middle letters, then the value
    fullness = {entity: (max(len(p[0]) for p in parts), max(sum(map(len, p[1])) for p in parts), entity)
                for entity, parts in parts_of.items()}

    def fits(a: tuple[str, tuple[str, ...], str, str], b: tuple[str, tuple[str, ...], str, str]) -> bool:
        # b the fuller: the same first name, or one whose familiar form a's is
        return (a[2] == b[2] and a[3] == b[3] and _middles_agree(a[1], b[1])
                and (a[0] == b[0] or a[0] in familiar.get(b[0], ())))

    def shortened(a: tuple[str, tuple[str, ...], str, str], b: tuple[str, tuple[str, ...], str, str]) -> bool:
        # b's words begin with all of a's, its second surname left out: "Rogan Ibarra" for "Rogan
        # Ibarra Soto" (a surname that is no first name: "Sarah Lee" is not "Sarah Lee Whitcombe")
        return not a[1] and _second_surname(b[1]) and (a[0], a[2], a[3]) == (b[0], b[1][0], b[3])

    # a familiar form -> the fuller first names it is the beginning of
    fuller_firsts: dict[str, set[str]] = defaultdict(set)
    for full, shorts in familiar.items():
        for short in shorts:
            fuller_firsts[short].add(full)

    merged: dict[str, str] = {}
    by_second_surname: set[str] = set()  # the names merged as shortened
    # the fullest first, so that a fuller name's own merge is known when a shorter one looks
    # at it: "Walt Brinkerhoff" fits "Walter Brinkerhoff" and "Walter J. Brinkerhoff", one person
    for entity in sorted(parts_of, key=fullness.__getitem__, reverse=True):
        mine = fullness[entity]
        mine_titled = entity in titled
        fuller = {merged.get(other, other)
                  for p in parts_of[entity] for first in (p[0], *fuller_firsts.get(p[0], ()))
                  for other in by_name.get((p[2], first), ())
                  if other != entity and fullness[other] > mine
                  and any(fits(p, q) or not mine_titled and shortened(p, q) for q in parts_of[other])}
        if len(fuller) != 1:
            continue
        (full,) = fuller
        if not any(fits(p, q) for p in parts_of[entity] for q in parts_of[full]):
            if mine_titled or full in titled or not any(shortened(p, q) for p in parts_of[entity] for q in parts_of[full]):
                continue  # the name it fits went on into one it does not fit itself
            by_second_surname.add(entity)
        sexes, full_sexes = _sexes(spellings_of[entity]), _sexes(spellings_of[full])
        if sexes and full_sexes and sexes.isdisjoint(full_sexes):
            continue
        merged[entity] = full
    # one fuller name never takes a name by each of its surnames ("Rogan Ibarra" and "Rogan Soto"
    # into "Rogan Ibarra Soto"): they may be two people, each named by one of them
    taken_otherwise = {full for entity, full in merged.items() if entity not in by_second_surname}
    return {entity: full for entity, full in merged.items()
            if entity not in by_second_surname or full not in taken_otherwise}


_MALE_TITLES = frozenset({"mr", "herr", "dhr", "sr", "señor", "signor"})
_FEMALE_TITLES = frozenset({"mrs", "ms", "miss", "mme", "mlle", "mw", "frau", "sra", "señora", "signora"})


def _sexes(spellings: set[str]) -> set[str]:
    """The sexes the titles of a name's spellings say ("Mr" male, "Mrs"/"Ms" female)."""
    out = set()
    for spelling in spellings:
        title = spelling.split()[0].rstrip(".").casefold() if spelling.split() else ""
        if title in _MALE_TITLES:
            out.add("m")
        elif title in _FEMALE_TITLES:
            out.add("f")
    return out


def _initial_letter(word: str) -> str:
    return casefold_key(word[0])


def _within(core: str, original: str) -> bool:
    """Whether core's words occur, in order and whole, among original's (any case)."""
    inner, outer = _TOKEN.findall(core.casefold()), _TOKEN.findall(original.casefold())
    return bool(inner) and any(outer[i:i + len(inner)] == inner for i in range(len(outer) - len(inner) + 1))


def propagate(documents: list[Document], findings: Findings, schema: EntitySchema,
              facility_type: str = "PROVIDER", name_type: str = "NAME", clinician_type: str = "NAME",
              place_type: str = "LOCATION") -> int:
    """Add a finding wherever a value extracted in some document recurs; returns how many."""
    # (normalized, type) -> (best relevance, spellings as extracted)
    known: dict[tuple[str, str], tuple[float, set[str]]] = {}
    documents_with: dict[tuple[str, str], int] = defaultdict(int)  # how many documents the extractor found it in
    for items in findings.values():
        here = set()
        for f in items:
            original = f.original.strip()
            if f.type not in schema or len(original) < MIN_PROPAGATED_LENGTH or not _HAS_LETTER.search(original):
                continue
            k = (f.normalized.strip() or original.casefold(), f.type)
            if k not in here:
                here.add(k)
                documents_with[k] += 1
            relevance, spellings = known.get(k, (0.0, set()))
            spellings.add(original)
            core, folded = f.normalized.strip(), original.casefold()
            if (core != folded and len(core) >= MIN_PROPAGATED_LENGTH and core in folded
                    and _within(core, original)):  # the substring test first: it runs for every finding
                # a span wider than its value ("refractory epilepsy" for "epilepsy", widen.py):
                # the value alone is looked up too, as it would be had the span been the value
                spellings.add(core)
            known[k] = (max(relevance, f.relevance), spellings)
    if not known:
        return 0
    entries = list(known)
    index = {k: i for i, k in enumerate(entries)}
    # Short forms: "Brookvale" for "Brookvale Clinic", "Dr. Bastien" for "Chloë Bastien". A
    # short form that could stand for two entities stands for neither.
    short_forms: dict[str, set[int]] = defaultdict(set)
    for k, (_, spellings) in known.items():
        if k[1] == facility_type:
            for spelling in spellings:
                for alias in facility_aliases(spelling):
                    short_forms[alias].add(index[k])
    # Clinicians' names too ("Dr. Bastien" for "Dr. Chloë Bastien"), when typed apart from NAME.
    names = {k: spellings for k, (_, spellings) in known.items() if k[1] in (name_type, clinician_type)}
    # A name written with or without its middle initial, or with a familiar first name ("Gwen"
    # for "Gwendolyn"), is the one fuller name of that person in the corpus: else two documents
    # that name one person two ways share no value and are not linked. Merged first, so that
    # "Siobhan Keegan" and "Siobhan M. Keegan" are one full name for "S. Keegan" below.
    # Only people's names: where clinicians share the providers' type, a facility's name is no
    # variant of another's ("Mercy Hospital", "Mercy General Hospital" are two hospitals).
    people = {k: spellings for k, spellings in names.items() if k[1] == name_type or _a_persons_name(spellings)}
    merged_into = {index[k]: index[full] for k, full in variant_names(people).items() if k[1] == full[1]}
    names = {k: spellings for k, spellings in names.items() if index[k] not in merged_into}
    # A name with an initial for its first name ("S. Keegan", "Dr D. Liepins") is the one full
    # name of that surname and initial ("Siobhan Keegan"): merged before titled surnames are
    # counted, so it is neither a second entity for one person nor a second Keegan that makes
    # "Dr Keegan" ambiguous.
    # An initialled name the extractor typed as a person merges into a clinician's full name too
    # ("Mr E. Forbes" in a claim, "Mr Euan Forbes, Consultant ENT Surgeon" in his letter).
    merged_into.update({index[k]: index[full] for k, full in initialled_names(names).items()
                        if k[1] == full[1] or (k[1], full[1]) == (name_type, clinician_type)})
    names = {k: spellings for k, spellings in names.items() if index[k] not in merged_into}
    titled_forms = titled_surnames(names)
    for titled, k in titled_forms.items():
        short_forms[titled].add(index[k])
    # A person's first name alone ("Caller identified as Ottilie", "Dear Didzis") is the one full
    # name that starts with it; not where it is a value of another kind ("Jordan" the country),
    # and (decided in the walk below) not where the corpus writes it in lower case too, as a word.
    types_of: dict[str, set[str]] = defaultdict(set)
    for k, (_, spellings) in known.items():
        for spelling in spellings | {k[0]}:
            types_of[_key(spelling)].add(k[1])
    first_forms = {first: k for first, k in first_names({k: sp for k, sp in names.items() if k[1] == name_type}).items()
                   if types_of.get(_key(first), set()) <= {name_type}}
    for first, k in first_forms.items():
        short_forms[first].add(index[k])
    # Initials of names of several words ("IPF" for "idiopathic pulmonary fibrosis" found in
    # another record): the same condition or treatment, written in capitals only.
    # And a condition by the name it is named after ("Krabbe's"), capitalised only.
    acronym_keys = set()
    for k, (_, spellings) in known.items():
        if k[1] in ACRONYM_TYPES:
            for spelling in spellings | {k[0]}:
                for acronym in acronyms_of(spelling):
                    short_forms[acronym].add(index[k])
                    acronym_keys.add(_key(acronym))
                eponym = eponym_of(spelling) if k[1] == "MEDICAL_CONDITION" else None
                if eponym and types_of.get(_key(eponym), set()) <= {k[1]}:
                    short_forms[eponym].add(index[k])
    unambiguous = {alias: next(iter(ids)) for alias, ids in short_forms.items() if len(ids) == 1}
    # A titled surname the extractor kept as a value of its own ("Dr. Robles") becomes a
    # spelling of the one full name it stands for: kept apart, it would be a second entity for
    # one person, and two documents naming that person would share two values and count twice.
    # Only a clinician's title: "Mr Khanna" beside "Raj Khanna" may be his wife or his son.
    full_name_of = {_key(alias): unambiguous[alias] for alias in titled_forms
                    if alias in unambiguous and alias.split()[0].rstrip(".").casefold() in _CLINICIAN_TITLES}
    for i, full in merged_into.items():
        full_name_of.update((_key(spelling), full) for spelling in known[entries[i]][1])
    full_name_of_first = {_key(first): unambiguous[first] for first in first_forms if first in unambiguous}
    first_keys = set(full_name_of_first)
    # Likewise initials the extractor kept as a value of their own ("IPF" as "ipf") become a
    # spelling of the one name they stand for in this corpus.
    expansion_of = {_key(alias): unambiguous[alias] for alias in unambiguous if _key(alias) in acronym_keys}
    # Values of a naming kind that the extractors found only with a capital: a name, a place, a
    # body. Found again only with a capital: the heading "THE FACTS" read as a body must not make
    # every "facts" one.
    proper_names = {i for i, k in enumerate(entries)
                    if k[1] not in COMMON_NOUN_TYPES and all(sp[:1].isupper() for sp in known[k][1] if sp[:1].isalpha())}
    alias_keys = {_key(a) for a in unambiguous}
    aliases_of: dict[int, list[str]] = defaultdict(list)
    for alias, i in unambiguous.items():
        aliases_of[i].append(alias)
    # Every spelling in one index of lower-cased word sequences; a spelling two entities
    # share goes to the higher-weight one. A short form goes to its full entity even where
    # the extractor took it for a value of its own ("Dr. Bastien").
    index = SpellingIndex()
    for i, k in enumerate(entries):
        for spelling in known[k][1]:
            index.add(spelling, merged_into.get(i, i), schema.weight(k[1]))
    for i, aliases in aliases_of.items():
        for alias in aliases:
            index.add(alias, i, 1.0 + schema.weight(entries[i][1]))
    added = 0
    # (document, finding, first name, entity, whether the document names the person otherwise)
    first_name_found: list[tuple[str, ExtractedEntity, str, int, bool]] = []  # decided after the walk
    written_as_word: set[str] = set()
    first_name_seen: set[tuple[str, int]] = set()
    first_name_apart: list[tuple[str, ExtractedEntity, str]] = []
    for doc, matches in zip(documents, _find_everywhere(index, documents), strict=True):
        items = findings.get(doc.doc_id, [])
        if (full_name_of or expansion_of) and items:
            items = findings[doc.doc_id] = [
                _as_full_name(_as_full_name(f, full_name_of, entries, (name_type, clinician_type)),
                              expansion_of, entries, ACRONYM_TYPES, same_type=True)
                for f in items]
        present = {(f.normalized.strip() or f.original.strip().casefold(), f.type) for f in items}
        # Every spelling of a value a document writes is one of its findings, not only the first:
        # a short form beside the full name ("Brookvale Clinic ... Brookvale staff") must be a
        # variant to mask, or masking the clinic would leave "Brookvale" in the text.
        spelled = {((f.normalized.strip() or f.original.strip().casefold(), f.type), _key(f.original.strip()))
                   for f in items}
        if first_keys:
            # a first name the extractor found alone ("this is Solveig's dad", "Hi Solveig,") is
            # the one full name that starts with it, as the walk's first names are; the walk
            # misses it where a longer value of another kind spells it ("Solveig's dad")
            for f in items:
                key = _key(f.original.strip())
                if f.type != name_type or key not in first_keys:
                    continue
                full = full_name_of_first[key]
                if (doc.doc_id, full) not in first_name_seen:
                    first_name_seen.add((doc.doc_id, full))
                    first_name_found.append((doc.doc_id, ExtractedEntity(f.original.strip(), *entries[full],
                                                                         known[entries[full]][0]),
                                             key, full, entries[full] in present))
        new: list[ExtractedEntity] = []
        for start, end, i in matches:
            found = doc.text[start:end]
            key = _key(found)  # once: the walk sees every recurrence of every value
            if entries[i][1] == place_type and PUBLICATION_AFTER.match(doc.text, end):
                continue  # "the New England Nursing Journal": where a journal is, not the person
            if key in first_keys:
                if found.islower():
                    written_as_word.add(key)  # "grace period", "will": a word of the corpus
                elif found[:1].isupper() and (doc.doc_id, i) not in first_name_seen:
                    # not marked present: if the first name is refused, the person's other spellings
                    # in this document ("Mrs Lopez") are still found; where the document names the
                    # person in full, the first name alone is masked with the name
                    first_name_seen.add((doc.doc_id, i))
                    if _stands_alone(doc.text, start, end, known[entries[i]][1]):
                        first_name_found.append((doc.doc_id, ExtractedEntity(found, *entries[i], known[entries[i]][0]),
                                                 key, i, entries[i] in present))
                    else:
                        # part of another name ("MARCUS PIERCE"): a name word all the same, masked as
                        # a value of its own (a direct identifier: the floor masks it) at a relevance
                        # too low to link two documents on it, as two people may share it
                        first_name_apart.append((doc.doc_id, ExtractedEntity(
                            found, key, entries[i][1], min(known[entries[i]][0], APART_FIRST_NAME_RELEVANCE)), key))
                continue
            if key in alias_keys and not found[:1].isupper():
                continue  # "daybreak" in running text is not "Daybreak Rehabilitation"
            if key in acronym_keys and (not found.isupper() or _among_capitals(doc.text, found)):
                continue  # "Ipf" or "ipf" is a word or a typo, "IPF" the initials; not in "ALL CLAIMS MUST"
            if i in proper_names and found.islower():
                continue  # a name found only with a capital ("FACTS") is no word in lower case ("van
                #           den Heuvel" has its capital further on)
            k = entries[i]
            if (k, key) in spelled:
                continue
            present.add(k)
            spelled.add((k, key))
            new.append(ExtractedEntity(found, k[0], k[1], known[k][0]))
        if new:
            findings[doc.doc_id] = items + new
            added += len(new)
    # A first name alone in more documents than its full name (and than two) is more likely
    # someone else's: in a large corpus "Maria" alone is many Marias.
    documents_of_first = defaultdict(int)
    for _, _, key, _, beside_full_name in first_name_found:
        documents_of_first[key] += not beside_full_name
    for doc_id, finding, key, i, _ in first_name_found:
        if key not in written_as_word and documents_of_first[key] <= max(2, documents_with[entries[i]]):
            findings.setdefault(doc_id, []).append(finding)
            added += 1
    for doc_id, finding, key in first_name_apart:
        if key not in written_as_word:
            findings.setdefault(doc_id, []).append(finding)
            added += 1
    return added


# What makes a first name part of someone else's name: a hyphen joining it to a word ("ST
# JOHN-SMYTHE"), a capitalised word right after it on its line ("MARCUS PIERCE"), or a comma and a
# known first name after it, the surname written first ("Nguyen, Bao"). Such a first name is masked
# as a value of its own, at a relevance too low to link two documents on it alone.
APART_FIRST_NAME_RELEVANCE = 0.3
_JOINED_BEFORE = re.compile(r"[\w'’][-‐]$")
_JOINED_AFTER = re.compile(r"[-‐][\w]")
_NAME_WORD_AFTER = re.compile(r"[ \t]([A-Z][\w'’-]*)(?![\w'’-]|[ \t]*:)")  # one space: no form's next column
_GIVEN_NAME_AFTER = re.compile(r",[ \t]*([A-Z][a-z'’-]+|[A-Z]{2,})(?![\w'’-])")


def _stands_alone(text: str, start: int, end: int, spellings: set[str]) -> bool:
    """A first name found alone ("Dear Marcus,", "Marcus phoned") and not the first word or a
    part of another person's name, which merged into the one full name that starts with it
    would link two people. A word after it that is a word of that full name ("Karthikeyan
    Subramaniam" where the corpus wrote "SUBRAMANIAM, Karthikeyan") is the same person's."""
    if _JOINED_BEFORE.search(text, max(0, start - 2), start) or _JOINED_AFTER.match(text, end):
        return False
    if (after := _NAME_WORD_AFTER.match(text, end)) is not None and after.group(1).casefold() not in STOP_CAPITALS:
        # ("Ottilie Monday": a word of the sentence)
        return after.group(1).casefold() in {w.strip(".,").casefold() for s in spellings for w in s.split()}
    given = _GIVEN_NAME_AFTER.match(text, end)
    return given is None or given.group(1).casefold() not in gazetteers().first_names


def condition_heads(findings: Findings, condition_type: str = "MEDICAL_CONDITION") -> int:
    """A condition's subtype names the condition too: where one record writes "juvenile
    dermatomyositis" or "cutaneous sarcoidosis" and another "dermatomyositis" or "sarcoidosis",
    the subtype's record also names the condition it ends with, when the corpus has that
    condition as a value of its own: the longest such ending, with that value's relevance. Not a
    condition a large share of all people have (gazetteers.prevalent): "type 2 diabetes" and
    "diabetes" in two people's records are no evidence of one person, and one person's pair would
    count the two twice. The walk in `propagate` takes the longest spelling and so never finds
    the shorter one inside it.
    Returns how many findings were added."""
    relevance: dict[str, float] = {}
    for items in findings.values():
        for f in items:
            if f.type == condition_type:
                value = f.normalized.strip()
                relevance[value] = max(relevance.get(value, 0.0), f.relevance)
    prevalent = gazetteers().prevalent.get(condition_type, frozenset())
    added = 0
    for doc_id, items in findings.items():
        present = {f.normalized.strip() for f in items if f.type == condition_type}
        new = []
        for f in items:
            if f.type != condition_type:
                continue
            words = f.normalized.strip().split()
            for n in range(1, len(words)):
                head = " ".join(words[n:])
                if head in relevance and len(head) >= MIN_PROPAGATED_LENGTH:
                    if head not in present and head not in prevalent:
                        at = f.original.casefold().rfind(head.split()[0])
                        original = f.original[at:] if at >= 0 and _key(f.original[at:]) == _key(head) else head
                        new.append(ExtractedEntity(original, head, condition_type, relevance[head]))
                        present.add(head)
                    break
        if new:
            findings[doc_id] = items + new
            added += len(new)
    return added


_CHUNK = 2000  # documents per task of the walk over workers


def _find_everywhere(index: SpellingIndex, documents: list[Document]) -> list[list[tuple[int, int, int]]]:
    """index.find of every document's text, in order; a large corpus's over forked workers,
    which inherit the index and the documents (the walk was half of the cross-document pass)."""
    chunks = [(lo, min(lo + _CHUNK, len(documents))) for lo in range(0, len(documents), _CHUNK)]
    out: list[list[tuple[int, int, int]]] = []
    for found in forked_map(_find_chunk, (index, documents), chunks, worth_forking(len(documents))):
        out.extend(found)
    return out


def _find_chunk(state: tuple[SpellingIndex, list[Document]], chunk: tuple[int, int]) -> list[list[tuple[int, int, int]]]:
    index, documents = state
    return [index.find(documents[i].text) for i in range(*chunk)]


def _among_capitals(text: str, found: str) -> bool:
    """Whether every occurrence of `found` stands beside another word in capitals (a heading, a
    sentence in capitals, a name in capitals: "ALL CLAIMS MUST", "Mr John NASH")."""
    return all(capitals_beside(text, m.start(), m.end())
               for m in re.finditer(rf"(?<![\w-]){re.escape(found)}(?![\w-])", text))




def _as_full_name(f: ExtractedEntity, full_name_of: dict[str, int], entries: list[tuple[str, str]],
                  name_types, same_type: bool = False) -> ExtractedEntity:
    """f as a spelling of the full name its short form (a titled surname, a name with an
    initial, initials) stands for, or f itself; only for findings of name_types."""
    i = full_name_of.get(_key(f.original.strip())) if f.type in name_types else None
    if i is None and same_type and f.type in name_types:
        i = full_name_of.get(_key(f.normalized.strip()))  # "left-leg DVT", its value the initials
    if i is None or entries[i] == (f.normalized.strip(), f.type) or same_type and entries[i][1] != f.type:
        return f
    normalized, type_ = entries[i]
    return ExtractedEntity(f.original, normalized, type_, f.relevance)


class SpellingIndex:
    """Spellings as lower-cased word sequences, found in a text by one left-to-right walk:
    at each word the longest known sequence starting there wins (whole words only, any
    case, any punctuation or spacing between the words). No regex per document, so a
    hundred thousand documents against a hundred thousand values stay fast; prefixes are
    kept as hashes to keep the index small (a collision only costs a longer walk)."""

    def __init__(self) -> None:
        self._value: dict[tuple[str, ...], tuple[int, float]] = {}
        self._prefixes: set[int] = set()
        self._first_words: set[str] = set()  # most words of a text begin no spelling: one look each

    def add(self, spelling: str, value: int, priority: float) -> None:
        words = tuple(_TOKEN.findall(spelling.casefold()))
        if not words:
            return
        held = self._value.get(words)
        if held is None or priority > held[1]:
            self._value[words] = (value, priority)
        self._first_words.add(words[0])
        self._prefixes.update(hash(words[:n]) for n in range(1, len(words)))

    def find(self, text: str) -> list[tuple[int, int, int]]:
        """(start, end, value) for every match, leftmost-longest, not overlapping."""
        tokens = [(m.start(), m.end(), m.group(0).casefold()) for m in _TOKEN.finditer(text)]
        found = []
        first_words = self._first_words
        i = 0
        while i < len(tokens):
            if tokens[i][2] not in first_words:
                i += 1
                continue
            best = None
            words: tuple[str, ...] = ()
            for j in range(i, len(tokens)):
                words = (*words, tokens[j][2])
                hit = self._value.get(words)
                if hit is not None:
                    best = (j, hit[0])
                if hash(words) not in self._prefixes:
                    break
            if best is None:
                i += 1
                continue
            j, value = best
            found.append((tokens[i][0], tokens[j][1], value))
            i = j + 1
        return found
