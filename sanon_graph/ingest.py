"""Files -> validated Documents. Reads only; the input is never modified.

Accepted: a folder (recursive) or a single file of .json (one document, a list of
documents, or {"documents": [...]}) and .jsonl (one document per line).
A document is {"id", "content", "metadata"?}. Errors name file, record and reason.
String values in metadata are scanned like the content (all keys by default; `[ingest]
metadata_fields` names the keys to scan), because an "author" leaks a name as surely as
the text does.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from .errors import InputError
from .models import Corpus, Document, FileLayout, make_document_id

SUFFIXES = (".json", ".jsonl")


def discover(root: Path) -> list[Path]:
    """Input files under root in a stable order (sorted relative paths)."""
    if not root.exists():
        raise InputError(root, "input path does not exist")
    if root.is_file():
        if root.suffix.lower() not in SUFFIXES:
            raise InputError(root, "input file must be .json or .jsonl")
        return [root]
    files = sorted(
        (p for p in root.rglob("*") if p.is_file() and p.suffix.lower() in SUFFIXES),
        key=lambda p: p.relative_to(root).as_posix(),
    )
    if not files:
        raise InputError(root, "no .json or .jsonl files found (empty input folder)")
    return files


def read_corpus(root: Path, metadata_fields: Sequence[str] | None = None) -> Corpus:
    """Read and validate every document under root. `metadata_fields`: the metadata keys whose
    string values are scanned with the content (None: every key; empty: none)."""
    root = Path(root)
    base = root.parent if root.is_file() else root
    documents: list[Document] = []
    files: dict[str, FileLayout] = {}
    skipped: list[tuple[str, int, str]] = []
    seen: dict[str, str] = {}
    for path in discover(root):
        rel = path.relative_to(base).as_posix()
        text = _read_text(path)
        layout, records = _parse(path, text)
        layout.path = rel
        files[rel] = layout
        for slot, label, record in records:
            doc = _document(path, rel, slot, label, record, metadata_fields)
            where = f"{rel} {label}"
            if doc.source_id in seen:
                raise InputError(path, f"duplicate id {doc.source_id!r} (first seen in {seen[doc.source_id]})", label)
            seen[doc.source_id] = where
            if not doc.content.strip():
                skipped.append((rel, slot, "empty content"))
                continue
            documents.append(doc)
    if not documents:
        raise InputError(root, "no document with non-empty content found")
    return Corpus(root=str(root), documents=documents, files=files, skipped=skipped)


def _read_text(path: Path) -> str:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(path, f"cannot read file: {exc.strerror or exc}") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(path, f"not valid UTF-8 (byte {exc.start})") from None


def _parse(path: Path, text: str) -> tuple[FileLayout, list[tuple[int, str, Any]]]:
    """Parse a file into its layout and (slot in payload, record label, record) triples."""
    if path.suffix.lower() == ".jsonl":
        records: list[tuple[int, str, Any]] = []
        lines: list[Any] = []
        # "\n" only: str.splitlines() would also split inside a record at U+2028, U+0085, ...,
        # which JSON allows unescaped in strings.
        raw_lines = text.split("\n")
        if raw_lines[-1] == "":
            raw_lines.pop()  # the newline that ends the last record
        for number, line in enumerate(raw_lines, start=1):
            if not line.strip():
                lines.append(None)  # kept so masked/ preserves line structure
                continue
            try:
                value = json.loads(line)
            except json.JSONDecodeError as exc:
                raise InputError(path, f"invalid JSON: {exc.msg} (column {exc.colno})", f"line {number}") from None
            lines.append(value)
            records.append((len(lines) - 1, f"line {number}", value))
        return FileLayout(path="", kind="jsonl", payload=lines), records
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(path, f"invalid JSON: {exc.msg}", f"line {exc.lineno} column {exc.colno}") from None
    if isinstance(value, list):
        return FileLayout("", "list", value), [(i, f"record {i}", r) for i, r in enumerate(value)]
    if isinstance(value, dict) and "documents" in value and "content" not in value:
        docs = value["documents"]
        if not isinstance(docs, list):
            raise InputError(path, '"documents" must be a list of documents')
        return FileLayout("", "wrapped", value), [(i, f"documents[{i}]", r) for i, r in enumerate(docs)]
    if isinstance(value, dict):
        return FileLayout("", "object", value), [(0, "document", value)]
    raise InputError(path, "expected a document object, a list of documents or {\"documents\": [...]}")


def _document(path: Path, rel: str, slot: int, label: str, record: Any,
              metadata_fields: Sequence[str] | None = None) -> Document:
    if not isinstance(record, dict):
        raise InputError(path, f"a document must be a JSON object, got {type(record).__name__}", label)
    if "id" not in record or record["id"] is None or record["id"] == "":
        raise InputError(path, 'missing "id"', label)
    source_id = record["id"]
    if isinstance(source_id, bool) or not isinstance(source_id, str | int):
        raise InputError(path, '"id" must be a string or an integer', label)
    source_id = str(source_id)
    if "content" not in record or record["content"] is None:
        raise InputError(path, f'document {source_id!r}: missing "content"', label)
    if not isinstance(record["content"], str):
        raise InputError(path, f'document {source_id!r}: "content" must be a string', label)
    metadata = record.get("metadata")
    if metadata is not None and not isinstance(metadata, dict):
        raise InputError(path, f'document {source_id!r}: "metadata" must be an object', label)
    content = record["content"]
    return Document(
        doc_id=make_document_id(source_id, content),
        source_id=source_id,
        content=content,
        path=rel,
        record=slot,
        metadata_text="\n".join(_metadata_strings(metadata, metadata_fields)) if metadata else "",
    )


def _metadata_strings(metadata: dict[str, Any], fields: Sequence[str] | None) -> Iterator[str]:
    """Every non-empty string under the chosen keys, nested lists and objects included."""
    wanted = None if fields is None else set(fields)
    chosen = metadata if wanted is None else {k: v for k, v in metadata.items() if k in wanted}
    stack = list(reversed(list(chosen.values())))
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            if value.strip():
                yield value
        elif isinstance(value, list):
            stack.extend(reversed(value))
        elif isinstance(value, dict):
            stack.extend(reversed(list(value.values())))
