"""Inline SVG plots for report.html: drawn here as markup, so the page needs no plotting
library and no image files. Only numbers and fixed labels go in, and every text is escaped."""

from __future__ import annotations

from html import escape

BEFORE, AFTER, PRE = "#c0392b", "#2e86c1", "#e69f00"


def _axis_top(peak: int) -> tuple[int, int]:
    """(axis maximum, tick step): whole-number ticks, four steps, the maximum at or above peak."""
    step = max(1, -(-peak // 4))
    return step * 4, step


def _frame(width: int, height: int, title: str, body: list[str]) -> str:
    return (f'<svg class="plot" viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" '
            f'aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg"><title>{escape(title)}</title>'
            + "".join(body) + "</svg>")


def _y_ticks(left: int, top: int, plot_h: int, step: int) -> list[str]:
    return [f'<text x="{left - 6}" y="{top + plot_h - plot_h * k / 4 + 4:.1f}" class="tick" '
            f'text-anchor="end">{step * k:,}</text>' for k in range(5)]


def _legend(x: int, y: int, items: list[tuple[str, str]]) -> list[str]:
    out = []
    for i, (label, colour) in enumerate(items):
        out.append(f'<rect x="{x}" y="{y + i * 16}" width="10" height="10" fill="{colour}"/>'
                   f'<text x="{x + 14}" y="{y + i * 16 + 9}" class="legend">{escape(label)}</text>')
    return out


def risk_histogram(before: list[int], after: list[int], theta_doc: float | None) -> str:
    """Documents per risk bin, before and after masking, side by side; theta_doc marked."""
    width, height, left, bottom, top = 640, 250, 48, 34, 22
    plot_w, plot_h = width - left - 150, height - bottom - top
    bins = len(before)
    peak, step = _axis_top(max([*before, *after, 1]))
    bar = plot_w / bins / 2.2
    body = [f'<line x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}" class="axis"/>',
            f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}" class="axis"/>']
    body += _y_ticks(left, top, plot_h, step)
    for i, (b, a) in enumerate(zip(before, after, strict=True)):
        x = left + i * plot_w / bins + 1
        for j, (count, colour, label) in enumerate(((b, BEFORE, "before"), (a, AFTER, "after"))):
            h = plot_h * count / peak
            body.append(f'<rect x="{x + j * bar:.1f}" y="{top + plot_h - h:.1f}" width="{bar:.1f}" height="{h:.1f}" '
                        f'fill="{colour}"><title>{i / bins:.2f}-{(i + 1) / bins:.2f} {label}: {count:,}</title></rect>')
    for k in range(0, bins + 1, max(1, bins // 5)):
        x = left + k * plot_w / bins
        body.append(f'<text x="{x:.1f}" y="{top + plot_h + 14}" class="tick" text-anchor="middle">{k / bins:.1f}</text>')
    body.append(f'<text x="{left + plot_w / 2:.0f}" y="{height - 4}" class="tick" text-anchor="middle">'
                "document risk</text>")
    if theta_doc is not None:
        x = left + plot_w * theta_doc
        body.append(f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{top + plot_h}" class="target"/>'
                    f'<text x="{x:.1f}" y="{top - 8}" class="tick" text-anchor="middle">theta_doc {theta_doc:g}</text>')
    body += _legend(left + plot_w + 16, top + 4, [("before masking", BEFORE), ("after masking", AFTER)])
    return _frame(width, height, "Documents by risk, before and after masking", body)


def chain_categories(initial: dict[str, int], pre_chain: dict[str, int], after: dict[str, int]) -> str:
    """Chains per category at the three moments of the selection."""
    width, height, left, bottom, top = 420, 200, 48, 30, 12
    plot_w, plot_h = width - left - 150, height - bottom - top
    cats = ["HIGH", "MEDIUM", "LOW"]
    series = [("initial", initial, BEFORE), ("after document stage", pre_chain, PRE), ("after chain stage", after, AFTER)]
    peak, step = _axis_top(max([*(s.get(c, 0) for _, s, _ in series for c in cats), 1]))
    group = plot_w / len(cats)
    bar = group / (len(series) + 1)
    body = [f'<line x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}" class="axis"/>']
    body += _y_ticks(left, top, plot_h, step)
    for i, cat in enumerate(cats):
        for j, (label, values, colour) in enumerate(series):
            count = values.get(cat, 0)
            h = plot_h * count / peak
            x = left + i * group + (j + 0.5) * bar
            body.append(f'<rect x="{x:.1f}" y="{top + plot_h - h:.1f}" width="{bar:.1f}" height="{h:.1f}" '
                        f'fill="{colour}"><title>{cat} {escape(label)}: {count:,}</title></rect>')
        body.append(f'<text x="{left + (i + 0.5) * group:.1f}" y="{top + plot_h + 14}" class="tick" '
                    f'text-anchor="middle">{cat}</text>')
    body += _legend(left + plot_w + 16, top + 4, [(label, colour) for label, _, colour in series])
    return _frame(width, height, "Chains by category", body)
