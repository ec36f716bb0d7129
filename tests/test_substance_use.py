"""Smoking, drinking and drug use as records state them (recognizer `substance_use`): masked
with the amount, the status alone as the value, and not a form's question or a price's class."""

from __future__ import annotations

import pytest

from sanon_graph.config import load_settings
from sanon_graph.extract.recognizers import RulesExtractor
from sanon_graph.extract.recognizers.settings import DEFAULT_RECOGNIZERS


def demographics(text: str, preset: str = "health-insurance") -> list[tuple[str, str]]:
    settings = load_settings(None, {"preset": preset})
    extractor = RulesExtractor(settings.entity_schema, settings.rules)
    return [(e.original, e.normalized) for e in extractor.extract_text(text) if e.type == "DEMOGRAPHIC"]


@pytest.mark.parametrize(("text", "span", "value"), [
    ("Social: never smoker, teetotal.", "never smoker", "never smoker"),
    ("Never-smoker, retired bus driver.", "Never-smoker", "never smoker"),
    ("Non-smoker; walks daily.", "Non-smoker", "never smoker"),
    ("Ex-smoker, 25 pack-years, quit 2015.", "Ex-smoker, 25 pack-years", "ex-smoker"),
    ("Smoker 1 ppd, counselled on cessation.", "Smoker 1 ppd", "smoker"),
    ("smoker 2 ppd since age 16, advised to quit", "smoker 2 ppd since age 16", "smoker"),
    ("BMI 29; smokes ~8/day, wants to stop.", "smokes ~8/day", "smoker"),
    ("She smokes 15 cigarettes a day.", "smokes 15 cigarettes a day", "smoker"),
    ("Smoking ~1/2 pack/day for a decade.", "Smoking ~1/2 pack/day", "smoker"),
    ("EtOH 2-3 glasses of wine/week.", "EtOH 2-3 glasses of wine/week", "alcohol use"),
    ("Alcohol 20 units/week, reduce.", "Alcohol 20 units/week", "alcohol use"),
    ("Glazier, weekly cannabis, no other drugs.", "weekly cannabis", "cannabis use"),
])
def test_a_habit_is_masked_with_its_amount(text, span, value):
    assert (span, value) in demographics(text)


@pytest.mark.parametrize("text", [
    "Smoker: no", "Smoker? N", "He has a smoker's cough.", "Non-smoker rates apply from the renewal.",
    "Smoke alarms were fitted.", "Alcohol swab applied before the injection.", "The smokers' shelter is closed.",
])
def test_a_question_a_price_or_another_word_is_no_habit(text):
    assert not [v for v in demographics(text) if v[1] in ("smoker", "never smoker", "ex-smoker", "alcohol use")]


def test_the_recognizer_runs_in_the_insurance_presets_only():
    assert "substance_use" in DEFAULT_RECOGNIZERS
    assert demographics("Ex-smoker, 25 pack-years.", "health-insurance-thorough")
    assert not demographics("Ex-smoker, 25 pack-years.", "legal")
