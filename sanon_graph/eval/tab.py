"""The extractor on a corpus in the Text Anonymization Benchmark's format (TAB: court decisions of
the European Court of Human Rights annotated by several annotators; Pilán et al., Computational
Linguistics 48(4), 2022), scored with the benchmark's measures, everything extracted masked.

Input: one JSON file, a list of documents {"doc_id", "text", "dataset_type"?, "annotations":
{annotator: {"entity_mentions": [{"entity_id", "entity_type", "identifier_type" (DIRECT, QUASI
or NO_MASK), "start_offset", "end_offset", ...}]}}}, offsets into "text".

Measures, as the benchmark defines them:
- entity recall, direct and quasi: an annotator's entity that needs masking (any of its
  mentions DIRECT or QUASI; direct when its first mention is) counts as masked when every
  mention that needs masking is; a mention is masked when every character is, apart from
  spaces, punctuation and a few function words and titles ("mr", "the", "of", ...). Micro-
  averaged over the annotators.
- token recall per entity type: word tokens of the mentions to mask that are masked.
- token precision: of the masked word tokens, the share the annotators also masked (a token
  counts once per annotator whose mention to mask covers it), with uniform token weights (the
  benchmark's default; its BERT weighting needs a model download).

Masked spans: every whole-word occurrence of every value found in the document, as redaction
replaces them (eval/spans.py mentions_of). `write_masks` writes them in the benchmark's own
submission format ({doc_id: [[start, end], ...]}), for its evaluation script.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..config import Settings
from ..errors import InputError
from ..models import Document
from .spans import mentions_of

# What a mask may leave uncovered inside a mention: spaces, punctuation, and words whose
# inclusion in a span annotators disagree on (the benchmark's list).
_SKIPPABLE_WORDS = ("mr", "mrs", "ms", "and", "or", "from", "until", "to", "about", "after", "as", "at", "before",
                    "between", "by", "during", "for", "in", "into", "of", "on", "over", "since", "with", "the", "a",
                    "an", "no", "nr", "’s", "'s")
_SKIPPABLE = re.compile(
    "|".join([rf"\b{re.escape(w)}\b" for w in _SKIPPABLE_WORDS] + [re.escape(c) for c in ",.-;:/&()[]–'\" ’“”"]),
    re.IGNORECASE,
)
_WORD = re.compile(r"\w+")
IDENTIFIER_TYPES = ("DIRECT", "QUASI", "NO_MASK")


@dataclass(slots=True)
class TabEntity:
    annotator: str
    entity_id: str
    entity_type: str
    direct: bool
    mentions: list[tuple[int, int, bool]] = field(default_factory=list)  # start, end, needs masking

    @property
    def needs_masking(self) -> bool:
        return any(needs for _, _, needs in self.mentions)


@dataclass(slots=True)
class TabDocument:
    doc_id: str
    text: str
    annotators: list[str]
    entities: list[TabEntity]


def read_tab(path: Path, split: str | None = None) -> list[TabDocument]:
    """The documents of a TAB file (those of `split` when given), every annotation checked."""
    path = Path(path)
    try:
        records = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise InputError(path, f"cannot read the file: {exc.strerror or exc}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise InputError(path, f"not JSON: {exc}") from None
    if not isinstance(records, list):
        raise InputError(path, "a TAB file is a JSON list of documents")
    documents, seen = [], set()
    for index, record in enumerate(records):
        label = f"document {index}"
        if not isinstance(record, dict):
            raise InputError(path, "a document must be a JSON object", label)
        for key in ("doc_id", "text", "annotations"):
            if key not in record:
                raise InputError(path, f'missing "{key}"', label)
        doc_id, text = str(record["doc_id"]), record["text"]
        label = f"document {index} ({doc_id})"
        if doc_id in seen:
            raise InputError(path, "doc_id repeated", label)
        seen.add(doc_id)
        if not isinstance(text, str) or not isinstance(record["annotations"], dict):
            raise InputError(path, '"text" must be a string and "annotations" an object', label)
        if split is not None and record.get("dataset_type") != split:
            continue
        documents.append(TabDocument(doc_id, text, sorted(record["annotations"]),
                                     _entities(path, label, text, record["annotations"])))
    if split is not None and not documents:
        raise InputError(path, f"no document of split {split!r} (dataset_type)")
    return documents


def _entities(path: Path, label: str, text: str, annotations: dict[str, Any]) -> list[TabEntity]:
    entities: dict[tuple[str, str], TabEntity] = {}
    for annotator, annotation in annotations.items():
        mentions = annotation.get("entity_mentions") if isinstance(annotation, dict) else None
        if not isinstance(mentions, list):
            raise InputError(path, f'annotator {annotator!r}: missing "entity_mentions" list', label)
        for number, mention in enumerate(mentions):
            where = f"{label}, annotator {annotator!r}, mention {number}"
            try:
                entity_id, start, end = str(mention["entity_id"]), int(mention["start_offset"]), int(mention["end_offset"])
                identifier, entity_type = str(mention["identifier_type"]), str(mention["entity_type"])
            except (KeyError, TypeError, ValueError) as exc:
                raise InputError(path, f"not a TAB entity mention: {exc}", where) from None
            if identifier not in IDENTIFIER_TYPES:
                raise InputError(path, f"identifier_type {identifier!r} is none of {', '.join(IDENTIFIER_TYPES)}", where)
            if not 0 <= start < end <= len(text):
                raise InputError(path, f"offsets {start}-{end} are outside the text ({len(text)} characters)", where)
            key = (annotator, entity_id)
            if key not in entities:  # the first mention says whether the entity is a direct identifier
                entities[key] = TabEntity(annotator, entity_id, entity_type, identifier == "DIRECT")
            entities[key].mentions.append((start, end, identifier != "NO_MASK"))
    return list(entities.values())


def masked_offsets(spans: list[tuple[int, int]]) -> set[int]:
    return {i for start, end in spans for i in range(start, end)}


def mention_masked(text: str, start: int, end: int, masked: set[int]) -> bool:
    """Every character of text[start:end] masked, but for spaces, punctuation and skippable words."""
    uncovered = set(range(start, end)) - masked
    if uncovered:
        for skip in _SKIPPABLE.finditer(text[start:end].lower()):
            uncovered -= set(range(start + skip.start(), start + skip.end()))
    return not uncovered


def _merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[list[int]] = []
    for start, end in sorted(spans):
        if out and start <= out[-1][1]:
            out[-1][1] = max(out[-1][1], end)
        else:
            out.append([start, end])
    return [(s, e) for s, e in out]


def score_tab(documents: list[TabDocument], masks: dict[str, list[tuple[int, int]]]) -> dict[str, Any]:
    """The benchmark's measures for the masked spans of each document."""
    entities = {"DIRECT": [0, 0], "QUASI": [0, 0]}  # masked, to mask
    by_type: dict[str, list[int]] = defaultdict(lambda: [0, 0])  # masked tokens, tokens to mask
    precision_hits = precision_total = masked_tokens = 0
    for doc in documents:
        spans = _merged(masks.get(doc.doc_id, []))
        masked = masked_offsets(spans)
        covered_by: list[tuple[int, int, str]] = []  # every mention to mask, with its annotator
        annotators = len({e.annotator for e in doc.entities})  # those who annotated anything here
        for entity in doc.entities:
            for start, end, needs in entity.mentions:
                if needs:
                    covered_by.append((start, end, entity.annotator))
            if not entity.needs_masking:
                continue
            kind = "DIRECT" if entity.direct else "QUASI"
            entities[kind][1] += 1
            if all(mention_masked(doc.text, s, e, masked) for s, e, needs in entity.mentions if needs):
                entities[kind][0] += 1
            for s, e, _ in entity.mentions:  # every mention of an entity to mask, as the benchmark counts
                for token in _WORD.finditer(doc.text, s, e):
                    by_type[entity.entity_type][1] += 1
                    by_type[entity.entity_type][0] += mention_masked(doc.text, *token.span(), masked)
        # Each annotator's mentions to mask as sorted disjoint intervals (touching ones merged): a token counts for an
        # annotator when one of them covers it whole (a bisection, not a scan of every mention).
        intervals = {a: _merged([(s, e) for s, e, who in covered_by if who == a])
                     for a in {who for _, _, who in covered_by}}
        starts = {a: [s for s, _ in iv] for a, iv in intervals.items()}
        for start, end in spans:
            for token in _WORD.finditer(doc.text, start, end):
                t_start, t_end = token.span()
                for a, iv in intervals.items():
                    i = bisect_right(starts[a], t_start) - 1
                    precision_hits += i >= 0 and iv[i][1] >= t_end
                precision_total += annotators
                masked_tokens += 1

    def ratio(a: int, b: int) -> float:
        return a / b if b else 0.0

    return {
        "documents": len(documents),
        "annotators": sorted({a for d in documents for a in d.annotators}),
        "direct_entities": entities["DIRECT"][1],
        "quasi_entities": entities["QUASI"][1],
        "entity_recall_direct": ratio(*entities["DIRECT"]),
        "entity_recall_quasi": ratio(*entities["QUASI"]),
        "entity_recall": ratio(entities["DIRECT"][0] + entities["QUASI"][0], entities["DIRECT"][1] + entities["QUASI"][1]),
        "token_recall_by_type": {t: {"tokens": n, "masked": k, "recall": ratio(k, n)} for t, (k, n) in sorted(by_type.items())},
        "token_recall": ratio(sum(k for k, _ in by_type.values()), sum(n for _, n in by_type.values())),
        "masked_tokens": masked_tokens,
        "token_precision": ratio(precision_hits, precision_total),
        "token_weighting": "uniform",
    }


def evaluate_tab(tab_file: Path, settings: Settings | None = None, split: str | None = None,
                 ner: bool = False, masks_out: Path | None = None) -> dict[str, Any]:
    """Extract from every document of a TAB file, mask every occurrence of every value found,
    and score the masks with the benchmark's measures."""
    from ..pipeline import cross_document_pass, make_extractor, models_not_run
    from .spans import _with_ner

    settings = settings or Settings()
    tab = read_tab(tab_file, split)
    documents = [Document(doc_id=d.doc_id, source_id=d.doc_id, content=d.text, path=Path(tab_file).name, record=i)
                 for i, d in enumerate(tab)]
    if ner:
        settings = _with_ner(settings, settings.extractor != "none")
    found, not_run = {}, {}
    if settings.extractor != "none" or ner:
        extractor = make_extractor(settings)
        found, not_run = extractor.extract(documents), models_not_run(extractor)
    findings = {d.doc_id: list(found.get(d.doc_id, [])) for d in documents}
    if settings.cross_document:
        cross_document_pass(documents, findings, settings)
    masks: dict[str, list[tuple[int, int]]] = {}
    for d in documents:
        mentions = mentions_of(d.content, ((f, "rules") for f in findings[d.doc_id]))
        masks[d.doc_id] = _merged([(m.start, m.end) for m in mentions])
    result = score_tab(tab, masks)
    result["split"] = split
    result["extractor"] = settings.extractor + (" + ner" if ner else "")
    result["models_not_run"] = not_run  # a model the preset enables, left out of a corpus this large
    if masks_out is not None:
        write_masks(masks_out, masks)
    return result


def write_masks(path: Path, masks: dict[str, list[tuple[int, int]]]) -> None:
    """The masked spans in the benchmark's submission format: {doc_id: [[start, end], ...]}."""
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps({doc_id: [list(s) for s in spans] for doc_id, spans in masks.items()}), encoding="utf-8")
    tmp.replace(path)  # never a half-written file under the final name
