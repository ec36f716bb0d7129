"""report.md: a human summary of one analysis. It names masked values, so like the rest of
the output folder (except masked/) it is an audit document, not something to index."""

from __future__ import annotations

from itertools import islice
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from .pipeline import Analysis

RISK_BUCKETS = (0.0, 0.25, 0.5, 0.75, 0.95, 1.0000001)
MAX_ROWS = 50


# Summary rows whose key alone would promise more than the run knows.
SUMMARY_LABELS = {"direct_identifiers_unmasked": "direct identifiers found and left unmasked"}


def _bucket_counts(values: np.ndarray) -> list[int]:
    counts, _ = np.histogram(values, bins=RISK_BUCKETS)
    return [int(c) for c in counts]


def _bucket_label(i: int) -> str:
    lo, hi = RISK_BUCKETS[i], RISK_BUCKETS[i + 1]
    return f"[{lo:.2f}, {min(hi, 1.0):.2f}{']' if hi > 1 else ')'}"


def _md(value: object) -> str:
    return str(value).replace("|", "\\|").replace("\n", " ")


def _shown_values(a: Analysis, redact: bool):
    """entity id -> the value the report shows. Redacted: a masked value is its replacement, and
    a readable value that contains a masked one has that part replaced, as in masked/."""
    entities = a.assembled.entities
    if not redact:
        return lambda eid: entities[eid].normalized_value
    from .redact import MaskedValue, Redactor

    redactor = Redactor(MaskedValue(eid, tuple(sorted(entities[eid].original_values)), rep)
                        for eid, rep in a.replacements.items())
    return lambda eid: a.replacements.get(eid) or redactor.redact(entities[eid].normalized_value)[0]


def _extractor_text(a: Analysis) -> str:
    """The extractor as a reader needs it: for the rules, the preset and which of its statistical
    models read this corpus (one is left out of a corpus over model_max_characters)."""
    s = a.settings
    if s.extractor != "rules":
        return s.extractor
    from .extract.recognizers.base import STATISTICAL

    models = [n for n in s.rules.auto_recognizers() if n in STATISTICAL]
    ran = [n for n in models if n not in a.models_not_run]
    text = f"rules (preset {s.preset}" + (f", with {', '.join(ran)}" if ran else "") + ")"
    if a.models_not_run:
        text += f", {', '.join(a.models_not_run)} left out (the corpus is over [extraction] model_max_characters)"
    return text


def render_report(a: Analysis, redact: bool = False) -> str:
    """report.md. `redact` leaves every masked value out (`--redact-report`)."""
    s = a.settings
    p = s.policy
    summary = a.summary()
    entities = a.assembled.entities
    source_of = {d.doc_id: d.source_id for d in a.corpus.documents}
    masked_ids = {a.entity_ids[e] for e in a.selection.masked}
    shown = _shown_values(a, redact)
    lines: list[str] = []
    add = lines.append

    add("# sanon-graph analysis report\n")
    add(f"Input: `{a.corpus.root}`  ")
    add(f"Extractor: {_extractor_text(a)}; selection: {s.selection}; redaction: {s.redaction}; "
        f"chain length {p.chain_length}; edge threshold {p.edge_strength_threshold}; "
        f"theta_doc {p.theta_doc}; theta_chain {p.theta_chain}; rho HIGH {p.rho_high}, MEDIUM {p.rho_medium}.\n")
    if redact:
        add("Only `masked/` is meant for the RAG index. This report is redacted: a masked value appears only as "
            "its replacement. `entities.jsonl` and `replacements.json` name the masked values: keep them with "
            "the audit trail.\n")
    else:
        add("Only `masked/` is meant for the RAG index. This report, `entities.jsonl` and "
            "`replacements.json` name the masked values: keep them with the audit trail.\n")
    solver = a.selection.solver
    if solver:
        proven = "proven optimal" if solver["proven_optimal"] else "optimality NOT proven"
        add(f"Exact selection: {solver['status']} ({proven}); cost {solver['objective']:g} against "
            f"{solver['incumbent_objective']:g} for METHOD's greedy stages; {solver['rounds']} solver rounds, "
            f"{solver['cuts']} cuts, {solver['seconds']:.2f} s; {solver['components_optimal']} of "
            f"{solver['components']} independent components solved to optimality; solution from the "
            f"{solver['solution_from']}.\n")

    add("## Summary\n")
    add("| | |\n|---|---|")
    for key in ("documents", "documents_skipped", "entities", "mentions", "links", "chains",
                "masked_entities", "masked_direct", "masked_document_stage", "masked_chain_stage", "masked_weight",
                "characters_masked", "documents_changed", "replacements_made", "documents_over_target_after",
                "chains_target_unmet", "direct_identifiers_unmasked"):
        add(f"| {SUMMARY_LABELS.get(key, key.replace('_', ' '))} | {summary[key]} |")
    add(f"| max document risk | {summary['max_document_risk_before']:.3f} -> {summary['max_document_risk_after']:.3f} |")
    add(f"| max chain risk | {summary['max_chain_risk_before']:.3f} -> {summary['max_chain_risk_after']:.3f} |")
    add("\nEvery count is of what the extractor found: a value it missed is in `masked/` as written "
        "(`sanon-graph eval` measures what it finds on labelled data).")
    add("")

    add("## Document risk before and after\n")
    add("| risk | before | after |\n|---|---|---|")
    before, after = _bucket_counts(a.risk_before), _bucket_counts(a.risk_after)
    for i in range(len(RISK_BUCKETS) - 1):
        add(f"| {_bucket_label(i)} | {before[i]} | {after[i]} |")
    add("")

    add("## Chains by category\n")
    add("| category | initial | after document stage | after chain stage |\n|---|---|---|---|")
    for cat in ("HIGH", "MEDIUM", "LOW"):
        add(f"| {cat} | {summary['chains_by_category_initial'][cat]} | "
            f"{summary['chains_by_category_pre_chain'][cat]} | {summary['chains_by_category_after'][cat]} |")
    add("\nCategory of a chain is taken from its risk at the start of the chain stage "
        f"(HIGH >= {p.high}, MEDIUM >= {p.medium}).\n")

    add("## Riskiest chains\n")
    riskiest = a.chains.riskiest(10)
    if not riskiest:
        add("No chain: no two documents share entities strongly enough to keep an edge.\n")
    for n, c in enumerate(riskiest, start=1):
        ids = [a.doc_ids[d] for d in c.doc_ids]
        add(f"{n}. **{' -> '.join(_md(source_of[i]) for i in ids)}**: risk {c.risk_initial:.3f} -> "
            f"{c.risk_pre_chain:.3f} (document stage) -> {c.risk_after:.3f}; {c.category}; "
            f"target {c.target:.3f} {'met' if c.target_met else 'NOT met: ' + str(c.reason)}")
        for (x, y), (i, j) in zip(zip(ids, ids[1:], strict=False), zip(c.doc_ids, c.doc_ids[1:], strict=False),
                                  strict=True):
            via = [a.entity_ids[e] for e in a.links.via_between(i, j)]
            linked = ", ".join(
                f"{entities[e].type} `{_md(shown(e))}`{' (masked)' if e in masked_ids else ''}"
                for e in via
            )
            add(f"   - {_md(source_of[x])} <-> {_md(source_of[y])} via {linked}")
    add("")

    add("## What was masked and why\n")
    if not a.selection.decisions:
        add("Nothing: every document and chain already met its target.\n")
    else:
        add("| entity | type | stage | for | risk before -> after |\n|---|---|---|---|---|")
        for d in a.selection.decisions[:MAX_ROWS]:
            target = " -> ".join(_md(source_of.get(t, t)) for t in d.target.split(" -> "))
            add(f"| `{_md(shown(d.entity_id))}` | {entities[d.entity_id].type} | {d.stage} | "
                f"{target} | {d.risk_before:.3f} -> {d.risk_after:.3f} |")
        if len(a.selection.decisions) > MAX_ROWS:
            add(f"\n... and {len(a.selection.decisions) - MAX_ROWS} more decisions (entities.jsonl has them all).")
        add("\nDirect: every value of a direct-identifier type (" + ", ".join(sorted(s.entity_schema.direct_identifiers))
            + ") is masked before the risk stages, whatever the risks"
            + (" (the floor; `--no-direct-floor` turns it off)." if p.direct_floor else
               ": the floor is OFF in this run (`--no-direct-floor`), so direct identifiers were masked only "
               "where the risk stages chose them.")
            + " The row names the riskiest document the value is in.")
        add("\nDocument stage: the document's most important unmasked entity, until its risk is under "
            "theta_doc. Chain stage: the entity whose masking lowers the chain's risk most, until the "
            "chain meets its target. A masked value is replaced in every document.\n")

    _kept_section(a, add, shown)

    unmet_docs = [(d, o) for d, o in a.selection.documents.items() if not o.target_met]
    unmet_chains = list(islice(a.chains.unmet(), MAX_ROWS))
    if unmet_docs or unmet_chains:
        add("## Targets not met\n")
        for d, o in unmet_docs[:MAX_ROWS]:
            add(f"- document {_md(source_of[a.doc_ids[d]])}: risk {o.risk_after_document_stage:.3f}: {o.reason}")
        for c in unmet_chains[:MAX_ROWS]:
            add(f"- chain {' -> '.join(_md(source_of[a.doc_ids[d]]) for d in c.doc_ids)}: "
                f"risk {c.risk_after:.3f} > target {c.target:.3f}: {c.reason}")
        add("")

    if a.warnings or a.corpus.skipped:
        add("## Warnings\n")
        for w in a.warnings:
            add(f"- {_md(w)}")
        for path, record, reason in a.corpus.skipped:
            add(f"- {_md(path)} record {record}: {reason}, skipped")
        add("")

    add("## Timings (seconds)\n")
    add(" | ".join(f"{k}: {v}" for k, v in a.timings.items() if not k.startswith("graph: ")) + "\n")
    return "\n".join(lines)


def _kept_section(a: Analysis, add, shown) -> None:
    """What was extracted and left readable, grouped by type and reason; direct identifiers
    left readable are listed one by one (with the floor on there are none)."""
    entities = a.assembled.entities
    if not a.kept:
        return
    add("## What stayed readable and why\n")
    add(f"{len(a.kept)} extracted values were left unmasked. `entities.jsonl` gives each one's "
        "reason in `kept_because`.\n")
    groups: dict[tuple[str, str], int] = {}
    for e, reason in a.kept.items():
        head = reason.split(":")[0]
        key = (entities[a.entity_ids[e]].type, head)
        groups[key] = groups.get(key, 0) + 1
    add("| type | reason | values |\n|---|---|---|")
    for (etype, head), n in sorted(groups.items(), key=lambda kv: (-kv[1], kv[0])):
        add(f"| {etype} | {head} | {n} |")
    direct = a.settings.entity_schema.direct_identifiers
    left = [e for e in a.kept if entities[a.entity_ids[e]].type in direct]
    if left:
        add(f"\n**{len(left)} direct identifiers are readable in masked/**:")
        for e in left[:MAX_ROWS]:
            ent = entities[a.entity_ids[e]]
            add(f"- {ent.type} `{_md(shown(a.entity_ids[e]))}`: {_md(a.kept[e])}")
    add("")
