"""The statistical NER model as one recognizer among the rules (`ner` in a preset's list).

spaCy's small English pipeline (sanon_graph/extract/ner_model.py, the `ner` extra) finds what
patterns cannot: organisations, places and nationalities written in any form, amounts of money
in running text. Which of its labels a domain keeps, and as which type, is the preset's
[extraction] ner_labels: a label that is not there is dropped, because a label that adds mostly
noise in one domain (PERSON in insurance claims, where names are caught by the name rules)
can be worth it in another. `ner_ignore` drops spans that are only a role word ("Claimant",
"the Tribunal"), which the model tags as organisations in legal text.

The model runs once over the whole corpus in `prepare` (batched, the engine's workers inherit
the results), so `find` is a lookup. It is slow next to the rules (about 60-170 documents a
second on this 2-core machine): the health-insurance preset leaves it off, legal and hr enable it.
"""

from __future__ import annotations

import re

from ...errors import ConfigError
from ...normalize import fold
from .base import STATISTICAL, Base, RecognizerContext, register
from .locations import town_key, with_article

# Every type a label may be mapped to; the preset's mapping picks the ones it uses.
NER_TYPES = ("NAME", "ORGANISATION", "PROVIDER", "LOCATION", "NATIONALITY", "DEMOGRAPHIC", "MONEY", "EVENT_DATE")
# A model's span is one piece of evidence among the rules', never stronger than the type's base.
NER_RELEVANCE_FACTOR = 0.9


# Forms of address and the titles of documents the model reads as persons ("Dear Sir or Madam",
# "Determination Order"); a person's name is never made of these alone. (The capitalised stop
# words of the rules are not used here: "Page", "Lane" and "May" are also surnames.)
_NEVER_A_NAME = frozenset("madam sir dear order determination decision judgment judgement ruling notice".split())
# Currency codes the model reads as organisations ("50,000 euros (EUR)", "Turkish liras (TRL)"):
# the ISO 4217 codes of the currencies judgments and claims name, and the ones the euro replaced.
_CURRENCY_CODES = frozenset(
    "eur usd gbp chf pln czk skk sek nok dkk isk rub uah try trl ytl ron rol huf jpy inr bgn hrk rsd mkd bam gel amd azn "
    "kzt mdl byn all cad aud cny brl mxn zar dem frf itl esp ats bef nlg pte grd fim iep luf sit eek lvl ltl cyp mtl"
    .split())


# Types whose values are proper names, written with a capital.
_PROPER_NOUN_TYPES = frozenset({"NAME", "ORGANISATION", "PROVIDER", "LOCATION", "NATIONALITY"})
_LOWER_WORD = re.compile(r"(?<![\w'’-])[a-z][\w'’-]*(?![\w'’-])")


# The article right before a span ("in the Hague"), which trimmed() takes off a span that had it.
_ARTICLE_BEFORE = re.compile(r"(?<![\w-])[Tt]he $")

# What follows a form's label: its colon, or the word for a number ("Employee ID LF-04731").
_FIELD_LABEL_AFTER = re.compile(r"[ \t]*(?::|(?:ID|No\.?|Nr\.?|number|#)(?![\w]))")


def _names_something(text: str, span, entity_type: str, lower_words: set[str]) -> bool:
    """Whether a model's span of a proper-name type can be a name: it has a capital ("recorded
    haematomas on his back" is no person, "thighs" no place); it is not a word of a heading in
    capitals ("THE FACTS", "THE LAW": a line with no lower-case letter); and one capitalised word
    read as a person is no word the text writes in lower case ("under Law no. 112/1995" beside
    "points of law"; a place keeps such a name: "Split" beside "split into")."""
    written = span.text
    if not any(c.isupper() for c in written):
        return False
    if written.isupper():
        line_start, line_end = text.rfind("\n", 0, span.start) + 1, text.find("\n", span.end)
        line = text[line_start:line_end if line_end >= 0 else len(text)]
        if not any(c.islower() for c in line):
            return False
    one_word = " " not in written.strip()
    if one_word and _FIELD_LABEL_AFTER.match(text, span.end):
        return False  # a form's label ("Esito: positivo", "Employee ID ..."), not what fills it
    # a person only: a town may share its name with a word ("Split", "Nice")
    return not (entity_type == "NAME" and one_word and not written.isupper()
                and written.strip().lower() in lower_words)


@register("ner", *NER_TYPES)
class NerRecognizer(Base):
    """The spans of the NER model whose label the preset maps to a type."""

    @classmethod
    def emits(cls, settings) -> frozenset[str]:
        return frozenset(settings.ner_labels.values())

    def __init__(self, ctx: RecognizerContext):
        super().__init__(ctx)
        from .. import ner_model

        self._model = ner_model
        self.labels = dict(ctx.settings.ner_labels)
        bad = sorted(set(self.labels.values()) - set(NER_TYPES))
        if bad:
            raise ConfigError(f"[extraction] ner_labels maps to {bad}; the NER recognizer emits {list(NER_TYPES)}")
        self.types = self.emits(ctx.settings)  # what this preset lets it emit
        self.ignore = {fold(w) for w in ctx.settings.ner_ignore}
        self._spans = ner_model.CorpusSpans(ner_model.ONTONOTES)
        ner_model.model_path()  # a missing extra is a clear error before any work is done

    def prepare(self, texts: list[str], progress=None) -> None:
        """The model reads the corpus once; find() looks each text up."""
        self._spans.prepare(texts, progress)

    def find(self, text: str):
        spans = self._spans.of(text)
        lower_words = None
        for span, entity_type in self._model.mapped(spans, self.labels):
            value = fold(span.text)
            if not value or value in self.ignore or (value.startswith("the ") and value[4:] in self.ignore):
                continue
            if entity_type == "NAME" and all(w in _NEVER_A_NAME for w in value.split()):
                continue  # "Madam", "Determination Order": the model's persons that are no one
            if span.text.isupper() and value in _CURRENCY_CODES:
                continue  # "(EUR)": a currency, named as such; the amount is the rules' MONEY
            if entity_type in _PROPER_NOUN_TYPES:
                if lower_words is None:
                    lower_words = set(_LOWER_WORD.findall(text))  # once per text, only when needed
                if not _names_something(text, span, entity_type, lower_words):
                    continue
            start = span.start
            if entity_type == "LOCATION":
                # a place as the rules write it: "St. Louis" is "saint louis"; the article the model's
                # span lost is a town's where the city list writes it so ("The Hague"), not a country's
                # ("the Netherlands" is "netherlands", as `place` writes it)
                value = town_key(value)
                if _ARTICLE_BEFORE.search(text, max(0, start - 4), start) and \
                        (kept := with_article(value, self.gaz.places, self.gaz.countries)) != value:
                    start, value = start - 4, kept
            yield self.span(start, span.end, entity_type, value,
                            self.ctx.base(entity_type) * NER_RELEVANCE_FACTOR)


STATISTICAL.add(NerRecognizer.name)
