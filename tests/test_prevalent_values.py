"""A condition or a medicine a large share of all people have or take is weak evidence that two
records are one person's (engine.PREVALENT_RELEVANCE): found and masked as any other, but two
people's records that both name "hypertension" and "lisinopril" are not linked on them."""

from __future__ import annotations

from click.testing import CliRunner
from sanon_graph_cli.main import cli

from sanon_graph.config import load_settings
from sanon_graph.extract.recognizers import BASE_RELEVANCE, RulesExtractor
from sanon_graph.extract.recognizers.engine import PREVALENT_RELEVANCE
from sanon_graph.extract.recognizers.gazetteers import gazetteers

from .conftest import read_jsonl, write_corpus


def relevance_of(text: str) -> dict[str, float]:
    settings = load_settings(None, {"preset": "health-insurance"})
    return {e.normalized: e.relevance
            for e in RulesExtractor(settings.entity_schema, settings.rules).extract_text(text)}


def test_a_prevalent_condition_or_medicine_weighs_less_than_a_rare_one():
    found = relevance_of("Known hypertension on lisinopril; new sarcoidosis, started on infliximab.")
    assert found["hypertension"] == PREVALENT_RELEVANCE == found["lisinopril"]
    assert found["sarcoidosis"] == BASE_RELEVANCE["MEDICAL_CONDITION"] > PREVALENT_RELEVANCE
    assert found["infliximab"] > PREVALENT_RELEVANCE


def test_the_lists_are_lower_case_terms_of_their_type():
    prevalent = gazetteers().prevalent
    assert set(prevalent) == {"MEDICAL_CONDITION", "TREATMENT"}
    for terms in prevalent.values():
        assert len(terms) > 100 and all(t == t.lower().strip() and t for t in terms)
    assert "hypertension" in prevalent["MEDICAL_CONDITION"] and "metformin" in prevalent["TREATMENT"]
    assert "sarcoidosis" not in prevalent["MEDICAL_CONDITION"]


def _analyze(tmp_path, texts: dict[str, str]):
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["analyze", str(write_corpus(tmp_path / "in", texts)), "--out", str(out), "-q"])
    assert result.exit_code == 0, result.output
    return out


def test_two_peoples_records_are_not_linked_on_what_many_people_have_through_the_cli(tmp_path):
    out = _analyze(tmp_path, {
        "a": "Claim for a routine review. Known hypertension, on lisinopril, stable.",
        "b": "Pharmacy note: hypertension, lisinopril refilled for three months.",
        "c": "Claim: sarcoidosis of the lung, infliximab infusion approved.",
        "d": "Infusion centre: infliximab given today for sarcoidosis, no reaction.",
        "e": "Member asked about a dental plan renewal.",
        "f": "Eye test booked; glasses covered under the vision plan.",
    })
    linked = {frozenset(x.split("|")[0] for x in (link["doc_a"], link["doc_b"])) for link in read_jsonl(out / "links.jsonl")}
    assert frozenset({"c", "d"}) in linked  # a rare disease and its biologic: evidence of one person
    assert frozenset({"a", "b"}) not in linked  # what millions have: none
    # found and masked all the same where a document's own risk asks for it
    entities = {e["normalized_value"]: e for e in read_jsonl(out / "entities.jsonl")}
    assert {"hypertension", "lisinopril"} <= entities.keys()
