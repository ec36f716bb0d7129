"""Leave-one-set-out linkage quality: tuned-on vs held-out pair F1 (issue 15, item 4).

    python -m benchmarks.thesis_dev loso [--work DIR] [--fresh]

Signal "both" (rules + --ngrams). Grid: k (--ngram-max-df) in {2, 3, 5} x PHRASE weight
(--ngram-weight) in {0.25, 0.35, 0.45}. One analyze + `eval linkage` per labelled set and grid
point, plus one run per set with the shipped defaults (plain --ngrams). Every run's metrics are
cached under --work (default: $TMPDIR/sanon-graph-loso), keyed by a fingerprint of the source
tree, so a re-run with unchanged code only re-prints; --fresh ignores the cache.

For each held-out set, the grid point with the best mean pair F1 on the other two sets is chosen
(ties: the smaller k, then the smaller weight) and scored on the held-out set. Beside it: the
tuned-on figure (the shipped defaults, chosen looking at all three sets) and the best grid point
in hindsight on that set (same tie rule).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import tempfile
import time
from pathlib import Path

from benchmarks.thesis_dev import DATA, GOLD_SETS, ROOT, analyze, sanon

KS = [2, 3, 5]
WEIGHTS = [0.25, 0.35, 0.45]
GRID = [(k, w) for k in KS for w in WEIGHTS]
DEFAULTS = "defaults"  # plain --ngrams: whatever the shipped k and weight are


def fingerprint() -> str:
    """Hash of the code and queries a run depends on, so a cache never outlives a change."""
    h = hashlib.sha256()
    for top in ("sanon_graph", "cli", "cypher"):  # the package sanon_graph_cli lives in cli/
        for path in sorted((ROOT / top).rglob("*")):
            if path.is_file() and path.suffix not in {".pyc"} and "__pycache__" not in path.parts:
                h.update(str(path.relative_to(ROOT)).encode())
                h.update(path.read_bytes())
    return h.hexdigest()[:16]


def flags_for(point: tuple[int, float] | str) -> list[str]:
    if point == DEFAULTS:
        return ["--ngrams"]
    k, w = point
    return ["--ngrams", "--ngram-max-df", str(k), "--ngram-weight", str(w)]


def label(point: tuple[int, float] | str) -> str:
    return DEFAULTS if point == DEFAULTS else f"k{point[0]}-w{point[1]:.2f}"


def measure(work: Path, name: str, point: tuple[int, float] | str, fresh: bool) -> dict:
    """Pair metrics of one run, from the cache when it holds this set, point and code."""
    out = work / f"{name}-{label(point)}"
    cached = out / "loso_metrics.json"
    flags = flags_for(point)
    if cached.is_file() and not fresh:
        m = json.loads(cached.read_text())
        if m.get("_flags") == flags:
            return m
    analyze(name, out, *flags)
    m = json.loads(sanon("eval", "linkage", str(out), "--gold", str(DATA / name / "gold_links.json"),
                         "--json"))
    m["_flags"] = flags
    cached.write_text(json.dumps(m))
    return m


def best(scores: dict[tuple[int, float], float]) -> tuple[int, float]:
    """Highest score; ties: smaller k, then smaller weight (rounded so float noise is not a win)."""
    return min(scores, key=lambda p: (-round(scores[p], 9), p[0], p[1]))


def run(work: Path, fresh: bool) -> None:
    start = time.monotonic()
    key = fingerprint()
    for stale in work.glob("*"):  # runs of code that has since changed (about 70 MB each)
        if stale.name != key and len(stale.name) == 16 and any(stale.glob("*/loso_metrics.json")):
            shutil.rmtree(stale, ignore_errors=True)
    work = work / key
    work.mkdir(parents=True, exist_ok=True)
    m = {(name, p): measure(work, name, p, fresh) for name in GOLD_SETS for p in [*GRID, DEFAULTS]}
    f1 = {key: v["pairs"]["f1"] for key, v in m.items()}
    inter = {key: v["inter_cluster_links"] or 0 for key, v in m.items()}

    print("Pair F1 per grid point, signal both (inter-cluster links in brackets):")
    print()
    print("| k | weight | " + " | ".join(GOLD_SETS) + " | mean |")
    print("|---|---|" + "---|" * (len(GOLD_SETS) + 1))
    for p in [*GRID, DEFAULTS]:
        cells = " | ".join(f"{f1[n, p]:.3f} ({inter[n, p]})" for n in GOLD_SETS)
        mean = sum(f1[n, p] for n in GOLD_SETS) / len(GOLD_SETS)
        head = "defaults | (--ngrams)" if p == DEFAULTS else f"{p[0]} | {p[1]:.2f}"
        print(f"| {head} | {cells} | {mean:.3f} |")
    print()
    print("Leave one set out (choose on the other two: best mean pair F1; ties: smaller k, then "
          "smaller weight):")
    print()
    print("| held-out set | chosen (k, weight) on the other two | mean pair F1 on the other two "
          "| held-out pair F1 | inter-cluster links (chosen) | tuned-on pair F1 (defaults) "
          "| best in hindsight (k, weight): pair F1 |")
    print("|---|---|---|---|---|---|---|")
    rows = []
    for held in GOLD_SETS:
        others = [n for n in GOLD_SETS if n != held]
        train = {p: sum(f1[n, p] for n in others) / len(others) for p in GRID}
        chosen = best(train)
        hindsight = best({p: f1[held, p] for p in GRID})
        rows.append((train[chosen], f1[held, chosen], inter[held, chosen], f1[held, DEFAULTS],
                     f1[held, hindsight]))
        print(f"| {held} | ({chosen[0]}, {chosen[1]:.2f}) | {train[chosen]:.3f} | "
              f"{f1[held, chosen]:.3f} | {inter[held, chosen]} | {f1[held, DEFAULTS]:.3f} | "
              f"({hindsight[0]}, {hindsight[1]:.2f}): {f1[held, hindsight]:.3f} |")
    avg = [sum(r[i] for r in rows) / len(rows) for i in range(5)]
    print(f"| **average** | - | {avg[0]:.3f} | {avg[1]:.3f} | {sum(r[2] for r in rows)} (total) | "
          f"{avg[3]:.3f} | {avg[4]:.3f} |")
    print()
    print(f"wall time {time.monotonic() - start:.1f} s (cache: {work})")


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.thesis_dev loso")
    parser.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "sanon-graph-loso",
                        help="cache directory for the runs (default: $TMPDIR/sanon-graph-loso)")
    parser.add_argument("--fresh", action="store_true", help="re-run everything, ignoring the cache")
    args = parser.parse_args(argv)
    if args.fresh and args.work.is_dir():
        shutil.rmtree(args.work / fingerprint(), ignore_errors=True)
    run(args.work, args.fresh)
