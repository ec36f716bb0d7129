"""`make bench`: the scaling curve on a corpus whose speed cannot depend on luck (issue 16).

The synthetic generator's "zipf" profile (benchmarks/synthetic.py): 120 first/last-name
combinations (each full name in ~0.8% of documents, many people per name), 70 ages, 5 clinics,
Zipf-distributed providers, cities, conditions, treatments and dates, clusters of 4-6 documents
per person, ~11 precomputed mentions each. `analyze` runs with defaults on the embedded engine
(precomputed extractor) in a subprocess per size; printed: wall time, peak memory (max RSS of
the analyze process), per-stage and per-query times (run.json's), and time(largest)/time(smallest).

Targets (issue 16): 100,000 documents <= 240 s and <= 4 GB; time(100k) / time(10k) <= 12;
1,000,000 documents <= 30 minutes and <= 12 GB (`make bench` runs it: ~25 minutes and 1.1 GB
of generated files on a 2-core machine; it needs the default memory limit, half of a 24 GB
machine, or more).

    python benchmarks/bench_scale.py                   # 10k, 30k, 100k
    python benchmarks/bench_scale.py --sizes 10000 30000 100000 1000000   # make bench
    python benchmarks/bench_scale.py --sizes 10000 30000
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.bench_analyze import run_case  # noqa: E402
from benchmarks.synthetic import write  # noqa: E402

TARGET_100K = (240.0, 4096.0)
TARGET_1M = (1800.0, 12288.0)
TARGET_RATIO = 12.0


def report(result: dict, min_query_s: float) -> None:
    print(f"\n== {result['documents']:,} documents, {result['mentions']:,} mentions, {result['entities']:,} entities, "
          f"{result['links']:,} links, {result['chains']:,} chains")
    print(f"   wall {result['wall_s']:.1f} s, peak memory {result['peak_mb']:.0f} MB")
    stages = {k: v for k, v in result["timings_seconds"].items() if not k.startswith("graph: ")}
    queries = {k[len("graph: "):]: v for k, v in result["timings_seconds"].items() if k.startswith("graph: ")}
    for stage, seconds in stages.items():
        print(f"   {stage:<26} {seconds:8.2f} s")
    print("   per query:")
    for name, seconds in sorted(queries.items(), key=lambda kv: -kv[1]):
        if seconds >= min_query_s:
            print(f"     {name:<24} {seconds:8.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 30_000, 100_000])
    parser.add_argument("--profile", choices=["zipf", "uniform"], default="zipf")
    parser.add_argument("--workdir", type=Path, default=Path("bench-out/scale"))
    parser.add_argument("--min-query-seconds", type=float, default=0.2, help="list queries taking at least this")
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args()
    results = []
    for n in sorted(args.sizes):
        t0 = time.perf_counter()
        corpus, entities = write(args.workdir / f"data-{args.profile}-{n}", n, profile=args.profile)
        print(f"generated {n:,} documents ({args.profile}) in {time.perf_counter() - t0:.1f} s")
        result = run_case("precomputed", corpus, entities, args.workdir / f"out-{args.profile}-{n}")
        report(result, args.min_query_seconds)
        results.append(result)
    print("\n| documents | links | wall s | peak MB |\n|---|---|---|---|")
    for r in results:
        print(f"| {r['documents']:,} | {r['links']:,} | {r['wall_s']:.1f} | {r['peak_mb']:.0f} |")
    by_size = {r["documents"]: r for r in results}
    if len(results) >= 2:
        small, large = results[0], by_size.get(100_000, results[-1])
        ratio = large["wall_s"] / small["wall_s"]
        print(f"time({large['documents']:,}) / time({small['documents']:,}) = {ratio:.1f}"
              + (f" (target <= {TARGET_RATIO:.0f} for 100k/10k)" if (small["documents"], large["documents"]) == (10_000, 100_000) else ""))
    for size, (seconds, megabytes) in ((100_000, TARGET_100K), (1_000_000, TARGET_1M)):
        if size in by_size:
            r = by_size[size]
            ok = r["wall_s"] <= seconds and r["peak_mb"] <= megabytes
            print(f"{size:,} documents: {r['wall_s']:.0f} s, {r['peak_mb']:.0f} MB against {seconds:.0f} s, "
                  f"{megabytes:.0f} MB -> {'OK' if ok else 'OVER TARGET'}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
