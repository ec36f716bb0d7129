"""Medical conditions and treatments: gazetteer terms (ICD-10-CM heads, curated lists),
head-noun phrases ("gene therapy", "kidney disease"), drug and procedure suffixes.
A leading "rare" or "experimental" raises the relevance."""

from __future__ import annotations

import re

from .base import Base, Span, register
from .words import (
    BOOST_ADJECTIVES,
    BOOST_WORDS,
    GENERIC_HEAD,
    QUALIFIERS,
    drop_first_word,
    in_gazetteer,
    ngrams,
    trim_modifiers,
)

_TREATMENT_HEAD = re.compile(
    r"(?<![\w-])((?:[a-z][a-z-]+\s+){0,2}(?:therapy|therapies|infusions?|surgery|surgeries|"
    r"transplant(?:ation)?|chemotherapy|radiotherapy|immunotherapy|dialysis|rehabilitation|"
    r"injections?|replacement|procedures?|treatments?|medications?|implant|resection|"
    r"amputation|ablation|stent|bypass|grafting|repair|reconstruction|fusion|stimulation|stimulator|"
    r"decompression|supplements?|regimen)s?)(?!\w)"
)
DRUG_SUFFIX = re.compile(
    r"(?<!\w)([A-Za-z][a-z]{2,}(?:mab|nib|pril|sartan|olol|statin|mycin|cillin|azole|vir|parin|"
    r"formin|gliptin|glutide|tide|semide|zepam|azepam|oxetine|triptan|profen|cycline|floxacin|trexate|platin|"
    r"rubicin|tinib|lukast|dronate|prazole|racetam|osamide|isone|olone|dipine|afil))(?!\w)"
)
_CONDITION_HEADS = (
    r"disease|disorder|syndrome|deficiency|failure|cancer|carcinoma|infection|injury|insufficiency|dysfunction|"
    r"palsy|dystrophy|fibrosis|sclerosis|tumou?r|lesion|condition|dementia|damage|fracture|tear|rupture|stenosis|"
    r"aneurysm"
)
_CONDITION_HEAD = re.compile(rf"(?<![\w-])((?:[A-Za-z][A-Za-z'-]+\s+){{0,2}}(?:{_CONDITION_HEADS})s?)(?!\w)")
# Procedures named by their suffix: thyroidectomy, arthroplasty, microdiscectomy, colonoscopy.
_PROCEDURE_SUFFIX = re.compile(
    r"(?<!\w)((?:[a-z]+(?:ic|al|ous|ive|ary|ar|ed)\s+)?[a-z]{3,}(?:ectomy|ectomies|otomy|otomies|ostomy|plasty|"
    r"plasties|scopy|scopies|desis|pexy))(?!\w)", re.I)
_PROCEDURE_STEMS = ("ectom", "otom", "ostom", "plast", "scop", "desis", "pexy")  # a cheap test before the regex
CONDITION_SUFFIX = re.compile(r"(?<!\w)((?:[a-z]+(?:ic|al|ous|ive|ary|ar|ed)\s+)?[a-z]{3,}(?:itis|osis|emia|aemia|pathy|oma|algia|plegia|trophy|ectasia))(?!\w)", re.I)
# Words with a medical suffix that are not conditions.
_SUFFIX_FALSE_FRIENDS = {
    "diagnosis", "prognosis", "diagnoses", "academia", "nostalgia", "empathy", "sympathy",
    "apathy", "telepathy", "diploma", "aroma", "stroma", "osmosis", "symbiosis", "hypnosis",
}


# The head nouns of conditions, as words: "prion disease therapies" treats a condition, so the
# treatment's phrase starts after it (the condition is a value of its own).
_CONDITION_HEAD_WORD = re.compile(rf"(?:{_CONDITION_HEADS})s?")


def _after_condition(text: str, start: int, end: int, phrase: str) -> tuple[int, str]:
    """The treatment phrase after the last condition head noun in its modifiers ("prion disease
    therapies" -> "therapies"; the caller finds that too generic alone); else as it is."""
    words = phrase.split()
    cut = max((i for i, w in enumerate(words[:-1]) if _CONDITION_HEAD_WORD.fullmatch(w)), default=None)
    if cut is None:
        return start, phrase
    for _ in range(cut + 1):
        start, phrase = drop_first_word(text, start, end)
    return start, phrase


def _without_qualifiers(phrase: str) -> str:
    """The value without leading "refractory", "chronic", "left" (the span keeps them): one
    condition in two records, qualified in one, is one value."""
    words = phrase.split()
    while len(words) > 1 and words[0] in QUALIFIERS:
        words = words[1:]
    return " ".join(words)


class _Medical(Base):
    def gazetteer_terms(self, text: str, terms: frozenset[str], max_n: int, entity_type: str):
        """Word n-grams up to max_n that name a gazetteer term, singular or plural."""
        for start, end, phrase in ngrams(text, max_n):
            if phrase not in terms and not phrase.endswith("s"):
                continue  # decided without a call: this loop sees every word n-gram of the corpus
            term = in_gazetteer(phrase, terms)
            if term:
                # "acute gastritis" is the condition "gastritis" (the span keeps "acute"), but
                # "chronic fatigue syndrome" is a name of its own: the qualifier goes only where
                # what is left is a term too.
                value = _without_qualifiers(term) if entity_type == "MEDICAL_CONDITION" else term
                if value != term and value not in terms:
                    value = term
                yield self.span(start, end, entity_type, value, self.boost(text, start, entity_type))

    def head_finding(self, text: str, start: int, end: int, phrase: str, entity_type: str) -> Span | None:
        """A head-noun phrase; a leading "rare"/"experimental" raises relevance and is not part
        of the value. A bare head noun ("procedure") is too generic to report."""
        words = phrase.split()
        relevance = self.boost(text, start, entity_type)
        if len(words) > 1 and words[0] in BOOST_ADJECTIVES:
            start, phrase = drop_first_word(text, start, end)
            relevance = min(1.0, self.ctx.base(entity_type) + 0.2)
        value = _without_qualifiers(phrase)
        if " " not in value and GENERIC_HEAD.fullmatch(value):
            return None
        return self.span(start, end, entity_type, value, relevance)

    def boost(self, text: str, start: int, entity_type: str) -> float:
        base = self.ctx.base(entity_type)
        before = text[max(0, start - 30):start]
        return min(1.0, base + 0.2) if BOOST_WORDS.search(before) else base


@register("condition_term", "MEDICAL_CONDITION")
class ConditionTerm(_Medical):
    def find(self, text: str):
        yield from self.gazetteer_terms(text, self.gaz.conditions, 4, "MEDICAL_CONDITION")


@register("condition_head", "MEDICAL_CONDITION")
class ConditionHead(_Medical):
    """"chronic kidney disease", "osteomyelitis": a condition head noun or suffix."""

    def find(self, text: str):
        for pattern in (_CONDITION_HEAD, CONDITION_SUFFIX):
            for m in pattern.finditer(text):
                start, end, phrase = trim_modifiers(text, m.start(1), m.end(1))
                if phrase.split()[-1:] and phrase.split()[-1] in _SUFFIX_FALSE_FRIENDS:
                    continue
                if text[start:end].split()[-1].lower() in self.gaz.places:
                    continue  # "Tacoma", "Altoona": a place that happens to end in -oma
                finding = self.head_finding(text, start, end, phrase, "MEDICAL_CONDITION") if phrase else None
                if finding:
                    yield finding


@register("treatment_term", "TREATMENT")
class TreatmentTerm(_Medical):
    def find(self, text: str):
        yield from self.gazetteer_terms(text, self.gaz.treatments, 3, "TREATMENT")


@register("treatment_head", "TREATMENT")
class TreatmentHead(_Medical):
    """"enzyme replacement therapy", "valve repair": a treatment head noun and one modifier."""

    def find(self, text: str):
        for m in _TREATMENT_HEAD.finditer(text):
            start, end, phrase = trim_modifiers(text, m.start(1), m.end(1))
            start, phrase = _after_condition(text, start, end, phrase)
            if not phrase:
                continue
            if len(phrase.split()) >= 3:  # one modifier: "valve repair" matches across documents more often
                start, phrase = drop_first_word(text, start, end)
                start, end, phrase = trim_modifiers(text, start, end)  # "understanding of medication"
            finding = self.head_finding(text, start, end, phrase, "TREATMENT") if phrase else None
            if finding:
                yield finding


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
            if phrase:
                yield self.span(start, end, "TREATMENT", phrase, self.boost(text, start, "TREATMENT"))
