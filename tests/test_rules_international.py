"""International forms the rules extractor reads (issue 15, item 5): names with particles and
non-ASCII letters, international and national phone numbers, European addresses, day-first
dates (with ambiguous dates kept as written, never guessed), job titles that are no places.
Every example is invented."""

from __future__ import annotations

import pytest

from sanon_graph.config import load_settings
from sanon_graph.extract.recognizers import RecognizerSettings, RulesExtractor
from sanon_graph.models import Document
from sanon_graph.normalize import is_ambiguous_date
from sanon_graph.schema import EntitySchema

PRESETS = ("health-insurance", "legal", "hr")


def extractor(preset: str = "health-insurance", **rules) -> RulesExtractor:
    settings = load_settings(None, {"preset": preset})
    return RulesExtractor(settings.entity_schema, settings.rules.model_copy(update=rules))


def found(text: str, preset: str = "health-insurance", **rules) -> list[tuple[str, str, str]]:
    return [(e.original, e.normalized, e.type) for e in extractor(preset, **rules).extract_text(text)]


NAMES = [  # text, the span masked, the value (a title of office is masked with the name, not part of its value)
    ("Siobhán O'Neill phoned the office on Monday.", "Siobhán O'Neill", "siobhán o'neill"),
    ("The letter from Jean-Luc Dubois arrived late.", "Jean-Luc Dubois", "jean-luc dubois"),
    ("The expert report by Prof. Dr. Hans-Peter Müller was read out.", "Prof. Dr. Hans-Peter Müller", "hans-peter müller"),
    ("Mary van der Berg attended the hearing.", "Mary van der Berg", "mary van der berg"),
    ("Notes of the meeting with Zoë Nørgaard-Lund were filed.", "Zoë Nørgaard-Lund", "zoë nørgaard-lund"),
    ("Dr. Ana de la Cruz signed the form.", "Dr. Ana de la Cruz", "ana de la cruz"),
]


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize(("text", "name", "value"), NAMES)
def test_international_names_are_names_not_places(text, name, value, preset):
    # names as names: a "Dr." is a clinician in the health-insurance preset (test_clinicians.py)
    result = found(text, preset, clinician_type="NAME")
    assert (name, value, "NAME") in result
    assert not [r for r in result if r[2] == "LOCATION" and r[0] in name]


PHONES = [
    # (text, regions, expected original, expected normalised)
    ("Call +31 (0)20 555 0123 after nine.", (), "+31 (0)20 555 0123", "+31205550123"),
    ("Mobile: 0033 6 12 34 56 78.", (), "0033 6 12 34 56 78", "+33612345678"),
    ("Office 020 555 0123, ask for the desk.", ("NL",), "020 555 0123", "+31205550123"),
    ("Office 020 555 0123, ask for the desk.", (), "020 555 0123", "0205550123"),  # no region: as written
    ("Mobile 06 12 34 56 78 in the evening.", ("FR",), "06 12 34 56 78", "+33612345678"),
    # valid in France and in the Netherlands: which country is not ours to guess
    ("Mobile 06 12 34 56 78 in the evening.", ("FR", "NL"), "06 12 34 56 78", "0612345678"),
]


@pytest.mark.parametrize(("text", "regions", "original", "normalized"), PHONES)
def test_phone_numbers_in_international_forms(text, regions, original, normalized):
    assert (original, normalized, "PHONE_NUMBER") in found(text, phone_regions=list(regions))


def test_a_national_number_unifies_with_its_international_form_given_the_region():
    ex = extractor("health-insurance", phone_regions=["NL"])
    a = ex.extract_text("Reach her on +31 20 555 0123.")
    b = ex.extract_text("Reach her on 020 555 0123.")
    assert [e.normalized for e in a if e.type == "PHONE_NUMBER"] == [e.normalized for e in b if e.type == "PHONE_NUMBER"]


ADDRESSES = [  # text, the address, the town it ends with
    ("The applicant lives at Keizersgracht 123, 1015 CJ Amsterdam since May.", "Keizersgracht 123, 1015 CJ Amsterdam",
     "Amsterdam"),
    ("Her flat at 22 Rue des Lilas, 69003 Lyon was searched.", "22 Rue des Lilas, 69003 Lyon", "Lyon"),
    ("He moved to Lindenstraße 8, 10117 Berlin last year.", "Lindenstraße 8, 10117 Berlin", "Berlin"),
    ("Post went to Via Garibaldi 14, 20121 Milano instead.", "Via Garibaldi 14, 20121 Milano", "Milano"),
    ("The shop at 7 Avenue de la Gare was closed.", "7 Avenue de la Gare", None),
    # a street or town that starts with a letter beyond ASCII, Norwegian "-gaten", a building
    # and flat number, a Polish postcode (stop 29)
    ("The applicant lives at Øvregaten 2a, 5003 Bergen now.", "Øvregaten 2a, 5003 Bergen", "Bergen"),
    ("The flat at ul. Marszałkowska 84/92, 00-514 Warszawa was searched.", "ul. Marszałkowska 84/92, 00-514 Warszawa",
     "Warszawa"),
    ("He lived at 14 Atatürk Boulevard for a year.", "14 Atatürk Boulevard", None),
    ("Elle habitait 12 rue d'Évreux, 75008 Paris.", "12 rue d'Évreux, 75008 Paris", "Paris"),
    # (stop 47) a German street kind as a word of its own, and a street of any name when a
    # postcode and a town follow it (Czech, German)
    ("Letters go to Lindenauer Weg 7, 04177 Leipzig now.", "Lindenauer Weg 7, 04177 Leipzig", "Leipzig"),
    ("She lives at Nádražní 1234/5, 602 00 Brno with him.", "Nádražní 1234/5, 602 00 Brno", "Brno"),
    ("Praxis: Am Markt 3, 04109 Leipzig.", "Am Markt 3, 04109 Leipzig", "Leipzig"),
]


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize(("text", "address", "town"), ADDRESSES)
def test_european_addresses(text, address, town, preset):
    result = found(text, preset)
    assert [r for r in result if r[2] == "ADDRESS"][0][0] == address
    assert not [r for r in result if r[2] == "NAME"], result
    # the town is a place of its own beside the address that masks it (stop 42): another record
    # of the person names the town alone
    assert [r[0] for r in result if r[2] == "LOCATION"] == ([town] if town else []), result


ADDRESSES_AS_WRITTEN_ELSEWHERE = [  # (stop 36) text, the address masked whole, its value (the street)
    # a unit before the house, as Australia and New Zealand write it
    ("Address: 7/22 Matai Crescent, Awapuni", "7/22 Matai Crescent", "7 22 matai crescent"),
    # the street's kind first, as in the Spanish names of American streets; the town, state and ZIP after it
    ("Lucia Vega (mother)\n2290 W. Calle Ormsby, Prescott AZ 86301 - (928) 555-0147",
     "2290 W. Calle Ormsby, Prescott AZ 86301", "2290 w calle ormsby"),
    # a British street with the town and postcode after it
    ("NHS No. 485 210 9371, 14 Thornfield Close, Alfreton DE55 4QT\nThank you", "14 Thornfield Close, Alfreton DE55 4QT",
     "14 thornfield close"),
]


@pytest.mark.parametrize(("text", "address", "value"), ADDRESSES_AS_WRITTEN_ELSEWHERE)
def test_addresses_with_units_street_kinds_first_and_postcodes(text, address, value):
    assert (address, value, "ADDRESS") in found(text)
    # no part of the street is a name or a place of its own ("Calle Ormsby" is no person); the
    # town after it is a place (stop 42)
    street = address.split(",")[0]
    assert not [r for r in found(text) if r[2] in ("NAME", "LOCATION") and r[0] in street]


@pytest.mark.parametrize(("text", "address", "value"), [
    # (stop 47) a suburb the gazetteer does not know before a known city, a village before a
    # postcode, a town before its state's code and postcode, a town and a county with its Eircode
    ("Address: 7/22 Matai Crescent, Roslyn, Palmerston North.", "7/22 Matai Crescent, Roslyn, Palmerston North",
     "7 22 matai crescent"),
    ("Home: 8 Wheelwright Lane, Bramhope, LS16 9AB.", "8 Wheelwright Lane, Bramhope, LS16 9AB", "8 wheelwright lane"),
    ("Postal: 57 Bargara Rd, Kepnock QLD 4670.", "57 Bargara Rd, Kepnock QLD 4670", "57 bargara road"),
    ("Home: 3 Mill Terrace, Kilkenny, Co. Kilkenny R95 X2KT.", "3 Mill Terrace, Kilkenny, Co. Kilkenny R95 X2KT",
     "3 mill terrace"),
])
def test_a_street_address_takes_in_the_places_after_it(text, address, value):
    assert (address, value, "ADDRESS") in found(text)


@pytest.mark.parametrize(("text", "address", "value"), [
    # (stop 57) a street with no kind word (Welsh, Irish), with particles, before a postcode: the
    # postcode says it is an address, so the whole run back to the house number is one
    ("Home: 6 Heol y Felin, Llanrug, Caernarfon LL55 4PQ", "6 Heol y Felin, Llanrug, Caernarfon LL55 4PQ",
     "6 heol y felin llanrug caernarfon ll55 4pq"),
    ("Address: 9 Ard Mhuire, Buncrana, Co. Donegal F93 K2XR.", "9 Ard Mhuire, Buncrana, Co. Donegal F93 K2XR",
     "9 ard mhuire buncrana co donegal f93 k2xr"),
    ("Flat 3, 41 Bóthar an Chnoic, Oranmore H91 T6WC", "Flat 3, 41 Bóthar an Chnoic, Oranmore H91 T6WC",
     "flat 3 41 bóthar an chnoic oranmore h91 t6wc"),
    # particles inside a street with its kind; a town and a postcode of four digits (no year), a
    # state's code and ZIP after a town the gazetteer knows
    ("Postal: 12 Pieter van der Merwe Street, Worcester, 6850", "12 Pieter van der Merwe Street, Worcester, 6850",
     "12 pieter van der merwe street"),
    ("Lives at 18 Kowhai Street, Tapanui 9522.", "18 Kowhai Street, Tapanui 9522", "18 kowhai street"),
    ("Mail: 702 E 14th St, Kingsville, TX 78363", "702 E 14th St, Kingsville, TX 78363", "702 e 14th street"),
    ("Injured at the depot, 4410 Rushwood Pike. Husband present.", "4410 Rushwood Pike", "4410 rushwood pike"),
    # no house number at all after a word that says an address follows, as rural addresses are written
    ("Address: Knocknagree, Kilmore, Co. Wexford Y35 K2P8\nGP: Dr Ryan", "Knocknagree, Kilmore, Co. Wexford Y35 K2P8",
     "knocknagree kilmore co wexford y35 k2p8"),
    ("Her address is Drumbeg, Lairg IV27 4NW. My number is below.", "Drumbeg, Lairg IV27 4NW", "drumbeg lairg iv27 4nw"),
])
def test_a_whole_address_as_other_countries_write_it(text, address, value):
    result = found(text)
    assert (address, value, "ADDRESS") in result
    # no word of the street is a person or a place of its own ("Ard Mhuire" is no one)
    assert not [r for r in result if r[2] in ("NAME", "LOCATION") and r[0] in address.split(",")[0]]


@pytest.mark.parametrize(("text", "address"), [
    ("Seen 12 March, Leeds LS1 4AP.", "Leeds LS1 4AP"),  # a date before the town, no house
    ("Lives at 23 Gore Street, Leeds, 2019 was the year.", "23 Gore Street, Leeds"),  # a year, no postcode
    # (a reviewer's) a label's number, a filler word, an amount or a time after the town
    ("Type 2 Diabetes, Leeds LS1 4AP clinic", "Leeds LS1 4AP"),
    ("Ref 55102 Smith Claim, Leeds LS1 4AP", "Leeds LS1 4AP"),
    ("Address: Same As Above, Leeds LS1 4AP", "Leeds LS1 4AP"),
    ("Moved to 14 Oak Street, Springfield 1200 mg daily.", "14 Oak Street, Springfield"),
])
def test_a_date_or_a_year_is_no_part_of_an_address(text, address):
    assert [r[0] for r in found(text) if r[2] == "ADDRESS"] == [address]


def test_an_address_takes_in_no_other_value_and_no_record_number_is_a_street():
    result = found("Met at 12 Elm Road, Dr Ray Lim, Leeds.")
    assert ("12 Elm Road", "12 elm road", "ADDRESS") in result
    assert not [r for r in found("Claim 4471, 2301 Leiden office.") + found("Invoice 2024, 10117 Berlin.")
                if r[2] == "ADDRESS"]


def test_the_town_after_a_street_address_is_a_place_of_its_own():
    result = found("Write to 42 Elm Ct, Kettleby, OH 43001 before May.")
    assert ("42 Elm Ct, Kettleby, OH 43001", "42 elm court", "ADDRESS") in result
    assert [(r[1], r[2]) for r in result if r[2] == "LOCATION"] == [("kettleby", "LOCATION")]


@pytest.mark.parametrize(("text", "span", "kind", "value"), [
    ("Pt female, 58 y, ZIP 85719. Allergy: sulfa.", "85719", "ADDRESS", "85719"),
    ("zip code: 60302-1142 on file", "60302-1142", "ADDRESS", "60302"),
    # a ZIP code after a town and its state is masked with them; the value stays the town
    ("ship to patient home, Oak Park IL 60302, administered", "Oak Park IL 60302", "LOCATION", "oak park"),
])
def test_a_zip_code_is_masked(text, span, kind, value):
    assert (span, value, kind) in found(text)


@pytest.mark.parametrize(("text", "place", "town", "zip_code", "zip_value"), [
    ("Patient location: Bemidji, MN 56601 | Payer: Keystone", "Bemidji, MN 56601", "bemidji", "56601", "56601"),
    ("Ship to: Mitchell, SD 57301-1234", "Mitchell, SD 57301-1234", "mitchell", "57301-1234", "57301"),
    # a Canadian postcode, an Australian one after its state's code
    ("Mailing address: Red Deer AB T4N 5E7", "Red Deer AB T4N 5E7", "red deer", "T4N 5E7", "t4n5e7"),
    ("Yamba NSW 2464\nMembership No: 4471", "Yamba NSW 2464", "yamba", "2464", "2464"),
    # Australia's codes that are also Washington's and the Northwest Territories'
    ("Ship to: Bunbury WA 6230", "Bunbury WA 6230", "bunbury", "6230", "6230"),
    ("Nhulunbuy NT 0880 office", "Nhulunbuy NT 0880", "nhulunbuy", "0880", "0880"),
])
def test_a_zip_code_after_a_town_is_an_address_inside_the_place(text, place, town, zip_code, zip_value):
    # (stop 57) the town is a place masked where the risk calls for it; the ZIP code is a direct
    # identifier (HIPAA's Safe Harbor removes it), always masked
    result = found(text)
    assert (place, town, "LOCATION") in result
    assert (zip_code, zip_value, "ADDRESS") in result


def test_an_address_as_a_claim_system_prints_it_in_capitals():
    # (stop 57) the street with its kind in capitals, the town, the state's code and the ZIP code
    # on the next line: the town a place, the ZIP code an address inside it
    result = found("CLMT ADDR:  4106 OLD TANNERY BLVD APT 4\n           MAPLEFORD TN 38401\nCLMT PH:")
    assert ("4106 OLD TANNERY BLVD APT 4", "4106 old tannery boulevard apartment 4", "ADDRESS") in result
    assert ("MAPLEFORD TN 38401", "mapleford", "LOCATION") in result
    assert ("38401", "38401", "ADDRESS") in result
    assert ("KELVIN GROVE QLD 4059", "kelvin grove", "LOCATION") in found("Unit 4/22 Sylvan Rd\nKELVIN GROVE QLD 4059")


@pytest.mark.parametrize("text", ["SEEN 12 TIMES DR SMITH", "CLAIM NO TX 77001", "REVIEWED BY CLAIMS TX 77001",
                                  "Medtronic 780G Closed Loop pump"])
def test_a_doctor_or_a_forms_words_in_capitals_are_no_address_or_town(text):
    assert not [r for r in found(text) if r[2] in ("ADDRESS", "LOCATION")]


def test_the_zip_code_of_a_street_addresss_town_is_no_second_address():
    result = found("Write to 42 Elm Ct, Kettleby, OH 43001 before May.")
    assert [r[0] for r in result if r[2] == "ADDRESS"] == ["42 Elm Ct, Kettleby, OH 43001"]


def test_fractions_and_dates_are_no_units_of_an_address():
    assert not [r for r in found("Dose 1/2 tab twice daily; seen 3/15 Smith and Jones clinic.") if r[2] == "ADDRESS"]


DATES = [
    # (text, date_order, expected normalised value of the first numeric date)
    ("Seen on 12/03/2024.", "MDY", "2024-12-03"),
    ("Seen on 12/03/2024.", "DMY", "2024-03-12"),
    ("Seen on 25/03/2024.", "MDY", "2024-03-25"),  # 25 cannot be a month, whatever the order
    ("Seen on 03/25/2024.", "DMY", "2024-03-25"),
    ("Seen on 12/03/2024.", "auto", "12/03/2024"),  # no evidence: kept as written
    ("Seen on 12/03/2024, again on 25/03/2024.", "auto", "2024-03-12"),  # the document is day-first
    ("Seen on 12/03/2024, again on 03/25/2024.", "auto", "2024-12-03"),  # the document is month-first
    ("Seen on 12/03/2024, then 25/03/2024 and 03/25/2024.", "auto", "12/03/2024"),  # both ways: no guess
    ("Seen on 05/05/2024.", "auto", "2024-05-05"),  # either reading is the same day
    ("Seen on 12.03.24.", "DMY", "2024-03-12"),
]


@pytest.mark.parametrize(("text", "order", "normalized"), DATES)
def test_numeric_dates_follow_the_date_order(text, order, normalized):
    dates = [r for r in found(text, date_order=order) if r[2] in ("EVENT_DATE", "BIRTHDATE")]
    assert dates[0][1] == normalized


def test_an_ambiguous_date_never_collides_with_an_unambiguous_one():
    ex = extractor(date_order="auto")
    ambiguous = ex.extract_text("Paid on 04/05/2024.")[0].normalized
    assert is_ambiguous_date(ambiguous)
    assert ambiguous not in {"2024-04-05", "2024-05-04"}
    # the same ambiguous date written twice still unifies
    assert ex.extract_text("Refund of 04.05.2024 confirmed.")[0].normalized == ambiguous


def test_auto_date_order_learns_from_the_corpus_when_a_document_has_no_evidence():
    schema = EntitySchema()
    ex = RulesExtractor(schema, RecognizerSettings(date_order="auto"))
    docs = [Document("a", "a", "Visit on 25/03/2024.", "a.json", 0), Document("b", "b", "Visit on 12/03/2024.", "b.json", 0)]
    out = ex.extract(docs)
    assert [e.normalized for e in out["b"]] == ["2024-03-12"]
    mixed = docs + [Document("c", "c", "Visit on 03/25/2024.", "c.json", 0)]
    out = ex.extract(mixed)
    assert [e.normalized for e in out["b"]] == ["12/03/2024"]  # the corpus says both: no guess


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("title", ["Compliance Officer", "Finance Director", "Data Protection Officer"])
def test_job_titles_are_not_locations(title, preset):
    result = found(f"The {title} reviewed the file with the {title.split()[-1]}.", preset)
    assert not [r for r in result if r[2] == "LOCATION"], result


def test_the_hr_preset_reports_job_titles_as_roles():
    result = found("She was promoted to Senior Payroll Officer in the Finance Department.", "hr")
    assert ("Senior Payroll Officer", "senior payroll officer", "ROLE") in result
    assert ("Finance Department", "finance department", "DEPARTMENT") in result


def hr_found(text: str) -> list[tuple[str, str, str]]:
    settings = load_settings(None, {"preset": "hr"})
    return [(e.original, e.normalized, e.type) for e in RulesExtractor(settings.entity_schema, settings.rules).extract_text(text)]


@pytest.mark.parametrize(("text", "span"), [
    ("Employee ID: EMP-20931, Department: Logistics, Grade: B4.", "Department: Logistics"),
    ("Department: Logistics.", "Department: Logistics"),
    ("She moved to the Logistics Department in 2020.", "Logistics Department"),
    ("He works in the Department of Logistics.", "Department of Logistics"),
    ("The Department of Logistics handles shipping.", "Department of Logistics"),
])
def test_a_department_has_one_value_in_a_field_and_in_a_sentence(text, span):
    # the word for a department stays in the value and the field's name in the span, so the
    # recurrence pass never looks for an ordinary word ("Emergency", "Legal") alone
    assert [(o, n) for o, n, t in hr_found(text) if t == "DEPARTMENT"] == [(span, "logistics department")]


@pytest.mark.parametrize("text", ["Department: None", "Department: N/A", "Team: Management", "Unit: Kg",
                                  "Department: Same as above"])
def test_an_empty_field_or_another_field_is_no_department(text):
    assert not [f for f in hr_found(text) if f[2] == "DEPARTMENT"]


def test_a_department_field_ends_before_the_next_field():
    found = hr_found("Department: Logistics Manager: John Smith")
    assert ("Department: Logistics", "logistics department", "DEPARTMENT") in found


def test_a_department_named_by_an_ordinary_word_is_not_masked_as_that_word():
    # "Emergency Department" must not make every "emergency" of the corpus a department
    from sanon_graph.extract.recurrence import propagate
    docs = [Document("a", "a", "She was seen in the Emergency Department on Monday.", "a.txt", 0),
            Document("b", "b", "This was not an emergency, the note says.", "b.txt", 0)]
    settings = load_settings(None, {"preset": "hr"})
    extractor = RulesExtractor(settings.entity_schema, settings.rules)
    findings = {d.doc_id: extractor.extract_text(d.text) for d in docs}
    propagate(docs, findings, settings.entity_schema)
    assert not [f for f in findings["b"] if f.type == "DEPARTMENT"]


@pytest.mark.parametrize(("text", "span", "value"), [
    ("Job Title: Warehouse Operative", "Warehouse Operative", "warehouse operative"),
    ("Occupation: retired teacher", "retired teacher", "teacher"),
])
def test_a_job_in_a_forms_field_is_an_occupation_and_its_label_no_name(text, span, value):
    found = hr_found(text)
    assert (span, value, "INDIRECT_IDENTIFIER") in found
    assert not [f for f in found if f[2] == "NAME"]  # "Job Title" was a name ("Job" is a first name)


@pytest.mark.parametrize("text", ["Position: Manager", "Occupation: N/A"])
def test_an_empty_or_generic_job_field_is_no_occupation(text):
    assert not [f for f in hr_found(text) if f[2] == "INDIRECT_IDENTIFIER"]


def test_a_name_ends_before_the_next_fields_name():
    found = hr_found("Employee Name: Tom Price Job Title: Forklift Driver Location: Leeds")
    assert ("Tom Price", "tom price", "NAME") in found
    assert ("Forklift Driver", "forklift driver", "INDIRECT_IDENTIFIER") in found


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize(("text", "place"), [
    ("Seen at the metabolic clinic, Łódź, on Monday.", "Łódź"),
    ("She moved to Malmö in 2020.", "Malmö"),
    ("He commutes to Zürich for work.", "Zürich"),
    ("Referred from Córdoba for surgery.", "Córdoba"),
    ("Born and raised in São Paulo.", "São Paulo"),
])
def test_places_written_with_letters_beyond_ascii(text, place, preset):
    # a word is letters of any script: read as ASCII letters, "Łódź" was the word "d" and no place
    assert (place, place.lower(), "LOCATION") in found(text, preset)
