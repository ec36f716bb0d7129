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
        records = read_entities_file(self.path)
        by_doc_id = {d.doc_id: d for d in documents}
        by_source = {d.source_id: d for d in documents}
        out: dict[str, list[ExtractedEntity]] = {}
        for key, _label, entities in records:
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
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise EntitiesFileError(path, "entities file not found") from None
    except UnicodeDecodeError as exc:
        raise EntitiesFileError(path, f"not valid UTF-8 (byte {exc.start})") from None
    except OSError as exc:
        raise EntitiesFileError(path, f"cannot read file: {exc.strerror or exc}") from None
    raw: list[tuple[str, Any]] = []
    if Path(path).suffix.lower() == ".jsonl":
        for number, line in enumerate(text.split("\n"), start=1):
            if not line.strip():
                continue
            try:
                raw.append((f"line {number}", json.loads(line)))
            except json.JSONDecodeError as exc:
                raise EntitiesFileError(path, f"invalid JSON: {exc.msg}", f"line {number}") from None
    else:
        try:
            value = json.loads(text)
        except json.JSONDecodeError as exc:
            raise EntitiesFileError(path, f"invalid JSON: {exc.msg}", f"line {exc.lineno} column {exc.colno}") from None
        if isinstance(value, dict) and "documents" in value:
            value = value["documents"]
        if isinstance(value, dict):
            raw = [(f"key {k!r}", {"doc_id": k, "entities": v}) for k, v in value.items()]
        elif isinstance(value, list):
            raw = [(f"record {i}", r) for i, r in enumerate(value)]
        else:
            raise EntitiesFileError(path, "expected an object of id -> entity lists, or a list of records")
    return [_record(path, label, record) for label, record in raw]


def _record(path: Path, label: str, record: Any) -> tuple[str, str, list[ExtractedEntity]]:
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
        parsed.append(ExtractedEntity(original, normalized, entity_type.strip().upper(), float(relevance)))
    return str(key), label, parsed
