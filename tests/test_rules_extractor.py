"""The offline rules extractor: every type of the default schema is covered, values are
normalised so variants unify, and every reported original occurs verbatim in the text."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sanon_graph.extract.rules import RulesExtractor
from sanon_graph.redact import occurs_in
from sanon_graph.schema import DEFAULT_TYPES, EntitySchema, EntityType

TEXT = (
    "Patient Henrietta Ezeoke (member ID MBR-55821), a 67-year-old retired firefighter and widowed "
    "female, born on 04/02/1957, lives at 14 Larkspur Lane in Denver. Call 312-555-0147 or write to "
    "h.ezeoke@example.org. Brackenridge Clinic diagnosed rare Erdheim-Chester disease on March 3, 2024 "
    "and started gene therapy; claim CLM-99172 was filed after a car accident. She is the only known "
    "patient in the HALO Heart Study with this diagnosis. Dr. Imogen Reyes signed the report."
)


@pytest.fixture(scope="module")
def extractor():
    return RulesExtractor(EntitySchema())


def found(extractor, text):
    return {(e.type, e.normalized) for e in extractor.extract_text(text)}


def test_every_default_type_is_covered(extractor):
    types = {t for t, _ in found(extractor, TEXT)}
    assert types == set(DEFAULT_TYPES), set(DEFAULT_TYPES) - types


@pytest.mark.parametrize("expected", [
    ("NAME", "henrietta ezeoke"), ("NAME", "imogen reyes"), ("PATIENT_ID", "MBR-55821"),
    ("AGE", "67"), ("INDIRECT_IDENTIFIER", "firefighter"), ("DEMOGRAPHIC", "female"),
    ("BIRTHDATE", "1957-04-02"), ("ADDRESS", "14 larkspur lane"), ("LOCATION", "denver"),
    ("PHONE_NUMBER", "+13125550147"), ("EMAIL", "h.ezeoke@example.org"), ("PROVIDER", "brackenridge clinic"),
    ("MEDICAL_CONDITION", "erdheim-chester disease"), ("EVENT_DATE", "2024-03-03"), ("TREATMENT", "gene therapy"),
    ("NON_PERSONAL_ID", "CLM-99172"), ("EVENT", "car accident"), ("EVENT", "halo heart study"),
])
def test_expected_values(extractor, expected):
    assert expected in found(extractor, TEXT)


@pytest.mark.parametrize("variant", ["11/15/2023", "2023-11-15", "November 15, 2023", "15 November 2023", "Nov. 15, 2023"])
def test_date_variants_unify(extractor, variant):
    assert ("EVENT_DATE", "2023-11-15") in found(extractor, f"The claim was processed on {variant}.")


@pytest.mark.parametrize("text, value", [
    ("a 58-year-old participant", "58"), ("aged 58 at enrolment", "58"), ("58 years old", "58"),
    ("patients aged 16-25", "16-25"), ("the age 50+ subgroup", "50+"),
])
def test_age_variants(extractor, text, value):
    assert ("AGE", value) in found(extractor, text)


def test_identifier_context_decides_the_type(extractor):
    assert ("PATIENT_ID", "PX-436185") in found(extractor, "one participant (patient ID PX-436185) needed more")
    assert ("NON_PERSONAL_ID", "PX-436185") in found(extractor, "policy update PX-436185 takes effect")


def test_ordinary_words_are_not_identifiers(extractor):
    values = found(extractor, "A 58-year-old with COVID-19 and a 2019-2021 history; codes 4400-4500 apply.")
    assert not any(t in ("PATIENT_ID", "NON_PERSONAL_ID") for t, _ in values)


def test_schema_without_a_type_gets_no_values_of_it():
    schema = EntitySchema(types={"EMAIL": EntityType(weight=0.8)})
    types = {e.type for e in RulesExtractor(schema).extract_text(TEXT)}
    assert types == {"EMAIL"}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(TEXT.split()), min_size=3, max_size=40))
def test_reported_originals_occur_verbatim(words):
    # Shuffled fragments of a rich text: whatever is reported must be findable by the redaction matcher.
    text = " ".join(words)
    for e in RulesExtractor(EntitySchema()).extract_text(text):
        assert e.original in text and occurs_in(text, e.original)
        assert 0.0 <= e.relevance <= 1.0


def test_accented_names_are_whole(extractor):
    values = found(extractor, "Specialist Dr. Chloë Núñez-Ortega reviewed the file with nurse Łukasz Brzęczek.")
    assert ("NAME", "chloë núñez-ortega") in values


@pytest.mark.parametrize("text, expected", [
    # at most two modifiers on a condition and one on a treatment: shorter values match across
    # documents more often, which is what links them (measured on thesis-dev)
    ("diagnosed with early-onset macular degeneration last year", ("MEDICAL_CONDITION", "macular degeneration")),
    ("after a complex ankle fracture", ("MEDICAL_CONDITION", "complex ankle fracture")),
    ("scheduled for mitral valve repair", ("TREATMENT", "valve repair")),
    ("switched to methotrexate", ("TREATMENT", "methotrexate")),
    ("referred to Westlake Oncology for review", ("PROVIDER", "westlake oncology")),
    ("covered by Blue Mesa Health Plans", ("PROVIDER", "blue mesa health plans")),
    ("moved to Olympia, WA in spring", ("LOCATION", "olympia")),  # the town's value, its code masked with it
    ("admitted 09/12/2022-10/04/2022 for rehab", ("EVENT_DATE", "2022-09-12/2022-10-04")),
    ("enrolled 2019-2021 in the registry", ("EVENT_DATE", "2019/2021")),
])
def test_more_shapes(extractor, text, expected):
    assert expected in found(extractor, text)


def test_identifier_shapes_without_separators_and_cued_digit_ranges(extractor):
    got = found(extractor, "Claim for patient #72K4W8N3 and member K7T28M; see ID#6139-2847 and codes 4400-4500.")
    assert {("PATIENT_ID", "72K4W8N3"), ("PATIENT_ID", "K7T28M"), ("PATIENT_ID", "6139-2847")} <= got
    assert not any(v == "4400-4500" for _, v in got)  # a range without an "ID"/"#" cue is not an identifier
    assert not found(extractor, "COVID19 raised HBA1C tests.") & {("NON_PERSONAL_ID", "COVID19"),
                                                                 ("NON_PERSONAL_ID", "HBA1C")}


def test_names_with_initials(extractor):
    got = found(extractor, "Patient Philippa Q. Lindgren met Genevieve V. in Loveland.")
    assert {("NAME", "philippa q. lindgren"), ("NAME", "genevieve v.")} <= got


def test_an_identifier_right_after_a_name_is_the_persons(extractor):
    # no "patient" or "member" before it: the name is the context
    assert ("PATIENT_ID", "PA-7315-RD") in found(extractor, "Claim submitted for Lincoln Brar (ID# PA-7315-RD) today.")
    assert ("PATIENT_ID", "PA-7315-RD") in found(extractor, "Research note: Participant PA-7315-RD responded.")
    # the same shape after a facility, or far from the name, stays a case number
    assert ("NON_PERSONAL_ID", "AB-2231") in found(extractor, "Brookvale Clinic (ID# AB-2231) filed it.")
    assert ("NON_PERSONAL_ID", "AB-2231") in found(extractor, "Lincoln Brar said the audit reference was AB-2231.")
    assert ("NON_PERSONAL_ID", "NCT05318946") in found(extractor, "Lincoln Brar (NCT05318946) enrolled.")


def test_study_identifiers_are_weaker_than_a_persons_number(extractor):
    by_value = {e.normalized: e for e in extractor.extract_text(
        "Enrolled in NCT05318946 and later in the CARES-2 trial; claim CLM-99172 was paid.")}
    assert by_value["NCT05318946"].type == by_value["CARES-2"].type == "NON_PERSONAL_ID"
    # a public registry number or a named study is shared by every participant
    assert by_value["NCT05318946"].relevance == by_value["CARES-2"].relevance < by_value["CLM-99172"].relevance


def test_places_and_function_words_are_not_medical_terms(extractor):
    values = found(extractor, "Coordination with the rheumatology dept at Tacoma General was noted. Patients "
                              "reported a better understanding of medication timing.")
    assert ("MEDICAL_CONDITION", "tacoma") not in values  # a city that ends in -oma
    assert not any(v.startswith("of ") for _, v in values)


def test_procedures_drugs_and_plural_gazetteer_terms(extractor):
    values = found(extractor, "After a thyroidectomy and L4-L5 microdiscectomy she took levetiracetam and "
                              "lacosamide; cardiac arrhythmias and multiple injuries were noted.")
    assert {("TREATMENT", "thyroidectomy"), ("TREATMENT", "microdiscectomy"), ("TREATMENT", "levetiracetam"),
            ("TREATMENT", "lacosamide")} <= values
    # the plural names the gazetteer's term, so both spellings are one value
    assert ("MEDICAL_CONDITION", "cardiac arrhythmia") in values
    assert ("MEDICAL_CONDITION", "cardiac arrhythmia") in found(extractor, "A cardiac arrhythmia was seen.")
    # a bare generic head is no value, and a spinal level is no identifier
    assert not any(v in ("injury", "injuries") for _, v in values)
    assert not any(t in ("PATIENT_ID", "NON_PERSONAL_ID") for t, _ in values)
