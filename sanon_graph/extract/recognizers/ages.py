"""Ages: "58-year-old", "aged 61", "ages 40-50", "adults 45-65", "in her 50s", "in his forties",
"was 22 at the time", "elderly", "65+"."""

from __future__ import annotations

import re

from .base import Base, Span, register
from .cues import has_any, may_match
from .words import NUMBER, NUMBER_IN_WORDS, THE_BEFORE, number_value, word_tail

# Patterns that open with a digit or a letter test what comes before it after it ("\d(?<!\w\d)" for
# "(?<!\w)\d": the same matches): the regex engine then looks for the first character with its
# quick scan instead of trying the look-behind at every position (two to eighteen times faster
# on a text the pattern does not match).
_AGE_PATTERNS = [
    re.compile(r"(\d(?<!\w\d)\d{0,2})[- ](?:year|yr)s?[- ]old(?!\w)", re.I),
    re.compile(r"(\d(?<!\w\d)\d{0,2})[ -]?(?:y/o|y\.o\.|yo)(?!\w)", re.I),  # clinical shorthand: "52 y/o male", "46-yo"
    re.compile(r"(\d(?<!\w\d)\d{0,2})\s+years?\s+of\s+age(?!\w)", re.I),
    re.compile(r"(?<!\w)aged?\s+(\d{1,3})(?![\w+])", re.I),
    re.compile(r"(?<!\w)age\s+of\s+(\d{1,3})(?![\w+])", re.I),
    re.compile(r"(?<!\w)(?:over|under|above|below)\s+(?:the\s+)?age\s+(?:of\s+)?(\d{1,3})(?![\w+])", re.I),
    # (last, as texts without a colon skip it) a form's field: "Age: 72", "AGE: 72 yrs", "Patient age: 40", opening a line or after a
    # field before it; not "Age at onset: 31", "Gestational age: 32 weeks", "Retirement age: 67",
    # "Age: 6 months" (a baby's age in months is no age in years), "Age: 45-50" (a band)
    # (or a column of a form: two spaces or a tab after the field before it, "DOB: 22/08/1987   Age: 38");
    # the field's name in the languages of the other presets' fields too ("Leeftijd: 29", "Alter: 41")
    re.compile(r"(?:^|(?<=[\n|;(,.:])|(?<=\S  )|(?<=\t))[ \t]*(?:(?i:patient|pt|member|client|claimant|insured|employee|subscriber|dependent)[ \t]+)?"
               r"(?P<field>(?i:age|âge|alter|edad|età|leeftijd|ålder|alder|wiek|idade)"
               # the age on the day of the record's own event: "Age at enrolment: 34", "age at admission: 70"
               r"(?:[ \t]+(?i:at[ \t]+(?:consent|service|enrol?ment|enrollment|admission|visit|referral|screening|"
               r"claim|assessment)))?[ \t]*:[ \t]*(\d{1,3})(?!\d)"
               r"(?:[ \t]*(?i:years?|yrs?|y)\b\.?)?)(?![ \t]*(?i:months?|mos?|weeks?|wks?|days?|d)\b)(?![.,/–-]\d)",
               re.M),
]
# What the patterns after the first must find (cues.py), in the lower-cased text: "y/o" after a
# number; "age" and a number, or "years of age"; a field's colon.
_Y_O_CUE = re.compile(r"\d[ -]?y(?:/o|\.o\.|o(?!\w))")
_AGE_WORD_CUE = re.compile(r"aged?\s+(?:of\s+)?\d|\d\s+years?\s+of\s+age")
_FIELD_CUE = re.compile(":")
# The age in brackets after a date of birth or a name: "DOB 04/05/1961 (63 yrs)", "Mrs Jones (63
# yrs)"; not "imprisonment (5 years)", "the contract term (10 years)": a duration.
_AGE_IN_BRACKETS = re.compile(r"(?<=\()(\d{1,3})[ \t]?(?:years?|yrs?|y)\.?(?=\))", re.I)
_BEFORE_BRACKETS = re.compile(r"(?:(?i:dob|d\.o\.b\.?|born)|\d{4}|\d{1,2}/\d{1,2}/\d{2,4}|[A-Z][a-z]+)[ \t]*\($")
# A record's shorthand of age and sex: "56M with", "F/41,", "41/F", "M/56" (two digits, so
# neither "5M" of money nor a catheter's "14F" size, which is followed by its device word); not
# after a word that numbers a place or a thing ("Bed 12F", "Form M/12").
_AGE_SHORTHAND = [
    re.compile(r"(?<![\w$€£.,/:-])(\d{2})[ \t]?[MF](?![\w/-])"
               r"(?![ \t]*(?i:catheter|foley|sheath|tube|fr\b|french))(?=[ \t]*(?:[,;:)\n]|\.(?:\s|$)|$|"
               r"(?i:with|w/|presents?|presenting|pt|patient|who|c/o|complain\w*|here|referred|seen|hx|history)\b))"),
    # opening a note's line or sentence, before the rest of it: "29F cyclist, thrown over the bars"
    re.compile(r"(?:^|(?<=[.!?][ \t])|(?<=:))[ \t]*(\d(?<!\w\d)\d)[MF](?=[ \t]+[a-z]{3,}\b)", re.M),
    re.compile(r"(?<![\w$€£.,/:-])[MF][ \t]?/[ \t]?(\d{2})(?![\w/.-]|,\d)"),
    re.compile(r"(?<![\w$€£.,/:-])(\d{2})[ \t]?/[ \t]?[MF](?![\w/-])"),
]
# A record's field for the patient with sex and age: "Pt: F, 66", "Patient: m, 57" (the letter is
# masked with the age: together they are the shorthand); with a unit the age alone ("Pt: M, 44y",
# "Patient: female, 36 y"), as after a name or a sex and a comma ("Mr. B. Ezeoke, 59 y.", "pt
# female, 58 y,"). Not "Bed 4, 12 y" of a list: a person is written before it.
_SEX_THEN_AGE = re.compile(
    r"(?i:\b(?:pt|patient|member|client|resident)[ \t]*:?[ \t]*)(?P<sex>(?i:[mf]|(?:fe)?male)),[ \t]*"
    r"(?P<age>\d{1,3})(?!\d)(?P<unit>[ \t]?(?i:y|yrs?|years?)\b)?(?![.,/:-]\d)")
# (what _SEX_THEN_AGE needs: "m"/"f" or the "e" of "male" before the comma; no word boundary
# first, which would make the search try every position: five times faster)
_SEX_COMMA_NUMBER = re.compile(r"[MmFfEe],[ \t]*\d")
_NUMBER_AND_Y = re.compile(r"\d[ \t]?(?i:y|yrs?|ans|jahre|años|anni|jaar)\b")
_AGE_WITH_UNIT_AFTER_PERSON = re.compile(
    r"(?:\b(?i:female|male)|[A-Z][a-z]+),[ \t]*(?P<age>\d{1,3})[ \t]?(?i:y|yrs?|ans|jahre|años|anni|jaar)\b"
    r"(?=\.?[ \t]*(?:[,;|\n]|$)|\.[ \t])")
_NUMBERING_WORD = re.compile(
    r"(?i:bed|room|ward|unit|floor|level|size|form|seat|gate|apt|flat|suite|box|lot|bay|row|no|grade|class|type|"
    r"exhibits?|exs?|see|tab|pages?|pp?|at|to|of)\.?[ \t]*$")
# Near the number, words that make it an exhibit ("Exhibits 10F and 11F"), a temperature ("68
# F"), money ("valued at 40M") or a head count ("Staff: 35 F, 12 M").
_NOT_AN_AGE_NEAR = re.compile(
    r"(?i:exhibit|\bex\.|temp\w*|°|degrees|valued|worth|revenue|grew|budget|\$|€|£|staff|headcount|ratio|employees)")
# Where the number ends its phrase with punctuation ("52 M, arborist"), someone is being
# described: a word for the person, a name and a comma, or the start of a line, a field or a
# sentence ("Rondebosch. 31F, pastry chef").
_PERSON_BEFORE_SHORTHAND = re.compile(
    r"(?:(?i:patient|pt|member|claimant|client|insured|enrollee|subscriber|dependa?ent|child|son|daughter|man|woman)"
    r"\W{0,3}|[A-Z][a-z]+,[ \t]*|(?:^|[\n:;(])[ \t]*|[.!?][ \t]+)$")
# Babies' ages in months, weeks or days: "a 9-month-old infant", "3-week-old neonate", "started
# at 5 weeks of age" (the value says the unit, so "9 months" and the age 9 stay apart).
_AGE_YOUNG = re.compile(r"(\d(?<![\w-]\d)\d?)[- ](month|week|day)s?(?:[- ]old|[ \t]+of[ \t]+age)(?![\w-])", re.I)
# Before "N weeks of age", words that make it a limit of a rule, not someone's age.
_AGE_LIMIT_BEFORE = re.compile(r"(?i:from|over|under|before|after|until|above|below|than|to|between|and|or|by)[ \t]+$")
# The same in words: "a nine-year-old boy", "aged forty-two" (a count from one to sixty-nine).
_AGE_IN_WORDS = re.compile(
    rf"(?<![\w-])(?:({NUMBER_IN_WORDS})[- ](?:year|yr)s?[- ]old|(?i:aged)[ \t]+({NUMBER_IN_WORDS})"
    rf"(?![ \t]+(?:years?|months?|weeks?|days?)\b))(?![\w-])", re.I)
# What _AGE_IN_WORDS must find (cues.py): a number's word ends in a letter.
_AGE_IN_WORDS_CUE = re.compile(r"[a-z][- ](?:year|yr)s?[- ]old|aged[ \t]+[a-z]")
# Family, said of one person: "my father is 81,", "my wife's 58", "our son (9)".
_KIN = ("dad|mom|mum|mother|father|husband|wife|brother|sister|grandmother|grandfather|grandma|grandpa|grandson|"
        "granddaughter")
# Words for one person that an age in brackets or between commas follows.
_ONE_PERSON = (f"{_KIN}|son|daughter|child|boy|girl|baby|patient|member|client|resident|insured|claimant|employee|"
               "worker|enrollee|subscriber|caller|widow|widower")
# Ages the way a record's header writes them, beside a name or a sex: "(M, 57)", "(57, F)",
# "A. Verstraeten, 63 y.", "Mr D. Liepins, 71." (a titled name, a comma, a number that ends the
# phrase). The span is the number alone, so the name and the sex stay their own values.
_SEX = r"(?:M|F|male|female|m|f)"
_AGE_BESIDE = [
    # not "Size (M, 40)"; the bracket may go on with a capitalised word of the header: "(M, 64,
    # Quarrowby)" (not "Sizes (M, 10, L)", "Batch (M, 12, blue)")
    re.compile(rf"(?<!(?i:size)[ \t])(?<!(?i:sizes)[ \t])\({_SEX},[ \t]*(\d{{1,3}})(?=\)|,[ \t]*[A-Z][a-z])"),
    re.compile(rf"(?<!(?i:size)[ \t])\((\d{{1,3}}),[ \t]*{_SEX}\)"),
    # (the name's word bounded: it may start after every apostrophe of "A'A'A'", words.LONGEST_WORD)
    re.compile(r"(?<![\w.])[A-Z]" + word_tail(r"[\w'-]", 1) + r",[ \t](\d{1,3})[ \t]?y\.?(?=[ \t]*[,;)]|\.[ \t]|\.?$)"),
    # after the sex and a comma: "Female, 67 years,", "Woman, 41, referred", "female, 41."
    re.compile(r"(?<![\w-])(?i:male|female|man|woman|M|F),[ \t]*(\d{1,3})[ \t]*(?i:years?|yrs?)(?![\w-])"),
    re.compile(r"(?<![\w-])(?i:male|female|man|woman),[ \t]*(\d{1,3})(?=[,;)]|\.(?:\s|$)|$)"),
    re.compile(r"(?<![\w.])(?:Mr|Mrs|Ms|Miss|Mw|Dhr|Mme|Herr|Frau|Sr|Sra)\.?[ \t]+(?:[A-Z]\.[ \t]*)*[A-Z][\w'-]+"
               r"(?:[ \t]+[A-Z][\w'-]+)?,[ \t]+(\d{1,3})(?=[.,;)](?:[ \t]|$)|$)(?![.,;)][ \t]*\d)"),
    # after a word for one person: "my mum (74)", "the insured (47, bus driver)", "one warehouse
    # employee, 39, was", "her younger sister, 22, is" (a number that ends its phrase)
    re.compile(rf"(?<![\w-])(?i:{_ONE_PERSON})(?:[ \t]*\((\d{{1,3}})(?=[),])|,[ \t]+(\d{{1,3}})(?=[,;)]|\.(?:\s|$)))"),
    # a record's patient field with the name: "Pt: Tobias Quillfeather, 66, admitted"
    re.compile(r"(?<![\w-])(?i:pt|patient|resident|client|member)[ \t]*:[ \t]*(?:[A-Z]\.[ \t]*)*[A-Z][\w'-]+"
               r"(?:[ \t]+(?:[A-Z]\.|[A-Z][\w'-]+)){0,2},[ \t]+(\d{1,3})(?=[,;)]|\.(?:\s|$))(?![.,;)][ \t]*\d)"),
    # the shorthand of a note: "Pt 44, warehouse picker", "Client 70, lives with her son" (two
    # digits; not "Pt 9, a teacher" of a case series, and not a number in a list)
    re.compile(r"(?<![\w-])(?i:pt|client)\.?[ \t]+(\d{2})(?=,[ \t]+(?!an?\b|\d)[a-z])"),
    # the sex by its letter after a field or at a line's start, then the age: "Clinical history: F, 61, lump"
    # (masked together, as _SEX_THEN_AGE's)
    re.compile(r"(?:^|(?<=[:|\n]))[ \t]*(?P<sex>[MFmf]),[ \t]*(\d{1,3})(?=[,;]|\.(?:\s|$))(?![,;][ \t]*\d)", re.M),
    # the age before the sex in a list of the person's particulars: "Teen, 16, male,", "Client is
    # 88, female;" (not a count in a table row: after a comma, a bracket or "is", not a field's
    # colon, "Beds: 24, female"; and the sex word ends the item)
    re.compile(r"(?:(?<=[,(])|(?<=[,(][ \t])|(?<=\bis[ \t]))(\d{1,3}),[ \t]*(?i:male|female)(?=[ \t]*[,;.)\n]|$)"),
]
# What each of those patterns needs in the text, found by one cheap search first (no word
# boundary or alternation first: those make the search try every position).
_AGE_BESIDE_CUES = [re.compile(r"\(" + _SEX + ","), re.compile(r"\d,[ \t]*" + _SEX + r"\)"),
                    re.compile(r",[ \t]\d{1,3}[ \t]?y\b"),
                    re.compile(r",[ \t]*\d{1,3}[ \t]*(?i:y(?:ea)?rs?)\b"),
                    re.compile(r"(?:[Mm][Aa][Ll][Ee]|[Mm][Aa][Nn]),[ \t]*\d"), re.compile(r"(?:M(?:rs?|s|iss|w|me)|Dhr|Herr|Frau|Sra?)\b"),
                    re.compile(r"(?:\(|,[ \t]+)\d{1,3}[,;.)]"), re.compile(r":[^:\n]{1,40},[ \t]+\d"),
                    re.compile(r"[tT]\.?[ \t]+\d\d,"), re.compile(r"[MFmf],[ \t]*\d"),
                    re.compile(r"\d,[ \t]*(?:[Ff][Ee])?[Mm][Aa][Ll][Ee]")]
_AGE_WORDS = re.compile(
    r"(?<!\w)(middle-aged|elderly|teenaged?|teenager|adolescent|sexagenarian|septuagenarian|octogenarian|nonagenarian|"
    r"centenarian|infant|toddler|newborn|neonate|preschooler)(?!\w)", re.I)
_AGE_PLUS = re.compile(r"(?<!\w)(\d{2})\+(?!\w)")
# "aged 40-50", "adults 45-65", "younger cohort (38-45)": a range after a word for people or age.
_AGE_RANGE = re.compile(
    r"(?<!\w)(?:(?P<age>aged?|ages|age[ \t]+(?:band|bracket|group|range)[ \t]*:?)|adults?|cohorts?|participants|patients|"
    r"members|women|men|individuals)"
    r"\s+(?:\(\s*)?(\d{1,3})\s*(?:-|–|to)\s*(\d{1,3})(?!\w)"
    r"(?!\s*(?:days?|weeks?|months?|hours?|times|visits|sessions|doses|mg|%))", re.I)
# "the 45-60 age group", "30-40 year-olds": a range before a word for age.
_AGE_RANGE_BEFORE = re.compile(
    r"(\d(?<![\w/.-]\d)\d{0,2})\s*(?:-|–|to)\s*(\d{1,3})[- ](?:age\b|(?P<old>year-olds|years?[- ]old))(?!\w)", re.I)
_AGE_DECADE = re.compile(r"(?<!\w)(?:in\s+(?:his|her|their)\s+)(?P<part>early\s+|mid\s+|late\s+|mid-)?(\d0)s(?!\w)", re.I)
# The same in words: "in her forties", "in his late sixties".
DECADE_WORDS = {w: f"{10 * i}s" for i, w in enumerate(
    "_ _ twenties thirties forties fifties sixties seventies eighties nineties".split()) if w != "_"}
_AGE_DECADE_WORD = re.compile(
    rf"(?<!\w)(?:in\s+(?:his|her|their)\s+)(?P<part>early\s+|mid\s+|late\s+|mid-)?({'|'.join(DECADE_WORDS)})(?!\w)", re.I)
# An age said of someone without "years": "the applicant was 22 at the time", "he was 17 when
# he was arrested", "Mr Novak was 40 at the time"; the subject a person ("the dose was 20 at the
# time" is none). The number alone is the age.
_AGE_SAID = re.compile(
    r"(?:(?<![\w'’])(?i:he|she|they|applicants?|patients?|claimants?|employees?|members?|victims?|child|son|daughter|"
    r"boy|girl|man|woman|mother|father|wife|husband)|(?<![\w'’])(?!(?:There|It|This|That|These|Those|What|Which)\b)"
    r"[A-Z][a-z]+)\s+(?:was|is|were)\s+(?:then\s+|only\s+|just\s+|already\s+)?(\d{1,3})"
    r"(?=\s+(?:at\s+the\s+(?:material\s+)?time|when|on\s+the\s+date)\b)")
# What _AGE_SAID must find (cues.py): the number and what follows it.
_AGE_SAID_CUE = re.compile(r"\d\s+(?:at\s|when|on\s)")
# "my daughter, who is 29 and works as ...": "who" is said only of people, and the number ends
# the clause ("who is 29 weeks pregnant" is no age).
_AGE_WHO = re.compile(
    r"(?<![\w'’])(?i:who)\s+(?:is|was|turned|turns|had\s+just\s+turned)\s+(?:now\s+|only\s+|just\s+)?(\d{1,3})"
    r"(?=\s*(?:[,;)]|\.(?!\d)|$)|\s+(?:(?:and|but)(?!\s+a\s+half)|when|at\s+the\s+time|last|this|in|on|earlier|recently)\b)")
# An age said of someone in a few words: "He's nine.", "she is 12 and", "he turned 50 last
# month", "an elderly man of 88"; the number ends the clause (not "she is 38 weeks pregnant", "a
# man of 6 feet", "the plan turned 10").
_AGE_CLAUSE_END = (r"(?=[ \t]*(?:[,;:!)\"”]|\.(?!\d)|$|[ \t]+(?:years?[ \t]+(?:old|of[ \t]+age)|and|but|last|this|next|"
                   r"in[ \t]+(?:19|20)\d\d|when|at\s+the\s+time|who|with|was|is|had|has|presented|presents|presenting|"
                   r"admitted)\b))")
_AGE_SAID_SHORT = [
    re.compile(rf"(?<![\w'’])(?i:he|she|patient|member|claimant|client|pt|child|son|daughter|resident|insured|caller|"
               rf"employee|{_KIN})(?:['’]s|[ \t]+is|[ \t]+was)[ \t]+({NUMBER}){_AGE_CLAUSE_END}"
               # in the person's own words: "I'm 61, I can't lift the nets", "I am seventy-two."
               rf"|(?<![\w'’])(?i:i['’]m|i[ \t]+am)[ \t]+({NUMBER})(?![ \t]+and[ \t]+a[ \t]+half){_AGE_CLAUSE_END}"),
    re.compile(rf"(?<![\w'’])(?i:my|our|her|his|their)[ \t]+(?i:son|daughter|child|boy|girl|grandson|granddaughter),"
               rf"[ \t]+({NUMBER}){_AGE_CLAUSE_END}"),
    re.compile(rf"(?:(?<![\w'’])(?i:he|she|who)|(?<![\w'’])(?P<name>[A-Z][a-z]+))[ \t]+(?i:(?:has[ \t]+|had[ \t]+)?"
               rf"(?:just[ \t]+)?turned)[ \t]+({NUMBER}){_AGE_CLAUSE_END}"),
    re.compile(rf"(?<![\w'’])(?i:(?:a|an|the)[ \t]+(?:[a-z]+[ \t]+)?(?:man|woman|boy|girl|gentleman|lady|patient|widow|"
               rf"widower)[ \t]+of)[ \t]+({NUMBER}){_AGE_CLAUSE_END}"),
]
# What each of those needs in the (lower-cased) text, tested first: most texts have none.
_AGE_SAID_SHORT_CUES = [re.compile(rf"\b(?:he|she|patient|member|claimant|client|pt|child|son|daughter|resident|insured|"
                                    rf"caller|employee|{_KIN})(?:'s|’s| is| was) |\bi(?:'m|’m| am) "),
                        re.compile(r"\b(?:son|daughter|child|boy|girl|grandson|granddaughter), "),
                        re.compile(r"\bturned "),
                        re.compile(r"\b(?:man|woman|boy|girl|gentleman|lady|patient|widow|widower) of ")]
_CITED_PAGE_AFTER = re.compile(r",?[ \t]*(?:p|pp|at|page)\b")
_ENDS_WITH_PUNCTUATION = re.compile(r"[ \t]*(?:[,;:)]|\.(?:\s|$)|$)")
_ANY_SAID_SHORT_CUE = re.compile("|".join(c.pattern for c in _AGE_SAID_SHORT_CUES))
_SHORTHAND_CUE = re.compile(r"\d[ \t]?/?[ \t]?[MF](?![\w-])|(?<![\w-])[MF][ \t]?/")
_AGE_CONTEXT = re.compile(r"\b(?:age|aged|ages|years?|patients?|participants?|subgroup|adults?|cohort)\b", re.I)


@register("age", "AGE")
class Age(Base):
    def find(self, text: str):
        lower = text.lower()
        worded = may_match(_AGE_WORD_CUE, lower)
        wanted = (True, may_match(_Y_O_CUE, lower), worded, worded, worded, worded, may_match(_FIELD_CUE, text))
        for pattern in [p for p, run in zip(_AGE_PATTERNS, wanted, strict=True) if run]:
            for m in pattern.finditer(text):
                age = int(m.group(2) if "field" in pattern.groupindex else m.group(1))
                if 0 < age < 120:
                    start = m.start("field") if "field" in pattern.groupindex else m.start()
                    yield self.span(start, m.end(), "AGE", str(age))
        if "," in text and _SEX_COMMA_NUMBER.search(text):  # a cheap look first: most texts have none
            for m in _SEX_THEN_AGE.finditer(text):
                if 0 < int(m.group("age")) < 120:
                    start = m.start("sex") if len(m.group("sex")) == 1 and not m.group("unit") else m.start("age")
                    yield self.span(start, m.end(), "AGE", str(int(m.group("age"))))
        if "," in text and _NUMBER_AND_Y.search(text):
            for m in _AGE_WITH_UNIT_AFTER_PERSON.finditer(text):
                if 0 < int(m.group("age")) < 120:
                    yield self.span(m.start("age"), m.end(), "AGE", str(int(m.group("age"))))
        if "(" in text:
            for m in _AGE_IN_BRACKETS.finditer(text):
                if _BEFORE_BRACKETS.search(text, max(0, m.start() - 25), m.start()) and 0 < int(m.group(1)) < 120:
                    yield self.span(m.start(), m.end(), "AGE", str(int(m.group(1))))
        if ("old" in lower or "aged" in lower) and may_match(_AGE_IN_WORDS_CUE, lower):
            for m in _AGE_IN_WORDS.finditer(text):
                age = number_value(m.group(1) or m.group(2))
                if age:
                    yield self.span(m.start(), m.end(), "AGE", str(age))
        if "old" in lower or "of age" in lower:
            for m in _AGE_YOUNG.finditer(text):
                if m.group(0).endswith("age") and _AGE_LIMIT_BEFORE.search(text, max(0, m.start() - 12), m.start()):
                    continue  # "licensed from 8 months of age", "screened before 5 weeks of age": a limit, no one's age
                yield self.span(m.start(), m.end(), "AGE", f"{int(m.group(1))} {m.group(2).lower()}s")
        for pattern in _AGE_SHORTHAND if _SHORTHAND_CUE.search(text) else ():
            for m in pattern.finditer(text):
                before = text[max(0, m.start() - 25):m.start()]
                if _NUMBERING_WORD.search(text, max(0, m.start() - 8), m.start()) or _NOT_AN_AGE_NEAR.search(before) \
                        or _CITED_PAGE_AFTER.match(text, m.end()):
                    continue  # "Bed 12F", "(Exhibits 10F and 11F)", "68 F", "valued at 40M", "14F, p. 3"
                if "/" not in m.group(0) and _ENDS_WITH_PUNCTUATION.match(text, m.end()) \
                        and not _PERSON_BEFORE_SHORTHAND.search(before):
                    continue  # "The rate was 35 F." says nothing of whom ("35/F" is no temperature)
                start = m.start() + len(m.group(0)) - len(m.group(0).lstrip())  # "Pt: 61F": from the number
                yield self.span(start, m.end(), "AGE", str(int(m.group(1))))
        said = zip(_AGE_SAID_SHORT, _AGE_SAID_SHORT_CUES, strict=True) if _ANY_SAID_SHORT_CUE.search(lower) else ()
        for pattern, cue in said:
            if not cue.search(lower):
                continue
            for m in pattern.finditer(text):
                if "name" in pattern.groupindex and m.group("name") and (
                        m.group("name").lower() not in self.gaz.first_names or THE_BEFORE.search(text, 0, m.start())):
                    continue  # "The Hospital turned 100", "Medicare turned 60": no person
                number = m.lastindex
                age = number_value(m.group(number))
                if age and 0 < age < 120:
                    yield self.span(m.start(number), m.end(number), "AGE", str(age))
        beside = [m for pattern, cue in zip(_AGE_BESIDE, _AGE_BESIDE_CUES, strict=True) if cue.search(text)
                  for m in pattern.finditer(text)] if "," in text or "(" in text else []
        said_then = _AGE_SAID.finditer(text) if may_match(_AGE_SAID_CUE, text) else ()
        who = _AGE_WHO.finditer(text) if has_any(lower, ("who",)) else ()
        for m in (*said_then, *who, *beside):
            number = m.lastindex  # the one group of the pattern's alternatives that took part
            if 0 < int(m.group(number)) < 120:
                start = m.start("sex") if "sex" in m.re.groupindex else m.start(number)
                yield self.span(start, m.end(number), "AGE", str(int(m.group(number))))


@register("age_range", "AGE")
class AgeRange(Base):
    def find(self, text: str):
        for m in _AGE_RANGE.finditer(text):
            lo, hi = int(m.group(2)), int(m.group(3))
            if 0 <= lo < hi < 120:
                # "aged 40-50" is masked whole; after "adults" only the numbers are the age
                start = m.start() if m.group("age") else m.start(2)
                yield self.span(start, m.end(), "AGE", f"{lo}-{hi}", 0.4)
        for m in _AGE_RANGE_BEFORE.finditer(text):
            lo, hi = int(m.group(1)), int(m.group(2))
            if 0 <= lo < hi < 120:
                # "30-40 years old" is masked whole (else the single age "40 years old" wins and
                # leaves "30-"); before "age group" the numbers alone are the age
                yield self.span(m.start(1), m.end() if m.group("old") else m.end(2), "AGE", f"{lo}-{hi}", 0.4)


# The same without "in his", after a word for the person: "male, early 40s" ("a tuner in his
# early fifties" is the longer span above).
_AGE_DECADE_BARE = re.compile(
    rf"(?<![\w-])(?:early|mid|late)[- ](?:(\d0)s|({'|'.join(DECADE_WORDS)}))(?![\w-])", re.I)


_PERSON_BEFORE_DECADE = re.compile(
    r"(?i:\b(?:male|female|man|woman|boy|girl|aged?|patient|pt|client|resident|member|person|mother|father|wife|husband))"
    r"\W{0,3}$")


@register("age_decade", "AGE")
class AgeDecade(Base):
    def find(self, text: str):
        # with a part of the decade the span starts at it ("in her late 30s" -> "late 30s"),
        # as the labelled sets most often write it; without one "in her 50s" is the span
        for m in _AGE_DECADE.finditer(text):
            yield self.span(m.start("part") if m.group("part") else m.start(), m.end(), "AGE", f"{m.group(2)}s", 0.4)
        for m in _AGE_DECADE_WORD.finditer(text):
            yield self.span(m.start("part") if m.group("part") else m.start(), m.end(), "AGE",
                            DECADE_WORDS[m.group(2).lower()], 0.4)
        for m in _AGE_DECADE_BARE.finditer(text):
            if not _PERSON_BEFORE_DECADE.search(text, max(0, m.start() - 20), m.start()):
                continue  # "sats in the late 80s", "founded in the mid-70s": no person's age
            decade = f"{m.group(1)}s" if m.group(1) else DECADE_WORDS[m.group(2).lower()]
            yield self.span(m.start(), m.end(), "AGE", decade, 0.4)


@register("age_word", "AGE")
class AgeWord(Base):
    def find(self, text: str):
        for m in _AGE_WORDS.finditer(text):
            yield self.span(m.start(1), m.end(1), "AGE", m.group(1).lower(), 0.3)


@register("age_plus", "AGE")
class AgePlus(Base):
    """"65+" near an age word."""

    def find(self, text: str):
        for m in _AGE_PLUS.finditer(text) if has_any(text, ("+",)) else ():
            window = text[max(0, m.start() - 30):m.end() + 30]
            if _AGE_CONTEXT.search(window):
                yield self.span(m.start(), m.end(), "AGE", f"{m.group(1)}+", 0.45)


# A person's age written right after their name or what they do, between commas or in brackets:
# "Loretta Quenneville, 67, valve repair planned", "Dwayne Quillby (44)", "a retired crane
# operator, 58, says". The span before says whose number it is, so no word for age
# need be there; a number in a list ("Smith, 44, 45, 46") or before a street ("Smith, 12 Elm
# Street") is none.
_YEARS_AFTER = r"(?:[ \t]*(?i:years?|yrs?)(?:[ \t]+old)?)?"
_AGE_AFTER_A_PERSON = re.compile(
    rf",[ \t]*(\d{{1,3}}){_YEARS_AFTER}(?=[ \t]*(?:[,;)\n]|\.(?:\s|$)|$))(?![,;)][ \t]*\d)"
    rf"|[ \t]*\((\d{{1,3}}){_YEARS_AFTER}(?=\))")
# Parties or items numbered in brackets: "Acme Holdings Limited (1) and John Smith (2)".
_NUMBERED_IN_BRACKETS = re.compile(r"\(\d{1,2}\)")
_PERSON_TYPES = frozenset({"NAME", "INDIRECT_IDENTIFIER"})


def ages_after_persons(text: str, chosen: list[Span], relevance: float) -> list[Span]:
    """The resolved spans (disjoint, in text order) with the ages written right after a name or an
    occupation (_AGE_AFTER_A_PERSON)."""
    out: list[Span] = []
    numbered = None  # whether the text numbers parties in brackets: looked at once, when a bracket follows a person
    for i, f in enumerate(chosen):
        out.append(f)
        if f.type not in _PERSON_TYPES or (m := _AGE_AFTER_A_PERSON.match(text, f.end)) is None:
            continue
        if i + 1 < len(chosen) and chosen[i + 1].start < m.end():
            continue  # a span of its own there already
        if m.lastindex == 2:
            if numbered is None:
                numbered = len(_NUMBERED_IN_BRACKETS.findall(text)) > 1
            if numbered:
                continue  # "Jane Doe (1) ... John Roe (2)": parties numbered, no ages
        number = m.lastindex  # the one group of the two forms that took part
        age = int(m.group(number))
        if 0 < age < 120:
            out.append(Span(m.start(number), m.end(), "AGE", str(age), relevance, "age"))
    return out
