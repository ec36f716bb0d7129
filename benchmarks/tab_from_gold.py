"""Writes one of the team's example corpora (examples/legal, examples/hr) in the Text
Anonymization Benchmark's format, so `sanon-graph eval tab` scores it with that benchmark's
stricter measures (an entity counts only when every mention is fully masked):

    python benchmarks/tab_from_gold.py examples/legal OUT.json
    sanon-graph eval tab OUT.json --preset legal

A corpus with a split.json ({"tuned_on": [ids], "held_out": [ids]}, examples/court) has its
documents marked "train" (tuned on) and "test" (held out), so `eval tab OUT.json --split test`
scores the held-out part alone; without one every document is "test".

Every planted value is a mention to mask (the corpora plant identifiers only): DIRECT for the
gold's direct identifiers, QUASI otherwise; one annotator; the mentions of one value (same type,
same text up to case) in one document are one entity. Gold types map to the benchmark's.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

TAB_TYPES = {
    "NAME": "PERSON", "PERSONAL_ID": "CODE", "CASE_NUMBER": "CODE", "EMPLOYEE_ID": "CODE", "PHONE_NUMBER": "CODE",
    "EMAIL": "CODE", "ADDRESS": "LOC", "LOCATION": "LOC", "ORGANIZATION": "ORG", "DEPARTMENT": "ORG",
    "NATIONALITY": "DEM", "OCCUPATION": "DEM", "AGE": "DEM", "MEDICAL_CONDITION": "DEM", "DATE": "DATETIME",
    "MONEY": "QUANTITY",
}


def convert(corpus: Path) -> list[dict]:
    split = corpus / "split.json"
    tuned_on = set(json.loads(split.read_text(encoding="utf-8"))["tuned_on"]) if split.exists() else set()
    texts = {}
    for path in sorted((corpus / "documents").glob("*.json")):
        record = json.loads(path.read_text(encoding="utf-8"))
        texts[str(record["id"])] = record["content"]
    out = []
    for line in (corpus / "gold_spans.jsonl").read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        record = json.loads(line)
        doc_id = str(record["id"])
        entity_ids: dict[tuple[str, str], str] = {}
        mentions = []
        for number, span in enumerate(record["spans"]):
            key = (span["type"], span["text"].lower())
            entity_id = entity_ids.setdefault(key, f"{doc_id}_e{len(entity_ids) + 1}")
            mentions.append({"entity_id": entity_id, "entity_mention_id": f"{doc_id}_em{number + 1}",
                             "entity_type": TAB_TYPES.get(span["type"], "MISC"),
                             "identifier_type": "DIRECT" if span.get("direct") else "QUASI",
                             "start_offset": span["start"], "end_offset": span["end"], "span_text": span["text"]})
        out.append({"doc_id": doc_id, "text": texts[doc_id], "dataset_type": "train" if doc_id in tuned_on else "test",
                    "annotations": {"team": {"entity_mentions": mentions}}})
    return out


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    corpus, target = Path(argv[0]), Path(argv[1])
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(convert(corpus), ensure_ascii=False), encoding="utf-8")
    print(f"{target}: {corpus.name} in the benchmark's format")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
