"""Builds the legal example corpus from annotated.md: documents/<id>.json (the input) and
gold_spans.jsonl (per document, every planted value with its character offsets in "content").

    python examples/legal/build.py           # write both
    python examples/legal/build.py --check   # exit 1 when the committed files are not what it builds

Markup in annotated.md: a document starts with a line `=== <id> | <kind> ===`; a planted value
is `[[value|TYPE]]` or `[[value|TYPE|role]]`.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "annotated.md"
DOCUMENTS = HERE / "documents"
GOLD = HERE / "gold_spans.jsonl"

TYPES = {"NAME", "CASE_NUMBER", "PERSONAL_ID", "ORGANIZATION", "LOCATION", "ADDRESS", "DATE", "AGE",
         "MONEY", "NATIONALITY", "OCCUPATION", "PHONE_NUMBER", "EMAIL"}
DIRECT = {"NAME", "PERSONAL_ID", "ADDRESS", "PHONE_NUMBER", "EMAIL"}  # direct identifiers
_HEADER = re.compile(r"^=== (?P<id>[\w-]+) \| (?P<kind>[\w ]+) ===$", re.MULTILINE)
_MARK = re.compile(r"\[\[(?P<value>[^|\]]+)\|(?P<type>[A-Z_]+)(?:\|(?P<role>[^\]]+))?\]\]")


def parse(source: str) -> list[tuple[dict, dict]]:
    """[(document, gold record)] in the order of the source."""
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
            if etype not in TYPES:
                raise SystemExit(f"{h['id']}: unknown type {etype} for {value!r}")
            span = {"start": length, "end": length + len(value), "type": etype, "text": value,
                    "direct": etype in DIRECT}
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


def rendered() -> dict[Path, str]:
    files = {}
    gold_lines = []
    for document, gold in parse(SOURCE.read_text(encoding="utf-8")):
        files[DOCUMENTS / f"{document['id']}.json"] = json.dumps(document, ensure_ascii=False, indent=1) + "\n"
        gold_lines.append(json.dumps(gold, ensure_ascii=False))
    files[GOLD] = "\n".join(gold_lines) + "\n"
    return files


def main() -> int:
    files = rendered()
    if "--check" in sys.argv:
        stale = [p for p, text in files.items() if not p.exists() or p.read_text(encoding="utf-8") != text]
        extra = [p for p in DOCUMENTS.glob("*.json") if p not in files]
        for p in stale + extra:
            print(f"out of date: {p.relative_to(HERE)}")
        return 1 if stale or extra else 0
    DOCUMENTS.mkdir(exist_ok=True)
    for path, text in files.items():
        path.write_text(text, encoding="utf-8")
    print(f"{len(files) - 1} documents, gold spans in {GOLD.name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
