"""The README's thesis-dev tables, regenerated from the CLI (needs ../shared/data/thesis-dev).

    python -m benchmarks.thesis_dev linkage     # pair/chain P/R/F1 per set and signal, and the
                                                # false links on the sets without gold
    python -m benchmarks.thesis_dev analyze     # counts and risks per set, default policy (with
                                                # the direct-identifier floor)
    python -m benchmarks.thesis_dev entities    # extractor recall against the persons' entities
    python -m benchmarks.thesis_dev selection   # greedy vs knapsack vs exact on METHOD's selection
                                                # (--no-direct-floor, as in the thesis)
    python -m benchmarks.thesis_dev loso        # tuned-on vs held-out pair F1, leave one labelled
                                                # set out (benchmarks/loso.py; cached runs)

Each prints Markdown rows to paste into the README; tests hold the README to some of them.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data" / "thesis-dev"
GOLD_SETS = ["debug_3", "tuning_chain_5", "tuning_filter_5"]
UNLABELLED_SETS = ["qa_5", "train_10", "qa_25"]  # no gold links: the inter-cluster count is the check
ALL_SETS = ["debug_3", "qa_5", "qa_25", "train_10", "tuning_chain_5", "tuning_filter_5"]
SIGNALS = {"rules": [], "ngrams": ["--extractor", "none", "--ngrams"], "both": ["--ngrams"]}


def sanon(*args: str) -> str:
    done = subprocess.run([sys.executable, "-m", "sanon_graph_cli.main", *args], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"sanon-graph {' '.join(args)} failed:\n{done.stderr}")
    return done.stdout


def truncated(risk: float) -> str:
    """Three decimals, truncated, not rounded: a risk just under its target must not print as the target."""
    return f"{math.floor(risk * 1000) / 1000:.3f}"


def analyze(name: str, out: Path, *flags: str) -> dict:
    sanon("analyze", str(DATA / name / "documents"), "--out", str(out), "--force", "-q", *flags)
    return json.loads((out / "run.json").read_text())


def linkage(work: Path) -> None:
    print("| set | signal | pair P | pair R | pair F1 | chain P | chain R | chain F1 | inter-cluster links |")
    print("|---|---|---|---|---|---|---|---|---|")
    f1: dict[str, list[float]] = {s: [] for s in SIGNALS}
    for signal, flags in SIGNALS.items():
        for name in GOLD_SETS:
            out = work / f"{name}-{signal}"
            analyze(name, out, *flags)
            m = json.loads(sanon("eval", "linkage", str(out), "--gold", str(DATA / name / "gold_links.json"), "--json"))
            p, c = m["pairs"], m["chains"]
            f1[signal].append(p["f1"])
            print(f"| {name} | {signal} | {p['precision']:.3f} | {p['recall']:.3f} | {p['f1']:.3f} | "
                  f"{c['precision']:.3f} | {c['recall']:.3f} | {c['f1']:.3f} | {m['inter_cluster_links'] or 0} |")
    print()
    print("average pair F1: " + ", ".join(f"{s} {sum(v) / len(v):.3f}" for s, v in f1.items()))
    print()
    print("| set (no gold links) | signal | linked pairs | inside one cluster | between clusters |")
    print("|---|---|---|---|---|")
    for signal, flags in SIGNALS.items():
        for name in UNLABELLED_SETS:
            out = work / f"{name}-{signal}"
            analyze(name, out, *flags)
            m = json.loads(sanon("eval", "linkage", str(out), "--json"))
            print(f"| {name} | {signal} | {m['flagged_pairs']} | {m['intra_cluster_links'] or 0} | "
                  f"{m['inter_cluster_links'] or 0} |")


def analyze_table(work: Path) -> None:
    print("| set | documents | entities | links | chains H/M/L | masked (direct + document + chain stage) "
          "| max document risk | max chain risk |")
    print("|---|---|---|---|---|---|---|---|")
    for name in ALL_SETS:
        c = analyze(name, work / name)["counts"]
        h = c["chains_by_category_initial"]
        print(f"| {name} | {c['documents']} | {c['entities']} | {c['links']} | {h['HIGH']}/{h['MEDIUM']}/{h['LOW']} | "
              f"{c['masked_entities']} ({c['masked_direct']} + {c['masked_document_stage']} + "
              f"{c['masked_chain_stage']}) | "
              f"{c['max_document_risk_before']:.3f} -> {truncated(c['max_document_risk_after'])} | "
              f"{c['max_chain_risk_before']:.3f} -> {truncated(c['max_chain_risk_after'])} |")


def entities(work: Path) -> None:
    for name in ["debug_3", "tuning_chain_5", "tuning_filter_5", "qa_25"]:
        out = work / name
        analyze(name, out)
        m = json.loads(sanon("eval", "entities", str(out), "--clusters", str(DATA / name / "clusters"), "--json"))
        print(f"{name} {m['recall_findable']:.3f} ({m['recall_findable_typed']:.3f} / {m['weighted_recall_findable']:.3f})")


def selection(work: Path) -> None:
    print("| set | strategy | masked | masked weight | max document risk after | max chain risk after "
          "| targets not met | exact solver |")
    print("|---|---|---|---|---|---|---|---|")
    for name in ALL_SETS:
        for strategy in ("greedy", "knapsack", "exact"):
            run = analyze(name, work / f"{name}-{strategy}", "--selection", strategy, "--no-direct-floor")
            c = run["counts"]
            solver = c.get("solver")
            status = f"{solver['status']}, {solver['seconds']:.2f} s" if solver else "-"
            print(f"| {name} | {strategy} | {c['masked_entities']} | {c['masked_weight']:.2f} | "
                  f"{truncated(c['max_document_risk_after'])} | {truncated(c['max_chain_risk_after'])} | "
                  f"{c['documents_over_target_after'] + c['chains_target_unmet']} | {status} |")


def main() -> None:
    if not DATA.is_dir():
        raise SystemExit(f"{DATA} not found: the thesis-dev data sits in ../shared beside the repository")
    what = sys.argv[1] if len(sys.argv) > 1 else "linkage"
    if what == "loso":  # keeps its runs in a cache directory, not a temporary one
        from benchmarks.loso import main as loso

        loso(sys.argv[2:])
        return
    table = {"linkage": linkage, "analyze": analyze_table, "entities": entities, "selection": selection}.get(what)
    if table is None:
        raise SystemExit(f"unknown table {what!r}")
    with tempfile.TemporaryDirectory() as tmp:
        table(Path(tmp))


if __name__ == "__main__":
    main()
