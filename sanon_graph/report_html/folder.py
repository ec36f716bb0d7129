"""Reading an analyze output folder for the report: only its files, never the graph database,
so a report can be rendered for either backend and long after the run.

The JSONL files are streamed: with 100,000 documents documents.jsonl alone holds a million
mentions, and the report needs the mentions of a few hundred documents only.
"""

from __future__ import annotations

import heapq
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..jsonio import loads

REQUIRED = ("run.json", "documents.jsonl", "entities.jsonl", "links.jsonl", "chains.jsonl")


def check_folder(folder: Path) -> None:
    """Raise InputError unless folder looks like a complete analyze output folder."""
    if not folder.is_dir():
        raise InputError(folder, "not an analyze output folder (no such directory)")
    for name in REQUIRED:
        if not (folder / name).is_file():
            raise InputError(folder, f"not an analyze output folder: {name} is missing")


def read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise InputError(path, f"cannot read: {exc}") from None


def iter_jsonl(path: Path) -> Iterator[dict[str, Any]]:
    with path.open(encoding="utf-8") as fh:
        for number, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            try:
                yield loads(line)
            except json.JSONDecodeError as exc:
                raise InputError(path, f"invalid JSON: {exc.msg}", f"line {number}") from None


def read_chains(folder: Path, n: int, unmet_cap: int) -> tuple[list[dict[str, Any]], int, list[dict[str, Any]], int]:
    """(the n chains with the highest initial risk, chains in all, up to unmet_cap chains
    that missed their target, chains that missed it in all). Ties keep file order."""
    totals = {"chains": 0, "unmet": 0}
    unmet: list[dict[str, Any]] = []

    def keyed() -> Iterator[tuple[float, int, dict[str, Any]]]:
        for i, chain in enumerate(iter_jsonl(folder / "chains.jsonl")):
            totals["chains"] += 1
            if not chain.get("target_met", True):
                totals["unmet"] += 1
                if len(unmet) < unmet_cap:
                    unmet.append(chain)
            yield chain["risk_initial"], -i, chain

    top = heapq.nlargest(n, keyed(), key=lambda t: (t[0], t[1]))
    return [chain for _, _, chain in top], totals["chains"], unmet, totals["unmet"]


def masked_records(folder: Path, wanted: dict[str, set[str]]) -> dict[tuple[str, str], dict[str, Any]]:
    """The masked/ records of the wanted documents: {(path, source id): record}.

    `wanted` maps a path relative to the input root (documents.jsonl `path`) to source ids.
    Only those files are parsed. A record is found by its "id", which ingest keeps unique
    across the corpus and which masking leaves alone (it is the join key).
    """
    found: dict[tuple[str, str], dict[str, Any]] = {}
    root = folder / "masked"
    for rel, ids in wanted.items():
        path = root / rel
        if not path.is_file():
            continue
        text = path.read_text(encoding="utf-8")
        if path.suffix.lower() == ".jsonl":
            records = [json.loads(line) for line in text.split("\n") if line.strip()]  # not splitlines: U+2028 is text
        else:
            payload = json.loads(text)
            if isinstance(payload, dict) and "documents" in payload and "content" not in payload:
                records = payload["documents"]
            elif isinstance(payload, list):
                records = payload
            else:
                records = [payload]
        for record in records:
            if isinstance(record, dict) and str(record.get("id")) in ids:
                found[(rel, str(record["id"]))] = record
    return found
