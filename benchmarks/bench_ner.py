"""The NER model (sanon_graph/extract/ner_model.py): its speed, and what it adds to the rules
extractor on the thesis-dev sets (needs the ner extra and ../shared/data/thesis-dev).

    nice -n 10 python -m benchmarks.bench_ner            # speed and thesis-dev quality
    nice -n 10 python -m benchmarks.bench_ner speed      # speed only
    nice -n 10 python -m benchmarks.bench_ner quality    # thesis-dev only

Speed: documents and characters per second over the thesis-dev documents and a synthetic
corpus (benchmarks/synthetic.py), one and two processes, the whole text or only the sentences
with a capitalised word or a digit (only_candidates); projected hours for 100,000 documents.

Quality: recall of the hidden persons' entities (eval/entities.py's matching) per type, by the
rules extractor alone and with the NER model's spans added (all mapped labels, then each label
alone), both through the cross-document pass as in analyze. Precision proxies per label: of the
distinct values a label gives in a cluster, how many are a gold value of that cluster, overlap
one (one contains the other), or neither, and how many of the neither are new (the rules did
not find them): values that would be masked without being one of the person's.
"""

from __future__ import annotations

import json
import sys
import time
from collections import defaultdict
from pathlib import Path

from benchmarks.synthetic import generate
from sanon_graph.config import load_settings
from sanon_graph.eval.entities import score_entities
from sanon_graph.extract.ner_model import INSURANCE_LABELS, load_model, mapped, ner_spans
from sanon_graph.ingest import read_corpus
from sanon_graph.models import ExtractedEntity
from sanon_graph.pipeline import cross_document_pass, make_extractor
from sanon_graph.redact import fold

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data" / "thesis-dev"
SETS = ["debug_3", "qa_5", "qa_25", "train_10", "tuning_chain_5", "tuning_filter_5"]
TARGET_DOCUMENTS = 100_000
# The labels tried, with the insurance type each maps to (MONEY has none there: kept as MONEY).
LABELS = dict(INSURANCE_LABELS) | {"MONEY": "MONEY"}


def _thesis_texts() -> list[str]:
    texts = []
    for name in SETS:
        texts += [d.content for d in read_corpus(DATA / name / "documents").documents]
    return texts


def _rate(texts: list[str], n_process: int, only_candidates: bool, repeat: int = 1) -> tuple[float, float]:
    load_model()
    start = time.perf_counter()
    for _ in range(repeat):
        ner_spans(texts, batch_size=64, n_process=n_process, only_candidates=only_candidates)
    seconds = (time.perf_counter() - start) / repeat
    return len(texts) / seconds, sum(map(len, texts)) / seconds


def speed() -> None:
    t = time.perf_counter()
    load_model()
    print(f"model load (first use, checksums included): {time.perf_counter() - t:.2f} s")
    corpora = {"synthetic (2,000 documents)": [d["content"] for d in generate(2000)[0]]}
    if DATA.is_dir():
        corpora = {f"thesis-dev ({len(x)} documents)": x for x in [_thesis_texts()]} | corpora
    print("| corpus | chars/doc | processes | segments | docs/s | chars/s | 100,000 docs |")
    print("|---|---|---|---|---|---|---|")
    for name, texts in corpora.items():
        per_doc = sum(map(len, texts)) / len(texts)
        for n_process in (1, 2):
            for only in (False, True):
                docs_s, chars_s = _rate(texts, n_process, only, repeat=2 if len(texts) < 500 else 1)
                print(f"| {name} | {per_doc:.0f} | {n_process} | {'candidates' if only else 'whole text'} | "
                      f"{docs_s:.0f} | {chars_s:,.0f} | {TARGET_DOCUMENTS / docs_s / 60:.1f} min |")
    # How much of the text the candidate filter skips, on each corpus.
    from sanon_graph.extract.ner_model import _segments

    for name, texts in corpora.items():
        kept = sum(len(p) for t in texts for _, p in _segments(t, True))
        print(f"{name}: candidate segments hold {kept / sum(map(len, texts)):.0%} of the characters")


def _found(documents, findings) -> dict[str, list[tuple[set[str], str]]]:
    out: dict[str, list[tuple[set[str], str]]] = defaultdict(list)
    for d in documents:
        for f in findings.get(d.doc_id, []):
            out[d.source_id].append(({fold(f.original), fold(f.normalized)}, f.type))
    return out


def quality() -> None:
    settings = load_settings(overrides={"preset": "health-insurance-rules"})  # the rules alone
    rows: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0, 0]))
    proxies: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0])
    totals: dict[str, list[float]] = defaultdict(lambda: [0, 0, 0])  # findable, found, typed
    for name in SETS:
        corpus = read_corpus(DATA / name / "documents")
        documents = corpus.documents
        rules = make_extractor(settings).extract(documents)
        spans = ner_spans([d.content for d in documents])
        ner_by_doc = {d.doc_id: mapped(s, LABELS) for d, s in zip(documents, spans, strict=True)}
        variants = {"rules": None, "rules+ner": set(LABELS)} | {f"+{label}": {label} for label in LABELS}
        for variant, labels in variants.items():
            findings = {k: list(v) for k, v in rules.items()}
            if labels:
                for d in documents:
                    findings.setdefault(d.doc_id, []).extend(
                        ExtractedEntity(s.text, fold(s.text), t, 0.5) for s, t in ner_by_doc[d.doc_id]
                        if s.label in labels)
            cross_document_pass(documents, findings, settings)
            m = score_entities(_found(documents, findings), DATA / name / "clusters")
            for etype, r in m["by_type"].items():
                row = rows[variant][etype]
                row[0] += r["findable"]
                row[1] += r["found"]
                row[2] += r["found_typed"]
            totals[variant][0] += m["findable"]
            totals[variant][1] += round(m["recall_findable"] * m["findable"])
            totals[variant][2] += round(m["recall_findable_typed"] * m["findable"])
        # precision proxies, per cluster
        source_docs = {d.source_id: d for d in documents}
        for path in sorted((DATA / name / "clusters").glob("*.json")):
            cluster = json.loads(path.read_text(encoding="utf-8"))
            gold = {fold(v) for v, _ in cluster["metadata"]["person"]["entities"]}
            docs = [source_docs[x["id"]] for x in cluster["documents"] if x["id"] in source_docs]
            rules_values = {fold(f.original) for d in docs for f in rules.get(d.doc_id, [])}
            seen: dict[str, set[str]] = defaultdict(set)
            for d in docs:
                for s, _ in ner_by_doc[d.doc_id]:
                    seen[s.label].add(fold(s.text))
            for label, values in seen.items():
                for v in values:
                    p = proxies[label]
                    p[0] += 1
                    if v in gold:
                        p[1] += 1
                    elif any(v in g or g in v for g in gold):
                        p[2] += 1
                    else:
                        p[3] += 1
                        p[4] += v not in rules_values
    print("Recall of the persons' findable entities, per type: found (same type), over findable")
    types = sorted(rows["rules"])
    header = ["type", "findable", "rules", "rules+ner"] + [f"+{label}" for label in LABELS]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for etype in types:
        base = rows["rules"][etype]
        cells = [etype, str(base[0]), f"{base[1]} ({base[2]})"]
        for variant in ["rules+ner"] + [f"+{label}" for label in LABELS]:
            r = rows[variant][etype]
            cells.append(f"{r[1]} ({r[2]})" + (f" +{r[1] - base[1]}" if r[1] != base[1] else ""))
        print("| " + " | ".join(cells) + " |")
    cells = ["all", f"{totals['rules'][0]:.0f}"]
    for variant in ["rules", "rules+ner"] + [f"+{label}" for label in LABELS]:
        t = totals[variant]
        cells.append(f"{t[1] / t[0]:.3f} ({t[2] / t[0]:.3f})")
    print("| " + " | ".join(cells) + " |")
    print()
    print("Precision proxies: distinct values per cluster a label gives")
    print("| label | -> type | values | a gold value | overlaps a gold value | neither | neither and new to rules |")
    print("|---|---|---|---|---|---|---|")
    for label in LABELS:
        p = proxies[label]
        if p[0]:
            print(f"| {label} | {LABELS[label]} | {p[0]} | {p[1]} | {p[2]} | {p[3]} ({p[3] / p[0]:.0%}) | {p[4]} |")


def main() -> None:
    what = sys.argv[1] if len(sys.argv) > 1 else "all"
    if what in ("all", "speed"):
        speed()
        print()
    if what in ("all", "quality"):
        if not DATA.is_dir():
            raise SystemExit(f"{DATA} not found: the thesis-dev data sits in ../shared beside the repository")
        quality()


if __name__ == "__main__":
    main()
