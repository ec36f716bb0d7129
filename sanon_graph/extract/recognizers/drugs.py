"""Drugs by name, from a maintained drug dictionary: generic names, brand names and drug
classes ("isotretinoin", "Humira", "Cimzia", "NSAIDs").

The names come from the `drug-named-entity-recognition` package (Fast Data Science, MIT; its
dictionary is built from DrugBank's open data (CC0), MedlinePlus, the NHS, Wikipedia and MeSH):
about 43,000 names of one to four words are kept. A brand name's value is its generic name
("Humira" -> "adalimumab"), so a record that names the brand and one that names the substance
share the value. Drug classes (MeSH pharmacologic classes such as "anticonvulsants", "opioid")
are common to many people: weaker evidence. MeSH's other chemistry and biology headings
(proteins, receptors; also the immunoglobulins, so "IVIG" is not found) are left out.

Only the dictionary file is read (never the package's module, which loads the dictionary on
import and reads and writes a cache in the home folder). A one-word name that is also a first
name or a place ("Aman", "Alli") counts only near a word of medication.
"""

from __future__ import annotations

import bz2
import importlib.util
import pickle
import re
from functools import lru_cache
from pathlib import Path

from .base import Base, register
from .widen import DOSE_AFTER
from .words import word_tail

_DICTIONARY_PACKAGE = "drug_named_entity_recognition"
_DICTIONARY_FILE = "drug_ner_dictionary.pkl.bz2"
_NAME = re.compile(r"[a-z0-9][a-z0-9'-]*(?: [a-z0-9][a-z0-9'-]*){0,3}")
_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9'-]*")
CLASS_RELEVANCE = 0.4  # a drug class ("opioid", "NSAIDs"): many people take one
# A drug (DrugBank, MedlinePlus, the NHS, a Wikipedia drug article) or a MeSH heading under
# D27, "Chemical Actions and Uses": pharmacologic classes.
_DRUG_SOURCES = ("drugbank_id", "medline_plus_id", "nhs_url", "wikipedia_url")
_CLASS_TREE = "D27"
_FIRST_WORD = re.compile(r"[a-z][a-z'-]{2,}(?: |$)")  # no number, letter or short word first ("5-asa", "n acetyl")
# A laboratory reagent's or a nucleic acid's systematic name ("3-(cyclohexylamino)propanesulfonic
# acid", "thymidine 5'-triphosphate", "rna, complementary"): its short names are the dictionary's
# only way to it, and in a record they are other words ("caps" of a prescription, a "CRNA").
_SYSTEMATIC_NAME = re.compile(r"^[\d(]|\d'|\d,\d|^[a-z]-\d|^(?:rna|dna), ")
_SHORT_NAME = 5
# The four letters the FDA adds to a biological product's name ("infliximab-dyyb",
# "ravulizumab-cwvz", "insulin glargine-yfgn"): one record writes them, another the name alone.
# The value is the name without them, so the two link; only after a name the dictionary knows
# that ends as biological products' international names end (antibodies, receptor and fusion
# proteins, enzymes, gene and cell therapies, growth factors, insulins): "disease-free",
# "insulin-like" or "charcoal-like" stay words.
_BIOLOGIC_SUFFIX = re.compile(r"-[a-z]{4}$")
_BIOLOGIC_STEM = re.compile(
    r"(?:mab|cept|fusp|vec|cel|gene|poetin|grastim|gramostim|ermin|kin|ase|alfa|beta|pegol|"
    r"glargine|lispro|aspart|degludec|detemir|glulisine)$")
# (The name is bounded, words.LONGEST_WORD: it may start after every apostrophe of "a'a'a'".)
_SUFFIXED_WORD = re.compile(r"(?<![\w-])([a-z]" + word_tail("[a-z'-]", 5) + r")-[a-z]{4}(?![\w-])")
_MEDICATION_CUE = re.compile(
    r"(?i:\b(?:prescribed|prescription|dose|dosage|tablets?|capsules?|mg|medication|drug|taking|started|switched\s+to|"
    r"infusions?|injections?)\b)"
)


@lru_cache(maxsize=1)
def drug_names() -> dict[str, tuple[str, bool]]:
    """name (lower case) -> (canonical name, whether it names a class of drugs)."""
    # The package's folder without importing it: its __init__ loads the dictionary itself and
    # reads a cache in the home folder (1.3 s, side effects).
    spec = importlib.util.find_spec(_DICTIONARY_PACKAGE)
    if spec is None or not spec.submodule_search_locations:  # a dependency; without it: no drug names
        return {}
    try:
        data = (Path(spec.submodule_search_locations[0]) / _DICTIONARY_FILE).read_bytes()
    except OSError:
        return {}
    # The pickle is the installed package's own data file (pinned in pyproject.toml): no more
    # trusted or less than importing the package would be.
    dictionary = pickle.loads(bz2.decompress(data))  # noqa: S301
    canonical_data = dictionary.get("drug_canonical_to_data", {})
    out = {}
    for name, canonical in dictionary.get("drug_variant_to_canonical", {}).items():
        if not canonical or len(name) < 4 or not _NAME.fullmatch(name) or not _FIRST_WORD.match(name):
            continue
        if len(name) <= _SHORT_NAME and _SYSTEMATIC_NAME.search(canonical[0]):
            continue
        data = canonical_data.get(canonical[0], {})
        if any(key in data for key in _DRUG_SOURCES):
            out[name] = (canonical[0], False)
        elif any(tree.startswith(_CLASS_TREE) for tree in data.get("mesh_tree", ())):
            out[name] = (canonical[0], True)
        # other MeSH headings name chemistry and biology (proteins, receptors, genes), not medication
    return out


def _biologic_base(name: str) -> str | None:
    """The dictionary's name for a biological product's name written with the FDA's suffix
    ("ravulizumab-cwvz" -> "ravulizumab"), or None when it has none or is no such product."""
    m = _BIOLOGIC_SUFFIX.search(name)
    if m is None:
        return None
    base = name[:m.start()]
    if len(base.rsplit(" ", 1)[-1]) < 6 or not _BIOLOGIC_STEM.search(base):
        return None
    found = drug_names().get(base)
    return base if found and not found[1] else None


def without_biologic_suffix(name: str) -> str | None:
    """The value of a biological product's name written with the FDA's suffix: the canonical
    name of the name without it ("ravulizumab-cwvz" -> "ravulizumab"), or None."""
    base = _biologic_base(name)
    return drug_names()[base][0] if base else None


@lru_cache(maxsize=1)
def _first_words() -> frozenset[str]:
    return frozenset(name.split(" ", 1)[0] for name in drug_names())


@register("drug", "TREATMENT")
class Drug(Base):
    """A drug, brand or drug class named in the dictionary; the longest name wins."""

    def find(self, text: str):
        names = drug_names()
        # One set intersection in C first: most texts hold no word that begins a drug's name.
        lower = text.lower()
        starts = _first_words().intersection(_TOKEN.findall(lower))
        if "-" in text:  # a biological product's name with its suffix: "tebentafusp-tebn"
            starts |= _first_words().intersection(_SUFFIXED_WORD.findall(lower))
        if not starts:
            return
        tokens = [(m.start(), m.end(), m.group(0)) for m in _TOKEN.finditer(text)]
        i = 0
        while i < len(tokens):
            word = tokens[i][2].lower()
            if word not in starts and ("-" not in word or (_biologic_base(word) or "").split(" ", 1)[0] not in starts):
                i += 1
                continue
            for n in range(min(4, len(tokens) - i), 0, -1):
                words = tokens[i:i + n]
                if any(text[a[1]:b[0]] != " " for a, b in zip(words, words[1:], strict=False)):
                    continue  # a name's words are separated by one space, never a comma or a line
                phrase = " ".join(w[2] for w in words).lower()
                known = phrase if phrase in names else _biologic_base(phrase)
                if known is not None and self._counts(text, words, phrase):
                    canonical, drug_class = names[known]
                    canonical = without_biologic_suffix(canonical) or canonical  # the dictionary's own suffixed names
                    relevance = CLASS_RELEVANCE if drug_class else None
                    # a dose written after a drug is masked with it ("rosuvastatin 20mg daily"):
                    # one patient's dose narrows who it is; the value stays the drug
                    dose = None if drug_class else DOSE_AFTER.match(text, words[-1][1])
                    end = dose.end() if dose else words[-1][1]
                    yield self.span(words[0][0], end, "TREATMENT", canonical, relevance)
                    i += n - 1
                    break
            i += 1

    def _counts(self, text: str, words: list[tuple[int, int, str]], phrase: str) -> bool:
        if len(words) == 1 and (phrase in self.gaz.first_names or phrase in self.gaz.places):
            before = text[max(0, words[0][0] - 40):words[0][0]]
            after = text[words[0][1]:words[0][1] + 25]
            return _MEDICATION_CUE.search(before) is not None or _MEDICATION_CUE.search(after) is not None
        return True
