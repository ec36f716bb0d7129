"""Shared by the example corpora with gold spans (examples/legal, examples/hr): turns an
annotated.md into documents/<id>.json (the input) and gold_spans.jsonl (per document, every
planted value with its character offsets in "content").

Markup in annotated.md: a document starts with a line `=== <id> | <kind> ===`; a planted value
is `[[value|TYPE]]` or `[[value|TYPE|role]]`; HTML comments are dropped. Each corpus's build.py
names its gold types and which of them are direct identifiers, and calls main().
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterable
from pathlib import Path

_HEADER = re.compile(r"^=== (?P<id>[\w-]+) \| (?P<kind>[\w ]+) ===$", re.MULTILINE)
_MARK = re.compile(r"\[\[(?P<value>[^|\]]+)\|(?P<type>[A-Z_]+)(?:\|(?P<role>[^\]]+))?\]\]")


def parse(source: str, types: Iterable[str], direct: Iterable[str]) -> list[tuple[dict, dict]]:
    """[(document, gold record)] in the order of the source."""
    types, direct = set(types), set(direct)
    source = re.sub(r"<!--.*?-->", "", source, flags=re.DOTALL)
    headers = list(_HEADER.finditer(source))
    out = []
    for i, h in enumerate(headers):
        body = source[h.end():headers[i + 1].start() if i + 1 < len(headers) else len(source)].strip("\n")
        text, spans, position = [], [], 0
        length = 0
        for m in _MARK.finditer(body):
            text.append(body[position:m.start()])
            length += m.start() - position
            value, etype = m["value"], m["type"]
            if etype not in types:
                raise SystemExit(f"{h['id']}: unknown type {etype} for {value!r}")
            span = {"start": length, "end": length + len(value), "type": etype, "text": value,
                    "direct": etype in direct}
            if m["role"]:
                span["role"] = m["role"]
            spans.append(span)
            text.append(value)
            length += len(value)
            position = m.end()
        text.append(body[position:])
        content = "".join(text)
        if "[[" in content or "]]" in content:
            raise SystemExit(f"{h['id']}: unbalanced markup")
        document = {"id": h["id"], "content": content, "metadata": {"kind": h["kind"]}}
        out.append((document, {"id": h["id"], "spans": spans}))
    return out


def rendered(here: Path, types: Iterable[str], direct: Iterable[str]) -> dict[Path, str]:
    """The files build.py writes under `here`, by path: documents/<id>.json and gold_spans.jsonl."""
    files = {}
    gold_lines = []
    for document, gold in parse((here / "annotated.md").read_text(encoding="utf-8"), types, direct):
        files[here / "documents" / f"{document['id']}.json"] = json.dumps(document, ensure_ascii=False, indent=1) + "\n"
        gold_lines.append(json.dumps(gold, ensure_ascii=False))
    files[here / "gold_spans.jsonl"] = "\n".join(gold_lines) + "\n"
    return files


def main(here: Path, types: Iterable[str], direct: Iterable[str], argv: list[str] | None = None) -> int:
    """Write the corpus under `here`; with --check, exit 1 when the committed files differ."""
    argv = sys.argv[1:] if argv is None else argv
    documents = here / "documents"
    gold = here / "gold_spans.jsonl"
    files = rendered(here, types, direct)
    if "--check" in argv:
        stale = [p for p, text in files.items() if not p.exists() or p.read_text(encoding="utf-8") != text]
        extra = [p for p in documents.glob("*.json") if p not in files]
        for p in stale + extra:
            print(f"out of date: {p.relative_to(here)}")
        return 1 if stale or extra else 0
    documents.mkdir(exist_ok=True)
    for path, text in files.items():
        path.write_text(text, encoding="utf-8")
    print(f"{len(files) - 1} documents, gold spans in {gold.name}")
    return 0


def main_with_types_of(here: Path, build: Path) -> int:
    """main() with the gold types and direct identifiers another corpus's build.py names (a
    training set labelled as the corpus it trains for: examples/hr_train/* as examples/hr)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(f"{build.parent.name}_build", build)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return main(here, module.TYPES, module.DIRECT)
