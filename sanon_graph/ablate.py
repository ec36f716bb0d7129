"""Ablations: one extraction, many selection settings, one table (issue 6).

The corpus is extracted once (the LLM extractor reads its cache, a precomputed file is read
as it is; the rules extractor runs once) into DIR/entities.jsonl, and every grid point is a
full `analyze` run on that file, so each row is exactly what a user would get with those
settings. Rows: the cross product of strategies x chain lengths x theta_doc x theta_chain,
plus document-stage-only runs over their own theta_doc list (METHOD's ablation).
"""

from __future__ import annotations

import csv
import json
import shutil
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .config import Settings
from .errors import ConfigError
from .pipeline import (
    Progress,
    analyze,
    check_output_location,
    move_into_place,
    precomputed_settings,
    shared_extraction,
)

COLUMNS = [
    "setting", "strategy", "chain_length", "theta_doc", "theta_chain", "chain_stage",
    "masked_entities", "masked_weight", "masked_characters", "documents_changed",
    "chains_high_before", "chains_medium_before", "chains_low_before",
    "chains_high_after", "chains_medium_after", "chains_low_after",
    "max_document_risk_after", "max_chain_risk_after", "documents_over_target", "chains_target_unmet",
    "solver_status", "runtime_seconds",
]


@dataclass(frozen=True)
class GridPoint:
    strategy: str
    chain_length: int
    theta_doc: float
    theta_chain: float
    chain_stage: bool = True

    @property
    def name(self) -> str:
        if not self.chain_stage:
            return f"document-only_td{self.theta_doc:g}"
        return f"{self.strategy}_cl{self.chain_length}_td{self.theta_doc:g}_tc{self.theta_chain:g}"

    def settings(self, base: Settings, entities_file: Path) -> Settings:
        policy = base.policy.model_copy(update={"chain_length": self.chain_length, "theta_doc": self.theta_doc,
                                                "theta_chain": self.theta_chain})
        return precomputed_settings(base, entities_file, policy=policy.model_dump(), selection=self.strategy,
                                    chain_stage=self.chain_stage, document_stage=True)


def grid(strategies: Sequence[str], chain_lengths: Sequence[int], theta_docs: Sequence[float],
         theta_chains: Sequence[float], document_only_theta_docs: Sequence[float]) -> list[GridPoint]:
    points = [GridPoint(s, cl, td, tc) for s in strategies for cl in chain_lengths
              for td in theta_docs for tc in theta_chains]
    # Document stage only: the strategy and chain settings do not matter; chains of the
    # default length are still scored, to show what the document stage alone leaves.
    points += [GridPoint("greedy", 2, td, 0.5, chain_stage=False) for td in document_only_theta_docs]
    if not points:
        raise ConfigError("the ablation grid is empty")
    return points


def _row(point: GridPoint, out: Path, seconds: float) -> dict[str, Any]:
    run = json.loads((out / "run.json").read_text(encoding="utf-8"))
    counts = run["counts"]
    before, after = counts["chains_by_category_initial"], counts["chains_by_category_after"]
    solver = counts.get("solver") or {}
    return {
        "setting": point.name, "strategy": point.strategy if point.chain_stage else "-",
        "chain_length": point.chain_length, "theta_doc": point.theta_doc,
        "theta_chain": point.theta_chain if point.chain_stage else "-", "chain_stage": point.chain_stage,
        "masked_entities": counts["masked_entities"], "masked_weight": round(counts["masked_weight"], 3),
        "masked_characters": counts["characters_masked"], "documents_changed": counts["documents_changed"],
        "chains_high_before": before["HIGH"], "chains_medium_before": before["MEDIUM"], "chains_low_before": before["LOW"],
        "chains_high_after": after["HIGH"], "chains_medium_after": after["MEDIUM"], "chains_low_after": after["LOW"],
        "max_document_risk_after": round(counts["max_document_risk_after"], 4),
        "max_chain_risk_after": round(counts["max_chain_risk_after"], 4),
        "documents_over_target": counts["documents_over_target_after"],
        "chains_target_unmet": counts["chains_target_unmet"],
        "solver_status": solver.get("status", "-"), "runtime_seconds": round(seconds, 2),
    }


def run_ablation(
    input_path: Path,
    out_dir: Path,
    base: Settings,
    points: Sequence[GridPoint],
    progress: Progress | None = None,
    keep_runs: bool = False,
    on_row: Callable[[dict[str, Any]], None] | None = None,
    force: bool = False,
) -> list[dict[str, Any]]:
    """Extract once, analyse every grid point, write ablation.csv/.md/.json into out_dir.

    Everything is built in a folder beside out_dir and moved into place at the end, so a
    failed ablation leaves nothing that looks like a finished one."""
    progress = progress or Progress()
    input_path, out_dir = Path(input_path).resolve(), Path(out_dir).resolve()
    check_output_location(input_path, out_dir, force)
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.partial-", dir=out_dir.parent))
    try:
        rows = _run(input_path, work, base, points, progress, keep_runs, on_row)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    move_into_place(work, out_dir, force)
    return rows


def _run(input_path: Path, out_dir: Path, base: Settings, points: Sequence[GridPoint], progress: Progress,
         keep_runs: bool, on_row: Callable[[dict[str, Any]], None] | None) -> list[dict[str, Any]]:
    runs = out_dir / "runs"
    runs.mkdir()
    entities_file = out_dir / "entities.jsonl"
    shared_extraction(input_path, base, entities_file, progress)
    rows = []
    with progress.stage("ablation", len(points)) as advance:
        for point in points:
            settings = point.settings(base, entities_file)
            with tempfile.TemporaryDirectory(dir=out_dir, prefix=".run-") as tmp:
                target = Path(tmp) / point.name
                t0 = time.perf_counter()
                analyze(input_path, target, settings)
                seconds = time.perf_counter() - t0
                row = _row(point, target, seconds)
                if keep_runs:
                    shutil.rmtree(runs / point.name, ignore_errors=True)
                    shutil.move(str(target), runs / point.name)
                else:
                    shutil.copyfile(target / "run.json", runs / f"{point.name}.json")
            rows.append(row)
            if on_row:
                on_row(row)
            advance(1, point.name)
    write_tables(rows, out_dir)
    return rows


def write_tables(rows: list[dict[str, Any]], out_dir: Path) -> None:
    with (out_dir / "ablation.csv").open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(rows)
    lines = ["| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    lines += ["| " + " | ".join(str(r[c]) for c in COLUMNS) + " |" for r in rows]
    (out_dir / "ablation.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (out_dir / "ablation.json").write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")


def plot(rows: list[dict[str, Any]], path: Path) -> None:
    """Masked entities against residual risk, one point per setting (matplotlib, PNG)."""
    import matplotlib

    matplotlib.use("Agg")  # files only, no display
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D

    fig, ax = plt.subplots(figsize=(9, 5.5))
    markers = {"greedy": "o", "knapsack": "s", "exact": "D", "-": "^"}
    colours = {"max_chain_risk_after": "tab:red", "max_document_risk_after": "tab:blue"}
    labels: dict[tuple[float, float], list[str]] = {}
    for row in rows:
        x = row["masked_entities"]
        for column, colour in colours.items():
            ax.scatter(x, row[column], marker=markers.get(row["strategy"], "o"), color=colour, alpha=0.8)
        # settings that land on the same point share one label instead of overprinting
        labels.setdefault((x, row["max_chain_risk_after"]), []).append(row["setting"])
    for (x, y), names in labels.items():
        ax.annotate("\n".join(names), (x, y), fontsize=7, xytext=(4, 3), textcoords="offset points")
    handles = [Line2D([], [], color=c, marker="o", linestyle="", label=k.replace("_", " ")) for k, c in colours.items()]
    handles += [Line2D([], [], color="grey", marker=m, linestyle="", label=s if s != "-" else "document stage only")
                for s, m in markers.items()]
    ax.legend(handles=handles, loc="best", fontsize=8)
    ax.set_xlabel("masked entities")
    ax.set_ylabel("residual risk")
    ax.set_title("Masked entities against residual risk, per setting", fontsize=10)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
