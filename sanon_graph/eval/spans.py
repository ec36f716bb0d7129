"""Extractor recall and precision against gold spans (a corpus annotated with character offsets,
such as examples/legal), as the masking sees it: everything extracted is masked.

Gold file (JSONL), one line per document: {"id": <document id>, "spans": [{"start", "end",
"type", "text", "direct"?, "role"?}, ...]}, offsets into the document's "content"; "text" must
equal content[start:end]. A document without a line has no gold spans.

Predicted mentions: every whole-word, any-case occurrence in a document of every value the
extractor found in that document (with the pipeline's cross-document pass when the settings
have it on), widened to whole identifier tokens: what redaction would replace. With `ner`, the
`ner` recognizer runs after the extractor's own, as analyze runs it (its labels mapped to the
schema's types by ner_model.label_map): the model fills what the rules leave.

A gold span is found when a predicted mention overlaps it; found with its type when that
mention's type is the gold type or one the evaluation maps to it (GOLD_ACCEPTS: the legal gold
vocabulary against the insurance schema's types). A predicted mention is correct when it
overlaps a gold span (typed: one of a type that accepts it). Token figures count word tokens
(letters and digits): gold tokens inside some predicted mention, and predicted tokens inside some
gold span.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..config import Settings
from ..errors import InputError
from ..ingest import read_corpus
from ..models import ExtractedEntity
from ..redact import _widen, find_values, fold, strip_trailing_punctuation
from ..schema import EntitySchema, EntityType

# Gold type -> predicted types (besides its own name) that count as that type: the gold file
# is domain-neutral, each preset names its types (health-insurance, legal, hr).
GOLD_ACCEPTS: dict[str, frozenset[str]] = {
    "NAME": frozenset({"NAME"}),
    "CASE_NUMBER": frozenset({"NON_PERSONAL_ID", "REFERENCE_ID"}),
    "PERSONAL_ID": frozenset({"PATIENT_ID", "APPLICATION_NUMBER", "EMPLOYEE_ID"}),
    "ORGANIZATION": frozenset({"PROVIDER", "ORGANISATION", "COURT", "DEPARTMENT"}),
    "ADDRESS": frozenset(),
    "LOCATION": frozenset(),
    "DATE": frozenset({"EVENT_DATE", "BIRTHDATE"}),
    "AGE": frozenset(),
    "MONEY": frozenset({"SALARY"}),
    "NATIONALITY": frozenset({"DEMOGRAPHIC"}),
    "OCCUPATION": frozenset({"INDIRECT_IDENTIFIER", "ROLE"}),
}
_TOKEN = re.compile(r"[^\W_]+")


@dataclass(frozen=True, slots=True)
class GoldSpan:
    start: int
    end: int
    type: str
    text: str
    direct: bool = False
    role: str = ""


@dataclass(frozen=True, slots=True)
class Mention:
    start: int
    end: int
    type: str
    source: str  # "rules" (the configured extractor) or "ner"


def accepts(gold_type: str, predicted_type: str) -> bool:
    return predicted_type == gold_type or predicted_type in GOLD_ACCEPTS.get(gold_type, ())


def read_gold(path: Path, contents: dict[str, str]) -> dict[str, list[GoldSpan]]:
    """Gold spans per document id, each checked against the document's content."""
    path = Path(path)
    try:
        lines = path.read_text(encoding="utf-8").split("\n")
    except OSError as exc:
        raise InputError(path, f"cannot read gold file: {exc.strerror or exc}") from None
    gold: dict[str, list[GoldSpan]] = {}
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            doc_id = str(record["id"])
            spans = [GoldSpan(int(s["start"]), int(s["end"]), str(s["type"]), str(s["text"]),
                              bool(s.get("direct", False)), str(s.get("role", ""))) for s in record["spans"]]
        except (json.JSONDecodeError, KeyError, TypeError, ValueError) as exc:
            raise InputError(path, f"not a gold spans record: {exc}", f"line {number}") from None
        if doc_id not in contents:
            raise InputError(path, f"document {doc_id!r} is not in the input", f"line {number}")
        content = contents[doc_id]
        for s in spans:
            if not (0 <= s.start < s.end <= len(content)) or content[s.start:s.end] != s.text:
                raise InputError(path, f"document {doc_id!r}: span {s.start}-{s.end} is not {s.text!r} in the content",
                                 f"line {number}")
        gold[doc_id] = spans
    return gold


def mentions_of(content: str, findings: Iterable[tuple[ExtractedEntity, str]]) -> list[Mention]:
    """Every occurrence of every finding's value in content, as redaction would replace it."""
    types_of: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for f, source in findings:
        value = strip_trailing_punctuation(f.original)
        if value.strip():
            types_of[fold(value)].add((f.type, source))
    if not types_of:
        return []
    matches = find_values(content, types_of)
    out = []
    for match in matches:
        start, end = _widen(content, *match.span())
        for etype, source in sorted(types_of.get(fold(match.group(0)), ())):
            out.append(Mention(start, end, etype, source))
    return out


def _overlaps(a_start: int, a_end: int, b_start: int, b_end: int) -> bool:
    return a_start < b_end and b_start < a_end


def _tokens(text: str, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
    return [m.span() for m in _TOKEN.finditer(text, start, len(text) if end is None else end)]


def score(contents: dict[str, str], gold: dict[str, list[GoldSpan]],
          predicted: dict[str, list[Mention]], without_model: dict[str, list[Mention]] | None = None) -> dict[str, Any]:
    """The figures (see the module docstring) of predicted mentions against gold spans;
    `without_model`, the mentions of the same extractor without the model: a gold span they
    hit is never the model's alone, even where the model's longer span replaced theirs."""
    by_gold: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])  # gold, found, typed, ner only
    by_role: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    by_pred: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])  # predicted, overlapping, typed
    groups: dict[str, list[int]] = defaultdict(lambda: [0, 0])  # direct/quasi: gold, found
    tokens = [0, 0, 0, 0]  # gold tokens, covered; predicted tokens, inside gold
    spans_total = [0, 0, 0]  # distinct predicted spans, overlapping gold, (span, type) typed correct
    pairs_total = 0
    missed: list[dict[str, Any]] = []
    spurious: list[dict[str, Any]] = []
    for doc_id, content in contents.items():
        g = gold.get(doc_id, [])
        p = predicted.get(doc_id, [])
        for s in g:
            hits = [m for m in p if _overlaps(s.start, s.end, m.start, m.end)]
            found = bool(hits)
            typed = any(accepts(s.type, m.type) for m in hits)
            ner_only = found and all(m.source == "ner" for m in hits) and not any(
                _overlaps(s.start, s.end, m.start, m.end) for m in (without_model or {}).get(doc_id, ()))
            row = by_gold[s.type]
            row[0] += 1
            row[1] += found
            row[2] += typed
            row[3] += ner_only
            if s.role:
                by_role[f"{s.type}:{s.role}"][0] += 1
                by_role[f"{s.type}:{s.role}"][1] += found
            group = groups["direct" if s.direct else "quasi"]
            group[0] += 1
            group[1] += found
            if not found:
                missed.append({"id": doc_id, "type": s.type, "text": s.text})
        distinct = sorted({(m.start, m.end) for m in p})
        for start, end in distinct:
            hit = any(_overlaps(start, end, s.start, s.end) for s in g)
            spans_total[0] += 1
            spans_total[1] += hit
            if not hit:
                spurious.append({"id": doc_id, "text": content[start:end],
                                 "types": sorted({m.type for m in p if (m.start, m.end) == (start, end)})})
        for start, end, etype in sorted({(m.start, m.end, m.type) for m in p}):
            hits = [s for s in g if _overlaps(start, end, s.start, s.end)]
            row = by_pred[etype]
            row[0] += 1
            row[1] += bool(hits)
            typed = any(accepts(s.type, etype) for s in hits)
            row[2] += typed
            pairs_total += 1
            spans_total[2] += typed
        covered = [(m.start, m.end) for m in p]
        inside = [(s.start, s.end) for s in g]
        for s in g:
            for a, b in _tokens(content, s.start, s.end):
                tokens[0] += 1
                tokens[1] += any(x <= a and b <= y for x, y in covered)
        counted: set[tuple[int, int]] = set()
        for start, end in distinct:
            for a, b in _tokens(content, start, end):
                if (a, b) in counted:
                    continue
                counted.add((a, b))
                tokens[2] += 1
                tokens[3] += any(x <= a and b <= y for x, y in inside)

    def ratio(a: float, b: float) -> float:
        return a / b if b else 0.0

    gold_total = sum(r[0] for r in by_gold.values())
    return {
        "documents": len(contents),
        "gold_spans": gold_total,
        "predicted_spans": spans_total[0],
        "recall": ratio(sum(r[1] for r in by_gold.values()), gold_total),
        "recall_typed": ratio(sum(r[2] for r in by_gold.values()), gold_total),
        "precision": ratio(spans_total[1], spans_total[0]),
        "precision_typed": ratio(spans_total[2], pairs_total),
        "recall_direct": ratio(groups["direct"][1], groups["direct"][0]),
        "recall_quasi": ratio(groups["quasi"][1], groups["quasi"][0]),
        "token_recall": ratio(tokens[1], tokens[0]),
        "token_precision": ratio(tokens[3], tokens[2]),
        "by_gold_type": {t: {"gold": r[0], "found": r[1], "found_typed": r[2], "found_by_ner_only": r[3],
                             "recall": ratio(r[1], r[0]), "recall_typed": ratio(r[2], r[0])}
                         for t, r in sorted(by_gold.items())},
        "by_role": {k: {"gold": r[0], "found": r[1], "recall": ratio(r[1], r[0])} for k, r in sorted(by_role.items())},
        "by_predicted_type": {t: {"predicted": r[0], "overlapping_gold": r[1], "typed_match": r[2],
                                  "precision": ratio(r[1], r[0]), "precision_typed": ratio(r[2], r[0])}
                              for t, r in sorted(by_pred.items())},
        "missed": missed,
        "spurious": spurious,
    }


def _with_ner(settings: Settings, extract: bool, only: Iterable[str] | None = None) -> Settings:
    """The settings with the `ner` recognizer enabled (after the extractor's own, or alone when
    extract is off), its labels (`only`, default every mapped one) mapped to the schema's types;
    a type a label maps to that the schema lacks is added to it."""
    from ..extract.ner_model import label_map

    schema = settings.entity_schema
    labels = label_map(schema.types, only)
    missing = {t for t in labels.values() if t not in schema}
    if missing:
        types = dict(schema.types) | {t: EntityType(weight=0.5, description="added by eval spans --ner") for t in missing}
        schema = EntitySchema(types=types)
    recognizers = [r for r in settings.rules.recognizers if r != "ner"] if extract else []
    # the model asked for runs on a corpus of any size (model_max_characters 0)
    rules = settings.rules.model_copy(update={"recognizers": [*recognizers, "ner"], "ner_labels": labels,
                                              "model_max_characters": 0})
    return settings.model_copy(update={"entity_schema": schema, "rules": rules, "extractor": "rules"})


def evaluate_spans(input_path: Path, gold_file: Path, settings: Settings | None = None,
                   ner: bool = False, extract: bool = True,
                   ner_labels: Iterable[str] | None = None) -> dict[str, Any]:
    """Recall and precision of the configured extractor (none with extract=False), plus the NER
    model's spans with `ner`."""
    from ..pipeline import cross_document_pass, make_extractor, models_not_run

    settings = settings or Settings()
    corpus = read_corpus(Path(input_path), metadata_fields=[])  # the gold is over the content only
    documents = corpus.documents
    contents = {d.source_id: d.content for d in documents}
    gold = read_gold(gold_file, contents)
    not_run: dict[str, str] = {}
    found = {}
    if extract and settings.extractor != "none":
        extractor = make_extractor(settings)
        found = extractor.extract(documents)
        not_run |= models_not_run(extractor)
    findings = {d.doc_id: list(found.get(d.doc_id, [])) for d in documents}
    cross = cross_document_pass(documents, findings, settings) if settings.cross_document else None
    # A value the extractor found without the model, its cross-document pass included, is the
    # extractor's; a value only the model added is the model's. (Taken before the pass, the
    # values the pass adds were counted as the model's, even in runs without it.)
    extractor_values = {fold(strip_trailing_punctuation(f.original)) for items in findings.values() for f in items}
    without_model = None
    if ner:  # the `ner` recognizer as analyze runs it: it fills what the rules leave
        without_model = {d.source_id: mentions_of(d.content, ((f, "rules") for f in findings[d.doc_id]))
                         for d in documents}
        settings = _with_ner(settings, extract and settings.extractor != "none", ner_labels)
        extractor = make_extractor(settings)
        found = extractor.extract(documents)
        not_run |= models_not_run(extractor)
        findings = {d.doc_id: list(found.get(d.doc_id, [])) for d in documents}
        cross = cross_document_pass(documents, findings, settings) if settings.cross_document else None

    def source(f: ExtractedEntity) -> str:
        return "rules" if fold(strip_trailing_punctuation(f.original)) in extractor_values else "ner"

    predicted = {d.source_id: mentions_of(d.content, ((f, source(f)) for f in findings[d.doc_id]))
                 for d in documents}
    result = score(contents, gold, predicted, without_model)
    result["extractor"] = " + ".join(([settings.extractor] if extract else []) + (["ner"] if ner else [])) or "none"
    result["cross_document"] = cross
    result["documents_without_gold"] = sum(1 for d in documents if d.source_id not in gold)
    # a statistical model the preset enables that this corpus was too large for (model_max_characters)
    result["models_not_run"] = not_run
    return result

