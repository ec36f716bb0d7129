"""Group membership and occupation: sex, ethnicity, marital status, sexual orientation,
political leaning, religion; jobs and employers."""

from __future__ import annotations

import re

from ...normalize import fold
from .ages import DECADE_WORDS
from .base import Base, register
from .cues import has_any, may_match
from .gazetteers import data_terms
from .names import KIN_WORDS
from .roles import NATIONALITIES
from .words import EMPTY_FIELD, MODIFIER_NOISE, NUMBER_IN_WORDS, number_value, words_of

_DEMOGRAPHIC = re.compile(
    r"(?<!\w)(male|female|man|woman|non-binary|nonbinary|transgender|hispanic|latino|latina|"
    r"african[\s-]american|asian[\s-]american|caucasian|native\s+american|pacific\s+islander|"
    r"married|divorced|widowed|widow|widower|single\s+(?:mother|father|parent)|pregnant|"
    r"retiree|retired|pensioners?|unemployed|disabled|homosexual|bisexual|gay|lesbian|transsexual|atheist|agnostic|"
    r"asylum[\s-]seekers?|refugees?|stateless|(?:illegal|undocumented)\s+(?:immigrant|migrant)s?|"
    r"(?:father|mother|parent)\s+of\s+(?:two|three|four|five|six|seven|eight|nine|ten|[2-9]|1[0-9])"
    r"(?:\s+(?:minor\s+|young\s+)?(?:children|sons|daughters|kids))?|"
    r"(?:far-)?(?:left|right)-wing|far-(?:left|right)|"
    # how someone lives, as clinical and social notes record it: "lives alone", "lives with his wife"
    r"lives?[ \t]+alone|lives?[ \t]+with[ \t]+(?:his|her|their)[ \t]+(?:wife|husband|partner|daughter|son|mother|"
    r"father|parents|sister|brother|children|family)|"
    r"(?:far\s+)?(?:left|right)(?:\s+wing)?(?=\s+(?:extremists?|activists?|militants?|part(?:y|ies)|groups?|"
    r"organi[sz]ations?|movements?|politics|politicians?|views|sympathies|newspapers?)\b))(?!\w)",
    re.I,
)
_LIVES = re.compile(r"^lives? (alone|with)(?: (?:his|her|their))?")
_DEMOGRAPHIC_CANON = {"man": "male", "woman": "female", "nonbinary": "non-binary", "widow": "widowed", "widower": "widowed"}
_DEMOGRAPHIC_PLURAL = re.compile(r"\b(seeker|refugee|immigrant|migrant|pensioner)s$")
_NUMBER_WORDS = {w: str(i) for i, w in enumerate("zero one two three four five six seven eight nine ten".split())}


def _plural(term: str) -> str:
    """The plural of an occupation ("journalists", "businessmen", "secretaries", "nuns",
    "members of parliament")."""
    head, sep, rest = term.partition(" of ")
    if sep:
        return _plural(head) + sep + rest
    if term.endswith("man") and not term.endswith(("human", "shaman")):
        return term[:-3] + "men"
    if term.endswith("wife"):
        return term[:-2] + "ves"  # "midwives", "housewives"
    if term.endswith(("s", "sh", "ch", "x")):
        return term + "es"
    if term.endswith("y") and term[-2:-1] not in "aeiou":
        return term[:-1] + "ies"
    return term + "s"


# Occupations that count only where a sentence says someone is one (the staff of a record or of
# the proceedings otherwise); a preset's occupation_ignore adds to them.
_SAID_OCCUPATIONS = data_terms("occupations_said.txt")
# Every form a listed occupation is written in -> its value: "journalists" -> "journalist".
# Built in a fixed order, listed words last: "triplets" is listed and the plural of "triplet",
# and a listed word is its own value whatever the order of a set.
_LISTED = sorted(data_terms("occupations.txt") | _SAID_OCCUPATIONS)
_OCCUPATION_FORMS = {_plural(term): term for term in _LISTED} | {term: term for term in _LISTED}
_OCCUPATIONS = "|".join(
    re.escape(o).replace(r"\ ", r"\s+") for o in sorted(_OCCUPATION_FORMS, key=len, reverse=True))
_OCCUPATION_PREFIX = (r"(?P<prefix>(?:retired|semi-retired|former|formerly|professional|local|veteran|union|licensed|certified|self-employed|freelance|"
                      r"part-time|full-time|seasonal|apprentice|journeyman)\s+)?")
# "factory worker", "machine operator": a head that is an occupation whatever its modifier.
# Technicians and attendants are left out (in health records: the lab's, the ward's staff),
# as are the staff roles of these documents ("social worker", "case worker").
_COMPOUND_HEADS = ("worker", "laborer", "labourer", "operator", "mechanic", "assembler", "installer")
_COMPOUND_HEAD = f"(?:{'|'.join(_COMPOUND_HEADS)})s?"
_STAFF_MODIFIERS = {"social", "case", "care", "health", "healthcare", "support", "outreach", "claims", "co"}
# Cheap tests before the pattern, which tries a hundred words at every position: a text with
# none of the occupations' words and none of the heads cannot match.
# The last word of every form is enough ("parliament" for "member of parliament"): a match ends in it.
_OCCUPATION_WORDS = frozenset(o.split()[-1] for o in _OCCUPATION_FORMS)
_WORD = re.compile(r"[a-z']+")
_INDIRECT = re.compile(
    rf"(?<![\w-])({_OCCUPATION_PREFIX}"
    rf"(?:{_OCCUPATIONS}|(?P<modifier>[A-Za-z][a-z]+|[A-Z]{{2,5}})\s+{_COMPOUND_HEAD}))(?![\w-])",
    re.I,
)
# "a lawyer practising in Istanbul", "counsel acting for": the profession of whoever represents
# a party, not a fact about the party.
_REPRESENTING = re.compile(r"[ \t]+(?:practi[sc]ing|acting[ \t]+for|representing)\b", re.I)
# "the applicant, a lawyer,", "she is a judge", "worked as a lawyer": what someone is, where "the
# judge", "the applicant's lawyer", "access to a lawyer" and "brought before a judge" name a role
# of the proceedings. An apposition or a verb of being before the article, one adjective between.
_SAYS_WHAT_SOMEONE_IS = re.compile(
    r"(?:,|(?<![\w'’])(?<!such[ \t])(?<!well[ \t])(?:is|was|are|were|be|been|became|become|as))[ \t]+an?[ \t]+"
    r"(?:[a-z-]+[ \t]+)?$", re.I)
# The same of several people, without the article: "the applicants are journalists", "both
# worked as nurses"; an adjective may stand between ("are trained nurses"), "the" may not. An
# occupation in the plural counts only so: elsewhere it is a population ("demand from
# construction workers", "coverage for veterans") or a list of staff ("specialists, school
# nurses, and assessors").
_SAYS_WHAT_PEOPLE_ARE = re.compile(
    r"(?<![\w'’])(?<!such[ \t])(?<!well[ \t])(?<!there[ \t])(?:are|were|be|been|became|become|as)[ \t]+"
    r"(?:(?!the[ \t]|many[ \t]|more[ \t]|few[ \t]|fewer[ \t]|no[ \t])[a-z-]+[ \t]+)?$", re.I)
_NEXT_CAPITAL = re.compile(r"[ \t]+[A-Z]")
_SAID_FORMS = "|".join(sorted((f for f, t in _OCCUPATION_FORMS.items() if t in _SAID_OCCUPATIONS), key=len, reverse=True))
# A comma after a staff word is a list of the staff, not an apposition; after a clinician's
# titled name or a staff role it says what the staff member is ("Dr Yilmaz, a psychiatrist,",
# "our medical director, a physician,"), not what the person the document is about is.
_AFTER_STAFF = re.compile(
    rf"(?:(?<![\w-])(?i:{_SAID_FORMS}|director|coordinator|manager|consultant|specialist|officer)"
    rf"|(?<![\w-])(?:Dr\.?|Doctor|Prof\.?|Professor)[ \t]+[A-Z][\w'’-]+(?:[ \t]+[A-Z][\w'’-]+)?)"
    rf",[ \t]+(?i:an?[ \t]+)?(?i:[a-z-]+[ \t]+)?$")
# What someone works as, whatever the job: "works as a software tester", "employed as a claims
# assessor", "her career as a sound engineer". After a verb of employment the words up to a
# preposition or punctuation name the job when their last word names a person by its ending
# (tester, assessor, hygienist, technician, attendant, trainee, ...); the listed occupations need
# no such verb. Things work as something too ("the device works as a monitor"): after "work"
# a person must be the subject (_PERSON_SUBJECT); the other verbs are said of people only.
_EMPLOYED_AS = re.compile(
    r"(?<![\w'’])(?:(?P<work>works|worked|working|work|volunteers|volunteered|volunteering)"
    # when, not how: "works nights as", "works rotating shifts as", "works part-time as"
    r"(?:[ \t]+(?:nights|days|weekends|shifts|rotating|night|day|part-time|full-time|seasonally|remotely|locally|"
    r"overseas|abroad|mostly|mainly|currently|now|still|also)){0,2}|employed|job|jobs|career|trained|retrained|"
    r"hired|engaged|contracted|appointed)[ \t]+as[ \t]+(?:an?[ \t]+)?"
    r"(?P<job>[A-Za-z][A-Za-z0-9-]*(?:[ \t]+[A-Za-z][A-Za-z0-9-]*){0,3})", re.I)
# One of them is in every _EMPLOYED_AS (cues.py).
_EMPLOYMENT_WORDS = ("work", "volunteer", "employed", "job", "career", "trained", "hired", "engaged", "contracted",
                     "appointed")
# The same open vocabulary where no verb says it: a job someone had ("Former tailor", "a retired
# air-traffic controller", "Ex-commercial abalone diver") and a job in apposition to a word for
# the person ("the member, a commercial driver,"). The phrase must end its clause (a comma, a
# full stop, a semicolon, "for", or a word that goes on to where or how they live: "living",
# "who", "from", "with"), so "former member of the board" or "a commercial driver of growth"
# stay out.
# (or a bracket that says more of the job: "locksmith (mobile, self-employed)")
_JOB_END = r"(?=[ \t]*(?:[,;(]|\.(?:\s|$)|$|[ \t]+(?:for|living|residing|based|who|from|with)\b))"
_JOB_WORDS = r"(?P<job>[A-Za-z][A-Za-z0-9-]*(?:[ \t]+[A-Za-z][A-Za-z0-9-]*){0,3}?)"
_JOB_HAD = re.compile(rf"(?<![\w'’-])(?:(?i:former|formerly|retired|semi-retired|self-employed)[ \t]+|(?i:ex)-[ \t]?)"
                      rf"{_JOB_WORDS}{_JOB_END}")
# A job said of the person with "is a": "Patient is a primary school headteacher in Keynsham"; as
# strict as a job after an age (the endings of jobs, no word that describes the patient).
_JOB_IS_A = re.compile(
    rf"(?<![\w'’])(?i:he|she|patient|pt|member|claimant|client|insured|enrollee)[ \t]+(?:is|was)[ \t]+an?[ \t]+"
    rf"{_JOB_WORDS}(?=[ \t]*(?:[,;]|\.(?:\s|$)|$|[ \t]+(?:for|living|residing|based|who|from|with|in|at)\b))")
_IS_A_CUE = re.compile(r"(?:is|was)[ \t]+an?[ \t]")  # what _JOB_IS_A must find (cues.py)
# What someone does for a living, in their words: "I tune pianos for a living", "he drives trucks
# for a living" (the words before, from the first that is not a pronoun or "does").
_FOR_A_LIVING = re.compile(r"(?<![\w'’-])((?:[a-z][a-z'’-]*[ \t]+){0,2}[a-z][a-z'’-]*)[ \t]+for[ \t]+a[ \t]+living(?![\w-])")
_NOT_THE_WORK = frozenset("i he she they we you it what which that who does do did doing done is was are to and or but "
                          "not never also still now".split())
# The apposition is found from its comma (few), then the word before it is checked.
_JOB_APPOSITION = re.compile(rf",[ \t]+an?[ \t]+(?:(?i:former|retired)[ \t]+)?{_JOB_WORDS}{_JOB_END}")
# A job right after a person's age and sex, as records describe someone: "54-year-old female,
# self-employed charter boat captain,", "aged 36, professional orchestral violinist.".
# The comma may be missing ("47-year-old male cane farmer from Ingham", "a 38-year-old countertop
# fabricator with silicosis").
_JOB_AFTER_AGE = re.compile(
    rf"(?<![\w-])(?:\d{{1,3}}[- ](?:year|yr)s?[- ]old|(?i:aged)[ \t]+\d{{1,3}}|\d{{1,3}}[ \t]?(?i:y/o|yo))"
    rf"(?:[ \t]+(?i:male|female|man|woman|M|F))?,?[ \t]+(?:an?[ \t]+)?{_JOB_WORDS}{_JOB_END}")
# A job written with the person's decade after it, as case series describe someone: "a wool
# classer in his late fifties", "a hoof trimmer in her forties" (the decade says a person is
# meant; as strict as a job after an age, and a single word only when the job list has it: "a
# cyclist in his thirties", "a lodger in his twenties" are no jobs).
_DECADE_AFTER = (r"(?=[ \t]+in[ \t]+(?:his|her|their)[ \t]+(?:early[ \t]+|mid[- ]?|late[ \t]+)?"
                 rf"(?:\d0s|(?i:{'|'.join(DECADE_WORDS)}))(?![\w-]))")
_JOB_BEFORE_DECADE = re.compile(
    rf"(?<![\w'’-])(?i:an?)[ \t]+(?:(?i:male|female)[ \t]+)?{_JOB_WORDS}{_DECADE_AFTER}")
# How often or how much someone does a thing, before a word for who does it: "a daily vaper",
# "a casual jogger" say a habit, not a job.
_HABIT_WORDS = frozenset("keen casual daily heavy light social regular occasional avid".split())
# What may end a job said right after an age: the endings of jobs only, not the "-ic", "-ant",
# "-ent" of words that say how someone is ("diabetic", "pregnant", "non-compliant"), nor words
# that end like a job and describe the patient or the family ("poor historian", "community
# ambulator", "nonsmoker", "first-time mother").
_AFTER_AGE_ENDING = re.compile(
    r"(?:er|or|ist|yst|ian|eer|ain|man|woman|ster|smith|wright|pilot|clerk|nurse|chef|cook|guide|courier|barista|"
    r"aide|student|graduate|consultant|accountant|attendant|assistant|technician|executive|mechanic|medic)$", re.I)
# Words that judge a listed job rather than narrow it: "an experienced lawyer" is a lawyer, and the
# list's rule masks the word; "a wheat farmer" is a kind of farmer and keeps its words.
_JUDGING_WORDS = frozenset(
    "experienced qualified skilled young successful busy keen trained talented well-known renowned respected "
    "retired former".split())
# What opens no job said before a decade: a judgement or a habit ("a keen golfer in his sixties").
_NO_JOB_BEFORE_DECADE = _JUDGING_WORDS | _HABIT_WORDS
_NOT_A_JOB_AFTER_AGE = KIN_WORDS | frozenset(
    "historian ambulator nonsmoker nondrinker offender perpetrator attacker stepmother stepfather widower toddler "
    "teenager youngster newborn gentleman primigravida multigravida runner warrior caregiver survivor donor recipient "
    "passenger pedestrian sleeper responder nonresponder non-responder eater walker metabolizer metaboliser flyer "
    "snorer".split())
_PERSON_BEFORE_COMMA = re.compile(
    r"(?<![\w'’-])(?i:patient|member|participant|claimant|client|insured|policyholder|subscriber|enrollee|man|woman|"
    r"mother|father|husband|wife|son|daughter|applicant|appellant|respondent|defendant|plaintiff|petitioner|"
    r"complainant|accused|victim|witness|deceased|tenant|employee|worker)$")
# Who works: a personal pronoun, "who", a word for a person, or a name, in the sentence before the
# verb ("She works as", "Órlaith, who is 29 and works as", "Mr Kaya worked as").
_PERSON_SUBJECT = re.compile(
    r"(?<![\w'’])(?i:he|she|they|i|we|you|who|applicants?|claimants?|patients?|employees?|members?|tenants?|"
    r"daughter|son|wife|husband|mother|father|brother|sister|partner|man|woman|person|people|both|pt|"
    r"everyone|parents?|spouse|child(?:ren)?|mr|mrs|ms|miss|dr)(?![\w'’-])"
    r"|[a-z,][ \t]+[A-Z][a-z'’-]+|^[A-Z][a-z'’-]+[ \t]+[A-Z][a-z'’-]+")
# The end of the sentence before: a full stop after a title ("Mr. Kaya") ends none.
_SENTENCE_END = re.compile(r".*(?<!\bMr)(?<!\bMrs)(?<!\bMs)(?<!\bDr)(?<!\bSt)(?<!\bProf)[.!?;:]\s", re.S)
_PERSON_ENDING = re.compile(
    r"(?:er|or|ist|yst|ian|ant|ent|eer|ee|man|woman|person|smith|wright|ive|ate|ic|ard|ain|ster|cook|chef|nanny|"
    r"maid|guide|nurse|clerk|pilot|courier|barista|aide|lead|hand)$", re.I)
_OCCUPATION_PREFIX_WORD = re.compile(_OCCUPATION_PREFIX.replace("(?P<prefix>", "^(?:"), re.I)
# Words that end like a person's job and name a thing, or a party's standing in a case, a
# family or a country: "works as a blocker", "appointed as a guardian", "as a claimant".
_NOT_A_JOB_WORD = frozenset(
    "inhibitor blocker agonist antagonist modulator stimulant suppressant sedative buffer barrier filter reminder "
    "deterrent substitute carrier marker trigger indicator regulator activator enhancer booster diuretic laxative "
    "matter number order whole result consequence part member placeholder alternative adjunct complement catalyst "
    "precedent incentive motive representative delegate monitor supplement reliever preventer coolant scanner starter "
    "adhesive emollient pacemaker defibrillator analgesic antiseptic antidepressant anticoagulant bronchodilator "
    "painkiller claimant defendant applicant respondent appellant petitioner plaintiff complainant witness guardian "
    "executor executrix trustee dependant dependent parent tenant resident refugee beneficiary victim suspect accused "
    "employer landlord landlady owner client patient citizen national woman man minor twin candidate speaker partner "
    "cellmate classmate roommate flatmate stranger foreigner newcomer beginner survivor sufferer smoker drinker user "
    "holder visitor caller passenger pedestrian voter winner loser bystander neighbour neighbor".split())
# Words that end the job phrase: what follows a job ("at", "for", "in", "since"), a clause.
_JOB_STOP = frozenset(
    "at in for with on of from since until and or but to by during after before while when who which that "
    "the a an his her their its this these those together ever over later under per thereafter prior whilst "
    "although because as so then there here now again till within without across around between among "
    "near beside alongside".split())
# What may follow the job inside the phrase and stays out of it ("a cashier part-time").
_AFTER_JOB = frozenset(
    "part-time full-time temporarily currently again too also still locally abroad overseas freelance "
    "permanently nights weekends".split())
# A job in a form's field: "Job Title: Warehouse Operative", "Occupation: retired teacher",
# "Claimant occupation: roofer". The words up to the line's end, a comma or the next field's
# name; not an empty field, nor a bare word every record uses ("Position: Manager" would mask
# every "manager"). Two jobs a slash parts are two values ("Job title: kennel hand / dog
# groomer"). "position" only with a capital: a clinical note's "position: supine" is no job.
_JOB_WORDS_IN_FIELD = r"[A-Za-z][\w'’&/-]*(?![\w'’&/-]*:)(?:[ \t]+[A-Za-z][\w'’&/-]*(?![\w'’&/-]*:)){0,4}"
_JOB_FIELD = re.compile(
    r"(?<![\w-])(?:Job[ \t]+[Tt]itle|Job|Position|(?i:occupation|profession)|Designation)[ \t]*:[ \t]*"
    rf"({_JOB_WORDS_IN_FIELD})(?:[ \t]+/[ \t]+({_JOB_WORDS_IN_FIELD}))?")
_GENERIC_JOB_FIELD = frozenset("manager employee staff worker member student retired unemployed".split())
_INDIRECT_EMPLOYER = re.compile(
    r"(?<!\w)(?:employee|employed|worker|works|working)\s+(?:of|at|for)\s+((?:[A-Z][\w&'-]*\s*){1,4})"
)


# The language a person needs ("primary language Vietnamese", "a Vietnamese interpreter",
# "Spanish-speaking", "speaks only Tagalog"): in a health record, as narrowing as a nationality.
# Languages named like peoples (data/nationalities.txt) plus a few that are not; not English, the
# language of the records themselves.
_LANGUAGES = (NATIONALITIES | {"arabic", "mandarin", "cantonese", "tagalog", "farsi", "urdu", "hindi", "punjabi",
                                                 "swahili", "amharic", "tigrinya", "yoruba", "igbo", "creole",
                                                 "haitian creole", "pashto", "dari", "hmong"}) - {"english"}
_LANGUAGE_ALTERNATION = "|".join(re.escape(w) for w in sorted(_LANGUAGES, key=len, reverse=True))
_LANGUAGE_NEED = re.compile(
    rf"(?<![\w-])(?:(?i:(?:primary|preferred|first|native|home|main)[ \t]+language)[ \t]*(?:is|:)?[ \t]+"
    rf"|(?i:speaks|speaking)[ \t]+(?:only[ \t]+)?|(?i:interpreter|language)[ \t]*:[ \t]*)"
    rf"(?P<a>(?i:{_LANGUAGE_ALTERNATION}))(?![\w-])"
    rf"|(?<![\w-])(?P<b>(?i:{_LANGUAGE_ALTERNATION}))(?:-speaking|[ \t]+(?:interpreter|translator|speaker|speaking)"
    rf"|(?=[ \t]+(?:is|was)[ \t]+(?:mainly[ \t]+|only[ \t]+)?spoken))(?![\w-])")
_LANGUAGE_CUES = ("language", "speak", "interpret", "translat", "spoken")  # a cheap test before the pattern
# Where someone was born and whose citizen they are: "born in Guatemala", "a Canadian citizen",
# "US citizen", "citizen of Peru" (a country, or a place the gazetteer knows, after "born in").
_BORN_IN = re.compile(r"(?<![\w-])(?i:born)[ \t]+in[ \t]+((?:[A-Z][\w'’-]+)(?:[ \t]+[A-Z][\w'’-]+){0,2})")
_CITIZEN = re.compile(
    rf"(?<![\w-])(?:(?P<people>(?i:{_LANGUAGE_ALTERNATION})|US|U\.S\.|UK|EU)[ \t]+(?i:citizen|passport[ \t]+holder"
    # "national" as a noun, not before what is national ("UK national guidelines", "the US national average")
    rf"|national(?![ \t]+(?!(?:who|and|of|residing|living|born|with|from|since|in|at)\b)[a-z]))"
    rf"|(?i:citizen|national)[ \t]+of[ \t]+(?:the[ \t]+)?(?P<country>[A-Z][\w'’-]+(?:[ \t]+[A-Z][\w'’-]+){{0,2}}))(?![\w-])")


# Where someone's family comes from: "of Pakistani origin", "of Korean descent", "Somali-born".
_ORIGIN = re.compile(
    rf"(?<![\w-])(?i:of)[ \t]+(?P<of>(?i:{_LANGUAGE_ALTERNATION}))[ \t]+"
    r"(?P<kind>(?i:origin|descent|heritage|ancestry|extraction))(?![\w-])"
    rf"|(?<![\w-])(?P<born>(?i:{_LANGUAGE_ALTERNATION}))-born(?![\w-])")
_ORIGIN_CUES = ("origin", "descent", "heritage", "ancestry", "extraction", "-born")
# "of X origin" is a person's where a word for a person comes shortly before it: "the member, of
# Pakistani origin", "a nurse of Korean descent", "she is of Irish heritage".
_A_PERSON_BEFORE = re.compile(
    r"(?i:\b(?:he|she|they|him|her|who|patient|member|claimant|insured|employee|applicant|client|man|woman|"
    r"boy|girl|child|person|people|family|parents?|mother|father|wife|husband|son|daughter|nurse|worker|"
    r"resident|student|participant|caller|individual|couple|adult|infant|baby)\b)[^.;:]*$")


@register("demographic", "DEMOGRAPHIC")
class Demographic(Base):
    def find(self, text: str):
        lower = text.lower()
        if any(cue in lower for cue in _LANGUAGE_CUES):
            for m in _LANGUAGE_NEED.finditer(text):
                group = "a" if m.group("a") else "b"
                if m.group(group)[0].isupper():  # "speaking frankly", "a creole dish" stay out
                    yield self.span(m.start(group), m.end(group), "DEMOGRAPHIC", fold(m.group(group)))
        if "born" in lower:
            for m in _BORN_IN.finditer(text):
                words = m.group(1).split()
                place = next((" ".join(words[:k]) for k in range(len(words), 0, -1)
                              if fold(" ".join(words[:k])) in self.gaz.places or fold(" ".join(words[:k])) in self.gaz.countries),
                             None)
                if place:
                    yield self.span(m.start(), m.start(1) + len(place), "DEMOGRAPHIC", f"born in {fold(place)}")
        # where the preset reads nationalities, "of Kurdish origin" is its nationality "Kurdish"
        if any(cue in lower for cue in _ORIGIN_CUES) and "nationality" not in self.ctx.settings.recognizers:
            for m in _ORIGIN.finditer(text):
                people = m.group("of") or m.group("born")
                if m.group("of") and not _A_PERSON_BEFORE.search(text, max(0, m.start() - 40), m.start()):
                    continue  # "a surname of Irish origin", "goods of Chinese origin": a thing's
                if people[0].isupper() and fold(people) not in _LANGUAGES - NATIONALITIES:
                    kind = fold(m.group("kind")) if m.group("of") else "born"
                    start = m.start("of") if m.group("of") else m.start()  # "of [masked]" still reads
                    yield self.span(start, m.end(), "DEMOGRAPHIC", f"{fold(people)} {kind}")
        # where the preset reads nationalities ("a Polish national" is the legal preset's NATIONALITY),
        # citizenship is theirs
        if ("citizen" in lower or "national" in lower or "passport" in lower) \
                and "nationality" not in self.ctx.settings.recognizers:
            for m in _CITIZEN.finditer(text):
                if m.group("country") and fold(m.group("country")) not in self.gaz.countries:
                    continue  # "a citizen of the Year", "national of Merit": no country
                if m.group("people") and not m.group("people")[0].isupper():
                    continue
                yield self.span(m.start(), m.end(), "DEMOGRAPHIC", fold(m.group(0)))
        for m in _DEMOGRAPHIC.finditer(text):
            if m.group(1)[0].isupper() and _NEXT_CAPITAL.match(text, m.end(1)):
                continue  # "The Refugee Council", "Gay Pride": a word of a name
            value = _DEMOGRAPHIC_PLURAL.sub(r"\1", fold(m.group(1)).replace("-", " "))
            value = _LIVES.sub(r"lives \1", value)  # "live alone", "lives with her husband": one way of living
            value = _DEMOGRAPHIC_CANON.get(value, value)
            # "mother of two" and "mother of 2" are one value
            value = " ".join(_NUMBER_WORDS.get(w, w) if i == 2 else w for i, w in enumerate(value.split()))
            yield self.span(m.start(1), m.end(1), "DEMOGRAPHIC", value)


# A relative the record speaks of or who writes ("my husband", "his wife", "daughter, Aurelia",
# "Mum is a bus driver"): who is in someone's family is part of who they are, and insurance records
# name it (a claim submitted by a daughter, a child's mother). Each alone is said of a great many
# people, so it counts for little in a link (RELATIVE_RELEVANCE, below a sex's). Not a word of a
# longer phrase ("mother tongue", "Sister Ward" the nurse's title, "son-in-law" is one word).
_RELATIVE = re.compile(
    r"(?<![\w'’-])(?:(?i:my|his|her|our|their|your|the)[ \t]+)?"
    r"(?P<kin>(?i:wife|husband|spouse|daughter|son|mother|father|mum|mom|mam|dad|sister|brother|boy|girl|"
    r"grandmother|grandfather|grandson|granddaughter|stepdaughter|stepson))(?![\w'’-])"
    r"(?![ \t]+(?i:tongue|nature|figure|board|ship|company|country|land|of[ \t]+(?:god|the[ \t]+bride))\b)")
_RELATIVE_CANON = {"mum": "mother", "mom": "mother", "mam": "mother", "dad": "father"}
RELATIVE_RELEVANCE = 0.2


@register("relative", "DEMOGRAPHIC")
class Relative(Base):
    def find(self, text: str):
        for m in _RELATIVE.finditer(text):
            kin = m.group("kin")
            if kin[0].isupper() and _NEXT_CAPITAL.match(text, m.end()):
                continue  # "Sister Ward", "Mother Teresa", "Girl Guides": a title or a name
            value = kin.lower()
            yield self.span(m.start(), m.end(), "DEMOGRAPHIC", _RELATIVE_CANON.get(value, value), RELATIVE_RELEVANCE)


# A household as records describe it: relatives with their ages ("5 y/o son", "her 12-year-old
# son", "younger brother (age 13)", "his sister (23)") and children counted ("three adult children",
# "our three kids", "married, three kids", "wife and four children", "two boys aged 6 and 3"). Who
# someone lives with narrows down who they are more than "son" or "married" alone, and a
# relative's age is no age of the person the record is about: the span takes in the relative's
# age, so it is not read as the person's own (ages.py); but "my son, 14" and "your daughter (age
# 7)" are a parent writing of the child the record is about, and stay a relative and an age. The
# possessive before it is part of the span (masked with it) and no part of the value.
_KIN_ONE = (r"son|daughter|brother|sister|stepson|stepdaughter|grandson|granddaughter|nephew|niece|sibling|"
            r"twin|wife|husband|spouse|partner|father|mother|dad|mum|mom")
_KIN_MANY = r"children|kids|sons|daughters|grandchildren|grandkids|boys|girls|stepchildren|twins"
_POSSESSIVE_BEFORE = r"(?:(?P<owner>(?i:my|his|her|our|their|your|the))[ \t]+)?"
# A capitalised word and a space before a capitalised kin word: a name ("Mr Son", "Ann Brother").
_CAPITAL_WORD_BEFORE = re.compile(r"[A-Z][\w.'’-]*[ \t]+$")
_COUNT = r"(?:\d{1,2}|(?i:two|three|four|five|six|seven|eight|nine|ten))"
_KIN_AGE_BEFORE = rf"(?:\d{{1,2}}|(?i:{NUMBER_IN_WORDS}))(?:[- ](?i:years?|yrs?)[- ](?i:old)|[ \t]?(?i:y/?o|yo)\b\.?|-(?i:yo))"
_HOUSEHOLD = re.compile(
    rf"(?<![\w'’-]){_POSSESSIVE_BEFORE}(?:"
    # the age first: "5 y/o son", "12-year-old son", "13-yo brother"
    rf"(?P<age_first>{_KIN_AGE_BEFORE})[ \t]+(?:(?i:younger|older|little|baby|big|elder|twin)[ \t]+)?"
    rf"(?P<kin_after>(?i:{_KIN_ONE}))"
    # the relative first: "brother, age 13", "younger brother (age 13)", "his sister (23)"
    rf"|(?:(?i:younger|older|little|baby|big|elder|twin)[ \t]+)?(?P<kin_first>(?i:{_KIN_ONE}))"
    rf"(?:,[ \t]+(?i:age[d]?)[ \t]+(?P<age_comma>\d{{1,2}})(?=[,;.)]|[ \t]+(?!(?i:years|yrs|months|weeks)\b)|$)"
    rf"|,[ \t]+(?P<age_bare>\d{{1,2}})(?=[,;)]|\.(?:\s|$))"
    rf"|[ \t]+\((?:(?i:age[d]?)[ \t]+)?(?P<age_bracket>\d{{1,2}})\))"
    # a count: "three adult children", "our three kids", "two boys aged 6 and 3", "married, three kids"
    # a parent of a child of some age: "father of a 6-year-old"
    rf"|(?P<parent>(?i:mother|father|parent|mum|mom|dad))[ \t]+of[ \t]+an?[ \t]+(?P<age_of>{_KIN_AGE_BEFORE})"
    rf"(?:[ \t]+(?i:son|daughter|boy|girl|child))?"
    rf"|(?:(?P<spouse>(?i:married,|(?:wife|husband|spouse|partner)[ \t]+(?i:and)))[ \t]+)?"
    rf"(?P<count>{_COUNT})[ \t]+(?:(?i:adult|grown|grown-up|young|minor|small|school-age|teenage)[ \t]+)?"
    rf"(?P<many>(?i:{_KIN_MANY}))"
    rf"(?:[ \t]+(?i:aged)[ \t]+\d{{1,2}}(?:(?:,[ \t]*|[ \t]+(?i:and)[ \t]+)\d{{1,2}})+"
    rf"|[ \t]+\((?i:ages?|aged)[ \t]+\d{{1,2}}(?:(?:,[ \t]*|[ \t]+(?i:and)[ \t]+)\d{{1,2}})+\))?"
    rf")(?![\w'’-])")
# Every match holds one of these words (cues.py); the pattern is searched only around them.
_HOUSEHOLD_WORDS = frozenset(f"{_KIN_ONE}|{_KIN_MANY}".split("|"))
_HOUSEHOLD_REACH = 60  # characters before and after the word that a match can take in
_KID_CANON = _RELATIVE_CANON | {"kids": "children", "grandkids": "grandchildren"}
# A relative of a given age narrows down as much as the person's own age does: at this
# relevance it weighs in a link as an age does (DEMOGRAPHIC weighs 0.35 to AGE's 0.55 in METHOD 3).
RELATIVE_AGE_RELEVANCE = 0.9
HOUSEHOLD_RELEVANCE = 0.6


def _years(age: str) -> int | None:
    """ "12-year-old" -> 12, "twenty-two-year-old" -> 22, "5 y/o" -> 5, "13" -> 13."""
    words = re.split(r"[- \t/]", age.lower())
    return number_value("-".join(words[:2])) or number_value(words[0])


@register("household", "DEMOGRAPHIC")
class Household(Base):
    def find(self, text: str):
        # A scan of the whole text cost more than all the rest of this module: the pattern is
        # tried only near a word for a relative or for children (words_of is shared and kept).
        seen = set()
        for start, end, _, word in words_of(text):
            if word not in _HOUSEHOLD_WORDS:
                continue
            for m in _HOUSEHOLD.finditer(text, max(0, start - _HOUSEHOLD_REACH), min(len(text), end + _HOUSEHOLD_REACH)):
                if m.start() > start or m.end() < end or m.span() in seen:
                    continue
                seen.add(m.span())
                found = self._relative(text, m) if m.group("kin_after") or m.group("kin_first") else self._children(m)
                if found is not None:
                    yield self.span(m.start(), m.end(), "DEMOGRAPHIC", *found)

    @staticmethod
    def _relative(text: str, m: re.Match[str]) -> tuple[str, float] | None:
        kin = m.group("kin_after") or m.group("kin_first")
        if m.group("owner") and m.group("owner").lower() in ("my", "our", "your", "the"):
            # "my son, 14", "Your daughter (age 7)": a parent writing of the child the
            # record is about, whose age it is (ages.py and the relative rule)
            return None
        if kin[0].isupper() and m.start() == m.start("kin_first") \
                and _CAPITAL_WORD_BEFORE.search(text, max(0, m.start() - 40), m.start()):
            return None  # "Mr Son, 45": a name
        age = m.group("age_first") or m.group("age_comma") or m.group("age_bare") or m.group("age_bracket")
        years = _years(age)
        kin = kin.lower()
        return None if years is None else (f"{_KID_CANON.get(kin, kin)} aged {years}", RELATIVE_AGE_RELEVANCE)

    @staticmethod
    def _children(m: re.Match[str]) -> tuple[str, float] | None:
        if m.group("parent"):
            years = _years(m.group("age_of"))
            return None if years is None else (f"parent of a child aged {years}", RELATIVE_AGE_RELEVANCE)
        count = number_value(m.group("count"))
        many = m.group("many").lower()
        if count is None or count < 2:
            return None
        value = f"{count} {_KID_CANON.get(many, many)}"
        return (f"married, {value}" if m.group("spouse") else value), HOUSEHOLD_RELEVANCE


# Spellings of one belief that are one value.
_BELIEF_CANON = {"jehovah’s witness": "jehovah's witness", "bahá'í": "baha'i", "moslem": "muslim", "shiite": "shia"}
_BELIEF_FORMS = {form: _BELIEF_CANON.get(term, term) for term in sorted(data_terms("beliefs.txt"))
                 for form in (term, term + ("es" if term.endswith("ss") else "s"))}
_BELIEF_WORDS = frozenset(w for f in _BELIEF_FORMS for w in _WORD.findall(f))
_BELIEF = re.compile(
    r"(?<![\w'’-])(" + "|".join(re.escape(f) for f in sorted(_BELIEF_FORMS, key=len, reverse=True)) + r")(?![\w'’-])", re.I)


@register("belief", "DEMOGRAPHIC")
class Belief(Base):
    """A religion or its follower, capitalised: "a practising Muslim", "Jehovah's Witnesses"
    (sanon_graph/data/beliefs.txt). Not a word of a longer name ("Christian Weber", "St Mary's
    Catholic Hospital" end in a capitalised word) and not "orthodox" treatment."""

    def find(self, text: str):
        if _BELIEF_WORDS.isdisjoint(_WORD.findall(text.lower())):
            return  # cheap: most texts name no belief
        for m in _BELIEF.finditer(text):
            if not m.group(1)[0].isupper() or _NEXT_CAPITAL.match(text, m.end(1)):
                continue
            yield self.span(m.start(1), m.end(1), "DEMOGRAPHIC", _BELIEF_FORMS.get(m.group(1).lower(), fold(m.group(1))))


# A disability or a condition said of someone by an adjective or a noun of the person ("who is
# blind", "the applicant is paraplegic", "a wheelchair user", "HIV-positive", "an alcoholic"):
# the gazetteer names diseases, not these. Only after a verb of being or an apposition, as
# "double-blind trial", "blind spot" and "alcoholic drinks" say nothing of anyone.
_DISABILITY = re.compile(
    r"(?:(?<![\w'’])(?:is|was|are|were|be|been|being|became|become|remained|who's)|,|(?<![\w'’])and(?=[ \t]+an?[ \t]))[ \t]+"
    r"(?:(?:an?|also|now|still|partially|totally|completely|almost|severely|profoundly|legally|registered)[ \t]+){0,2}"
    r"(?P<term>deaf(?:[ -]mute)?|blind|mute|paraplegic|tetraplegic|quadriplegic|hemiplegic|paraly[sz]ed|"
    r"wheelchair[ -](?:user|bound)|hiv[ -]positive|seropositive|(?:drug|heroin|opioid)[ -]addict|addict|alcoholic|"
    r"amputee|visually[ -]impaired|hearing[ -]impaired|partially[ -]sighted|autistic|dyslexic|"
    r"mentally[ -](?:ill|disabled|handicapped)|intellectually[ -]disabled)(?![\w-])(?![ \t]+(?:to|by)\b)",
    re.I,
)
# A wheelchair user or an amputee is one after an article too ("the applicant, a wheelchair
# user"); in the plural only where said of people, as occupations are ("they are amputees";
# _SAYS_WHAT_PEOPLE_ARE), since "access for wheelchair users" is a population.
_DISABILITY_NOUN = re.compile(r"(?<![\w-])(?:an?[ \t]+)(wheelchair[ -]user|amputee)(?![\w-])", re.I)
_DISABILITY_NOUNS = re.compile(r"(?<![\w-])((wheelchair[ -]user|amputee)s)(?![\w-])", re.I)


_DISABILITY_HINTS = ("deaf", "blind", "mute", "plegic", "paraly", "wheelchair", "hiv", "seropositive", "addict",
                     "alcoholic", "amputee", "impaired", "sighted", "autistic", "dyslexic", "disabled", "handicapped",
                     "mentally")


@register("disability", "MEDICAL_CONDITION")
class Disability(Base):
    """A disability or a condition said of someone by an adjective: "who is blind", "a wheelchair
    user", "is HIV-positive" (value folded, hyphens as spaces)."""

    def find(self, text: str):
        lower = text.lower()
        if not any(w in lower for w in _DISABILITY_HINTS):
            return  # cheap: most texts have none of the words
        seen = set()
        for m in _DISABILITY.finditer(text):
            seen.add(m.start("term"))
            yield self.span(m.start("term"), m.end("term"), "MEDICAL_CONDITION", fold(m.group("term")).replace("-", " "))
        for m in _DISABILITY_NOUN.finditer(text):
            if m.start(1) not in seen:
                yield self.span(m.start(1), m.end(1), "MEDICAL_CONDITION", fold(m.group(1)).replace("-", " "))
        for m in _DISABILITY_NOUNS.finditer(text):
            if _SAYS_WHAT_PEOPLE_ARE.search(text, max(0, m.start(1) - 40), m.start(1)):
                yield self.span(m.start(1), m.end(1), "MEDICAL_CONDITION", fold(m.group(2)).replace("-", " "))


# Education: "a degree in economics", "a law degree", "graduated in medicine", "a PhD in
# physics". The field is what narrows down; "to a degree in most cases" is no education.
_FIELD = (r"(?:(?:international|civil|mechanical|electrical|chemical|criminal|public|private|european|clinical|"
          r"social|applied|political|environmental|software)[ \t])?(?:economics|law|medicine|engineering|physics|chemistry|biology|mathematics|"
          r"history|philosophy|psychology|sociology|political[ \t]science|computer[ \t]science|"
          r"journalism|architecture|education|nursing|pharmacy|dentistry|accounting|finance|business"
          r"(?:[ \t]administration)?|linguistics|literature|theology|agriculture|veterinary[ \t]medicine)")
_FIELD_ONLY = re.compile(_FIELD, re.I)
_EDUCATION = re.compile(
    rf"(?<![\w-])(?<!to[ \t]a[ \t])(?<!to[ \t]some[ \t])((?:(?:bachelor|master)['’]?s?[ \t]|university[ \t]|doctoral[ \t])?degree[ \t]in[ \t]{_FIELD}"
    rf"|(?:phd|doctorate|diploma|masters?)[ \t]in[ \t]{_FIELD}|graduated?[ \t]in[ \t]{_FIELD}|{_FIELD}[ \t](?:degree|graduate|student))(?![\w-])",
    re.I,
)


# The word before a bare "degree in": an article, a possessive or a verb of having one.
_HAS_A_DEGREE = re.compile(r"(?<![\w'’])(?:an?|his|her|their|my|our|holds?|held|obtained|earned|completed|with)[ \t]+$",
                           re.I)


@register("education", "INDIRECT_IDENTIFIER")
class Education(Base):
    """A degree and its field: "a degree in economics", "law graduate", "a PhD in physics"."""

    def find(self, text: str):
        lower = text.lower()
        if not any(w in lower for w in ("degree", "graduat", "phd", "doctorate", "diploma", "master", "student")):
            return
        for m in _EDUCATION.finditer(text):
            if m.group(1)[:6].lower() == "degree" and not _HAS_A_DEGREE.search(text, 0, m.start(1)):
                continue  # "to a certain degree in medicine": no one's degree
            yield self.span(m.start(1), m.end(1), "INDIRECT_IDENTIFIER", _education_value(m.group(1)))


def _education_value(written: str) -> str:
    """One value per field and level: "a degree in economics", "an economics degree" and
    "graduated in economics" are "economics degree"; "PhD in physics" is "physics doctorate";
    "law student" stays."""
    phrase = fold(written)
    field = fold(_FIELD_ONLY.search(written).group(0))
    if any(k in phrase for k in ("phd", "doctorate", "doctoral")):
        return f"{field} doctorate"
    if "student" in phrase:
        return f"{field} student"
    return f"{field} degree"


@register("occupation", "INDIRECT_IDENTIFIER")
class Occupation(Base):
    """An occupation that narrows down who someone is: "retired firefighter", "airline pilot",
    "factory worker" (sanon_graph/data/occupations.txt and worker-like heads)."""

    def __init__(self, ctx):
        super().__init__(ctx)
        self._only_when_said = _SAID_OCCUPATIONS | {fold(w) for w in ctx.settings.occupation_ignore}

    def find(self, text: str):
        lower = text.lower()
        if " as " in lower or "former" in lower or "retired" in lower or "ex-" in lower or "self-employed" in lower or ", a" in lower \
                or "old" in lower or "aged" in lower or "yo" in lower or "y/o" in lower or " is a" in lower \
                or " was a" in lower or "for a living" in lower or " in his " in lower or " in her " in lower \
                or " in their " in lower:
            yield from self._employed_as(text, lower)
        if ":" in text:
            yield from self._job_fields(text)
        if not any(h in lower for h in _COMPOUND_HEADS) and _OCCUPATION_WORDS.isdisjoint(_WORD.findall(lower)):
            return
        for m in _INDIRECT.finditer(text):
            modifier = m.group("modifier")
            if modifier and (modifier.lower() in _STAFF_MODIFIERS or modifier.lower() in MODIFIER_NOISE):
                continue  # "the worker", "a social worker"
            if _REPRESENTING.match(text, m.end(1)):
                continue  # "a lawyer practising in Gdańsk": the representative's profession
            # The value without "retired"/"former" (the span keeps it): one occupation in two
            # records, qualified in one, is one value.
            prefix = m.group("prefix") or ""
            written = fold(m.group(1)[len(prefix):])
            value = _OCCUPATION_FORMS.get(written, written)
            if modifier and written.endswith("s"):
                value = written[:-1]  # "factory workers"
            plural = written != value
            if plural and m.group(1)[0].isupper() and _NEXT_CAPITAL.match(text, m.end(1)):
                continue  # "Department of Veterans Affairs", "Teachers Union": the name of a body
            if plural and not _SAYS_WHAT_PEOPLE_ARE.search(text, max(0, m.start(1) - 40), m.start(1)):
                continue  # "demand from construction workers", "coverage for veterans": a population
            if value in self._only_when_said:
                if not plural and not _SAYS_WHAT_SOMEONE_IS.search(text, max(0, m.start(1) - 40), m.start(1)):
                    continue  # "the trial judge", "the nurse noted": the staff of the documents
                if _AFTER_STAFF.search(text, max(0, m.start(1) - 40), m.start(1)):
                    continue  # "seen by a physician, a nurse and ...": a list of the staff
            yield self.span(m.start(1), m.end(1), "INDIRECT_IDENTIFIER", value)

    def _job_fields(self, text: str):
        """"Job Title: Warehouse Operative": the job a form's field gives."""
        for m in _JOB_FIELD.finditer(text):
            for g in (1, 2) if m.group(2) else (1,):
                words = fold(m.group(g)).split()
                if words[0] in EMPTY_FIELD or len(words) == 1 and words[0] in _GENERIC_JOB_FIELD:
                    continue
                yield self.span(m.start(g), m.end(g), "INDIRECT_IDENTIFIER", _job_value(fold(m.group(g))))

    def _employed_as(self, text: str, lower: str):
        """Jobs after a verb of employment, listed or not ("works as a software tester")."""
        appositions = (m for m in _JOB_APPOSITION.finditer(text)
                       if _PERSON_BEFORE_COMMA.search(text, max(0, m.start() - 16), m.start()))
        after_age = _JOB_AFTER_AGE.finditer(text) \
            if "old" in lower or "aged" in lower or "yo" in lower or "y/o" in lower else ()
        is_a = _JOB_IS_A.finditer(text) if may_match(_IS_A_CUE, lower) else ()
        before_decade = _JOB_BEFORE_DECADE.finditer(text) if has_any(lower, (" in his ", " in her ", " in their ")) else ()
        employed_as = _EMPLOYED_AS.finditer(text) if has_any(lower, _EMPLOYMENT_WORDS) else ()
        job_had = _JOB_HAD.finditer(text) if has_any(lower, ("former", "retired", "self-employed", "ex-")) else ()
        if "for a living" in lower:
            for m in _FOR_A_LIVING.finditer(text):
                words = [w for w in re.finditer(r"\S+", m.group(1))]
                while words and words[0].group(0).lower() in _NOT_THE_WORK:
                    words.pop(0)
                if words:
                    start = m.start(1) + words[0].start()
                    yield self.span(start, m.end(), "INDIRECT_IDENTIFIER", fold(text[start:m.start(1) + words[-1].end()]))
        for m in (*employed_as, *job_had, *appositions, *after_age, *is_a, *before_decade):
            if m.re is _EMPLOYED_AS and m.group("work"):
                lo = max(0, m.start() - 80)
                end_of_previous = _SENTENCE_END.match(text, lo, m.start())
                sentence = end_of_previous.end() if end_of_previous else lo
                said_of_record = not text[sentence:m.start()].strip() and (sentence > lo or lo == 0) \
                    and _ENDS_IN_A_LISTED_JOB.search(m.group("job")) is not None
                if not said_of_record and not _PERSON_SUBJECT.search(text, sentence, m.start()):
                    continue  # "the device works as a monitor": a thing at work; a sentence that
                    # starts "Works as a ..." is a record's note on the person it is about
            words = []
            for w in re.finditer(r"[A-Za-z][A-Za-z0-9-]*", m.group("job")):
                if w.group(0).lower() in _JOB_STOP:
                    break
                words.append(w)
            while words and (words[-1].group(0).lower() in _AFTER_JOB or words[-1].group(0).islower()
                             and words[-1].group(0).endswith(("ed", "ing", "ly"))):
                words.pop()  # "a cashier part-time", "a sound engineer ended", "a driver mainly"
            while words and words[0].group(0).lower() in NATIONALITIES:
                words.pop(0)  # "a Norwegian translator": the nationality is a value of its own
            if not words:
                continue
            head = words[-1].group(0)
            if head[0].isupper() and not all(w.group(0)[0].isupper() for w in words):
                continue  # "as a Fellow of", "as a locum GP": a title, or a job the list must name
            if head[0].isupper() and not head.isupper() and len(words) < 2:
                continue  # one capitalised word: a title or a name ("as a Fellow")
            singular = head[:-1] if head.endswith("s") and not head.endswith("ss") else head
            last = singular.lower().rsplit("-", 1)[-1]  # "non-smoker" is a smoker
            if not (_PERSON_ENDING.search(head) or _PERSON_ENDING.search(singular)) or \
                    head.lower() in _NOT_A_JOB_WORD or singular.lower() in _NOT_A_JOB_WORD or last in _NOT_A_JOB_WORD:
                continue
            phrase = " ".join(w.group(0) for w in words)
            if m.re is _JOB_IS_A and (head.lower() in _BELIEF_FORMS or _said_of_a_group(head) or _said_of_a_group(phrase)):
                continue  # "She is an atheist", "an asylum seeker": a belief, a demographic's value
            if m.re in (_JOB_AFTER_AGE, _JOB_IS_A, _JOB_BEFORE_DECADE) and (not _AFTER_AGE_ENDING.search(head) or singular != head or last in _NOT_A_JOB_AFTER_AGE
                                           or any(not w.group(0).islower() for w in words)):
                continue  # "54-year-old male, diabetic", "aged 40, Jehovah's Witness"
            start, end = m.start("job") + words[0].start(), m.start("job") + words[-1].end()
            written = fold(text[start:end])
            if m.re is _JOB_BEFORE_DECADE and (words[0].group(0).lower() in _NO_JOB_BEFORE_DECADE or len(words) == 1
                                                and _job_value(written) not in _LISTED_JOBS):
                continue  # "a keen golfer in his sixties", "a cyclist in his thirties": no job said
            # "claims assessor" keeps its modifier; "retired", "part-time" stay out of the
            # value as they do for a listed occupation
            if singular != head and not _PERSON_ENDING.search(head):
                written = written[:-1]  # "work as cleaners": each a cleaner
            value = _job_value(written)
            if m.re is not _EMPLOYED_AS and value in _LISTED_JOBS and all(
                    w in _JUDGING_WORDS or w in MODIFIER_NOISE or _OCCUPATION_PREFIX_WORD.match(f"{w} ").end()
                    for w in written.split()[:-len(value.split())]):
                continue  # "the applicant, an experienced lawyer,": the list's rule masks "lawyer"
            # "retired wheat farmer": the span keeps "retired" (as a listed job's does), the value not
            # (unless a nationality was dropped from the front: "a former Norwegian translator")
            had = m.re is _JOB_HAD and words[0].start() == 0
            yield self.span(m.start() if had else start, end, "INDIRECT_IDENTIFIER", value)


def _said_of_a_group(word: str) -> bool:
    """Whether the demographic recognizer reads the word as a group ("atheist", "lesbian")."""
    m = _DEMOGRAPHIC.match(word)
    return m is not None and m.end() == len(word)


_LISTED_JOBS = frozenset(_OCCUPATION_FORMS.values())
# A listed job as the last word before the phrase ends ("Works as a middle-school choir teacher;"),
# for a sentence that names no one: "Works as a stabilizer for mood" is said of a drug.
_LAST_JOB_WORDS = frozenset(j.split()[-1] for j in _LISTED_JOBS)
_ENDS_IN_A_LISTED_JOB = re.compile(
    r"(?i:\b(?:" + "|".join(sorted(map(re.escape, _LAST_JOB_WORDS), key=len, reverse=True)) + r")s?)(?![\w-])")


def _job_value(written: str) -> str:
    """The value of a job written in any words: without "retired", "part-time" (as a listed
    occupation's), nor "left-handed", and the listed occupation that ends it if one does
    ("hospital pharmacist" and "pharmacist" are one value)."""
    value = _OCCUPATION_PREFIX_WORD.sub("", written) or written
    value = " ".join(w for w in value.split() if not w.endswith("-handed")) or value
    tail = value.split()
    while len(tail) > 2 and "-" in tail[0]:
        tail = tail[1:]  # "long-distance lorry driver" is a lorry driver; "air-traffic controller" stays
    value = " ".join(tail)
    return next((_OCCUPATION_FORMS[" ".join(tail[k:])] for k in range(len(tail))
                 if " ".join(tail[k:]) in _OCCUPATION_FORMS), value)


@register("employer", "INDIRECT_IDENTIFIER")
class Employer(Base):
    """The employer after "employee of", "works at", or in a form's "Employer:" field."""

    def find(self, text: str):
        for m in _INDIRECT_EMPLOYER.finditer(text):
            employer = m.group(1).strip()
            start = m.start(1)
            yield self.span(start, start + len(employer), "INDIRECT_IDENTIFIER", fold(employer))
        if ":" in text:
            for m in _EMPLOYER_FIELD.finditer(text):
                # "Brightwater Analytics Ltd (2016-2020)": the years after it are when, not who
                employer = _YEARS_AFTER.sub("", m.group(1)).rstrip(" .")
                if not employer or fold(employer).split()[0] in EMPTY_FIELD or fold(employer) in _NO_EMPLOYER:
                    continue  # "Employer: n/a", "Employer: self-employed"
                yield self.span(m.start(1), m.start(1) + len(employer), "INDIRECT_IDENTIFIER", fold(employer))


# A person's name on a forum or a social site, where a post is quoted: "posted by tiderunner_88",
# "user Kestrel_Q", "u/rowing_again" (Reddit's form, kept whole). A handle is written like no
# word: an underscore, a digit, or a capital inside it; "posted by the team" is none.
_HANDLE = re.compile(
    r"(?:(?<![\w/])(u/)|(?<![\w-])(?i:posted[ \t]+by|user(?:name)?|handle)[ \t]*:?[ \t]+@?)"
    r"((?=[\w.-]*(?:_|\d|[a-z][A-Z]))[A-Za-z][\w.-]{2,30}(?<![.-]))(?![\w@])")


@register("online_handle", "INDIRECT_IDENTIFIER")
class OnlineHandle(Base):
    def find(self, text: str):
        if "u/" not in text and not any(cue in text.lower() for cue in ("posted", "user", "handle")):
            return
        for m in _HANDLE.finditer(text):
            start = m.start(1) if m.group(1) else m.start(2)
            yield self.span(start, m.end(2), "INDIRECT_IDENTIFIER", text[start:m.end(2)].lower())


# A form's employer field: the value up to the field's end (a comma, a bar, a line's end), of a
# few words ("Employer: Ferncliff Joinery Ltd, 40 Mill Rd", "Employer: mobile dog groomer").
_EMPLOYER_FIELD = re.compile(
    r"(?<![\w-])(?i:employer|place[ \t]+of[ \t]+work|workplace)[ \t]*:[ \t]*"
    r"([\w&'’(][\w&'’.()/-]*(?:[ \t]+(?!-[ \t])[\w&'’.()/-]+){0,5})(?=[ \t]*(?:[,;|\n]|[ \t]-[ \t]|\.(?:\s|$)|$))")
_YEARS_AFTER = re.compile(
    r"[ \t]*\((?i:since[ \t]+)?(?:19|20)\d\d(?:[ \t]*(?:[-–]|to)[ \t]*(?:(?:19|20)\d\d|(?i:present|now|date|today)))?\)$")
# (words that empty any field, "none", "n/a", "unknown", are words.EMPTY_FIELD)
_NO_EMPLOYER = frozenset(("self-employed", "self employed", "unemployed", "retired", "student", "homemaker",
                          "not employed", "not working"))


# Smoking, drinking and drug use as a record states them ("never smoker", "smoker 1/2 ppd",
# "smokes ~10/day", "ex-smoker, 20 pack-years", "EtOH 2 beers/day", "weekly cannabis"): how
# someone lives, masked with its amount. The value is the status alone ("smoker", "never
# smoker", "ex-smoker", "alcohol use", "cannabis use"), which a great many people share: it
# weighs little in a link. Not a form's question ("Smoker: no", "Smoker?") nor "a smoker's cough".
_AMOUNT = r"~?\d+(?:\.\d+)?(?:[/-]\d+(?:\.\d+)?)?"
_PER_DAY = r"(?:[ \t]?/[ \t]?d(?:ay)?|[ \t]+(?:a|per|each)[ \t]+day|[ \t]+daily)"
_SMOKED = (rf"{_AMOUNT}[ \t]?(?:ppd|packs?{_PER_DAY}|pack[- ]years?|cig(?:arette)?s?{_PER_DAY}?|cigs?|{_PER_DAY})")
_SINCE = r"(?:[ \t]+since[ \t]+(?:age[ \t]+\d{1,2}|(?:19|20)\d\d))"
_SMOKER = re.compile(
    rf"(?<![\w'’-])(?:(?P<kind>(?i:never|ex|former|current|non|heavy|daily))[- ]?)?(?i:smoker)(?![\w'’-]|[ \t]*[:?])"
    r"(?![ \t]+(?i:rates?|premiums?|discounts?|class(?:es)?|pricing)\b)"
    rf"(?:,?[ \t]+(?:(?i:of|~|about|approx\.?)[ \t]*)?{_SMOKED})?{_SINCE}?")
_SMOKES = re.compile(rf"(?<![\w'’-])(?i:smok(?:es|ing|ed))[ \t]+(?:(?i:about|around|approx\.?)[ \t]+)?{_SMOKED}{_SINCE}?")
_DRINKS = re.compile(
    rf"(?<![\w'’-])(?i:etoh|alcohol)[:]?[ \t]+{_AMOUNT}[ \t]?(?i:beers?|drinks?|units?|glasses(?:[ \t]+of[ \t]+wine)?|pints?)"
    r"[ \t]?(?:/[ \t]?(?i:day|d|wk|week)|[ \t]+(?i:a|per)[ \t]+(?i:day|week))")
_CANNABIS = re.compile(r"(?<![\w'’-])(?i:daily|weekly|regular|heavy)[ \t]+(?i:cannabis|marijuana)(?![\w'’-])")
_SMOKER_KIND = {"never": "never smoker", "non": "never smoker", "ex": "ex-smoker", "former": "ex-smoker"}
_SUBSTANCE_CUES = ("smok", "etoh", "alcohol", "cannabis", "marijuana")


@register("substance_use", "DEMOGRAPHIC")
class SubstanceUse(Base):
    def find(self, text: str):
        lower = text.lower()
        if not has_any(lower, _SUBSTANCE_CUES):
            return
        for m in _SMOKER.finditer(text):
            kind = (m.group("kind") or "").lower()
            yield self.span(m.start(), m.end(), "DEMOGRAPHIC", _SMOKER_KIND.get(kind, "smoker"))
        for m in _SMOKES.finditer(text):
            yield self.span(m.start(), m.end(), "DEMOGRAPHIC", "smoker")
        for m in _DRINKS.finditer(text):
            yield self.span(m.start(), m.end(), "DEMOGRAPHIC", "alcohol use")
        for m in _CANNABIS.finditer(text):
            yield self.span(m.start(), m.end(), "DEMOGRAPHIC", "cannabis use")
