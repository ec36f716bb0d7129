"""Courts, institutions and departments: the bodies a legal decision or an HR file names.

"the Regional Court of Kraków", "the Supreme Court", "Amsterdam District Court", "the Court
of Appeal"; "Sztum Prison", "the Shali District Prosecutor's Office", "the Ministry of
Justice"; "the Finance Department", "Department of Human Resources", "the Payroll team".
"""

from __future__ import annotations

import re

from ...normalize import fold
from .base import Base, register
from .roles import NATIONALITIES
from .words import EMPTY_FIELD, UPPER, word_tail

# A capitalised word, bounded as every word a pattern may start at is (words.LONGEST_WORD).
_CAPWORD = "[A-Z]" + word_tail(r"[\w'’.-]")
_COURT = re.compile(
    rf"(?<![\w-])(?:(?:{_CAPWORD}[ \t]){{0,3}}(?:Court|Tribunal|Chamber)(?:[ \t]of[ \t](?:Appeals?|Cassation|Justice|"
    rf"First[ \t]Instance|Human[ \t]Rights|Auditors))?(?:[ \t](?:of|in|for)[ \t](?:the[ \t])?{_CAPWORD}(?:[ \t]{_CAPWORD})?)?"
    r"|(?:Conseil[ \t]d'État|Cour[ \t]de[ \t]cassation|Bundesgerichtshof|Hoge[ \t]Raad|Raad[ \t]van[ \t]State))(?![\w-])"
)
# Words with a capital that may be a non-ASCII letter: "Kürkçüler E-type Prison", "Özgür Party".
_UCAPWORD = UPPER + word_tail(r"[\w'’.-]")
# Institutions a party passes through: where they were held, who prosecuted them, what body or
# party they belonged to. Named by capitalised words before a head ("Sztum Prison", "Workers'
# Party of Kurdistan") or by a head and "of" ("Ministry of Justice", "University of Gdańsk").
_INSTITUTION_HEAD = (
    r"(?:Prison|Prisons|Penitentiary|Jail|Gaol|(?:Remand|Detention|Reception)[ \t]Cent(?:re|er)|"
    r"(?:Correctional|Penal)[ \t](?:Facility|Institution|Colony)|Colony|Police[ \t](?:Station|Department|Headquarters)|"
    r"Police|(?:Public[ \t])?Prosecutor['’]s[ \t]Office|Directorate|Gendarmerie(?:[ \t]Command)?|Municipality|"
    r"Prefecture|Governorship|Town[ \t]Hall|Bar[ \t]Association|Party|Union|Association|Foundation|University|"
    r"College|School|Elementary|Bank|Company|Corporation|Club|Logistics|Authority|Trust|Inc\.?|LLC|Ltd\.?|GmbH|"
    # a cooperative its members sell through, a congregation someone belongs to: "Brannock Valley
    # Dairy Cooperative", "Hollins Lutheran Church" (a faith is as telling as a clinic)
    r"Cooperative|Co-op|Church|Chapel|Cathedral|Synagogue|Mosque|Temple|Congregation)"
)
# Heads that are surnames too ("Emma Church", "Ruth Temple"): after a first name, a person.
_SURNAME_HEADS = ("Church", "Chapel", "Temple")
_INSTITUTION = re.compile(
    rf"(?<![\w-])(?:(?:{_UCAPWORD}[ \t]){{1,4}}{_INSTITUTION_HEAD}"
    rf"(?:[ \t]of[ \t](?:the[ \t])?{_UCAPWORD}(?:[ \t]{_UCAPWORD}){{0,2}})?"
    rf"|(?:{_UCAPWORD}[ \t]){{0,3}}(?:Ministry|University|Bank|Party|Union|Office|Directorate|Bureau|Institute|Academy|Federation)[ \t]of[ \t]"
    rf"(?:the[ \t])?{_UCAPWORD}(?:[ \t](?:and[ \t]|&[ \t])?{_UCAPWORD}){{0,3}})(?![\w-])"
)
# A body named for what it does: "National Authority for Property Restitution", "Foundation for
# Rare Diseases"; not "Northwind Logistics for Maria Lopez" (whom it invoiced) or "the Housing
# Authority for Prescott residents" (a place): checked in Python.
_FOR_TAIL = re.compile(rf"[ \t]for[ \t](?:the[ \t])?({_UCAPWORD}(?:[ \t]{_UCAPWORD}){{0,2}})(?![\w-])")
_FOR_HEADS = ("Authority", "Foundation", "Commission", "Agency", "Fund", "Association")
# The same bodies written in lower case after the place they serve, as judgments often do:
# "the Istanbul public prosecutor's office", "the Diyarbakır chief public prosecutor", "Istanbul
# police headquarters", "Breitvet prison", "the Ankara security directorate".
_LOWER_HEAD = (
    r"(?:(?:chief|public|district|provincial|regional|military)[ \t]){0,3}prosecutor(?:['’]s[ \t]office)?|"
    r"police(?:[ \t](?:headquarters|station|department))?|(?:[a-z]-type[ \t])?prison|gendarmerie(?:[ \t]command)?|"
    r"security[ \t]directorate|governor['’]s[ \t]office|governorship|municipality|town[ \t]hall|remand[ \t]cent(?:re|er)"
)
_LOWER_INSTITUTION = re.compile(rf"(?<![\w-])((?:{_UCAPWORD}[ \t]){{1,3}})(?:{_LOWER_HEAD})(?![\w-])")
# Capitalised words before such a head that name no place: the start of a sentence or a date
# ("On Monday police", "In March police"), the state itself ("the State prosecutor"), a
# nationality ("the European prison rules", "Turkish police").
_NOT_A_PLACE = frozenset(
    "on in at by for during after before since until upon under with into according when while if "
    "monday tuesday wednesday thursday friday saturday sunday january february march april may june july "
    "august september october november december state government federal national public crown chief "
    "republic county city european international".split())
# Words that make a kind of body, not one body: "High School", "Medical School", "Health Club",
# "Book Club", "Third Party Logistics".
_GENERIC_BODY_WORDS = frozenset(
    "high middle elementary primary secondary junior senior grammar public private medical nursing law business "
    "sunday summer night language driving dance art music health fitness sports golf tennis book youth kids "
    "country social third party trade labour labor political student students credit savings nhs "
    # kinds of trusts and authorities, not one: "Special Needs Trust", "the Housing Authority"
    "special needs irrevocable revocable living qualified income discretionary charitable land local central "
    "competent housing statutory supervisory regulatory tax".split())
# "High Contracting Party", "the respondent State Party": the Convention's words for states.
_NOT_INSTITUTION = re.compile(r"(?i)\b(?:contracting|state)[ \t]part(?:y|ies)\b")
# The noun that ends a business function's name: what the people in it do.
_FUNCTION_AREA = (
    "Operations|Engineering|Services|Finance|Payroll|Compliance|Procurement|Purchasing|Logistics|Marketing|Sales|"
    "Prevention|Documentation|Microbiology|Chemistry|Banking|Resources|Accounts|Payable|Receivable|Benefits|"
    "Facilities|Maintenance|Assurance|Analytics|Administration|Development|Research|Support|Governance|Treasury|"
    "Audit|Relations|Communications|Production|Manufacturing|Distribution|Recruitment|Mobility|Reward|Estates"
)
# Two patterns, each run on its own: "The Department of Logistics" must not be taken by the
# second as "The Department" and lost.
_DEPARTMENT_PATTERNS = (
    re.compile(rf"(?<![\w-])(?:Department|Dept\.?|Division|Directorate|Office|Unit)[ \t]of[ \t](?:the[ \t])?"
               rf"{_CAPWORD}(?:[ \t](?:and|&)?[ \t]?{_CAPWORD}){{0,3}}(?![\w-])"),
    re.compile(rf"(?<![\w-])(?:{_CAPWORD}[ \t]){{1,3}}(?:Department|Dept\.?|Division|Directorate|Team|Unit)(?![\w-])"),
    # a function of a business named by its area: "People Operations", "Platform Engineering",
    # "Finance & Operations", "Finance – Payroll", "QC Microbiology", "Loss Prevention" (two to
    # four capitalised words, the last an area's noun)
    # (a dash joins two areas only: "QC Analyst II – QC Microbiology" is a post and its department)
    re.compile(rf"(?<![\w-])(?:(?:{_FUNCTION_AREA})[ \t]+[–-][ \t]+|{_CAPWORD}(?:[ \t]+(?:&|and)[ \t]+|[ \t])){{1,3}}"
               rf"(?:{_FUNCTION_AREA})(?![\w'’-])"),
)
# A department in a form's field: "Department: Logistics". The span takes in the field's name:
# the department's own name may be an ordinary word ("Emergency", "Legal"), which the recurrence
# pass must not look for alone. Not "Team:" or "Unit:" ("Team: Management", "Unit: kg"), not
# what fills an empty field ("None", "N/A", "See attached"), and never the next field's name.
_DEPARTMENT_FIELD = re.compile(
    rf"(?<![\w-])(?:Department|Dept\.?|Business[ \t]unit|Division|(?i:reparto|afdeling|abteilung|departamento|"
    rf"dipartimento|avdelning|avdeling|afdelingen|service|d[ée]partement|dział))[ \t]*:[ \t]*({_CAPWORD}(?![\w'’.-]*[:/])"
    rf"(?:[ \t](?:and[ \t]|&[ \t])?{_CAPWORD}(?![\w'’.-]*[:/])){{0,3}})")
# The value of a department is its name and the word for a department, however written: "the
# Logistics Department", "Department of Logistics" and "Department: Logistics" are one; the head
# stays in the value, so the recurrence pass never looks for "Logistics" alone.
_DEPARTMENT_OF = re.compile(r"^(?:department|dept\.?)[ \t]+of[ \t]+(?:the[ \t]+)?(.+)$")
_DEPARTMENT_AFTER = re.compile(r"^(.+)[ \t]+(?:department|dept\.?)$")


def _department_value(name: str) -> str:
    folded = fold(name).rstrip(".,;:")
    m = _DEPARTMENT_OF.match(folded) or _DEPARTMENT_AFTER.match(folded)
    return f"{m.group(1)} department" if m else folded


# Capitalised words that begin a sentence or a phrase but belong to no court's name.
_LEADING = {"the", "a", "an", "this", "that", "our", "their", "his", "her", "its", "in", "at", "by", "from", "to", "before",
            "of", "and", "which", "when", "whereas", "where", "if", "as", "see", "also", "then", "thus", "both",
            # a party's part in the case before its name: "Defendant DELANO HOLDINGS LLC"
            "plaintiff", "plaintiffs", "defendant", "defendants", "co-defendant", "claimant", "claimants",
            "respondent", "respondents", "appellant", "appellants", "applicant", "applicants", "petitioner",
            "petitioners", "intervener", "intervenor"}


def _trim(text: str, start: int, end: int) -> tuple[int, str] | None:
    words = text[start:end].split()
    while words and words[0].lower() in _LEADING:
        start = text.index(words[1], start + len(words[0])) if len(words) > 1 else end
        words = words[1:]
    return (start, " ".join(words)) if words else None


@register("court", "COURT")
class Court(Base):
    def find(self, text: str):
        for m in _COURT.finditer(text):
            trimmed = _trim(text, m.start(), m.end())
            if trimmed and " " in trimmed[1]:  # a bare "Court" is the decision's own court: no value
                yield self.span(trimmed[0], m.end(), "COURT", fold(trimmed[1]))


@register("institution", "ORGANISATION")
class Institution(Base):
    """A prison, prosecutor's office, ministry, party, union or school, by its head word."""

    def find(self, text: str):
        for m in _INSTITUTION.finditer(text):
            trimmed = _trim(text, m.start(), m.end())
            name_words = trimmed[1].split() if trimmed else []
            if len(name_words) >= 2 and name_words[-1] in _SURNAME_HEADS and name_words[-2].lower() in self.gaz.first_names:
                continue
            if trimmed and " " in trimmed[1] and not _NOT_INSTITUTION.search(trimmed[1]) \
                    and not all(w in _GENERIC_BODY_WORDS for w in fold(trimmed[1]).split()[:-1]):
                end, name = m.end(), trimmed[1]
                tail = _FOR_TAIL.match(text, end) if m.group(0).endswith(_FOR_HEADS) else None
                if tail and not any(w.lower() in self.gaz.first_names or w.lower() in self.gaz.places
                                    for w in tail.group(1).split()):
                    end, name = tail.end(), name + text[m.end():tail.end()]
                yield self.span(trimmed[0], end, "ORGANISATION", fold(name))
        for m in _LOWER_INSTITUTION.finditer(text):
            place = m.group(1).rstrip()
            if place.endswith(("'s", "’s", "s'", "s’")):
                continue  # "Mr Kaya's police escort": whose, not which body
            trimmed = _trim(text, m.start(), m.end())
            if not trimmed or trimmed[0] >= m.start() + len(place):
                continue  # no capitalised word is left before the head
            words = text[trimmed[0]:m.start() + len(place)].split()
            if any(w.lower() in _NOT_A_PLACE or w.lower() in NATIONALITIES for w in words):
                continue
            if text[m.start() + len(place):m.end()].strip().lower() == "police" and \
                    " ".join(words).lower() not in self.gaz.places:
                continue  # "According to Ahmet police": a bare "police" needs a known place
            yield self.span(trimmed[0], m.end(), "ORGANISATION", fold(trimmed[1]))


# Companies by their legal form, written before the name in Russian, Ukrainian and Bulgarian
# records ("OOO Stal-Volga", "ZAO \"Uralstroy\"", "TOV Dnipro-Agro") and after it elsewhere
# ("Herăstrău-Nord S.A.", "Mostar-Trans d.o.o.", "Bud-Pol sp. z o.o.", "Quill Analytics Ltd").
_FORM_BEFORE = r"(?:OOO|ZAO|OAO|PAO|AO|TOV|PJSC|OJSC|CJSC|JSC)"
# Not the two-letter forms (SA, NV, AB, AG, BV): they are states' and provinces' codes ("Reno, NV",
# "Calgary, AB") and letters after people's names as often; _SHORT_FORM takes them where more
# words come first.
_FORM_AFTER = (r"(?:S\.A\.|S\.R\.L\.|SRL|S\.p\.A\.|SpA|S\.r\.l\.|d\.o\.o\.|d\.d\.|sp\.[ \t]?z[ \t]?o\.[ \t]?o\.|"
               r"S\.A\.S\.|SARL|a\.s\.|s\.r\.o\.|Kft\.|Zrt\.|Nyrt\.|GmbH|B\.V\.|N\.V\.|Ltd\.?|"
               r"PLC|plc|LLP|LLC|Inc\.|EOOD|OOD|EAD|ASA|Oyj|A/S|ApS|Srl|SPA|S\.L\.U?\.|e\.V\.|ETT|"
               r"Pty[ \t]Ltd\.?|\(Pty\)[ \t]Ltd\.?|Pvt\.?[ \t]Ltd\.?|Sdn\.?[ \t]Bhd\.?|Limited|LIMITED|LTD\.?|INC\.|inc\.|[Ll]t[ée]e|Corp\.|CORP\.)")
# Forms a comma may come before, as English names write them: "Brightquill Software, Inc.".
_FORM_AFTER_COMMA = r"(?:Inc\.|INC\.|Ltd\.?|LTD\.?|Limited|LLC|LLP|PLC|plc|Corp\.|CORP\.)"
# The two-letter forms (NV, BV, AB, AG, SA, SE, KG, Oy) after two or more capitalised words
# and no comma: "Vandewalle Pharma NV", "Skogberg Engineering Sverige AB"; never "Reno, NV".
_SHORT_FORM = r"(?:NV|BV|AB|AG|SA|SE|KG|Oy)"  # not AS: "SUCH AS" in capitals
_COMPANY_WORD = UPPER + word_tail(r"[\w'’&-]")  # no full stop: the name ends with its sentence
# Between the words of a name, an ampersand may stand: "Quillfeather & Strand LLP".
_COMPANY_GAP = r"(?:[ \t]+&)?[ \t]"
# Norway's and Denmark's AS after words written in capitals and lower case: "Skjervoy Offshore AS"
# ("SUCH AS" in capitals is no company).
_TITLE_WORD = "[A-Z](?=[a-z])" + word_tail(r"[\w'’&-]", 1)
_NAME_PART = rf"(?:{_COMPANY_WORD}|[\"«„“][^\"»“”\n]{{2,40}}[\"»“”])"
_COMPANY = re.compile(
    rf"(?<![\w-]){_FORM_BEFORE}[ \t]+{_NAME_PART}(?:[ \t]+{_COMPANY_WORD}){{0,2}}(?![\w-])"
    rf"|(?<![\w-])(?:{_COMPANY_WORD}{_COMPANY_GAP}){{0,3}}{_COMPANY_WORD}[ \t]+{_FORM_AFTER}(?![\w-])"
    rf"|(?<![\w-])(?:{_COMPANY_WORD}{_COMPANY_GAP}){{0,3}}{_COMPANY_WORD},[ \t]+{_FORM_AFTER_COMMA}(?![\w-])"
    rf"|(?<![\w-])(?:{_COMPANY_WORD}{_COMPANY_GAP}){{1,3}}{_COMPANY_WORD}[ \t]+{_SHORT_FORM}(?![\w-])"
    rf"|(?<![\w-])(?:{_TITLE_WORD}[ \t]){{1,3}}{_TITLE_WORD}[ \t]+(?:AS|ASA)(?![\w-])"
)
# A legal form that ends in its own full stop ("S.A.", "d.o.o."): the stop is the form's.
ENDS_WITH_LEGAL_FORM = re.compile(r"(?<![\w.])(?:[A-Za-z]{1,3}\.){2,}$")
_ANY_FORM = re.compile(rf"(?<![\w-])(?:{_FORM_BEFORE}|{_FORM_AFTER}|{_SHORT_FORM}|AS)(?![\w-])")


@register("company", "ORGANISATION")
class Company(Base):
    """A company named with its legal form, which says that the words are a company's name."""

    def find(self, text: str):
        if not _ANY_FORM.search(text):
            return
        for m in _COMPANY.finditer(text):
            trimmed = _trim(text, m.start(), m.end())
            if trimmed and " " in trimmed[1]:
                # "Brightquill Software, Inc." and "Brightquill Software Inc." are one company
                yield self.span(trimmed[0], m.end(), "ORGANISATION", fold(trimmed[1]).replace(",", ""))


@register("department", "DEPARTMENT")
class Department(Base):
    def find(self, text: str):
        for pattern in _DEPARTMENT_PATTERNS:
            for m in pattern.finditer(text):
                trimmed = _trim(text, m.start(), m.end())
                if trimmed and " " in trimmed[1]:
                    yield self.span(trimmed[0], m.end(), "DEPARTMENT", _department_value(trimmed[1]))
        if ":" in text:
            for m in _DEPARTMENT_FIELD.finditer(text):
                name = m.group(1).rstrip(".,;:")  # "Department: Logistics." ends a sentence
                if name and fold(name).split()[0] not in EMPTY_FIELD:
                    yield self.span(m.start(), m.start(1) + len(name), "DEPARTMENT", _department_value(name + " Department"))
