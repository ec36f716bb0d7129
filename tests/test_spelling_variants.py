"""A value spelled the British way in one record and the American way in another is one value
(stop 55, issue 15): "Paediatric Centre" and "Pediatric Center", "tumour" and "tumor". Every
name is invented."""

from __future__ import annotations

from sanon_graph.extract.recurrence import american_spelling, merge_spelling_variants
from sanon_graph.models import ExtractedEntity
from tests.conftest import UNRELATED_RECORDS, read_jsonl, write_corpus


def test_british_spellings_fold_to_american_ones_at_a_words_start_only():
    assert american_spelling("harbour paediatric centre") == "harbour pediatric center"
    assert american_spelling("oesophageal tumour") == "esophageal tumor"
    assert american_spelling("haemophilia a") == "hemophilia a"
    # inside a word, or a word of its own the table does not name: as written
    assert american_spelling("epicentre") == "epicentre" and american_spelling("harbour") == "harbour"


def test_only_spellings_that_both_occur_merge_and_only_in_the_types_that_spell():
    findings = {"a": [ExtractedEntity("Wrenfield Paediatric Centre", "wrenfield paediatric centre", "PROVIDER", 0.8),
                      ExtractedEntity("Colour Blindness", "colour blindness", "MEDICAL_CONDITION", 0.7)],
                "b": [ExtractedEntity("Wrenfield Pediatric Center", "wrenfield pediatric center", "PROVIDER", 0.8),
                      ExtractedEntity("ANAES-4412", "anaes-4412", "PATIENT_ID", 0.95)],
                "c": [ExtractedEntity("anes-4412", "anes-4412", "PATIENT_ID", 0.95)]}
    assert merge_spelling_variants(findings) == 1
    assert findings["a"][0].normalized == "wrenfield pediatric center"
    assert findings["a"][0].original == "Wrenfield Paediatric Centre"  # the spelling stays, to be masked
    assert findings["a"][1].normalized == "colour blindness"  # no American spelling written: unchanged
    assert findings["b"][1].normalized == "anaes-4412"  # identifiers are never folded


def test_records_spelling_one_clinic_two_ways_share_it(tmp_path, run_cli):
    corpus = write_corpus(tmp_path / "in", {
        "a": "Referral letter. The member was seen at the Wrenfield Paediatric Centre on Monday.",
        "b": "Claim line: Wrenfield Pediatric Center, outpatient visit, paid in full.",
        **UNRELATED_RECORDS})
    out = tmp_path / "out"
    assert run_cli("analyze", corpus, "--out", out, "-q").exit_code == 0
    clinic = [e for e in read_jsonl(out / "entities.jsonl") if "wrenfield" in e["normalized_value"]]
    assert [e["normalized_value"] for e in clinic] == ["wrenfield pediatric center"]
    assert sorted(d.split("|")[0] for d in clinic[0]["doc_ids"]) == ["a", "b"]
    # both spellings are the entity's, so masking it masks both
    assert set(clinic[0]["original_values"]) == {"Wrenfield Paediatric Centre", "Wrenfield Pediatric Center"}
