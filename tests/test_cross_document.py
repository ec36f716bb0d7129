"""The cross-document pass: one type per value, recurring values, short forms of facilities
and titled surnames, and what must not propagate."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from sanon_graph_cli.main import cli

from sanon_graph.extract.recurrence import (
    condition_heads,
    eponym_of,
    facility_aliases,
    merge_plural_variants,
    propagate,
    reconcile_types,
    titled_surnames,
)
from sanon_graph.models import Document, ExtractedEntity
from sanon_graph.schema import EntitySchema

from .conftest import read_jsonl, write_corpus, write_json

SCHEMA = EntitySchema()


def docs(*texts: str) -> list[Document]:
    return [Document(str(i), str(i), t, "x.json", i) for i, t in enumerate(texts)]


def found(findings, doc_id: str) -> set[tuple[str, str, str]]:
    return {(f.original, f.normalized, f.type) for f in findings.get(doc_id, [])}


def test_a_value_gets_its_highest_weight_type_everywhere():
    findings = {"0": [ExtractedEntity("PT-5316-9C", "PT-5316-9C", "PATIENT_ID", 0.95)],
                "1": [ExtractedEntity("PT-5316-9C", "PT-5316-9C", "NON_PERSONAL_ID", 0.7),
                      ExtractedEntity("Q4-77", "Q4-77", "NON_PERSONAL_ID", 0.7)]}
    assert reconcile_types(findings, SCHEMA) == 1
    assert found(findings, "1") == {("PT-5316-9C", "PT-5316-9C", "PATIENT_ID"), ("Q4-77", "Q4-77", "NON_PERSONAL_ID")}
    # the winning type's relevance comes with it: the ID identifies as much in the audit as in the claim
    assert findings["1"][0].relevance == 0.95
    assert findings["1"][1].relevance == 0.7  # a value typed one way everywhere is untouched
    # a document that already rates the value higher keeps its own relevance
    findings = {"0": [ExtractedEntity("CARES-2", "CARES-2", "PATIENT_ID", 0.6)],
                "1": [ExtractedEntity("CARES-2", "CARES-2", "NON_PERSONAL_ID", 0.8)]}
    assert reconcile_types(findings, SCHEMA) == 1
    assert (findings["1"][0].type, findings["1"][0].relevance) == ("PATIENT_ID", 0.8)


def test_recurring_values_are_found_in_other_documents():
    corpus = docs("Patient Rex Salam had bypass surgery at Brookvale Clinic.",
                  "Participant Rex Salam's progress was noted; Brookvale staff agreed.",
                  "A sunrise walk. Nobody named here. rex salami is food.")
    findings = {"0": [ExtractedEntity("Rex Salam", "rex salam", "NAME", 0.95),
                      ExtractedEntity("Brookvale Clinic", "brookvale clinic", "PROVIDER", 0.7)]}
    added = propagate(corpus, findings, SCHEMA)
    assert found(findings, "1") == {("Rex Salam", "rex salam", "NAME"), ("Brookvale", "brookvale clinic", "PROVIDER")}
    assert added == 2
    assert "2" not in findings  # whole words only: "rex salami" is not "Rex Salam"
    assert {f.relevance for f in findings["1"]} == {0.95, 0.7}  # the entity's relevance elsewhere


def test_short_values_numbers_and_lowercase_short_forms_do_not_propagate():
    corpus = docs("Aged 58, seen at Daybreak Rehabilitation in 2023.", "Room 58 at daybreak, 2023 budget.",
                  "Daybreak staff confirmed.")
    findings = {"0": [ExtractedEntity("58", "58", "AGE", 0.5), ExtractedEntity("2023", "2023", "EVENT_DATE", 0.5),
                      ExtractedEntity("Daybreak Rehabilitation", "daybreak rehabilitation", "PROVIDER", 0.7)]}
    propagate(corpus, findings, SCHEMA)
    assert "1" not in findings  # a bare number means something else out of context; "daybreak" is a word
    assert found(findings, "2") == {("Daybreak", "daybreak rehabilitation", "PROVIDER")}


def test_facility_short_forms():
    assert facility_aliases("Verbier Rehab Institute") == ["Verbier Rehab", "Verbier"]
    assert facility_aliases("Pawnee Valley Hospital") == ["Pawnee Valley"]
    assert facility_aliases("General Hospital") == []  # too generic to name one facility
    assert facility_aliases("Memorial Medical Center") == []
    assert facility_aliases("Equinox Oncology") == ["Equinox"]
    assert facility_aliases("Rex Salam") == []


def test_a_body_is_named_without_the_words_for_its_kind():
    # stop 38: the words that say what kind of body it is, not which one, come off too
    assert facility_aliases("Eastholm Royal Infirmary")[-1] == "Eastholm"
    assert facility_aliases("Bluewater Home Infusion")[-1] == "Bluewater"
    assert facility_aliases("Kestrelmark Dental & Surgical") == ["Kestrelmark Dental", "Kestrelmark"]
    # an insurer's name keeps its words: one insurer covers many people, and found in more
    # records it would link them to each other
    assert facility_aliases("Albion Mutual Assurance") == []
    assert facility_aliases("Saint Oswin's Private Hospital")[-1] == "Saint Oswin's"
    assert facility_aliases("Hollow Oaks Children's Hospital")[-1] == "Hollow Oaks"


def test_a_care_home_is_named_without_the_words_for_its_kind():
    # stop 42: a relative's letter writes "Larkspur Glen" for "Larkspur Glen Memory Care"
    assert facility_aliases("Larkspur Glen Memory Care")[-1] == "Larkspur Glen"
    assert facility_aliases("Elm Court Care Center")[-1] == "Elm Court"
    assert facility_aliases("Elm Court Assisted Living")[-1] == "Elm Court"
    assert facility_aliases("Senior Care Center") == []  # nothing left that names one home
    # "Care" alone ends an insurer's product as often as a home's name: kept
    assert facility_aliases("Quillfeather Mutual Care") == []


def test_titled_surnames_resolve_only_when_unambiguous():
    titled = titled_surnames({"a": {"Chloë Bastien", "Dr. Chloë Bastien"}, "b": {"Elise Halmi"}, "c": {"Corinne Halmi"},
                              "d": {"Dr. Bastien"}})
    assert titled["Dr. Bastien"] == "a" and titled["Ms. Bastien"] == "a"  # "Dr. Bastien" itself is no second Bastien
    assert not any(key.endswith("Halmi") for key in titled)  # two Halmis: "Dr. Halmi" is neither


def test_a_titled_surname_kept_as_a_value_becomes_a_spelling_of_the_full_name():
    corpus = docs("Dr. Elena Robles attended the surgery.", "Follow-up with Dr. Robles at the rehab center.",
                  "Dr. Robles's practice sent an alert.", "Dr. Okoro and Dr. Chidi Okoro, Dr. Ada Okoro.")
    findings = {"0": [ExtractedEntity("Dr. Elena Robles", "elena robles", "PROVIDER", 0.7)],
                "1": [ExtractedEntity("Dr. Robles", "dr robles", "PROVIDER", 0.6)],
                "2": [ExtractedEntity("Dr. Robles", "dr robles", "PROVIDER", 0.6)],
                "3": [ExtractedEntity("Dr. Okoro", "dr okoro", "PROVIDER", 0.6),
                      ExtractedEntity("Dr. Chidi Okoro", "chidi okoro", "PROVIDER", 0.7),
                      ExtractedEntity("Dr. Ada Okoro", "ada okoro", "PROVIDER", 0.7)]}
    propagate(corpus, findings, SCHEMA, clinician_type="PROVIDER")
    # one person, one value: documents 1 and 2 share "elena robles" alone, not it and "dr robles"
    for doc_id in ("1", "2"):
        assert {(f.normalized, f.type) for f in findings[doc_id]} == {("elena robles", "PROVIDER")}
        assert {f.original for f in findings[doc_id]} >= {"Dr. Robles"}  # the spelling stays for redaction
        assert {f.relevance for f in findings[doc_id] if f.original == "Dr. Robles"} == {0.6}
    # two Okoros: "Dr. Okoro" stands for neither and stays a value of its own
    assert ("Dr. Okoro", "dr okoro", "PROVIDER") in found(findings, "3")


def test_an_ambiguous_short_form_links_nobody():
    corpus = docs("Granite Ridge Neurology billed it.", "Granite Ridge Hospital admitted her.", "Granite Ridge called.")
    findings = {"0": [ExtractedEntity("Granite Ridge Neurology", "granite ridge neurology", "PROVIDER", 0.7)],
                "1": [ExtractedEntity("Granite Ridge Hospital", "granite ridge hospital", "PROVIDER", 0.7)]}
    propagate(corpus, findings, SCHEMA)
    assert "2" not in findings


def test_the_pass_links_documents_through_the_cli(tmp_path):
    corpus = tmp_path / "in"
    corpus.mkdir()
    write_json(corpus / "a.json", {"id": "a", "content": "Claim for patient Gerald Babic (ID PT-5316-9C) at Granite "
                                                          "Ridge Neurology for Lewy body dementia."})
    write_json(corpus / "b.json", {"id": "b", "content": "Reviewers at Granite Ridge saw case PT-5316-9C three times."})
    write_json(corpus / "c.json", {"id": "c", "content": "The weather was fine and nothing happened at all."})
    runner = CliRunner()
    for flag, out in (("--cross-document", tmp_path / "on"), ("--no-cross-document", tmp_path / "off")):
        result = runner.invoke(cli, ["analyze", str(corpus), "--out", str(out), "-q", flag])
        assert result.exit_code == 0, result.output
    on, off = (read_jsonl(d / "links.jsonl") for d in (tmp_path / "on", tmp_path / "off"))
    assert len(on) == 1 and not off  # the short form and the retyped ID link a and b only with the pass
    entities = {e["entity_id"]: e for e in read_jsonl(tmp_path / "on" / "entities.jsonl")}
    assert {entities[v]["type"] for v in on[0]["via"]} == {"PROVIDER", "PATIENT_ID"}
    run = json.loads((tmp_path / "on" / "run.json").read_text())
    assert run["cross_document"] == {"retyped": 1, "plurals_merged": 0, "spellings_merged": 0, "phone_forms_merged": 0, "recurring_added": 1,
                                     "condition_heads_added": 0, "compatible_added": 0} \
        and run["settings"]["cross_document"] is True


def test_singular_and_plural_forms_of_a_condition_are_one_value():
    findings = {"0": [ExtractedEntity("degenerative retinal disorders", "degenerative retinal disorders",
                                      "MEDICAL_CONDITION", 0.7)],
                "1": [ExtractedEntity("degenerative retinal disorder", "degenerative retinal disorder",
                                      "MEDICAL_CONDITION", 0.7),
                      ExtractedEntity("diabetes", "diabetes", "MEDICAL_CONDITION", 0.7)],
                "2": [ExtractedEntity("John Adams", "john adams", "NAME", 0.95),
                      ExtractedEntity("John Adam", "john adam", "NAME", 0.95)]}
    assert merge_plural_variants(findings) == 1
    assert found(findings, "0") == {("degenerative retinal disorders", "degenerative retinal disorder", "MEDICAL_CONDITION")}
    # only forms that both occur merge ("diabetes" keeps its s), and names are never folded
    assert ("diabetes", "diabetes", "MEDICAL_CONDITION") in found(findings, "1")
    assert {f.normalized for f in findings["2"]} == {"john adams", "john adam"}


def test_a_name_found_only_with_a_capital_is_not_found_again_in_lower_case():
    corpus = docs("THE FACTS\n\nThe applicant was born in 1961.", "The facts of the case are as follows.",
                  "The Facts committee met.", "Seen for chronic fatigue syndrome.", "Chronic Fatigue Syndrome clinic.")
    findings = {"0": [ExtractedEntity("FACTS", "facts", "PROVIDER", 0.5)],
                "3": [ExtractedEntity("chronic fatigue syndrome", "chronic fatigue syndrome", "MEDICAL_CONDITION", 0.7)]}
    propagate(corpus, findings, EntitySchema())
    assert "1" not in findings  # "facts" in lower case is a word
    assert found(findings, "2") == {("Facts", "facts", "PROVIDER")}
    # a condition is written in lower case and capitalised where a heading or sentence starts
    assert found(findings, "4") == {("Chronic Fatigue Syndrome", "chronic fatigue syndrome", "MEDICAL_CONDITION")}


def test_a_name_with_a_particle_in_lower_case_is_still_found_again():
    corpus = docs("Mr J.P.M. van den Heuvel-Smit signed.", "Then van den Heuvel-Smit left.")
    findings = {"0": [ExtractedEntity("van den Heuvel-Smit", "van den heuvel-smit", "NAME", 0.9),
                      ExtractedEntity("J.P.M. Van den Heuvel-Smit", "van den heuvel-smit", "NAME", 0.9)]}
    propagate(corpus, findings, EntitySchema())
    assert found(findings, "1") == {("van den Heuvel-Smit", "van den heuvel-smit", "NAME")}


def test_a_first_name_alone_is_the_one_full_name_that_starts_with_it():
    corpus = docs("Patient: Ottilie Quenby, seen today.", "Caller identified as Ottilie, verified by ID.",
                  "Dear Ottilie, your appeal was received.")
    findings = {"0": [ExtractedEntity("Ottilie Quenby", "ottilie quenby", "NAME", 0.9)]}
    propagate(corpus, findings, SCHEMA)
    for doc_id in ("1", "2"):
        assert found(findings, doc_id) == {("Ottilie", "ottilie quenby", "NAME")}


def test_a_first_name_the_extractor_found_inside_a_longer_value_is_the_full_name():
    # (stop 57) "Ottilie's dad" is a value of its own (a model's relative), so the walk's longest
    # match there is that value, not the first name: the first name the extractor found still
    # stands for the one full name, so the two records link on the person
    corpus = docs("Patient: Ottilie Quenby, seen today.", "Hi, this is Ottilie's dad. She slept badly.",
                  *[f"Dear Maria, note {n}." for n in range(4)], "Member: Maria Lopez.")
    findings = {"0": [ExtractedEntity("Ottilie Quenby", "ottilie quenby", "NAME", 0.9)],
                "1": [ExtractedEntity("Ottilie's dad", "ottilie's dad", "DEMOGRAPHIC", 0.1),
                      ExtractedEntity("Ottilie", "ottilie", "NAME", 0.85)],
                **{str(n): [ExtractedEntity("Maria", "maria", "NAME", 0.85)] for n in range(2, 6)},
                "6": [ExtractedEntity("Maria Lopez", "maria lopez", "NAME", 0.9)]}
    propagate(corpus, findings, SCHEMA)
    assert ("Ottilie", "ottilie quenby", "NAME") in found(findings, "1")
    # a first name alone in more documents than its full name (and than two) stands for nobody
    assert not [n for n in range(2, 6) if ("Maria", "maria lopez", "NAME") in found(findings, str(n))]


@pytest.mark.parametrize("other", ["Prescriber: OTTILIE MARWOOD", "Referred by Dr P St Ottilie-Vance.",
                                   "Seen by Ottilie, Amara (NP)."])
def test_a_first_name_inside_another_persons_name_is_not_the_full_name(other):
    # the first word of another name, a part joined by a hyphen, a surname written first
    corpus = docs("Patient: Ottilie Quenby, seen today.", other)
    findings = {"0": [ExtractedEntity("Ottilie Quenby", "ottilie quenby", "NAME", 0.9)]}
    propagate(corpus, findings, SCHEMA)
    values = {value for _, value, _ in found(findings, "1")}
    assert "ottilie quenby" not in values
    assert "ottilie" in values  # still a name word: masked as a value of its own, which links no one


def test_a_first_name_before_its_own_surname_is_still_the_full_name():
    # the corpus wrote the name surname first only, so only the first name is looked for
    corpus = docs("Member: QUENBY, Ottilie", "From: Ottilie Quenby <oq@example.org>")
    findings = {"0": [ExtractedEntity("QUENBY, Ottilie", "ottilie quenby", "NAME", 0.9)]}
    propagate(corpus, findings, SCHEMA)
    assert ("Ottilie", "ottilie quenby", "NAME") in found(findings, "1")


def test_a_first_name_two_people_share_or_the_corpus_writes_as_a_word_stands_for_nobody():
    corpus = docs("Patient: Grace Sandholm.", "Patient: Amara Osei. Member: Amara Boateng.",
                  "Grace called again.", "Amara called again.", "The grace period ended.")
    findings = {"0": [ExtractedEntity("Grace Sandholm", "grace sandholm", "NAME", 0.9)],
                "1": [ExtractedEntity("Amara Osei", "amara osei", "NAME", 0.9),
                      ExtractedEntity("Amara Boateng", "amara boateng", "NAME", 0.9)]}
    propagate(corpus, findings, SCHEMA)
    assert "2" not in findings and "3" not in findings  # "grace" is a word here; two Amaras


def test_a_clinicians_first_name_and_a_first_name_in_many_documents_stand_for_nobody():
    corpus = docs("Seen by Dr. Chloe Bastien.", "Chloe signed the note.",
                  "Patient: Maria Lopez.", *[f"Maria phoned on day {n}." for n in range(4)])
    findings = {"0": [ExtractedEntity("Dr. Chloe Bastien", "chloe bastien", "NAME", 0.9)],
                "2": [ExtractedEntity("Maria Lopez", "maria lopez", "NAME", 0.9)]}
    propagate(corpus, findings, SCHEMA)
    # a doctor is called by the surname; "Maria" alone in four documents is more likely others
    assert "1" not in findings and not any(str(n) in findings for n in range(3, 7))


def test_a_first_name_that_is_a_value_of_another_kind_stays_it():
    corpus = docs("Patient: Jordan Fischer.", "Moved to Jordan in May.")
    findings = {"0": [ExtractedEntity("Jordan Fischer", "jordan fischer", "NAME", 0.9)],
                "1": [ExtractedEntity("Jordan", "jordan", "LOCATION", 0.45)]}
    propagate(corpus, findings, SCHEMA)
    assert found(findings, "1") == {("Jordan", "jordan", "LOCATION")}


def test_a_place_is_not_found_again_in_a_publications_title():
    corpus = docs("Member lives in the Southeast region.", "The Southeast Nursing Journal reported on access.")
    findings = {"0": [ExtractedEntity("Southeast", "southeast", "LOCATION", 0.3)]}
    propagate(corpus, findings, SCHEMA)
    assert "1" not in findings



def test_a_role_word_before_a_name_is_no_first_name():
    corpus = docs("Judge Anna Whitfield presided.", "The Judge dismissed the appeal.")
    findings = {"0": [ExtractedEntity("Judge Anna Whitfield", "anna whitfield", "NAME", 0.9)]}
    propagate(corpus, findings, SCHEMA)
    assert "1" not in findings


def test_a_refused_first_name_leaves_the_persons_other_spellings_to_be_found():
    corpus = docs("Patient: Maria Lopez.", *[f"Maria phoned on day {n}. Mrs Lopez confirmed it." for n in range(4)])
    findings = {"0": [ExtractedEntity("Maria Lopez", "maria lopez", "NAME", 0.9),
                      ExtractedEntity("Mrs Lopez", "mrs lopez", "NAME", 0.8)]}
    propagate(corpus, findings, SCHEMA)
    for doc_id in ("1", "2", "3", "4"):
        originals = {o for o, _, _ in found(findings, doc_id)}
        assert "Mrs Lopez" in originals and "Maria" not in originals


def test_a_first_name_beside_the_full_name_is_masked_with_it():
    corpus = docs("Patient: Ottilie Quenby. Ottilie called back.", "Other record.")
    findings = {"0": [ExtractedEntity("Ottilie Quenby", "ottilie quenby", "NAME", 0.9)]}
    propagate(corpus, findings, SCHEMA)
    assert ("Ottilie", "ottilie quenby", "NAME") in found(findings, "0")


def test_a_short_form_beside_the_full_name_is_a_spelling_to_mask():
    # the document names the clinic in full too: its short form must still be a variant of it,
    # or masking the clinic would leave "Harwick" in the text
    corpus = docs("Seen at Harwick Clinic on Monday. Harwick staff were kind.", "Harwick Clinic again.")
    findings = {"0": [ExtractedEntity("Harwick Clinic", "harwick clinic", "PROVIDER", 0.7)],
                "1": [ExtractedEntity("Harwick Clinic", "harwick clinic", "PROVIDER", 0.7)]}
    assert propagate(corpus, findings, SCHEMA) == 1
    assert found(findings, "0") == {("Harwick Clinic", "harwick clinic", "PROVIDER"),
                                    ("Harwick", "harwick clinic", "PROVIDER")}
    assert found(findings, "1") == {("Harwick Clinic", "harwick clinic", "PROVIDER")}  # one spelling, once


@pytest.mark.parametrize(("spelling", "eponym"), [
    ("Krabbe's disease", "Krabbe's"), ("Canavan disease", "Canavan"),
    ("Kearns-Sayre syndrome", "Kearns-Sayre"), ("Refsum disease", "Refsum"), ("Graves' disease", "Graves'"),
    # a describing word or a condition of its own at a sentence's start, a word, a first name
    ("Chronic fatigue syndrome", None), ("Metastatic melanoma", None), ("Hereditary spherocytosis", None),
    ("Stroke risk", None), ("Down syndrome", None), ("Hunter's syndrome", None),
    ("krabbe's disease", None), ("Krabbe's Disease", None), ("Canavan", None),
])
def test_the_name_a_condition_is_named_after(spelling, eponym):
    assert eponym_of(spelling) == eponym


def test_a_condition_named_after_someone_is_found_by_that_name_alone():
    corpus = docs("Genetically confirmed Krabbe's disease, diagnosed 2019.",
                  "His father died of Krabbe's at 58; the krabbe's line is a typo.",
                  "Seen at the Krabbe clinic in town.")
    findings = {"0": [ExtractedEntity("Krabbe's disease", "krabbe's disease", "MEDICAL_CONDITION", 0.7)]}
    propagate(corpus, findings, SCHEMA)
    assert found(findings, "1") == {("Krabbe's", "krabbe's disease", "MEDICAL_CONDITION")}
    assert not findings.get("2")  # the name without its possessive is a town or a person
    # a name two conditions share stands for neither
    corpus = docs("Refsum disease of the cheek.", "Refsum neuropathy on imaging.", "The Refsum patient called.")
    findings = {"0": [ExtractedEntity("Refsum disease", "refsum disease", "MEDICAL_CONDITION", 0.7)],
                "1": [ExtractedEntity("Refsum neuropathy", "refsum neuropathy", "MEDICAL_CONDITION", 0.7)]}
    propagate(corpus, findings, SCHEMA)
    assert not findings.get("2")


def test_a_clinicians_credential_is_no_part_of_the_surname():
    # "Imogen Corvell, MD" signs one letter, "Dr. Corvell" and "I. Corvell NP" the others: one clinician
    corpus = docs("Please overturn the pend.\nMarta Quillon, MD", "Dr. Quillon called back.", "Filled per M. Quillon NP.")
    findings = {"0": [ExtractedEntity("Marta Quillon, MD", "marta quillon", "PROVIDER", 0.7)],
                "1": [ExtractedEntity("Dr. Quillon", "dr quillon", "PROVIDER", 0.6)],
                "2": [ExtractedEntity("M. Quillon NP", "m. quillon", "PROVIDER", 0.6)]}
    propagate(corpus, findings, SCHEMA, clinician_type="PROVIDER")
    for doc_id in ("1", "2"):
        assert {f.normalized for f in findings[doc_id]} == {"marta quillon"}


def test_a_masked_clinic_leaves_no_short_form_beside_its_full_name_through_the_cli(tmp_path):
    # the document writes the clinic in full and by its short form: both are masked
    corpus = write_corpus(tmp_path / "in", {
        "a": "Seen at Harwick Clinic on Monday for a knee review. Harwick staff were kind and the scan was booked.",
        "b": "Invoice from Harwick Clinic for the knee scan.",
        "c": "Member called about a dental plan renewal."})
    config = tmp_path / "strict.toml"
    config.write_text("[policy]\ntheta_doc = 0.05\n", encoding="utf-8")  # every identifying value masked
    result = CliRunner().invoke(cli, ["analyze", str(corpus), "--out", str(tmp_path / "out"), "-q", "--config", str(config)])
    assert result.exit_code == 0, result.output
    masked = json.loads((tmp_path / "out" / "masked" / "a.json").read_text(encoding="utf-8"))["content"]
    assert "Harwick" not in masked and "[PROVIDER] staff" in masked


def test_the_town_of_an_address_is_found_where_another_record_names_it_alone_through_the_cli(tmp_path):
    corpus = write_corpus(tmp_path / "in", {
        "a": "Claim form. Address: Zuiderlaan 12, 1234 AB Leiderdam. Physiotherapy for a knee injury.",
        "b": "Forum post: any physio in Leiderdam who does evening slots?",
        "c": "Member called about a dental plan renewal."})
    result = CliRunner().invoke(cli, ["analyze", str(corpus), "--out", str(tmp_path / "out"), "-q"])
    assert result.exit_code == 0, result.output
    towns = [e for e in read_jsonl(tmp_path / "out" / "entities.jsonl") if e["normalized_value"] == "leiderdam"]
    assert len(towns) == 1 and towns[0]["type"] == "LOCATION"
    assert sorted(d.split("|")[0] for d in towns[0]["doc_ids"]) == ["a", "b"]


def test_a_conditions_subtype_names_the_condition_it_ends_with():
    findings = {"a": [ExtractedEntity("X-linked Corvane syndrome", "x-linked corvane syndrome", "MEDICAL_CONDITION", 0.7)],
                "b": [ExtractedEntity("Corvane syndrome", "corvane syndrome", "MEDICAL_CONDITION", 0.75)],
                "c": [ExtractedEntity("type 2 diabetes", "type 2 diabetes", "MEDICAL_CONDITION", 0.55)],
                "d": [ExtractedEntity("diabetes", "diabetes", "MEDICAL_CONDITION", 0.55)],
                "e": [ExtractedEntity("chronic osteomyelitis of the jaw", "osteomyelitis of the jaw", "MEDICAL_CONDITION", 0.7)]}
    assert condition_heads(findings) == 1
    # the subtype's record names the condition too, as written, with that value's relevance
    assert ExtractedEntity("Corvane syndrome", "corvane syndrome", "MEDICAL_CONDITION", 0.75) in findings["a"]
    assert len(findings["b"]) == 1
    # not a condition a large share of all people have: two people's "type 2 diabetes" and
    # "diabetes" are no evidence of one person, and the pair "type 2 diabetes" counts once
    assert len(findings["c"]) == 1
    # only an ending: "osteomyelitis" (not known here) and "jaw" are no conditions of the corpus
    assert len(findings["e"]) == 1


def test_a_subtype_links_to_its_condition_through_the_cli(tmp_path):
    corpus = write_corpus(tmp_path / "in", {
        "a": "Genetics clinic: confirmed X-linked Corvane syndrome, referred to nephrology at Quenby Renal Unit.",
        "b": "Appeal letter: my son has Corvane syndrome and is seen at Quenby Renal Unit every month.",
        "c": "Member asked about a dental plan renewal.",
        "d": "Eye test booked; glasses covered under the vision plan."})
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["analyze", str(corpus), "--out", str(out), "-q"])
    assert result.exit_code == 0, result.output
    entities = {e["entity_id"]: e for e in read_jsonl(out / "entities.jsonl")}
    heads = [e for e in entities.values() if e["normalized_value"] == "corvane syndrome"]
    assert len(heads) == 1 and sorted(d.split("|")[0] for d in heads[0]["doc_ids"]) == ["a", "b"]
    assert json.loads((out / "run.json").read_text())["cross_document"]["condition_heads_added"] == 1
