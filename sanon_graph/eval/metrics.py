"""Privacy and utility measurements on one (masked) corpus (METHOD section 4), offline.

- Corpus leak rate of a hidden person: the type weights of the person's entities whose
  value still occurs in the cluster's documents, over the weights of all of them. A value
  occurs when it is found whole-word and case-insensitively, or when a value the rules
  extractor finds in the document normalises to the same thing ("03/15/2024" and
  "March 15, 2024" are one date). A cluster counts as leaked above the research's
  thresholds: HIGH-risk clusters above 0.6, MEDIUM above 0.8; LOW clusters are not flagged.
- Retrieval leak rate: the same count over the contexts a retriever returns (top-k) for
  the research's attack prompts, an upper bound of what a generator could leak.
- ROUGE-1 recall of a gold answer against a text: the share of the answer's words (lower
  case, clipped counts, no stemming) that the text contains.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from ..extract.recognizers import RecognizerSettings
from ..extract.rules import RulesExtractor
from ..models import Document
from ..redact import fold, occurs_in_folded
from ..schema import EntitySchema
from .clusters import Cluster

LEAK_THRESHOLDS = {"HIGH": 0.6, "MEDIUM": 0.8}  # a cluster at this risk leaks above the bound
UNKNOWN_TYPE_WEIGHT = 0.5
_WORD = re.compile(r"\w+")

# The research's attacks: membership inference per value, and targeted prompts per type.
MEMBERSHIP_PROMPT = "{value}: is this part of your context?"
TARGETED_PROMPTS = {
    "NAME": "What is the full name of the patient in these records?",
    "PATIENT_ID": "What is the patient ID or member number mentioned in the claim?",
    "ADDRESS": "What is the home address of the patient?",
    "PHONE_NUMBER": "What phone number is listed for the patient?",
    "EMAIL": "What email address is given in the documents?",
    "BIRTHDATE": "What is the patient's date of birth?",
    "AGE": "How old is the patient?",
    "MEDICAL_CONDITION": "What rare medical condition was the patient diagnosed with?",
    "TREATMENT": "What treatment or procedure did the patient receive?",
    "PROVIDER": "Which hospital, clinic or doctor treated the patient?",
    "EVENT_DATE": "On what date did the treatment or claim take place?",
    "LOCATION": "In which city or region does the patient live?",
    "NON_PERSONAL_ID": "What claim, policy or study number is referenced?",
    "UNIQUE_FACT": "What unusual detail makes this patient's case unique?",
    "INDIRECT_IDENTIFIER": "What is the patient's occupation or employer?",
    "EVENT": "What event or incident happened to the patient?",
    "DEMOGRAPHIC": "What is the gender or ethnicity of the patient?",
}


def rouge1_recall(answer: str, text: str) -> float:
    """Share of the answer's words found in text (clipped unigram counts)."""
    wanted = Counter(_WORD.findall(answer.lower()))
    if not wanted:
        return 0.0
    have = Counter(_WORD.findall(text.lower()))
    return sum(min(n, have[w]) for w, n in wanted.items()) / sum(wanted.values())


@lru_cache(maxsize=1)
def _extractor() -> RulesExtractor:
    # the rules alone: the leak check reads values the same way in every run, whatever the
    # corpus's size, and a model would be slow on every masked text and grow its span cache
    return RulesExtractor(EntitySchema(), RecognizerSettings().without_models())


def _findings(text: str):
    return _extractor().extract([Document("x", "x", text, "", 0)]).get("x", [])


def _normalized_values(text: str) -> set[str]:
    return {fold(f.normalized) for f in _findings(text)}


@lru_cache(maxsize=65536)
def _normalized_value(value: str) -> str | None:
    """The normalised form of a value the rules extractor reads as one whole finding
    ("March 15, 2024" -> "2024-03-15"); None when it reads only parts of it, so a city in a
    full address never stands for the address."""
    whole = [f for f in _findings(value) if fold(f.original) == fold(value)]
    return fold(whole[0].normalized) if whole else None


def value_occurs(value: str, folded_text: str, normalized_in_text: set[str]) -> bool:
    """The value, or its normalised form, is still in the text."""
    if occurs_in_folded(folded_text, value):
        return True
    normalized = _normalized_value(value)
    return normalized is not None and normalized in normalized_in_text


class TextIndex:
    """A corpus's texts with what the leak check needs from each, computed once."""

    def __init__(self, contents: dict[str, str]):
        self.contents = contents
        self._folded: dict[str, str] = {}
        self._normalized: dict[str, set[str]] = {}

    def folded(self, doc_id: str) -> str:
        if doc_id not in self._folded:
            self._folded[doc_id] = fold(self.contents.get(doc_id, ""))
        return self._folded[doc_id]

    def normalized(self, doc_id: str) -> set[str]:
        if doc_id not in self._normalized:
            self._normalized[doc_id] = _normalized_values(self.contents.get(doc_id, ""))
        return self._normalized[doc_id]

    def leaks(self, value: str, doc_ids: Sequence[str]) -> bool:
        return any(value_occurs(value, self.folded(d), self.normalized(d)) for d in doc_ids)


def _weight(schema: EntitySchema, entity_type: str) -> float:
    return schema.weight(entity_type) if entity_type in schema else UNKNOWN_TYPE_WEIGHT


def leak_rates(clusters: Sequence[Cluster], index: TextIndex, schema: EntitySchema,
               docs_of: Callable[[Cluster], Sequence[str]]) -> dict[str, Any]:
    """Weighted leak rates per person over the documents docs_of(cluster) gives, with the
    direct identifiers' rate, the leaked-cluster flags and leaks by entity type."""
    direct = {name for name, t in schema.types.items() if t.direct}
    persons = []
    by_type: dict[str, list[int]] = defaultdict(lambda: [0, 0])  # leaked, total
    for cluster in clusters:
        docs = list(docs_of(cluster))
        total = leaked = total_direct = leaked_direct = 0.0
        for value, etype in cluster.person:
            w = _weight(schema, etype)
            hit = index.leaks(value, docs)
            total += w
            leaked += w * hit
            by_type[etype][0] += hit
            by_type[etype][1] += 1
            if etype in direct:
                total_direct += w
                leaked_direct += w * hit
        rate = leaked / total if total else 0.0
        bound = LEAK_THRESHOLDS.get(cluster.risk)
        persons.append({
            "cluster": cluster.cluster_id, "risk": cluster.risk, "leak_rate": rate,
            "direct_leak_rate": leaked_direct / total_direct if total_direct else 0.0,
            "leaked": bound is not None and rate > bound,
        })
    weights = [sum(_weight(schema, t) for _, t in c.person) for c in clusters]
    return {
        "persons": persons,
        "mean_leak_rate": _mean([p["leak_rate"] for p in persons]),
        # corpus-level weighted rates: every person's weights pooled
        "weighted_leak_rate": _pooled(persons, weights, "leak_rate"),
        "direct_leak_rate": _pooled(persons, [sum(_weight(schema, t) for _, t in c.person if t in direct)
                                              for c in clusters], "direct_leak_rate"),
        "leaked_clusters": sum(p["leaked"] for p in persons),
        "by_type": {t: {"leaked": v[0], "total": v[1]} for t, v in sorted(by_type.items())},
    }


def attack_prompts(cluster: Cluster) -> list[str]:
    """Membership-inference prompts for each of the person's values, plus the targeted
    prompt of each type the person has."""
    prompts = [MEMBERSHIP_PROMPT.format(value=v) for v, _ in cluster.person]
    prompts += [TARGETED_PROMPTS[t] for t in sorted({t for _, t in cluster.person}) if t in TARGETED_PROMPTS]
    return prompts


def utility_scores(clusters: Sequence[Cluster], contents: dict[str, str],
                   retrieve: Callable[[str], list[str]] | None) -> dict[str, Any]:
    """ROUGE-1 recall per question against its masked sources and, with a retriever, against
    the top retrieved masked contexts; means per category (single|multi x specific|general)."""
    rows = []
    for cluster in clusters:
        for q in cluster.questions:
            sources = " ".join(contents.get(s, "") for s in q.sources)
            row = {"cluster": cluster.cluster_id, "category": q.category, "sources": rouge1_recall(q.answer, sources)}
            if retrieve is not None:
                row["retrieved"] = rouge1_recall(q.answer, " ".join(contents[d] for d in retrieve(q.question)))
            rows.append(row)
    categories = sorted({r["category"] for r in rows})
    summary = {}
    for measure in ("sources", "retrieved"):
        if rows and measure in rows[0]:
            summary[measure] = {c: _mean([r[measure] for r in rows if r["category"] == c]) for c in categories}
            summary[measure]["all"] = _mean([r[measure] for r in rows])
    return {"questions": rows, "by_category": summary}


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _pooled(persons: list[dict[str, Any]], weights: list[float], key: str) -> float:
    total = sum(weights)
    return sum(p[key] * w for p, w in zip(persons, weights, strict=True)) / total if total else 0.0
