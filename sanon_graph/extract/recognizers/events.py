"""Events and facts that single someone out: named studies and programmes, accidents,
"the only ... in the state", measured outcomes ("35% symptom reduction", "UPDRS score of 37",
"a 38-day wait")."""

from __future__ import annotations

import re

from ...normalize import fold
from .base import Base, register
from .words import CAP, LEADING_NOISE

_NAMED_EVENT = re.compile(
    rf"(?<!\w)((?:{CAP}\s+){{1,5}}(?:Study|Trial|Program|Programme|Initiative|Conference|"
    r"Marathon|Summit|Outbreak|Registry|Project|Campaign|Festival|Championships?|Games|"
    # a competition or a gathering someone took part in ("the Quarry City Pro-Am", "the Pellmore
    # Invitational", "the Millbrook County Fair"), a named wildfire ("the Pelling Ridge Fire", not the
    # fire service: "Pelling Fire Department")
    r"Tournament|Pro-Am|Invitational|Triathlon|Regatta|Rodeo|Rally|Fair|Expo|Jamboree|Gala|Relay|"
    r"Fire(?![ \t]+(?:Department|Dept|Rescue|Station|District|Service|Services|Chief|Marshal|Brigade|Authority|"
    r"Protection|Company|Academy|Hall|Engine|Crew|Crews)\b)))(?!\w)"
)
# A storm by its name: "Hurricane Ida", "Cyclone Gabrielle", "Storm Desmond".
_STORM_WORDS = ("Hurricane", "Cyclone", "Typhoon", "Storm")
_NAMED_STORM = re.compile(r"(?<!\w)((?:Hurricane|Cyclone|Typhoon|Tropical[ \t]+Storm|Storm)[ \t]+[A-Z][a-z]+)(?!\w)")
_EVENT_NOUN = re.compile(
    r"(?<!\w)((?:car|motorcycle|bicycle|workplace|industrial|farming|skiing|diving|boating|"
    r"hunting|sports|construction)\s+(?:accident|crash|injury|incident)|house\s+fire|"
    r"clinical\s+trial|hospitali[sz]ation|emergency\s+admission|natural\s+disaster|flood|hurricane|"
    r"earthquake|wildfire|layoff|bankruptcy|lawsuit|arrest)(?!\w)",
    re.I,
)
# After "the first"/"the last", nouns of order that single nobody out: "the first applicant",
# "the first hearing", "the last day of the month".
_ORDINAL_NOUNS = (
    r"(?:applicants?|claimants?|defendants?|respondents?|appellants?|plaintiffs?|petitioners?|accused|"
    r"complainants?|time|instance|hearing|day|week|month|year|page|paragraph|sentence|part|section|stage|"
    r"round|name|half|quarter|one|two|three|four|five|of|and|session|visit|appointment|letter|application|"
    r"grounds?|issues?|questions?|points?|remedy|arguments?|complaints?|allegations?|submissions?|limbs?|steps?)"
)
_UNIQUE_FACT = re.compile(
    rf"(?<!\w)((?:the\s+only|the\s+(?:first|last)(?!\s+{_ORDINAL_NOUNS}\b)|the\s+youngest|the\s+oldest|sole|only\s+known|"
    r"one\s+of\s+(?:only\s+)?(?:two|three|four|five|a\s+few|\d+)|first\s+(?:recorded|documented|known)|"
    r"(?:a|the)\s+rare\s+case\s+of|world\s+record|record[-\s]holder|won\s+the)"
    # the trigger and the rest of its clause, up to fourteen whole words: what follows "the only"
    # is what makes the person one of few ("... still working in a hearing-dependent trade")
    r"(?:[ \t]+[\w'-]+){1,14})",
    re.I,
)


@register("named_event", "EVENT")
class NamedEvent(Base):
    """Capitalised words ending in Study, Trial, Marathon, Tournament, ...: "the Boston Marathon";
    a storm by its name ("Hurricane Ida")."""

    def find(self, text: str):
        storms = _NAMED_STORM.finditer(text) if any(w in text for w in _STORM_WORDS) else ()
        for m in (*_NAMED_EVENT.finditer(text), *storms):
            words = m.group(1).split()
            while words and words[0].lower() in LEADING_NOISE:
                words = words[1:]
            if len(words) < 2:
                continue
            start = text.find(words[0], m.start(1))
            yield self.span(start, m.end(1), "EVENT", " ".join(words).lower(), 0.6)


@register("event_noun", "EVENT")
class EventNoun(Base):
    """An event by its kind: "car accident", "house fire", "lawsuit"."""

    def find(self, text: str):
        for m in _EVENT_NOUN.finditer(text):
            yield self.span(m.start(1), m.end(1), "EVENT", fold(m.group(1)), 0.35)


# A step of a claim's review that a record names ("an external review", "the first-level
# appeal", "a peer-to-peer review", "an independent medical examination", "the prior
# authorization request"): where a person's claim went, weak evidence on its own (many claims
# go there), which the research's labels count among a person's values.
_CLAIM_STEP = re.compile(
    r"(?<![\w-])((?:(?:first|second|third|final)-level|level[ \t][123]|external|independent|peer-to-peer|"
    r"concurrent|utilization|utilisation|retrospective|expedited|medical[ \t]necessity)[ \t]+"
    r"(?:appeal|review|grievance|hearing)|independent[ \t]medical[ \t](?:examination|exam|review)|"
    r"(?:prior|pre-?)[ \t-]?(?:authorization|authorisation|auth)[ \t]+(?:request|appeal|renewal|denial)|"
    r"(?:appeal|denial)[ \t]+(?:overturned|upheld))(?![\w-])",
    re.I,
)
_CLAIM_STEP_WORDS = ("appeal", "review", "grievance", "hearing", "exam", "auth", "denial")
CLAIM_STEP_RELEVANCE = 0.2


@register("claim_step", "EVENT")
class ClaimStep(Base):
    """A step of a claim's review (above), as written."""

    def find(self, text: str):
        lower = text.lower()  # one look for a word every step has, in any case, before the regex
        if not any(w in lower for w in _CLAIM_STEP_WORDS):
            return
        for m in _CLAIM_STEP.finditer(text):
            yield self.span(m.start(1), m.end(1), "EVENT", fold(m.group(1)), CLAIM_STEP_RELEVANCE)


_CLAUSE_TAIL = frozenset("a an the of in on at to for with and or but by from as her his their its is was are were "
                         "that which who whose whom without within under into about onto over through "
                         "i you he she it we they not never lol haha".split())
_ARTICLE = re.compile(r"^(?:the|a|an) ")


# Verbs that say what the one-of-few person did or was: the fact ends before them, unless an
# infinitive or a subordinate clause opens them ("to have", "after it was") or they are a
# relative clause's.
_MAIN_VERBS = frozenset("is was were are has had have reported received required remains remained said showed "
                        "underwent returned became developed gave died joined signed requested worked lived moved "
                        "took went came began concerns concerned told asked applied appealed claimed attended "
                        "testified".split())
_VERB_OPENERS = frozenset("to after before when while since because until once".split())
# after "and": another clause of the sentence ("... and later left", "... and then moved")
_THEN = frozenset("later then also subsequently afterwards".split())
# a relative clause runs to the clause's end: "the only patient who was treated", "the only
# patient she has ever had"
_RELATIVE_OPENERS = frozenset("who that which whom whose i you he she we they".split())


@register("unique_fact", "UNIQUE_FACT")
class UniqueFact(Base):
    """A clause that makes someone one of few: "the only ...", "one of two ...", "won the ..."."""

    def find(self, text: str):
        for m in _UNIQUE_FACT.finditer(text):
            span = m.group(1).rstrip(" ,")
            # the fact is the phrase after the trigger, up to the sentence's own verb ("the only
            # registrant from X to have started Y | reported an early improvement"); a clause cut at
            # the word limit ends on a content word, not "in a"
            words = span.split()
            cut, relative = len(words), False
            for i in range(2, len(words)):
                word = words[i].lower()
                relative = relative or word in _RELATIVE_OPENERS  # the rest is a relative clause
                if word in _MAIN_VERBS and not relative and not _VERB_OPENERS.intersection(w.lower() for w in words[i - 2:i]):
                    cut = i
                    break
            # a coordination that opens another phrase ends it ("... project | and to his wife's")
            cut = next((i for i in range(2, cut - 1) if words[i].lower() in ("and", "but", "or")
                        and (words[i + 1].lower() in _CLAUSE_TAIL or words[i + 1].lower() in _THEN
                             or words[i + 1].lower().endswith("ed"))), cut)
            words = words[:cut]
            while len(words) > 2 and (words[-1].lower() in _CLAUSE_TAIL or not any(c.isalnum() for c in words[-1])):
                words.pop()  # "... the first use in the region -": a dash or a function word ends no fact
            span = span[:span.rindex(words[-1]) + len(words[-1])]
            # the value without its article: "the only registrant from X" and "only registrant
            # from X" are one fact (the span keeps what is written)
            yield self.span(m.start(1), m.start(1) + len(span), "UNIQUE_FACT", _ARTICLE.sub("", fold(span)))


# A measured outcome of one person's care: a share of change, a score, a wait, a number of
# sessions. Repeated in two records they say the records are about the same course of care.
_OUTCOME = re.compile(
    r"(?<![\w.])("
    r"\d{1,3}(?:\.\d+)?[ \t]?%[ \t]+(?:[a-z]+[ \t]+){0,2}(?:reduction|improvement|increase|decrease|decline|drop|"
    r"gain|loss|recovery|response)(?:[ \t]+in[ \t]+[a-z]+(?:[ \t]+[a-z]+)?)?"
    r"|[A-Z][A-Za-z0-9-]{1,12}[ \t]+score[ \t]+of[ \t]+\d{1,4}(?:\.\d+)?"
    r"|\d{1,3}-(?:day|week|month|year)[ \t]+(?:delay|wait|waiting[ \t]+period|stay|hospitali[sz]ation|absence)"
    r"|\d{1,3}[ \t]+(?:[A-Z]{2,4}[ \t]+)?(?:sessions|visits|infusions|admissions|appointments|treatments)"
    r")(?![\w%])"
)


@register("outcome", "UNIQUE_FACT")
class Outcome(Base):
    """A measured outcome: "65% pain reduction", "UPDRS score of 37", "5-month delay", "12 PT sessions"."""

    def find(self, text: str):
        if not any(c.isdigit() for c in text):
            return
        for m in _OUTCOME.finditer(text):
            yield self.span(m.start(1), m.end(1), "UNIQUE_FACT", fold(m.group(1)), 0.6)
