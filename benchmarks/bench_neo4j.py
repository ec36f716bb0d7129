"""`make bench`: the Neo4j server backend on the synthetic corpus, beside the embedded engine.

1. Bulk load: mention rows per second by batch size (the curve), then 1,000,000 mention rows
   at the default batch size, and the time to remove that dataset again.
2. analyze with --extractor precomputed on 100,000 documents, on Neo4j and on the embedded
   engine, wall time and peak memory, with the per-query times of both side by side.

The server is neo4j-testserver/'s real Neo4j Community (5.26 LTS by default, --line 2026 for
the current release) with a 4 GB heap and a 2 GB page cache, the optimising JIT on, warmed up
by one small analysis first, as a server that has been running for a while would be.
Issue 13's targets: >= 50,000 mention rows/s; Neo4j within 3x of the embedded wall time.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from benchmarks.bench_analyze import run_case  # noqa: E402
from benchmarks.synthetic import write  # noqa: E402

CURVE_ROWS = 200_000
BATCHES = (1_000, 5_000, 10_000, 20_000, 50_000)


def testserver():
    spec = importlib.util.spec_from_file_location("testserver", ROOT / "neo4j-testserver" / "testserver.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["testserver"] = module
    spec.loader.exec_module(module)
    return module


def frames(corpus: Path, entities: Path):
    """The documents, entities and mentions frames analyze loads, for this corpus."""
    from sanon_graph import pipeline
    from sanon_graph.config import load_settings
    from sanon_graph.extract import assemble
    from sanon_graph.extract.precomputed import PrecomputedExtractor
    from sanon_graph.ingest import read_corpus

    settings = load_settings(None, {"extractor": "precomputed", "entities_file": entities})
    docs = read_corpus(corpus)
    assembled = assemble(docs.documents, PrecomputedExtractor(entities).extract(docs.documents), settings.entity_schema)
    return pipeline._frames(docs, assembled, sorted(assembled.entities))


def load_curve(server, documents, entities, mentions) -> None:
    import sanon_graph.graph.neo4j as engine_module
    from sanon_graph.graph import GraphLocation, open_store

    def fresh_store():
        location = GraphLocation(backend="neo4j", uri=server.uri, dataset=f"bench-load-{uuid.uuid4().hex[:8]}",
                                 run_id=uuid.uuid4().hex)
        store = open_store(location, create=True)
        store.create_schema()
        store.load(documents, entities, mentions.iloc[:0])
        return store, location

    sample = mentions.iloc[:CURVE_ROWS]
    print(f"\n== bulk load of mention rows ({engine_module.LOAD_THREADS} transactions in flight)")
    default = engine_module.BATCH_ROWS["mentions"]
    for size in BATCHES:
        engine_module.BATCH_ROWS["mentions"] = size
        store, _ = fresh_store()
        t0 = time.perf_counter()
        store.bulk_load("mentions", sample)
        seconds = time.perf_counter() - t0
        print(f"   batch {size:>6,} rows: {len(sample) / seconds:>9,.0f} rows/s  ({len(sample):,} rows)")
        store.engine.execute_named("reset_dataset", {})
        store.close()
    engine_module.BATCH_ROWS["mentions"] = default
    store, _ = fresh_store()
    t0 = time.perf_counter()
    store.bulk_load("mentions", mentions)
    seconds = time.perf_counter() - t0
    print(f"   all {len(mentions):,} rows at batch {default:,}: {seconds:.1f} s, {len(mentions) / seconds:,.0f} rows/s "
          "(target >= 50,000)")
    t0 = time.perf_counter()
    store.engine.execute_named("reset_dataset", {})
    print(f"   removing that dataset (reset, in batches): {time.perf_counter() - t0:.1f} s")
    store.close()


def server_peak_mb(server) -> float:
    status = Path(f"/proc/{server.process.pid}/status").read_text()
    return next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmHWM")) / 1024


def store_size_mb(server) -> float:
    """What the server's databases take on disk (store files and transaction logs): the page
    cache that holds all of it is the upper end of its sizing."""
    return sum(f.stat().st_size for f in Path(server.data_dir).rglob("*") if f.is_file()
               and "logs" not in f.relative_to(server.data_dir).parts[:1]) / 2**20


def side_by_side(neo4j: dict, embedded: dict | None) -> None:
    n4j_t, emb_t = neo4j["timings_seconds"], (embedded or {}).get("timings_seconds", {})
    print(f"\n   {'stage / query':<28} {'neo4j s':>9} {'embedded s':>11}")
    for key in dict.fromkeys([*n4j_t, *emb_t]):
        a, b = n4j_t.get(key), emb_t.get(key)
        if max(a or 0, b or 0) < 0.3:
            continue
        print(f"   {key:<28} {a if a is not None else '-':>9} {b if b is not None else '-':>11}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--docs", type=int, default=100_000)
    parser.add_argument("--line", choices=["5.26", "2026"], default="5.26")
    parser.add_argument("--profile", choices=["uniform", "zipf"], default="uniform",
                        help="the synthetic corpus (benchmarks/synthetic.py); zipf: bench_scale's, with common values")
    parser.add_argument("--workdir", type=Path, default=Path("bench-out"))
    parser.add_argument("--skip-embedded", action="store_true", help="Only the Neo4j run.")
    parser.add_argument("--skip-load-curve", action="store_true")
    parser.add_argument("--load-only", action="store_true", help="Only the bulk-load figures (no analyze runs).")
    parser.add_argument("--threads", type=int, help="Load transactions in flight (default: the engine's LOAD_THREADS).")
    parser.add_argument("--heap", default="4g", help="the server's JVM heap (sizing runs: 1,000,000 documents)")
    parser.add_argument("--pagecache", default="2g", help="the server's page cache")
    parser.add_argument("--tx-memory", default="3g", help="the server's memory for all transactions together")
    parser.add_argument("--analyze-args", nargs="*", default=[],
                        help="extra analyze options for the Neo4j run, e.g. --memory-limit 8GB")
    args = parser.parse_args()
    if args.threads:
        import sanon_graph.graph.neo4j as engine_module

        engine_module.LOAD_THREADS = args.threads
    corpus, entities = write(args.workdir / f"data-{args.profile}", args.docs, profile=args.profile)
    ts = testserver()
    server = ts.start(args.line, heap=args.heap, pagecache=args.pagecache, tx_memory=args.tx_memory, timeout=300,
                      jvm_args=["-XX:TieredStopAtLevel=4", "-XX:-UseSerialGC", "-XX:+UseParallelGC"])
    print(f"Neo4j {server.version} ({args.line} line) at {server.uri}, started in {server.startup_seconds:.1f} s; "
          f"heap {args.heap}, page cache {args.pagecache}, transactions {args.tx_memory}")
    env = {"NEO4J_URI": server.uri, "NEO4J_USERNAME": server.username, "NEO4J_PASSWORD": server.password}
    os.environ.update(env)
    try:
        warm = run_case("neo4j-warmup", ROOT / "examples" / "corpus", None, args.workdir / "out-warmup",
                        ["--backend", "neo4j", "--dataset", "bench-warmup"])
        print(f"warm-up analysis of examples/: {warm['wall_s']:.1f} s")
        if not args.skip_load_curve:
            load_curve(server, *frames(corpus, entities))
        if args.load_only:
            return
        result = run_case("precomputed", corpus, entities, args.workdir / "out-neo4j",
                          ["--backend", "neo4j", "--dataset", "bench", *args.analyze_args])
        embedded = None if args.skip_embedded else run_case("precomputed", corpus, entities,
                                                              args.workdir / "out-precomputed")
        print(f"\n== analyze --extractor precomputed, {result['documents']:,} documents, {result['mentions']:,} mentions, "
              f"{result['links']:,} links")
        print(f"   neo4j:    wall {result['wall_s']:.1f} s, analyze process peak {result['peak_mb']:.0f} MB, "
              f"server peak {server_peak_mb(server):.0f} MB, store on disk {store_size_mb(server):.0f} MB")
        if embedded:
            print(f"   embedded: wall {embedded['wall_s']:.1f} s, peak {embedded['peak_mb']:.0f} MB  ->  "
                  f"neo4j / embedded = {result['wall_s'] / embedded['wall_s']:.2f} (target <= 3)")
        side_by_side(result, embedded)
        sizing = {"heap": args.heap, "pagecache": args.pagecache, "tx_memory": args.tx_memory,
                  "server_peak_mb": server_peak_mb(server), "store_mb": store_size_mb(server)}
        (args.workdir / "bench_neo4j.json").write_text(json.dumps({"neo4j": result, "embedded": embedded,
                                                                    "server": sizing}, indent=2))
    finally:
        server.stop()


if __name__ == "__main__":
    main()
