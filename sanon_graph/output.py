"""The output folder's machine-readable files. Names and fields are a contract tools read:

documents.jsonl  doc_id, source_id, path, risk_before, risk_after, mentions [{entity_id, relevance}]
entities.jsonl   entity_id, type, normalized_value, original_values, doc_ids, uniqueness,
                 importance, masked, stage ("direct"|"document"|"chain"|null), replacement,
                 kept_because (why an unmasked value was left; null when masked)
links.jsonl      doc_a, doc_b, via, strength_before, strength_after (edges kept by the pruning)
chains.jsonl     doc_ids, source_ids, risk_initial, risk_pre_chain, risk_after, category
                 (from risk_pre_chain), target_met (+ target, reason)
replacements.json, run.json, report.md, report.html (rendered from the files above and masked/)
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from .forked import forked_map, worth_forking
from .report import render_report
from .report_html import write_report_html

if TYPE_CHECKING:
    from .pipeline import Analysis

OUTPUT_FILES = (
    "documents.jsonl", "entities.jsonl", "links.jsonl", "chains.jsonl",
    "replacements.json", "run.json", "report.md", "report.html",
)


# One encoder for every row: json.dumps(row, ensure_ascii=False) builds a new JSONEncoder per
# call, which costs as much as encoding a small row. The same settings, so the same bytes.
_ENCODE = json.JSONEncoder(ensure_ascii=False).encode


def _write_jsonl(path: Path, rows: Iterable[dict[str, Any]]) -> int:
    count = 0
    encode = _ENCODE
    with path.open("w", encoding="utf-8") as fh:
        # Lines are written in batches: one write call per row was a measurable part of the stage.
        batch: list[str] = []
        for row in rows:
            batch.append(encode(row))
            count += 1
            if len(batch) == 4096:
                batch.append("")
                fh.write("\n".join(batch))
                batch = []
        if batch:
            batch.append("")
            fh.write("\n".join(batch))
    return count


def write_outputs(analysis: Analysis, folder: Path, input_path: Path) -> None:
    from .pipeline import versions

    a = analysis
    # The four tables and the replacement dictionary do not depend on one another: a large
    # run writes them over the machine's cores (forked workers inherit the analysis), then the
    # run record and the reports, which read them.
    for _ in forked_map(_write_table, (a, folder), list(_TABLES), worth_forking(len(a.corpus.documents))):
        pass

    run = {
        "tool": "sanon-graph",
        "versions": versions(a.graph, a.settings, a.models_not_run),
        "run_id": a.run_id,
        "started": a.started,
        "graph": a.graph.model_dump(mode="json", exclude_none=True) if a.graph else None,
        "input": str(input_path),
        "settings": a.settings.model_dump(mode="json"),
        "counts": a.summary(),
        "extraction": a.assembled.stats.as_dict(),
        "llm": a.llm_stats,
        "cross_document": a.cross_document,
        "pseudonym_key": a.pseudonym_key,
        "skipped_documents": [{"path": p, "record": r, "reason": why} for p, r, why in a.corpus.skipped],
        "warnings": a.warnings,
        # a statistical model the preset enables, left out of a corpus over model_max_characters
        "models_not_run": a.models_not_run,
        "timings_seconds": a.timings,
        # memory limit, the engine's buffer pool, the estimated and the actual peak (issue 16)
        "resources": a.resources(),
        "unmet_targets": {
            "documents": [
                {"doc_id": a.doc_ids[d], "risk": o.risk_after_document_stage, "reason": o.reason}
                for d, o in sorted(a.selection.documents.items()) if not o.target_met
            ],
            "chains": int((~a.chains.target_met).sum()),
        },
        "outputs": list(OUTPUT_FILES) + ["masked/"] + ([a.graph.path] if a.graph and a.graph.path else []),
    }
    (folder / "run.json").write_text(json.dumps(run, indent=2) + "\n", encoding="utf-8")
    report = a.settings.report
    (folder / "report.md").write_text(render_report(a, redact=report.redact), encoding="utf-8")
    # From the files just written (not from `a`), exactly as `sanon-graph report DIR` renders it.
    write_report_html(folder, redact=report.redact, top_chains=report.top_chains)


def _masked_stage(a: Analysis) -> dict[str, str]:
    """Entity id -> the stage that masked it."""
    return {a.entity_ids[e]: stage for e, stage in a.selection.masked.items()}


def _write_documents(a: Analysis, folder: Path) -> None:
    docs = a.corpus.documents
    # Each document's mentions as positions into the mention list (in the list's order), their
    # rows made per document as it is written: a dict per mention made up front took 2.5 GB at
    # 1,000,000 documents (11M mentions).
    mentions = a.assembled.mentions
    position_of = {d.doc_id: i for i, d in enumerate(docs)}
    doc_of_mention = np.fromiter((position_of.get(m.doc_id, -1) for m in mentions), np.int64, len(mentions))
    by_doc = np.argsort(doc_of_mention, kind="stable")
    bounds = np.searchsorted(doc_of_mention[by_doc], np.arange(len(docs) + 1)).tolist()
    del position_of, doc_of_mention

    def mentions_of(i: int) -> list[dict[str, Any]]:
        return [{"entity_id": mentions[k].entity_id, "relevance": mentions[k].relevance}
                for k in by_doc[bounds[i]:bounds[i + 1]].tolist()]

    _write_jsonl(folder / "documents.jsonl", (
        {
            "doc_id": d.doc_id,
            "source_id": d.source_id,
            "path": d.path,
            "risk_before": float(a.risk_before[i]),
            "risk_after": float(a.risk_after[i]),
            "mentions": mentions_of(i),
        }
        for i, d in enumerate(docs)
    ))


def _write_entities(a: Analysis, folder: Path) -> None:
    entities = a.assembled.entities
    masked_stage = _masked_stage(a)
    # Columns as dicts of Python floats (what float() of the cell gives): table.at per row was
    # most of this file's time.
    table = a.entity_table
    uniqueness_of = dict(zip(table.index, table["uniqueness"].tolist(), strict=True))
    importance_of = dict(zip(table.index, table["importance"].tolist(), strict=True))
    _write_jsonl(folder / "entities.jsonl", (
        {
            "entity_id": eid,
            "type": entities[eid].type,
            "normalized_value": entities[eid].normalized_value,
            "original_values": sorted(entities[eid].original_values),
            "doc_ids": entities[eid].doc_ids,
            "uniqueness": float(uniqueness_of[eid]),
            "importance": float(importance_of[eid]),
            "masked": eid in masked_stage,
            "stage": masked_stage.get(eid),
            "replacement": a.replacements.get(eid),
            "kept_because": a.kept.get(e),
        }
        for e, eid in enumerate(a.entity_ids)
    ))


def _write_links(a: Analysis, folder: Path) -> None:
    _write_jsonl(folder / "links.jsonl", (
        {"doc_a": doc_a, "doc_b": doc_b, "via": via, "strength_before": before, "strength_after": after}
        for doc_a, doc_b, via, before, after in a.links.rows(a.doc_ids, a.entity_ids)
    ))


def _write_chains(a: Analysis, folder: Path) -> None:
    from .pipeline import chain_id

    source_of = {d.doc_id: d.source_id for d in a.corpus.documents}
    source_ids = [source_of[d] for d in a.doc_ids]
    _write_jsonl(folder / "chains.jsonl", (
        {
            "chain_id": chain_id(ids),
            "doc_ids": ids,
            "source_ids": [source_ids[d] for d in c.doc_ids],
            "risk_initial": c.risk_initial,
            "risk_pre_chain": c.risk_pre_chain,
            "risk_after": c.risk_after,
            "category": c.category,
            "target": c.target,
            "target_met": c.target_met,
            "reason": c.reason,
        }
        for c, ids in ((c, [a.doc_ids[d] for d in c.doc_ids]) for c in a.chains)
    ))


def _write_replacements(a: Analysis, folder: Path) -> None:
    entities = a.assembled.entities
    masked_stage = _masked_stage(a)
    # The replacement dictionary. With originals it is a re-identification key: it stays
    # with the audit trail and never goes into the RAG index (only masked/ does).
    (folder / "replacements.json").write_text(json.dumps({
        "strategy": a.settings.redaction,
        "replacements": {
            eid: {
                "replacement": rep,
                "type": entities[eid].type,
                "stage": masked_stage[eid],
                "original_values": sorted(entities[eid].original_values),
            }
            for eid, rep in sorted(a.replacements.items())
        },
    }, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


_TABLES = {"documents": _write_documents, "entities": _write_entities, "links": _write_links, "chains": _write_chains,
           "replacements": _write_replacements}


def _write_table(state: tuple[Analysis, Path], name: str) -> None:
    analysis, folder = state
    _TABLES[name](analysis, folder)
