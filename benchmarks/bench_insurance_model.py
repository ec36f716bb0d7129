"""The insurance entity model against the rules alone (preset health-insurance-rules): in the
default preset (its open-ended types and names) and in health-insurance-thorough (every type), with
entity recall, linkage pair F1 and false links between people, and speed, on the insurance sets
of examples/insurance_heldout (and thesis-dev's with gold links when ../shared is there).

    nice -n 10 python benchmarks/bench_insurance_model.py [--out bench-out/insurance-model]

Which figures are held out for what: the model never saw set_c, set_d (nor the rules) or any
thesis-dev set; it was trained on set_a, set_b, set_e, set_f, set_g and examples/insurance_train
(its manifest says which), so its figures on those are tuned-on.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from benchmarks import synthetic  # noqa: E402

HELDOUT = ROOT / "examples" / "insurance_heldout"
THESIS = ROOT.parent / "shared" / "data" / "thesis-dev"
PRESETS = ("health-insurance-rules", "health-insurance", "health-insurance-thorough")
RULES_HELD_OUT = ("set_c", "set_d", "set_t", "set_u", "set_v", "set_w", "set_zf")  # examples/insurance_heldout/README.md


def cli(*args: str) -> str:
    done = subprocess.run([sys.executable, "-m", "sanon_graph_cli.main", *args], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"sanon-graph {' '.join(args)} failed:\n{done.stderr}")
    return done.stdout


def measure(name: str, base: Path, out: Path, preset: str, trained_on: set[str]) -> dict:
    run = out / f"{name}-{preset}"
    started = time.perf_counter()
    cli("analyze", str(base / "documents"), "--out", str(run), "--force", "-q", "--preset", preset)
    seconds = time.perf_counter() - started
    n_docs = sum(1 for _ in (base / "documents").iterdir())
    entities = json.loads(cli("eval", "entities", str(run), "--clusters", str(base / "clusters"), "--json"))
    where = base.relative_to(ROOT).as_posix() if base.is_relative_to(ROOT) else f"thesis-dev/{name}"
    row = {"set": name, "preset": preset, "documents": n_docs, "seconds": round(seconds, 1),
           "recall": round(entities["recall_findable"], 3),
           "rules": "held out" if name in RULES_HELD_OUT and base.parent == HELDOUT else "tuned on",
           "model": "trained on" if where in trained_on else "held out"}
    if (base / "gold_links.json").exists():
        linkage = json.loads(cli("eval", "linkage", str(run), "--gold", str(base / "gold_links.json"), "--json"))
        row |= {"pair_f1": round(linkage["pairs"]["f1"], 3), "false_links": linkage["inter_cluster_links"]}
    return row


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "bench-out" / "insurance-model")
    parser.add_argument("--speed-documents", type=int, default=4000)
    args = parser.parse_args()
    manifest = json.loads((ROOT / "sanon_graph" / "data" / "models" / "insurance-ner" / "manifest.json").read_text())
    trained_on = set(manifest["trained_on"])
    sets = [(d.name, d) for d in sorted(HELDOUT.glob("set_*"))]
    if THESIS.is_dir():
        sets += [(d.name, d) for d in sorted(THESIS.iterdir()) if (d / "clusters").is_dir()]
    print(f"{'set':<16} {'rules':<9} {'model':<10} {'preset':<26} {'recall':>7} {'pair F1':>8} {'false':>6} {'docs/s':>7}")
    for name, base in sets:
        for preset in PRESETS:
            r = measure(name, base, args.out, preset, trained_on)
            print(f"{name:<16} {r['rules']:<9} {r['model']:<10} {preset:<26} {r['recall']:>7.3f} {r.get('pair_f1', float('nan')):>8.3f} "
                  f"{r.get('false_links', '-'):>6} {r['documents'] / r['seconds']:>7.1f}", flush=True)
    print("(docs/s above includes starting the process and loading the model: about 2 s a run)")
    # speed on a corpus big enough for the workers: the synthetic benchmark corpus (bench_analyze's)
    corpus, _ = synthetic.write(args.out / "synthetic", args.speed_documents)
    for preset in PRESETS:
        started = time.perf_counter()
        cli("analyze", str(corpus), "--out", str(args.out / f"synthetic-{preset}"), "--force", "-q", "--preset", preset)
        seconds = time.perf_counter() - started
        print(f"speed {preset:<26} {args.speed_documents} synthetic documents in {seconds:.1f} s: "
              f"{args.speed_documents / seconds:.0f} docs/s, {100_000 / (args.speed_documents / seconds) / 60:.0f} min "
              f"per 100,000 documents at that rate"
              + (" (the default leaves the model out of a corpus over its model_max_characters: bench_analyze.py)"
                 if preset == "health-insurance" else ""), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
