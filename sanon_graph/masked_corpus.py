"""The masked corpus: masked/ mirrors the input file for file and record for record.

Content and every string inside metadata are masked (a name in metadata leaks as much as
one in the text); ids are left alone because they are the join key. After writing, every
file is read back and checked: a value chosen for masking that survives is an error.
A large corpus is masked and checked over the machine's cores (forked.py), with the same
output as one process writes.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import VerificationError
from .forked import forked_map, worth_forking
from .jsonio import loads
from .models import Corpus, FileLayout
from .redact import Redactor


def _mask_strings(value: Any, redactor: Redactor) -> tuple[Any, int]:
    if isinstance(value, str):
        return redactor.redact(value)
    if isinstance(value, list):
        total = 0
        out = []
        for item in value:
            new, n = _mask_strings(item, redactor)
            out.append(new)
            total += n
        return out, total
    if isinstance(value, dict):
        total = 0
        out_d = {}
        for k, item in value.items():
            new, n = _mask_strings(item, redactor)
            out_d[k] = new
            total += n
        return out_d, total
    return value, 0


def _records(layout_kind: str, payload: Any) -> list[Any]:
    if layout_kind == "jsonl":
        return [r for r in payload if r is not None]
    if layout_kind == "list":
        return payload
    if layout_kind == "wrapped":
        return payload["documents"]
    return [payload]


CHUNK = 2000  # records per task


@dataclass(frozen=True, slots=True)
class _Part:
    """Records lo..hi of one file: a task's share of the masking or of the check."""

    rel: str
    lo: int
    hi: int


def _items(layout: FileLayout) -> list[Any]:
    """What masking walks: a JSON Lines file's lines (None for a blank one), else its records."""
    return layout.payload if layout.kind == "jsonl" else _records(layout.kind, layout.payload)


def _tasks(sizes: dict[str, int]) -> list[list[_Part]]:
    """Files cut into parts of at most CHUNK records and packed into tasks of about CHUNK
    records, in file order (every file has a part, an empty one too: it is written all the same)."""
    tasks: list[list[_Part]] = [[]]
    filled = 0
    for rel, size in sizes.items():
        for lo in range(0, max(size, 1), CHUNK):
            hi = min(size, lo + CHUNK)
            if filled and filled + hi - lo > CHUNK:
                tasks.append([])
                filled = 0
            tasks[-1].append(_Part(rel, lo, hi))
            filled += max(hi - lo, 1)
    return [t for t in tasks if t]


def _parallel(corpus: Corpus, parallel: bool | None) -> bool:
    if parallel is not None:
        return parallel
    return worth_forking(sum(len(_records(layout.kind, layout.payload)) for layout in corpus.files.values()))


def _mask_record(record: Any, redactor: Redactor) -> tuple[Any, int]:
    """The record with its content and metadata masked (a new dict; the input stays as read)."""
    if not isinstance(record, dict):
        return record, 0
    out = dict(record)
    n_record = 0
    for key in ("content", "metadata"):
        if key in record:
            out[key], n = _mask_strings(record[key], redactor)
            n_record += n
    return out, n_record


def _mask_task(state: tuple[Corpus, Redactor], task: list[_Part]) -> list[tuple[_Part, list[Any], int, int, int, int]]:
    """Each part's masked items (a JSON Lines file's as their lines), with the records changed,
    the replacements made, the characters replaced and the records seen."""
    corpus, redactor = state
    out = []
    for part in task:
        layout = corpus.files[part.rel]
        before = redactor.characters_replaced
        changed = total = seen = 0
        pieces: list[Any] = []
        for item in _items(layout)[part.lo:part.hi]:
            if item is None:  # a JSON Lines file's blank line stays blank
                pieces.append(None)
                continue
            masked, n = _mask_record(item, redactor)
            changed += isinstance(item, dict) and n > 0
            total += n
            seen += 1
            pieces.append(json.dumps(masked, ensure_ascii=False) if layout.kind == "jsonl" else masked)
        # Counted here and summed by the caller, the same whether this ran in a worker or not.
        characters = redactor.characters_replaced - before
        redactor.characters_replaced = before
        out.append((part, pieces, changed, total, characters, seen))
    return out


def _file_text(layout: FileLayout, pieces: list[Any]) -> str:
    if layout.kind == "jsonl":
        return "".join(("" if line is None else line) + "\n" for line in pieces)
    if layout.kind == "list":
        payload: Any = pieces
    elif layout.kind == "wrapped":
        payload = {**layout.payload, "documents": pieces}
    else:
        payload = pieces[0]
    return json.dumps(payload, ensure_ascii=False, indent=2) + "\n"


def write_masked_corpus(corpus: Corpus, redactor: Redactor, target: Path, advance: Callable[[int], None],
                        parallel: bool | None = None) -> tuple[int, int]:
    """Write masked/ with the input's relative paths and schema. Returns (documents changed,
    replacements). A large corpus is masked over the machine's cores (`parallel` None: by size)."""
    changed = total = 0
    sizes = {rel: len(_items(layout)) for rel, layout in corpus.files.items()}
    pending: dict[str, list[Any]] = {}

    def flush(rel: str) -> None:
        path = target / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(_file_text(corpus.files[rel], pending.pop(rel)), encoding="utf-8")

    for results in forked_map(_mask_task, (corpus, redactor), _tasks(sizes), _parallel(corpus, parallel)):
        for part, pieces, part_changed, part_total, characters, seen in results:
            changed += part_changed
            total += part_total
            redactor.characters_replaced += characters
            pending.setdefault(part.rel, []).extend(pieces)
            if part.hi >= sizes[part.rel]:  # the file's last part: parts come in order
                flush(part.rel)
            advance(seen)
    return changed, total


def verify_masked_corpus(target: Path, corpus: Corpus, redactor: Redactor, parallel: bool | None = None) -> None:
    """Re-read every masked file; fail if any value chosen for masking is still there."""
    sizes = {rel: len(_records(layout.kind, layout.payload)) for rel, layout in corpus.files.items()}
    problems: list[str] = []
    try:
        for found in forked_map(_check_task, (target, corpus, redactor), _tasks(sizes), _parallel(corpus, parallel)):
            problems.extend(found)
    finally:
        _READ_BACK.clear()
    if problems:
        shown = "; ".join(problems[:5])
        more = f" and {len(problems) - 5} more" if len(problems) > 5 else ""
        raise VerificationError(f"verification of the masked corpus failed: {shown}{more}")


# The file a process read back last: (path, its JSON Lines lines and where its records are, or
# its parsed records). A task checks a part of one file, and the next task mostly a part of the same.
_READ_BACK: dict[str, Any] = {}


def _read_back(path: Path, kind: str) -> Any:
    key = str(path)
    if _READ_BACK.get("path") != key:
        _READ_BACK.clear()
        text = path.read_text(encoding="utf-8")
        if kind == "jsonl":
            lines = text.split("\n")
            _READ_BACK["records"] = (lines, [i for i, line in enumerate(lines) if line.strip()])
        else:
            _READ_BACK["records"] = _records(kind, loads(text))
        _READ_BACK["path"] = key
    return _READ_BACK["records"]


def _check_task(state: tuple[Path, Corpus, Redactor], task: list[_Part]) -> list[str]:
    target, corpus, redactor = state
    problems: list[str] = []
    for part in task:
        kind = corpus.files[part.rel].kind
        held = _read_back(target / part.rel, kind)
        for i in range(part.lo, part.hi):
            if kind == "jsonl":
                lines, where = held
                record = loads(lines[where[i]]) if i < len(where) else None
            else:
                record = held[i] if i < len(held) else None
            if not isinstance(record, dict):
                continue
            for key in ("content", "metadata"):
                for found in _surviving(record.get(key), redactor):
                    entity = redactor.entity_of(found)
                    problems.append(f"{part.rel}: record {i}: {key} still contains a masked value (entity {entity})")
    return problems


def _surviving(value: Any, redactor: Redactor) -> list[str]:
    if isinstance(value, str):
        return redactor.surviving(value)
    if isinstance(value, list):
        return [f for item in value for f in _surviving(item, redactor)]
    if isinstance(value, dict):
        return [f for item in value.values() for f in _surviving(item, redactor)]
    return []
