"""Identifiers: whole runs of letters and digits, typed by whose they are.

The nearest cue word before a run says whose it is (a patient's, an employee's, an
applicant's: PATIENT_ID; a claim's, a study's: NON_PERSONAL_ID); a run right after a
person's name is that person's, whatever the words before the name say.
"""

from __future__ import annotations

import re

from .base import BASE_RELEVANCE, Base, Span, register
from .cues import may_match

# Identifier runs: letters and digits joined by single separators (- / . _ #), taken whole
# ("12345/06", "PT-5316-9C", "1234.56.789"); whether a run is an identifier is decided in
# Python (_is_identifier). The lookahead fails ordinary words at their first letter.
_ID_RUN = re.compile(
    r"(?<![\w/.#-])(?<!\d,)#?(?=[A-Za-z0-9/._#-]*[0-9])"
    r"([A-Za-z0-9]+(?:[-/._#][A-Za-z0-9]+)*)(?![\w-]|[/.#][A-Za-z0-9])"
)
# A cue word glued to the number: "ID#6139-2847", "No.4711/99": the cue is not part of the value.
_ID_GLUED_CUE = re.compile(r"^(?:[A-Za-z]+#|(?:no|nr|ref|id)\.)(?=[A-Za-z0-9])", re.I)
_ID_LETTERS_DIGITS = re.compile(r"[A-Z]{1,5}\d{3,}[A-Z0-9]*")
# 8RW4C61, 63M2K8Q5, K7T28M: the mix and the length (12, or 20 after a cue) are checked in Python
_ID_MIXED = re.compile(r"[A-Z0-9]{5,20}")
_A_YEAR = re.compile(r"(?:19|20)\d\d")
_ENDS_IN = re.compile(r"ends[ \t]+in\s*:?\s*#?$")  # "... number ends in 2019" may be a year
_ID_PART = re.compile(r"[A-Z0-9]+")  # beside / . _ # every part is digits or capitals: not "mg/dL", "v2.1"
_ID_DATE_SHAPE = re.compile(  # 05/03/2021, 2023-05-01, 2023-05, 5/2023; "4711/99", "12-34-567" are no dates
    r"\d{1,2}[-/.]\d{1,2}[-/.](?:\d{4}|\d{2})|(?:19|20)\d\d[-/.](?:0?[1-9]|1[0-2])(?:[-/.]\d{1,2})?|\d{1,2}/(?:19|20)\d\d"
)
_ID_DATE_PART = re.compile(r"\d{1,2}/\d{1,2}(?:/\d{2,4})?|\d{1,2}/\d{4}|\d{4}")
# Questionnaires, rating scales, manuals, code systems and markers named with a number, the same
# in every record that uses them: "PHQ-9", "SF-36", "EQ-5D", "DSM-5", "ICD-10-CM", "IL-6", "CA-125".
_NAMED_INSTRUMENT = re.compile(
    r"(?:PHQ|GAD|SF|DSM|ICD|EQ|HADS|PCL|BDI|EPDS|MMSE|MoCA|MOCA|EDSS|PANSS|ODI|KOOS|IL)-\d{1,2}[A-Z]?(?:-[A-Z]{1,3})?"
    r"|CA-(?:125|15-3|19-9|27-29)")
# A fiscal or calendar year, quarter or half as reports label them: "FY2025", "FY24-25", "CY2024",
# "Q3FY24", "H1-2025": a period every report of that year names, not anyone's number.
_PERIOD_LABEL = re.compile(
    r"(?:(?:Q[1-4]|H[12])[-/]?)?(?:FY|CY)[-/]?(?:19|20)?\d{2}(?:[-/](?:19|20)?\d{2})?"  # FY2025, FY24-25, Q3FY24
    r"|(?:Q[1-4]|H[12])(?:[-/.]?(?:19|20)\d{2}|[-/.]\d{2})", re.I)  # Q32025, H1-2025, Q1-25, Q1/2025, Q3.24
# The number of a piece of legislation ("Council Directive 2000/78/EC", "Regulation (EU) No
# 1215/2012"): a public text, the same for everyone.
LEGISLATION_BEFORE = re.compile(
    r"\b(?:(?:Directive|Regulation|Decision|Resolution|Recommendation|Framework[ \t]+Decision)"
    r"(?:[ \t]+\((?:EU|EC|EEC|EU,[ \t]*Euratom)\))?(?:[ \t]+(?:No\.?|Nr\.?|n[°º]))?"
    # a national law or decree by its number ("Law no. 112/1995", "Decree no. 92/1950")
    r"|(?:Law|Act|Decree|Ordinance|Emergency[ \t]+Ordinance)[ \t]+(?:[Nn]o\.?|[Nn]r\.?|n[°º]))[ \t]*$")
_ID_THOUSANDS = re.compile(r"\d{1,3}(?:\.\d{3})+")  # 1.234.567: a number, not an identifier
_ID_YEAR_SLASH = re.compile(r"(?:19|20)(\d\d)/(?:(?:19|20)?(\d\d))")  # 2019/20, 2019/2020: checked in _year_pair
_CURRENCY_BEFORE = re.compile(r"(?:[$€£¥]|\b(?:EUR|USD|GBP|CHF))\s?$")
# Directly after "ID", "#", "number" or "no.", a digits-only run is an identifier, not a range.
# "n° RG 21/07864", "No. HC 2018/63": a court's register letters may stand between the cue and
# the number.
# "Account ending 4471", "card ending in 0093", "her member number ends in 4471": the last digits of
# a number are as much its own.
_ID_CUE = re.compile(r"(?:\bID|\bMRN|#|\bnumbers?|(?<!the[ \t])(?<!of[ \t])\bnumber[ \t]+(?:is|was)|\bno\.|\bnr\.?|\bref\.?|\bn[°º]|№|"
                     r"\b(?:account|acct\.?|card|number|policy|member|ssn|id|passport|licen[cs]e|medicare|medicaid|"
                     r"social[ \t]+security(?:[ \t]+number)?)[ \t]+ending(?:[ \t]+in)?|\b(?:number|no\.|id)[ \t]+ends[ \t]+in)"
                     r"\s*:?\s*#?"
                     r"(?-i:[ \t]?[A-Z]{1,4}[ \t])?$", re.I)
_ID_SEPARATOR = re.compile(r"[-/._#]")
# The nearest cue word before an identifier says whose it is: a person's (patient, employee,
# national ID, passport, application) or a process's (claim, policy, invoice, study).
_ID_OWNER_CUE = re.compile(
    r"\b(?:(?P<person>patient|member|subscriber|policy\s*holder|insured|beneficiary|mrn|medical\s+record|"
    r"record\s+number|ssn|social\s+security|enrollee|claimant|participant|employee|staff|personnel|payroll|"
    # the numbers a school, a prison or an employer's door gives one person
    r"student|pupil|inmate|prisoner|detainee|offender|badge|taxpayer|"
    r"national\s+(?:id|identity|identification|insurance|registration)|citizen\s+service|bsn|"
    r"burgerservicenummer|passport|nhs|identity\s+(?:card|number|document)|id\s+card|"
    r"personal\s+(?:id|identification|number|code)|driver'?s?\s+licen[cs]e|applicants?|applications?|"
    # the numbers health and social insurance schemes give a person: "Medicaid ID", "membership
    # number", "Versichertennummer", "AHV-Nr.", "numéro de sécurité sociale", "codice fiscale"
    # (a scheme's name only with a word for its number: "Medicare Advantage" is a plan, "Medicare
    # Part D" a benefit)
    r"medic(?:are|aid)\s+(?:number|no|id|card|beneficiary)|membership|health\s+card|(?:health\s+)?insurance\s+(?:number|no|id)|social\s+insurance|"
    r"(?:kranken)?versicherten(?:nummer)?|sozialversicherungsnummer|ahv|s[ée]curit[ée]\s+sociale|carte\s+vitale|"
    r"codice\s+fiscale|tessera\s+sanitaria|"
    # national and health numbers by their initials: Singapore's NRIC, Scotland's CHI, Ireland's
    # PPS number, New Zealand's NHI, Australia's IHI
    r"nric|chi|ppsn?|nhi|ihi)"
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
    r"(?i:\b(?:(?:nhs|ssn|bsn|social\s+security|national\s+(?:id|identity|identification|insurance)|citizen\s+service|"
    r"passport|mrn|(?:patient|member|employee|staff|personnel|claimant|subscriber|insured|beneficiary|enrollee)\s+id"
    # Canada's personal health number (Manitoba's PHIN), India's Aadhaar ("PHN 9123 456 789"; a SIN and
    # its check: national_ids)
    r"|phn|phin|aadhaa?r)(?:\s+(?:number|no\.?|nr\.?))?"
    # a health scheme's name says a number follows only with a word for it ("Medicare no.", "Medicaid ID")
    r"|(?:medicare|medicaid|health\s+(?:insurance|card))\s+(?:number|no\.?|nr\.?|card|id|#)|health\s+card"
    # a member's, a card's or a certificate's number: "Member no. CH 7712 0935"
    r"|(?:member(?:ship)?|certificate)\s+(?:number|no\.?|nr\.?|#)"
    # a policy's or a claim's: "Policy No. LVH 2207 8841" (the process's number, not the person's)
    r"|(?P<process>policy|claim)\s+(?:number|no\.?|nr\.?|#)"
    # the scheme's name alone, the number straight after it: "Medicare 2951 64830 1", "RAMQ
    # ABCD 1234 5678", Brazil's health card "CNS 898 0012 3456 7891", Australia's "IHI 8003 6081
    # 2345 6789" (a long number only: find() asks for eight digits)
    r"|(?P<bare>medicare|medicaid|ramq|ahv|cns|ihi))\s*[:#]?\s*"
    # said in a sentence: "your membership number is 0023 8841 2"
    r"(?:(?:is|was)\s+)?)"
)
# The groups as schemes print them: "943 476 5919" (NHS), "2951 64830 1" (Medicare, a check digit last).
# A scheme's letters may come first ("CH 7712 0935").
_DIGIT_SPACE_DIGIT = re.compile(r"\d \d")  # what _SPACED_PERSON_ID must find (cues.py)
# (in brackets too: "NHS number (943 476 5919)")
_SPACED_PERSON_ID = re.compile(
    rf"{_SPACED_ID_CUE}(?P<open>\()?(?P<number>(?:[A-Z]{{1,4}} )?\d{{2,5}}(?: \d{{1,5}}){{1,3}})(?(open)\))(?![\w-]|[./]\d)")
SPACED_ID_BEFORE = re.compile(rf"{_SPACED_ID_CUE}\(?$")  # (a bracket may open the number)
# How free and shared-cost service lines begin (Australia, the UK, New Zealand): after a scheme's
# bare name such a number is its phone line.
_SERVICE_LINES = ("1800 ", "1300 ", "0800 ", "0300 ", "0845 ")
# France's social security number (NIR) as printed after its name: sex, year, month, département,
# commune, order and key in groups, "1 84 12 76 451 089 46".
_NIR = re.compile(
    r"(?i:\bNIR|\bINSEE|s[ée]curit[ée][ \t]+sociale|\bn°[ \t]*SS)[ \t]*(?::|n°)?[ \t]*"
    r"([12][ \t]?\d{2}[ \t]?(?:0[1-9]|1[0-2]|[2-9]\d)[ \t]?(?:\d{2}|2[AB])[ \t]?\d{3}[ \t]?\d{3}(?:[ \t]?\d{2})?)"
    r"(?![\w-])")
# Germany's pension insurance number (Versicherungsnummer der Rentenversicherung) by its shape:
# the insurer's area, the birth date (DDMMYY), the surname's initial, a serial and a check digit,
# "12 150780 K 004": distinctive enough without its name. (The look-behind after the first digit:
# the regex engine scans for a digit; dates.py.)
_PENSION_NUMBER_DE = re.compile(
    r"(\d(?<![\w-]\d)\d[ \t]?(?:0[1-9]|[12]\d|3[01])(?:0[1-9]|1[0-2])\d{2}[ \t]?[A-Z][ \t]?\d{3})(?![\w-])")
_ID_OWNER_GAP = re.compile(r"(?:[^.]|(?<=\bno)\.|(?<=\bnos)\.|(?<=\bnr)\.|(?<=\bNo)\.|(?<=\bNos)\.|(?<=\bNr)\.|(?<=\bNO)\.){0,30}")
# Public trial-registry numbers (ClinicalTrials.gov NCT, EudraCT, ISRCTN) and study names ("the
# CARES-2 trial") name a study, the same for every participant: as identifying as the clinic that
# ran it, not as a person's own number.
_REGISTRY_ID = re.compile(r"NCT\d{8}|\d{4}-\d{6}-\d{2}|ISRCTN\d{8}", re.I)
REGISTRY_RELEVANCE = 0.4
_STUDY_AFTER = re.compile(r"\s+(?:clinical\s+|research\s+)?(?:trial|study)\b", re.I)  # "the CARES-2 trial"
_NOT_IDS = {"covid-19", "covid19", "sars-cov-2", "h1n1", "hba1c", "a1c", "type-2", "type-1", "mid-2023"}
_SPINAL_LEVEL = re.compile(r"[CTLS]\d{1,2}[-/][CTLS]?\d{1,2}", re.I)  # L4-L5, C5-6: vertebrae, not identifiers
_ID_NUMBER_RANGE = re.compile(r"^\d+-\d+$")  # 4400-4500, 2019-2021: ranges, not identifiers


# A UK National Insurance number, its own shape with or without spaces: two letters (not D, F,
# I, Q, U, V; the second not O), three pairs of digits, a letter A-D: "QZ 63 09 41 C".
_NI_NUMBER = re.compile(r"(?<![\w-])([A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z](?:[ \t]?\d{2}){3}[ \t]?[A-D])(?![\w-])")
# After its name any two letters are taken: the specimen numbers of forms and letters ("QQ 12 34
# 56 C") break the prefix rules on purpose, and a document that names the number means it.
_NI_NUMBER_NAMED = re.compile(
    r"(?i:\bnational[ \t]+insurance[ \t]+(?:number|no\.?)|\bNI[ \t]+(?:number|no\.?)|\bNINO?)"
    r"[ \t]*[:(#,]?[ \t]*(?:is[ \t]+)?([A-Z]{2}(?:[ \t]?\d{2}){3}[ \t]?[A-D])(?![\w-])")
# "National Insurance number", "Social Security card", "NHS number": the name of a scheme whose
# number or card follows, not a body the person deals with. Only these schemes: "St James's
# Hospital number" names the hospital, which stays an organisation.
NUMBER_SCHEMES = frozenset({
    "national insurance", "social security", "nhs", "pps", "medicare", "medicaid", "medical card", "social insurance",
})
NAMES_A_NUMBER = re.compile(r"[ \t]+(?:numbers?|no\.?|nos\.?|card|contributions?)(?![\w-])", re.I)


@register("spaced_person_id", "PATIENT_ID")
class SpacedPersonId(Base):
    """A person's number in spaced groups after its cue ("NHS number 943 476 5919"), or a
    National Insurance number or a German pension insurance number by its shape ("QZ 63 09 41 C",
    "12 150780 K 004")."""

    def find(self, text: str):
        for m in _SPACED_PERSON_ID.finditer(text) if may_match(_DIGIT_SPACE_DIGIT, text) else ():
            number = m.group("number")
            if m.group("bare") and number.startswith(_SERVICE_LINES):
                continue  # "call Medicare 1800 123 456": the scheme's phone line, no one's number
            # Brazil's CNS has 15 digits, Australia's IHI 16 ("IHI 2021 2022 Annual Report" is none)
            least = (15 if m.group("bare").lower() in ("cns", "ihi") else 8) if m.group("bare") else 6
            if sum(c.isdigit() for c in number) >= least:
                owner = "NON_PERSONAL_ID" if m.group("process") else "PATIENT_ID"
                yield self.span(m.start("number"), m.end("number"), owner, number.replace(" ", ""))
        for m in _NIR.finditer(text) if "NIR" in text or "INSEE" in text or "ociale" in text or "SS" in text else ():
            yield self.span(m.start(1), m.end(1), "PATIENT_ID", re.sub(r"[ \t]", "", m.group(1)))
        for m in _PENSION_NUMBER_DE.finditer(text) if may_match(_DIGIT_SPACE_DIGIT, text) else ():
            yield self.span(m.start(1), m.end(1), "PATIENT_ID", re.sub(r"[ \t]", "", m.group(1)))
        named = _NI_NUMBER_NAMED.finditer(text) if "NI" in text or "nsurance" in text else ()
        for m in (*_NI_NUMBER.finditer(text), *named):
            yield self.span(m.start(1), m.end(1), "PATIENT_ID", re.sub(r"[ \t]", "", m.group(1)))


@register("identifier", "PATIENT_ID", "NON_PERSONAL_ID")
class Identifier(Base):
    """Whole identifier runs ("PT-5316-9C", "12345/06"), not dates, ranges or measurements."""

    def find(self, text: str):
        for m in _ID_RUN.finditer(text):
            start, token = m.start(1), m.group(1)
            glued = _ID_GLUED_CUE.match(token)
            if glued:
                start, token = start + glued.end(), token[glued.end():]
            if _is_identifier(text, start, token):
                yield self._typed(text, start, start + len(token), token)
        if "**" in text or "••" in text or "XX-" in text:
            for m in _MASKED_ID.finditer(text):
                if _ID_CUE.search(text, max(0, m.start() - 16), m.start()) or _SSN_BEFORE.search(text, max(0, m.start() - 8), m.start()):
                    # "Member ID: ****4471": the digits a statement leaves visible are the number's
                    # own, as "account ending 4471" gives them; the value is those digits
                    yield self._typed(text, m.start(), m.end(), m.group(1))

    def _typed(self, text: str, start: int, end: int, token: str) -> Span:
        # "#QM4071TX": the number sign written against an identifier is part of how it is
        # written (the span takes it in, the value leaves it out, so "QM4071TX" elsewhere links)
        if start and text[start - 1] == "#" and (start == 1 or not text[start - 2].isalnum()):
            start -= 1
        if _REGISTRY_ID.fullmatch(token) or _STUDY_AFTER.match(text, end):
            return self.span(start, end, "NON_PERSONAL_ID", token.upper(), REGISTRY_RELEVANCE)
        if _id_owner(text, start) == "person" or _CASE_NUMBER_BEFORE.search(text, max(0, start - 60), start):
            return self.span(start, end, "PATIENT_ID", token.upper())
        return self.span(start, end, "NON_PERSONAL_ID", token.upper())


_RANGE_BEFORE = re.compile(r"\b(?:range|between|from|to)\s*:?\s*$", re.I)
# A number printed with all but its last digits masked: "****4471", "•••• 5521".
# (in groups too, as a Social Security number prints masked: "***-**-0862", "XXX-XX-0862", after "SSN")
_SSN_BEFORE = re.compile(r"(?i:\bssn)[ \t]*[:#]?[ \t]*$")
_MASKED_ID = re.compile(r"(?<![\w*•])(?:[*•]{2,}|(?:[*•]{2,4}|XXX?)-(?:[*•]{2}|XX)-?)[ \t-]?(\d{3,6})(?![\w*•])")


def _uneven_pair(parts: list[str]) -> bool:
    """Two runs of digits no range is written as: "88-402175" (a range's second number is about
    as long as its first, or shorter: "10-12", "4400-4500", "2019-21"), or "4412-0093": of one
    length, the second below the first and written with a leading zero (a range climbs; "1900-0700",
    a night shift, is no number: times are left out)."""
    if len(parts) != 2:
        return False
    first, second = parts
    if len(first) >= 2 and len(second) >= 5 and len(second) - len(first) >= 3:
        return True
    return len(first) == len(second) == 4 and second[0] == "0" and int(second) < int(first) \
        and not (_HHMM.fullmatch(first) and _HHMM.fullmatch(second))


_HHMM = re.compile(r"(?:[01]\d|2[0-3])[0-5]\d")


def _is_identifier(text: str, start: int, token: str) -> bool:
    """Whether a whole run of identifier characters is an identifier, not a date, range, spinal
    level, measurement, amount or version."""
    if not any(c.isdigit() for c in token) or token.lower() in _NOT_IDS or _SPINAL_LEVEL.fullmatch(token):
        return False
    if _PERIOD_LABEL.fullmatch(token) or _NAMED_INSTRUMENT.fullmatch(token):
        return False
    before = text[max(0, start - 16):start]
    if _CURRENCY_BEFORE.search(before) or LEGISLATION_BEFORE.search(text, max(0, start - 40), start):
        return False
    cued = _ID_CUE.search(before) is not None
    if cued and _A_YEAR.fullmatch(token) and _ENDS_IN.search(before):
        return False  # "Case number ends in 2019": a year
    digits = sum(c.isdigit() for c in token)
    parts = _ID_SEPARATOR.split(token)
    if len(parts) == 1:
        if token.isdigit():
            return digits >= 6 or cued and digits >= 4  # "#2834", "ID 4711"
        if _ID_LETTERS_DIGITS.fullmatch(token):
            return True
        # longer after a cue, mostly digits: "Claim #: 31907B5526048" (a claim system's number with its
        # letter; not "Ref: COVID19BOOSTER2024")
        return _ID_MIXED.fullmatch(token) is not None and 2 <= digits < len(token) \
            and (len(token) <= 12 or cued and 2 * digits >= len(token))
    if not cued and (_ID_DATE_SHAPE.fullmatch(token) or _ID_NUMBER_RANGE.match(token) and not (
            _uneven_pair(parts) and _id_owner(text, start) and not _RANGE_BEFORE.search(before))):
        return False
    separators = set(_ID_SEPARATOR.findall(token))
    if "-" in separators and len(separators) > 1 and all(_ID_DATE_PART.fullmatch(p) for p in token.split("-")):
        return False  # 03/2023-10/2023, 08/01-08/15/2024: a date range
    if "." in separators and token.count(".") < 2 and not cued:
        return False  # 12.5, 10.30, G40.812: a decimal, a time, a diagnosis code
    if separators == {"-"}:
        if any(len(part) >= 2 and part.isalpha() and part.islower() for part in parts):
            return False  # "58-year-old", "covid-related", "46-yo", "6-wk": words, not codes
        return any(c.isalpha() for c in token) or len(token) >= 6
    if not all(_ID_PART.fullmatch(part) for part in parts):
        return False  # "mg/dL", "5mg/kg", "v2.1.3", "Fig.3"
    if not token.replace("-", "").replace("/", "").replace(".", "").replace("_", "").replace("#", "").isdigit():
        if separators == {"/"} and all(any(c.isalpha() for c in part) for part in parts) and not cued:
            return False  # BRCA1/BRCA2, HER2/CD20: a pair of named things
        return len(token) >= 5 and digits >= 2  # "PT/2023/001"
    if _ID_THOUSANDS.fullmatch(token) or not cued and _year_pair(token):
        return False
    if separators == {"/"}:
        return len(parts[0]) >= 4 and digits >= 5 or cued and digits >= 4  # "12345/06", but not 120/80 or 24/7
    return digits >= 6 or cued and digits >= 4


def _year_pair(token: str) -> bool:
    """"2019/20", "2019/2020", "2010/2025", "2018/23": a span of years (a season, a financial
    year, a period); "2018/63" is a register number (the second year would lie decades later,
    where a span of that length is written with four digits)."""
    m = _ID_YEAR_SLASH.fullmatch(token)
    if m is None:
        return False
    if len(token.partition("/")[2]) == 4:
        return int(token[-4:]) > int(token[:4])
    return 0 < (int(m.group(2)) - int(m.group(1))) % 100 <= 10


def _id_owner(text: str, start: int) -> str | None:
    """"person" or "process" by the nearest cue word before an identifier, None without one."""
    before = text[max(0, start - 45):start]
    last = None
    for match in _ID_OWNER_CUE.finditer(before):
        last = match
    if last is None or not _ID_OWNER_GAP.fullmatch(before, last.end()):
        return None
    return "person" if last.group("person") else "process"


# Between a name and its identifier: "Lincoln Brar (ID# PA-7315-RD)", "Rex Salam, member 4411".
_NAME_THEN_ID = re.compile(
    r"\s*(?:,\s*|\(\s*)?(?:(?:patient|member|participant|case|employee|staff|personnel|applicant|application)\s+)?"
    r"(?:ID|#|no\.|nr\.?|number)?\s*:?\s*#?\s*$",
    re.I,
)


def person_ids(text: str, chosen: list[Span], phrase_types: frozenset[str]) -> list[Span]:
    """An identifier written right after a person's name is that person's (PATIENT_ID), whatever
    the words before the name say: the name is the strongest context there is."""
    out = []
    previous: Span | None = None
    for f in chosen:  # in text order
        if (f.type == "NON_PERSONAL_ID" and previous is not None and previous.type == "NAME"
                and f.start - previous.end <= 16 and _NAME_THEN_ID.fullmatch(text[previous.end:f.start])
                and not _REGISTRY_ID.fullmatch(f.normalized)):  # a trial number stays the trial's
            f = Span(f.start, f.end, "PATIENT_ID", f.normalized, max(f.relevance, BASE_RELEVANCE["PATIENT_ID"]),
                     f.recognizer)
        out.append(f)
        if f.type not in phrase_types:
            previous = f
    return out
