"""report.html: a self-contained, interactive report of one analysis, for the person who signs
a masked corpus off. Rendered from the output folder's files only (folder.py), never from the
live graph, so it works for both backends and can be rendered again at any time
(`sanon-graph report DIR`).

    folder.py  reads the output folder (streaming: 100,000 documents stay cheap)
    model.py   what the report shows: riskiest chains and their neighbourhood, caps, budget
    plots.py   inline SVG plots
    page.py    the HTML, with the data as a JSON block and cytoscape.js inlined
    static/    report.js (drawing, filters, panel, sorting) and report.css
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import replace
from pathlib import Path

from .folder import check_folder, read_json
from .model import Limits, build_view
from .page import render_page

REPORT_FILE = "report.html"

__all__ = ["REPORT_FILE", "Limits", "render_html", "write_report_html"]


def render_html(folder: Path, redact: bool = False, limits: Limits | None = None) -> str:
    """report.html's text for the analyze output folder `folder`, at most limits.budget_bytes.

    The texts are fitted to the budget as they are embedded; should the rest alone be over it
    (huge values, say), the graph and the table are halved until the page fits.
    """
    folder = Path(folder)
    check_folder(folder)
    limits = limits or Limits()
    while True:
        view = build_view(folder, redact, limits)
        page = render_page(view)
        if len(page.encode("utf-8")) <= limits.budget_bytes or limits.max_nodes <= 1:
            return page
        limits = replace(limits, max_nodes=limits.max_nodes // 2, max_table_rows=limits.max_table_rows // 2)


def write_report_html(folder: Path, redact: bool | None = None, top_chains: int | None = None,
                      limits: Limits | None = None) -> Path:
    """(Re)write folder/report.html. `redact` and `top_chains` default to the run's [report]
    settings in run.json. The file is replaced atomically: a reader never sees half of it."""
    folder = Path(folder)
    check_folder(folder)
    report_settings = read_json(folder / "run.json").get("settings", {}).get("report", {})
    if redact is None:
        redact = bool(report_settings.get("redact", False))
    limits = limits or Limits()
    limits = replace(limits, top_chains=top_chains or report_settings.get("top_chains") or limits.top_chains)
    text = render_html(folder, redact, limits)
    target = folder / REPORT_FILE
    fd, partial = tempfile.mkstemp(prefix=".report.", suffix=".html.partial", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.chmod(partial, 0o644)
        os.replace(partial, target)
    except BaseException:
        Path(partial).unlink(missing_ok=True)
        raise
    return target
