"""The engine: runs a preset's recognizers over each text, resolves their overlaps, and spreads
large corpora over worker processes.

Overlaps: a model's span (STATISTICAL) fills text no rule's span covers, or takes in whole rule
spans as a value beside theirs (`enclosing`); among the rules
the longest span wins, then a config recognizer's, then the span of the more specific type
(PRIORITY), then the recognizer that runs first; phrase-level types (UNIQUE_FACT) only compete
with each other.
Spans are whole tokens (every recognizer anchors its patterns at word boundaries), and
sentence punctuation at a span's end is never part of the value.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable

from ...errors import ConfigError, ExtractionError, SanonError
from ...forked import forked_map, worth_forking
from ...models import Document, ExtractedEntity
from ...redact import TRAILING_PUNCTUATION
from ...schema import EntitySchema
from .abbreviations import abbreviations
from .addresses import towns_of_addresses, zip_codes_of_places
from .ages import ages_after_persons
from .base import (
    BASE_RELEVANCE,
    ENCLOSING,
    PRIORITY,
    REGISTRY,
    STATISTICAL,
    Recognizer,
    RecognizerContext,
    Span,
)
from .clinicians import clinicians
from .gazetteers import gazetteers
from .identifiers import NAMES_A_NUMBER, NUMBER_SCHEMES, person_ids
from .locations import TOWN_RELEVANCE
from .names import ENDS_WITH_INITIAL, name_parts_joined
from .organisations import ENDS_WITH_LEGAL_FORM
from .settings import RecognizerSettings
from .widen import widen

CHUNK = 500  # documents per task (and per progress step)

# Phrase-level types describe a whole clause; they coexist with the atomic values inside
# them ("the only Erdheim-Chester disease case" keeps the condition as its own entity).
PHRASE_TYPES = frozenset({"UNIQUE_FACT"})
# Bodies a person deals with; a scheme's name before "number" or "card" names the kind of number
# ("National Insurance number", "Social Security card"), which is masked, not a body.
BODY_TYPES = frozenset({"ORGANISATION", "PROVIDER", "COURT", "DEPARTMENT"})


def _extract_chunk(state: tuple[RulesExtractor, list[Document]], chunk: tuple[int, int]) -> list[list[tuple[str, str, str, float]]]:
    # Plain tuples back to the parent: pickling a million findings as objects took the parent
    # seconds of the cores the workers run on.
    extractor, documents = state
    out = []
    for i in range(*chunk):
        try:
            found = extractor.extract_text(documents[i].text)
        except SanonError:
            raise
        except Exception as error:  # a bug in a rule: say where, not a traceback from a worker
            raise _extraction_error(extractor, documents[i], error) from None
        out.append([(f.original, f.normalized, f.type, f.relevance) for f in found])
    return out


def _extraction_error(extractor: RulesExtractor, document: Document, error: Exception) -> ExtractionError:
    """The error that names the document and the recognizer that failed on it (found by running
    them one by one, on this error's path only)."""
    culprit = "the step after the recognizers (overlaps, phrases)"
    for recognizer in extractor._active:
        try:
            list(recognizer.find(document.text))
        except Exception:
            culprit = f"recognizer {recognizer.name!r}"
            break
    return ExtractionError(
        f"{document.path}: record {document.record} (id {document.source_id}): {culprit} failed "
        f"({type(error).__name__}: {error}). This is a bug in sanon-graph's rules, not in the input: please "
        f"report it with this line; a preset or config whose [extraction] recognizers leave it out avoids it meanwhile")


def build_recognizers(settings: RecognizerSettings, where: str = "") -> list[Recognizer]:
    """The enabled recognizers, in order; an unknown name is a ConfigError naming `where`."""
    names = _enabled(settings, where)
    ctx = RecognizerContext(gazetteers(), settings, dict(settings.relevance))
    return [REGISTRY[name](ctx) for name in names]


def _enabled(settings: RecognizerSettings, where: str = "") -> list[str]:
    names = list(dict.fromkeys(settings.auto_recognizers()))
    unknown = [n for n in names if n not in REGISTRY]
    if unknown:
        prefix = f"{where}: " if where else ""
        raise ConfigError(f"{prefix}unknown recognizer(s) {unknown}; known: {sorted(REGISTRY)}")
    return names


def model_passes(settings: RecognizerSettings) -> int:
    """How many statistical models read the whole corpus before the rules (progress totals)."""
    return sum(1 for name in _enabled(settings) if name in STATISTICAL)


def emitted_types(settings: RecognizerSettings, where: str = "") -> frozenset[str]:
    """The (type_map-ped) types the enabled recognizers can emit, read from their classes and
    the settings, without building them (no gazetteers, no model): cheap enough for every load."""
    out: set[str] = set()
    for name in _enabled(settings, where):
        factory = REGISTRY[name]
        emits = getattr(factory, "emits", None)  # recognizers whose types the settings choose
        out |= set(emits(settings)) if emits is not None else set(getattr(factory, "types", ()))
    return frozenset(settings.type_map.get(t, t) for t in out)


def uncovered_types(schema: EntitySchema, settings: RecognizerSettings, produced_elsewhere: Iterable[str] = (),
                    where: str = "") -> list[str]:
    """The schema's types that no enabled recognizer emits (and nothing else produces, such as
    the N-gram pass's PHRASE): the rules extractor would silently find none of them."""
    covered = emitted_types(settings, where) | set(produced_elsewhere)
    return sorted(t for t in schema.types if t not in covered)


class RulesExtractor:
    """Offline extractor: the recognizers a preset enables, rules and the local statistical models
    the preset lists (no network)."""

    name = "rules"

    def __init__(self, schema: EntitySchema, settings: RecognizerSettings | None = None):
        self.schema = schema
        self.settings = settings or RecognizerSettings()
        self.gaz = gazetteers()
        self.recognizers = build_recognizers(self.settings)
        self.type_map = dict(self.settings.type_map)
        # Recognizer types whose (mapped) type the schema has; the others are not run at all.
        self._wanted = {t for r in self.recognizers for t in r.types if self.type_map.get(t, t) in schema}
        self._runnable = [r for r in self.recognizers if r.types & self._wanted]
        self._activate(self._runnable)
        # Spans of the config's own recognizers (custom, presidio) win a tie with a built-in rule.
        self._declared = frozenset().union(*(getattr(r, "declared", frozenset()) for r in self._active))
        # name -> why it did not run: a statistical model left out of a corpus over model_max_characters
        self.models_not_run: dict[str, str] = {}
        self._widen = frozenset(self.settings.widen_types)
        # the town of an address, a place of its own where the schema has places
        self._address_towns = "LOCATION" in self._wanted and "ADDRESS" in self._wanted
        # the town of a European address ("..., 04177 Leipzig") is a town (locations.TOWN_RELEVANCE)
        self._location_relevance = self.settings.relevance.get("LOCATION", TOWN_RELEVANCE)
        self._clinician_type = self.settings.clinician_type if self.settings.clinician_type in schema else "NAME"
        self._clinician_relevance = self.settings.relevance.get(self._clinician_type,
                                                                BASE_RELEVANCE.get(self._clinician_type, 0.5))

    def idle_recognizers(self) -> list[str]:
        """The enabled recognizers that emit no type of the schema, so never run: a config's own
        [entity_types] table replaces the preset's types, and the preset's recognizers then
        find nothing without a word unless the user is told."""
        return [r.name for r in self.recognizers if r not in self._runnable]

    def prepare(self, texts: list[str], progress=None) -> None:
        """Let recognizers that learn from the whole corpus (date order) see it first. A model
        reads the corpus here, one pass each (`model_passes`), and tells `progress` as it goes;
        over model_max_characters the models are left out (models_not_run says why)."""
        limit = self.settings.model_max_characters
        characters = sum(map(len, texts)) if limit else 0
        left_out = [r for r in self._runnable if r.name in STATISTICAL and limit and characters > limit]
        self.models_not_run = {r.name: f"the corpus holds {characters:,} characters of text, over [extraction] "
                                       f"model_max_characters = {limit:,} (the model reads every sentence)"
                               for r in left_out}
        self._activate([r for r in self._runnable if r not in left_out])
        for r in self.recognizers:
            if r.name in STATISTICAL:
                if r in self._active:
                    r.prepare(texts, progress)
                elif progress:
                    progress(len(texts))  # enabled but finds no type of this schema, or left out: nothing to read
            elif r in self._active and (prepare := getattr(r, "prepare", None)) is not None:
                prepare(texts)

    def _activate(self, recognizers: list[Recognizer]) -> None:
        """The recognizers that read the texts from now on (a model over its size limit is not one)."""
        self._active = list(recognizers)
        self._enclosing = any(r.name in ENCLOSING for r in self._active)
        # the age after a person's name or occupation (ages.ages_after_persons) is the age rule's
        self._age_relevance = next((r.ctx.base("AGE") for r in self._active if r.name == "age"), None)

    def extract(self, documents: list[Document], progress=None) -> dict[str, list[ExtractedEntity]]:
        """Extract every document; large corpora are spread over the machine's cores."""
        self.prepare([d.text for d in documents], progress)
        out: dict[str, list[ExtractedEntity]] = {}
        # Forked workers (forked.py) inherit the loaded gazetteers and the documents instead of
        # building or receiving them again; a small corpus stays in this process.
        chunks = [(lo, min(lo + CHUNK, len(documents))) for lo in range(0, len(documents), CHUNK)]
        try:
            results = forked_map(_extract_chunk, (self, documents), chunks, worth_forking(len(documents)))
            for (lo, hi), found_in in zip(chunks, results, strict=True):
                for doc, found in zip(documents[lo:hi], found_in, strict=True):
                    out[doc.doc_id] = [ExtractedEntity(*f) for f in found]
                if progress:
                    progress(hi - lo)
        finally:
            # (forked_map is lazy: the chunks are extracted in the loop above.) A model left out
            # of this corpus is not left out of the next text (extract_text); models_not_run
            # keeps what was decided here, for the run's record.
            self._activate(self._runnable)
        return out

    def spans(self, text: str) -> list[Span]:
        """The resolved spans of one text, in text order, with the recognizers' types."""
        wanted = self._wanted
        findings = [s for r in self._active for s in r.find(text)
                    if s.type in wanted and not (s.type in BODY_TYPES and s.normalized in NUMBER_SCHEMES
                                                 and NAMES_A_NUMBER.match(text, s.end))]
        spans = person_ids(text, resolve_overlaps(name_parts_joined(text, findings), self._declared), PHRASE_TYPES)
        if self._age_relevance is not None and ("," in text or "(" in text):
            spans = ages_after_persons(text, spans, self._age_relevance)
        address_towns = self._address_towns and any(s.type == "ADDRESS" for s in spans)
        place_zips = self._address_towns and any(s.type == "LOCATION" and text[s.end - 1].isdigit() for s in spans)
        if self._widen or self._clinician_type != "NAME" or "(" in text or address_towns or place_zips:
            # after the overlaps: the atomic spans are disjoint, so each knows its neighbours
            atomic = [s for s in spans if s.type not in PHRASE_TYPES]
            atomic = clinicians(text, atomic, self._clinician_type, self._clinician_relevance)
            unwidened = atomic
            atomic = widen(text, atomic, self._widen)
            atomic = abbreviations(text, atomic)
            if address_towns:  # last: the towns lie inside the addresses, the spans before are disjoint
                atomic += towns_of_addresses(text, unwidened, atomic, self._location_relevance)
            if place_zips:  # the ZIP code a town's span took in ("Bemidji, MN 56601") is an address's
                atomic += zip_codes_of_places(text, atomic)
            spans = sorted(atomic + [s for s in spans if s.type in PHRASE_TYPES], key=lambda f: (f.start, -f.length))
        if self._enclosing:
            spans = sorted(spans + enclosing(findings, spans), key=lambda f: (f.start, -f.length))
        return spans

    def extract_text(self, text: str) -> list[ExtractedEntity]:
        out = []
        type_map = self.type_map
        for f in self.spans(text):
            original, normalized = text[f.start:f.end], f.normalized
            if original[-1:] in TRAILING_PUNCTUATION and not (
                    f.type == "NAME" and ENDS_WITH_INITIAL.search(original) or f.type == "TIME" and original.endswith("m.")
                    or f.type == "ORGANISATION" and ENDS_WITH_LEGAL_FORM.search(original)
                    or f.type == "AGE" and original.lower().endswith("y.o.")):
                # trailing punctuation ends the sentence, it is never part of a value ("Mr A.B."
                # and "10.30 a.m." end in their own abbreviation's full stop, as does "19 y.o.")
                original, normalized = original.rstrip(TRAILING_PUNCTUATION), normalized.rstrip(TRAILING_PUNCTUATION)
                if not original:
                    continue
            relevance = f.relevance
            if normalized.lower() in self.gaz.prevalent.get(f.type, ()):
                relevance = min(relevance, PREVALENT_RELEVANCE)
            out.append(ExtractedEntity(original, normalized, type_map.get(f.type, f.type), round(min(1.0, relevance), 4)))
        return out


ENCLOSED_RELEVANCE_FACTOR = 0.5
# A condition or a medicine a large share of all people have or take (gazetteers.prevalent):
# two records that name it are little evidence of one person, however few documents of the
# corpus do (uniqueness counts documents, not people). Two people's records linked on
# "hypertension" or on "hydrocortisone" were most of the links between people on the training
# sets. Between a symptom's (medical.SYMPTOM_RELEVANCE, 0.45) and a diagnosis's (0.7): at 0.45 the
# small labelled sets lost links that a common condition and a clinic together make.
PREVALENT_RELEVANCE = 0.55


def enclosing(findings: list[Span], chosen: list[Span]) -> list[Span]:
    """A model's spans that take in what the rules found and more ("retired dentist" around the
    rules' "dentist", "anaphylaxis to honeybee venom" around "anaphylaxis"): kept as values of
    their own beside the rules' (which stay as they are), when they contain every chosen span
    they overlap and are longer than each. On training sets held out from the model this found
    3-4 points more of the persons' values than filling only the gaps between the rules' spans.
    Such a value repeats evidence the rules' values already count (the same "dentist"), so its
    relevance is halved: at full relevance the two together made a link between two people there
    (an insurer's name around a word the rules had taken), at half they did not."""
    chosen_keys = {(f.start, f.end, f.type) for f in chosen}
    out: list[Span] = []
    for f in sorted((f for f in findings if f.recognizer in ENCLOSING), key=lambda f: -f.length):
        if (f.start, f.end, f.type) in chosen_keys:
            continue
        inside = [c for c in chosen if c.start < f.end and f.start < c.end]
        if not inside or any(c.start < f.start or c.end > f.end or c.length >= f.length for c in inside):
            continue
        if any(o.start < f.end and f.start < o.end for o in out):
            continue  # the longest of the model's overlapping spans
        out.append(Span(f.start, f.end, f.type, f.normalized, f.relevance * ENCLOSED_RELEVANCE_FACTOR, f.recognizer))
    return out


def resolve_overlaps(findings: Iterable[Span], declared: frozenset[str] = frozenset()) -> list[Span]:
    """Longest span first, then a rule's over a model's, then a span of a `declared` recognizer
    (the config's own patterns, word lists and Presidio recognizers: the user said what this
    text is) over a built-in rule's, then the more specific type; drop anything overlapping a
    kept span. Phrase-level findings only compete with each other."""
    findings = list(findings)
    atomic = _resolve([f for f in findings if f.type not in PHRASE_TYPES], declared)
    phrases = _resolve([f for f in findings if f.type in PHRASE_TYPES], declared)
    return sorted(atomic + phrases, key=lambda f: (f.start, -f.length))


def _resolve(findings: list[Span], declared: frozenset[str] = frozenset()) -> list[Span]:
    # A model's spans come after every rule's: the model fills gaps, it never overrides a rule
    # ("Ortwin Kessler v. Ruritania" tagged ORG must not swallow the name the rules found).
    ordered = sorted(findings, key=lambda f: (f.recognizer in STATISTICAL, -f.length, f.recognizer not in declared,
                                              -PRIORITY.get(f.type, 0), f.start))
    # The kept spans are disjoint: sorted by start, their ends are sorted too, so one lookup
    # tells whether a span overlaps any of them (a document with many findings stays linear-ish).
    starts: list[int] = []
    ends: list[int] = []
    kept: list[Span] = []
    for f in ordered:
        if f.end <= f.start:
            continue
        i = bisect_left(starts, f.end)  # the kept spans that start before f ends
        if i and ends[i - 1] > f.start:  # the last of them ends latest
            continue
        j = bisect_left(starts, f.start)
        starts.insert(j, f.start)
        ends.insert(j, f.end)
        kept.append(f)
    return kept
