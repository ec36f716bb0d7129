"""Rare shared N-grams (METHOD section 5): the phrases a phrase-search attacker uses to link
documents, found without a model.

An inverted index over word N-grams (up to `max_n` words) inside segments: a segment never
crosses a sentence boundary, an already-redacted span (`[NAME]`), or a span a typed entity
covers, so a phrase is never a second copy of a typed value. N-grams made only of stop words,
or starting or ending with one, are skipped. An N-gram whose document frequency is between 2
and `max_df` links the documents sharing it; it enters the graph as a PHRASE entity, so
uniqueness, strengths, chains, selection and redaction treat it like any other value. Of nested
rare N-grams with the same document frequency only the longest is kept (the shorter adds the
same documents again).

Cost is linear in the number of N-grams: one pass to count document frequencies (64-bit hashes
in a numpy array), one pass to keep the rare ones. There is no comparison of documents.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from ..models import Document, ExtractedEntity
from ..redact import find_values

PHRASE = "PHRASE"

STOP_WORDS = frozenset("""
a about above after again against all also am an and any are as at be because been before being below
between both but by can could did do does doing down during each few for from further had has have having
he her here hers herself him himself his how i if in into is it its itself just me more most my myself no
nor not now of off on once only or other our ours ourselves out over own same she should so some such than
that the their theirs them themselves then there these they this those through to too under until up very
was we were what when where which while who whom why will with would you your yours yourself yourselves
per via upon within without among amongst across along around however also may might must shall whose
""".split())

# A redaction token first, so "[NAME]" is one break rather than a bracket, a word and a bracket.
_SEGMENT_BREAK = re.compile(r"\[[A-Z_]+\]|[.!?;:\n()\[\]{}\"]")
_WORD = re.compile(r"\w+(?:['-]\w+)*")


class NgramSettings(BaseModel):
    """[ngrams] in the config file."""

    model_config = ConfigDict(extra="forbid")

    enabled: bool = False
    min_n: int = Field(2, ge=1, le=12)  # single shared words are mostly common words in small corpora
    max_n: int = Field(7, ge=1, le=12)
    # k: an N-gram in more documents than this is not rare. 2 by default: in a corpus of tens of
    # documents a phrase in three of them is already template language ("require prior
    # authorization"); raise it for large corpora, where three documents are still rare.
    max_df: int = Field(2, ge=2)
    min_chars: int = Field(4, ge=1)  # single words shorter than this are too generic to link
    # The PHRASE type's weight: 0.35 is the best pair F1 on thesis-dev's labelled sets that also
    # keeps train_10 (unlabelled) free of links between clusters; two shared phrases alone link.
    weight: float = Field(0.35, ge=0.0, le=1.0)
    relevance: float = Field(1.0, ge=0.0, le=1.0)


def plural_stem(word: str) -> str:
    """Harman's S-stemmer: "blocks" -> "block", "injuries" -> "injury", "ages" -> "age"; nothing
    else (and a possessive "'s" goes). Conservative on purpose: a phrase-search engine folds
    plurals, and so does an attacker reading two documents, but anything stronger merges words
    that differ. Stop words stay as they are, so the stop-word test still knows them."""
    if word in STOP_WORDS:
        return word
    if word.endswith(("'s", "’s")):
        return word[:-2]
    if len(word) > 3 and word.endswith("ies") and not word.endswith(("eies", "aies")):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("es") and not word.endswith(("aes", "ees", "oes")):
        return word[:-1]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("us", "ss", "is")):
        return word[:-1]
    return word


def _segments(text: str, blocked: list[tuple[int, int]]) -> list[list[tuple[int, int, str]]]:
    """Runs of words (start, end, lower-case word) between breaks and blocked spans."""
    cuts = sorted([(m.start(), m.end()) for m in _SEGMENT_BREAK.finditer(text)] + blocked)
    segments: list[list[tuple[int, int, str]]] = []
    current: list[tuple[int, int, str]] = []
    cut_index = 0
    for m in _WORD.finditer(text):
        while cut_index < len(cuts) and cuts[cut_index][1] <= m.start():
            if current:
                segments.append(current)
                current = []
            cut_index += 1
        if cut_index < len(cuts) and cuts[cut_index][0] < m.end() and m.start() < cuts[cut_index][1]:
            continue  # inside a blocked span or a break
        current.append((m.start(), m.end(), plural_stem(m.group(0).lower())))
    if current:
        segments.append(current)
    return segments


def _ngrams(segments, settings: NgramSettings) -> Iterable[tuple[int, int, str, int]]:
    """(start, end, normalized, n) of the candidate N-grams of a document."""
    for words in segments:
        for i in range(len(words)):
            if words[i][2] in STOP_WORDS:
                continue
            for n in range(settings.min_n, settings.max_n + 1):
                j = i + n - 1
                if j >= len(words):
                    break
                last = words[j][2]
                if last in STOP_WORDS:
                    continue
                if n == 1 and (len(last) < settings.min_chars or last.isdigit()):
                    continue
                yield words[i][0], words[j][1], " ".join(w for _, _, w in words[i:j + 1]), n


def _typed_spans(text: str, originals: Iterable[str]) -> list[tuple[int, int]]:
    values = tuple(sorted({o for o in originals if o.strip()}))
    if not values:
        return []
    return [m.span() for m in find_values(text, values)]


def shared_ngrams(
    documents: list[Document],
    typed: dict[str, list[ExtractedEntity]],
    settings: NgramSettings,
) -> dict[str, list[ExtractedEntity]]:
    """PHRASE findings per document for the rare N-grams two or more documents share."""

    def candidates(doc: Document) -> list[tuple[int, int, str, int]]:
        blocked = _typed_spans(doc.content, (f.original for f in typed.get(doc.doc_id, [])))
        return list(_ngrams(_segments(doc.content, blocked), settings))

    # Pass 1: document frequencies from per-document unique hashes. The candidates are not
    # kept: generating them again in pass 2 costs less than holding every document's list.
    hashes = [np.unique(np.fromiter((hash(g[2]) for g in candidates(doc)), dtype=np.int64)) for doc in documents]
    if not hashes:
        return {}
    values, counts = np.unique(np.concatenate(hashes), return_counts=True)
    del hashes
    rare_mask = (counts >= 2) & (counts <= settings.max_df)
    df_of = dict(zip(values[rare_mask].tolist(), counts[rare_mask].tolist(), strict=True))
    out: dict[str, list[ExtractedEntity]] = {}
    for doc in documents:
        rare = [(s, e, g, n, df_of[h]) for s, e, g, n in candidates(doc) if (h := hash(g)) in df_of]
        if not rare:
            continue
        rare.sort(key=lambda r: (-r[3], r[4], r[0]))  # longest first, then the rarer
        kept: list[tuple[int, int, str, int, int]] = []
        seen: set[str] = set()
        for r in rare:
            if r[2] in seen:
                continue
            if any(k[0] < r[1] and r[0] < k[1] for k in kept):
                continue  # words already in a longer rare N-gram: one phrase is one piece of evidence
            kept.append(r)
            seen.add(r[2])
        out[doc.doc_id] = [
            ExtractedEntity(doc.content[s:e], g, PHRASE, settings.relevance) for s, e, g, _, _ in kept
        ]
    return out


def phrases_of(text: str, settings: NgramSettings) -> set[str]:
    """Every candidate N-gram of a text (normalised), for a phrase-search attacker's index."""
    return {g[2] for g in _ngrams(_segments(text, []), settings)}
