"""Entity extraction: extractors produce per-document findings; `assemble` builds the
global entities and mentions the graph is loaded from.

Every extractor reports `[original, normalized, type, relevance]` per document. Whatever
the extractor, a finding whose original value cannot be found in the document by the
redaction matcher is dropped and counted: a value that is not in the text cannot be
masked, and a value the model invented must never reach the graph.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Protocol

from ..models import Document, Entity, ExtractedEntity, Mention, make_entity_id
from ..redact import fold, matcher_needle, occurs_needle_in_folded
from ..schema import EntitySchema

Progress = Callable[..., None]  # advance(n, note=None)


class Extractor(Protocol):
    """Turns documents into per-document findings."""

    name: str

    def extract(self, documents: list[Document], progress: Progress | None = None) -> dict[str, list[ExtractedEntity]]:
        ...


@dataclass
class ExtractionStats:
    findings: int = 0
    kept_mentions: int = 0
    dropped_not_in_text: int = 0
    dropped_unknown_type: int = 0
    clamped_relevance: int = 0
    examples_not_in_text: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, int]:
        return {
            "findings": self.findings,
            "mentions": self.kept_mentions,
            "dropped_not_in_text": self.dropped_not_in_text,
            "dropped_unknown_type": self.dropped_unknown_type,
            "clamped_relevance": self.clamped_relevance,
        }


@dataclass
class Assembled:
    entities: dict[str, Entity]
    mentions: list[Mention]
    stats: ExtractionStats


def assemble(
    documents: Iterable[Document],
    findings: dict[str, list[ExtractedEntity]],
    schema: EntitySchema,
) -> Assembled:
    """Global entities (one per normalized value and type) and per-document mentions.

    A document that mentions the same entity several times gets one mention with the
    highest relevance; every original spelling is kept for redaction.
    """
    stats = ExtractionStats()
    entities: dict[str, Entity] = {}
    mentions: list[Mention] = []
    # A value recurs across many documents (330,000 findings of 31,000 values in a 30,000-
    # document corpus): its matcher needle and its entity id are computed once per value.
    needle_of: dict[str, str] = {}
    id_of: dict[tuple[str, str], str] = {}
    for doc in documents:
        per_doc: dict[str, float] = {}
        folded = fold(doc.text)
        for f in findings.get(doc.doc_id, ()):
            stats.findings += 1
            if f.type not in schema:
                stats.dropped_unknown_type += 1
                continue
            original = f.original.strip()
            needle = needle_of.get(original)
            if needle is None:
                needle = needle_of[original] = matcher_needle(original)
            if not occurs_needle_in_folded(folded, needle):
                stats.dropped_not_in_text += 1
                if len(stats.examples_not_in_text) < 5:
                    stats.examples_not_in_text.append(f"{doc.source_id}: {original!r}")
                continue
            relevance = min(1.0, max(0.0, float(f.relevance)))
            if relevance != f.relevance:
                stats.clamped_relevance += 1
            normalized = f.normalized.strip() or original.casefold()
            entity_id = id_of.get((normalized, f.type))
            if entity_id is None:
                entity_id = id_of[(normalized, f.type)] = make_entity_id(normalized, f.type)
            entity = entities.get(entity_id)
            if entity is None:
                entity = Entity(entity_id, f.type, normalized, schema.weight(f.type))
                entities[entity_id] = entity
            entity.original_values.add(original)
            if entity_id not in per_doc:
                entity.doc_ids.append(doc.doc_id)
                per_doc[entity_id] = relevance
            else:
                per_doc[entity_id] = max(per_doc[entity_id], relevance)
        for entity_id, relevance in per_doc.items():
            mentions.append(Mention(doc.doc_id, entity_id, relevance))
    stats.kept_mentions = len(mentions)
    return Assembled(entities, mentions, stats)
