"""LLM extraction throughput: 500 documents through both passes against a local
chat-completions server that takes 200 ms per request, at concurrency 16.

Ideal: 2 passes x 500 requests / 16 in flight x 0.2 s = 12.5 s. Budget: 1.3 x ideal.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.synthetic import generate  # noqa: E402
from sanon_graph.config import load_settings  # noqa: E402
from sanon_graph.pipeline import extract_to_file  # noqa: E402
from tests.chat_server import ChatServer, document_of  # noqa: E402


def _serve(answers: dict, latency: float, pipe) -> None:
    with ChatServer(lambda req, attempt: answers[document_of(req)], latency=latency) as server:
        pipe.send(server.base_url)
        server.thread.join()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--docs", type=int, default=500)
    parser.add_argument("--latency", type=float, default=0.2)
    parser.add_argument("--concurrency", type=int, default=16)
    args = parser.parse_args()
    documents, records = generate(args.docs, seed=11)
    answers = {d["content"]: {"entities": [dict(zip(["original", "normalized", "type", "relevance"], e, strict=True))
                                           for e in r["entities"]]}
               for d, r in zip(documents, records, strict=True)}
    # The server runs in its own process, as a real one would: the client is measured alone.
    parent, child = multiprocessing.Pipe()
    process = multiprocessing.get_context("fork").Process(target=_serve, args=(answers, args.latency, child), daemon=True)
    process.start()
    base_url = parent.recv()
    with tempfile.TemporaryDirectory() as tmp:
        corpus = Path(tmp) / "corpus" / "docs.jsonl"
        corpus.parent.mkdir()
        corpus.write_text("".join(json.dumps(d) + "\n" for d in documents))
        os.environ["OPENAI_BASE_URL"] = base_url
        os.environ.setdefault("OPENAI_API_KEY", "bench-no-key")
        settings = load_settings(None, {"extractor": "llm", "model": "bench", "concurrency": args.concurrency,
                                        "llm_cache": Path(tmp) / "cache.sqlite3"})
        t0 = time.perf_counter()
        summary = extract_to_file(corpus.parent, Path(tmp) / "entities.jsonl", settings)
        wall = time.perf_counter() - t0
    process.terminate()
    ideal = 2 * args.docs / args.concurrency * args.latency
    print(f"LLM extraction: {args.docs} documents x 2 passes, {summary['llm']['requests']} requests, "
          f"latency {args.latency * 1000:.0f} ms, concurrency {args.concurrency}")
    print(f"   wall {wall:.2f} s, ideal {ideal:.2f} s, ratio {wall / ideal:.2f} (budget 1.30) -> "
          f"{'OK' if wall <= 1.3 * ideal else 'OVER BUDGET'}")


if __name__ == "__main__":
    main()
