"""Every shape of a name, identifier, phone number and e-mail address the offline rules
extractor must take whole (issue 14), and the look-alikes it must leave alone.

All values are invented. Each positive case names the exact original and type that must be
among the findings; each negative case names a value that must not be reported as that type.
"""

from __future__ import annotations

import pytest

from sanon_graph.extract.rules import RulesExtractor, gazetteers
from sanon_graph.schema import EntitySchema


@pytest.fixture(scope="module")
def extractor():
    return RulesExtractor(EntitySchema())


def findings(extractor, text: str) -> set[tuple[str, str]]:
    return {(e.original, e.type) for e in extractor.extract_text(text)}


NAMES = [
    # titles, with or without a full stop; a lone surname keeps its title
    ("The report was signed by Mr. Quentin Marlowe-Vey today.", "Quentin Marlowe-Vey"),
    ("Mr A.B. Cd appeared in person.", "A.B. Cd"),
    ("Mr St Clair Edward Doe lodged the application.", "St Clair Edward Doe"),
    ("Counsel for Ms O'Neill objected.", "Ms O'Neill"),
    ("The applicant, Mr Wójcikiewicz, complained of the delay.", "Mr Wójcikiewicz"),
    ("Judge Hale presided over the hearing.", "Judge Hale"),
    ("Justice Brackwell dissented.", "Justice Brackwell"),
    ("Mx Tarrow attended the review.", "Mx Tarrow"),
    ("Prof Ilse Vandermolen reviewed the scan.", "Prof Ilse Vandermolen"),  # a title of office is masked too
    ("Dr van der Berg signed the referral.", "Dr van der Berg"),
    ("Mrs. D'Souza was informed.", "Mrs. D'Souza"),
    ("Frau Müller called back twice.", "Frau Müller"),
    ("We wrote to Mr Doe about it.", "Mr Doe"),
    ("Dr. Ferelith's recommendations were followed.", "Dr. Ferelith"),
    # all capitals where the context says it is a person
    ("Mr JOHN DOE signed the form.", "JOHN DOE"),
    ("Applicant: JOHN DOE", "JOHN DOE"),
    ("MR ORIEL QUARRINGTON attended the hearing.", "ORIEL QUARRINGTON"),
    # particles, diacritics, Mc/Mac, hyphens, several parts
    ("Interview with Maria de la Cruz on site.", "Maria de la Cruz"),
    ("The file of Jan van Dijk was closed.", "Jan van Dijk"),
    ("Patient Tomasz Łukasiewicz was seen on the ward.", "Tomasz Łukasiewicz"),
    ("Patient Aoife O'Neill-Byrne was discharged.", "Aoife O'Neill-Byrne"),
    ("Contact Sean McAllister about the invoice.", "Sean McAllister"),
    ("Referral from Herr Núñez arrived.", "Herr Núñez"),
    ("Claimant Zarethia bin Rashid appealed.", "Zarethia bin Rashid"),
    # initials
    ("Reviewed by J. Smith yesterday.", "J. Smith"),
    ("As cited in Smith, J. and others.", "Smith, J."),
    ("Philippa Q. Lindgren was called.", "Philippa Q. Lindgren"),
    # unknown first names, found by their context cue
    ("Claimant Zephyrine Okonkwo-Baptiste filed the appeal.", "Zephyrine Okonkwo-Baptiste"),
    ("The insured, Quillon Brackwater, called the office.", "Quillon Brackwater"),
    ("Employee: Thessaly Moorcroft", "Thessaly Moorcroft"),
    ("A woman named Ysolde Farraday rang.", "Ysolde Farraday"),
    ("Signed by Corvin Quarrington on behalf of the employer.", "Corvin Quarrington"),
    ("We reviewed Caspian Thorneycroft's claim again.", "Caspian Thorneycroft"),
    ("Brannoch Vell, the applicant, argued otherwise.", "Brannoch Vell"),
    ("Anwen Talgarth (employee) reported the incident.", "Anwen Talgarth"),
    ("Ottoline Brackwater, born 1961, lives alone.", "Ottoline Brackwater"),
    ("member Oriel Coombe-Hallow requested a review", "Oriel Coombe-Hallow"),
    ("Patient name: Caspian Wendover", "Caspian Wendover"),
    ("Nurse Practitioner Ysolde Farraday examined her.", "Ysolde Farraday"),
    ("Lead Investigator Corvin Quarrington signed the protocol.", "Corvin Quarrington"),
    # the parties of a case
    ("In Wójcikiewicz v. Poland the Court held otherwise.", "Wójcikiewicz"),
    ("See Brannoch v. the United Kingdom, cited above.", "Brannoch"),
    ("In Tallowmere and Others v. Ruritania the Court agreed.", "Tallowmere"),
]


def test_cue_names_are_unknown_to_the_first_name_gazetteer():
    # the cases above test context cues only while these are not known first names
    first_names = gazetteers().first_names
    for first in ("zephyrine", "quillon", "thessaly", "ysolde", "corvin", "caspian", "brannoch", "anwen",
                  "ottoline", "oriel", "zarethia", "ferelith"):
        assert first not in first_names


@pytest.mark.parametrize("text, original", NAMES)
def test_names(extractor, text, original):
    got = findings(extractor, text)
    assert (original, "NAME") in got, got


IDENTIFIERS = [
    # the whole run of identifier characters, any separator, with or without a cue word
    ("Application no. 12345/06 was lodged on 3 May 2006.", "12345/06", "PATIENT_ID"),
    ("The applicant's application 33871/08 was joined.", "33871/08", "PATIENT_ID"),
    ("The Court joined no. 4711/99 to the others.", "4711/99", "NON_PERSONAL_ID"),
    ("Reference 20931/17 was struck out.", "20931/17", "NON_PERSONAL_ID"),
    ("Patient ID PT-5316-9C was admitted.", "PT-5316-9C", "PATIENT_ID"),
    ("Member ID#6139-2847 renewed the plan.", "6139-2847", "PATIENT_ID"),
    ("Employee number EMP-00423 was transferred.", "EMP-00423", "PATIENT_ID"),
    ("Staff ID: EMP-00917 (night shift)", "EMP-00917", "PATIENT_ID"),
    ("personnel no. 88-4410-B", "88-4410-B", "PATIENT_ID"),
    ("Her BSN is 1234.56.789 according to the file.", "1234.56.789", "PATIENT_ID"),
    ("National ID number: 987654321", "987654321", "PATIENT_ID"),
    ("SSN 123-45-6789 on file.", "123-45-6789", "PATIENT_ID"),
    ("Passport no. X1234567 expired.", "X1234567", "PATIENT_ID"),
    ("NHS number 943 476 5919 was checked.", "943 476 5919", "PATIENT_ID"),
    ("Policyholder ID PH_2231_77 renewed.", "PH_2231_77", "PATIENT_ID"),
    ("Claim CLM/2023/00417 was paid.", "CLM/2023/00417", "NON_PERSONAL_ID"),
    ("Invoice 2023-INV-0042 was sent.", "2023-INV-0042", "NON_PERSONAL_ID"),
    ("the patient's claim number CLM-55102 was denied", "CLM-55102", "NON_PERSONAL_ID"),
    ("Study protocol ABX.2231.07 was amended.", "ABX.2231.07", "NON_PERSONAL_ID"),
    ("File 1234.56.789 was archived.", "1234.56.789", "NON_PERSONAL_ID"),
    ("Order #A7-22/19 shipped.", "#A7-22/19", "NON_PERSONAL_ID"),  # the number sign is part of how it is written
    ("See Doe v. Ruritania [GC], no. 30210/96, cited above.", "30210/96", "PATIENT_ID"),
    ("The Court joined 4711/99 to the case.", "4711/99", "NON_PERSONAL_ID"),
]


@pytest.mark.parametrize("text, original, entity_type", IDENTIFIERS)
def test_identifiers(extractor, text, original, entity_type):
    got = findings(extractor, text)
    assert (original, entity_type) in got, got


@pytest.mark.parametrize("text, original, entity_type", IDENTIFIERS)
def test_identifiers_are_never_fragments(extractor, text, original, entity_type):
    ids = {e.original for e in extractor.extract_text(text) if e.type in ("PATIENT_ID", "NON_PERSONAL_ID")}
    assert not {v for v in ids if v != original and (v in original or original in v)}, ids


PHONES = [
    ("Call +49 30 12345678 after nine.", "+49 30 12345678"),
    ("Office: +44 20 7946 0958.", "+44 20 7946 0958"),
    ("Mobile +31 6 12345678 (work)", "+31 6 12345678"),
    ("From abroad dial 0044 20 7946 0958 instead.", "0044 20 7946 0958"),
    ("Switchboard (020) 7946 0958, ext 4", "(020) 7946 0958"),
    ("Her mobile is 07700 900123.", "07700 900123"),
    ("Reach him on +44 (0)20 7946 0958 today.", "+44 (0)20 7946 0958"),
    ("Call (312) 555-0147 to book.", "(312) 555-0147"),
    ("Call 312-555-0147 to book.", "312-555-0147"),
    ("Tel. +1 312 555 0147", "+1 312 555 0147"),
]


NOT_PHONES = [
    ("Account 0012345678 was closed.", "0012345678"),
    ("NHS number 943 476 5919 was checked.", "943 476 5919"),
    ("Seen on 05/03/2021 at 10.30.", "05/03/2021"),
]


@pytest.mark.parametrize("text, value", NOT_PHONES)
def test_not_phone_numbers(extractor, text, value):
    assert (value, "PHONE_NUMBER") not in findings(extractor, text)


@pytest.mark.parametrize("text, original", PHONES)
def test_phone_numbers_are_whole(extractor, text, original):
    got = findings(extractor, text)
    assert (original, "PHONE_NUMBER") in got, got


EMAILS = [
    ("Write to jan.de-vries+hr@mail.example-corp.co.uk for details.", "jan.de-vries+hr@mail.example-corp.co.uk"),
    ("Contact ANNA.MULLER@FIRMA.DE today.", "ANNA.MULLER@FIRMA.DE"),
    ("Reply to j.o'brien@example.ie please.", "j.o'brien@example.ie"),
    ("sent to user123@sub.domain.example.org.", "user123@sub.domain.example.org"),
    ("(first_last@example.com)", "first_last@example.com"),
    ("Email:hr-team2@example-mail.nl", "hr-team2@example-mail.nl"),
]


@pytest.mark.parametrize("text, original", EMAILS)
def test_email_addresses_are_whole(extractor, text, original):
    got = findings(extractor, text)
    assert (original, "EMAIL") in got, got


TRAILING_PUNCTUATION = [
    ("She lives at 12 Elm Road.", "12 Elm Road", "ADDRESS"),
    ("Mail it to 40 Birch St.", "40 Birch St", "ADDRESS"),
    ("Write to a.b@example.com.", "a.b@example.com", "EMAIL"),
    ("Call +44 20 7946 0958.", "+44 20 7946 0958", "PHONE_NUMBER"),
    ("Application no. 12345/06.", "12345/06", "PATIENT_ID"),
    ("Patient ID PT-5316-9C, admitted", "PT-5316-9C", "PATIENT_ID"),
]


@pytest.mark.parametrize("text, original, entity_type", TRAILING_PUNCTUATION)
def test_trailing_punctuation_is_never_part_of_a_value(extractor, text, original, entity_type):
    got = findings(extractor, text)
    assert (original, entity_type) in got, got
    assert all(not e.original.endswith((",", ";", ":")) for e in extractor.extract_text(text))


NOT_NAMES = [
    # organisations: a facility or business head word blocks a NAME reading
    ("Referred to Silver Crest Imaging for an MRI.", "Silver Crest Imaging"),
    ("Referred to Silver Crest Imaging for an MRI.", "Silver Crest"),
    ("Camden Wellness offers yoga classes.", "Camden Wellness"),
    ("Camden Wellness offers yoga classes.", "Camden"),
    ("Billed by Grace Harbor Associates in May.", "Grace Harbor"),
    ("Patient Lily Valley Group members met.", "Lily Valley"),
    ("Blue Haven's network expanded.", "Blue Haven"),
    ("Will Partners review it?", "Will Partners"),
    ("Justice Ministry officials replied.", "Justice Ministry"),
    # sentence openers and form words after a role word
    ("Following Surgery, the patient rested.", "Following Surgery"),
    ("Outside Quarrowby's network the claim pays less.", "Outside Quarrowby"),  # a preposition opens it
    ("Beyond Tallis's remit, nothing was done.", "Beyond Tallis"),
    ("The spare key is under the blue pot, as always.\nLove, Mom", "Mom"),  # how a family member signs (stop 48)
    ("Thanks for the visit,\nGrandad", "Grandad"),
    ("Actions: Patient Transport Allowance form lodged.", "Transport Allowance"),  # a scheme after a role word
    ("Patient Portal Access was restored.", "Portal Access"),
    ("Employee Handbook Review is due.", "Handbook Review"),
    ("Member Services called back.", "Member Services"),
    # months, days, places, conditions, drugs
    ("The hearing was on Monday March 3.", "Monday March"),
    ("She moved from Denver Colorado last year.", "Denver Colorado"),
    ("Hepatitis C. Treatment followed.", "C. Treatment"),
    ("Patient Levetiracetam Therapy started.", "Levetiracetam Therapy"),
    ("Patient: HIV POSITIVE", "HIV POSITIVE"),
    ("MS PATIENTS were excluded.", "PATIENTS"),
    ("Smith v. Acme Corporation was settled.", "Acme"),
    ("In Doe v. Poland the Court held otherwise.", "Poland"),
    ("In Tallowmere and Others v. Ruritania the Court agreed.", "Others"),
    ("Brown v. Board of Education; she has brown eyes.", "Brown"),
    ("Served in the U.S. Army for years.", "U.S. Army"),
    ("History of Agent Orange Exposure during service.", "Orange Exposure"),
    ("Nurse Practitioner Ysolde Farraday examined her.", "Practitioner Ysolde Farraday"),
    ("Signed: Corvin Quarrington, Claims Adjuster, Blue Haven Mutual", "Blue Haven Mutual"),
]


@pytest.mark.parametrize("text, value", NOT_NAMES)
def test_not_names(extractor, text, value):
    assert (value, "NAME") not in findings(extractor, text)


NOT_IDENTIFIERS = [
    ("Seen on 2023-05-01 and again on 05/03/2021.", "2023-05-01"),
    ("Seen on 2023-05-01 and again on 05/03/2021.", "05/03/2021"),
    ("Seen on 01.02.2023 at the clinic.", "01.02.2023"),
    ("Policy exception codes 4400-4500 apply.", "4400-4500"),
    ("Enrolled 2019-2021 in the registry.", "2019-2021"),
    ("Enrolled 2019/2020 in the registry.", "2019/2020"),
    ("L4-L5 and C5/C6 were fused.", "L4-L5"),
    ("L4-L5 and C5/C6 were fused.", "C5/C6"),
    ("A COVID-19 infection in March.", "COVID-19"),
    ("The bill was $1,200.50 in total.", "200.50"),
    ("The bill was €1.234.567 in total.", "1.234.567"),
    ("Running version 2.1.3 of the app.", "2.1.3"),
    ("Blood pressure 120/80 at rest.", "120/80"),
    ("Support is available 24/7.", "24/7"),
    ("Dose 12.5 mg twice daily.", "12.5"),
    ("Dose 5mg/kg daily.", "5mg/kg"),
    ("Coded as M54.5 in the claim.", "M54.5"),
    ("Tested BRCA1/BRCA2 variants.", "BRCA1/BRCA2"),
    ("Admitted 03/2023-10/2023 for rehab.", "03/2023-10/2023"),
    ("Results in Q1/2024 improved.", "Q1/2024"),
]


@pytest.mark.parametrize("text, value", NOT_IDENTIFIERS)
def test_not_identifiers(extractor, text, value):
    got = findings(extractor, text)
    assert (value, "PATIENT_ID") not in got and (value, "NON_PERSONAL_ID") not in got, got


def test_organisations_may_become_providers(extractor):
    got = findings(extractor, "Referred to Silver Crest Imaging and Camden Wellness.")
    assert {("Silver Crest Imaging", "PROVIDER"), ("Camden Wellness", "PROVIDER")} <= got


def test_a_name_found_in_capitals_unifies_with_its_usual_spelling(extractor):
    values = {e.normalized for e in extractor.extract_text("Applicant: JOHN DOE") if e.type == "NAME"}
    assert values == {"john doe"}


@pytest.mark.parametrize(("text", "original", "value"), [
    ("Patient ID #MT4817QR completed all follow-ups.", "#MT4817QR", "MT4817QR"),
    ("Survey respondent #R38465 reported satisfaction.", "#R38465", "R38465"),
    ("Enrolled under provider ID #VC-671 today.", "#VC-671", "VC-671"),
])
def test_the_number_sign_is_masked_with_its_identifier_and_left_out_of_the_value(extractor, text, original, value):
    ids = [(e.original, e.normalized) for e in extractor.extract_text(text) if e.type in ("PATIENT_ID", "NON_PERSONAL_ID")]
    assert ids == [(original, value)]
