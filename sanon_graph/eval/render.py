"""The evaluation report: eval.json (for scripts), report.md, a self-contained report.html
(plots embedded as PNG), and the PNGs themselves under plots/.

Every number in the Markdown and HTML tables comes from the same rows as eval.json, with
three decimals."""

from __future__ import annotations

import base64
import html
import json
from pathlib import Path
from typing import Any

CATEGORIES = ["single-specific", "single-general", "multi-specific", "multi-general"]


def summary_rows(report: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per baseline: the headline privacy and utility figures."""
    rows = []
    for name, r in report["baselines"].items():
        row: dict[str, Any] = {"baseline": name}
        if "corpus_leak" in r:
            row["corpus leak"] = r["corpus_leak"]["weighted_leak_rate"]
            row["direct identifiers leak"] = r["corpus_leak"]["direct_leak_rate"]
            row["leaked clusters"] = r["corpus_leak"]["leaked_clusters"]
        if "direct_extracted_unmasked" in r:
            row["direct identifiers extracted but not masked"] = r["direct_extracted_unmasked"]["count"]
        if "retrieval_leak" in r:
            row["retrieval leak"] = r["retrieval_leak"]["weighted_leak_rate"]
        if "phrase_search" in r:
            row["phrase-search linked"] = r["phrase_search"]["linked_rate"]
        if "llm" in r:
            row["attack leak (LLM)"] = r["llm"]["attack_leak_rate"]
            judged = [v["judge"] for v in r["llm"]["by_category"].values()]
            row["judge score"] = sum(judged) / len(judged) if judged else 0.0
        if "utility" in r:
            by = r["utility"]["by_category"]
            for measure in ("sources", "retrieved"):
                if measure in by:
                    row[f"ROUGE-1 {measure}"] = by[measure]["all"]
        rows.append(row)
    return rows


def utility_rows(report: dict[str, Any], measure: str) -> list[dict[str, Any]]:
    rows = []
    for name, r in report["baselines"].items():
        by = r.get("utility", {}).get("by_category", {}).get(measure)
        if by:
            rows.append({"baseline": name, **{c: by.get(c, 0.0) for c in CATEGORIES}, "all": by["all"]})
    return rows


def llm_rows(report: dict[str, Any]) -> list[dict[str, Any]]:
    rows = []
    for name, r in report["baselines"].items():
        if "llm" in r:
            by = r["llm"]["by_category"]
            rows.append({"baseline": name, **{f"{c} judge": by.get(c, {}).get("judge", 0.0) for c in CATEGORIES},
                         **{f"{c} ROUGE-1": by.get(c, {}).get("rouge1", 0.0) for c in CATEGORIES},
                         "attack leak": r["llm"]["attack_leak_rate"]})
    return rows


def _fmt(value: Any) -> str:
    return f"{value:.3f}" if isinstance(value, float) else str(value)


def _markdown_table(rows: list[dict[str, Any]]) -> list[str]:
    if not rows:
        return []
    columns = list(rows[0])
    out = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    out += ["| " + " | ".join(_fmt(r.get(c, "")) for c in columns) + " |" for r in rows]
    return out


def _html_table(rows: list[dict[str, Any]]) -> str:
    if not rows:
        return ""
    columns = list(rows[0])
    head = "".join(f"<th>{html.escape(c)}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(_fmt(r.get(c, '')))}</td>" for c in columns) + "</tr>"
                   for r in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def plots(report: dict[str, Any], folder: Path) -> list[Path]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    folder.mkdir(parents=True, exist_ok=True)
    written = []
    names = list(report["baselines"])
    rows = summary_rows(report)
    utility_key = "ROUGE-1 retrieved" if rows and "ROUGE-1 retrieved" in rows[0] else "ROUGE-1 sources"
    if rows and "corpus leak" in rows[0] and utility_key in rows[0]:
        fig, ax = plt.subplots(figsize=(7, 4.5))
        labels: dict[tuple[float, float], list[str]] = {}
        for row in rows:
            point = (row["corpus leak"], row[utility_key])
            ax.scatter(*point, s=40)
            labels.setdefault(point, []).append(row["baseline"])
        for point, names_here in labels.items():  # baselines on the same point share one label
            ax.annotate(" = ".join(names_here), point, fontsize=8, xytext=(4, 3), textcoords="offset points")
        ax.set_xlabel("weighted corpus leak rate of the hidden persons (lower is more private)")
        ax.set_ylabel(f"{utility_key} recall (higher is more useful)")
        ax.set_title("Privacy against utility, per baseline", fontsize=10)
        ax.grid(alpha=0.3)
        fig.tight_layout()
        written.append(folder / "privacy_utility.png")
        fig.savefig(written[-1], dpi=110)
        plt.close(fig)
    if rows and "corpus leak" in rows[0]:
        types = sorted({t for n in names for t in report["baselines"][n]["corpus_leak"]["by_type"]})
        series = {}
        for n in names:
            by_type = report["baselines"][n]["corpus_leak"]["by_type"]
            series[n] = [by_type[t]["leaked"] / by_type[t]["total"] if t in by_type and by_type[t]["total"] else 0.0
                         for t in types]
        written.append(_grouped_bars(plt, np, types, series, "share of the persons' values still in the corpus",
                                     "Leak by entity type", folder / "leak_by_type.png", (10, 4.5), rotate=True))
    urows = utility_rows(report, "retrieved") or utility_rows(report, "sources")
    if urows:
        series = {row["baseline"]: [row[c] for c in CATEGORIES] for row in urows}
        written.append(_grouped_bars(plt, np, CATEGORIES, series, "ROUGE-1 recall of the gold answer",
                                     "Utility by question category", folder / "utility_by_category.png", (8, 4.5)))
    return written


def _grouped_bars(plt, np, groups: list[str], series: dict[str, list[float]], ylabel: str, title: str,
                  path: Path, size: tuple[float, float], rotate: bool = False) -> Path:
    """One bar per series inside each group, one colour per series."""
    fig, ax = plt.subplots(figsize=size)
    width = 0.8 / max(1, len(series))
    for i, (name, values) in enumerate(series.items()):
        ax.bar(np.arange(len(groups)) + i * width, values, width, label=name)
    ax.set_xticks(np.arange(len(groups)) + 0.4 - width / 2, groups, fontsize=7 if rotate else 8,
                  **({"rotation": 45, "ha": "right"} if rotate else {}))
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def write_report(report: dict[str, Any], folder: Path) -> None:
    (folder / "eval.json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    images = plots(report, folder / "plots")
    summary = summary_rows(report)
    md = ["# sanon-graph evaluation\n", f"Input: `{report['input']}`; clusters: `{report['clusters']}`; "
          f"retriever: {'all-MiniLM-L6-v2, L2, top-' + str(report['top_k']) if report['retrieval'] else 'off'}; "
          f"LLM protocol: {report.get('llm_protocol')}.\n",
          "Leak rates are weighted by entity type (lower is more private); ROUGE-1 is the recall of the "
          "gold answers' words (higher is more useful).\n", "## Summary\n", *_markdown_table(summary), ""]
    sections = [("Utility against the masked source documents", utility_rows(report, "sources")),
                ("Utility against the top retrieved masked contexts", utility_rows(report, "retrieved")),
                ("LLM protocol: RAG answers (judge score, ROUGE-1) and attack leak", llm_rows(report))]
    for title, rows in sections:
        if rows:
            md += [f"## {title}\n", *_markdown_table(rows), ""]
    md += ["## Plots\n", *[f"![{p.stem}](plots/{p.name})" for p in images], ""]
    (folder / "report.md").write_text("\n".join(md), encoding="utf-8")

    embedded = "".join(
        f'<figure><img alt="{p.stem}" src="data:image/png;base64,{base64.b64encode(p.read_bytes()).decode()}">'
        f"<figcaption>{html.escape(p.stem.replace('_', ' '))}</figcaption></figure>" for p in images)
    page = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>sanon-graph evaluation</title>
<style>body{{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}}
table{{border-collapse:collapse;margin:1em 0}}td,th{{border:1px solid #ccc;padding:4px 8px;text-align:right}}
td:first-child,th:first-child{{text-align:left}}th{{background:#f3f3f3}}img{{max-width:100%}}</style></head>
<body><h1>sanon-graph evaluation</h1>
<p>Input: <code>{html.escape(report['input'])}</code>; clusters: <code>{html.escape(report['clusters'])}</code>.
Leak rates are weighted by entity type (lower is more private); ROUGE-1 is the recall of the gold answers' words
(higher is more useful). LLM protocol: {html.escape(str(report.get('llm_protocol')))}.</p>
<h2>Summary</h2>{_html_table(summary)}
{''.join(f'<h2>{html.escape(t)}</h2>{_html_table(r)}' for t, r in sections if r)}
<h2>Plots</h2>{embedded}
</body></html>
"""
    (folder / "report.html").write_text(page, encoding="utf-8")
