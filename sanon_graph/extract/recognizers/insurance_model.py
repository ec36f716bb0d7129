"""The insurance entity model as a recognizer (`insurance_model`; the health-insurance-thorough preset).

A statistical model finds what the rules cannot list: a condition, treatment, occupation or
circumstance in words no list holds ("a heart problem from a tick bite", "lead climber",
"storm restoration"). It is spaCy's small English NER component (en_core_web_sm 3.8.0, MIT)
fine-tuned on the team's labelled insurance sets in examples/ (never the held-out ones), with
the health-insurance schema's types as its labels; benchmarks/train_insurance_model.py rebuilds
it and ner_model.py checks its files' sha256 before use (the `ner` extra gives spaCy).

Its spans only fill text no rule's span covers (STATISTICAL, engine.py): the rules' values keep
their normalisation and boundaries. It reads every sentence (conditions are written in lower
case, so there is no capital to pick sentences by), at about 100 documents a second on one core:
several times slower than the rules, which is why the default preset leaves it off.
"""

from __future__ import annotations

import hashlib
import os

from ...normalize import normalize_value
from .base import STATISTICAL, Base, RecognizerContext, register

# The labels the model was trained with: the health-insurance schema's types. (The OntoNotes
# labels it started from are still in its output layer, untrained since; they are dropped.)
MODEL_TYPES = (
    "NAME", "PATIENT_ID", "ADDRESS", "PHONE_NUMBER", "EMAIL", "MEDICAL_CONDITION", "NON_PERSONAL_ID",
    "UNIQUE_FACT", "BIRTHDATE", "TREATMENT", "INDIRECT_IDENTIFIER", "PROVIDER", "EVENT_DATE", "AGE",
    "LOCATION", "EVENT", "DEMOGRAPHIC",
)
# A model's span is one piece of evidence, weaker than a rule's for the same type: about a
# fifth of the values it adds on the held-out sets are the person's (the rest are the values of
# other people, general terms or pieces of phrases), so each counts for less in risk and links.
MODEL_RELEVANCE_FACTOR = 0.8
# Shorter than this is a word piece or an initial, not a value ("Dr", "mg").
MIN_CHARS = 3


def _key(text: str) -> bytes:
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()


@register("insurance_model", *MODEL_TYPES)
class InsuranceModelRecognizer(Base):
    """The insurance model's spans, of the schema's types."""

    def __init__(self, ctx: RecognizerContext):
        super().__init__(ctx)
        from .. import ner_model

        self._model = ner_model
        self._cache: dict[bytes, list] = {}
        ner_model.insurance_model_path()  # a missing spaCy or a changed file is an error before any work

    def prepare(self, texts: list[str]) -> None:
        """Run the model once over the corpus (batched, over the cores); find() looks the text up."""
        todo = list({_key(t): t for t in texts if _key(t) not in self._cache}.items())
        if not todo:
            return
        workers = max(1, min(os.cpu_count() or 1, 8))
        found = self._model.ner_spans([t for _, t in todo], n_process=workers, which=self._model.INSURANCE)
        for (key, _), spans in zip(todo, found, strict=True):
            self._cache[key] = spans

    def find(self, text: str):
        spans = self._cache.get(_key(text))
        if spans is None:  # a text prepare() did not see (a single extract_text call)
            spans = self._model.ner_spans([text], which=self._model.INSURANCE)[0]
        for span in spans:
            if span.label not in self.types or (t := self._model.trimmed(span)) is None:
                continue
            if len(t.text.strip()) < MIN_CHARS or not any(c.isalnum() for c in t.text):
                continue
            # dates in ISO, ages as their years, IDs without spaces: as the LLM extractor's values
            value = normalize_value(span.label, t.text, None, self.ctx.settings.date_order)
            yield self.span(t.start, t.end, span.label, value, self.ctx.base(span.label) * MODEL_RELEVANCE_FACTOR)


STATISTICAL.add(InsuranceModelRecognizer.name)
