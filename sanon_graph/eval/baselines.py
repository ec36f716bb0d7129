"""Baselines the evaluation compares, all produced by the tool from one extraction.

- original: the corpus as it is (no masking): the upper bound of utility and of leakage;
- blanket: every extracted entity masked everywhere (per-document redaction at its most
  thorough): the usual alternative to sanon-graph;
- document-only: METHOD's document stage without the chain stage;
- full-<strategy>: the whole pipeline with each selection strategy.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..config import Settings
from ..extract import assemble
from ..extract.precomputed import PrecomputedExtractor
from ..ingest import read_corpus
from ..pipeline import Progress, analyze, precomputed_settings, shared_extraction
from ..pseudonym import pseudonym_key
from ..redact import MaskedValue, Redactor, replacement_for

Contents = dict[str, str]  # input document id -> text


@dataclass(frozen=True)
class ExtractedValue:
    """One extracted entity: its spellings and the input documents it was found in."""

    entity_type: str
    variants: tuple[str, ...]
    documents: tuple[str, ...]


def build_baselines(input_path: Path, work: Path, base: Settings, strategies: Sequence[str],
                    progress: Progress) -> tuple[dict[str, Contents], list[ExtractedValue]]:
    """Each baseline's masked texts, keyed by input document id (runs kept under work/runs/),
    and the extracted direct identifiers, to count how many each baseline leaves readable."""
    corpus = read_corpus(input_path)
    entities_file = work / "entities.jsonl"
    shared_extraction(input_path, base, entities_file, progress)
    baselines: dict[str, Contents] = {"original": {d.source_id: d.content for d in corpus.documents}}

    findings = PrecomputedExtractor(entities_file).extract(corpus.documents)
    assembled = assemble(corpus.documents, findings, base.entity_schema)
    key = pseudonym_key() if base.redaction == "pseudonym" else None
    everything = Redactor(
        MaskedValue(eid, tuple(sorted(e.original_values)), replacement_for(base.redaction, e.type, eid, key),
                    e.weight)
        for eid, e in assembled.entities.items()
    )
    baselines["blanket"] = {d.source_id: everything.redact(d.content)[0] for d in corpus.documents}
    source_of = {d.doc_id: d.source_id for d in corpus.documents}
    direct_types = base.entity_schema.direct_identifiers
    direct = [ExtractedValue(e.type, tuple(sorted(e.original_values)), tuple(source_of[d] for d in e.doc_ids))
              for _, e in sorted(assembled.entities.items()) if e.type in direct_types]

    runs = [("document-only", precomputed_settings(base, entities_file, chain_stage=False))]
    runs += [(f"full-{s}", precomputed_settings(base, entities_file, selection=s)) for s in strategies]
    for name, settings in runs:
        out = work / "runs" / name
        with progress.stage(f"baseline {name}", None):
            analyze(input_path, out, settings, force=True)
        masked = read_corpus(out / "masked")
        baselines[name] = {d.source_id: d.content for d in masked.documents}
    return baselines, direct
