"""Entities extracted earlier (by the LLM extractor or any other tool), read from a file.

Accepted layouts, JSON or JSONL:
  {"<doc id>": [[original, normalized, type, relevance], ...], ...}
  [{"doc_id" | "source_id" | "id": "...", "entities": [[...], ...]}, ...]   (also one per JSONL line)
  {"documents": [ ...records as above... ]}
A record is matched to a document by its document_id (id|md5), else by its input id.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..errors import EntitiesFileError
from ..models import Document, ExtractedEntity


class PrecomputedExtractor:
    name = "precomputed"

    def __init__(self, path: Path):
        self.path = Path(path)
        self.unmatched_records: list[str] = []

    def extract(self, documents: list[Document], progress=None) -> dict[str, list[ExtractedEntity]]:
        by_doc_id = {d.doc_id: d for d in documents}
        by_source = {d.source_id: d for d in documents}
        out: dict[str, list[ExtractedEntity]] = {}
        for key, _label, entities in iter_entities_file(self.path):
            doc = by_doc_id.get(key) or by_source.get(key)
            if doc is None:
                self.unmatched_records.append(key)
                continue
            out.setdefault(doc.doc_id, []).extend(entities)
        if progress:
            progress(len(documents))
        return out


def read_entities_file(path: Path) -> list[tuple[str, str, list[ExtractedEntity]]]:
    """(document key, record label, entities) for every record in the file."""
    return list(iter_entities_file(path))


def iter_entities_file(path: Path) -> Iterator[tuple[str, str, list[ExtractedEntity]]]:
    """read_entities_file, one record at a time: a JSONL file is parsed line by line and each
    line's JSON is dropped once its findings are made, so the parsed file never sits in memory
    beside the findings (10 million findings at 1,000,000 documents)."""
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise EntitiesFileError(path, "entities file not found") from None
    except UnicodeDecodeError as exc:
        raise EntitiesFileError(path, f"not valid UTF-8 (byte {exc.start})") from None
    except OSError as exc:
        raise EntitiesFileError(path, f"cannot read file: {exc.strerror or exc}") from None
    shared = _Shared()
    if Path(path).suffix.lower() == ".jsonl":
        start, number = 0, 0
        while start < len(text):
            end = text.find("\n", start)  # newlines only: a raw U+2028 is legal inside a JSON string
            end = len(text) if end < 0 else end
            line, start, number = text[start:end], end + 1, number + 1
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError as exc:
                raise EntitiesFileError(path, f"invalid JSON: {exc.msg}", f"line {number}") from None
            yield _record(path, f"line {number}", record, shared)
        return
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise EntitiesFileError(path, f"invalid JSON: {exc.msg}", f"line {exc.lineno} column {exc.colno}") from None
    del text
    if isinstance(value, dict) and "documents" in value:
        value = value["documents"]
    if isinstance(value, dict):
        for k, v in value.items():
            yield _record(path, f"key {k!r}", {"doc_id": k, "entities": v}, shared)
    elif isinstance(value, list):
        for i, r in enumerate(value):
            yield _record(path, f"record {i}", r, shared)
    else:
        raise EntitiesFileError(path, "expected an object of id -> entity lists, or a list of records")


class _Shared:
    """One copy of each repeated value: a clinic named in thousands of documents is one string
    shared by all their findings, not one per finding (strings, types and relevances were
    ~500 bytes a finding, most of the memory of a large run's extraction)."""

    def __init__(self) -> None:
        self.values: dict[str, str] = {}
        self.types: dict[str, str] = {}
        self.numbers: dict[float, float] = {}

    def finding(self, original: str, normalized: str, entity_type: str, relevance: float) -> ExtractedEntity:
        kind = self.types.get(entity_type)
        if kind is None:
            kind = self.types[entity_type] = entity_type.strip().upper()
        return ExtractedEntity(self.values.setdefault(original, original),
                               self.values.setdefault(normalized, normalized), kind,
                               self.numbers.setdefault(relevance, relevance))


def _record(path: Path, label: str, record: Any, shared: _Shared) -> tuple[str, str, list[ExtractedEntity]]:
    if not isinstance(record, dict):
        raise EntitiesFileError(path, "a record must be an object with an id and entities", label)
    key = record.get("doc_id") or record.get("source_id") or record.get("id")
    if key is None or key == "":
        raise EntitiesFileError(path, 'record has no "doc_id", "source_id" or "id"', label)
    entities = record.get("entities")
    if not isinstance(entities, list):
        raise EntitiesFileError(path, f'record {key!r}: "entities" must be a list', label)
    parsed = []
    for i, item in enumerate(entities):
        where = f"{label}, entity {i}"
        if isinstance(item, dict):
            item = [item.get("original"), item.get("normalized"), item.get("type"), item.get("relevance")]
        if not isinstance(item, list | tuple) or len(item) != 4:
            raise EntitiesFileError(path, "an entity must be [original, normalized, type, relevance]", where)
        original, normalized, entity_type, relevance = item
        if not isinstance(original, str) or not original.strip():
            raise EntitiesFileError(path, "original value must be a non-empty string", where)
        if normalized is None:
            normalized = original.casefold()
        if not isinstance(normalized, str) or not isinstance(entity_type, str):
            raise EntitiesFileError(path, "normalized value and type must be strings", where)
        if isinstance(relevance, bool) or not isinstance(relevance, int | float) or math.isnan(relevance):
            raise EntitiesFileError(path, "relevance must be a number in [0, 1]", where)
        parsed.append(shared.finding(original, normalized, entity_type, float(relevance)))
    return str(key), label, parsed
