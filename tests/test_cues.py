"""The recognizers' cheap looks (extract/recognizers/cues.py) change no finding: with the looks
off every pattern reads every text, and the findings are the same."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from sanon_graph.config import load_settings
from sanon_graph.extract.recognizers import RulesExtractor, cues

from .conftest import ROOT

# Invented sentences at the edge of each look: the value is found only by the pattern the look
# guards, written in the ways the look must let through (capitals, tabs, line breaks).
EDGES = {
    "Yours truly,\nCorvin Quarrington": ("NAME", "Corvin Quarrington"),
    "Kind regards,\nMabel Wexcombe": ("NAME", "Mabel Wexcombe"),
    "Referred: 52 y/o male with chest pain.": ("AGE", "52 y/o"),
    "Seen today, 47 YO, for review.": ("AGE", "47 YO"),
    "The claimant was 19 years of age at onset.": ("AGE", "19 years of age"),
    "Cover applies to members aged\t61 and over.": ("AGE", "aged\t61"),
    "Screening is offered over the age of 65 only.": ("AGE", "over the age of 65"),
    "Mr Sorensby was 40 when\nthe claim was filed.": ("AGE", "40"),
    "My son, who is 29, lives nearby.": ("AGE", "29"),
    "A forty-two-year-old member called.": ("AGE", "forty-two-year-old"),
    "She works nights as a claims assessor, according to the file.": ("INDIRECT_IDENTIFIER", "claims assessor"),
    "Former tailor, now retired.": ("INDIRECT_IDENTIFIER", "Former tailor"),
    "Patient is a primary school headteacher in the county.": ("INDIRECT_IDENTIFIER", "primary school headteacher"),
    "Treated for chronic OSTEOMYELITIS of the tibia.": ("MEDICAL_CONDITION", "chronic OSTEOMYELITIS"),
    "History of hypothyroidism since youth.": ("MEDICAL_CONDITION", "hypothyroidism"),
    "Admitted on 3 MARCH 2024 for surgery.": ("EVENT_DATE", "3 MARCH 2024"),
    "Reviewed 12-19 June 2025 at the clinic.": ("EVENT_DATE", "12-19 June 2025"),
    "The refund was 1,250 EUROS in total.": ("UNIQUE_FACT", "1,250 EUROS"),  # money, as the preset types it
    "Premium of HKD 38,000 was paid.": ("UNIQUE_FACT", "HKD 38,000"),
    "Paid 900 kr. at the desk.": ("UNIQUE_FACT", "900 kr"),
    "NHS number 417 552 9083 on file.": ("PATIENT_ID", "417 552 9083"),
    "She moved from Winston-Salem last year.": ("LOCATION", "Winston-Salem"),
    "He is a Polish national living nearby.": ("DEMOGRAPHIC", "Polish national"),
    "Aufgenommen am 4. Dezember, 2023 in der Klinik.": ("EVENT_DATE", "4. Dezember, 2023"),
    "Desde febrero del\n2021 sin trabajo.": ("EVENT_DATE", "febrero del\n2021"),
}


def _texts() -> list[str]:
    texts = []
    for pattern in ("examples/insurance_train/*/documents/*.json", "examples/hr_train/*/documents/*.json",
                    "examples/corpus/**/*.json"):
        for path in sorted(ROOT.glob(pattern)):
            record = json.loads(path.read_text(encoding="utf-8"))
            for r in record if isinstance(record, list) else [record]:
                if isinstance(r, dict) and isinstance(r.get("content"), str):
                    texts.append(r["content"])
    for path in sorted(ROOT.glob("examples/legal/documents/*")):
        texts.append(path.read_text(encoding="utf-8"))
    random.Random(7).shuffle(texts)
    return texts[:300]


def _extract_both(extractor: RulesExtractor, text: str):
    try:
        cues.ENABLED = False
        everything = extractor.extract_text(text)
    finally:
        cues.ENABLED = True
    return extractor.extract_text(text), everything


@pytest.mark.parametrize("preset", ["health-insurance", "legal", "hr"])
def test_the_looks_change_no_finding(preset):
    settings = load_settings(None, {"preset": preset})
    extractor = RulesExtractor(settings.entity_schema, settings.rules)
    texts = _texts()
    assert len(texts) == 300
    for text in [*EDGES, *texts]:
        with_looks, without = _extract_both(extractor, text)
        assert with_looks == without, text[:200]


def test_the_edges_are_found_through_the_looks():
    settings = load_settings(None, {"preset": "health-insurance"})
    extractor = RulesExtractor(settings.entity_schema, settings.rules)
    for text, (kind, value) in EDGES.items():
        found = {(e.type, e.original) for e in extractor.extract_text(text)}
        assert (kind, value) in found, (text, found)


def test_a_look_skips_a_text_without_its_words():
    assert not cues.has_any("the member called about her claim", ("work", "employed"))
    assert cues.has_any("she worked as a welder", ("work", "employed"))
    try:
        cues.ENABLED = False
        assert cues.has_any("the member called about her claim", ("work", "employed"))
    finally:
        cues.ENABLED = True
    assert Path(cues.__file__).name == "cues.py"
