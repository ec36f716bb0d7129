"""Forms of personnel files the rules missed or misread (issue 15, found on the HR training sets
examples/hr_train, written at stop 37): amounts in other dollars and currency codes, a form's
age in a column or another language, a person's field with the surname in capitals or a name's
parts in fields of their own, companies by their legal form, departments by what they do, and a
form's labels that the NER model read as places. Every example is invented."""

from __future__ import annotations

import subprocess
import sys

import pytest

from sanon_graph.config import load_settings
from sanon_graph.eval.spans import read_gold
from sanon_graph.extract.recognizers import RulesExtractor
from sanon_graph.ingest import read_corpus
from tests.conftest import ROOT


def found(text: str, preset: str = "hr") -> list[tuple[str, str, str]]:
    settings = load_settings(None, {"preset": preset})
    extractor = RulesExtractor(settings.entity_schema, settings.rules)
    extractor.prepare([text])  # the NER model reads the text first, as analyze does
    return [(e.original, e.type, e.normalized) for e in extractor.extract_text(text)]


@pytest.mark.parametrize(("text", "span", "value"), [
    ("Monthly base salary: HK$92,000 from April.", "HK$92,000", "HKD 92000"),
    ("Currently S$14,200 a month.", "S$14,200", "SGD 14200"),
    ("A relocation allowance of A$1,200 and NZ$80.", "A$1,200", "AUD 1200"),
    ("Housing allowance: HKD 38,000 a month.", "HKD 38,000", "HKD 38000"),
    ("Approved SGD 4,610.20, excess borne by the employee.", "SGD 4,610.20", "SGD 4610.20"),
    ("Billed 4.610,20 SGD in total.", "4.610,20 SGD", "SGD 4610.20"),
    ("The COLA (6 500 kr) stops during the leave.", "6 500 kr", "KRONER 6500"),
])
def test_amounts_in_other_dollars_and_currency_codes(text, span, value):
    assert any(o == span and v == value for o, t, v in found(text) if t in ("SALARY", "MONEY")), found(text)


@pytest.mark.parametrize(("text", "age"), [
    ("Date of birth: 22/08/1987      Age: 38\nNI number: on file", "38"),
    ("Name: on file\tAge: 41\tGrade: B", "41"),
    ("Functie: analist\nLeeftijd:             29\nAdres: on file", "29"),
    ("Nome: on file\nEtà: 44\n", "44"),
])
def test_an_age_in_a_column_or_another_language(text, age):
    assert (age, "AGE") in {(v, t) for _, t, v in found(text)}


@pytest.mark.parametrize("text", ["Retirement age: 67", "Gestational age: 32 weeks", "Ward 3  Age: 6 months"])
def test_ages_that_are_no_persons_age_stay_out(text):
    assert [t for _, t, _ in found(text) if t == "AGE"] == []


@pytest.mark.parametrize(("text", "span", "value"), [
    ("Employee: Adaeze NWACHUKWU      Staff no: BFS-318850", "Adaeze NWACHUKWU", "adaeze nwachukwu"),
    ("Surname: TEWHARE        Given names: Tāmati\nDate of injury: 19/08/2025", "TEWHARE", "tewhare"),
    ("Surname: TEWHARE        Given names: Tāmati\nDate of injury: 19/08/2025", "Tāmati", "tāmati"),
    ("Nachname: Müller\nVorname: Hans-Peter\n", "Hans-Peter", "hans-peter"),
    ("As we discussed after my appointment with Dr NicLeòid, please", "Dr NicLeòid", "dr nicleòid"),
])
def test_names_in_a_persons_field_and_in_fields_of_their_own(text, span, value):
    assert (span, "NAME", value) in found(text)


@pytest.mark.parametrize("text", ["Member: Gold PPO, employer group", "Employee: Payroll SERVICES", "Surname: N/A"])
def test_fields_that_hold_no_name(text):
    assert [o for o, t, _ in found(text) if t == "NAME"] == []


@pytest.mark.parametrize(("text", "company"), [
    ("Vandewalle Pharma NV – Speak-Up channel", "Vandewalle Pharma NV"),
    ("Assigned to Skogberg Engineering Sverige AB (Göteborg).", "Skogberg Engineering Sverige AB"),
    ("Training by Formazione Veneta Srl, six hours.", "Formazione Veneta Srl"),
    ("The driver was supplied by Poniente Temporal ETT.", "Poniente Temporal ETT"),
    ("Marcus DeLuca\nBrightquill Software, Inc. | (206) 555-0110", "Brightquill Software, Inc"),
    ("Galtymore Community Credit Union Limited\nUnit 3", "Galtymore Community Credit Union Limited"),
    ("Super fund: Stringybark Pty Ltd, member no. 7041", "Stringybark Pty Ltd"),
    ("I am the HR coordinator at Quincaillerie Bélanger-Roy inc. in Laval, QC.", "Quincaillerie Bélanger-Roy inc"),
    ("Les Entreprises Tremblay ltée a écrit.", "Les Entreprises Tremblay ltée"),
])
def test_companies_by_their_legal_form(text, company):
    assert (company, "ORGANISATION") in {(o, t) for o, t, _ in found(text)}


def test_a_comma_before_the_form_is_the_same_company():
    values = {v for _, t, v in found("Brightquill Software, Inc. and Brightquill Software Inc. agreed.") if t == "ORGANISATION"}
    assert values == {"brightquill software inc"}, values


@pytest.mark.parametrize("text", ["He moved to Reno, NV last year.", "Calgary AB is cold.", "SUCH AS THESE"])
def test_a_states_code_is_no_legal_form(text):
    assert [o for o, t, _ in found(text) if t == "ORGANISATION"] == []


@pytest.mark.parametrize(("text", "department"), [
    ("Kim Oanh\nBenefits Specialist, People Operations", "People Operations"),
    ("Senior Payroll Specialist, Finance – Payroll\n", "Finance – Payroll"),
    ("Prepared by: Payroll (Finance & Operations)     Run: P52", "Finance & Operations"),
    ("Current employment: Senior Backend Engineer, Platform Engineering (remote team)", "Platform Engineering"),
    ("Functie: QC Analyst II – QC Microbiology (since 01/07/2025)", "QC Microbiology"),
    ("The investigation carried out by Loss Prevention found nothing.", "Loss Prevention"),
    ("Reparto: Modelleria / Ufficio Prodotto Uomo", "Reparto: Modelleria"),
])
def test_departments_by_what_they_do(text, department):
    assert (department, "DEPARTMENT") in {(o, t) for o, t, _ in found(text)}


@pytest.mark.parametrize("text", [
    "Esito: positivo\nPuesto: coordinadora",
    "Software Engineer II | Employee ID LF-04731",
    "Best regards,\nAisyah",
])
def test_a_forms_labels_and_a_greeting_are_no_places(text):
    assert [o for o, t, _ in found(text) if t == "LOCATION"] == []


@pytest.mark.parametrize("corpus", ["set_a", "set_b"])
def test_the_hr_training_sets_are_what_build_makes_of_their_sources(corpus):
    folder = ROOT / "examples" / "hr_train" / corpus
    done = subprocess.run([sys.executable, str(folder / "build.py"), "--check"], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    contents = {d.source_id: d.content for d in read_corpus(folder / "documents").documents}
    gold = read_gold(folder / "gold_spans.jsonl", contents)  # checks every span's text against its document
    assert set(gold) == set(contents) and sum(len(s) for s in gold.values()) >= 500


@pytest.mark.parametrize(("text", "span", "value"), [
    ("ALB-07342 | ORDUÑA ESTEVE, JUAN CARLOS | Carretillero | 21.640,00 |", "ORDUÑA ESTEVE, JUAN CARLOS",
     "juan carlos orduña esteve"),
    ("| Bernabéu Roig, Lucía | 38 |", "Bernabéu Roig, Lucía", "lucía bernabéu roig"),
])
def test_a_name_surname_first_in_a_tables_cell(text, span, value):
    assert (span, "NAME", value) in found(text)


@pytest.mark.parametrize("text", ["| Claims, Appeals | Total |", "| TOTAL, GROSS | 5 |"])
def test_a_tables_words_are_no_name(text):
    assert [o for o, t, _ in found(text) if t == "NAME"] == []


@pytest.mark.parametrize(("text", "value"), [
    ("Nine days of sick leave with dengue fever.", "dengue fever"),  # ICD-10-CM: "Dengue fever [classical dengue]"
    ("She has systemic sclerosis.", "systemic sclerosis"),  # "Systemic sclerosis [scleroderma]"
])
def test_a_condition_icd_names_with_a_note_in_brackets(text, value):
    assert value in {v for _, t, v in found(text) if t == "MEDICAL_CONDITION"}


@pytest.mark.parametrize(("text", "number"), [
    ("Preferred contact: 0478 63 20 91 (private)", "0478 63 20 91"),
    ("Her Swedish mobile is 070-642 17 38; the office one is on file.", "070-642 17 38"),
])
def test_national_numbers_written_in_pairs_after_a_group(text, number):
    assert (number, "PHONE_NUMBER") in {(o, t) for o, t, _ in found(text)}


@pytest.mark.parametrize("text", ["Dates 12.04.2025 and 01.02.03 are on file.", "Invoice 2024 0012 34 56 paid."])
def test_dates_and_codes_are_no_phone_numbers(text):
    assert [o for o, t, _ in found(text) if t == "PHONE_NUMBER"] == []


@pytest.mark.parametrize(("text", "name"), [
    ("Treating doctor: Ānaru Tawhiri\nPhysiotherapist: Callum MacLeod", "Ānaru Tawhiri"),
    ("Case manager: Joanne Nguyễn, Seaward Return to Work", "Joanne Nguyễn"),
    ("Prepared by: Rosa Llorens Pastor\nDate: 12.06.2025", "Rosa Llorens Pastor"),
    ("Contact: Emer Mulholland    Phone: on file", "Emer Mulholland"),
])
def test_a_field_for_a_person_by_their_part_holds_a_name_of_any_origin(text, name):
    assert (name, "NAME") in {(o, t) for o, t, _ in found(text)}


@pytest.mark.parametrize("text", [
    "Prepared by: Payroll Shared Services", "Approved by: Human Resources", "Doctor: Mercy Hospital",
])
def test_a_field_for_a_person_holding_a_body_or_a_place_is_no_name(text):
    assert [o for o, t, _ in found(text) if t == "NAME"] == []
