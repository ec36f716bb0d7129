"""Checks of the output folder contract, shared by the end-to-end tests."""

from __future__ import annotations

import json
from pathlib import Path

from sanon_graph.redact import MaskedValue, Redactor

from .conftest import read_jsonl

DOCUMENT_FIELDS = {"doc_id", "source_id", "path", "risk_before", "risk_after", "mentions"}
ENTITY_FIELDS = {"entity_id", "type", "normalized_value", "original_values", "doc_ids", "uniqueness",
                 "importance", "masked", "stage", "replacement", "kept_because"}
LINK_FIELDS = {"doc_a", "doc_b", "via", "strength_before", "strength_after"}
CHAIN_FIELDS = {"doc_ids", "source_ids", "risk_initial", "risk_pre_chain", "risk_after", "category", "target_met"}


def check_output_contract(out: Path, input_dir: Path) -> dict:
    """Assert the contract of an analyze output folder; returns run.json."""
    for name in ("documents.jsonl", "entities.jsonl", "links.jsonl", "chains.jsonl",
                 "replacements.json", "run.json", "report.md"):
        assert (out / name).is_file(), name
    run = json.loads((out / "run.json").read_text())
    policy = run["settings"]["policy"]
    docs = read_jsonl(out / "documents.jsonl")
    entities = read_jsonl(out / "entities.jsonl")
    links = read_jsonl(out / "links.jsonl")
    chains = read_jsonl(out / "chains.jsonl")
    by_entity = {e["entity_id"]: e for e in entities}
    doc_ids = {d["doc_id"] for d in docs}

    for d in docs:
        assert DOCUMENT_FIELDS <= set(d)
        assert d["doc_id"].startswith(d["source_id"] + "|")
        assert 0 <= d["risk_after"] <= d["risk_before"] + 1e-12 <= 1 + 1e-12
        assert all(m["entity_id"] in by_entity and 0 <= m["relevance"] <= 1 for m in d["mentions"])
    for e in entities:
        assert ENTITY_FIELDS <= set(e)
        assert set(e["doc_ids"]) <= doc_ids and e["original_values"]
        assert (e["stage"] in ("direct", "document", "chain")) == e["masked"] == (e["replacement"] is not None)
        assert (e["kept_because"] is None) == e["masked"]
    direct_types = {name for name, t in run["settings"]["entity_schema"]["types"].items() if t["direct"]}
    if policy["direct_floor"]:  # the floor: no direct identifier is left, and each is its own stage
        assert all(e["masked"] for e in entities if e["type"] in direct_types)
        assert all(e["stage"] == "direct" for e in entities if e["type"] in direct_types)
    else:
        assert all(e["stage"] != "direct" for e in entities)
    for link in links:
        assert LINK_FIELDS <= set(link)
        assert link["strength_before"] >= policy["edge_strength_threshold"] - 1e-12
        assert 0 <= link["strength_after"] <= link["strength_before"] + 1e-12
        assert all(v in by_entity for v in link["via"])
    category = {"HIGH": policy["high"], "MEDIUM": policy["medium"]}
    for c in chains:
        assert CHAIN_FIELDS <= set(c)
        assert 2 <= len(c["doc_ids"]) <= policy["chain_length"]
        r = c["risk_pre_chain"]
        expected = "HIGH" if r >= category["HIGH"] else "MEDIUM" if r >= category["MEDIUM"] else "LOW"
        assert c["category"] == expected
        assert c["risk_after"] <= r + 1e-12 <= c["risk_initial"] + 2e-12
        if c["target_met"]:
            assert c["risk_after"] <= policy["theta_chain"] + 1e-12
    if run["settings"]["document_stage"]:
        unmet = {u["doc_id"] for u in run["unmet_targets"]["documents"]}
        assert all(d["risk_after"] < policy["theta_doc"] or d["doc_id"] in unmet for d in docs)

    # masked/: the input's files, and no masked value survives anywhere in them
    masked_files = sorted(p.relative_to(out / "masked").as_posix() for p in (out / "masked").rglob("*") if p.is_file())
    input_files = sorted(p.relative_to(input_dir).as_posix() for p in input_dir.rglob("*")
                         if p.is_file() and p.suffix in (".json", ".jsonl"))
    assert masked_files == input_files
    masked = [e for e in entities if e["masked"]]
    redactor = Redactor(MaskedValue(e["entity_id"], tuple(e["original_values"]), e["replacement"]) for e in masked)
    for rel in masked_files:
        text = (out / "masked" / rel).read_text(encoding="utf-8")
        assert redactor.surviving(text) == [], rel
    replacements = json.loads((out / "replacements.json").read_text())["replacements"]
    assert set(replacements) == {e["entity_id"] for e in masked}
    return run
