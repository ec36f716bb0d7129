"""What a recognizer is, the span it reports, and the registry that names them.

A recognizer is one small detector (a pattern with its context, a gazetteer, a checksummed
identifier, a model): it reads a text and reports spans. The engine runs the recognizers a
preset enables, in the preset's order, and resolves their overlaps (engine.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from .gazetteers import Gazetteers
    from .settings import RecognizerSettings

# Base relevance per type: how useful a value of this type is for re-identifying someone,
# before context. Recognizers add context boosts; a preset may override a type's base
# ([extraction.relevance]).
BASE_RELEVANCE = {
    "NAME": 0.95,
    "PATIENT_ID": 0.95,
    "EMAIL": 0.95,
    "PHONE_NUMBER": 0.9,
    "ADDRESS": 0.9,
    "BIRTHDATE": 0.9,
    "UNIQUE_FACT": 0.8,
    "NON_PERSONAL_ID": 0.8,
    "MEDICAL_CONDITION": 0.7,
    "TREATMENT": 0.65,
    "INDIRECT_IDENTIFIER": 0.6,
    # a named clinic two records share is read as one person's care (0.7 left such pairs unlinked
    # on the training sets); at 0.9 one physician seen in three people's records linked them
    "PROVIDER": 0.8,
    "EVENT_DATE": 0.5,
    "AGE": 0.5,
    "EVENT": 0.5,
    "LOCATION": 0.45,
    "DEMOGRAPHIC": 0.3,
    "ORGANISATION": 0.6,
    "MONEY": 0.5,
    "NATIONALITY": 0.4,
    "COURT": 0.6,
    "DEPARTMENT": 0.55,
    "ROLE": 0.6,
    "PENALTY": 0.55,
}

# When two spans overlap with equal length, the more specific type wins ([extraction.priority]).
PRIORITY = {
    "EMAIL": 100, "PHONE_NUMBER": 95, "PATIENT_ID": 90, "ADDRESS": 88, "BIRTHDATE": 86,
    "EVENT_DATE": 85, "NON_PERSONAL_ID": 80, "MONEY": 79, "AGE": 78, "NAME": 75, "PROVIDER": 70,
    "ORGANISATION": 68, "COURT": 68, "DEPARTMENT": 66, "ROLE": 47, "EVENT": 65, "PENALTY": 62, "UNIQUE_FACT": 60, "MEDICAL_CONDITION": 55, "TREATMENT": 50,
    "INDIRECT_IDENTIFIER": 45, "NATIONALITY": 42, "LOCATION": 40, "DEMOGRAPHIC": 30,
}


@dataclass(slots=True)
class Span:
    """One finding: text[start:end] is a value of `type`, normalised, with its relevance."""

    start: int
    end: int
    type: str
    normalized: str
    relevance: float
    recognizer: str = ""

    @property
    def length(self) -> int:
        return self.end - self.start


@runtime_checkable
class Recognizer(Protocol):
    """A detector: its registered name, the types it emits, and the spans it finds."""

    name: str
    types: frozenset[str]

    def find(self, text: str) -> Iterable[Span]:
        ...


@dataclass
class RecognizerContext:
    """What a recognizer is built from: the shared term lists and the preset's settings."""

    gaz: Gazetteers
    settings: RecognizerSettings
    relevance: dict[str, float] = field(default_factory=dict)

    def base(self, entity_type: str) -> float:
        return self.relevance.get(entity_type, BASE_RELEVANCE.get(entity_type, 0.5))


Factory = Callable[[RecognizerContext], Recognizer]
REGISTRY: dict[str, Factory] = {}
# Recognizers backed by a statistical model: their spans only fill text that no rule's span
# covers (a gazetteer's "Moldovan" stays a nationality when the model calls it a person, and a
# name the rules found is not swallowed by a longer ORG span around it).
STATISTICAL: set[str] = set()
# Statistical recognizers whose span may also take in whole rule spans as a value beside theirs
# (engine.enclosing): the insurance model's phrases ("retired dentist"). Not the OntoNotes model,
# whose organisation around a party's name ("Kessler v. Ruritania") is no value of its own.
ENCLOSING: set[str] = set()


def register(name: str, *types: str) -> Callable[[type], type]:
    """Class decorator: register a recognizer class under `name`, emitting `types`. The class
    is built with the RecognizerContext; `find` yields Spans."""

    def wrap(cls: type) -> type:
        if name in REGISTRY:
            raise ValueError(f"recognizer {name!r} registered twice")
        cls.name = name
        cls.types = frozenset(types)
        REGISTRY[name] = cls
        return cls

    return wrap


class Base:
    """Convenience base: keeps the context and makes spans carrying the recognizer's name."""

    name: str
    types: frozenset[str]

    def __init__(self, ctx: RecognizerContext):
        self.ctx = ctx
        self.gaz = ctx.gaz

    def span(self, start: int, end: int, entity_type: str, normalized: str, relevance: float | None = None) -> Span:
        return Span(start, end, entity_type, normalized,
                    self.ctx.base(entity_type) if relevance is None else relevance, self.name)

    def prepare(self, texts: list[str]) -> None:
        """Called once with every text of a corpus before find(); most recognizers need nothing."""

    def find(self, text: str) -> Iterable[Span]:  # pragma: no cover - every recognizer overrides it
        raise NotImplementedError
