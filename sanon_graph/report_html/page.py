"""The HTML page around the report's data: static sections rendered here (escaped), the data as
a JSON block, the vendored cytoscape.js and report.js inlined. One file, no network: the
Content-Security-Policy forbids every fetch, so a page that tried one would fail loudly in the
browser test rather than leak quietly."""

from __future__ import annotations

import json
from html import escape
from importlib import resources
from typing import Any

from ..report import SUMMARY_LABELS
from . import plots

CSP = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:"
CYTOSCAPE_VERSION = "3.34.4"  # scripts/vendor_cytoscape.sh writes data/vendor/ at this version


def _static(name: str) -> str:
    return resources.files("sanon_graph.report_html").joinpath("static", name).read_text(encoding="utf-8")


def _vendor(name: str) -> str:
    return resources.files("sanon_graph").joinpath("data", "vendor", name).read_text(encoding="utf-8")


def _inline_script(code: str) -> str:
    # A script element ends at the first "</script", whatever the JavaScript around it means.
    return "<script>" + code.replace("</script", "<\\/script") + "</script>"


def json_block(element_id: str, value: Any) -> str:
    """value as a non-executed JSON script block. Every "<" is escaped, so no text from a
    document can close the element or open a comment, whatever it contains."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    return f'<script type="application/json" id="{escape(element_id)}">{text}</script>'


def _f(x: Any) -> str:
    return "" if x is None else f"{x:.3f}"


def _summary(view: dict[str, Any]) -> str:
    c = view["counts"]
    rows = [(SUMMARY_LABELS.get(key, key.replace("_", " ")), c[key]) for key in (
        "documents", "documents_skipped", "entities", "mentions", "links", "chains", "masked_entities",
        "masked_direct", "masked_document_stage", "masked_chain_stage", "characters_masked", "documents_changed",
        "replacements_made", "documents_over_target_after", "chains_target_unmet", "direct_identifiers_unmasked")
        if key in c]
    for label, key in (("max document risk", "document"), ("max chain risk", "chain")):
        if f"max_{key}_risk_before" in c:
            rows.append((label, f"{c[f'max_{key}_risk_before']:.3f} \u2192 {c[f'max_{key}_risk_after']:.3f}"))
    body = "".join(f"<tr><td>{escape(str(k))}</td><td class=num>{escape(str(v))}</td></tr>" for k, v in rows)
    return f'<table id="summary-table"><tbody>{body}</tbody></table>'


def _plots(view: dict[str, Any]) -> str:
    c, h = view["counts"], view["histogram"]
    out = [plots.risk_histogram(h["before"], h["after"], view["meta"]["policy"].get("theta_doc"))]
    if "chains_by_category_initial" in c:
        out.append(plots.chain_categories(c["chains_by_category_initial"], c.get("chains_by_category_pre_chain", {}),
                                          c.get("chains_by_category_after", {})))
    return '<div class="plots">' + "".join(out) + "</div>"


def _chains(view: dict[str, Any]) -> str:
    if not view["chains"]:
        return "<p>No chain: no two documents share entities strongly enough to keep a link.</p>"
    labels = [n["label"] for n in view["nodes"]]
    items = "".join(
        f'<li data-chain="{k}"><b>{escape(" -> ".join(labels[i] for i in c["nodes"]))}</b>: '
        f'{_f(c["ri"])} \u2192 {_f(c["rp"])} \u2192 {_f(c["ra"])}; {escape(c["cat"])}; '
        f'target {_f(c["target"])} {"met" if c["met"] else "<b>not met</b>"}</li>'
        for k, c in enumerate(view["chains"]))
    return f'<ol class="chains" id="chain-list">{items}</ol>'


def _documents(view: dict[str, Any]) -> str:
    chains_of = [0] * len(view["nodes"])
    for c in view["chains"]:
        for i in c["nodes"]:
            chains_of[i] += 1
    order = sorted(range(len(view["nodes"])), key=lambda i: -view["nodes"][i]["rb"])
    rows = "".join(
        f'<tr data-node="{i}"><td>{escape(n["label"])}</td><td>{escape(n["path"] or "")}</td>'
        f'<td class=num>{_f(n["rb"])}</td><td class=num>{_f(n["ra"])}</td><td class=num>{chains_of[i]}</td></tr>'
        for i in order for n in (view["nodes"][i],))
    return ('<div class="scroll"><table class="sortable" id="documents-table"><thead><tr><th>document</th>'
            '<th>file</th><th class=num>risk before</th><th class=num>risk after</th><th class=num>drawn chains</th>'
            f"</tr></thead><tbody>{rows}</tbody></table></div>")


def _masked_table(view: dict[str, Any], redacted: bool) -> str:
    table = view["masked_table"]
    if not table["total"]:
        return "<p>Nothing was masked: every document and chain already met its target.</p>"
    heads = ["type", "replacement", "stage", "why", "riskiest document", "documents", "importance", "uniqueness"]
    if not redacted:
        heads.insert(0, "masked value")
    numeric = {"documents", "importance", "uniqueness"}
    head = "".join(f'<th{" class=num" if h in numeric else ""}>{escape(h)}</th>' for h in heads)
    body = "".join(
        "<tr>" + "".join(f'<td{" class=num" if h in numeric else ""}>{escape(str(v))}</td>' for h, v in zip(heads, row, strict=True))
        + "</tr>" for row in table["rows"])
    shown = len(table["rows"])
    note = "" if shown == table["total"] else f"<p class=note>{shown:,} of {table['total']:,} masked values (the most important).</p>"
    return (f'{note}<div class="scroll"><table class="sortable" id="masked-table"><thead><tr>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table></div>")


def _kept(view: dict[str, Any]) -> str:
    if not view["kept"]:
        return "<p>Every extracted value was masked.</p>"
    rows = "".join(f"<tr><td>{escape(t)}</td><td>{escape(r)}</td><td class=num>{n}</td></tr>" for t, r, n in view["kept"])
    total = sum(n for _, _, n in view["kept"])
    return (f"<p>{total:,} extracted values were left readable; <code>entities.jsonl</code> gives each one's reason "
            "in <code>kept_because</code>.</p><table class=sortable id=kept-table><thead><tr><th>type</th><th>reason</th>"
            f"<th class=num>values</th></tr></thead><tbody>{rows}</tbody></table>")


def _unmet(view: dict[str, Any]) -> str:
    u = view["unmet"]
    if not u["documents_total"] and not u["chains_total"]:
        return '<p id="unmet-none">Every document is under theta_doc and every chain met its target.</p>'
    items = [f"<li>document {escape(d['label'])}: risk {_f(d['risk'])}: {escape(str(d['reason']))}</li>" for d in u["documents"]]
    items += [f"<li>chain {escape(' -> '.join(c['labels']))}: risk {_f(c['risk'])} &gt; target {_f(c['target'])}: "
              f"{escape(str(c['reason']))}</li>" for c in u["chains"]]
    more = u["documents_total"] - len(u["documents"]) + u["chains_total"] - len(u["chains"])
    tail = f"<p>... and {more:,} more (documents.jsonl, chains.jsonl).</p>" if more > 0 else ""
    return (f"<p>{u['documents_total']:,} document(s) and {u['chains_total']:,} chain(s) stayed over target.</p>"
            f'<ul id="unmet-list">{"".join(items)}</ul>{tail}')


def render_page(view: dict[str, Any]) -> str:
    """The whole report.html."""
    meta = view["meta"]
    redacted = meta["redacted"]
    policy = meta["policy"]
    badge = "" if redacted else '<span class="badge">CONFIDENTIAL</span>'
    if redacted:
        banner = ('<div class="banner redacted" id="banner">Redacted report: no masked value appears in this file. '
                  "A masked value is shown only by its replacement, as in <code>masked/</code>.</div>")
    else:
        banner = ('<div class="banner confidential" id="banner"><b>Confidential.</b> The sections marked '
                  f"{badge} show the values that were masked: the graph (its link labels and document panel) and "
                  '"What was masked and why". Keep this file with the audit trail, like <code>entities.jsonl</code> and '
                  "<code>replacements.json</code>; <code>sanon-graph report DIR --redact-report</code> writes one that can "
                  "circulate.</div>")
    settings_line = (f"backend {meta['backend']}; selection {meta['selection']}; redaction {meta['redaction']}; "
                     f"chain length {policy.get('chain_length')}; edge threshold {policy.get('edge_strength_threshold')}; "
                     f"theta_doc {policy.get('theta_doc')}; theta_chain {policy.get('theta_chain')}")
    notes = "".join(f"<p class=note>{escape(n)}</p>" for n in view["notes"])
    warnings = ("<h2>Warnings</h2><ul>" + "".join(f"<li>{escape(w)}</li>" for w in view["warnings"]) + "</ul>"
                if view["warnings"] else "")
    sg_version = meta["versions"].get("sanon-graph", "")
    drawn = len(view["chains"])
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>sanon-graph report: {escape(str(meta['input']))}</title>
<style>{_static("report.css")}</style></head>
<body>
<header><h1>sanon-graph analysis report</h1>
<p class="meta">Input <code>{escape(str(meta['input']))}</code>; run {escape(str(meta['run_id']))}, started
{escape(str(meta['started']))}; {escape(settings_line)}.</p>
{banner}
<p class="muted">Only <code>masked/</code> is meant for the RAG index. This report is rendered from the output folder's
files; <code>sanon-graph report DIR</code> renders it again.</p></header>

<section id="summary"><h2>Summary</h2>
<div class="plots">{_summary(view)}{_plots(view)}</div>{notes}</section>

<section id="paths"><h2>Re-identification paths{badge}</h2>
<p class="legend-line">The {drawn} riskiest of {meta['chains_total']:,} chains (by initial risk) and the documents
linked to theirs (square). Colour: document risk, green (low) to red (high). Width: link strength. Labels: the values
that link two documents; <s>struck through</s>: masked{" (shown by its replacement)" if redacted else ""}. Click a
document, a link or a row below.</p>
<div id="graph-controls">
<fieldset><legend>colour and width by</legend>
<label><input type="radio" name="mode" value="before" checked> before masking</label>
<label><input type="radio" name="mode" value="after"> after masking</label></fieldset>
<fieldset><legend>chain category</legend>
<label><input type="checkbox" name="cat" value="HIGH" checked> HIGH</label>
<label><input type="checkbox" name="cat" value="MEDIUM" checked> MEDIUM</label>
<label><input type="checkbox" name="cat" value="LOW" checked> LOW</label>
<label><input type="checkbox" name="cat" value="neighbour" checked> neighbours</label></fieldset>
<fieldset id="type-filters"><legend>linking value type</legend></fieldset>
<fieldset><legend>minimum document risk</legend>
<input type="range" id="min-risk" name="min-risk" min="0" max="1" step="0.05" value="0">
<output id="min-risk-value">0.00</output> <button type="button" id="fit">fit</button></fieldset>
</div>
<div class="graph-wrap"><div id="graph" role="img" aria-label="graph of the riskiest chains"></div>
<aside id="panel"><p class="muted">Click a document in the graph or in the table below to see its values, its risk
before and after, and its masked text with the replacements highlighted.</p></aside></div>
<h3>Riskiest chains</h3>
<p class="muted">risk initially \u2192 after the document stage \u2192 after masking; category; target.</p>
{_chains(view)}
<h3>Documents in the graph</h3>
{_documents(view)}</section>

<section id="masked"><h2>What was masked and why{badge}</h2>
{_masked_table(view, redacted)}</section>

<section id="kept"><h2>What stayed readable</h2>{_kept(view)}</section>

<section id="unmet"><h2>Targets not met</h2>{_unmet(view)}</section>
{warnings}
<footer>sanon-graph {escape(str(sg_version))}. Graph drawing: cytoscape.js {CYTOSCAPE_VERSION} (MIT licence,
Copyright (c) 2016-2026, The Cytoscape Consortium), inlined.</footer>
{json_block("report-data", view)}
{_inline_script(_vendor("cytoscape.min.js"))}
{_inline_script(_static("report.js"))}
</body></html>
"""
