"""Wires the stages: ingest -> extract -> graph -> score -> select -> redact -> outputs.

The library never prints: progress goes through a `Progress` object the CLI provides, and
problems are raised as typed errors. Outputs are written to a temporary folder next to
the destination and moved into place only when everything, including the verification
of the masked corpus, has succeeded.
"""

from __future__ import annotations

import gc
import importlib.metadata
import os
import platform
import shutil
import tempfile
import time
import uuid
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from . import __version__
from .chain_table import ChainTable
from .config import Settings
from .errors import ConfigError, GraphError, SanonError
from .extract import Assembled, Extractor, assemble
from .extract.intervals import link_contained_values
from .extract.ngrams import shared_ngrams
from .extract.precomputed import PrecomputedExtractor
from .extract.recurrence import (
    condition_heads,
    merge_phone_forms,
    merge_plural_variants,
    merge_spelling_variants,
    propagate,
    reconcile_types,
)
from .extract.rules import RulesExtractor
from .graph import (
    GraphLocation,
    GraphStore,
    check_reachable,
    open_store,
    resolve_location,
    settle_run,
)
from .ingest import read_corpus
from .link_table import LinkTable, read_links, read_strengths
from .masked_corpus import verify_masked_corpus, write_masked_corpus
from .memory import MemoryPlan, peak_rss, release_memory
from .models import Corpus, Document, ExtractedEntity, md5_hex
from .output import write_outputs
from .pseudonym import KEY_ENV, pseudonym_key
from .redact import MaskedValue, Redactor, replacement_for
from .risk import MaskingState, link_plan, uniqueness
from .select import CATEGORIES, SelectionResult
from .select.explain import kept_reasons
from .select.run import select

CROSS_CHECK_TOLERANCE = 1e-9


class Progress:
    """Receives progress; the default does nothing. The CLI subclasses it with bars."""

    @contextmanager
    def stage(self, name: str, total: int | None = None) -> Iterator[Callable[..., None]]:
        """Yields advance(n, note=None): n more items done; note, a short live status."""
        yield lambda n, note=None: None

    def warn(self, message: str) -> None:
        pass


@dataclass
class Analysis:
    """Everything the outputs and the summary are made from."""

    settings: Settings
    corpus: Corpus
    assembled: Assembled
    doc_ids: list[str]
    entity_ids: list[str]
    state: MaskingState
    risk_before: np.ndarray
    risk_after: np.ndarray
    entity_table: pd.DataFrame  # freq from the graph; uniqueness, importance (cross-checked) from the reference
    links: LinkTable
    chains: ChainTable
    selection: SelectionResult
    replacements: dict[str, str]  # entity_id -> replacement
    kept: dict[int, str] = field(default_factory=dict)  # unmasked entity index -> why it was left
    pseudonym_key: dict[str, str] | None = None  # source and fingerprint, never the key
    documents_changed: int = 0
    replacements_made: int = 0
    characters_masked: int = 0
    timings: dict[str, float] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    started: str = ""
    llm_stats: dict[str, Any] | None = None
    cross_document: dict[str, int] | None = None
    run_id: str = ""
    graph: GraphLocation | None = None  # where the graph was written (run.json: reopened from there)
    memory: MemoryPlan | None = None  # the memory budget (run.json: resources)
    models_not_run: dict[str, str] = field(default_factory=dict)  # model -> why (model_max_characters)

    def resources(self) -> dict[str, Any]:
        """run.json's `resources`: memory limit, buffer pool, estimate and the peaks so far."""
        return self.memory.record() if self.memory is not None else peak_rss()

    def summary(self) -> dict[str, Any]:
        chains = self.chains
        policy = self.settings.policy

        def count(risks: np.ndarray) -> dict[str, int]:
            return chains.count_categories(policy, risks)
        return {
            "documents": len(self.doc_ids),
            "documents_skipped": len(self.corpus.skipped),
            "entities": len(self.entity_ids),
            "mentions": len(self.assembled.mentions),
            "links": len(self.links),
            "chains": len(chains),
            "chains_by_category_initial": count(chains.risk_initial),
            "chains_by_category_pre_chain": count(chains.risk_pre_chain),
            "chains_by_category_after": count(chains.risk_after),
            "masked_entities": len(self.selection.masked),
            "masked_direct": sum(1 for s in self.selection.masked.values() if s == "direct"),
            "direct_identifiers_unmasked": sum(
                1 for e, eid in enumerate(self.entity_ids)
                if e not in self.selection.masked
                and self.assembled.entities[eid].type in self.settings.entity_schema.direct_identifiers),
            "masked_document_stage": sum(1 for s in self.selection.masked.values() if s == "document"),
            "masked_chain_stage": sum(1 for s in self.selection.masked.values() if s == "chain"),
            "masked_weight": round(sum(self.assembled.entities[self.entity_ids[e]].weight
                                       for e in self.selection.masked), 4),
            "characters_masked": self.characters_masked,
            "replacements_made": self.replacements_made,
            "documents_changed": self.documents_changed,
            "max_document_risk_before": float(self.risk_before.max()) if len(self.risk_before) else 0.0,
            "max_document_risk_after": float(self.risk_after.max()) if len(self.risk_after) else 0.0,
            "max_chain_risk_before": float(chains.risk_initial.max()) if len(chains) else 0.0,
            "max_chain_risk_after": float(chains.risk_after.max()) if len(chains) else 0.0,
            "documents_over_target_after": int((self.risk_after >= self.settings.policy.theta_doc).sum()),
            "chains_target_unmet": int((~chains.target_met).sum()),
            "selection": self.selection.strategy,
            "solver": self.selection.solver,
            "llm": self.llm_stats,
        }


class NoExtractor:
    """No typed entities: for runs on the N-gram signal alone."""

    name = "none"

    def extract(self, documents, progress=None):
        if progress:
            progress(len(documents))
        return {}


def default_llm_cache() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "sanon-graph" / "llm-cache.sqlite3"


def make_extractor(settings: Settings) -> Extractor:
    if settings.extractor == "precomputed":
        assert settings.entities_file is not None
        return PrecomputedExtractor(settings.entities_file)
    if settings.extractor == "none":
        return NoExtractor()
    if settings.extractor == "llm":
        from .extract.llm import LLMExtractor

        return LLMExtractor(settings.entity_schema, settings.llm, settings.llm.cache or default_llm_cache())
    return RulesExtractor(settings.entity_schema, settings.rules)


def analyze(
    input_path: Path,
    out_dir: Path,
    settings: Settings,
    progress: Progress | None = None,
    force: bool = False,
) -> Analysis:
    """Run the whole method on input_path and write the output folder out_dir."""
    progress = progress or Progress()
    input_path, out_dir = Path(input_path).resolve(), Path(out_dir).resolve()
    check_output_location(input_path, out_dir, force)
    timings: dict[str, float] = {}
    started = datetime.now(UTC).isoformat(timespec="seconds")

    @contextmanager
    def timed(name: str, total: int | None = None) -> Iterator[Callable[[int], None]]:
        t0 = time.perf_counter()
        with progress.stage(name, total) as advance:
            yield advance
        timings[name] = round(time.perf_counter() - t0, 3)

    out_dir.parent.mkdir(parents=True, exist_ok=True)
    run_id = uuid.uuid4().hex
    location = resolve_location(settings.backend, settings.neo4j, settings.dataset, out_dir, run_id)
    check_reachable(location)
    # The memory budget: the engine's buffer pool is sized from it, and the corpus is checked
    # against it as soon as its size is known (after ingest, again once the entities are).
    memory = MemoryPlan.for_run(settings.resources.memory_limit, settings.backend)
    if memory.warning():
        progress.warn(memory.warning())
    key = None
    if settings.redaction == "pseudonym":
        key = pseudonym_key()  # a key that is too short fails here, before any work
        if key.source == "random":
            progress.warn(f"{KEY_ENV} is not set: pseudonyms use a random key for this run only "
                          f"(fingerprint {key.fingerprint}); set it to keep them stable across runs")
    work = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.partial-", dir=out_dir.parent))
    store: GraphStore | None = None
    graph_begun = False  # from here on, a failure must not leave a half-written graph behind
    try:
        with timed("ingest"):
            corpus = read_corpus(input_path, settings.metadata_fields)
        for path, record, reason in corpus.skipped:
            progress.warn(f"{path}: record {record}: {reason}, skipped")
        documents = corpus.documents
        characters = sum(len(d.content) + len(d.metadata_text) for d in documents)
        memory.check(len(documents), characters)

        with timed("extract", _extraction_passes(settings) * len(documents)) as advance:
            extractor = make_extractor(settings)
            findings = extractor.extract(documents, advance)
        cross_document = None
        if settings.cross_document:
            with timed("cross_document"):
                cross_document = cross_document_pass(documents, findings, settings)
        if settings.ngrams.enabled:
            with timed("ngrams"):
                for doc_id, phrases in shared_ngrams(documents, findings, settings.ngrams).items():
                    findings[doc_id] = findings.get(doc_id, []) + phrases
        with timed("assemble"):
            assembled = assemble(documents, findings, settings.entity_schema)
            del findings  # a million raw findings are not needed once assembled
            release_memory()
            freeze_heap()
        warnings = _extraction_warnings(extractor, assembled)
        for w in warnings:
            progress.warn(w)

        doc_ids = [d.doc_id for d in documents]
        doc_index = {d: i for i, d in enumerate(doc_ids)}
        entity_ids = sorted(assembled.entities)
        n_docs = len(doc_ids)
        memory.check(n_docs, characters, len(assembled.mentions), len(entity_ids))

        with timed("load"):
            store = open_store(location, work, create=True, memory_limit=memory.limit)
            graph_begun = True
            store.create_schema()
            store.load(_document_frame(corpus), _entity_frame(assembled, entity_ids), _mention_frames(assembled))

        with timed("score"):
            # The Python reference state the selection works on; the graph's numbers must agree.
            state = _reference_state(assembled, doc_index, entity_ids, n_docs)
            freeze_heap()
            plan = link_plan(np.array([len(docs) for docs in state.docs_of], dtype=np.int64), n_docs)
            store.score_documents(n_docs)
            store.create_links(settings.policy.edge_strength_threshold, plan.max_freq)
            entity_table = store.entities().set_index("entity_id").loc[entity_ids]
            graph_docs = store.documents().set_index("doc_id").loc[doc_ids]
            links = read_links(store, doc_index, {e: i for i, e in enumerate(entity_ids)}, _ranks(doc_ids))
            # The pages the links were read through, given back: the chains and the selection
            # come next on the Python side, and the pool is sized again beside them.
            store.release()

        # The graph's numbers must equal the reference's; the outputs then carry the reference's,
        # so every engine writes the same bytes (engines sum and multiply in their own order).
        reference_u = np.array(state.u)
        reference_importance = np.array([state.importance(e) for e in range(len(entity_ids))])
        _cross_check("uniqueness", entity_table["uniqueness"].to_numpy(), reference_u)
        _cross_check("importance", entity_table["importance"].to_numpy(), reference_importance)
        entity_table = entity_table.assign(uniqueness=reference_u, importance=reference_importance)
        risk_before = np.array([state.doc_risk(d) for d in range(n_docs)])
        _cross_check("document risk", graph_docs["risk_before"].to_numpy(), risk_before)
        strength_before = np.fromiter((state.strength(a, b) for a, b in links.pairs()), float, len(links))
        _cross_check("link strength", links.strength_before, strength_before)
        links.strength_before = strength_before

        with timed("chains"):
            chains = _chains(store, settings, doc_index, state)
            freeze_heap()

        direct_types = settings.entity_schema.direct_identifiers
        direct = [assembled.entities[eid].type in direct_types for eid in entity_ids]
        selection, pre_chain = select(state, chains.paths, settings, entity_ids, doc_ids, timed, direct)
        if settings.chain_stage:
            chains.settle(settings.policy, pre_chain, selection.chains)
        else:
            chains.settle(settings.policy, pre_chain, None,
                          np.fromiter((state.chain_risk(p) for p in chains.paths), float, len(chains)))

        replacements = {
            entity_ids[e]: replacement_for(settings.redaction, assembled.entities[entity_ids[e]].type,
                                           entity_ids[e], key)
            for e in selection.masked
        }
        if key is not None and len(set(replacements.values())) < len(replacements):
            raise SanonError("two masked values would share a pseudonym (a 64-bit collision): run again "
                             "with another SANON_GRAPH_PSEUDONYM_KEY")

        with timed("rescore"):
            store.write_masking(
                [{"id": entity_ids[e], "stage": stage, "replacement": replacements[entity_ids[e]]}
                 for e, stage in sorted(selection.masked.items())]
            )
            store.rescore()
            risk_after_graph = store.documents().set_index("doc_id").loc[doc_ids]["risk"].to_numpy()
            strength_after_graph = read_strengths(store, links, doc_index, n_docs)
        risk_after = np.array([state.doc_risk(d) for d in range(n_docs)])
        _cross_check("document risk after masking", risk_after_graph, risk_after)
        strength_after = np.fromiter((state.strength(a, b) for a, b in links.pairs()), float, len(links))
        _cross_check("link strength after masking", strength_after_graph, strength_after)
        links.strength_after = strength_after
        state.forget_strengths()  # every strength is in the link table now
        with timed("store chains", len(chains)) as advance:
            # the pool sized again beside the Python side, before the chains' frames are made
            store.release()
            for frames in _chain_frames(chains, doc_ids):
                store.store_chains(*frames)
                advance(len(frames[0]))
        timings.update({f"graph: {k}": v for k, v in store.query_seconds.items()})
        memory.pools_opened = list(getattr(store.engine, "pool_sizes", []))
        location.version = store.version()
        store.close()
        store = None
        release_memory()  # the engine's buffer pool, before the masked corpus is built

        analysis = Analysis(
            settings=settings, corpus=corpus, assembled=assembled, doc_ids=doc_ids, entity_ids=entity_ids,
            state=state, risk_before=risk_before, risk_after=risk_after, entity_table=entity_table,
            links=links, chains=chains, selection=selection, replacements=replacements,
            timings=timings, warnings=warnings, started=started,
            llm_stats=extractor.stats.as_dict() if hasattr(extractor, "stats") else None,
            cross_document=cross_document, run_id=run_id, graph=location, memory=memory,
            kept=kept_reasons(state, selection, chains, direct, settings.policy.direct_floor),
            pseudonym_key=key.record() if key is not None else None,
            models_not_run=models_not_run(extractor),
        )

        with timed("redact", len(documents)) as advance:
            redactor = Redactor(
                MaskedValue(eid, tuple(sorted(assembled.entities[eid].original_values)), rep,
                            assembled.entities[eid].weight)
                for eid, rep in replacements.items()
            )
            analysis.documents_changed, analysis.replacements_made = write_masked_corpus(
                corpus, redactor, work / "masked", advance
            )
            analysis.characters_masked = redactor.characters_replaced
        with timed("verify"):
            verify_masked_corpus(work / "masked", corpus, redactor)

        with timed("write"):
            write_outputs(analysis, work, input_path)
            settle_run(location, complete=True, summary=analysis.summary())
        move_into_place(work, out_dir, force)
        return analysis
    except BaseException:
        if store is not None:
            store.close()
        if graph_begun:
            try:
                settle_run(location, complete=False)
            except Exception:  # noqa: S110 - the run's own error is the one to report
                pass
        shutil.rmtree(work, ignore_errors=True)
        raise
    finally:
        gc.unfreeze()  # what freeze_heap set aside is collectable again once the run is over


def freeze_heap() -> None:
    """Set the objects alive now aside from the garbage collector (gc.freeze).

    The corpus, its entities and mentions, the reference state and the chains are millions of
    objects at 100,000 documents, alive to the end of the run; every full collection would scan
    them again while the selection allocates (its chain stage took 17 s alone and 42 s inside a
    100,000-document run). Collected first, so no garbage is set aside with them."""
    gc.collect()
    gc.freeze()


def cross_document_pass(documents: list[Document], findings: dict[str, list[ExtractedEntity]],
                        settings: Settings) -> dict[str, int]:
    """Type reconciliation, plural and British/American spelling folding, a phone number's
    national and international forms, recurrence (extract/recurrence.py) and ranges that contain
    a value (extract/intervals.py), in place on findings."""
    schema = settings.entity_schema
    clinician_type = settings.rules.clinician_type
    return {"retyped": reconcile_types(findings, schema, clinician_type),
            "plurals_merged": merge_plural_variants(findings),
            "spellings_merged": merge_spelling_variants(findings),
            "phone_forms_merged": merge_phone_forms(findings),
            "recurring_added": propagate(documents, findings, schema, clinician_type=clinician_type),
            "condition_heads_added": condition_heads(findings),
            "compatible_added": link_contained_values(findings)}


def _extraction_passes(settings: Settings) -> int:
    """How many times the extractor reads each document (for progress totals): twice for the
    LLM's context pass; once more for each statistical model the rules extractor runs."""
    if settings.extractor == "llm":
        return 2 if settings.llm.context_pass else 1
    if settings.extractor == "rules":
        from .extract.recognizers import model_passes

        return 1 + model_passes(settings.rules)
    return 1


def extract_to_file(input_path: Path, out_file: Path, settings: Settings, progress: Progress | None = None) -> dict[str, Any]:
    """Run only the extraction and write the entities file the precomputed extractor reads.

    Findings are written as the extractor produced them (types mapped, values normalised); the
    checks of `assemble` run again when the file is analysed, so the analysis is identical.
    """
    import json

    progress = progress or Progress()
    corpus = read_corpus(Path(input_path), settings.metadata_fields)
    extractor = make_extractor(settings)
    if idle := idle_recognizer_warning(extractor):
        progress.warn(idle)
    with progress.stage("extract", _extraction_passes(settings) * len(corpus.documents)) as advance:
        findings = extractor.extract(corpus.documents, advance)
    for notice in models_not_run_warnings(models_not_run(extractor)):
        progress.warn(notice)
    if settings.cross_document:
        cross_document_pass(corpus.documents, findings, settings)
    out_file = Path(out_file)
    out_file.parent.mkdir(parents=True, exist_ok=True)
    partial = out_file.with_name(f".{out_file.name}.partial")
    with partial.open("w", encoding="utf-8") as fh:
        for doc in corpus.documents:
            entities = [[f.original, f.normalized, f.type, f.relevance] for f in findings.get(doc.doc_id, [])]
            fh.write(json.dumps({"doc_id": doc.doc_id, "source_id": doc.source_id, "entities": entities},
                                ensure_ascii=False) + "\n")
    partial.replace(out_file)  # never a half-written entities file under the real name
    return {
        "documents": len(corpus.documents),
        "findings": sum(len(v) for v in findings.values()),
        "out": str(out_file),
        "llm": extractor.stats.as_dict() if hasattr(extractor, "stats") else None,
        "models_not_run": models_not_run(extractor),
    }


def shared_extraction(input_path: Path, base: Settings, entities_file: Path, progress: Progress) -> None:
    """One extraction many runs share (ablate, eval): the entities file `--extractor
    precomputed` reads. The LLM extractor reads its cache; a precomputed file is copied. An
    extraction also writes extraction.json beside it: what extracted (the versions of the tool and
    of a model that ran) and the models left out of this corpus, which the runs that read the
    file cannot say."""
    if base.extractor == "precomputed":
        assert base.entities_file is not None
        shutil.copyfile(base.entities_file, entities_file)
    elif base.extractor == "none":
        entities_file.write_text("", encoding="utf-8")
    else:
        import json

        summary = extract_to_file(input_path, entities_file, base, progress)
        record = {"extractor": base.extractor, "versions": versions(None, base, summary["models_not_run"]),
                  "models_not_run": summary["models_not_run"], "documents": summary["documents"],
                  "findings": summary["findings"]}
        entities_file.with_name("extraction.json").write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")


def precomputed_settings(base: Settings, entities_file: Path, **changes: Any) -> Settings:
    """base, reading a shared extraction instead of extracting again (the cross-document pass
    already ran when the file was written).

    These are measurement runs (ablate, eval), many at a time: they run on the embedded engine,
    whatever base's backend, so they leave no datasets behind on a server. Both engines give
    byte-identical outputs (tests/test_neo4j_backend.py), so the measurements are the same.
    """
    data = base.model_dump()
    data.update(extractor="precomputed", entities_file=entities_file, cross_document=False, backend="ladybug",
                **changes)
    return Settings.model_validate(data)


def check_output_location(input_path: Path, out_dir: Path, force: bool) -> None:
    if out_dir == input_path or input_path in out_dir.parents:
        raise ConfigError(f"{out_dir}: the output folder must not be inside the input ({input_path})")
    if out_dir in input_path.parents:
        raise ConfigError(f"{out_dir}: the output folder must not contain the input ({input_path})")
    if out_dir.exists():
        if not out_dir.is_dir():
            raise ConfigError(f"{out_dir}: exists and is not a folder")
        if any(out_dir.iterdir()) and not force:
            raise ConfigError(f"{out_dir}: output folder exists and is not empty (use --force to replace it)")


def move_into_place(work: Path, out_dir: Path, force: bool) -> None:
    """Swap the finished folder in; an old one is removed only after the new one is there."""
    old = None
    if out_dir.exists():
        old = out_dir.with_name(f".{out_dir.name}.old-{int(time.time() * 1000)}")
        out_dir.rename(old)
    work.rename(out_dir)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def _frames(corpus: Corpus, assembled: Assembled, entity_ids: list[str]) -> tuple[pd.DataFrame, ...]:
    """(documents, entities, mentions): the frames the graph is loaded from, each whole."""
    return (_document_frame(corpus), _entity_frame(assembled, entity_ids),
            pd.concat(list(_mention_frames(assembled)), ignore_index=True))


def _document_frame(corpus: Corpus) -> pd.DataFrame:
    docs = corpus.documents
    return pd.DataFrame({
        "id": [d.doc_id for d in docs],
        "source_id": [d.source_id for d in docs],
        "path": [d.path for d in docs],
        "risk": np.zeros(len(docs)),
        "risk_before": np.zeros(len(docs)),
        # set when a masked value is in the document: the rescore recomputes only those
        "stale": np.zeros(len(docs), dtype=bool),
        # the document's rank in id order (Python's, by code point): the one order every engine
        # uses for "a before b" (a link's direction, a chain's first document), whatever its own
        # collation; an integer also compares much faster than a string in the pair enumeration
        "ordinal": _ranks([d.doc_id for d in docs]),
        "part": np.zeros(len(docs), dtype=np.int64),
    })


def _entity_frame(assembled: Assembled, entity_ids: list[str]) -> pd.DataFrame:
    ents = [assembled.entities[e] for e in entity_ids]
    return pd.DataFrame({
        "id": entity_ids,
        "type": [e.type for e in ents],
        "value": [e.normalized_value for e in ents],
        "weight": np.array([e.weight for e in ents], dtype=float),
        "freq": np.zeros(len(ents), dtype=np.int64),
        "uniqueness": np.zeros(len(ents)),
        "importance": np.zeros(len(ents)),
        "masked": np.zeros(len(ents), dtype=bool),
        "stage": [""] * len(ents),
        "replacement": [""] * len(ents),
        # the entity's rank in id order: the signatures are marked in partitions of it
        "ordinal": _ranks(entity_ids),
    })


# Mention rows per frame the graph is loaded from: the rows of a million-document corpus as one
# frame (Arrow copies of every id) and the engine's copy of them peaked at 9.2 GB.
MENTION_ROWS_PER_LOAD = 1_000_000


def _mention_frames(assembled: Assembled, rows: int = MENTION_ROWS_PER_LOAD) -> Iterator[pd.DataFrame]:
    """The mentions as consecutive frames of at most `rows` rows (from, to, relevance)."""
    mentions = assembled.mentions
    for start in range(0, max(len(mentions), 1), rows):
        chunk = mentions[start:start + rows]
        yield pd.DataFrame({
            "from": [m.doc_id for m in chunk],
            "to": [m.entity_id for m in chunk],
            "relevance": np.array([m.relevance for m in chunk], dtype=float),
        })
        del chunk
        release_memory()  # the frame's Arrow copies of the ids, before the next is made


def _ranks(ids: list[str]) -> np.ndarray:
    ranks = np.empty(len(ids), dtype=np.int64)
    ranks[sorted(range(len(ids)), key=ids.__getitem__)] = np.arange(len(ids))
    return ranks


def _reference_state(assembled: Assembled, doc_index: dict[str, int], entity_ids: list[str], n_docs: int) -> MaskingState:
    entity_index = {e: i for i, e in enumerate(entity_ids)}
    mentions: list[dict[int, float]] = [{} for _ in range(n_docs)]
    for m in assembled.mentions:
        mentions[doc_index[m.doc_id]][entity_index[m.entity_id]] = m.relevance
    ents = [assembled.entities[e] for e in entity_ids]
    return MaskingState(
        mentions,
        [uniqueness(len(e.doc_ids), n_docs) for e in ents],
        [e.weight for e in ents],
    )


def _chains(store: GraphStore, settings: Settings, doc_index: dict[str, int], state: MaskingState) -> ChainTable:
    """The graph's chains of 2 to chain_length documents, read in the partitions of the links,
    their risks cross-checked with the reference's (which the table keeps)."""
    def blocks():
        for length in range(2, settings.policy.chain_length + 1):
            for frame in store.chain_parts(length):
                if frame.empty:
                    continue
                paths = np.fromiter((doc_index[d] for ids in frame["doc_ids"].tolist() for d in ids), np.int32,
                                    len(frame) * length).reshape(len(frame), length)
                graph_risk = frame["risk"].to_numpy(dtype=float)
                del frame
                reference = np.fromiter((state.chain_risk(p) for p in paths.tolist()), float, len(paths))
                _cross_check(f"chain risk ({length} documents)", graph_risk, reference)
                yield paths, reference

    return ChainTable.from_parts(blocks())


def chain_id(doc_ids: list[str]) -> str:
    """A chain's id in the graph: md5 of its document ids in order."""
    return md5_hex(" -> ".join(doc_ids))


# Chains written to the graph's (:Chain) nodes per bulk load (with their INCLUDES rows).
CHAIN_FRAME_ROWS = 500_000


def _chain_frames(chains: ChainTable, doc_ids: list[str]) -> Iterator[tuple[pd.DataFrame, pd.DataFrame]]:
    """The (:Chain) nodes and their INCLUDES rows, CHAIN_FRAME_ROWS chains at a time: the rows of
    millions of chains at once, as Python strings, were gigabytes."""
    paths = chains.paths
    for start in range(0, len(chains), CHAIN_FRAME_ROWS):
        stop = min(start + CHAIN_FRAME_ROWS, len(chains))
        docs = [[doc_ids[d] for d in path] for path in paths.block(start, stop)]
        ids = [chain_id(path) for path in docs]
        frame = pd.DataFrame({
            "id": ids,
            "length": chains.length[start:stop].astype(np.int64),
            "risk_initial": chains.risk_initial[start:stop],
            "risk_pre_chain": chains.risk_pre_chain[start:stop],
            "risk_after": chains.risk_after[start:stop],
            "category": [CATEGORIES[c] for c in chains.category[start:stop].tolist()],
            "target_met": chains.target_met[start:stop].astype(bool),
        })
        includes = pd.DataFrame({
            "from": [cid for cid, path in zip(ids, docs, strict=True) for _ in path],
            "to": [d for path in docs for d in path],
            "position": np.array([i for path in docs for i in range(len(path))], dtype=np.int64),
        })
        yield frame, includes


def _cross_check(what: str, graph: np.ndarray, reference: np.ndarray) -> None:
    """The graph's Cypher and the Python reference must give the same numbers."""
    if len(graph) != len(reference):
        raise GraphError(f"{what}: the graph returned {len(graph)} values, the reference {len(reference)}")
    if len(graph):
        diff = float(np.max(np.abs(graph.astype(float) - reference)))
        if not diff <= CROSS_CHECK_TOLERANCE:
            raise GraphError(f"{what}: Cypher and the Python reference differ by {diff:.3g}")


def idle_recognizer_warning(extractor: Extractor) -> str | None:
    idle = extractor.idle_recognizers() if isinstance(extractor, RulesExtractor) else []
    if not idle:
        return None
    shown = ", ".join(idle[:8]) + (f" and {len(idle) - 8} more" if len(idle) > 8 else "")
    return (f"{len(idle)} enabled recognizer(s) find no type of this schema and do not run ({shown}): an "
            "[entity_types] table replaces the preset's types; `[preset] extends = \"NAME\"` adds to them, "
            "[extraction] disable removes recognizers")


def models_not_run(extractor: Extractor) -> dict[str, str]:
    """The statistical models the preset enables that this corpus was too large for: name -> why."""
    return dict(getattr(extractor, "models_not_run", {}))


def models_not_run_warnings(not_run: dict[str, str],
                            consequence: str = "the values are the rest of the extractor's") -> list[str]:
    """One line per statistical model a preset enables that this corpus was too large for
    (models_not_run), with what that means for what is shown (`consequence`)."""
    return [f"recognizer {name} did not run: {why}; {consequence}. "
            "[extraction] model_max_characters = 0 runs it on any size"
            + ("; so does --preset health-insurance-thorough, with all the model's types"
               if name == "insurance_model" else "")
            for name, why in not_run.items()]


def _extraction_warnings(extractor: Extractor, assembled: Assembled) -> list[str]:
    stats = assembled.stats
    warnings = []
    if stats.dropped_not_in_text:
        examples = "; ".join(stats.examples_not_in_text)
        warnings.append(
            f"{stats.dropped_not_in_text} extracted value(s) do not occur in their document and were dropped (e.g. {examples})"
        )
    if stats.dropped_unknown_type:
        warnings.append(f"{stats.dropped_unknown_type} extracted value(s) have a type outside the schema and were dropped")
    if stats.clamped_relevance:
        warnings.append(f"{stats.clamped_relevance} relevance value(s) were outside [0, 1] and were clamped")
    if idle := idle_recognizer_warning(extractor):
        warnings.append(idle)
    warnings += models_not_run_warnings(models_not_run(extractor))
    unmatched = getattr(extractor, "unmatched_records", [])
    if unmatched:
        warnings.append(
            f"{len(unmatched)} record(s) of the entities file match no document (e.g. {unmatched[0]!r})"
        )
    return warnings


def versions(graph: GraphLocation | None = None, settings: Settings | None = None,
             not_run: Iterable[str] = ()) -> dict[str, str]:
    out = {
        "sanon-graph": __version__,
        "graph": graph.version if graph is not None and graph.version else "unknown",
        "python": platform.python_version(),
    }
    if settings is not None and settings.extractor == "rules":
        from .extract import ner_model

        not_run = set(not_run)
        enabled = [n for n in settings.rules.auto_recognizers() if n not in not_run]
        if "insurance_model" in enabled:  # which build of the trained model found these values
            out["insurance_model_manifest_sha256"] = ner_model.INSURANCE_MANIFEST_SHA256
        if {"insurance_model", "ner"} & set(enabled):
            out["spacy"] = importlib.metadata.version("spacy")
    return out
