"""The masked corpus: masked/ mirrors the input file for file and record for record.

Content and every string inside metadata are masked (a name in metadata leaks as much as
one in the text); ids are left alone because they are the join key. After writing, every
file is read back and checked: a value chosen for masking that survives is an error.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .errors import VerificationError
from .models import Corpus
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


def write_masked_corpus(corpus: Corpus, redactor: Redactor, target: Path, advance: Callable[[int], None]) -> tuple[int, int]:
    """Write masked/ with the input's relative paths and schema. Returns (documents changed, replacements)."""
    changed = total = 0
    for rel, layout in corpus.files.items():
        payload = copy.deepcopy(layout.payload)
        records = _records(layout.kind, payload)
        for record in records:
            if not isinstance(record, dict):
                continue
            n_record = 0
            for key in ("content", "metadata"):
                if key in record:
                    record[key], n = _mask_strings(record[key], redactor)
                    n_record += n
            changed += n_record > 0
            total += n_record
        path = target / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if layout.kind == "jsonl":
            text = "".join(("" if r is None else json.dumps(r, ensure_ascii=False)) + "\n" for r in payload)
        else:
            text = json.dumps(payload, ensure_ascii=False, indent=2) + "\n"
        path.write_text(text, encoding="utf-8")
        advance(len(records))
    return changed, total


def verify_masked_corpus(target: Path, corpus: Corpus, redactor: Redactor) -> None:
    """Re-read every masked file; fail if any value chosen for masking is still there."""
    problems: list[str] = []
    for rel, layout in corpus.files.items():
        path = target / rel
        text = path.read_text(encoding="utf-8")
        payload = [json.loads(line) if line.strip() else None for line in text.split("\n")] if layout.kind == "jsonl" else json.loads(text)
        for i, record in enumerate(_records(layout.kind, payload)):
            if not isinstance(record, dict):
                continue
            for key in ("content", "metadata"):
                for found in _surviving(record.get(key), redactor):
                    entity = redactor.entity_of(found)
                    problems.append(f"{rel}: record {i}: {key} still contains a masked value (entity {entity})")
    if problems:
        shown = "; ".join(problems[:5])
        more = f" and {len(problems) - 5} more" if len(problems) > 5 else ""
        raise VerificationError(f"verification of the masked corpus failed: {shown}{more}")


def _surviving(value: Any, redactor: Redactor) -> list[str]:
    if isinstance(value, str):
        return redactor.surviving(value)
    if isinstance(value, list):
        return [f for item in value for f in _surviving(item, redactor)]
    if isinstance(value, dict):
        return [f for item in value.values() for f in _surviving(item, redactor)]
    return []
