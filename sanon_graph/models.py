"""The domain objects that flow between stages.

Hot-path records are slotted dataclasses rather than pydantic models: a 100,000-document
corpus has about a million mentions, and validation belongs at the file boundary
(ingest, precomputed entities, config), not on every internal object.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from .normalize import fold


def md5_hex(text: str) -> str:
    return hashlib.md5(text.encode("utf-8"), usedforsecurity=False).hexdigest()


def normalize_content(content: str) -> str:
    """Content normalisation for document ids: case and whitespace do not change identity."""
    return fold(content)


def make_document_id(source_id: str, content: str) -> str:
    """METHOD 2.1: document_id = id + "|" + md5(normalized_content)."""
    return f"{source_id}|{md5_hex(normalize_content(content))}"


def make_entity_id(normalized_value: str, entity_type: str) -> str:
    """METHOD 2.2: entity_id = md5(normalized_value + "::" + entity_type)."""
    return md5_hex(f"{normalized_value}::{entity_type}")


@dataclass(slots=True)
class Document:
    doc_id: str
    source_id: str
    content: str
    path: str  # relative to the input root, POSIX separators
    record: int  # slot of the record in its file's payload (list index; JSONL: line index)
    # The metadata's string values chosen for scanning ([ingest] metadata_fields), one per
    # line: an "author": "Dr. Imogen Reyes" leaks like the content does, so it is analysed too.
    metadata_text: str = ""

    @property
    def text(self) -> str:
        """What the extractors read: the content, then the scanned metadata values."""
        return f"{self.content}\n\n{self.metadata_text}" if self.metadata_text else self.content


@dataclass(slots=True)
class ExtractedEntity:
    """One extractor finding in one document: [original, normalized, type, relevance]."""

    original: str
    normalized: str
    type: str
    relevance: float


@dataclass(slots=True)
class Entity:
    """A global entity: one (normalized value, type) across the corpus."""

    entity_id: str
    type: str
    normalized_value: str
    weight: float
    original_values: set[str] = field(default_factory=set)
    doc_ids: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Mention:
    doc_id: str
    entity_id: str
    relevance: float


@dataclass(slots=True)
class Decision:
    """Why an entity was masked: which stage, for which document or chain."""

    entity_id: str
    stage: str  # "document" | "chain"
    target: str  # a doc_id, or the doc ids of a chain joined by " -> "
    risk_before: float
    risk_after: float


@dataclass(slots=True)
class Corpus:
    """Validated input: documents plus what is needed to write the masked copy back."""

    root: str
    documents: list[Document]
    files: dict[str, FileLayout]
    skipped: list[tuple[str, int, str]] = field(default_factory=list)  # (path, record, reason)


@dataclass(slots=True)
class FileLayout:
    """How one input file is laid out, so masked/ mirrors it record for record."""

    path: str
    kind: str  # "object" | "list" | "wrapped" | "jsonl"
    payload: Any  # the parsed JSON (records are dicts with "content")
