"""The insurance entity model as a recognizer (`insurance_model`; the health-insurance presets).

A statistical model finds what the rules cannot list: a condition, treatment, occupation or
circumstance in words no list holds ("a heart problem from a tick bite", "lead climber",
"storm restoration"). It is spaCy's small English NER component (en_core_web_sm 3.8.0, MIT)
fine-tuned on the team's labelled insurance sets in examples/ (never the held-out ones), with
the health-insurance schema's types as its labels; benchmarks/train_insurance_model.py rebuilds
it and ner_model.py checks its files' sha256 before use (spaCy is a dependency of the package).

Its spans fill text no rule's span covers (STATISTICAL, engine.py), or take in whole rule spans
as a value beside theirs ("retired dentist" around the rules' "dentist"; ENCLOSING): the rules'
values always stay as they are. It reads every sentence (conditions are written in lower
case, so there is no capital to pick sentences by): through `analyze`, about three times the
rules' time (README). So the default preset runs it on a corpus of up to [extraction]
model_max_characters and keeps only its open-ended types and names ([extraction] model_types:
conditions, treatments, facts, circumstances, events, demographics, names);
health-insurance-thorough runs it on any size with all its types.
"""

from __future__ import annotations

import re

from ...errors import ConfigError
from ...normalize import fold, normalize_phone, normalize_value
from .base import ENCLOSING, STATISTICAL, Base, RecognizerContext, register
from .drugs import drug_names
from .gazetteers import SHORT_WORD, phenotype_terms, symptom_terms
from .locations import place_value
from .medical import ROUTINE_RELEVANCE, _without_qualifiers, said_of_many
from .names import KIN_WORDS, NAME_PARTICLES, ROLE_AFTER_A_NAME, TITLE_WORDS, _normalize_name
from .providers import FACILITY_WORDS, HEADS_WRITTEN_FIRST, SPECIALTY_WORDS, wrapped_in_a_sentence
from .settings import MODEL_TYPES
from .words import GENERIC_HEAD, MODIFIER_NOISE, STOP_CAPITALS, TREATMENT_QUALIFIERS

# MODEL_TYPES: the labels the model was trained with, the health-insurance schema's types. (The
# OntoNotes labels it started from are still in its output layer, untrained since; they are dropped.)

# A model's span is one piece of evidence, weaker than a rule's for the same type: about a
# fifth of the values it adds on the held-out sets are the person's (the rest are the values of
# other people, general terms or pieces of phrases), so each counts for less in risk and links.
MODEL_RELEVANCE_FACTOR = 0.8
# A one-character span is no value; a two-character one only in capitals or digits ("MS", "63"),
# not a word piece ("mg", "Dr").
_SHORT_OK = re.compile(r"^[A-Z0-9]{2}$")
# What may stand before a head noun that says nothing on its own and still leave it saying
# nothing: words that point at a value said elsewhere ("these treatments", "her condition") or
# add nothing identifying (MODIFIER_NOISE), and how intense or usual a treatment is.
_BEFORE_A_HEAD = MODIFIER_NOISE | TREATMENT_QUALIFIERS | frozenset({"my", "our", "your"})
_WORD = re.compile(r"\S+")
# Organisations' head words that are common surnames too ("Mr. Law", "Margaret Court"): a span
# ending in one stays a name.
_SURNAME_HEADS = frozenset("law church court press bank union mutual".split())
# The head words of organisation_heads.txt that name a place of care: providers.py's facilities,
# specialties and heads written in other languages ("Apotheek", "Klinikum"), and these.
CARE_HEADS = FACILITY_WORDS | SPECIALTY_WORDS | frozenset(h.lower() for h in HEADS_WRITTEN_FIRST if " " not in h) | frozenset(
    "care clinics dental dentistry health healthcare hospitals imaging laboratories laboratory labs medical pharmacy "
    "physicians sanatorium apotek klinik prosthodontics orthodontics periodontics endodontics chiropractic "
    "optometry wellness".split())
_ICD_CODE = re.compile(r"^[A-Za-z]\d{2}(?:\.[0-9A-Za-z]{1,4})?$")


@register("insurance_model", *MODEL_TYPES)
class InsuranceModelRecognizer(Base):
    """The insurance model's spans, of the schema's types ([extraction] model_types: of those only)."""

    @classmethod
    def emits(cls, settings) -> frozenset[str]:
        return frozenset(settings.model_types or MODEL_TYPES) & frozenset(MODEL_TYPES)

    def __init__(self, ctx: RecognizerContext):
        super().__init__(ctx)
        self.types = self.emits(ctx.settings)
        from .. import ner_model

        self._model = ner_model
        self._spans = ner_model.CorpusSpans(ner_model.INSURANCE)
        try:
            ner_model.insurance_model_path()  # a missing spaCy or a changed file is an error before any work
        except ConfigError as exc:
            raise ConfigError(f"recognizer insurance_model (the health-insurance presets, or [extraction] enable): "
                              f"{exc}; or run without it ([extraction] disable = [\"insurance_model\"])") from None
        self.regions = tuple(ctx.settings.phone_regions)

    def prepare(self, texts: list[str], progress=None) -> None:
        """The model reads the corpus once; find() looks each text up."""
        self._spans.prepare(texts, progress)

    def find(self, text: str):
        spans = self._spans.of(text)
        for span in spans:
            if span.label not in self.types or (t := self._model.trimmed(span)) is None:
                continue
            start, end = _one_line(text, t.start, t.end)
            if _inside_a_word(text, start, end):
                continue  # "RED-" of "RED-S": a piece of a word is no value
            written = text[start:end]
            if len(written) < 2 or len(written) == 2 and not _SHORT_OK.match(written):
                continue
            value = self._value(span.label, written)
            if span.label == "MEDICAL_CONDITION" and _too_general(written, value, self.gaz.conditions):
                continue
            if span.label in ("MEDICAL_CONDITION", "TREATMENT") and _head_alone(value):
                continue
            label = span.label
            if label == "NAME":
                if _names_care(written):
                    continue
                if (organisation := self._organisation(written)) is not None:
                    label, value = organisation, fold(written)
                elif (name_start := self._name_start(text, start, end)) is None:
                    continue
                else:
                    start, end = name_start, _name_end(text, name_start, end)
                    value = self._value("NAME", text[start:end].strip())
            yield self.span(start, end, label, value, self._relevance(label, value))

    def _organisation(self, written: str) -> str | None:
        """A model's NAME span that ends in an organisation's head word names no person: a place of
        care ("Coralbay Prosthodontics", "Duinrand Apotheek") is a PROVIDER, any other
        organisation ("Mesquite Flats Sinfonietta") narrows who someone is as an employer or a club does
        (the rules never read those as a person either). So typed, it weighs less than a name
        and is masked only when it must be."""
        words = [w.strip(".,").lower() for w in written.split()]
        if len(words) < 2 or words[-1] not in self.gaz.organisation_heads or words[-1] in _SURNAME_HEADS \
                or words[0] in TITLE_WORDS or words[0] in self.gaz.first_names:
            return None  # "Mr. Law", "Kelvin Law", "Charlotte Church": a person's name ends so too
        return "PROVIDER" if any(w in CARE_HEADS for w in words) else "INDIRECT_IDENTIFIER"

    def _name_start(self, text: str, start: int, end: int) -> int | None:
        """Where the person's name in a model's NAME span begins, or None when it names no one.
        The words before a name that are none of it go ("Signed Rafe", "Husband Osric", "late
        K. Pellingham": a sign-off, a relation, a word in lower case), a title stays ("Mr. B"); a
        span with a digit ("Weeks 1-4"), or of a title or an initial alone, is no name."""
        words = list(_WORD.finditer(text, start, end))
        while len(words) > 1 and self._before_a_name(words[0].group()):
            words.pop(0)
        if not words or self._before_a_name(words[0].group()) or any(c.isdigit() for c in text[start:end]):
            return None
        left = [w.group().strip(".,").lower() for w in words]
        if all(w in TITLE_WORDS for w in left) or not any(w in TITLE_WORDS for w in left) and all(len(w) == 1 for w in left):
            return None  # "Signed Dr.", "Dear Sir", "Signed J.": a title or an initial alone is everyone's ("Mr. B" is a name)
        return words[0].start()

    def _before_a_name(self, word: str) -> bool:
        low = word.strip(".,:;").lower()
        if low in TITLE_WORDS:
            return False
        return (low in self.gaz.not_name_words or low in STOP_CAPITALS or low.removesuffix("-in-law") in KIN_WORDS
                or word[:1].islower() and low not in NAME_PARTICLES)

    def _relevance(self, entity_type: str, value: str) -> float:
        """A fraction of its type's, and no more than the rules give the same words: a symptom
        ("dizziness") or a routine examination ("MRI") is said of many people, whoever finds it.
        So is a condition of one longer word the rules' vocabulary does not name, and a treatment
        of one word that names no drug or treatment the rules know ("check-up"): two people's
        records were linked on such a word and a shared clinician."""
        symptom = entity_type == "MEDICAL_CONDITION" and (
            value in symptom_terms() or value in phenotype_terms()
            or value.isalpha() and value.islower() and value not in self.gaz.conditions)
        relevance = said_of_many(entity_type, value, self.ctx.base(entity_type) * MODEL_RELEVANCE_FACTOR, symptom)
        if entity_type == "TREATMENT" and _one_plain_word(value) \
                and value not in self.gaz.treatments and value not in drug_names():
            return min(relevance, ROUTINE_RELEVANCE)
        return relevance

    def _value(self, entity_type: str, written: str) -> str:
        """The value as the rules would write it, so a value the model finds in one document links
        with the same value a rule finds in another."""
        if entity_type == "NAME":
            return _normalize_name(written)
        if entity_type == "EMAIL":
            return written.lower()
        if entity_type == "PHONE_NUMBER":
            return normalize_phone(written, self.regions) or fold(written)
        if entity_type == "LOCATION":
            return place_value(written)  # "Ashtabula-area" is the town a rule finds as "Ashtabula" elsewhere
        if entity_type == "MEDICAL_CONDITION" and _ICD_CODE.match(written):
            return written.upper()  # an ICD-10 code, as diagnosis_code gives it
        # dates in ISO, ages as their years, identifiers without spaces; anything else folded
        return normalize_value(entity_type, written, None, self.ctx.settings.date_order)


def _name_end(text: str, start: int, end: int) -> int:
    """Where the person's name in a model's NAME span ends: the person's role in the record
    after it is none of it ("Surname, Given I. Member" in a form's header), as long as two words
    of the name are left, and a name written given name first is not left ending in an initial
    ("Osric T. Member" may be Mr Member)."""
    words = list(_WORD.finditer(text, start, end))
    while len(words) > 2 and words[-1].group().strip(".,:;").lower() in ROLE_AFTER_A_NAME:
        left = words[:-1]
        if _INITIAL.fullmatch(left[-1].group()) and "," not in text[start:left[-1].start()]:
            break
        words = left
    return words[-1].end() if words else end


_INITIAL = re.compile(r"[A-Z]\.?,?")


def _one_line(text: str, start: int, end: int) -> tuple[int, int]:
    """The model's span on one line, unless wrapped inside a sentence ("has rheumatoid\narthritis"):
    a value does not run on into the next line, where a printed form's next field or a letter's
    next line begins ("Mrs Philomena Gallagher\nMedical Card", "AFTER VISIT SUMMARY\nNorthgate
    Medical Center"). The longest line's words, the later of two as long (a heading comes before
    what it heads)."""
    pieces = [(m.start(), m.end()) for m in _LINE_WORDS.finditer(text, start, end)]
    if len(pieces) <= 1 or wrapped_in_a_sentence(text, pieces[0][0]):
        return (pieces[0][0], pieces[-1][1]) if pieces else (start, end)
    return max(reversed(pieces), key=lambda piece: piece[1] - piece[0])


_LINE_WORDS = re.compile(r"[^\s](?:[^\n]*[^\s])?")


def _too_general(written: str, value: str, conditions: frozenset[str]) -> bool:
    """A condition of one short plain word the rules' vocabulary does not name ("cough", "fever",
    "rash"): the rules leave such words out as too general to be a condition of their own
    (gazetteers: a short single word is a condition only as a whole ICD category's name), and
    two people's records were linked on a cough the model found. Not an acronym or a code."""
    return len(written) < SHORT_WORD and written.isalpha() and written[1:].islower() and value not in conditions


def _head_alone(value: str) -> bool:
    """A head noun that says nothing on its own ("treatments", "these treatments", "chronic
    condition"), with at most pointing words and qualifiers before it: the rules take such a head
    only with a word that makes it specific, and so does the model."""
    return GENERIC_HEAD.fullmatch(_without_qualifiers(value, _BEFORE_A_HEAD)) is not None


def _names_care(written: str) -> bool:
    """A capitalised care phrase the model read as a person ("Lamotrigine Therapy"): a word of it
    is a head noun of care or of a condition. Only heads of seven letters or more count: shorter
    ones ("Brace", "Strain") are surnames too."""
    return any(len(w) >= 7 and GENERIC_HEAD.fullmatch(w) for w in written.lower().split())


def _one_plain_word(value: str) -> bool:
    """One word of letters, hyphens allowed ("check-up"), no digit or code."""
    return value.replace("-", "").isalpha()


def _inside_a_word(text: str, start: int, end: int) -> bool:
    return (start > 0 and text[start - 1].isalnum() and text[start].isalnum()) or \
        (end < len(text) and text[end].isalnum() and text[end - 1].isalnum()) or text[end - 1] == "-"


STATISTICAL.add(InsuranceModelRecognizer.name)
ENCLOSING.add(InsuranceModelRecognizer.name)
