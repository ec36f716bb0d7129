"""Extractor recall against the hidden persons' entity lists of the thesis-dev clusters
(clusters/*.json, metadata.person.entities = [[value, type], ...]).

A person entity is found when an entity extracted from one of its cluster's documents has
that value (case and whitespace folded) as an original spelling or as its normalised value;
"typed" also requires the same type. Recall is reported over all person entities and over the
findable ones (the value occurs in the cluster's documents, whole-word), plainly and weighted
by the schema's type weights (types outside the schema weigh 0.5).
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any

from ..errors import ConfigError, InputError
from ..redact import fold, occurs_in_folded
from ..schema import EntitySchema

UNKNOWN_TYPE_WEIGHT = 0.5


def evaluate_entities(out_dir: Path, clusters_dir: Path, schema: EntitySchema | None = None) -> dict[str, Any]:
    schema = schema or EntitySchema()
    out_dir, clusters_dir = Path(out_dir), Path(clusters_dir)
    try:
        documents = [json.loads(x) for x in (out_dir / "documents.jsonl").read_text(encoding="utf-8").split("\n") if x]
        entities = [json.loads(x) for x in (out_dir / "entities.jsonl").read_text(encoding="utf-8").split("\n") if x]
    except FileNotFoundError:
        raise ConfigError(f"{out_dir}: not an analyze output folder (documents.jsonl, entities.jsonl expected)") from None
    source_of = {d["doc_id"]: d["source_id"] for d in documents}
    found_in: dict[str, list[tuple[set[str], str]]] = defaultdict(list)  # source id -> (spellings, type)
    for e in entities:
        spellings = {fold(v) for v in e["original_values"]} | {fold(e["normalized_value"])}
        for doc_id in e["doc_ids"]:
            found_in[source_of[doc_id]].append((spellings, e["type"]))
    return score_entities(found_in, clusters_dir, schema)


def score_entities(found_in: dict[str, list[tuple[set[str], str]]], clusters_dir: Path,
                   schema: EntitySchema | None = None) -> dict[str, Any]:
    """The figures of evaluate_entities from what was found per document: source id ->
    [(folded spellings, type)] (benchmarks/bench_ner.py scores extractors without a run)."""
    schema = schema or EntitySchema()
    clusters_dir = Path(clusters_dir)
    files = sorted(clusters_dir.glob("*.json"))
    if not files:
        raise InputError(clusters_dir, "no cluster files (*.json)")
    totals: dict[str, float] = defaultdict(float)
    by_type: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])  # findable, found, found typed
    for path in files:
        try:
            cluster = json.loads(path.read_text(encoding="utf-8"))
            person = cluster["metadata"]["person"]["entities"]
            docs = cluster["documents"]
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            raise InputError(path, f"not a cluster file: {exc}") from None
        texts = [fold(d["content"]) for d in docs]
        extracted = [x for d in docs for x in found_in.get(d["id"], [])]
        for value, etype in person:
            weight = schema.weight(etype) if etype in schema else UNKNOWN_TYPE_WEIGHT
            key = fold(value)
            findable = any(occurs_in_folded(t, value) for t in texts)
            found = any(key in spellings for spellings, _ in extracted)
            typed = any(key in spellings and t == etype for spellings, t in extracted)
            for name, flag in (("all", True), ("findable", findable)):
                if not flag:
                    continue
                totals[f"{name}"] += 1
                totals[f"{name}_weight"] += weight
                totals[f"{name}_found"] += found
                totals[f"{name}_found_weight"] += weight * found
                totals[f"{name}_typed"] += typed
            row = by_type[etype]
            row[0] += findable
            row[1] += found and findable
            row[2] += typed and findable

    def ratio(a: str, b: str) -> float:
        return totals[a] / totals[b] if totals[b] else 0.0

    return {
        "person_entities": int(totals["all"]),
        "findable": int(totals["findable"]),
        "recall": ratio("all_found", "all"),
        "recall_findable": ratio("findable_found", "findable"),
        "recall_findable_typed": ratio("findable_typed", "findable"),
        "weighted_recall_findable": ratio("findable_found_weight", "findable_weight"),
        "by_type": {t: {"findable": r[0], "found": r[1], "found_typed": r[2]} for t, r in sorted(by_type.items())},
    }
