"""Values that made a link between two different people (issue 15: at most one false link per
set). Each was a recognizer reading something that is no one's own: a date and a letter's
greeting taken for a street address, a season and its year for a European street, a fiscal year
for an identifier, a brand made of two town names for two places. Every example is invented."""

from __future__ import annotations

import json

import pytest

from sanon_graph.config import load_settings
from sanon_graph.extract.recognizers import RulesExtractor
from tests.conftest import read_jsonl, rules_alone


def extracted(text: str, preset: str = "health-insurance"):
    settings = load_settings(None, {"preset": preset})
    return RulesExtractor(settings.entity_schema, rules_alone(settings.rules)).extract_text(text)


def found(text: str, preset: str = "health-insurance") -> list[tuple[str, str]]:
    return [(e.original, e.type) for e in extracted(text, preset)]


@pytest.mark.parametrize("text", [
    "Eye Centre, Hobart\n3 April 2025\nDear Dr Nguyen,\nThank you for seeing her.",
    "ENT Outpatients. Clinic date 09.01.2025 Dear Dr Ross (GP),",
    "Referral 2024\nDear Dr Patel, please see this man.",
])
def test_a_date_and_a_greeting_are_no_street_address(text):
    assert [s for s in found(text) if s[1] == "ADDRESS"] == []


@pytest.mark.parametrize(("text", "address"), [
    ("He lives at 1234 Elm Street, Apt 5, since May.", "1234 Elm Street, Apt 5"),
    ("Send it to 88 Harbour View Dr. before Friday.", "88 Harbour View Dr"),
    ("Flat 4, 17 Knockmaroon Mews is her address.", "Flat 4, 17 Knockmaroon Mews"),
])
def test_street_addresses_on_one_line_are_still_found(text, address):
    assert (address, "ADDRESS") in found(text)


@pytest.mark.parametrize("text", [
    "Buckeye Registry - Member Newsletter, Spring 2025 (no names)",
    "Highland Games Club - Spring 2024 newsletter (extract)",
])
def test_a_season_and_its_year_are_no_european_street(text):
    assert [s for s in found(text) if s[1] == "ADDRESS"] == []


@pytest.mark.parametrize(("text", "address"), [
    ("Her flat is at Keizersgracht 123, 1015 CJ Amsterdam.", "Keizersgracht 123, 1015 CJ Amsterdam"),
    ("Er wohnt am Kaiserring 12 in Mannheim.", "Kaiserring 12"),
    ("Hauptstraße 5, 10117 Berlin", "Hauptstraße 5, 10117 Berlin"),
])
def test_european_streets_with_a_house_number_are_still_found(text, address):
    assert (address, "ADDRESS") in found(text)


@pytest.mark.parametrize("label", ["FY2025", "FY24-25", "FY2024/25", "CY2024", "Q3FY24", "Q1-2025", "H1-2025"])
def test_a_fiscal_or_calendar_period_is_no_identifier(label):
    spans = found(f"First annual outcomes audit ({label}): 3 recipients infused.")
    # a quarter may be a date of its own ("Q1-2025"); it is never a number of someone's
    assert [s for s in spans if s[0] == label and s[1] in {"PATIENT_ID", "NON_PERSONAL_ID"}] == []


@pytest.mark.parametrize("identifier", ["FYX12345", "H12345", "AB12345", "CY-4471-QX"])
def test_codes_that_open_like_a_period_are_still_identifiers(identifier):
    spans = found(f"Reference {identifier} was quoted on the call.")
    assert any(s[0] == identifier and s[1] in {"PATIENT_ID", "NON_PERSONAL_ID"} for s in spans), spans


def test_a_brand_made_of_two_town_names_names_no_place():
    spans = found("Payer: Fairmont Meridian Medicare Advantage | Claim ref 0041")
    assert [s for s in spans if s[1] == "LOCATION"] == []


@pytest.mark.parametrize(("text", "places"), [
    ("She moved from Portland Oregon last year.", ["Portland", "Oregon"]),
    ("He grew up in Lagos Nigeria.", ["Lagos", "Nigeria"]),
    ("Moved to Duluth last year, then Meridian.", ["Duluth", "Meridian"]),
    ("Seen in Kansas City Missouri in June.", ["Kansas City", "Missouri"]),
])
def test_a_town_beside_its_state_or_country_is_still_a_place(text, places):
    assert [s[0] for s in found(text) if s[1] == "LOCATION"] == places


def test_two_people_who_share_only_such_values_are_not_linked(run_cli, tmp_path):
    # Two people, each with their own name and condition; the documents share only a newsletter's
    # season, a report's fiscal year and a payer named after two towns.
    records = [
        ("a1", "Buckeye Registry Newsletter, Spring 2025\nAudit FY2025. Payer: Fairmont Meridian Advantage.\n"
               "Ms. Harriet Quellan, 44, has sarcoidosis."),
        ("a2", "Buckeye Registry Newsletter, Spring 2025\nAudit FY2025. Payer: Fairmont Meridian Advantage.\n"
               "Mr. Osric Talvanne, 71, has achalasia."),
    ]
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("".join(json.dumps({"id": i, "content": t}) + "\n" for i, t in records), encoding="utf-8")
    out = tmp_path / "out"
    result = run_cli("analyze", corpus, "--out", out, "-q")
    assert result.exit_code == 0, result.output
    values = {(e["type"], e["normalized_value"]) for e in read_jsonl(out / "entities.jsonl")}
    assert not any(t in {"ADDRESS", "LOCATION", "PATIENT_ID", "NON_PERSONAL_ID"} for t, _ in values), values
    assert read_jsonl(out / "links.jsonl") == []


@pytest.mark.parametrize("scale", ["PHQ-9", "SF-36", "DSM-5", "ICD-10", "IL-6", "GAD-7"])
def test_a_scale_manual_or_version_with_a_short_number_is_no_identifier(scale):
    spans = found(f"The {scale} was recorded at the visit on the ward.")
    assert [s for s in spans if s[0] == scale] == []


@pytest.mark.parametrize(("text", "identifier"), [
    ("Claim ID AB-12 was reopened.", "AB-12"),  # a cue says it is a number
    ("Ref VA-83K was quoted.", "VA-83K"),
    ("Case CM-3619 was closed.", "CM-3619"),
])
def test_short_codes_a_cue_or_their_shape_marks_are_still_identifiers(text, identifier):
    assert any(s[0] == identifier and s[1] in {"PATIENT_ID", "NON_PERSONAL_ID"} for s in found(text))


@pytest.mark.parametrize(("text", "name"), [
    ("Ms Aoife Mulrennan FRCSI, Consultant Plastic Surgeon", "Aoife Mulrennan"),
    ("Signed: Tomasz Wierzba, Senior Physiotherapist", "Tomasz Wierzba"),
    ("Copy to Hanna Vell, Consultant Paediatric Neurologist", "Hanna Vell"),
])
def test_a_clinicians_title_after_a_name_is_no_name(text, name):
    names = [s[0] for s in found(text) if s[1] in {"NAME", "PROVIDER"}]
    assert any(name in n for n in names), names
    assert not any(w in n for n in names for w in ("Surgeon", "Physiotherapist", "Neurologist")), names


def test_a_routine_examination_is_weaker_evidence_than_a_named_procedure():
    # An MRI or a colonoscopy is done to a large share of all patients; a sleeve gastrectomy is not.
    relevance = {e.normalized: e.relevance for e in extracted(
        "Plan: MRI of the lumbar spine, screening colonoscopy, then sleeve gastrectomy in May.") if e.type == "TREATMENT"}
    assert {"mri", "colonoscopy", "sleeve gastrectomy"} <= relevance.keys(), relevance
    assert relevance["mri"] < relevance["sleeve gastrectomy"]
    assert relevance["colonoscopy"] < relevance["sleeve gastrectomy"]


def test_two_people_who_share_an_mri_and_a_symptom_are_not_linked(run_cli, tmp_path):
    # Ten records of ten people; two of them had an MRI and have headaches, nothing else in common.
    towns = ["Pelham", "Dunmore", "Ashby", "Corwin", "Fenwick", "Galloway", "Hartwell", "Ingram"]
    records = [("p1", "Ms. Harriet Quellan, 44, reports headaches. An MRI was ordered."),
               ("p2", "Mr. Osric Talvanne, 71, reports headaches. An MRI was ordered.")]
    records += [(f"f{i}", f"Claim for Mx. Person{chr(65 + i)}ova of {town}: sarcoidosis follow-up.")
                for i, town in enumerate(towns)]
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("".join(json.dumps({"id": i, "content": t}) + "\n" for i, t in records), encoding="utf-8")
    out = tmp_path / "out"
    result = run_cli("analyze", corpus, "--out", out, "-q")
    assert result.exit_code == 0, result.output
    shared = {e["normalized_value"] for e in read_jsonl(out / "entities.jsonl") if len(e["doc_ids"]) == 2}
    assert {"mri", "headache"} <= shared, shared  # both found in both records: the test means something
    linked = {frozenset(d.split("|")[0] for d in (link["doc_a"], link["doc_b"])) for link in read_jsonl(out / "links.jsonl")}
    assert frozenset({"p1", "p2"}) not in linked
