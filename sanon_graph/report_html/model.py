"""What report.html shows, computed from the output folder's files: a plain dict that the
page embeds as JSON and report.js draws.

The graph is the riskiest chains (by initial risk) and their documents' neighbourhood, not
the whole corpus: a reviewer looks at the paths that matter, and a browser stays usable with
100,000 documents behind the report. Every cap is stated in the report itself (`notes`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..redact import MaskedValue, Redactor
from .folder import iter_jsonl, masked_records, read_chains, read_json

HISTOGRAM_BINS = 20
GLOBAL_TOKENS = 1000  # up to this many distinct replacements, every text is searched for all
STAGE_REASON = {
    "direct": "direct identifier: masked before the risk stages (the floor)",
    "document": "document stage: a document it is in was over theta_doc",
    "chain": "chain stage: a chain it links was over its target",
}


@dataclass(frozen=True)
class Limits:
    """Caps that keep the file small and the page fast on any corpus size."""

    top_chains: int = 50
    max_nodes: int = 600  # documents drawn: the chains' own first, then the strongest neighbours
    max_table_rows: int = 5000  # masked values listed (the most important first)
    max_unmet: int = 500  # unmet targets listed
    text_chars: int = 20_000  # masked text embedded per document
    budget_bytes: int = 20 * 1024 * 1024  # the whole report.html


def _source(doc_id: str) -> str:
    """The source id of a document id (METHOD 2.1: source id + "|" + md5 of the content)."""
    return doc_id.rsplit("|", 1)[0]


def _select_documents(folder: Path, chains: list[dict[str, Any]], limits: Limits) -> tuple[list[str], set[str], int]:
    """(drawn doc ids: the chains' documents, then neighbours by link strength; the chains'
    documents; how many chains fit under max_nodes)."""
    core: dict[str, None] = {}
    drawn_chains = 0
    for chain in chains:
        new = [d for d in chain["doc_ids"] if d not in core]
        if len(core) + len(new) > limits.max_nodes:
            break
        core.update(dict.fromkeys(new))
        drawn_chains += 1
    best: dict[str, float] = {}  # neighbour -> its strongest link into the chains' documents
    for link in iter_jsonl(folder / "links.jsonl"):
        a, b, s = link["doc_a"], link["doc_b"], link["strength_before"]
        for inside, other in ((a, b), (b, a)):
            if inside in core and other not in core and s > best.get(other, -1.0):
                best[other] = s
    room = limits.max_nodes - len(core)
    neighbours = sorted(best, key=lambda d: (-best[d], d))[:max(room, 0)]
    return list(core) + neighbours, set(core), drawn_chains


def _histogram(values: list[float]) -> list[int]:
    counts = [0] * HISTOGRAM_BINS
    for v in values:
        counts[min(int(v * HISTOGRAM_BINS), HISTOGRAM_BINS - 1)] += 1
    return counts


@lru_cache(maxsize=256)
def _token_pattern(tokens: tuple[str, ...]) -> re.Pattern[str] | None:
    if not tokens:
        return None
    return re.compile("|".join(re.escape(t) for t in sorted(tokens, key=len, reverse=True)))


def segments(text: str, tokens: tuple[str, ...]) -> list[str]:
    """text split at the replacement tokens: plain, token, plain, token, ..., plain. Split here
    rather than as offsets, because Python and JavaScript count characters differently."""
    pattern = _token_pattern(tokens)
    if pattern is None:
        return [text]
    out: list[str] = []
    position = 0
    for match in pattern.finditer(text):
        out += [text[position:match.start()], match.group(0)]
        position = match.end()
    out.append(text[position:])
    return out


def _metadata_text(metadata: Any) -> str | None:
    if not metadata:
        return None
    return json.dumps(metadata, ensure_ascii=False, indent=1)


def build_view(folder: Path, redact: bool, limits: Limits) -> dict[str, Any]:
    """The report's data, from the files of an analyze output folder."""
    run = read_json(folder / "run.json")
    counts = run.get("counts", {})
    settings = run.get("settings", {})
    policy = settings.get("policy", {})
    notes: list[str] = []

    chains, chains_total, unmet_chains, unmet_total = read_chains(folder, limits.top_chains, limits.max_unmet)
    drawn, core, drawn_chains = _select_documents(folder, chains, limits)
    if drawn_chains < len(chains):
        notes.append(f"The graph draws the {drawn_chains} riskiest chains, not {len(chains)}: their documents "
                     f"fill the cap of {limits.max_nodes} documents.")
    chains = chains[:drawn_chains]
    node_of = {d: i for i, d in enumerate(drawn)}

    edges = []
    for link in iter_jsonl(folder / "links.jsonl"):
        a, b = node_of.get(link["doc_a"]), node_of.get(link["doc_b"])
        if a is not None and b is not None:
            edges.append({"a": a, "b": b, "sb": link["strength_before"], "sa": link["strength_after"],
                          "via": link["via"]})

    # All documents: risk histograms and each document's risk (the masked table's "riskiest
    # document" column); the drawn ones in full.
    risk_before: dict[str, float] = {}
    after: list[float] = []
    rows: dict[str, dict[str, Any]] = {}
    for doc in iter_jsonl(folder / "documents.jsonl"):
        risk_before[doc["doc_id"]] = doc["risk_before"]
        after.append(doc["risk_after"])
        if doc["doc_id"] in node_of:
            rows[doc["doc_id"]] = doc

    needed = {m["entity_id"] for d in rows.values() for m in d["mentions"]}
    needed.update(e for edge in edges for e in edge["via"])
    entities, table, kept_groups, masked_values, masked_total = _read_entities(
        folder, needed, risk_before, limits)
    if masked_total > len(table):
        notes.append(f"The table lists the {len(table):,} most important of the {masked_total:,} masked values; "
                     "entities.jsonl has them all.")
    redactor = Redactor(masked_values) if redact else None
    index = {eid: i for i, eid in enumerate(entities)}
    entity_rows = [_entity_row(entities[eid], redactor) for eid in entities]
    if redact:
        table = [row[1:] for row in table]  # no value column at all

    nodes = []
    for doc_id in drawn:
        doc = rows.get(doc_id, {"path": None, "risk_before": 0.0, "risk_after": 0.0, "mentions": []})
        nodes.append({
            "id": doc_id, "label": doc.get("source_id", _source(doc_id)), "path": doc["path"],
            "rb": doc["risk_before"], "ra": doc["risk_after"], "core": doc_id in core,
            "mentions": sorted(([index[m["entity_id"]], m["relevance"]] for m in doc["mentions"]),
                               key=lambda m: -m[1]),
        })
    for edge in edges:
        edge["via"] = [index[e] for e in edge["via"]]

    view = {
        "meta": {
            "input": run.get("input"), "run_id": run.get("run_id"), "started": run.get("started"),
            "versions": run.get("versions", {}), "backend": settings.get("backend"),
            "selection": settings.get("selection"), "redaction": settings.get("redaction"),
            "policy": policy, "redacted": redact, "top_chains": limits.top_chains,
            "chains_total": chains_total, "documents_total": len(after), "max_nodes": limits.max_nodes,
        },
        "counts": counts,
        "histogram": {"bins": HISTOGRAM_BINS, "before": _histogram(list(risk_before.values())),
                      "after": _histogram(after)},
        "nodes": nodes,
        "edges": edges,
        "chains": [{"nodes": [node_of[d] for d in c["doc_ids"]], "ri": c["risk_initial"],
                    "rp": c["risk_pre_chain"], "ra": c["risk_after"], "cat": c["category"],
                    "target": c.get("target"), "met": c.get("target_met", True), "reason": c.get("reason")}
                   for c in chains],
        "entities": entity_rows,
        "masked_table": {"rows": table, "total": masked_total},
        "kept": [[t, reason, n] for (t, reason), n in sorted(kept_groups.items(), key=lambda kv: (-kv[1], kv[0]))],
        "unmet": {
            "documents": [{"label": _source(u["doc_id"]), "risk": u.get("risk"), "reason": u.get("reason")}
                          for u in run.get("unmet_targets", {}).get("documents", [])[:limits.max_unmet]],
            "documents_total": len(run.get("unmet_targets", {}).get("documents", [])),
            "chains": [{"labels": c.get("source_ids") or [_source(d) for d in c["doc_ids"]],
                        "risk": c["risk_after"], "target": c.get("target"), "reason": c.get("reason")}
                       for c in unmet_chains],
            "chains_total": unmet_total,
        },
        "warnings": list(run.get("warnings", [])) + [
            f"{s['path']} record {s['record']}: {s['reason']}, skipped" for s in run.get("skipped_documents", [])],
        "notes": notes,
    }
    # Few distinct replacements (value and complete redaction): look for all of them in every
    # text, so a value replaced where it was not extracted is highlighted too. Many (keyed
    # pseudonyms): each document's own masked values.
    tokens = sorted({m.replacement for m in masked_values})
    _attach_texts(folder, view, tuple(tokens) if len(tokens) <= GLOBAL_TOKENS else None, limits)
    return view


def _read_entities(folder: Path, needed: set[str], risk_before: dict[str, float], limits: Limits):
    """Stream entities.jsonl: the needed entities in full, the most important masked ones as
    table rows, the unmasked ones counted by (type, reason), every masked value's spellings."""
    import heapq

    entities: dict[str, dict[str, Any]] = {}
    heap: list[tuple[float, str, list[Any]]] = []
    kept: dict[tuple[str, str], int] = {}
    masked_values: list[MaskedValue] = []
    masked_total = 0
    for e in iter_jsonl(folder / "entities.jsonl"):
        if e["entity_id"] in needed:
            entities[e["entity_id"]] = e
        if not e["masked"]:
            key = (e["type"], (e.get("kept_because") or "").split(":")[0])
            kept[key] = kept.get(key, 0) + 1
            continue
        masked_total += 1
        masked_values.append(MaskedValue(e["entity_id"], tuple(e["original_values"]), e["replacement"]))
        riskiest = max(e["doc_ids"], key=lambda d: risk_before.get(d, 0.0), default=None)
        row = [e["normalized_value"], e["type"], e["replacement"], e["stage"], STAGE_REASON.get(e["stage"], ""),
               _source(riskiest) if riskiest else "", len(e["doc_ids"]), round(e["importance"], 4),
               round(e["uniqueness"], 4)]
        item = (e["importance"], e["entity_id"], row)
        if len(heap) < limits.max_table_rows:
            heapq.heappush(heap, item)
        elif item > heap[0]:
            heapq.heapreplace(heap, item)
    table = [row for _, _, row in sorted(heap, key=lambda t: (-t[0], t[1]))]
    return entities, table, kept, masked_values, masked_total


def _entity_row(e: dict[str, Any], redactor: Redactor | None) -> dict[str, Any]:
    """An entity as the page shows it. Redacted: a masked value is only its replacement, and
    an unmasked value that contains a masked one is shown with that part replaced."""
    value = e["normalized_value"]
    if redactor is not None:
        value = None if e["masked"] else redactor.redact(value)[0]
    return {"type": e["type"], "value": value, "masked": e["masked"], "stage": e["stage"],
            "replacement": e["replacement"]}


def _attach_texts(folder: Path, view: dict[str, Any], all_tokens: tuple[str, ...] | None, limits: Limits) -> None:
    """Embed the drawn documents' masked text, riskiest first, while the file stays under budget."""
    nodes = view["nodes"]
    wanted: dict[str, set[str]] = {}
    for node in nodes:
        if node["path"] is not None:
            wanted.setdefault(node["path"], set()).add(node["label"])
    records = masked_records(folder, wanted)
    # What the page weighs without texts, plus the drawing library and page (about 0.5 MB).
    room = limits.budget_bytes - len(json.dumps(view, ensure_ascii=False).encode()) - 700_000
    replacement_of = [e["replacement"] for e in view["entities"]]
    omitted = truncated = 0
    for node in sorted(nodes, key=lambda n: -n["rb"]):
        record = records.get((node["path"], node["label"]))
        if record is None:
            node["text_note"] = "not found in masked/"
            continue
        tokens = all_tokens or tuple(sorted({replacement_of[i] for i, _ in node["mentions"] if replacement_of[i]}))
        content = str(record.get("content", ""))
        if len(content) > limits.text_chars:
            content = content[:limits.text_chars]
            truncated += 1
            node["text_note"] = f"first {limits.text_chars:,} characters"
        text = {"content": segments(content, tokens)}
        metadata = _metadata_text(record.get("metadata"))
        if metadata:
            text["metadata"] = segments(metadata[:limits.text_chars], tokens)
        size = len(json.dumps(text, ensure_ascii=False).encode())
        if size > room:
            omitted += 1
            node["text_note"] = "left out: the report's size budget is spent"
            continue
        room -= size
        node["text"] = text
    if omitted:
        view["notes"].append(f"The masked text of {omitted} of the {len(nodes)} drawn documents is left out to keep "
                             f"the file under {limits.budget_bytes / 2**20:.0f} MB (the riskiest documents' texts "
                             "are in); masked/ has them all.")
    if truncated:
        view["notes"].append(f"{truncated} long documents show their first {limits.text_chars:,} characters.")
