"""Checksummed national numbers and bank accounts (recognizer `national_id`): IBANs and personal
numbers written in digit groups, validated by their check digits (python-stdnum; NRIC and HKID
by their published algorithms), the weak checks only after a cue naming the number.

Every number here is invented: the check digits were computed for made-up digits (IBAN bank
codes and accounts, dates of birth and serials), not taken from anyone. A US SSN and a UK
National Insurance number have no check digit, so any well-formed one may be issued; these
were made up too."""

from __future__ import annotations

from functools import cache

import pytest

from sanon_graph.config import load_settings
from sanon_graph.extract.recognizers import RulesExtractor
from tests.conftest import read_jsonl, rules_alone
from tests.test_record_names import analyze_records

# The person-identifier type each preset maps PATIENT_ID to.
PERSON_TYPE = {"health-insurance": "PATIENT_ID", "hr": "EMPLOYEE_ID", "legal": "APPLICATION_NUMBER"}
PRESETS = sorted(PERSON_TYPE)


@cache
def extractor(preset: str) -> RulesExtractor:
    settings = load_settings(None, {"preset": preset})
    return RulesExtractor(settings.entity_schema, rules_alone(settings.rules))


def person_ids(text: str, preset: str = "health-insurance") -> list[tuple[str, str]]:
    """(span, value) of the preset's person-identifier entities in text."""
    return [(e.original, e.normalized) for e in extractor(preset).extract_text(text) if e.type == PERSON_TYPE[preset]]


def national_spans(text: str, preset: str = "health-insurance") -> list[tuple[str, str]]:
    """What the `national_id` recognizer alone finds in text."""
    recognizer = next(r for r in extractor(preset).recognizers if r.name == "national_id")
    return [(text[s.start:s.end], s.normalized) for s in recognizer.find(text)]


# (text, span as written, normalized value)
STRONG = [
    ("IBAN: IE16 ZQXB 9315 2807 4619 35", "IE16 ZQXB 9315 2807 4619 35", "IE16ZQXB93152807461935"),
    ("Salary paid to ES53 9137 4420 1358 1026 3947 monthly.", "ES53 9137 4420 1358 1026 3947", "ES5391374420135810263947"),
    ("Konto DK80 7045 2006 8139 57.", "DK80 7045 2006 8139 57", "DK8070452006813957"),
    ("Codice fiscale: TRNGLI87E63H501H", "TRNGLI87E63H501H", "TRNGLI87E63H501H"),
    ("Identity check S8734102Z passed.", "S8734102Z", "S8734102Z"),  # Singapore NRIC
    ("FIN T0412873C on the permit", "T0412873C", "T0412873C"),
    ("work pass holder G7310586U", "G7310586U", "G7310586U"),
    ("new FIN M4182736R issued", "M4182736R", "M4182736R"),
    ("Card K481736(2) shown at the desk", "K481736(2)", "K4817362"),  # Hong Kong HKID
    ("HKID XA902417(1).", "XA902417(1)", "XA9024171"),
    ("Numéro de registre 92.03.14-271.01 (Belgique)", "92.03.14-271.01", "92031427101"),  # Belgian NN
    ("born as 19850612-4000 in Malmö", "19850612-4000", "19850612-4000"),  # Swedish personnummer
    ("id 850612-4000", "850612-4000", "850612-4000"),
    ("CPR 230476-2007", "230476-2007", "2304762007"),  # Danish CPR (mod 11 holds: no cue needed)
    ("DNI 73915264-A", "73915264-A", "73915264A"),  # Spanish DNI
    ("con DNI 73.915.264-A", "73.915.264-A", "73915264A"),
    ("NIE Y-2618407-D", "Y-2618407-D", "Y2618407D"),
    ("PESEL 91081435724", "91081435724", "91081435724"),  # Polish PESEL
    ("urodzona, nr 03210773841", "03210773841", "03210773841"),
    ("NI number JT 57 30 26 D", "JT 57 30 26 D", "JT573026D"),  # UK National Insurance
    ("ref from HMRC: ZR739014B", "ZR739014B", "ZR739014B"),
]

# Weak checks: (text with its cue, span, value). The same number without the cue is no one's.
WEAK = [
    ("my SIN wrong (461 927 352)", "461 927 352", "461927352"),  # Canadian SIN (Luhn)
    ("Social insurance number: 461-927-352", "461-927-352", "461927352"),
    ("TFN 518 273 007", "518 273 007", "518273007"),  # Australian TFN
    ("tax file number 518273007", "518273007", "518273007"),
    ("BSN 276495007", "276495007", "276495007"),  # Dutch BSN (11-proof)
    ("burgerservicenummer: 2764.95.007", "2764.95.007", "276495007"),
    ("SSN 521-73-0846", "521-73-0846", "521730846"),  # US SSN (no check digit at all)
    ("social security no. 521 73 0846", "521 73 0846", "521730846"),
    ("PPS 6419257C", "6419257C", "6419257C"),  # Irish PPS
    ("PPSN: 6419257LA", "6419257LA", "6419257LA"),
    ("NIR 2 91 08 75 118 246 40", "2 91 08 75 118 246 40", "291087511824640"),  # French NIR
    ("numéro de sécurité sociale : 291087511824640", "291087511824640", "291087511824640"),
    ("CPR-nummer 2304762007", "2304762007", "2304762007"),  # a CPR written without its hyphen
    ("CPR 230476-2019", "230476-2019", "2304762019"),  # issued after 2007: mod 11 fails, the date holds
    ("personnummer 198506124000", "198506124000", "19850612-4000"),
    ("rijksregisternummer 92031427101", "92031427101", "92031427101"),
    ("HKID K4817362", "K4817362", "K4817362"),
]

# One digit (or the check letter) changed: the check fails, nothing is a person's number.
INVALID = [
    "IBAN: IE16 ZQXB 9315 2807 4619 36",
    "ES53 9137 4420 1358 1026 3948",
    "DK80 7045 2006 8139 58",
    "Codice fiscale: TRNGLI87E63H501J",
    "Identity check S8734102Y passed.",
    "Card K481736(3) shown at the desk",
    "Numéro de registre 92.03.14-271.02 (Belgique)",
    "born as 19850612-4001 in Malmö",
    "CPR 320476-2007",  # no 32nd of April
    "DNI 73915264-B",
    "NIE Y-2618407-E",
    "PESEL 91081435725",
    "NI number GB 57 30 26 D",  # a prefix never issued
    "my SIN wrong (461 927 353)",
    "TFN 518 273 008",
    "BSN 276495008",
    "SSN 000-73-0846",
    "PPS 6419257D",
    "NIR 2 91 08 75 118 246 41",
]

# What looks like these numbers and is not: phones, dates, amounts, postcodes, book numbers.
NOT_IDS = [
    "Call me on +45 31 76 20 58 tomorrow.",
    "Mobile 0478 63 20 91",
    "Seen on 12.04.2025 at the clinic.",
    "Total due: EUR 21.640,00",
    "Office at Herengracht 4, 1015 CJ Amsterdam",
    "Hearing set for 2024-05-12.",
    "ISBN 978-3-16-148410-0",
    "Order 91081435724 was shipped",  # an 11-digit order number that passes PESEL's check
    "Invoice 19850612-4000",
    "Reach her at 07700900126 after six",  # a UK mobile: PESEL's check digit holds, its birth date would be 2207
    "Tel. 0612345678",
]


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize(("text", "span", "value"), STRONG)
def test_strong_formats_need_no_cue(preset, text, span, value):
    assert (span, value) in person_ids(text, preset)


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize(("text", "span", "value"), WEAK)
def test_weak_checks_count_after_their_cue(preset, text, span, value):
    assert (span, value) in person_ids(text, preset)


@pytest.mark.parametrize(("text", "span", "value"), WEAK)
def test_weak_checks_without_their_cue_are_no_ones(text, span, value):
    bare = f"Figures: {span} noted."
    assert national_spans(bare) == [], bare
    assert (span, value) not in person_ids(bare), bare


@pytest.mark.parametrize("text", [
    "TFN 461 927 352",  # a valid SIN, named as a tax file number (whose check it fails)
    "SIN 518 273 007",  # and the other way round
    "sin 461 927 352 noted",  # a lower-case "sin" is a word, not the acronym
    "TFN form returned. The number on the payroll system is 518 273 007",  # the cue too far before
])
def test_a_cue_names_its_own_number_close_before_it(text):
    assert not any(value in {"461927352", "518273007"} for _, value in person_ids(text)), person_ids(text)


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("text", INVALID)
def test_a_changed_digit_fails_the_check(preset, text):
    # (other recognizers may still take the run as an identifier after a cue such as "SSN")
    assert national_spans(text, preset) == [], text


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("text", NOT_IDS)
def test_phones_dates_amounts_and_postcodes_are_no_national_numbers(preset, text):
    assert national_spans(text, preset) == [], text
    assert person_ids(text, preset) == [], text


@pytest.mark.parametrize(("spaced", "compact"), [
    ("IBAN IE16 ZQXB 9315 2807 4619 35", "IBAN IE16ZQXB93152807461935"),
    ("Account ES53 9137 4420 1358 1026 3947", "Account ES5391374420135810263947"),
    ("SIN 461 927 352", "SIN 461927352"),
    ("BSN 2764.95.007", "BSN 276495007"),
    ("NI number JT 57 30 26 D", "NI number JT573026D"),
    ("Belgian NN 92.03.14-271.01", "rijksregisternummer 92031427101"),
    ("NIR 2 91 08 75 118 246 40", "NIR 291087511824640"),
    ("DNI 73915264-A", "DNI 73915264A"),
])
def test_spaced_and_compact_forms_are_one_value(spaced, compact):
    (_, a), = person_ids(spaced)
    (_, b), = person_ids(compact)
    assert a == b


def test_a_number_is_never_part_of_a_longer_run_of_digits():
    # the IBAN with more groups after it, and a valid SIN inside a longer number, are not taken
    assert person_ids("IBAN IE16 ZQXB 9315 2807 4619 35 12") == []
    assert not [v for _, v in person_ids("SIN 461 927 352 1") if v == "461927352"]
    # capital words beside the number are not part of it
    assert person_ids("IBAN IE16 ZQXB 9315 2807 4619 35 BIC ZQXBIE2D")[0] == (
        "IE16 ZQXB 9315 2807 4619 35", "IE16ZQXB93152807461935")


def test_the_checks_that_run_are_a_table():
    from sanon_graph.extract.recognizers.national_ids import CHECKS

    weak = {name for name, check in CHECKS.items() if check.cue is not None}
    assert {"ca_sin", "au_tfn", "nl_bsn", "us_ssn", "ie_pps", "fr_nir"} <= weak
    assert {"iban", "it_codice_fiscale", "sg_nric", "hk_hkid", "be_nn", "pl_pesel", "gb_nino"}.isdisjoint(weak)


def test_one_iban_written_spaced_and_compact_links_two_documents(run_cli, tmp_path):
    records = [
        ("r1", "Expense claim approved. Reimbursement to IBAN IE16 ZQXB 9315 2807 4619 35 by Friday."),
        ("r2", "Payroll change request: new account IE16ZQXB93152807461935 from next month."),
        ("r3", "Team meeting notes: rota changes agreed for the spring."),
    ]
    out = analyze_records(run_cli, tmp_path, records)
    ibans = [e for e in read_jsonl(out / "entities.jsonl") if e["normalized_value"] == "IE16ZQXB93152807461935"]
    assert [(e["type"], sorted(d.split("|")[0] for d in e["doc_ids"])) for e in ibans] == [("PATIENT_ID", ["r1", "r2"])]
