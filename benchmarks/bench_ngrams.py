"""Building the rare shared N-gram signal for 100,000 documents of ~70-80 words
(issue 5 budget: under 60 s and 4 GB on this 2-core machine)."""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.synthetic import generate  # noqa: E402
from sanon_graph.extract.ngrams import NgramSettings, shared_ngrams  # noqa: E402
from sanon_graph.models import Document  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--docs", type=int, default=100_000)
    args = parser.parse_args()
    records, _ = generate(args.docs, seed=5)
    documents = [Document(r["id"], r["id"], r["content"], "corpus.jsonl", i) for i, r in enumerate(records)]
    words = sum(len(d.content.split()) for d in documents) / len(documents)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    t0 = time.perf_counter()
    found = shared_ngrams(documents, {}, NgramSettings(enabled=True))
    wall = time.perf_counter() - t0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    phrases = sum(len(v) for v in found.values())
    print(f"N-gram signal: {len(documents):,} documents (~{words:.0f} words), {phrases:,} rare shared phrases "
          f"in {len(found):,} documents")
    print(f"   wall {wall:.1f} s (budget 60 s), peak memory {peak:.0f} MB (corpus alone {before:.0f} MB; budget 4096 MB)"
          f" -> {'OK' if wall < 60 and peak < 4096 else 'OVER BUDGET'}")


if __name__ == "__main__":
    main()
