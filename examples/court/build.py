"""Builds the held-out court example corpus from annotated.md: documents/<id>.json (the input) and
gold_spans.jsonl (per document, every planted value with its character offsets in "content").

    python examples/court/build.py           # write both
    python examples/court/build.py --check   # exit 1 when the committed files are not what it builds

Markup in annotated.md: a document starts with a line `=== <id> | <kind> ===`; a planted value
is `[[value|TYPE]]` or `[[value|TYPE|role]]`. The parsing and writing are examples/gold_corpus.py;
the gold types are the legal corpus's.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from gold_corpus import main  # noqa: E402
from legal.build import DIRECT, TYPES  # noqa: E402  (the legal corpus's gold types)

if __name__ == "__main__":
    raise SystemExit(main(HERE, TYPES, DIRECT))
