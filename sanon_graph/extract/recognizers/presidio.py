"""A user's Presidio recognizers as one sanon-graph recognizer (`pip install 'sanon-graph[presidio]'`).

    [extraction.presidio]
    module = "my_recognizers.py"     # a file next to the config, or a dotted module name;
                                     # its RECOGNIZERS list holds presidio-analyzer recognizers
    yaml = "recognizers.yaml"        # and/or Presidio's own YAML recognizer definitions
    entity_map = { EMPLOYEE_NUMBER = "EMPLOYEE_ID" }   # Presidio entity -> schema type
    score = "scale"                  # relevance = type base x Presidio score ("relevance": the score itself)
    min_score = 0.0                  # Presidio results below this are dropped

Each recognizer runs with `nlp_artifacts=None`, without Presidio's AnalyzerEngine: the engine's
default NlpEngine wants spaCy's en_core_web_lg, which is not on PyPI and would be downloaded at
run time, and which we never do. PatternRecognizer and deny-list recognizers need no NLP
artifacts; a recognizer that does (SpacyRecognizer, transformers) is not supported and fails
with an error that names it. Context words (a recognizer's `context`) are applied the way
Presidio's LemmaContextAwareEnhancer does by default (+0.35, at least 0.4), on the words near
the match rather than on lemmas. An entity with no entity_map entry keeps its Presidio name as
its type (and is dropped if the schema has no such type). Results that do not start and end on
a token boundary are dropped: every span of the engine is whole tokens.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
import sys
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ...errors import ConfigError
from ...normalize import fold
from .base import Base, RecognizerContext, Span, register
from .custom import _context_terms, context_words, has_context

# Presidio's LemmaContextAwareEnhancer defaults (context_similarity_factor,
# min_score_with_context_similarity).
CONTEXT_SIMILARITY_FACTOR = 0.35
MIN_SCORE_WITH_CONTEXT = 0.4
EXTRA_HINT = "install the extra: pip install 'sanon-graph[presidio]'"
_WORD = re.compile(r"\w")


class PresidioSpec(BaseModel):
    """[extraction.presidio]: where the recognizers come from and how their results map."""

    model_config = ConfigDict(extra="forbid")

    module: str | None = None
    yaml: Path | None = None
    entity_map: dict[str, str] = Field(default_factory=dict)
    score: Literal["scale", "relevance"] = "scale"
    min_score: float = Field(0.0, ge=0.0, le=1.0)


_LOADED: dict[tuple[str | None, str | None], list[Any]] = {}


def load_recognizers(spec: PresidioSpec) -> list[Any]:
    """The Presidio recognizers the spec names (loaded once per process); a ConfigError names
    the module or file and the reason."""
    key = (spec.module, str(spec.yaml) if spec.yaml else None)
    if key in _LOADED:
        return _LOADED[key]
    if spec.module is None and spec.yaml is None:
        raise ConfigError("[extraction.presidio]: give module = \"my_recognizers.py\" (its RECOGNIZERS list) "
                          "and/or yaml = \"recognizers.yaml\"")
    try:
        from presidio_analyzer import EntityRecognizer, RecognizerRegistry
    except ImportError:
        raise ConfigError(f"[extraction.presidio] needs presidio-analyzer: {EXTRA_HINT}") from None
    recognizers: list[Any] = []
    if spec.module is not None:
        module = _import(spec.module)
        found = getattr(module, "RECOGNIZERS", None)
        if not isinstance(found, (list, tuple)) or not found:
            raise ConfigError(f"[extraction.presidio] module {spec.module}: needs a non-empty RECOGNIZERS list "
                              "of presidio-analyzer recognizers")
        bad = [repr(r) for r in found if not isinstance(r, EntityRecognizer)]
        if bad:
            raise ConfigError(f"[extraction.presidio] module {spec.module}: RECOGNIZERS holds {bad[:3]}, "
                              "not presidio-analyzer recognizers (PatternRecognizer, EntityRecognizer)")
        recognizers += list(found)
    if spec.yaml is not None:
        registry = RecognizerRegistry(recognizers=[])
        try:
            registry.add_recognizers_from_yaml(spec.yaml)
        except Exception as exc:  # Presidio raises OSError, YAMLError, TypeError, KeyError, ValueError
            raise ConfigError(f"[extraction.presidio] yaml {spec.yaml}: {type(exc).__name__}: {exc}") from None
        recognizers += list(registry.recognizers)
    for r in recognizers:
        try:
            r.analyze("probe", list(r.supported_entities), None)
        except Exception as exc:
            raise ConfigError(f"[extraction.presidio] recognizer {r.name!r} fails without Presidio's NLP artifacts "
                              f"({type(exc).__name__}: {exc}); only recognizers that need no NlpEngine "
                              "(PatternRecognizer, deny lists) are supported") from None
    supported = {e for r in recognizers for e in r.supported_entities}
    unknown = sorted(set(spec.entity_map) - supported)
    if unknown:
        raise ConfigError(f"[extraction.presidio] entity_map names {unknown}, which no recognizer supports; "
                          f"they support {sorted(supported)}")
    _LOADED[key] = recognizers
    return recognizers


def _import(module: str):
    """A module by file path (relative paths were resolved against the config file) or name."""
    try:
        if module.endswith(".py"):
            path = Path(module)
            name = f"sanon_graph_presidio_{abs(hash(str(path.resolve())))}"
            spec = importlib.util.spec_from_file_location(name, path)
            if spec is None or spec.loader is None or not path.is_file():
                raise ConfigError(f"[extraction.presidio] module {module}: file not found")
            loaded = importlib.util.module_from_spec(spec)
            sys.modules[name] = loaded  # pickling a recognizer for worker processes looks it up
            spec.loader.exec_module(loaded)
            return loaded
        return importlib.import_module(module)
    except ConfigError:
        raise
    except Exception as exc:  # the user's code: any error, named with its module
        raise ConfigError(f"[extraction.presidio] module {module}: cannot import: {type(exc).__name__}: {exc}") from None


def mapped_types(spec: PresidioSpec) -> frozenset[str]:
    """The types the spec's recognizers can emit, after entity_map."""
    return frozenset(spec.entity_map.get(e, e) for r in load_recognizers(spec) for e in r.supported_entities)


@register("presidio")
class PresidioRecognizer(Base):
    """Every recognizer of [extraction.presidio], with its entities mapped to schema types."""

    @classmethod
    def emits(cls, settings) -> frozenset[str]:
        return mapped_types(settings.presidio) if settings.presidio is not None else frozenset()

    def __init__(self, ctx: RecognizerContext):
        super().__init__(ctx)
        spec = ctx.settings.presidio
        if spec is None:
            raise ConfigError("the presidio recognizer needs an [extraction.presidio] table")
        self.spec = spec
        self.recognizers = load_recognizers(spec)
        self.types = mapped_types(spec)
        self.declared = frozenset(f"presidio:{r.name}" for r in self.recognizers)
        self._context = {id(r): _context_terms(list(getattr(r, "context", None) or [])) for r in self.recognizers}

    def find(self, text: str):
        for r in self.recognizers:
            try:
                results = r.analyze(text, list(r.supported_entities), None)
            except Exception as exc:
                raise ConfigError(f"[extraction.presidio] recognizer {r.name!r} failed: {type(exc).__name__}: {exc}") from None
            context = self._context[id(r)]
            for res in results or ():
                start, end = res.start, res.end
                if start >= end or (start > 0 and _WORD.match(text[start - 1])) or (end < len(text) and _WORD.match(text[end])):
                    continue
                score = res.score
                if context and has_context(context_words(text, start, end), context):
                    score = max(score + CONTEXT_SIMILARITY_FACTOR, MIN_SCORE_WITH_CONTEXT)
                score = min(1.0, score)
                if score <= 0.0 or score < self.spec.min_score:
                    continue
                entity_type = self.spec.entity_map.get(res.entity_type, res.entity_type)
                relevance = score if self.spec.score == "relevance" else self.ctx.base(entity_type) * score
                yield Span(start, end, entity_type, fold(text[start:end]), relevance, f"presidio:{r.name}")
