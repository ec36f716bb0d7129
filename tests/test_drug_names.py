"""Issue 15, vocabulary from maintained sources: drugs, brands and drug classes from the
drug-named-entity-recognition package's dictionary (DrugBank open data, MedlinePlus, MeSH), and
ICD-10-CM categories named by one short word. Every example is invented."""

from __future__ import annotations

import sys

import pytest

from sanon_graph.config import load_settings
from sanon_graph.extract.recognizers import RulesExtractor
from sanon_graph.extract.recognizers.drugs import CLASS_RELEVANCE, drug_names
from sanon_graph.extract.recognizers.gazetteers import gazetteers
from tests.conftest import rules_alone


def found(text: str, preset: str = "health-insurance") -> list[tuple[str, str, str, float]]:
    settings = load_settings(None, {"preset": preset})
    return [(e.original, e.normalized, e.type, e.relevance)
            for e in RulesExtractor(settings.entity_schema, rules_alone(settings.rules)).extract_text(text)]


@pytest.mark.parametrize(("text", "span", "value"), [
    ("The member was prescribed isotretinoin for six months.", "isotretinoin", "isotretinoin"),
    ("She has been on Humira since March.", "Humira", "adalimumab"),
    ("Cimzia was denied as not medically necessary.", "Cimzia", "certolizumab"),
    ("He was started on vedolizumab after the admission.", "vedolizumab", "vedolizumab"),
])
def test_a_drug_or_brand_is_a_treatment_valued_by_its_generic_name(text, span, value):
    assert (span, value, "TREATMENT", 0.65) in found(text)


def test_a_brand_and_its_substance_share_one_value():
    brand = [v for _, v, t, _ in found("Prior authorization for Humira was approved.") if t == "TREATMENT"]
    substance = [v for _, v, t, _ in found("Adalimumab injections continue every two weeks.") if t == "TREATMENT"]
    assert brand == ["adalimumab"] and "adalimumab" in " ".join(substance)


@pytest.mark.parametrize(("text", "span"), [
    # the FDA's four letters after a biological product's name: the value is the name alone
    ("Infusion of vedolizumab-zxqt every eight weeks.", "vedolizumab-zxqt"),
    ("Started Ravulizumab-qpwx, 3 vials.", "Ravulizumab-qpwx"),
])
def test_a_biological_products_suffix_is_masked_and_left_out_of_its_value(text, span):
    name = span.split("-")[0].lower()
    treatments = [(o, v) for o, v, t, _ in found(text) if t == "TREATMENT"]
    assert any(o.startswith(span) and v == name for o, v in treatments), treatments
    # and a record that writes the name alone shares the value
    assert [v for _, v, t, _ in found(f"Switched to {name} last month.") if t == "TREATMENT"] == [name]


@pytest.mark.parametrize("text", [
    "Her disease-free survival and long-term care plan.",
    "Her insulin-like growth factor was low.",  # insulin is a drug, but no biological product's name ends so
    # words after a drug whose dictionary name differs from the word: no drug, and no error
    "Sore arm after the flu vaccine-site injection.",
    "Given activated charcoal-like powder.",
    "Testosterone cypionate-only regimen.",
])
def test_four_letters_after_a_word_that_is_no_biological_product_stay_a_word(text):
    assert not [(o, v) for o, v, t, _ in found(text) if t == "TREATMENT" and "-" in o and "-" not in v]


def test_four_letters_after_a_word_that_is_no_drug_stay_a_word():
    from sanon_graph.extract.recognizers.drugs import without_biologic_suffix
    assert without_biologic_suffix("disease-free") is None and without_biologic_suffix("vedolizumab") is None
    assert without_biologic_suffix("vedolizumab-zxqt") == "vedolizumab"


def test_a_drug_class_is_weaker_evidence():
    result = found("NSAIDs were tried first.")
    assert ("NSAIDs", "anti-inflammatory agents, non-steroidal", "TREATMENT", CLASS_RELEVANCE) in result


@pytest.mark.parametrize("name", ["protein kinase c", "paired box protein pax-6"])
def test_chemistry_headings_are_no_medication(name):
    assert name not in drug_names()


@pytest.mark.parametrize("text", ["Rifampicin 300 mg caps x14, 1 BD.", "The CRNA checked the pump.",
                                  "Buffered in MOPS before the assay."])
def test_a_reagents_short_name_is_no_medication(text):
    # "caps" and "MOPS" name laboratory buffers and "CRNA" complementary RNA in the dictionary;
    # in a record they are a dosage form, a nurse anaesthetist and a lab's word
    assert not [f for f in found(text) if f[0].lower() in {"caps", "crna", "mops"}]


def test_short_names_of_real_drugs_stay():
    assert {"lmwh", "nsaids", "taxol", "rhogam"} <= set(drug_names())


def test_a_drug_name_that_is_also_a_first_name_needs_a_word_of_medication():
    names = drug_names()
    shared = sorted(n for n in names if " " not in n and n in gazetteers().first_names)
    assert shared, "the dictionary has names that are also first names"
    word = shared[0].capitalize()
    assert not [f for f in found(f"{word} called the helpline on Monday.") if f[2] == "TREATMENT"]
    assert [f for f in found(f"The doctor prescribed {word} tablets.") if f[2] == "TREATMENT"]


def test_the_dictionary_is_read_without_importing_the_package():
    # its __init__ loads the dictionary again and reads a cache in the home folder
    assert drug_names()
    assert "drug_named_entity_recognition" not in sys.modules


def test_drugs_belong_to_the_health_insurance_preset():
    assert not [f for f in found("The claimant took isotretinoin.", "legal") if f[2] == "TREATMENT"]


@pytest.mark.parametrize("condition", ["acne", "gout", "mumps"])
def test_an_icd_category_named_by_one_short_word_is_a_condition(condition):
    assert (condition, condition, "MEDICAL_CONDITION") in [f[:3] for f in found(f"History of {condition} since 2019.")]


@pytest.mark.parametrize("word", ["pain", "cough", "blood"])
def test_short_symptoms_and_generic_heads_stay_out(word):
    assert word not in gazetteers().conditions


@pytest.mark.parametrize(("text", "condition"), [
    ("The member has plaque psoriasis on both elbows.", "plaque psoriasis"),
    ("A sibling with sickle-cell anemia was tested.", "sickle-cell anemia"),
    ("Chronic periodontitis was noted at intake.", "periodontitis"),
])
def test_the_names_icd_includes_under_a_code_are_conditions(text, condition):
    assert condition in [f[1] for f in found(text) if f[2] == "MEDICAL_CONDITION"]


@pytest.mark.parametrize("word", ["tiredness", "fecal soiling"])
def test_included_names_of_symptoms_stay_out(word):
    assert word not in gazetteers().conditions
