"""People's names: after a title or a role word, a known first name with more name words,
initials with a surname, a possessive, an apposition ("Rex Salam, the applicant"), the
parties of a case. Particles (van der, de la) and non-ASCII letters belong to names; a word
that is a place, an organisation head, a condition or a form word does not.
"""

from __future__ import annotations

import re
import unicodedata

from .base import Base, Span, register
from .clinicians import ANY_CREDENTIAL, CLINICIAN_WORD
from .cues import has_any
from .locations import PLACE_PREPOSITION, dotless, town_in_state
from .medical import CONDITION_SUFFIX, DRUG_SUFFIX, KNOWN_INITIALS, WARDS_AND_SCANS, opens_sentence
from .words import EMPTY_FIELD, GENERIC_HEAD, LOWER, STOP_CAPITALS, THE_BEFORE, UPPER

_TITLE_WORDS = (
    "Dr|Mr|Mrs|Ms|Mx|Miss|Prof|Professor|Nurse|Sister|Judge|Justice|Sir|Dame|Rev|Revd|Reverend|"
    "Mme|Mlle|Herr|Frau|Dhr|Mevr|DR|MR|MRS|MS|MX|MISS|PROF|JUDGE|JUSTICE|"
    # ranks of the army and the police ("Colonel Petrov", "Sgt. Miller"); not "Major" or
    # "General", which begin other capitalised phrases ("Major Depressive Disorder")
    "Colonel|Col|Lieutenant|Lt|Sergeant|Sgt|Corporal|Cpl|Captain|Capt|Inspector|Constable|Detective|"
    # what a team or a parish calls someone ("Coach Halloran", "Fr. Dunne"; not "Pastor" or "Imam",
    # which are surnames too: a title word is never part of a name)
    "Coach|Rabbi|Father|Fr"
)
_TITLES = rf"(?:{_TITLE_WORDS})"
TITLE_WORDS = frozenset(w.lower() for w in _TITLE_WORDS.split("|"))
_GAP = r"[ \t\u00a0]+"  # between the words of one name: never a line break
_NAME_END = r"(?![\w-]|['’](?!s(?!\w))\w)"  # a whole word; a possessive 's may follow
# A name word: Smith, Núñez-Ortega, O'Neill, D'Souza, al-Rashid, McDonald, MacArthur, NicLeòid, DeVito;
# not the possessive 's.
_NAME_WORD = (
    rf"(?:[OoDd]['’]|(?:[Aa]l|[Ee]l)-)?(?:Mc|Mac|Nic|Fitz|De|Di|Da|Le|La|Van|Von)?{UPPER}{LOWER}+"
    rf"(?:['’]{UPPER}{LOWER}+|-{UPPER}?{LOWER}+)*"
)
_CAPS_WORD = rf"(?:[OD]['’])?{UPPER}{{2,}}(?:['’-]{UPPER}+)*"  # JOHN, O'NEILL: checked with isupper()
# J., A.B., A. B.; and the two-letter initials of transliterated Cyrillic names (I.Sh., A.Kh.)
_INITIAL = r"(?:[A-Z]|Sh|Kh|Ch|Zh|Ts|Yu|Ya|Ye|Yo)\."
_INITIALS = rf"{_INITIAL}(?:[ \t]?{_INITIAL}){{0,3}}"
# Surname particles: van der Berg, de la Cruz, von Trapp, St. John, bin Said, ter Horst. Lower
# case (or "St.", or the Irish "Ó"), so no word is both a particle and a name word and a run parses one way only;
# "Van Dijk", "De Luca" are name words.
_PARTICLE = (
    r"(?:van|von|de|der|den|des|del|della|di|da|du|dos|das|le|la|los|zu|bin|ibn|bint|ter|ten|St\.|Ste\.|"
    r"Ó|Ua)"  # Irish: "Ciarán Ó Floinn" (Ó is no name word alone, so a run still parses one way)
)
# The particles in lower case, as a word of a name may be ("Keziah van Wyk").
NAME_PARTICLES = frozenset("van von de der den des del della di da du dos das le la los zu bin ibn bint ter ten".split())
_NAME_TOKEN = rf"(?:{_INITIALS}|(?:{_PARTICLE}{_GAP}){{0,3}}{_NAME_WORD})"
# Inside a name, one or two spaces or a tab: more spaces part a form's columns ("Patient: Linnea
# K. Mirov   Acct 57-11902"), and the next column's label is no part of the name.
_IN_NAME = r"(?:[ \u00a0]{1,2}|\t)"
_NAME_RUN = rf"{_NAME_TOKEN}(?:{_IN_NAME}{_NAME_TOKEN}){{0,4}}"
_CAPS_RUN = rf"{_CAPS_WORD}(?:{_IN_NAME}(?:{_INITIALS}{_IN_NAME})?{_CAPS_WORD}){{0,3}}"
# What follows the first word of a form's next field: "Job Title:", "Location:".
_LABEL_AFTER = re.compile(r"(?:[ \t]+[A-Z][\w'’-]*)?[ \t]*:(?!\d)")
_TOKEN_SPLIT = re.compile(rf"{_INITIALS}|\S+")
_IS_INITIALS = re.compile(_INITIALS)
_IS_PARTICLE = re.compile(rf"(?i:{_PARTICLE})")
# A title (or several: "Prof. Dr.", "Mrs and Mr Kovač"), with or without a full stop: "Mr A.B. Cd", "Mr St Clair Edward Doe", "Judge Hale", "Mr JOHN DOE".
_TITLED_NAME = re.compile(
    rf"(?<![\w.])({_TITLES})(\.?)(?:{_GAP}(?:(?:[Aa]nd|&){_GAP})?{_TITLES}\.?(?=[ \t]))*{_GAP}({_NAME_RUN}|{_CAPS_RUN}){_NAME_END}"
)
_HONORIFICS = frozenset({"mr", "mrs", "ms", "mx", "miss", "mme", "mlle", "herr", "frau", "dhr", "mevr"})
# The words STOP_CAPITALS lists that are surnames too: after an honorific, a surname ("Mr Case"; the
# list's other words are not: "Mr General Practitioner", "If You Miss Your Appointment"). And how a
# letter addresses an office rather than a person ("Mr Speaker", "Mr Commissioner Rowland").
_SURNAMES_THAT_ARE_WORDS = frozenset(
    "april august case court east friday herald june lane march may north page post south street ward west".split())
_ADDRESS_WORDS = frozenset("speaker chair chairman chairwoman president secretary mayor chancellor governor minister "
                           "ambassador commissioner chief deputy".split())
_COLUMN_GAP_PATTERN = r"[ \t]{2,}|\t"  # a form's next column: "Title: Mr   First Name: ..."
_COLUMN_GAP = re.compile(_COLUMN_GAP_PATTERN)
# A surname before marriage: "Mary Jones (née Smith)", "Anna Weber, geb. Schulz". As much the
# person's name as the one they carry now.
_MAIDEN_NAME = re.compile(r"(?<![\w.])(?:n[ée]e|geb\.|geborene)[ \t]+([A-Z][a-z'’]+(?:-[A-Z][a-z'’]+)?)(?![\w-])")
_TITLE_WORD = re.compile(rf"(?<![\w.]){_TITLES}(?!\w)")
# A word that says a person comes next: "Patient Henrietta Ezeoke", "Applicant: JOHN DOE",
# "the employee, Jan de Vries", "named Rex Salam", "signed by P. Quennell", "Name: ...".
# Words of kin: after one, a first name alone names the relative.
_KIN_WORDS = (r"wife|husband|son|daughter|mother|father|brother|sister|spouse|partner|cousin|uncle|aunt|nephew|niece|"
              r"grandson|granddaughter|grandmother|grandfather|stepson|stepdaughter|stepmother|stepfather|child")
_ROLE_WORDS = (
    r"patient|member|claimant|policyholder|policy\s+holder|insured\s+person|injured\s+person|injured\s+worker|"
    r"coordinator|specialist|surgeon|physician|"
    r"case\s+manager|adjuster|auditor|director|manager|representative|agent|insured|employee|contact|supervisor|"
    r"lead|researcher|investigator|clinician|therapist|nurse|"
    r"applicants?|respondents?|appellant|defendant|plaintiff|petitioner|complainant|claimants|beneficiary|"
    r"subscriber|enrollee|client|tenant|witness|worker|colleague|staff\s+member|"
    r"guardian|caregiver|deceased|practitioner|investigator|officer|executive|consultant|"
    r"counsel|solicitor|registrar|clerk|secretary|administrator|advocate|" + _KIN_WORDS
)
KIN_WORDS = frozenset(_KIN_WORDS.split("|"))
# Words that stand before a name for what the person is, not who: "Judge Anna Whitfield",
# "Nurse Priya Raman", "member Ottilie Quenby" (the cross-document pass takes no first name
# from them).
PERSON_WORDS = TITLE_WORDS | frozenset(re.findall(r"[a-z]+", _ROLE_WORDS))
# The record's words for the person a name is of, that are no one's name (not "Lead", "Clerk",
# "Counsel", "Officer", "Agent" or "Case", which are): what a form writes after a name, as in
# "Patient: Marsh, Elwin T. Member" (a claim system's role column right after the name).
ROLE_AFTER_A_NAME = frozenset(
    "patient member claimant policyholder insured beneficiary subscriber enrollee applicant applicants respondent "
    "respondents appellant defendant plaintiff petitioner complainant employee caregiver deceased".split())


def _by_first_letter(alternatives: str) -> str:
    """"patient|policyholder|member" -> "m(?:ember)|p(?:atient|olicyholder)": the engine tests
    one letter instead of every word at each word start (twice as fast on this list)."""
    groups: dict[str, list[str]] = {}
    for word in alternatives.split("|"):
        groups.setdefault(word[0], []).append(word[1:])
    return "|".join(f"{first}(?:{'|'.join(sorted(rest, key=len, reverse=True))})" for first, rest in sorted(groups.items()))


_KIN_CUE = re.compile(rf"(?i:{_KIN_WORDS})(?:['’]s)?[ \t]*,?[ \t]*$")
# The closing words of a letter or a post, then the writer's name at the end of the text or of
# its line: "Thanks, Bev", "Kind regards,\nAnouk Verstraeten".
_SIGN_OFF_WORDS = ("thank", "regards", "wishes", "cheers", "sincerely", "faithfully", "love", "take care", "warmly",
                   "all the best", "yours truly", "best,")  # one of them opens every _SIGN_OFF (cues.py)
# What a family member signs with instead of a name ("Love, Mom", "Cheers, Grandad").
_FAMILY_SIGNATURES = frozenset(
    "mom mum mommy mummy mam mama momma dad daddy papa pa ma nana nan gran granny grandma grandpa grandad granddad "
    "auntie aunty uncle sis bro".split())
_SIGN_OFF = re.compile(
    r"(?<![\w-])(?:Thanks|Thank you|Many thanks|Regards|Kind regards|Best regards|Warm regards|Best wishes|Cheers|"
    r"Sincerely|Yours sincerely|Yours faithfully|Yours truly|Thanks so much|Thank you so much|Thanks again|"
    r"Thanks a lot|Love|Lots of love|Take care|Warmly|All the best|Best(?=,)"
    # in lower case alone on its line, as a quick e-mail signs off ("cheers\nBecky Tremarco")
    r"|(?:(?<=\n)|^)(?:cheers|thanks|regards|thank you)(?=[,!]?[ \t]*\n))"
    # what the thanks are for, and an exclamation mark: "Thank you for your help with this,\nMarisa", "Thanks!\nKelsey"
    r"(?:[ \t]+for[ \t]+[^\n,!.?]{1,60})?[,!]?[ \t]*\n?[ \t]*"
    # the writer may say who they are in brackets: "Thanks so much, Bartholomew (Rupert's dad)"
    rf"({_NAME_WORD})(?:[ \t]+({_NAME_WORD}))?(?=[ \t]*(?:\([^()\n]{{1,40}}\))?[ \t]*[.!]?[ \t]*(?:\n|$))")
# A first name found alone by a weak cue (a greeting, a verb, a possessive before a word of kin):
# a direct identifier, masked wherever it is, but two records that both greet a "Sarah" are little
# evidence of one person, and a word the first-name list holds ("Just wanted to say") would link
# two people's records at a name's relevance. So it links no one by itself; the cross-document
# pass makes it the one full name that starts with it, at that name's relevance, where the
# corpus has exactly one (recurrence.py).
FIRST_NAME_ALONE_RELEVANCE = 0.3
# A known first name as the subject of what only a person does: "Yesterday Soledad phoned", "Ottilie
# slept badly". Many first names are towns too (the place list has Soledad, Augusta and Elmira): no
# town phones, so a first name doing so is a person, typed so (a place typed by mistake would also
# keep the one full name starting with it from being found in other records). Only verbs no
# country, firm or season takes ("India refused", "Aviva declined", "Summer came early" are none).
_PERSON_VERBS = ("phoned", "rang", "emailed", "texted", "cried", "slept", "woke", "complained", "told me",
                 "told us", "called me", "called us", "called back", "called in", "said she", "said he", "says she",
                 "says he")
_PERSON_VERB_WORDS = tuple({v.split()[0] for v in _PERSON_VERBS})
# "the Will said nothing", "the clinic in Florence phoned": a document or a place
_THE_OR_PLACE_BEFORE = re.compile(r"(?<![\w-])(?i:the|in|at|from|of|to)[ \t]+$")
_PERSON_VERB_PATTERN = "|".join(v.replace(" ", r"[ \t]+") for v in _PERSON_VERBS)
_FIRST_NAME_DOES = re.compile(rf"(?<![\w'’.-])({_NAME_WORD})[ \t]+(?:{_PERSON_VERB_PATTERN})(?![\w'’-])")
# A first name alone after a greeting, then a comma or the line's end: the person a letter, an
# e-mail or a call note speaks to ("Dear Solveig,", "Hi Teodor!"), a name even where the
# gazetteer also has a place of it ("Hi Soledad,"). Not what is said to anyone ("Hi Doc,", "Dear
# Member,", "Hi Mom,"): a known first name only, and no word of the lists.
_GREETED = re.compile(rf"(?<![\w-])(?:Dear|Hi|Hello|Hey|Good[ \t]+(?:morning|afternoon|evening))[ \t]+({_NAME_WORD})"
                      r"(?=[ \t]*(?:[,!:]|\n|$))")
# A word for a person right before "called" or "named": "someone called Benedikt", "a nurse named Priya".
_PERSON_BEFORE_CALLED = re.compile(
    r"(?<![\w-])(?i:someone|somebody|person|man|woman|lady|gentleman|guy|girl|boy|nurse|doctor|agent|rep|"
    r"representative|adviser|advisor|colleague|friend|son|daughter|child|baby|caller|officer|worker|manager|"
    r"supervisor|coordinator|therapist|lad|chap|fellow|neighbou?r|partner|boyfriend|girlfriend)"
    r"(?:[ \t]+(?:was|is))?[ \t]+$")
# A capitalised word right before: the first name is then another name's last word ("Dr Elmira said").
_NAME_BEFORE_WORD = re.compile(r"([A-Z][\w'’.-]*)[ \t]+$")
_GREETING_WORDS = ("Dear", "Hi", "Hello", "Hey", "Good")
# Words the first-name list holds that, alone, are said to anyone or name a title, a figure, a firm,
# an assistant or a season: "Hi Mate,", "Hello Sunshine,", "Dear Major,", "Dear Liberty,", "Hey
# Alexa,", "the Queen's husband", "Christ's mother", "Summer came early".
_NO_ONE_BY_NAME = frozenset(
    "boy girl god christ "
    "doc love honey dear sweetie darling mate buddy bud hun hon sunshine angel okay ok babe pal chief boss "
    "dean major prince princess duke duchess earl baron baroness lord lady king queen santa pastor sir madam "
    "liberty aviva alexa siri oscar summer autumn spring winter dawn storm river hope grace faith joy will".split())
# A known first name alone on the last line of a message, after a full stop or a dash: the writer
# signing without closing words ("... in winter.\nMaureen", "- Dale").
_LAST_LINE_NAME = re.compile(
    rf"[.!?)][ \t]*\n+[ \t]*(?:[-–—~][ \t]*)?({_NAME_WORD})(?:[ \t]+({_NAME_WORD}))?[ \t]*[.!]?[ \t]*\Z")
# A first name with the relation in brackets, or the relation with the name: "Florence (mother)",
# "Ambrose (son)", "Augustin (Mabel's dad)", "Mom (Aurelia) notified".
_RELATIVES = rf"{_KIN_WORDS}|mum|mom|dad|mama|papa|grandma|grandpa|granny|nana|carer|caregiver|guardian"
_NAME_THEN_KIN = re.compile(
    rf"(?<![\w'’-])({_NAME_WORD})[ \t]*\((?i:{_RELATIVES}|(?P<child>{_NAME_WORD})['’]s[ \t]+(?:{_RELATIVES}))\)")
_KIN_THEN_NAME = re.compile(rf"(?<![\w-])(?i:{_RELATIVES})[ \t]*\(({_NAME_WORD})\)")
# a word of kin after "my", "his", "her", "our", "their": the person's own relative
_OWN_KIN = re.compile(rf"(?<![\w-])(?i:my|his|her|our|their)[ \t]+(?i:{_KIN_WORDS})[ \t]*,?[ \t]*$")
# Initials after a word of kin: "the applicant's son, A.G.,", "his wife S.K." (judgments write
# relatives so).
_NOT_INITIALS = frozenset("u.s. u.k. e.u. u.n. n.b. e.g. i.e. a.m. p.m. n.a. p.s. d.c. a.d. b.c. s.a. d.o.b. i.d. s.s.n. "
                          "p.o. m.d. r.n. d.o. n.p. p.a. l.p.n. b.s.n. ph.d. d.d.s.".split())
_ANY_INITIAL = re.compile(r"(?<![\w.])[A-Z]\.")  # a cheap test before the kin pattern
_KIN_INITIALS = re.compile(
    rf"(?<![\w-])(?i:{_KIN_WORDS})(?:['’]s)?[ \t]*,?[ \t]+((?:[A-Z]\.[ \t]?){{1,3}}[A-Z]\.|[A-Z]\.)(?=[\s,;:)]|$)")
# Two or three initials after a word for the person a record is about ("Patient: R.K., DOB
# 1966", "Member J.W. called", "Pt initials T.M.,"), or opening a letter's or an e-mail's subject
# ("Re: T.M.", "Subject: T.M. - incident details"), as records that withhold the name write it.
# One initial alone ("Patient A.") is a label of a case series more often than a person's.
_ROLE_INITIALS = re.compile(
    r"(?<![\w-])(?i:patient|pt|member|claimant|policyholder|insured|subscriber|enrollee|client|employee|applicant|"
    r"child|dependent|dependant|pupil|student|resident|participant|initials|re:|subject:)[ \t]*[:,]?[ \t]+"
    r"((?:[A-Z]\.[ \t]?){1,2}[A-Z]\.)"
    r"(?=[\s,;)]|$)")
# A judge named after the court: "Judge of the First-tier Tribunal Ashworth-Olaniyan". The value
# is "judge <surname>", as "Judge Ashworth-Olaniyan" written elsewhere gives.
_JUDGE_OF_COURT = re.compile(
    r"(?<![\w-])Judge[ \t]+of[ \t]+the[ \t]+(?:[A-Z][\w'’-]*[ \t]+){0,3}(?:Tribunal|Court)[ \t]+"
    r"((?!(?:of|for|and|in|on|at|that|which|who|Judge)\b)[A-Z][\w'’-]+(?:[ \t]+[A-Z][\w'’-]+)?)(?![\w'’-])")
_ROLE_NAME = re.compile(
    rf"(?<![\w-])(?:(?i:{_by_first_letter(_ROLE_WORDS)})(?:['’]s)?(?:[ \t]+(?i:full[ \t]+)?(?i:name))?[ \t]*[:,]?"
    rf"|(?i:named|called|signed[ \t]+by|signed[ \t]*:|(?:full[ \t]+)?name[ \t]*:|name[ \t]+is))"
    rf"{_GAP}({_NAME_RUN}|{_CAPS_RUN}){_NAME_END}"
)
# A first name with an initial: "Winifred K.", "Leopold J. Quennell"
_INITIAL_NAME = re.compile(rf"(?<![\w.'’-])({_NAME_WORD}){_GAP}([A-Z]\.)(?:{_GAP}({_NAME_WORD}))?(?!\w)")
# A known first name and one or two more name words, particles allowed: "Jan van der Berg".
# A nickname may stand between the first name and the surname, in double or single quotes or in
# brackets: 'Cornelius "Neil" Vandermeer', "Patricia 'Trish' Gallagher-Moy", "Margaret (Peggy)
# Pemberton-Haigh" (the span takes it, the value leaves it out).
_QUOTED_NICKNAME = rf'(?:["“]{_NAME_WORD}["”]|[\'‘]{_NAME_WORD}[\'’](?!\w)|\({_NAME_WORD}\))'
_CAPITAL_PAIR = re.compile(
    rf"(?<![\w.'’-])({_NAME_WORD})(?:{_GAP}{_QUOTED_NICKNAME})?{_GAP}((?:{_PARTICLE}{_GAP}){{0,3}}{_NAME_WORD})(?:{_GAP}({_NAME_WORD}))?{_NAME_END}"
)
# Initials before a surname, or a surname before its initials: "J. Smith", "A.B. Cd", "Smith, J."
_FIELD_LABEL_AFTER = re.compile(r"[ \t]*:")
_FIELD_LABELS = frozenset("age sex gender dob date name id tel phone address plan mrn ref zip weight height dx rx".split())
_INITIALS_SURNAME = re.compile(rf"(?<![\w.])({_INITIALS}){_GAP}((?:{_PARTICLE}{_GAP}){{0,3}}{_NAME_WORD}){_NAME_END}")
_SURNAME_INITIALS = re.compile(rf"(?<![\w.'’-])((?:{_PARTICLE}{_GAP}){{0,3}}{_NAME_WORD}),{_GAP}({_INITIALS})(?![\w])"
                               rf"(?!{_GAP}(?!{ANY_CREDENTIAL}){UPPER})")  # "Vashenko, A. MD" too
# An initial (or two) and a surname right before a clinician's credential: "L. Ostrander-Pike MD",
# "J Okonkwo, DDS". The credential says a person, as a title before would.
_INITIAL_LETTERS = re.compile(r"[A-Z]")
_A_CREDENTIAL = re.compile(rf"[ \t]{ANY_CREDENTIAL}")  # a cheap look first: most texts have none
# The word of a label a letter follows: "Plan A", "Ward B", "Appendix C", "Type A".
_LABEL_BEFORE = re.compile(
    r"(?<![\w-])(?i:plan|part|section|schedule|appendix|annex|exhibit|ward|type|grade|form|unit|level|stage|phase|"
    r"class|room|bay|bed|block|group|team|tier|option|item|table|figure|note|box|wing|floor)[ \t]+$")
_INITIALS_SURNAME_CREDENTIAL = re.compile(
    rf"(?<![\w.'’-])((?:[A-Z]\.?[ \t]?){{1,2}}[ \t]*(?:{_PARTICLE}{_GAP}){{0,3}}{_NAME_WORD})(?=,?[ \t]+{ANY_CREDENTIAL})")
# A possessive after two name words: "Fabrizio Jarocki's claim".
_POSSESSIVE_NAME = re.compile(rf"(?<![\w.'’-])({_NAME_WORD}{_GAP}(?:{_PARTICLE}{_GAP}){{0,3}}{_NAME_WORD})['’]s(?!\w)")
# One first name and a possessive before a word of kin: "this is Solveig's dad", "Bernadette (Henrik's
# mom)". A parent or a partner writes so of the person the record is about, often its only mention
# by name in that document; another document names them in full.
_NAME_BEFORE_KIN = re.compile(
    rf"(?<![\w.'’-])({_NAME_WORD})['’]s[ \t]+(?:(?i:own|late|new|older|younger|elder|little|big|baby|twin)[ \t]+)?"
    rf"(?i:{_RELATIVES}|parents|fianc[ée]e?|boyfriend|girlfriend)(?![\w'’-])")
# A name followed by what only a person has: "Rex Salam, the applicant", "Kim Doan (employee)",
# "Arlo Wrenn, born 1961", "Arlo Wrenn, 54, of Denver".
# (a run of spaces is tried from its first space only: from each space of it, a long run took
# time quadratic in its length)
_ROLE_AFTER = re.compile(
    r"(?i:,[ \t]*(?:the|a|an|our|their|his|her)[ \t]+(?:applicant|patient|employee|claimant|insured|member|"
    r"policyholder|respondent|appellant|defendant|plaintiff|petitioner|beneficiary|subscriber|tenant|client|"
    r"deceased|worker)\b|(?<![ \t])[ \t]*\([ \t]*(?:applicant|patient|employee|claimant|insured|member|policyholder|"
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
# A judgment's title in capitals names the applicant: "CASE OF MOREIRA ESTEVES v. PORTUGAL",
# "AFFAIRE DUPONT c. FRANCE", "CASE OF X AND OTHERS v. TURKEY" (the applicant, not the state).
_CASE_OF_CAPS = re.compile(
    rf"(?<![\w-])(?:CASE[ \t]+OF|AFFAIRE)[ \t]+((?:{_CAPS_WORD}|{_INITIALS})(?:[ \t]+(?!AND[ \t]+OTHERS\b)(?:{_CAPS_WORD}|{_INITIALS})){{0,3}})"
    r"(?:[ \t]+AND[ \t]+OTHERS)?[ \t]+(?:v|c)\.?[ \t]"
)
_CASE_V = re.compile(r"[ \t]vs?\.?[ \t]+(?:the[ \t]+)?[A-Z]")  # cheap tests before the rules above run
_COMMA_INITIAL = re.compile(r",[ \t]+[A-Z]\.")
_DISTRICT_OF_COLUMBIA = re.compile(r"D\.[ \t]?C\.?")
_NEXT_CAPITAL = re.compile(rf"{_GAP}({_NAME_WORD}|{_CAPS_WORD})")
# What a clinician is, capitalised in a title after a name ("Consultant Plastic Surgeon",
# "Senior Physiotherapist"): never a word of the name.
_CLINICIAN_WORD = re.compile(CLINICIAN_WORD)
_CAPS_NOT_NAMES = frozenset("id dob mrn ssn nhs bsn usa uk us eu na vs v tel fax sex re cc attn ref no nr".split())
ENDS_WITH_INITIAL = re.compile(rf"(?<![A-Za-z]){_INITIAL}$")


def _normalize_name(value: str) -> str:
    value = re.sub(rf"^{_TITLES}\.?\s+", lambda m: m.group(0).split(".")[0].strip().lower() + " ", value)
    return " ".join(value.split()).lower()


def _ascii(word: str) -> str:
    """The word without its accents: "siobhán" -> "siobhan", "müller" -> "muller"."""
    return unicodedata.normalize("NFKD", word).encode("ascii", "ignore").decode("ascii")


def _name_words(phrase: str) -> list[str]:
    """The words of a name that are neither initials nor particles."""
    return [t for t in _TOKEN_SPLIT.findall(phrase) if not _IS_INITIALS.fullmatch(t) and not _IS_PARTICLE.fullmatch(t)]


class _Names(Base):
    """What every name recognizer asks of a word: could it be part of a person's name?"""

    def _first_name(self, word: str) -> bool:
        """A known first name, also without its accents ("Siobhán") or hyphenated ("Jean-Luc")."""
        first_names = self.gaz.first_names
        low = word.lower()
        if low in first_names or _ascii(low) in first_names:
            return True
        parts = low.split("-")
        return len(parts) > 1 and all(p in first_names or _ascii(p) in first_names for p in parts)

    def _first_name_alone(self, word: str) -> bool:
        """A known first name that may stand alone for a person after a weak cue (a greeting, a
        verb, a possessive before a word of kin): not in capitals, no word the name rules never
        take, no word for a role, a relative or anyone ("Patient", "Mom", "Mate")."""
        low = word.lower()
        return (self._first_name(word) and not word.isupper() and not self._not_a_name_word(word)
                and low not in PERSON_WORDS and low not in _FAMILY_SIGNATURES and low not in _NO_ONE_BY_NAME)

    def _name_tokens(self, text: str, start: int, end: int, cue: str) -> list[tuple[int, int]]:
        """The words of a name run after a cue, cut at the first word that is no part of a name;
        none when the run names an organisation ("Patient Silver Crest Imaging")."""
        kept: list[tuple[int, int, str]] = []
        names = 0
        tokens = list(_TOKEN_SPLIT.finditer(text, start, end))
        for t in tokens:
            word = t.group(0)
            if _IS_INITIALS.fullmatch(word) or _IS_PARTICLE.fullmatch(word):
                kept.append((t.start(), t.end(), "part"))
                continue
            low = word.lower()
            if low in self.gaz.organisation_heads:
                if cue in ("title", "honorific"):
                    break
                return []
            if not kept and cue == "honorific" and low in _ADDRESS_WORDS:
                # "Mr Commissioner Rowland": the office is masked with the name after it; "Mr
                # Speaker" alone names no one (a part with no word after it is dropped below)
                kept.append((t.start(), t.end(), "part"))
                continue
            if (not kept and cue == "honorific" and (len(tokens) == 1 or self._first_name(word))
                    and not _LABEL_AFTER.match(text, t.end()) and self._surname_after_honorific(word)):
                # "Mr Case", "Mrs May": a word too, but an honorific says a surname follows; the
                # name's only word, or a first name before more ("Mrs April Holloway")
                pass
            elif self._not_a_name_word(word) or names >= 2 and self._is_place(word):
                break
            if names and _LABEL_AFTER.match(text, t.end()):
                break  # "Employee Name: Tom Price Job Title: ...": the next field's name
            kept.append((t.start(), t.end(), "word"))
            names += 1
        else:
            if cue == "role" and self._org_follows(text, end):
                return []
        while kept and kept[-1][2] == "part" and not _IS_INITIALS.fullmatch(text[kept[-1][0]:kept[-1][1]]):
            kept.pop()  # a particle needs its surname: "Mr Doe van" is "Mr Doe"
        if not any(k[2] == "word" for k in kept):
            return []
        return [(s, e) for s, e, _ in kept]

    @staticmethod
    def _surname_after_honorific(word: str) -> bool:
        """One of the words the name rules never take (STOP_CAPITALS) that is a surname too, right
        after "Mr", "Mrs", "Ms": "Mr Case", "Mrs May", "Mr West". The caller takes it only as the
        name's one word ("Mr Case", not "Mr Case Worker") or as a first name before more ("Mrs
        April Holloway")."""
        return word[0].isupper() and not word.isupper() and word.lower() in _SURNAMES_THAT_ARE_WORDS

    def _not_a_name_word(self, word: str) -> bool:
        low = word.lower()
        return (low in STOP_CAPITALS or low in self.gaz.not_name_words or low in self.gaz.organisation_heads
                or low in TITLE_WORDS or low in ROLE_AFTER_A_NAME or low in _CAPS_NOT_NAMES or _CLINICIAN_WORD.fullmatch(low) is not None)
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
            if DRUG_SUFFIX.fullmatch(w) or CONDITION_SUFFIX.fullmatch(w) or GENERIC_HEAD.fullmatch(low):
                return False
        return True

    def _org_follows(self, text: str, end: int) -> bool:
        """The next capitalised word is an organisation's head word: "Camden Wellness"."""
        nxt = _NEXT_CAPITAL.match(text, end)
        return nxt is not None and nxt.group(1).lower() in self.gaz.organisation_heads
    def _is_place(self, phrase: str) -> bool:
        return phrase.lower() in self.gaz.places


# A title, one initial without its full stop and a surname, as British records write a doctor:
# "Dr H Marsh", "Mr J Ezeoke".
_TITLE_BARE_INITIAL = re.compile(rf"(?<![\w.])({_TITLES})\.?{_GAP}([A-Z]){_GAP}({_NAME_WORD}){_NAME_END}")


@register("titled_name", "NAME")
class TitledName(_Names):
    """After a title: "Dr. Imogen Reyes", "Mr A.B. Cd", "Judge Hale", "Mr JOHN DOE"."""

    def find(self, text: str):
        if has_any(text, ("née", "nee ", "geb")):  # the pattern's words, lower case only; most texts have none
            for m in _MAIDEN_NAME.finditer(text):
                if self._name_words_ok([m.group(1)]) and not self._is_place(m.group(1)):
                    yield self.span(m.start(1), m.end(1), "NAME", _normalize_name(m.group(1)), 0.8)
        for m in _INITIALS_SURNAME_CREDENTIAL.finditer(text) if _A_CREDENTIAL.search(text) else ():
            surname = _name_words(m.group(1))[-1]
            if _LABEL_BEFORE.search(text, max(0, m.start() - 12), m.start()):
                continue  # "Plan A Premium RN", "Ward B Staff RN": a label's letter, no initial
            if self._name_words_ok([surname]) and not self._is_place(surname):
                # "L Ostrander-Pike", "LJ Smith", "L.J. Smith" are written "L. J. Smith" elsewhere: one value
                initials = _INITIAL_LETTERS.findall(m.group(1)[:m.group(1).rindex(surname)])
                written = " ".join(f"{c}." for c in initials) + " " + m.group(1)[m.group(1).rindex(surname):]
                yield self.span(m.start(1), m.end(1), "NAME", _normalize_name(written), 0.85)
        for m in _TITLE_BARE_INITIAL.finditer(text):
            if not m.group(1).isupper() and self._name_words_ok([m.group(3)]) and not self._is_place(m.group(3)):
                yield self.span(m.start(), m.end(), "NAME", _normalize_name(f"{m.group(2)}. {m.group(3)}"), 0.85)
        for m in _TITLED_NAME.finditer(text):
            title, run = m.group(1), m.group(3)
            caps = run.isupper()
            if title.isupper() and not (caps and " " in run):
                continue  # "MS" is multiple sclerosis unless a full name in capitals follows
            # the title right before the name: an honorific says a surname follows, unless a form's
            # column gap stands between them ("Title: Mr   First Name: ...")
            last_title = list(_TITLE_WORD.finditer(text, m.start(), m.start(3)))[-1]
            cue = ("honorific" if last_title.group(0).lower() in _HONORIFICS
                   and not _COLUMN_GAP.search(text, last_title.end(), m.start(3)) else "title")
            tokens = self._name_tokens(text, m.start(3), m.end(3), cue=cue)
            if not tokens:
                if _IS_INITIALS.fullmatch(run) and not title.isupper():
                    # "Mr A.B.", "Ms K.": a court's initials for a party are that party's name
                    yield self.span(m.start(), m.end(3), "NAME", _normalize_name(text[m.start():m.end(3)]), 0.8)
                continue
            start, end = tokens[0][0], tokens[-1][1]
            if text[end:end + 1] == "." and _IS_INITIALS.fullmatch(text, start, end + 1):
                end += 1  # "Mr I.Sh.": the last initial's full stop is the initial's
            if len(_name_words(text[start:end])) == 1 and not _IS_INITIALS.match(text, start):
                # "Dr. Tan", "Dr van der Berg": keep the title so a lone surname is not masked as a
                # word; the value has the last title only ("Mrs and Mr Kovač" -> "mr kovač")
                yield self.span(m.start(), end, "NAME", _normalize_name(text[last_title.start():end]), 0.8)
            else:
                # A title of office or profession ("Dr", "Prof.", "Judge", "Sir") says who someone
                # is: masked with the name. An honorific says their sex ("Mr", "Mme"), and "Mrs" and
                # "Miss" whether they married: masked with it where the preset says so
                # (mask_honorifics). The value is the name alone, so "Mrs. Regina Penderbury" links
                # with "Regina Penderbury".
                honorific = title.lower() in _HONORIFICS and not self.ctx.settings.mask_honorifics
                yield self.span(start if honorific else m.start(), end, "NAME", _normalize_name(text[start:end]))



@register("role_name", "NAME")
class RoleName(_Names):
    """After a word that says a person comes next: "Patient Henrietta Ezeoke", "named Rex Salam"."""

    def find(self, text: str):
        first_names = self.gaz.first_names
        initials = (*_KIN_INITIALS.finditer(text), *_ROLE_INITIALS.finditer(text)) if _ANY_INITIAL.search(text) else ()
        for m in initials:
            if m.group(1).replace(" ", "").lower() not in _NOT_INITIALS:  # "the mother, U.S. citizen,"
                yield self.span(m.start(1), m.end(1), "NAME", _normalize_name(m.group(1)), 0.85)
        if "Judge of the" in text:
            for m in _JUDGE_OF_COURT.finditer(text):
                words = _name_words(m.group(1))
                if any(re.search(rf"(?<![\w'’-]){re.escape(w.lower())}(?![\w'’-])", text) for w in words):
                    continue  # "the Judge of the High Court Ordered costs ... ordered": a word, not a surname
                if words and self._name_words_ok(words, every_word_checked=True):
                    # the value "Judge Ezeoke" or "Judge Mary Jones" gives where the title comes first
                    name = _normalize_name(m.group(1))
                    first = words[0].lower() in self.gaz.first_names and len(words) > 1
                    yield self.span(m.start(1), m.end(1), "NAME", name if first else "judge " + name, 0.8)
        pos = 0
        while (m := _ROLE_NAME.search(text, pos)) is not None:
            pos = m.end()
            run = m.group(1)
            if run.isupper() and run.split()[0].lower() not in first_names:
                continue  # "Patient: HIV POSITIVE"; "Applicant: JOHN DOE" has a first name
            tokens = self._name_tokens(text, m.start(1), m.end(1), cue="role")
            if not tokens:
                pos = m.start(1)  # "Lead Investigator Corvin Quarrington": the next role word may be the cue
            if len(tokens) == 1 and _KIN_CUE.match(text, m.start(), m.start(1)):
                # "his wife Anna", "the applicant's brother, Mehmet,": one first name after a
                # word of kin is a name, even one that is also a place ("Anna", Illinois)
                word = text[tokens[0][0]:tokens[0][1]]
                # after "my husband", "her son" any name is a name ("my husband Rewi's policy")
                own = _OWN_KIN.search(text, max(0, m.start() - 8), m.start(1)) is not None
                if (word.lower() in first_names or own and not self._not_a_name_word(word)) \
                        and word.lower() not in STOP_CAPITALS and not word.isupper():
                    yield self.span(tokens[0][0], tokens[0][1], "NAME", _normalize_name(word), 0.85)
                continue
            if len(tokens) == 1 and text[m.start():m.start(1)].strip().lower() in ("named", "called"):
                # "spoke to someone called Benedikt", "a nurse named Priya": a known first name
                # alone after a word for a person (not "a storm named Katrina", "a dog called Max",
                # "a ward called Florence")
                word = text[tokens[0][0]:tokens[0][1]]
                if self._first_name_alone(word) and not self._is_place(word) \
                        and _PERSON_BEFORE_CALLED.search(text, max(0, m.start() - 40), m.start()):
                    yield self.span(tokens[0][0], tokens[0][1], "NAME", _normalize_name(word), FIRST_NAME_ALONE_RELEVANCE)
                continue
            if len(tokens) < 2 or self._is_place(text[tokens[0][0]:tokens[-1][1]]):
                continue
            first = text[tokens[0][0]:tokens[0][1]].lower()
            if first in self.gaz.organisation_openers and first not in first_names:
                continue  # "Claims Adjuster, Blue Haven Mutual": the employer, not a person
            cue = text[m.start():m.start(1)]
            if ("'s" in cue or "’s" in cue) and not any(c in cue for c in ",:") and "name" not in cue.lower() \
                    and first not in first_names:
                continue  # "the patient's Apple Watch", "the insured's Ring Doorbell": a thing of theirs
            start, end = tokens[0][0], tokens[-1][1]
            yield self.span(start, end, "NAME", _normalize_name(text[start:end]))
        yield from self._signed(text)
        yield from self._greeted(text)
        if has_any(text, _PERSON_VERB_WORDS):
            for m in _FIRST_NAME_DOES.finditer(text):
                word = m.group(1)
                if self._first_name_alone(word) and word.lower() not in self.gaz.countries \
                        and not _THE_OR_PLACE_BEFORE.search(text, max(0, m.start() - 8), m.start()) \
                        and not ((before := _NAME_BEFORE_WORD.search(text, max(0, m.start() - 40), m.start()))
                                 and not self._not_a_name_word(before.group(1))):
                    yield self.span(m.start(1), m.end(1), "NAME", _normalize_name(word), FIRST_NAME_ALONE_RELEVANCE)
        if "(" in text:
            for m in (*_NAME_THEN_KIN.finditer(text), *_KIN_THEN_NAME.finditer(text)):
                word = m.group(1)
                if self._first_name(word) and not self._not_a_name_word(word) and not word.isupper():
                    yield self.span(m.start(1), m.end(1), "NAME", _normalize_name(word), 0.85)
                child = m.groupdict().get("child")
                if child and child[0].isupper() and self._first_name_alone(child):
                    # "Augustin (Ottoline's dad)": whose parent the writer is (a known first name:
                    # "Mary (Decedent's sister)", "Ros (baby's mum)" name no one)
                    yield self.span(m.start("child"), m.end("child"), "NAME", _normalize_name(child), FIRST_NAME_ALONE_RELEVANCE)

    def _greeted(self, text: str):
        """The first name a letter or a message greets: "Dear Solveig,", "Hi Soledad,"."""
        if not any(w in text for w in _GREETING_WORDS):
            return
        for m in _GREETED.finditer(text):
            word = m.group(1)
            if self._first_name_alone(word):
                yield self.span(m.start(1), m.end(1), "NAME", _normalize_name(word), FIRST_NAME_ALONE_RELEVANCE)

    def _signed(self, text: str):
        """The name a letter, an e-mail or a post ends with after its closing words: "Thanks,
        Bev", "Kind regards,\nAnouk Verstraeten" (the writer, whoever the gazetteer knows); or a
        known first name alone on its last line ("...in winter.\nMaureen")."""
        signed = _SIGN_OFF.finditer(text) if has_any(text.lower(), _SIGN_OFF_WORDS) else iter(())
        last = _LAST_LINE_NAME.search(text, max(0, len(text) - 60)) if "\n" in text[-60:] else None
        for m in (*signed, *([last] if last else [])):
            words = [w for w in m.group(1, 2) if w]
            if (m is last or m.group(0)[0].islower()) and (not self._first_name(words[0])
                                                          or words[0].lower() in _NO_ONE_BY_NAME):
                continue  # no closing words, or a lower-case "thanks" on its line: only a first name
                #           the gazetteer knows signs ("thanks\nNoted", "regards\nAccounts Payable")
            if all(w.lower() in _FAMILY_SIGNATURES for w in words):
                continue  # "Love, Mom": how a family member signs, no name (every mother signs so)
            if self._name_words_ok(words, every_word_checked=True) and not self._is_place(" ".join(words)):
                end = m.end(2) if m.group(2) else m.end(1)
                yield self.span(m.start(1), end, "NAME", _normalize_name(text[m.start(1):end]), 0.85)


@register("initial_name", "NAME")
class InitialName(_Names):
    """A known first name with an initial: "Winifred K.", "Leopold J. Quennell"."""

    def find(self, text: str):
        for m in _INITIAL_NAME.finditer(text):
            first, surname = m.group(1), m.group(3)
            if not self._first_name(first) or first.lower() in STOP_CAPITALS:
                continue
            if surname and self._not_a_name_word(surname):
                surname = None
            end = m.end(3) if surname else m.end(2)
            if self._org_follows(text, end):
                continue
            yield self.span(m.start(), end, "NAME", _normalize_name(text[m.start():end]), 0.9)


def _asks(text: str, start: int, word: str) -> bool:
    """A verb that opens a question and is also a first name ("Can", "Will", "May"): "Can Rhys
    cover my Friday shift?" names Rhys, not "Can Rhys"."""
    if word.lower() not in _QUESTION_OPENERS or not opens_sentence(text, start):
        return False
    end = _SENTENCE_END.search(text, start)
    return end is not None and end.group(0) == "?"


# Verbs that open a question and are also first names somewhere.
_QUESTION_OPENERS = frozenset({"can", "will", "may"})
_SENTENCE_END = re.compile(r"[.!?\n]")


@register("capital_pair", "NAME")
class CapitalPair(_Names):
    """A known first name and one or two more name words, particles allowed: "Jan van der Berg"."""

    def find(self, text: str):
        pos = 0
        while (m := _CAPITAL_PAIR.search(text, pos)) is not None:
            pos = m.end()
            words = [w for w in m.groups() if w]
            if not self._first_name(words[0]):
                pos = m.start(2)  # the next word may begin the name: "Report Maria Lopez"
                continue
            if any(GENERIC_HEAD.fullmatch(w.lower()) or CONDITION_SUFFIX.fullmatch(w) for w in m.group(0).split()[1:]):
                continue  # "Major Depressive Disorder", "Grace Hepatitis": a condition, not a name
            if self._not_a_name_word(words[-1]) or len(words) == 3 and (
                    self._not_a_name_word(words[2]) or _LABEL_AFTER.match(text, m.end())):
                words = words[:2]  # "Tom Price Job Title:": the third word opens the next field
            if self._not_a_name_word(words[0]) or _asks(text, m.start(), words[0]):
                pos = m.start(2)  # "Hi Priya Raman": a greeting that is also a first name opens no name;
                #                   "Can Rhys cover my shift?": a question's verb
                continue
            if any(self._not_a_name_word(w.split()[-1]) for w in words) or self._is_place(" ".join(words)):
                continue
            if all(self._is_place(w) for w in words):
                continue  # "Denver Colorado": a city and its state
            end = m.end(2) if len(words) == 2 else m.end()
            if any(w.lower() in self.gaz.organisation_heads for w in m.group(0).split()) or self._org_follows(text, end):
                continue  # "Silver Crest Imaging", "Camden Wellness": organisations
            written = text[m.start():end]
            if any(q in written for q in '"“\'‘('):
                bracketed = _BRACKETED_NICKNAME.search(written)
                if bracketed and (not self._first_name(bracketed.group(1)) or self._is_place(bracketed.group(1))):
                    continue  # "Grace (Period) Extension", "Victoria (Australia) Branch": no nickname
                written = _NICKNAME_IN_NAME.sub("", written)
            yield self.span(m.start(), end, "NAME", _normalize_name(written), 0.9)


_NICKNAME_IN_NAME = re.compile(rf"[ \t]*{_QUOTED_NICKNAME}")
_BRACKETED_NICKNAME = re.compile(rf"\(({_NAME_WORD})\)")  # a nickname in brackets: a known first name


# Words a single capital letter names a kind of, written before it in lower case.
_LETTER_LABELS = frozenset("type group grade class stage tier category level phase plan schedule section part "
                           "appendix exhibit annex vitamin hepatitis factor option".split())


# Characters that join a capital letter to what is written before it: the letter then ends a
# code, a range or a unit ("N/A", "L>R", "M-F", "U/L"), it is no one's initial.
_JOINED_BEFORE = frozenset("/>-<+&")


@register("initials_surname", "NAME")
class InitialsSurname(_Names):
    """Initials before a surname: "J. Smith", "A.B. Cd"."""

    def find(self, text: str):
        transcript = "Q." in text and _QUESTION_TURN.search(text) is not None
        for m in _INITIALS_SURNAME.finditer(text):
            if transcript and m.group(1).rstrip() in ("Q.", "A.") and m.group(2).casefold() in _TURN_OPENERS \
                    and _opens_a_turn(text, m.start()):
                continue  # a deposition's "Q. Where were you?" / "A. Yes.": who speaks, no initial
            before = text[max(0, m.start() - 30):m.start()].rstrip(" \t")
            previous = before.split()[-1] if before.split() else ""
            if previous[:1].isupper() and previous[-1:].isalpha() and previous.lower() not in TITLE_WORDS:
                continue  # "Hepatitis C. Treatment", "Plan B. Smith": a label, not an initial
            surname = m.group(2)
            if previous.lower() in _LETTER_LABELS and (re.search(r"-[a-z]", surname) or surname.lower() in STOP_CAPITALS
                                                       or surname.lower() in self.gaz.not_name_words):
                continue  # "Blood type O. Weight-based dose", "risk group A. Follow-up": a letter of a kind
            if re.fullmatch(r"\d+/?", previous) or m.group(1)[0] in "MFL" and len(m.group(1).rstrip(". ")) == 1 \
                    and re.search(r"\d[,;]?$", previous):
                continue  # "Pt: 59 M. Rx", "29/F. Flame burns", "DOB 03/14/1968, F. Reviewed by", "0.8 L. Discharged":
                #           a sex or a unit after a number, no initial
            if previous.lower().rstrip(":") in ("sex", "gender") and len(m.group(1).rstrip(". ")) == 1:
                continue  # "Sex: F. Date of birth: 2011": the field's value, no initial
            if m.start() and text[m.start() - 1] in _JOINED_BEFORE and text[max(0, m.start() - 2):m.start()] != ".-":
                continue  # "Claim notes: N/A. Dressing", "L>R. Nerve studies", "M-F. Walks": the letter ends a
                #           code (not "Mr A.-M. Popescu", a hyphenated pair of initials)
            if m.group(2) == "Box" and m.group(1).replace(".", "").replace(" ", "") in ("P", "PO"):
                continue  # "P.O. Box 118": a post-office box (addresses.py), no one's name
            if surname.lower() in _FIELD_LABELS and _FIELD_LABEL_AFTER.match(text, m.end()):
                continue  # "Pt: R.D.   Age: 63": the next column's label, no surname ("J. Smith: yes" is one)
            if self._name_words_ok(_name_words(m.group(2))) and not self._org_follows(text, m.end()):
                yield self.span(m.start(), m.end(), "NAME", _normalize_name(m.group(0)), 0.9)


# A transcript's question turn: "Q." opening a line or a sentence, then a capitalised word.
_QUESTION_TURN = re.compile(r"(?:^|(?<=[.?!:\n]))[ \t]*Q\.[ \t]+[A-Z]")
# The words a question or an answer opens with in a transcript, which no one is named: after
# "Q." or "A." they are the turn's first word, not a surname ("Q. Li called" keeps Li).
_TURN_OPENERS = frozenset(
    "what where when why how who whom whose which did do does done were was is are am be been have has had can "
    "could would will shall should may might must isn't didn't don't wasn't weren't yes no yeah yep nope "
    "okay ok right correct i you he she we they it that this there then so and but or well sure not never "
    "maybe perhaps objection please tell describe explain state home see the my our".split())


def _opens_a_turn(text: str, start: int) -> bool:
    """Whether start opens the text, a line or a sentence (a look at the few characters before)."""
    before = text[max(0, start - 8):start].rstrip(" \t")
    return not before and start <= 8 or before[-1:] in (".", "?", "!", ":", "\n")


@register("surname_initials", "NAME")
class SurnameInitials(_Names):
    """A surname before its initials: "Smith, J."."""

    def find(self, text: str):
        if not _COMMA_INITIAL.search(text):
            return
        for m in _SURNAME_INITIALS.finditer(text):
            if m.group(1) == "Washington" and _DISTRICT_OF_COLUMBIA.fullmatch(m.group(2)) \
                    or dotless(m.group(2)) == "BC" and town_in_state(m.group(1), "BC"):
                # "Washington, D.C.", "Victoria, B.C.": a town and its state's or province's code
                # (city_state), no one's initials ("Kowalski, D.C." are)
                continue
            if self._name_words_ok(_name_words(m.group(1))):
                yield self.span(m.start(), m.end(), "NAME", _normalize_name(m.group(0)), 0.85)


# Names as registers, pharmacies, claims systems and British or Australian letters write them:
# the surname in capitals. "Re: Mabel QUARRINGTON, DOB ..." (a known first name, then the surname),
# and after a field for the person "Pt: TALLIS, SILAS", "Member: WEXCOMBE, CECILY M",
# "Pt: QUARRINGTON, M." (surname first, a comma, the given name or an initial).
_GIVEN_CAPS_SURNAME = re.compile(
    rf"(?<![\w.'’-])({_NAME_WORD})(?:{_GAP}[A-Z]\.?)?{_GAP}({_CAPS_WORD})(?![\w'’-])(?!{_GAP}{_CAPS_WORD}(?![\w'’-]))")
_PERSON_FIELD = (r"(?<![\w-])(?i:pt|patient|member|name|insured|subscriber|claimant|clmt|employee|beneficiary|enrollee|"
                 r"client|resident|"
                 # a letter's subject line names whom it is about: "Re: Tamsin ORVELL, DOB ..."
                 r"re|"
                 # the same fields in French, German, Dutch, Spanish and Italian forms
                 r"policyholder|adh[ée]rente?|assur[ée]e?|b[ée]n[ée]ficiaire|nom|patiente|versicherte[rn]?|naam|verzekerde|"
                 # a colon, or the dot leaders of a printed form ("PATIENT NAME ....... MACDONALD, Colette")
                 r"paciente|asegurad[oa]|nome|assistito)[ \t]*(?::|\.{3,})[ \t]*")
_SURNAME_FIRST = re.compile(
    rf"{_PERSON_FIELD}((?:{_CAPS_WORD}|{_NAME_WORD})),{_GAP}"
    rf"(?:({_CAPS_WORD}|{_NAME_WORD})(?:{_GAP}([A-Z])\.?)?|([A-Z])\.)(?![\w'’-])")
# "Member: J Quarrington", "Patient: Mabel |": an initial without its full stop before a surname, or
# a known first name alone, in a field for the person that ends there.
# where a form's field ends: "Patient: Mabel | Provider", "Re: Kim LEE, DOB"
_FIELD_END = r"[ \t]*(?:[|,;(\n]|$)"
_INITIAL_SURNAME_FIELD = re.compile(rf"{_PERSON_FIELD}([A-Z]){_GAP}({_NAME_WORD})(?={_FIELD_END})")
# "Adhérente: DUMESNIL Amélie", "Patient: SORENSBY Leopold": in a field for the person, the surname in
# capitals before a known first name, as French and Belgian registers write it.
_CAPS_SURNAME_GIVEN = re.compile(rf"{_PERSON_FIELD}({_CAPS_WORD}){_GAP}({_NAME_WORD})(?![\w'’-])(?![ \t]*:)")
_FIRST_NAME_FIELD = re.compile(rf"{_PERSON_FIELD}({_NAME_WORD})(?={_FIELD_END})")
# "Re: Tamsin Orvell, DOB 02/03/2011", "Patient: Kerr Idowu, born 1990": in a field for the person,
# two or three name words right before a birth date's cue are the person's name, a first name
# the list lacks too.
_BIRTH_CUE = r"(?i:dob|d\.o\.b\.?|date[ \t]+of[ \t]+birth|born|geb\.?|n[ée]e?[ \t]+le)"
_BIRTH_DATE_AFTER = rf"(?=[ \t]*,[ \t]*{_BIRTH_CUE}[ \t:]*\d)"
_NAME_BEFORE_BIRTH = re.compile(rf"{_PERSON_FIELD}({_NAME_WORD}(?:{_GAP}{_NAME_WORD}){{1,2}}){_BIRTH_DATE_AFTER}")
# "Nguyen, Bao MD", "OKONJO, CHIAMAKA NP", "ARMSTRONG-YOUNG, KEVIN DO": a prescriber or a referrer
# as pharmacy and lab systems print one, surname first; the credential says a person, so a name in
# capitals needs no known first name (one in small letters does: "Dictated, Not MD" is none).
_DO_ENDS = re.compile(r"[ \t]*(?:[,;|()\n]|$)")  # "DO" as a credential ends its field or line
_VALEDICTIONS = frozenset("regards sincerely yours best respectfully thanks cheers kind warm warmly".split())
_IS_CREDENTIAL = re.compile(ANY_CREDENTIAL)
_SURNAME_GIVEN_CREDENTIAL = re.compile(
    rf"(?<![\w.'’-])({_CAPS_WORD}|{_NAME_WORD}),{_GAP}({_CAPS_WORD}|{_NAME_WORD})(?:{_GAP}[A-Z]\.?)?,?[ \t]+"
    rf"(?={ANY_CREDENTIAL}(?![\w-]))")
# "Marrowby-Lind, Vincent, DOB 1977-08-19", "OKAFOR, GRACE A., born 1961": a surname, a comma and
# a given name (and an initial) right before a birth date's cue, as pharmacy and lab records
# write the person with no field before; the cue says a person, the given name must be a known one.
_LIST_BEFORE = re.compile(r"[:,;][ \t]*$")
_COMMA_BIRTH_CUE = re.compile(rf",[ \t]*{_BIRTH_CUE}")
_SURNAME_GIVEN_BEFORE_BIRTH = re.compile(
    rf"(?<![\w.'’-])({_CAPS_WORD}|{_NAME_WORD}),{_GAP}({_CAPS_WORD}|{_NAME_WORD})(?:{_GAP}[A-Z]\.?)?{_BIRTH_DATE_AFTER}")
# "Employee: Adaeze NWACHUKWU   Staff no: ...": in a field for the person, a name word and a
# surname in capitals, up to the field's end (or the next column of the form); the field says
# it is a person, so the first name need not be a known one.
_COLUMN_END = rf"(?:{_FIELD_END}|{_COLUMN_GAP_PATTERN})"
_GIVEN_CAPS_FIELD = re.compile(rf"{_PERSON_FIELD}({_NAME_WORD}){_GAP}({_CAPS_WORD})(?={_COLUMN_END})")
# A table's cell holding a name surname first, as payroll and HR exports write it:
# "| ORDUÑA ESTEVE, JUAN CARLOS |", "| Bernabéu Roig, Lucía |" (one or two surnames, one or
# two given names; the first given name a known one).
_NAME_CELL = re.compile(
    rf"(?<=\|)[ \t]*((?:{_CAPS_WORD}|{_NAME_WORD})(?:{_GAP}(?:{_CAPS_WORD}|{_NAME_WORD}))?),{_GAP}"
    rf"((?:{_CAPS_WORD}|{_NAME_WORD})(?:{_GAP}(?:{_CAPS_WORD}|{_NAME_WORD}))?)(?=[ \t]*\|)")
# A form's field for a person by their part in the matter: "Treating doctor: Ānaru Tawhiri",
# "Case manager: Joanne Nguyễn", "Prepared by: Rosa Llorens Pastor". The field says a person
# fills it, so the first name need not be a known one; two or three name words up to its end.
_ROLE_FIELD = re.compile(
    r"(?<![\w-])(?i:doctor|physician|gp|physiotherapist|therapist|psychologist|nurse|manager|supervisor|"
    r"secretary|chair(?:person)?|investigators?|interviewer|witness|representative|adviser|advisor|coordinator|"
    r"contact|complainant|respondent|reporter|(?:prepared|processed|approved|signed|reviewed|reported|"
    r"requested|referred|issued|completed)[ \t]by)[ \t]*:[ \t]*"
    rf"({_NAME_WORD}(?:{_GAP}{_NAME_WORD}){{1,2}})(?=,|{_COLUMN_END})")
# A form's field for one part of the name: "Surname: TEWHARE", "Given names: Tāmati Rāwiri",
# "Nachname: Müller", "Voornaam: Sanne", in the languages of the other person fields.
_NAME_PART_FIELD = re.compile(
    r"(?<![\w-])(?i:surname|last[ \t]name|family[ \t]name|given[ \t]names?|first[ \t]names?|forenames?|"
    r"christian[ \t]name|pr[ée]noms?|nom[ \t]de[ \t]famille|nachname|vorname|familienname|achternaam|voornamen?|"
    r"apellidos?|nombre|cognome)[ \t]*:[ \t]*"
    rf"((?:{_CAPS_WORD}|{_NAME_WORD})(?:{_GAP}(?:{_CAPS_WORD}|{_NAME_WORD}))?)(?={_COLUMN_END})")
_VOWEL = re.compile(r"[AEIOUY]")
_ROLE_THEN_FIELD_END = re.compile(rf"[ \t]+([A-Za-z]+){_COLUMN_END}")
_COLUMN_ENDS = re.compile(_COLUMN_END)  # where a form's column ends, compiled
# What a person's field holds when it names no one: withheld, or the person's part or kind.
_PLACEHOLDER_WORDS = frozenset(
    "redacted anonymous withheld confidential unnamed verification baby infant newborn girl boy male female "
    "adult child minor self spouse partner dependent dependant member patient subscriber doe "
    # a form's words for the kind of person or the part of the name ("Surname, Forename")
    "primary additional named covered family active duty retired military fixed term sole joint second third "
    "household surname forename forenames given first last middle worker".split())
_SUBJECT_FIELD = re.compile(r"(?i:re)[ \t]*:")
_FIELD_ENDS = re.compile(_FIELD_END)


@register("record_name", "NAME")
class RecordName(_Names):
    """A name as a register or a letter writes it, the surname in capitals ("Mabel QUARRINGTON",
    "Pt: TALLIS, SILAS"), or a person's field holding an initial and a surname or a known
    first name alone ("Member: J Quarrington", "Patient: Mabel"). The value is the given name
    first, lower case, as the name written any other way gives it ("mabel quarrington")."""

    def find(self, text: str):
        for m in _GIVEN_CAPS_SURNAME.finditer(text):
            given, surname = m.group(1), m.group(2)
            if "   " in text[m.end(1):m.start(2)] or "\t" in text[m.end(1):m.start(2)]:
                continue  # "Wei Ming   NRIC: ...": a form's next column, not the surname
            if len(surname) == 3 and not _FIELD_ENDS.match(text, m.end()):
                continue  # "Grace ICU team": three capitals inside a phrase are an abbreviation
            if self._first_name(given) and given.lower() not in STOP_CAPITALS and self._caps_surname(surname):
                yield self.span(m.start(), m.end(), "NAME", f"{given} {surname}".lower(), 0.9)
        if "|" in text:
            for m in _NAME_CELL.finditer(text):
                surnames, given = m.group(1).split(), m.group(2).split()
                if (self._first_name(given[0]) and all(not self._not_a_name_word(w) for w in surnames + given)
                        and all(self._caps_surname(w) for w in surnames if w.isupper())):
                    yield self.span(m.start(1), m.end(2), "NAME", " ".join(given + surnames).lower(), 0.9)
        for m in _SURNAME_GIVEN_CREDENTIAL.finditer(text) if "," in text and _A_CREDENTIAL.search(text) else ():
            surname, given = m.group(1), m.group(2)
            if (text.startswith("DO", m.end()) and not _DO_ENDS.match(text, m.end() + 2)) or _IS_CREDENTIAL.fullmatch(given):
                continue  # "Apples, Pears DO grow", "WHAT, WHY DO WE": the verb; "Okafor, DDS, MD": two credentials
            if surname.casefold() in _VALEDICTIONS or not (surname.isupper() or self._first_name(given)):
                continue  # "Regards, Maria RN": a sign-off; "Dictated, Not MD": words of a form
            if (self._name_words_ok([surname, given], every_word_checked=True) and not self._is_place(surname)
                    and not self._is_place(given)):
                yield self.span(m.start(1), m.end(2), "NAME", f"{given} {surname}".lower(), 0.9)
        done = 0
        for cue in _COMMA_BIRTH_CUE.finditer(text) if "," in text else ():
            # the name ends at the cue's comma: looked for just before it, not in the whole text
            for m in _SURNAME_GIVEN_BEFORE_BIRTH.finditer(text, max(done, cue.start() - 80), min(len(text), cue.end() + 16)):
                done = m.end()
                surname, given = m.group(1), m.group(2)
                if surname.lower() in PERSON_WORDS or surname.lower().rstrip("s") in PERSON_WORDS \
                        or self._first_name(surname) and _LIST_BEFORE.search(text, max(0, m.start() - 4), m.start()):
                    continue  # "Son, Oliver, born 2015", "Beneficiary, Emma, DOB ...", "Children: Chloe, Oliver, born ..."
                if (surname.isupper() == given.isupper() and self._first_name(given) and not self._not_a_name_word(surname)
                        # "Paris, France, born 1990", "in Tofino, Grace, born ...": a place, then a person
                        and not self._is_place(surname) and not PLACE_PREPOSITION.search(text, max(0, m.start() - 8), m.start())
                        and (self._caps_surname(surname) if surname.isupper() else self._name_words_ok([surname]))):
                    yield self.span(m.start(), m.end(), "NAME", f"{given} {surname}".lower(), 0.9)
        if ":" not in text and "..." not in text:
            return
        for m in _SURNAME_FIRST.finditer(text):
            surname, given, _middle, initial = m.groups()
            if surname.isupper() and not self._caps_surname(surname) or self._not_a_name_word(surname):
                continue
            if given is not None:
                if given.isupper() and not surname.isupper():
                    continue  # "Smith, JOHN": a form's words, no surname and first name
                if not self._first_name(given) and not self._field_holds_a_name(text, m, surname, given):
                    continue  # "Re: Claims, Appeals": a form's words
                value = f"{given} {surname}"
            else:
                value = f"{initial}. {surname}"
            yield self.span(m.start(1), m.end(), "NAME", value.lower(), 0.9)
        for m in _CAPS_SURNAME_GIVEN.finditer(text):
            surname, given = m.group(1), m.group(2)
            if self._caps_surname(surname) and self._first_name(given) and not self._not_a_name_word(given):
                yield self.span(m.start(1), m.end(2), "NAME", f"{given} {surname}".lower(), 0.9)
        for m in _INITIAL_SURNAME_FIELD.finditer(text):
            if self._name_words_ok([m.group(2)]) and not self._is_place(m.group(2)):
                yield self.span(m.start(1), m.end(), "NAME", f"{m.group(1)}. {m.group(2)}".lower(), 0.85)
        for m in _GIVEN_CAPS_FIELD.finditer(text):
            given, surname = m.group(1), m.group(2)
            if (self._caps_surname(surname) and not self._not_a_name_word(given) and not self._is_place(given)
                    and (len(surname) > 3 or self._first_name(given))):  # "Member: Gold PPO": a plan's letters
                yield self.span(m.start(1), m.end(2), "NAME", f"{given} {surname}".lower(), 0.9)
        for m in _ROLE_FIELD.finditer(text):
            words = m.group(1).split()
            if self._name_words_ok(words, every_word_checked=True) and not self._is_place(m.group(1)) \
                    and not self._org_follows(text, m.end(1)) and words[-1].lower() not in self.gaz.organisation_heads:
                yield self.span(m.start(1), m.end(1), "NAME", _normalize_name(m.group(1)), 0.9)
        for m in _NAME_PART_FIELD.finditer(text):
            words = m.group(1).split()
            # a particle before the surname ("Surname: DA COSTA-MENDES", "VAN DIJK")
            if all((self._caps_surname(w) if w.isupper() else not self._not_a_name_word(w))
                   or k < len(words) - 1 and _IS_PARTICLE.fullmatch(w) for k, w in enumerate(words)):
                yield self.span(m.start(1), m.end(1), "NAME", " ".join(words).lower(), 0.9)
        for m in _NAME_BEFORE_BIRTH.finditer(text):
            words = m.group(1).split()
            if self._name_words_ok(words, every_word_checked=True) and not self._is_place(m.group(1)):
                yield self.span(m.start(1), m.end(1), "NAME", _normalize_name(m.group(1)), 0.9)
        for m in _FIRST_NAME_FIELD.finditer(text):
            word = m.group(1)
            if self._first_name(word) and not self._not_a_name_word(word) and not self._is_place(word):
                yield self.span(m.start(1), m.end(1), "NAME", word.lower(), 0.85)

    def _field_holds_a_name(self, text: str, m: re.Match[str], surname: str, given: str) -> bool:
        """A person's field that holds only a surname, a comma and a given name the list lacks
        ("PATIENT NAME: OKONJO, CHIDI", "Member: Mensah, Kwabena A."): the field says a person
        fills it. Not a letter's subject line ("Re: Denial, Appeal"), nor words of another kind."""
        words = (surname.casefold(), given.casefold())
        if words[0] == words[1] or any(w in EMPTY_FIELD or w in _PLACEHOLDER_WORDS for w in words):
            return False  # "Patient: Unknown, Unknown", "Insured: Self, Spouse", "Baby, Girl"
        return (not _SUBJECT_FIELD.match(text, m.start()) and self._field_ends(text, m, given)
                and self._name_words_ok([surname, given], every_word_checked=True)
                and not self._is_place(given) and not self._is_place(surname))

    @staticmethod
    def _field_ends(text: str, m: re.Match[str], given: str) -> bool:
        """The field ends after the name, or after one word for the person's part that a form
        writes after it ("Patient: Marsh, Elwin T. Member |"). Not the field's own word again,
        after words that say what kind of one ("Insured: Primary, Named Insured", "Member:
        Covered, Family Member"), nor after a "name" that is a participle ("Claimant: Injured, Worker Employee")."""
        if _COLUMN_ENDS.match(text, m.end()):
            return True
        role = _ROLE_THEN_FIELD_END.match(text, m.end())
        if role is None or role.group(1).lower() not in ROLE_AFTER_A_NAME:
            return False
        label = text[m.start():m.start(1)].lower()
        return role.group(1).lower() not in label and not any(
            w.lower().endswith(("ed", "ing")) for w in (m.group(1), given))

    def _caps_surname(self, word: str) -> bool:
        """A word in capitals that can be a surname: not an abbreviation ("Grace ICU", "Mark
        HIV"), a form's word ("Anna DOB") or a place ("Jordan USA")."""
        return (len(word) >= 3 and _VOWEL.search(word) is not None and word not in KNOWN_INITIALS
                and _IS_CREDENTIAL.fullmatch(word) is None
                and word not in WARDS_AND_SCANS and not self._not_a_name_word(word) and not self._is_place(word))


class _ShapeAndCue(_Names):
    """A name found by its shape and a weak cue: every word must look like a name."""

    def checked(self, start: int, phrase: str):
        words = _name_words(phrase)
        if words and words[0].lower() in self.gaz.organisation_openers:
            return None  # "Blue Haven's network": a business, not a person
        if self._name_words_ok(words, every_word_checked=True) and not self._is_place(phrase):
            return self.span(start, start + len(phrase), "NAME", _normalize_name(phrase), 0.9)
        return None


@register("possessive_name", "NAME")
class PossessiveName(_ShapeAndCue):
    """A possessive after two name words: "Fabrizio Jarocki's claim"; a first name's before a
    word of kin: "Solveig's dad"."""

    def find(self, text: str):
        if "'s" not in text and "’s" not in text:
            return
        for m in _POSSESSIVE_NAME.finditer(text):
            if (span := self.checked(m.start(1), m.group(1))) is not None:
                yield span
        for m in _NAME_BEFORE_KIN.finditer(text):
            word = m.group(1)
            if self._first_name_alone(word) and not THE_BEFORE.search(text, max(0, m.start() - 6), m.start()):
                # a known first name only: "Everyone's", "Decedent's" and "Client's" are words
                yield self.span(m.start(1), m.end(1), "NAME", _normalize_name(word), FIRST_NAME_ALONE_RELEVANCE)


@register("apposition_name", "NAME")
class AppositionName(_ShapeAndCue):
    """A name followed by what only a person has: "Rex Salam, the applicant", "Arlo Wrenn, 54,"."""

    def find(self, text: str):
        for c in _ROLE_AFTER.finditer(text):
            m = _NAME_BEFORE.search(text, max(0, c.start() - 80), c.start())
            if m is not None and (span := self.checked(m.start(), m.group(0))) is not None:
                yield span


@register("case_parties", "NAME")
class CaseParties(_Names):
    """The parties of a case: "Wójcikiewicz v. Poland", "Doe v Roe"."""

    def find(self, text: str):
        for m in _CASE_OF_CAPS.finditer(text):  # "CASE OF MOREIRA ESTEVES v. PORTUGAL": the applicant
            yield self.span(m.start(1), m.end(1), "NAME", _normalize_name(m.group(1)), 0.85)
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
                # "Kaya v. Turkey": against a State, a party named like a town is a person (a
                # country against a State is an inter-State case: "Cyprus v. Turkey")
                against_state = group == 1 and m.group(2).strip().lower() in self.gaz.countries \
                    and party.lower() not in self.gaz.countries
                if tokens and self._name_words_ok(_name_words(party), every_word_checked=not against_state) and (
                        against_state or not self._is_place(party)):
                    yield self.span(start, end, "NAME", _normalize_name(party), 0.85)


def name_parts_joined(text: str, findings: list[Span]) -> list[Span]:
    """Two names found over the same word, neither inside the other, are one name: "Ong Chee"
    and "Chee Wah" in "Ong Chee Wah" (a three-part name no single rule takes whole). The joined
    span is added; the overlap resolution then keeps it, the longest."""
    names = [f for f in findings if f.type == "NAME"]
    if len(names) < 2:
        return findings
    names.sort(key=lambda f: (f.start, f.end))
    joined: list[Span] = []
    for a, b in zip(names, names[1:], strict=False):
        if not a.start < b.start < a.end < b.end or text[b.start:a.end].isspace() or "\n" in text[a.start:b.end]:
            continue
        if text[a.start:b.start].split()[0].rstrip(".").lower() in TITLE_WORDS:
            continue  # "Mr Quentin" and "Quentin HARROWBY": the titled rule's name, without the title
        value = _normalize_name(text[a.start:b.end])
        joined.append(Span(a.start, b.end, "NAME", value, max(a.relevance, b.relevance), a.recognizer))
    return findings + joined if joined else findings
