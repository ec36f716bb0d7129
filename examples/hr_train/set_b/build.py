"""Builds the HR training corpus, set B (continental European and Asian offices of multinational
employers: Valencia, Milan, Aarhus/Gothenburg, Geel, Singapore/Hong Kong), from annotated.md:
documents/<id>.json (the input) and gold_spans.jsonl (per document, every planted value with its
character offsets in "content"). Training data: see README.md.

    python examples/hr_train/set_b/build.py           # write both
    python examples/hr_train/set_b/build.py --check   # exit 1 when the committed files are not what it builds

Markup in annotated.md: a document starts with a line `=== <id> | <kind> ===`; a planted value
is `[[value|TYPE]]` or `[[value|TYPE|role]]`. The parsing and writing are examples/gold_corpus.py.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from gold_corpus import main_with_types_of  # noqa: E402

if __name__ == "__main__":
    # labelled with the held-out HR corpus's gold types (examples/hr/build.py)
    raise SystemExit(main_with_types_of(HERE, HERE.parent.parent / "hr" / "build.py"))
