"""Search-based linkage (METHOD section 5): can an attacker who holds the original corpus find
the source of a masked document by searching its rare phrases?

The attacker indexes the originals' word N-grams (up to 7 words, inside sentences; in the
masked text a redaction token breaks a phrase too). For a masked document, the phrases whose
document frequency in the originals is below k are the searches worth running. The document
is linked back when one of them, or the intersection of the posting lists of up to three of
them, leaves exactly one original document: the true source. (It is mislinked when that
one document is another; reported separately.) The share linked is the measure: masking that
breaks linkage lowers it, and the original corpus scores 1.0 whenever its documents are
distinct.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from typing import Any

from ..extract.ngrams import NgramSettings, phrases_of

MAX_COMBINED = 3  # posting lists intersected per search, as in METHOD
CANDIDATE_PHRASES = 24  # the rarest phrases of a document tried in combination


def phrase_search_linkage(original: dict[str, str], masked: dict[str, str], k: int = 5,
                          max_n: int = 7) -> dict[str, Any]:
    settings = NgramSettings(enabled=True, min_n=2, max_n=max_n, max_df=k)
    postings: dict[str, set[str]] = defaultdict(set)
    for doc_id, text in original.items():
        for phrase in phrases_of(text, settings):
            postings[phrase].add(doc_id)
    linked = mislinked = 0
    per_document = {}
    for doc_id, text in masked.items():
        rare = sorted((p for p in phrases_of(text, settings) if 0 < len(postings.get(p, ())) < k),
                      key=lambda p: (len(postings[p]), p))[:CANDIDATE_PHRASES]
        found = _unique_source(rare, postings)
        per_document[doc_id] = found
        if found == doc_id:
            linked += 1
        elif found is not None:
            mislinked += 1
    n = len(masked)
    return {"documents": n, "linked": linked, "mislinked": mislinked,
            "linked_rate": linked / n if n else 0.0, "k": k, "max_n": max_n, "per_document": per_document}


def _unique_source(phrases: list[str], postings: dict[str, set[str]]) -> str | None:
    """The one original document some search (1 to 3 phrases, posting lists intersected) leaves."""
    for size in range(1, MAX_COMBINED + 1):
        for combo in itertools.combinations(phrases, size):
            hits = set.intersection(*(postings[p] for p in combo))
            if len(hits) == 1:
                return next(iter(hits))
    return None
