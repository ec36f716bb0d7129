"""The recurrence walk over forked workers (a large corpus) adds what the walk in one process adds."""

from __future__ import annotations

import copy
import random

import pytest

from sanon_graph import forked
from sanon_graph.config import load_settings
from sanon_graph.extract import recurrence
from sanon_graph.extract.recognizers import RulesExtractor
from sanon_graph.models import Document

PEOPLE = ["Mabel Quarrington", "Leopold Sorensby", "Cecily Wexcombe", "Augustin Dumesnil"]
PLACES = ["Quillmere Clinic", "Harrowgate Spinal Centre", "Belvane Medical Group"]
SENTENCES = [
    "Claim review for {person} was opened by {place} in March 2024.",
    "{first} called again about the claim; {place} sent the notes.",
    "Dr. {surname} at {short} reviewed the idiopathic pulmonary fibrosis (IPF) file.",
    "Follow-up: IPF stable, {first} seen at {short}.",
    "A sunrise walk is advised; nobody is named here.",
]


def _corpus(n: int) -> list[Document]:
    rng = random.Random(11)
    out = []
    for i in range(n):
        person, place = rng.choice(PEOPLE), rng.choice(PLACES)
        text = " ".join(rng.choice(SENTENCES).format(person=person, first=person.split()[0], surname=person.split()[1],
                                                     place=place, short=place.split()[0]) for _ in range(3))
        out.append(Document(f"d{i}", f"d{i}", text, "x.jsonl", i))
    return out


@pytest.mark.parametrize("preset", ["health-insurance", "legal"])
def test_the_walk_over_workers_adds_what_one_process_adds(monkeypatch, preset):
    settings = load_settings(None, {"preset": preset})
    extractor = RulesExtractor(settings.entity_schema, settings.rules)
    documents = _corpus(120)
    findings = {d.doc_id: extractor.extract_text(d.text) for d in documents}
    runs = []
    for threshold in (10**9, 1):  # in this process; over forked workers
        monkeypatch.setattr(forked, "PARALLEL_MIN", threshold)
        mine = copy.deepcopy(findings)
        added = recurrence.propagate(documents, mine, settings.entity_schema, clinician_type=settings.rules.clinician_type)
        runs.append((added, mine))
    assert runs[0][0] > 0  # the corpus has recurring values to find
    assert runs[1] == runs[0]
