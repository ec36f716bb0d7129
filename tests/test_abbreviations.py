"""An abbreviation defined in parentheses is the entity it abbreviates (stop 29): one more
spelling, masked with it, and found where it is written alone. Every example is invented."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from sanon_graph_cli.main import cli

from sanon_graph.config import load_settings
from sanon_graph.extract.recognizers import RulesExtractor

from .conftest import read_jsonl, write_json


def found(text: str, preset: str = "health-insurance") -> list[tuple[str, str, str]]:
    settings = load_settings(None, {"preset": preset})
    rules = settings.rules.model_copy(update={"recognizers": [r for r in settings.rules.recognizers if r != "ner"]})
    return [(e.original, e.normalized, e.type) for e in RulesExtractor(settings.entity_schema, rules).extract_text(text)]


@pytest.mark.parametrize(("text", "phrase", "abbreviation", "entity_type"), [
    ("A 71-year-old underwent transcatheter aortic valve replacement (TAVR) in May.",
     "transcatheter aortic valve replacement", "TAVR", "TREATMENT"),
    ("IVIG was authorized for chronic inflammatory demyelinating polyneuropathy (CIDP).",
     "chronic inflammatory demyelinating polyneuropathy", "CIDP", "MEDICAL_CONDITION"),
    ("The patient, diagnosed with Ehlers-Danlos syndrome (EDS), was referred.",
     "Ehlers-Danlos syndrome", "EDS", "MEDICAL_CONDITION"),
    # a digit of the abbreviation is a word of the phrase; one word spells it by its letters
    ("He has type 2 diabetes (T2D) since 2010.", "type 2 diabetes", "T2D", "MEDICAL_CONDITION"),
    ("He has hypertension (HTN) since 2010.", "hypertension", "HTN", "MEDICAL_CONDITION"),
])
def test_the_abbreviation_takes_the_value_and_the_phrase_grows_over_what_it_spells(text, phrase, abbreviation, entity_type):
    spans = found(text)
    value = next(v for o, v, t in spans if o == phrase and t == entity_type)
    assert (abbreviation, value, entity_type) in spans


def test_an_abbreviation_of_a_body_in_a_judgment():
    spans = found("He complained to the İzmir Bar Association (IBA) in 1999.", "legal")
    assert ("IBA", "i̇zmir bar association", "ORGANISATION") in spans


@pytest.mark.parametrize("text", [
    "He has kidney stones (CT confirmed) and gout.",       # not an abbreviation: words in the parentheses
    "He has kidney stones (CT) and gout.",                 # capitals that spell nothing before them
    "She has asthma (AB) and gout.",                        # letters the word does not have
    "She was seen at Mercy Hospital (Galesburg, IL) in May.",  # a place, not an abbreviation
])
def test_parentheses_that_define_nothing_add_nothing(text):
    assert not [o for o, _, _ in found(text) if o in ("CT", "IL", "AB")]


def test_a_document_that_writes_only_the_abbreviation_links_to_the_one_that_defines_it(tmp_path):
    corpus = tmp_path / "in"
    corpus.mkdir()
    write_json(corpus / "a.json", {"id": "a", "content": (
        "Member Ottoline Brask was diagnosed with chronic inflammatory demyelinating polyneuropathy (CIDP) "
        "at Larchmont Neurology in March 2023.")})
    write_json(corpus / "b.json", {"id": "b", "content": (
        "Prior authorization for IVIG to treat CIDP was approved at Larchmont Neurology last spring.")})
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["analyze", str(corpus), "--out", str(out), "-q"])
    assert result.exit_code == 0, result.output
    condition = next(e for e in read_jsonl(out / "entities.jsonl") if e["type"] == "MEDICAL_CONDITION"
                     and "CIDP" in e["original_values"])
    assert len(condition["doc_ids"]) == 2  # the abbreviation alone in b is the same condition
    for path in (out / "masked").glob("*.json"):
        text = json.loads(path.read_text())["content"]
        if condition["masked"]:
            assert "CIDP" not in text and "polyneuropathy" not in text
