"""Medical conditions and treatments: gazetteer terms (ICD-10-CM heads, curated lists),
head-noun phrases ("gene therapy", "kidney disease"), drug and procedure suffixes.
A leading "rare" or "experimental" raises the relevance."""

from __future__ import annotations

import re
from functools import lru_cache

from ...normalize import fold
from ..ngrams import plural_stem
from .base import Base, Span, register
from .cues import has_any, may_match
from .drugs import drug_names
from .gazetteers import data_terms, phenotype_terms, symptom_terms
from .widen import DOSE_AFTER, PHRASE_STOP, modifies
from .words import (
    BODY_PARTS,
    BOOST_ADJECTIVES,
    BOOST_WORDS,
    GENERIC_HEAD,
    MODIFIER_NOISE,
    NUMBER_WORDS,
    QUALIFIERS,
    TREATMENT_QUALIFIERS,
    capitals_beside,
    drop_first_word,
    first_words,
    gazetteer_ngrams,
    in_gazetteer,
    trim_modifiers,
    word_tail,
    writes_british,
)

_TREATMENT_HEADS = (
    r"therapy|therapies|infusions?|surgery|surgeries|transplant(?:ation)?|chemotherapy|radiotherapy|immunotherapy|"
    r"dialysis|rehabilitation|injections?|replacement|procedures?|treatments?|medications?|implant|resection|"
    r"amputation|ablation|stent|bypass|grafting|repair|reconstruction|fusion|stimulation|stimulator|"
    r"decompression|supplements?|regimen|shunt|drainage|biops(?:y|ies)|debridement|emboli[sz]ation|ligation|"
    r"transfusions?|catheteri[sz]ation|cardioversion|lithotripsy|pacing|ventilation|intubation|implantation|feeding|"
    r"graft|flap|excision|rehab|counsell?ing|splint|"
    # devices, named only with what they are for ("continuous glucose monitor", "insulin pump",
    # "total contact cast"): alone, each word is too many other things (GENERIC_HEAD)
    r"monitor|pump|brace|orthosis|prosthesis|wheelchair|concentrator|pacemaker|defibrillator|catheter"
)
_DEVICE_HEADS = frozenset("monitor pump brace orthosis prosthesis wheelchair concentrator pacemaker "
                          "defibrillator catheter".split())
# An abbreviation in capitals ("HIFU", "CAR-T", "VP"): a technique named by its initials.
_ACRONYM = r"[A-Z][A-Z0-9]+(?:-[A-Z0-9]+)?"
_ACRONYM_WORD = re.compile(_ACRONYM)
# Abbreviations of wards, services and scans: where or how a patient was seen, no treatment.
WARDS_AND_SCANS = frozenset("ICU NICU PICU CCU ER ED OR ENT OB GP EMS MRI CT PET ECG EKG EEG".split())
# Heads that say only that something is a treatment: alone, or before another head, no value.
_META_HEADS = frozenset("treatment treatments procedure procedures medication medications regimen supplement supplements".split())
# Nouns for what is done with a device or a line, only after its name: "VP shunt placement",
# "port removal" (alone: "job placement", "snow removal").
_AFTER_HEADS = r"placement|insertion|removal|revision"
_AFTER_HEAD_WORDS = frozenset("placement placements insertion insertions removal removals revision revisions".split())
_AFTER_DEVICES = frozenset("shunt stent implant catheter port line tube pacemaker pump lead graft drain prosthesis "
                           "device valve electrode stimulator expander filter plate screw rod wire monitor brace "
                           "defibrillator concentrator orthosis".split())
# Units a device's size is given in ("a 31 mm valve"): no modifier of a treatment.
_MEASURE_UNITS = frozenset("mm cm ml mg mcg kg".split())
# Support named by its kind, a treatment only with the word that says which: "mechanical
# ventilation", "transvenous pacing", "tube feeding" (not "poor ventilation", "breast feeding").
_SUPPORT_HEADS = frozenset("pacing ventilation feeding feedings".split())
_SUPPORT_MODIFIERS = frozenset(
    "mechanical invasive non-invasive noninvasive assisted positive-pressure oscillatory transvenous transcutaneous "
    "temporary permanent cardiac ventricular atrial epicardial biventricular tube enteral parenteral nasogastric "
    "nasojejunal gastrostomy jejunostomy peg ng ngt supplemental".split())
# Up to two modifiers, then one head noun or more: "infusion therapies", "disc replacement
# surgery", "coronary artery bypass grafting" (a head noun can modify the next one).
_TREATMENT_HEAD = re.compile(
    rf"(?<![\w-])((?:(?:[A-Za-z][a-z-]+|{_ACRONYM})\s+){{0,2}}(?:{_TREATMENT_HEADS})s?"
    rf"(?:\s+(?:{_TREATMENT_HEADS}|{_AFTER_HEADS})s?)*)"
    r"(?!\w)"
)
_TREATMENT_HEAD_WORD = re.compile(rf"(?:{_TREATMENT_HEADS}|{_AFTER_HEADS})s?")
# (The look behind after the first letter: the regex engine scans for the letter; dates.py.)
DRUG_SUFFIX = re.compile(
    r"([A-Za-z](?<!\w[A-Za-z])[a-z]{2,}(?:mab|nib|pril|sartan|olol|statin|mycin|cillin|azole|vir|parin|"
    r"formin|gliptin|glutide|tide|semide|zepam|azepam|oxetine|triptan|profen|cycline|floxacin|trexate|platin|"
    r"rubicin|tinib|lukast|dronate|prazole|racetam|osamide|isone|olone|dipine|afil|imod))(?!\w)"
)
_CONDITION_HEADS = (
    r"disease|disorder|syndrome|deficiency|failure|cancer|carcinoma|infection|injury|insufficiency|dysfunction|"
    r"palsy|dystrophy|fibrosis|sclerosis|tumou?r|lesion|condition|dementia|damage|fracture|tear|rupture|stenosis|"
    r"aneurysm|instability|laxity|erosion|disturbance|intolerance|impairment|deformity|dislocation|hernia|ulcer|"
    r"cyst|pseudocyst|polyp|nodule|effusion|allergy|allergie|toxicity|overdose|poisoning|sprain|strain|laceration|"
    r"contusion|symptom"
)
# A modifier's letters after its first ("Crohn's", "post-viral"): bounded (words.LONGEST_WORD), as a
# modifier may start after every apostrophe of a run such as "a'a'a'".
_MODIFIER_TAIL = word_tail("[A-Za-z'-]", 1)
# A vitamin before the head is named by a letter and a number ("vitamin D deficiency", "B12
# deficiency"), which the modifiers' pattern (two letters or more) would not take.
_CONDITION_HEAD = re.compile(
    rf"(?<![\w-])((?:(?:[Vv]itamin\s+[A-K]\d{{0,2}}|[Bb]\d{{1,2}})\s+)?(?:[A-Za-z]{_MODIFIER_TAIL}\s+){{0,2}}"
    rf"(?:{_CONDITION_HEADS})s?(?:\s+(?:{_CONDITION_HEADS})s?)*)(?!\w)")
# Procedures named by their suffix: thyroidectomy, arthroplasty, microdiscectomy, colonoscopy.
_PROCEDURE_ENDINGS = ("ectomy", "ectomies", "otomy", "otomies", "ostomy", "plasty", "plasties", "scopy", "scopies",
                      "desis", "pexy", "lysis")
_PROCEDURE_STEMS = ("ectom", "otom", "ostom", "plast", "scop", "desis", "pexy", "lysis")  # a cheap test before the regex
# Words in -lysis that are no procedure: a study, a condition, chemistry.
_NOT_PROCEDURES = frozenset({"analysis", "reanalysis", "psychoanalysis", "paralysis", "catalysis", "hydrolysis",
                             "electrolysis", "autolysis", "hemolysis", "haemolysis", "glycolysis", "lipolysis",
                             "proteolysis", "cytolysis", "photolysis", "pyrolysis", "radiolysis", "dialysis",
                             # a breakdown the body suffers, no procedure
                             "rhabdomyolysis", "myolysis", "osteolysis", "acro-osteolysis", "hepatolysis"})
_PROCEDURE_SUFFIX = re.compile(
    rf"(?<!\w)((?:[a-z]+(?:ic|al|ous|ive|ary|ar|ed|ior|ean)\s+)?[a-z]{{3,}}(?:{'|'.join(_PROCEDURE_ENDINGS)}))(?!\w)", re.I)
# What is written before a procedure names where it was done: a part of the body ("shoulder
# arthroplasty", "knee arthroscopy") joins the value. A spinal level ("L4-L5") stays
# outside: the commonest levels are shared by most such operations, and masking them kept less
# of the answers to general questions on qa_25 at the same leak rate.
_BODY_PART_BEFORE = re.compile(r"(?:(?<![\w-])([a-z]+(?:ic|al|ous|ive|ary|ar|ior))\s+)?([A-Za-z]+)\s+$")
# The endings of the names of conditions (Greek and Latin word-forming elements: inflammation,
# abnormal state, blood, disease, tumour, pain, paralysis, urine, swelling, deficiency, growth,
# enlargement, seizure, dilation), and over- or under-activity of a gland ("hypothyroidism").
CONDITION_SUFFIX = re.compile(
    r"(?<!\w)((?:(?<![\w-])(?:[a-z0-9]-)?[a-z]+(?:ic|al|ous|ive|ary|ar|ed)\s+)?(?:[a-z]{3,}(?:itis|osis|emia|aemia|pathy|oma|algia|plegia|"
    r"trophy|ectasia|ectasis|uria|o?edema|penia|plasia|megaly|lepsy|iasis)"
    r"|hyp(?:er|o)(?:thyroid|parathyroid|pituitar|gonad|adrenal|aldosteron|cortisol|insulin)ism))(?!\w)", re.I)
# What CONDITION_SUFFIX must find (cues.py): one of its endings, then the end of the word.
_SUFFIX_PARTS = ("itis", "osis", "emia", "pathy", "oma", "algia", "plegia", "trophy", "ectasi", "uria", "edema", "penia",
                 "plasia", "megaly", "lepsy", "iasis", "ism")
_SUFFIX_AT_WORD_END = re.compile(
    r"(?:itis|osis|emia|pathy|oma|algia|plegia|trophy|ectasi[as]|uria|edema|penia|plasia|megaly|lepsy|iasis|ism)(?!\w)")
# Words with a medical suffix that are not conditions.
_SUFFIX_FALSE_FRIENDS = {
    "diagnosis", "prognosis", "diagnoses", "academia", "nostalgia", "empathy", "sympathy",
    "apathy", "telepathy", "diploma", "aroma", "stroma", "osmosis", "symbiosis", "hypnosis",
}


# Damage that is compensation, not harm to the body ("non-pecuniary damage", "general damages":
# the words of every judgment's award of costs), and the categories of a claim ("personal
# injury", "bodily injury"): no condition of a person.
_COMPENSATION_DAMAGE = frozenset(
    "pecuniary non-pecuniary moral material punitive compensatory aggravated exemplary liquidated general special "
    "consequential property financial economic".split()
)
_CLAIM_CATEGORIES = frozenset({"personal injury", "personal injuries", "bodily injury", "bodily injuries"})


# Heads that name a condition only after a part or a function of the body ("patellar
# instability", "sleep disturbance", "lactose intolerance", "hearing impairment"); elsewhere
# they are politics, geography or noise ("political instability", "coastal erosion").
_BODILY_HEADS = frozenset("instability instabilities erosion erosions disturbance disturbances intolerance "
                          "intolerances impairment impairments strain strains".split())


def _names_no_condition(phrase: str) -> bool:
    words = phrase.split()
    if words[-1] in _BODILY_HEADS:
        return len(words) < 2 or not _of_the_body(words[-2])
    return (phrase in _CLAIM_CATEGORIES or words[-1] == "damages"
            or words[-1] == "damage" and any(w in _COMPENSATION_DAMAGE for w in words[:-1]))


def _of_the_body(word: str) -> bool:
    return word in BODY_PARTS or plural_stem(word) in BODY_PARTS


# The head nouns of conditions, as words: "prion disease therapies" treats a condition, so the
# treatment's phrase starts after it (the condition is a value of its own).
_CONDITION_HEAD_WORD = re.compile(rf"(?:{_CONDITION_HEADS})s?")


# A capitalised adjective with a clinical ending ("Hyperbaric", "Cochlear", "Endoscopic"),
# as opposed to "Detailed", "General", "Annual" or a name ("Oscar", "Eric": six letters or
# more, and no first name).
_CLINICAL_ADJECTIVE = re.compile(r"[A-Z][a-z]{3,}(?:ic|ar|eal)|Mechanical|Enteral|Parenteral|Invasive|Emergency")


def opens_sentence(text: str, start: int) -> bool:
    before = text[:start].rstrip()
    return not before or before[-1] in ".!?;:\n("


def _after_condition(text: str, start: int, end: int, phrase: str, conditions: frozenset[str]) -> tuple[int, str]:
    """The treatment phrase after the last condition in its modifiers: a condition head noun
    ("prion disease therapies" -> "therapies"; the caller finds that too generic alone) or a
    condition named by one word ("glioblastoma treatment", "psoriasis injections"); else as it is."""
    words = phrase.split()
    cut = max((i for i, w in enumerate(words[:-1])
               if _CONDITION_HEAD_WORD.fullmatch(w) or w in conditions and not GENERIC_HEAD.fullmatch(w)
               or CONDITION_SUFFIX.fullmatch(w) and w not in _SUFFIX_FALSE_FRIENDS
               or w.upper() in _CONDITION_ACRONYMS and text[start:end].split()[i].isupper()), default=None)
    if cut is None:
        return start, phrase
    for _ in range(cut + 1):
        start, phrase = drop_first_word(text, start, end)
    return start, phrase


def _without_qualifiers(phrase: str, leading: frozenset[str] = QUALIFIERS) -> str:
    """The value without leading "refractory", "chronic", "left" (the span keeps them): one
    condition in two records, qualified in one, is one value. `leading`: the words to drop."""
    words = phrase.split()
    while len(words) > 1 and words[0] in leading:
        words = words[1:]
    return " ".join(words)


class _Medical(Base):
    def gazetteer_terms(self, text: str, terms: frozenset[str], max_n: int, entity_type: str,
                        symptoms: frozenset[str] | None = None, typed: bool = True):
        """Word n-grams up to max_n that name a gazetteer term, singular or plural; a term in
        `symptoms` (default: the condition vocabulary's) counts as a symptom; with `typed`, a
        condition's type after it ("type 2") is part of its span."""
        symptoms = symptom_terms() if symptoms is None else symptoms
        british = writes_british(text)  # most texts write no "haem", "oesoph", "paed"
        for start, end, phrase in gazetteer_ngrams(text, max_n, first_words(terms), british):
            if phrase not in terms and not phrase.endswith("s") and not (british and ("ae" in phrase or "oe" in phrase)) \
                    and "'s " not in phrase and "’s " not in phrase:
                continue  # decided without a call: this loop sees every word n-gram of the corpus
            term = in_gazetteer(phrase, terms)
            if term:
                # "acute gastritis" is the condition "gastritis" (the span keeps "acute"), but
                # "chronic fatigue syndrome" is a name of its own: the qualifier goes only where
                # what is left is a term too.
                value = _without_qualifiers(term) if entity_type == "MEDICAL_CONDITION" else term
                if value != term and value not in terms:
                    value = term
                kind = _TYPE_AFTER.match(text, end) if entity_type == "MEDICAL_CONDITION" and typed else None
                relevance = said_of_many(entity_type, term, self.boost(text, start, entity_type), term in symptoms)
                yield self.span(start, kind.end() if kind else end, entity_type, value, relevance)

    def head_finding(self, text: str, start: int, end: int, phrase: str, entity_type: str) -> Span | None:
        """A head-noun phrase; a leading "rare"/"experimental" raises relevance and is not part
        of the value. A bare head noun ("procedure") is too generic to report."""
        words = phrase.split()
        relevance = self.boost(text, start, entity_type)
        if len(words) > 1 and words[0] in BOOST_ADJECTIVES:
            phrase = " ".join(words[1:])
            if fold(text[start:end]).startswith(f"{words[0]} "):  # the span may hold more than the value
                start, _ = drop_first_word(text, start, end)
            relevance = min(1.0, self.ctx.base(entity_type) + 0.2)
        value = _without_qualifiers(phrase)
        if " " not in value and GENERIC_HEAD.fullmatch(value):
            return None
        condition, _, last = value.rpartition(" ")
        if entity_type == "MEDICAL_CONDITION" and last in ("symptom", "symptoms") and condition in self.gaz.conditions:
            # "worsening neuropathy symptoms", "asthma symptoms": the condition's, so it links with
            # the records that name it alone (and a common one weighs as the condition does)
            value = condition
        return self.span(start, end, entity_type, value, relevance)

    def boost(self, text: str, start: int, entity_type: str) -> float:
        base = self.ctx.base(entity_type)
        before = text[max(0, start - 30):start]
        return min(1.0, base + 0.2) if BOOST_WORDS.search(before) else base


# A symptom's relevance: about a location's (METHOD 3 ranks symptoms with the condition, but a
# symptom alone narrows down few people).
SYMPTOM_RELEVANCE = 0.45
# Examinations done to a large share of all patients (imaging, a heart or brain trace, blood
# work, screening): an MRI in two people's records is no evidence they are one person, as a
# drug class is not (drugs.CLASS_RELEVANCE). Still found: the kind of examination is care.
ROUTINE_EXAMINATIONS = frozenset({
    "mri", "mri scan", "ct scan", "cat scan", "x-ray", "ultrasound", "ecg", "ekg", "eeg", "blood test",
    "colonoscopy", "mammogram", "mammography",
    # by their initials (data/treatment_acronyms.txt): heart and nerve tracings, scopes, bone scans
    "emg", "tte", "tee", "egd", "dexa",
})
ROUTINE_RELEVANCE = 0.4


def said_of_many(entity_type: str, value: str, relevance: float, symptom: bool) -> float:
    """relevance, capped for what is said of many people, whoever found it: a symptom
    ("weakness", "dizziness") is weaker evidence than a diagnosis, so two records sharing one link
    less; so is a routine examination."""
    if entity_type == "MEDICAL_CONDITION" and symptom:
        return min(relevance, SYMPTOM_RELEVANCE)
    if entity_type == "TREATMENT" and value in ROUTINE_EXAMINATIONS:
        return min(relevance, ROUTINE_RELEVANCE)
    return relevance


@register("condition_term", "MEDICAL_CONDITION")
class ConditionTerm(_Medical):
    def find(self, text: str):
        yield from self.gazetteer_terms(text, self.gaz.conditions, 4, "MEDICAL_CONDITION")


@register("phenotype_term", "MEDICAL_CONDITION")
class PhenotypeTerm(_Medical):
    """A sign, symptom or finding the Human Phenotype Ontology names and the condition vocabulary
    does not ("dysmetria", "scanning speech", "koilonychia"). Each counts as a symptom
    (SYMPTOM_RELEVANCE): most are said of many people, and the few that are rare ("blue
    sclerae") still link two records by what else they share."""

    def find(self, text: str):
        terms = phenotype_terms()
        # a sign has no types: "knee pain, type 2 diabetes" is two items
        yield from self.gazetteer_terms(text, terms, 4, "MEDICAL_CONDITION", symptoms=terms, typed=False)


# Conditions named by their initials alone (data/condition_acronyms.txt), written in capitals.
_CONDITION_ACRONYMS = frozenset(a.upper() for a in data_terms("condition_acronyms.txt"))
_CAPITALS_WORD = re.compile(r"[A-Z](?<![\w-][A-Z])[A-Z]{2,4}(?![\w-])")  # the look behind after the first letter: dates.py
# A capitalised word right before (inside a sentence): a name ("John NASH"); a word after that makes
# the initials a body's or a company's.
_NAME_BEFORE = re.compile(r"[a-z,][ \t]+[A-Z][a-z]+[ \t]+$")
_BUSINESS_AFTER = re.compile(r"[ \t]+(?:[A-Z][a-z]|shares?\b|stocks?\b|office\b|team\b|contract\b|scores?\b|group\b|inc\b|ltd\b)")


# Shorthand for a condition that is no string of initials, written as clinicians write it; the
# value is the condition's name, so "T2DM" in a note and "type 2 diabetes" in a claim link.
_CONDITION_SHORTHAND = {
    "T1DM": "type 1 diabetes", "T1D": "type 1 diabetes", "DM1": "type 1 diabetes", "IDDM": "type 1 diabetes",
    "T2DM": "type 2 diabetes", "T2D": "type 2 diabetes", "DM2": "type 2 diabetes", "NIDDM": "type 2 diabetes",
    "AFib": "atrial fibrillation", "A-fib": "atrial fibrillation", "A-Fib": "atrial fibrillation",
    "AFIB": "atrial fibrillation",
}
_CONDITION_SHORTHAND_WORD = re.compile(
    r"(?<![\w-])(" + "|".join(sorted(map(re.escape, _CONDITION_SHORTHAND), key=len, reverse=True)) + r")(?![\w-])")

# Initials with a lower-case letter before them that says which kind of the condition:
# "aCML" (atypical), a "c" for congenital, an "h" for hereditary, an "i" for idiopathic. Rarer
# than the condition: the value is the whole, not the condition's initials.
_QUALIFIED_INITIALS = re.compile(r"(?<![\w-])([a-z])([A-Z]{3,5})(?![\w-])")


@register("condition_acronym", "MEDICAL_CONDITION")
class ConditionAcronym(_Medical):
    """"He has PKU", "left-leg DVT": a condition's initials; the value is the initials, and the
    cross-document pass makes them a spelling of the condition written out in another record.
    Clinical shorthand that is no string of initials ("T2DM", "AFib") has the condition's name as
    its value."""

    def find(self, text: str):
        for m in _standalone_initials(text, _CONDITION_ACRONYMS):
            kind = _TYPE_AFTER.match(text, m.end())
            yield self.span(m.start(), kind.end() if kind else m.end(), "MEDICAL_CONDITION", m.group(0).lower())
        for m in _CONDITION_SHORTHAND_WORD.finditer(text):
            yield self.span(m.start(), m.end(), "MEDICAL_CONDITION", _CONDITION_SHORTHAND[m.group(1)])
        for m in _QUALIFIED_INITIALS.finditer(text):
            if m.group(2) in _CONDITION_ACRONYMS:
                yield self.span(m.start(), m.end(), "MEDICAL_CONDITION", m.group(0).lower())


# Treatments named by their initials alone (data/treatment_acronyms.txt), written in capitals.
_TREATMENT_ACRONYMS = frozenset(a.upper() for a in data_terms("treatment_acronyms.txt"))
KNOWN_INITIALS = _TREATMENT_ACRONYMS | _CONDITION_ACRONYMS


def _standalone_initials(text: str, initials: frozenset[str]):
    """The words of `initials` in text that stand as a condition's or a treatment's name: not
    in a heading in capitals ("NOTICE OF DVT CLAIMS"; known initials side by side are a list,
    "ECMO, CRRT and TPN"), a name ("Mr John NASH") or a business ("AMD shares", "PSC Group")."""
    for m in _CAPITALS_WORD.finditer(text):
        if m.group(0) not in initials or capitals_beside(text, m.start(), m.end(), KNOWN_INITIALS):
            continue
        before, after = text[max(0, m.start() - 30):m.start()], text[m.end():m.end() + 30]
        if _NAME_BEFORE.search(before) or _BUSINESS_AFTER.match(after):
            continue
        yield m


@register("treatment_acronym", "TREATMENT")
class TreatmentAcronym(_Medical):
    """"Received IVIG 2 g/kg", "CABG in 2022": a treatment's initials, with the dose written
    after them (masked with them, as a drug's is); the value is the initials."""

    def find(self, text: str):
        for m in _standalone_initials(text, _TREATMENT_ACRONYMS):
            dose = DOSE_AFTER.match(text, m.end())
            initials = m.group(0).lower()
            yield self.span(m.start(), dose.end() if dose else m.end(), "TREATMENT", initials,
                            ROUTINE_RELEVANCE if initials in ROUTINE_EXAMINATIONS else None)


@register("condition_head", "MEDICAL_CONDITION")
class ConditionHead(_Medical):
    """"chronic kidney disease", "osteomyelitis": a condition head noun or suffix."""

    def find(self, text: str):
        lower = text.lower()
        suffixed = has_any(lower, _SUFFIX_PARTS) and may_match(_SUFFIX_AT_WORD_END, lower)
        for pattern in (_CONDITION_HEAD, CONDITION_SUFFIX) if suffixed else (_CONDITION_HEAD,):
            for m in pattern.finditer(text):
                start, end, phrase = trim_modifiers(text, m.start(1), m.end(1))
                # "discussed his disease", "described kidney failure", "took an overdose": the
                # condition starts after the last verb, pronoun or function word
                words = phrase.split()
                cut = max((i + 1 for i, w in enumerate(words[:-1]) if w in PHRASE_STOP), default=0)
                for _ in range(cut):
                    start, phrase = drop_first_word(text, start, end)
                if phrase.split()[-1:] and phrase.split()[-1] in _SUFFIX_FALSE_FRIENDS:
                    continue
                if not phrase or _names_no_condition(phrase):
                    continue
                if text[start:end].split()[-1].lower() in self.gaz.places:
                    continue  # "Tacoma", "Altoona": a place that happens to end in -oma
                if pattern is CONDITION_SUFFIX and " " not in phrase and text[start].isupper() \
                        and not opens_sentence(text, start):
                    continue  # "Liguria", "Manchuria": a name inside a sentence, not a condition
                eponym = _EPONYM_BEFORE.search(text, max(0, start - 30), start)
                if eponym and _names_a_kind(text, eponym) and (
                        sum(c.isupper() for c in eponym.group(1)) > 1 or fold(eponym.group(1)) in _eponyms(self.gaz.conditions)):
                    start, phrase = eponym.start(1), fold(text[eponym.start(1):end])
                kind = _TYPE_AFTER.match(text, end)
                finding = self.head_finding(text, start, kind.end() if kind else end, phrase, "MEDICAL_CONDITION") \
                    if phrase else None
                if finding:
                    yield finding


# A person's or a microbe's name, or initials, right before a condition's head name the kind of
# it: "Lyme carditis", "IgA nephropathy", "Hashimoto thyroiditis".
_EPONYM_BEFORE = re.compile(r"(?<![\w'’-])([A-Z][a-z]{2,}|[A-Z][a-z]?[A-Z][A-Za-z0-9]*)[ \t]+$")
# The type a record adds after the condition: "narcolepsy type 1", "Usher syndrome type 2A",
# "CRPS type I"; the mask span takes it, the value stays the condition's.
_TYPE_AFTER = re.compile(r",?[ \t]+type[ \t]+(?:[1-4][A-Da-d]?|I{1,3}|IV|[A-D])(?![\w-])")


@lru_cache(maxsize=4)
def _eponyms(conditions: frozenset[str]) -> frozenset[str]:
    """The words the condition gazetteer names conditions with ("lyme", "hashimoto", "crohn"):
    a capitalised word before a condition's head counts as its eponym only if it is one, so
    "Cigna nephropathy", "Tuesday neuropathy" or "Garcia dermatitis" take no payer, day or name in."""
    return frozenset(w.removesuffix("'s") for term in conditions for w in term.split())


def _names_a_kind(text: str, eponym: re.Match[str]) -> bool:
    """Not a word that opens a sentence ("Severe", "Known"), a qualifier, a title or a month,
    nor the last word of a longer name ("Blue Cross neuropathy benefits")."""
    word = eponym.group(1)
    if _CAPITALISED_BEFORE.search(text, max(0, eponym.start(1) - 30), eponym.start(1)):
        return False
    if word.lower() in QUALIFIERS or word.lower() in MODIFIER_NOISE or word.lower() in BOOST_ADJECTIVES \
            or word.lower() in _NOT_EPONYMS:
        return False
    return sum(c.isupper() for c in word) > 1 or not opens_sentence(text, eponym.start(1)) \
        or text[:eponym.start(1)].rstrip().endswith(":")


_CAPITALISED_BEFORE = re.compile(r"(?<![\w'’-])[A-Z][\w'’-]*[ \t]+$")
_NOT_EPONYMS = frozenset(
    "dr mr mrs ms prof the this that his her their our patient member dx diagnosis history january february march "
    "april may june july august september october november december".split())


@register("treatment_term", "TREATMENT")
class TreatmentTerm(_Medical):
    def find(self, text: str):
        yield from self.gazetteer_terms(text, self.gaz.treatments, 3, "TREATMENT")


_REPEATS = frozenset("repeat another further more single".split())
# An anaesthetic block, named by the nerve, ganglion or space it numbs: "stellate ganglion
# blocks", "lumbar facet block", "epidural block".
_NERVE_BLOCK = re.compile(
    r"(?<![\w-])(?:([a-z]+)[ \t]+)?((?:nerve|ganglion|plexus|facet|epidural|caudal|paravertebral|intercostal)[ \t]+blocks?)(?!\w)")


@register("treatment_head", "TREATMENT")
class TreatmentHead(_Medical):
    """"enzyme replacement therapy", "valve repair": a treatment head noun and one modifier."""

    def find(self, text: str):
        names = drug_names()
        for m in _TREATMENT_HEAD.finditer(text):
            start, end, phrase = trim_modifiers(text, m.start(1), m.end(1))
            cut, phrase = _after_condition(text, start, end, phrase, self.gaz.conditions)
            condition_cut, start = cut > start, cut
            if not phrase:
                continue
            words = phrase.split()
            while len(words) > 1 and words[-1] in _AFTER_HEAD_WORDS and plural_stem(words[-2]) not in _AFTER_DEVICES:
                # "bypass revision" (a road's), "replacement removal": done with a device only
                end = start + len(text[start:end].rsplit(None, 1)[0])
                words = words[:-1]
            # the head nouns are the run at the end ("disc replacement surgery"); a head word
            # further left is a modifier or another phrase ("surgery versus injections")
            modifiers = len(words)
            while modifiers and _TREATMENT_HEAD_WORD.fullmatch(words[modifiers - 1]):
                modifiers -= 1
            # The phrase starts after the last word that cannot modify a treatment: a verb, an
            # adverb or a function word ("currently receiving infusion therapies"), a word said
            # of many treatments ("intensive", "conservative"), or a capitalised word that is no
            # drug or abbreviation (the start of a sentence, a name: "Detailed treatment"; but
            # "Humira injections", "HIFU treatment").
            written = text[start:end].split()
            if modifiers and opens_sentence(text, start) and _CLINICAL_ADJECTIVE.fullmatch(written[0]) \
                    and words[0] not in self.gaz.first_names:
                # "Hyperbaric oxygen therapy", "Cochlear implant surgery": capitalised only
                # because the sentence starts there; judged as the word in lower case
                written = [written[0].lower()] + written[1:]
            skip = max((i + 1 for i in range(modifiers) if not self._modifies_treatment(words[i], written[i], names)),
                       default=0)
            for _ in range(skip):
                start, _ = drop_first_word(text, start, end)
            words, modifiers = words[skip:], modifiers - skip
            if any(w.endswith(_PROCEDURE_ENDINGS) for w in words[:modifiers]):
                continue  # "gastrectomy procedures": the procedure_suffix recognizer names it
            drug = next((i for i, w in enumerate(words[:modifiers]) if w in names and not names[w][1]), None)
            if drug is not None and plural_stem(words[modifiers]) not in _DEVICE_HEADS:  # "insulin pump": a device
                # "pembrolizumab infusions": the drug is what two records share; the value is
                # its generic name, as the drug recognizer gives it for the name alone
                for _ in range(drug):
                    start, _ = drop_first_word(text, start, end)
                yield self.span(start, end, "TREATMENT", names[words[drug]][0], self.boost(text, start, "TREATMENT"))
                continue
            if not modifiers and (words[0] in _META_HEADS or condition_cut):
                # "medication regimen", "treatment procedures": no treatment named; nor in "POTS
                # management regimen", where the condition before is what the record names (its
                # own span; head nouns alone would be one value for everyone's care)
                continue
            if words[modifiers] in _SUPPORT_HEADS and (not modifiers or words[modifiers - 1] not in _SUPPORT_MODIFIERS):
                continue  # "poor ventilation", "kept pacing", "breast feeding": no treatment
            # The value is one modifier and the first head noun: "valve repair" for "mitral valve
            # repair", "lumbar fusion" for "lumbar fusion surgeries", so records that write the
            # phrase longer or shorter share it ("infusion therapies": a bare head says nothing,
            # the next head stays). The mask span is the whole phrase, so no part of it is left
            # in the text.
            value = " ".join(words[max(0, modifiers - 1):modifiers + 1 if modifiers else 2])
            abbreviation = written[skip + modifiers - 1] if modifiers else ""
            if len(abbreviation) >= 3 and _ACRONYM_WORD.fullmatch(abbreviation) and GENERIC_HEAD.fullmatch(words[modifiers]):
                # "HIFU treatment": the abbreviation names the technique, and the value is that
                # name, so "underwent HIFU" in another record shares it
                value = abbreviation.lower()
            finding = self.head_finding(text, start, end, value, "TREATMENT")
            if finding:
                yield finding
        if "block" in text:
            for m in _NERVE_BLOCK.finditer(text):
                # longer than the condition a ganglion alone would be ("stellate ganglion")
                # the word before says where ("stellate", "lumbar"), unless it is a function word,
                # a participle or an adverb ("an", "targeted", "repeatedly")
                before = m.group(1) or ""
                start = m.start(2) if before in PHRASE_STOP or before in NUMBER_WORDS or before in _REPEATS \
                    or before.endswith(("ed", "ing", "ly")) else m.start()
                yield self.span(start, m.end(), "TREATMENT", fold(text[start:m.end()]).removesuffix("s"))


    @staticmethod
    def _modifies_treatment(word: str, written: str, drugs: dict) -> bool:
        """A word that can stand before a treatment's head noun and make it specific: an
        abbreviation that names a technique ("HIFU", "TENS"; not a ward or a scan: "ICU",
        "MRI"), a drug, a part of the body, or a content word in lower case. A word in -s is a
        verb ("combines") or a plural, which rarely modifies, unless it ends like a singular
        ("bypass", "lupus"); a condition before the head has been cut off already."""
        if _ACRONYM_WORD.fullmatch(written):
            return written not in WARDS_AND_SCANS
        if word in NUMBER_WORDS:
            return False  # "four implants", "two infusions": how many, not which
        if word in _MEASURE_UNITS:
            return False  # "31 mm valve", "a 9 mm shunt": a size, not which
        if word in drugs or word in BODY_PARTS:
            return True  # "Humira injections"; "Mitral valve repair" at the start of a sentence
        if written[0].isupper() or not modifies(word) or word in MODIFIER_NOISE or word in TREATMENT_QUALIFIERS:
            return False
        return not word.endswith("s") or word.endswith(("ss", "us", "is"))


@register("drug_suffix", "TREATMENT")
class DrugSuffix(_Medical):
    """Drug names by their stem: "-mab", "-statin", "-pril"."""

    def find(self, text: str):
        for m in DRUG_SUFFIX.finditer(text):
            yield self.span(m.start(1), m.end(1), "TREATMENT", m.group(1).lower())


@register("procedure_suffix", "TREATMENT")
class ProcedureSuffix(_Medical):
    """Procedures by their suffix: thyroidectomy, arthroplasty, colonoscopy."""

    def find(self, text: str):
        lower = text.lower()
        if not any(p in lower for p in _PROCEDURE_STEMS):
            return
        for m in _PROCEDURE_SUFFIX.finditer(text):
            start, end, phrase = trim_modifiers(text, m.start(1), m.end(1))
            if not phrase or phrase.split()[-1].split("-")[-1] in _NOT_PROCEDURES:
                continue
            if start > 1 and text[start - 1] == "-" and text[start - 2].isalnum():
                # "catheter-directed thrombolysis", "post-arthroplasty": the words joined to it by
                # hyphens are masked with it, and the value is the procedure alone
                while start > 0 and (text[start - 1].isalnum() or text[start - 1] in "-_"):
                    start -= 1
                phrase = phrase.split()[-1]
            part = _BODY_PART_BEFORE.search(text, max(0, start - 24), start)
            if part and _of_the_body(part.group(2).lower()):
                # "bilateral knee arthroplasty" and "knee arthroplasty": one value
                start, phrase = part.start(), _without_qualifiers(f"{fold(part.group(0))} {phrase}")
            yield self.span(start, end, "TREATMENT", phrase, self.boost(text, start, "TREATMENT"))


# A gene named by its symbol before a word for a finding about it: "PALB2 mutation", "BRCA1
# testing", "BRCA1 carrier", "HLA-B27 positive", "BRCA1/BRCA2 panel". Genetic data singles out a
# person and their family. The symbol is upper case, two letters first, with at most three
# digits; a symbol without a digit ("KRAS") counts only before a word that makes it a gene
# ("mutation", "gene"), as "HIV testing", "the PPO carrier" and "the UK variant" name none.
_GENE = r"[A-Z]{2}[A-Z0-9]{0,5}(?:-[A-Z0-9]{1,4})?"
_GENE_FINDING = re.compile(
    rf"(?<![\w/-])({_GENE}(?:/{_GENE})*)(?:\s+(?P<finding>(?:mutation|deletion|duplication|amplification|"
    r"rearrangement|gene)s?)|\s+(?:variants?|carriers?|testing|tests?|panel|screening|positive|negative|status)\b)(?!\w)"
)
# A chromosome band's deletion or duplication ("22q13.3 deletion", "15q11.2 microdeletion"): one
# person's (and their family's) variant, one value. (A gene's symbol and the change in it, "BRAF
# V600E", stay two values, as identifiers.py reads them: a record that writes the change alone
# still links with one that writes both.)
_BAND_CHANGE = re.compile(
    r"(?<![\w.-])((?:[1-9]|1\d|2[0-2]|X|Y)[pq]\d{1,2}(?:\.\d{1,2})?)[ \t]+((?:micro)?(?:deletion|duplication))s?(?![\w-])")
_BAND_CUE = re.compile(r"[\dXY][pq]\d")
# Laboratory values, cells and viruses written like a symbol, which name no gene.
_NOT_GENES = frozenset({"CD4", "CD8", "COVID-19", "COVID19", "HBA1C", "HIV-1", "HIV-2", "HPV-16", "HPV-18", "PM2"})


# A pregnancy as obstetric notes write it: gravida and para ("G3P1", "G4 P2", "G5P3+1"), and the
# weeks and days of gestation ("31+4/40", "24+1 wks", "at 36+5 weeks"). Each says where one woman
# is in one pregnancy; two records that give the same are likely hers. The forms are standard
# notation; a bare "31/40" is left alone (a blood pressure is written so too).
_GRAVIDA_PARA = re.compile(r"(?<![\w/-])G(\d{1,2})[ \t]?P(\d{1,2})(?:\+(\d{1,2})|A(\d{1,2}))?(?![\w/-])", re.I)
_GESTATION = re.compile(
    r"(?<![\w/+.-])([1-4]\d)\+([0-6])(?:/40|[ \t]*(?:wks?|weeks?)\b(?:[ \t]+(?:of[ \t]+)?gestation)?)?(?![\w/+-])")
_OBSTETRIC_CUE = re.compile(r"\d\+[0-6]|[Gg]\d{1,2}[ \t]?[Pp]\d")
OBSTETRIC_RELEVANCE = 0.5
# Before a bare "37+2": a word of pregnancy, delivery or time.
_WEEKS_CONTEXT = re.compile(r"(?i:\bga\b|gestation|pregnan|gravid|\bat\b|\bfrom\b|\buntil\b|\bby\b|antenatal|"
                            r"deliver|induc|\biol\b|\blscs\b|caesarean|cesarean|\bborn\b)[^.;\n]{0,25}$")


@register("obstetric", "INDIRECT_IDENTIFIER")
class Obstetric(Base):
    def find(self, text: str):
        if not may_match(_OBSTETRIC_CUE, text):
            return
        for m in _GRAVIDA_PARA.finditer(text):
            if not (m.group(0)[0] == "G" or m.group(0).islower()):
                continue  # "g3P1" is no notation; "G3P1" and "g3p1" are
            value = f"G{int(m.group(1))}P{int(m.group(2))}"
            if m.group(3) or m.group(4):
                value += f"+{int(m.group(3) or m.group(4))}"
            yield self.span(m.start(), m.end(), "INDIRECT_IDENTIFIER", value, OBSTETRIC_RELEVANCE)
        for m in _GESTATION.finditer(text):
            if m.end() == m.end(2) and not _WEEKS_CONTEXT.search(text, max(0, m.start() - 40), m.start()):
                continue  # a bare "37+2" needs a word of pregnancy or of weeks before it
            yield self.span(m.start(), m.end(), "INDIRECT_IDENTIFIER", f"{m.group(1)}+{m.group(2)} weeks",
                            OBSTETRIC_RELEVANCE)



@register("gene_variant", "MEDICAL_CONDITION")
class GeneVariant(Base):
    def find(self, text: str):
        if _BAND_CUE.search(text):
            for m in _BAND_CHANGE.finditer(text):
                yield self.span(m.start(), m.end(), "MEDICAL_CONDITION", f"{m.group(1)} {m.group(2).lower()}")
        for m in _GENE_FINDING.finditer(text):
            symbols = m.group(1).split("/")
            if any(s in _NOT_GENES or sum(c.isdigit() for c in s) > 3 for s in symbols):
                continue
            if not m.group("finding") and not all(any(c.isdigit() for c in s) for s in symbols):
                continue
            if m.group("finding"):
                # "PALB2 mutation" is a finding about a person, and its value says so: the symbol
                # alone is also written in statements about many people ("PALB2-positive
                # patients"), where the value would otherwise be found and masked too
                finding = plural_stem(m.group("finding").lower())
                yield self.span(m.start(1), m.end("finding"), "MEDICAL_CONDITION", f"{m.group(1).lower()} {finding}")
            else:
                yield self.span(m.start(1), m.end(1), "MEDICAL_CONDITION", m.group(1).lower())


# A pathogen by its genus and species ("Coccidioides immitis", "Strep pyogenes", "Candida
# spp."), its genus before a word for what it does ("Listeria infection", "Pseudomonas keratitis")
# or its species after the genus's initial ("T. gondii"): in a record, the person's infection.
_PATHOGEN_GENERA = sorted((t.capitalize() for t in data_terms("pathogen_genera.txt")), key=len, reverse=True)
_PATHOGEN_SPECIES = sorted(data_terms("pathogen_species.txt"), key=len, reverse=True)

_PATHOGEN = re.compile(
    rf"(?<![\w-])(?:(?:{'|'.join(_PATHOGEN_GENERA)})(?:[ \t]+(?:spp?\.|[a-z]{{4,}}))?(?![\w-])"
    rf"|[A-Z]\.[ \t]?(?:{'|'.join(_PATHOGEN_SPECIES)})(?!\w))")  # "T. gondii-positive"
# What a text must hold for the pattern above to match, found three times faster (literal words,
# no look-behind: the regex engine's fast search).
_PATHOGEN_CUE = re.compile("|".join(_PATHOGEN_GENERA) + rf"|\.[ \t]?(?:{'|'.join(_PATHOGEN_SPECIES)})")
# A species has a Latin ending ("aureus", "gondii", "pneumoniae", "difficile"); so has a word for
# the infection it causes ("keratitis", "pneumonia"), also taken; "Candida was grown", "Proteus
# said" end in none.
_SPECIES_ENDING = re.compile(r"(?:us|um|a|ae|i|is|es|ens|ans|ides|ile|ax|ex|ix)$")
_INFECTION_WORDS = frozenset({"infection", "infections", "abscess", "abscesses", "disease"})
# A disease's name after the pathogen ("P. vivax malaria", "M. avium pneumonia"): the
# condition's phrase, which takes the pathogen in as its modifier.
_DISEASE_AFTER = re.compile(r"[ \t]+[a-z]+(?:ia|itis|osis|iasis)(?![\w-])")


@register("pathogen", "MEDICAL_CONDITION")
class Pathogen(Base):
    def find(self, text: str):
        if not _PATHOGEN_CUE.search(text):
            return
        for m in _PATHOGEN.finditer(text):
            words = m.group(0).split()
            if _DISEASE_AFTER.match(text, m.end()):
                continue
            if len(words) == 2 and not words[0].endswith(".") and not (
                    _SPECIES_ENDING.search(words[1]) or words[1] in _INFECTION_WORDS or words[1].startswith("sp")):
                words = words[:1]  # the genus alone
            end = m.start() + len(" ".join(words)) if len(words) == 1 else m.end()
            if len(words) == 1 and words[0] in ("Staph", "Strep", "Proteus", "Bacillus", "Mucor", "Candida"):
                continue  # alone a short form, a myth's name or a first name as often
            yield self.span(m.start(), end, "MEDICAL_CONDITION", fold(text[m.start():end]).replace(". ", "."))


# A diagnosis written as its ICD-10 code ("Diagnosis code G47.411", "Dx: E75.21; O30.042") names
# the condition as surely as its words; a procedure's CPT or HCPCS code ("CPT 69930", "HCPCS
# L4631") names the treatment. A code counts right after a word that says it is one, or in a list
# right after such a code, never as a bare letter and digits.
_ICD10 = re.compile(r"(?<![\w.-])([A-TV-Z]\d[0-9AB](?:\.[0-9A-TV-Z]{1,4})?)(?![\w-]|\.\d)")
_CODE_CUE = re.compile(r"(?i:\bICD(?:-?10(?:-CM)?)?\b|\bdx\b|\bdiagnos[ie]s\b|\bdiagnosis\s+code|\bcodes?\b|\bdiag\b)")
_PROCEDURE_CODE = re.compile(r"(?<![\w-])(?:CPT|HCPCS)(?:[ \t]+code)?[ \t:#]*((?:[A-Z]\d{4}|\d{4}[A-Z0-9]))(?![\w-])")
# "I10" only right after a diagnosis's cue; a dotted code after any code's cue nearby, or in a
# list after a code ("Dx: O24.112 (... in pregnancy); O30.042 (...)").
_DIAGNOSIS_CUE_BEFORE = re.compile(r"(?i:\bdx|\bicd[\w-]*|\bdiagnos\w*(?:[ \t]+codes?)?)\W{0,3}$")
_LIST_GAP = re.compile(r"[^.\n]*")
# Words that make a code another kind of code (a claim's remark or reason codes, plans, rooms) or
# a reference in a document (a section, an exhibit).
_NOT_A_DIAGNOSIS_CODE = re.compile(
    r"(?i:\b(?:remark|reason|group|plan|benefit|drg|revenue|adjustment|exclusion|room|zip|tax|network|denial|modifier|"
    r"carc|rarc|status|billing|postal|product|rate|tier)[ \t]+codes?|\b(?:section|clause|article|schedule|exhibit|para(?:graph)?|"
    r"rule|form|item)s?|§)[ \t#:.]*$")


@register("diagnosis_code", "MEDICAL_CONDITION", "TREATMENT")
class DiagnosisCode(Base):
    def find(self, text: str):
        lower = text.lower()
        if not any(cue in lower for cue in ("icd", "dx", "diag", "code", "cpt", "hcpcs")):
            return  # substring tests first: most texts name no code
        last_end = -1
        for m in _ICD10.finditer(text):
            before = text[max(0, m.start() - 40):m.start()]
            if _NOT_A_DIAGNOSIS_CODE.search(before):
                continue  # "Remark code N20", "Plan code H12", "section C12.3": other codes and numbers
            listed = 0 <= m.start() - last_end <= 80 and _LIST_GAP.fullmatch(text, last_end, m.start())
            cued = _DIAGNOSIS_CUE_BEFORE.search(before) if "." not in m.group(1) else _CODE_CUE.search(before)
            if listed or cued:
                last_end = m.end()
                yield self.span(m.start(1), m.end(1), "MEDICAL_CONDITION", m.group(1).upper())
        for m in _PROCEDURE_CODE.finditer(text):
            yield self.span(m.start(), m.end(), "TREATMENT", m.group(1).upper())
