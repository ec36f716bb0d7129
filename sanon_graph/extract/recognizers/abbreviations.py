"""An abbreviation defined in parentheses is the entity it abbreviates.

"transcatheter aortic valve replacement (TAVR)", "chronic inflammatory demyelinating
polyneuropathy (CIDP)", "Ehlers-Danlos syndrome (EDS)": a document that masks the phrase and
leaves "(TAVR)" readable has told the reader what it masked, and a document that writes only
"TAVR" names the same treatment as the one that spells it out. So, after the overlaps are
resolved, an upper-case abbreviation in parentheses right after a span of a named kind whose
letters are the initials of the words before it becomes a span of the same type and value, and
the span grows over the words the abbreviation spells ("transcatheter" in the mask above). The
abbreviation is one more spelling of the entity: masking replaces it in every document, and the
recurrence pass finds it where it is written alone (four letters or more).

A brand name in parentheses after a treatment is that treatment too: "IV immunoglobulin
(Gammagard)", "adalimumab (Humira)". One capitalised word that the text does not use as a word
(in lower case) and that no recognizer read (as a place, or as a drug of its own value: "biologic
drug treatments (Cimzia)") becomes a span of the treatment's value.
"""

from __future__ import annotations

import re
import unicodedata

from .base import Span
from .words import MODIFIER_NOISE, QUALIFIERS, STOP_CAPITALS

# The kinds of things an abbreviation is defined for in running text.
ABBREVIATED_TYPES = frozenset({"MEDICAL_CONDITION", "TREATMENT", "PROVIDER", "ORGANISATION", "COURT", "DEPARTMENT"})
_IN_PARENTHESES = re.compile(r"[ \t]*\((?P<abbr>[A-Z][A-Za-z0-9&-]{1,9})\)")
# Words an abbreviation skips: "Department of Health (DH)", "Bureau for ... (BFS)".
_SKIPPED = frozenset({"of", "and", "the", "for", "in", "on", "&"})
# Endings and words of English that a capitalised word in parentheses after a treatment is
# likelier to be than a brand ("(Optional)", "(Daily)", "(Approved)", "(Generic)", "(Twice)").
_WORD_ENDINGS = ("ly", "ed", "ing", "al", "ion", "ice", "ive", "ble")
_NOT_BRANDS = frozenset(
    "generic brand tablet capsule once prn none other pending first second third fourth fifth sixth last next "
    "limit cycle pump home private".split())
# A brand is written after a drug, not after a procedure ("Dialysis (Home)", "Physiotherapy
# (Outpatient)"): the treatment is the drug dictionary's, a drug stem's, or one listed word
# that names no procedure.
_DRUG_RECOGNIZERS = frozenset({"drug", "drug_suffix"})
_PROCEDURE_ENDING = re.compile(r"(?:therapy|ectomy|otomy|ostomy|plasty|scopy|graphy|lysis|surgery|ation|ment|ing)$")
_BRAND_IN_PARENTHESES = re.compile(r"[ \t]*\((?P<brand>[A-Z][a-z]{3,}(?:-[A-Z]?[a-z]+)?)\)")
_WORD = re.compile(r"[^\W_]+")
_LOWER_WORD = re.compile(r"(?<![\w-])[a-z][a-z-]*(?![\w-])")
_LOOKBACK = 120


def abbreviations(text: str, spans: list[Span]) -> list[Span]:
    """The spans (sorted, disjoint) with the abbreviations defined after them added."""
    if "(" not in text:
        return spans
    out: list[Span] = []
    drop: set[int] = set()  # spans inside a defined abbreviation's parentheses
    words: set[str] | None = None  # the text's lower-case words, read once when a brand may follow
    for i, s in enumerate(spans):
        if i in drop:
            continue
        m = _IN_PARENTHESES.match(text, s.end) if s.type in ABBREVIATED_TYPES else None
        start = _defined_from(text, m.group("abbr"), out[-1].end if out else 0, s) if m else None
        if start is None:
            out.append(s)
            brand = None
            if s.type == "TREATMENT" and _BRAND_IN_PARENTHESES.match(text, s.end):
                if words is None:
                    words = set(_LOWER_WORD.findall(text))
                brand = _brand_after(text, s, spans[i + 1] if i + 1 < len(spans) else None, words)
            if brand is not None:
                out.append(brand)
            continue
        out.append(Span(start, s.end, s.type, s.normalized, s.relevance, s.recognizer))
        abbr_start, abbr_end = m.start("abbr"), m.end("abbr")
        for j in range(i + 1, len(spans)):
            if spans[j].start >= abbr_end:
                break
            drop.add(j)  # "(PTSD)" read as its own condition: it is this one's
        out.append(Span(abbr_start, abbr_end, s.type, s.normalized, s.relevance, s.recognizer))
    return out


def _brand_after(text: str, span: Span, following: Span | None, words: set[str]) -> Span | None:
    """The brand name in parentheses right after a drug, as a span of its value; `words` are
    the text's words in lower case (a brand is never one of them)."""
    if span.type != "TREATMENT" or not (span.recognizer in _DRUG_RECOGNIZERS or (
            " " not in span.normalized and not _PROCEDURE_ENDING.search(span.normalized))):
        return None
    m = _BRAND_IN_PARENTHESES.match(text, span.end)
    if m is None:
        return None
    brand = m.group("brand")
    folded = brand.lower()
    singular = folded[:-1] if folded.endswith("s") else folded
    if any(w in STOP_CAPITALS or w in MODIFIER_NOISE or w in QUALIFIERS or w in _NOT_BRANDS or w.endswith(_WORD_ENDINGS)
           for w in (folded, singular)) or folded in words:
        return None  # "(Optional)", "(Weekly)", "(Injections)": a word, not a name
    if following is not None and following.start < m.end():
        return None  # "(Boston)" read as a place; "drug treatments (Cimzia)": a drug of its own value
    return Span(m.start("brand"), m.end("brand"), span.type, span.normalized, span.relevance, span.recognizer)


def _defined_from(text: str, abbr: str, left_limit: int, span: Span) -> int | None:
    """Where the words the abbreviation spells start, if its capitals (and digits: "T2D") are
    the initials of the words ending the span (read backwards, skipping "of"/"and"), or, for a
    span of one word, the letters of that word in order from its first ("hypertension (HTN)");
    None otherwise."""
    letters = [c for c in abbr if c.isupper() or c.isdigit()]
    if sum(c.isupper() for c in letters) < 2:
        return None
    word = text[span.start:span.end]
    if " " not in word.strip() and _spells(word, letters):
        return span.start
    lo = max(left_limit, span.start - _LOOKBACK)
    words = [(w.start(), w.group(0)) for w in _WORD.finditer(text, lo, span.end)]
    k = len(letters) - 1
    start = None
    for position, word in reversed(words):
        if k < 0:
            break
        if _initial(word) == _initial(letters[k]):
            start, k = position, k - 1
        elif word.lower() in _SKIPPED and start is not None:
            continue
        else:
            break
    # every capital spelled, from the span's last word on ("(CT)" after "kidney stones" is none)
    if k >= 0 or start is None:
        return None
    return min(start, span.start)


def _spells(word: str, letters: list[str]) -> bool:
    """Whether the letters occur in the word in order, the first of them its first letter."""
    folded = "".join(_initial(c) for c in word if c.isalnum())
    if not folded or folded[0] != _initial(letters[0]):
        return False
    position = 0
    for letter in (_initial(c) for c in letters):
        position = folded.find(letter, position)
        if position < 0:
            return False
        position += 1
    return True


def _initial(word: str) -> str:
    """The letter a word starts with, without its accent: "İzmir" and "Ölüdeniz" give "i", "o"."""
    return unicodedata.normalize("NFKD", word[0])[0].lower()
