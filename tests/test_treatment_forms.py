"""How records name treatments and single-out facts, read since stop 34 (issue 15): a
treatment by its initials ("IVIG", "CABG"), a dose by weight ("5 mg/kg"), what is done with a
device ("VP shunt placement"), an anaesthetic block, a support by its kind ("tube feeding",
"transvenous pacing"); a compound adjective that opens a sentence ("Long-haul truck driver");
a fact that makes someone one of few, to the end of its clause. Every example is invented."""

from __future__ import annotations

import pytest

from tests.conftest import rules_alone

from .test_insurance_forms import found, of_type


@pytest.mark.parametrize(("text", "treatment"), [
    ("Received IVIG 2 g/kg twice.", ("IVIG 2 g/kg", "ivig")),
    ("He had CABG in 2022.", ("CABG", "cabg")),
    ("Started CPAP nightly.", ("CPAP nightly", "cpap")),  # how often, masked with it as after a dose
    ("Day 3 of TPN; then ECMO was not needed.", ("ECMO", "ecmo")),
    ("Day 3 of TPN; then ECMO was not needed.", ("TPN", "tpn")),
    ("Then infliximab 5 mg/kg after a second fever spike.", ("infliximab 5 mg/kg", "infliximab")),
    ("Rituximab 375 mg/m2 weekly.", ("Rituximab 375 mg/m2 weekly", "rituximab")),
    ("VP shunt placement on 05/15/2023.", ("VP shunt placement", "vp shunt")),
    ("Failed stellate ganglion blocks x3.", ("stellate ganglion blocks", "stellate ganglion block")),
    ("She had an epidural block.", ("epidural block", "epidural block")),
    ("with targeted nerve blocks.", ("nerve blocks", "nerve block")),
    ("She needed tube feeding at home.", ("tube feeding", "tube feeding")),
    ("Weaned from mechanical ventilation.", ("mechanical ventilation", "mechanical ventilation")),
    ("Temporary transvenous pacing for 3 days.", ("transvenous pacing", "transvenous pacing")),
    ("after cochlear implantation in 2019.", ("cochlear implantation", "cochlear implantation")),
])
def test_treatments_by_initials_dose_device_and_kind(text, treatment):
    assert treatment in of_type(text, "TREATMENT")


@pytest.mark.parametrize("text", [
    "NOTICE OF IVF CLAIMS", "The ECT Group met.", "Mr John THA called.",  # a heading, a body, a name
    "The job placement and snow removal were paid.", "Feeding the cat. Pacing is key.",
    "Only four implants were placed.", "She had two infusions and three surgeries.",  # how many, not which
    "We had to block the claim.", "A city block away.",
])
def test_no_treatment_from_a_heading_a_chore_or_a_count(text):
    assert not of_type(text, "TREATMENT")


def test_a_ganglion_that_is_blocked_is_no_condition():
    assert not of_type("Failed stellate ganglion blocks x3.", "MEDICAL_CONDITION")
    assert of_type("A ganglion cyst was removed.", "MEDICAL_CONDITION") == [("ganglion cyst", "ganglion cyst")]


@pytest.mark.parametrize(("text", "kind", "value"), [
    ("Long-haul truck driver; reports he cannot work.", "INDIRECT_IDENTIFIER", ("Long-haul truck driver", "truck driver")),
    ("Self-employed plumber from Kendal.", "INDIRECT_IDENTIFIER", ("Self-employed plumber", "plumber")),
    ("Dx: Treatment-resistant depression.", "MEDICAL_CONDITION", ("Treatment-resistant depression", "depression")),
])
def test_a_compound_adjective_opening_the_sentence_belongs_to_the_phrase(text, kind, value):
    assert value in of_type(text, kind)


def test_a_capitalised_name_before_a_job_is_not_taken_into_it():
    assert of_type("He met Jean-Luc teacher.", "INDIRECT_IDENTIFIER") == [("teacher", "teacher")]


@pytest.mark.parametrize(("text", "fact"), [
    # the whole clause, past eight words: what follows "the only" is what singles the person out
    ("A tuner, is the only member of the cohort still working in a hearing-dependent trade. Next.",
     "the only member of the cohort still working in a hearing-dependent trade"),
    ("She is the only Fabry patient her home-infusion nurse serves in Will County. Pain.",
     "the only Fabry patient her home-infusion nurse serves in Will County"),
    # up to the sentence's own verb, not a relative clause's or an infinitive's
    ("Note: the only registrant from the county to have started the drug reported an improvement.",
     "the only registrant from the county to have started the drug"),
    ("He was the only patient who was treated at home in 2023.", "the only patient who was treated at home in 2023"),
    # a coordination that opens another phrase ends it; one inside a phrase does not
    ("His role as the only structural engineer on the bridge project and to his wife's work.",
     "the only structural engineer on the bridge project"),
    ("She is the only nurse and midwife in the valley.", "the only nurse and midwife in the valley"),
    # a clause longer than the limit ends on a content word, not "in a"; a verb after "after
    # it" is the subordinate clause's
    ("She was the first woman in the state to receive the device after it was approved by the regulator in spring",
     "the first woman in the state to receive the device after it was approved"),
    ("She was the first to receive a new device in the state in the first year of the scheme.",
     "the first to receive a new device in the state in the first year"),
])
def test_a_fact_that_singles_someone_out_runs_to_its_clause_end(text, fact):
    assert [o for o, _ in of_type(text, "UNIQUE_FACT")] == [fact]


def test_a_sentence_end_before_plan_makes_no_plan_name():
    assert not of_type("Failed gabapentin and 12 weeks of OT. Plan: review in May.", "INDIRECT_IDENTIFIER")
    assert of_type("Members of the Gold Coast PPO plan pay less.", "INDIRECT_IDENTIFIER") == [
        ("Gold Coast PPO plan", "gold coast ppo plan")]


@pytest.mark.parametrize("text", ["Blood type O. Weight-based dose (16.2 kg).", "Risk group A. Follow-up in May.",
                                  "Vitamin D. Levels were low."])
def test_a_letter_of_a_kind_before_a_sentence_is_no_initial(text):
    assert not of_type(text, "NAME")


def test_an_initial_after_other_words_still_names_someone():
    assert of_type("Seen by J. Smith today.", "NAME") == [("J. Smith", "j. smith")]


def test_a_hospitals_unit_named_with_a_possessive_is_a_provider():
    assert of_type("Avonmere Women's Unit, Bristol. Antenatal note.", "PROVIDER") == [
        ("Avonmere Women's Unit", "avonmere women's unit")]
    assert not of_type("Avonmere Women's Unit, Bristol. Antenatal note.", "NAME")  # "Women" is no surname


@pytest.mark.parametrize("text", ["Renal Unit staff wrote.", "The Claims Unit replied.", "Unit 4 was let."])
def test_a_unit_of_any_hospital_or_office_is_no_provider(text):
    assert not of_type(text, "PROVIDER")


@pytest.mark.parametrize(("text", "provider"), [
    ("Referred to Lakeside Children's Therapy for assessment.", "Lakeside Children's Therapy"),
    ("Riverside Veterans' Home called.", "Riverside Veterans' Home"),
    ("At Brookhaven Children's Hospital in May.", "Brookhaven Children's Hospital"),
])
def test_a_body_named_for_the_people_it_serves_is_a_provider(text, provider):
    assert [o for o, _ in of_type(text, "PROVIDER")] == [provider]


@pytest.mark.parametrize("text", ["Anna Berg's claim. Maria's children's school.", "Women's health matters."])
def test_no_provider_from_a_possessive_without_a_name(text):
    assert not of_type(text, "PROVIDER")


@pytest.mark.parametrize(("text", "condition"), [
    ("Dx: anorexia nervosa, restricting type, with sinus bradycardia.", ("anorexia nervosa, restricting type", "anorexia nervosa")),
    ("Dx: CRPS type I, right upper limb. Failed blocks.", ("CRPS type I, right upper limb", "crps")),
    ("Ulcer with dry gangrene of the distal phalanx. IV antibiotics.", ("dry gangrene of the distal phalanx", "gangrene")),
    ("Musician's focal dystonia, left hand, involuntary flexion.", ("focal dystonia, left hand", "focal dystonia")),
])
def test_a_conditions_kind_and_place_written_after_it_are_masked_with_it(text, condition):
    assert condition in of_type(text, "MEDICAL_CONDITION")


@pytest.mark.parametrize(("text", "condition"), [
    ("Asthma, the patient says, is worse.", ("Asthma", "asthma")),
    ("Diabetes, blood type O.", ("Diabetes", "diabetes")),
])
def test_what_follows_a_condition_after_a_comma_is_not_taken_without_a_kind_or_side(text, condition):
    assert of_type(text, "MEDICAL_CONDITION") == [condition]


def test_a_full_stop_ends_a_provider_named_for_the_people_it_serves():
    assert of_type("Avonmere Women's Unit. Routine review booked.", "PROVIDER") == [
        ("Avonmere Women's Unit", "avonmere women's unit")]


@pytest.mark.parametrize(("text", "condition"), [
    ("Related to severe migraines with aura. The physician noted.", ("severe migraines with aura", "migraine")),
    ("Diagnosis: narcolepsy type 1 with cataplexy. Plan: oxybate.", ("narcolepsy type 1 with cataplexy", "narcolepsy")),
])
def test_the_form_icd_names_with_with_is_masked_with_the_condition(text, condition):
    assert condition in of_type(text, "MEDICAL_CONDITION")


def test_with_and_anything_else_after_a_condition_stays_out():
    assert of_type("Patient with asthma with his wife present.", "MEDICAL_CONDITION") == [("asthma", "asthma")]
    # a condition of its own after "with" keeps its own span
    assert of_type("Type 2 diabetes with hyperglycemia, seen today.", "MEDICAL_CONDITION") == [
        ("Type 2 diabetes", "type 2 diabetes"), ("hyperglycemia", "hyperglycemia")]


@pytest.mark.parametrize(("text", "provider"), [
    ("Prescriber: Teresa Ezeoke, MD. Counselled on discoloration.", ("Teresa Ezeoke, MD", "teresa ezeoke")),
    ("Signed, James Whitlow, DO, FACP", ("James Whitlow, DO, FACP", "james whitlow")),
])
def test_a_clinicians_credentials_are_masked_with_the_name(text, provider):
    assert of_type(text, "PROVIDER") == [provider]


def test_a_credential_after_a_titled_name_repeats_the_title_and_stays_out():
    assert of_type("Dr. Marisol Escobedo-Lira, MD, Sonoran Clinic.", "PROVIDER")[0] == (
        "Dr. Marisol Escobedo-Lira", "marisol escobedo-lira")


def test_a_relative_clause_without_who_belongs_to_the_fact():
    assert [o for o, _ in of_type("He says he's the only ECD patient she has ever had. Any tips?", "UNIQUE_FACT")] == [
        "the only ECD patient she has ever had"]


@pytest.mark.parametrize("text", ["First symptoms: 11 May 2024.", "His illness worsened in May.",
                                  "The endocrine team wrote.", "Mental health services were called.",
                                  "The injury claim was paid."])
def test_icd_chapters_lists_and_bare_kinds_name_no_condition(text):
    assert not of_type(text, "MEDICAL_CONDITION")


def test_a_symptom_is_weaker_evidence_than_a_diagnosis():
    from sanon_graph.config import load_settings
    from sanon_graph.extract.recognizers import RulesExtractor
    from sanon_graph.extract.recognizers.medical import SYMPTOM_RELEVANCE

    settings = load_settings(None, {"preset": "health-insurance"})
    found = {e.normalized: e.relevance for e in RulesExtractor(settings.entity_schema, rules_alone(settings.rules)).extract_text(
        "Proximal weakness and new sarcoidosis.")}
    assert found["weakness"] == SYMPTOM_RELEVANCE < found["sarcoidosis"]


def test_pregnancy_stays_a_condition():
    assert ("pregnancy", "pregnancy") in of_type("She is in her second pregnancy.", "MEDICAL_CONDITION")  # "second" counts


# What the stop 34 review found (each case fails on the code before its mend).
@pytest.mark.parametrize(("text", "kind", "expected"), [
    # a ward after a hospital's name: the hospital stays a provider
    ("She was admitted to Southmead Hospital Neonatal Unit in March.", "PROVIDER", [("Southmead Hospital", "southmead hospital")]),
    # a side and a limb that begin the next item of a list stay out of the condition before
    # ("knee pain" a symptom since stop 46: the phenotype ontology's; no "type 2" after a sign)
    ("PMH: hypertension, left knee pain, type 2 diabetes.", "MEDICAL_CONDITION",
     [("hypertension", "hypertension"), ("left knee pain", "knee pain"), ("type 2 diabetes", "type 2 diabetes")]),
    ("Problem list: asthma, right shoulder bursitis, gout.", "MEDICAL_CONDITION",
     [("asthma", "asthma"), ("right shoulder bursitis", "bursitis"), ("gout", "gout")]),
    # an ICD "with" tail only where the phrase ends
    ("Type 2 diabetes with renal complications.", "MEDICAL_CONDITION", [("Type 2 diabetes", "type 2 diabetes")]),
    ("autism with health services support", "MEDICAL_CONDITION", [("autism", "autism")]),
    # initials of treatments in a list are no heading
    ("ICU course: ECMO, CRRT and TPN were required.", "TREATMENT", [("ECMO", "ecmo"), ("CRRT", "crrt"), ("TPN", "tpn")]),
    # a count before a block is no part of its value
    ("She had three nerve blocks.", "TREATMENT", [("nerve blocks", "nerve block")]),
    # a clinical word that opens the sentence
    ("Mechanical ventilation was weaned on day 3.", "TREATMENT", [("Mechanical ventilation", "mechanical ventilation")]),
    # real initials after a label word stay a name; a sex after an age is no initial
    ("Insurance group A. Patel was copied.", "NAME", [("A. Patel", "a. patel")]),
    ("Pt: 67 M. Rx: vemurafenib 240 mg tab.", "NAME", []),
    # a plan's name goes on after a company's abbreviation
    ("Members of the Acme Co. Plan pay less.", "INDIRECT_IDENTIFIER", [("Acme Co. Plan", "acme co. plan")]),
    # "DO NOT" is no credential; British ones are
    ("Please ask Teresa Ezeoke, DO NOT forward this.", "PROVIDER", []),
    ("Alan Reid, MBChB, MRCGP reviewed it.", "PROVIDER", [("Alan Reid, MBChB, MRCGP", "alan reid")]),
])
def test_what_the_stop_34_review_found(text, kind, expected):
    assert of_type(text, kind) == expected


@pytest.mark.parametrize(("text", "kind"), [
    ("International Women's Day was marked.", "PROVIDER"), ("Next Men's Suits", "PROVIDER"),
    ("She worked as an ECT at Oakfield Primary School.", "TREATMENT"),
    ("Poor ventilation in the office. She was seen pacing and kept pacing.", "TREATMENT"),
    ("She stopped breast feeding in May.", "TREATMENT"),
    ("The bypass revision was delayed.", "TREATMENT"), ("A replacement removal was booked.", "TREATMENT"),
    ("He was convicted of bestiality in 2019.", "MEDICAL_CONDITION"),
    ("The flock had scrapie and glanders.", "MEDICAL_CONDITION"),
    ("The first ground of appeal concerns the conduct of the officer.", "UNIQUE_FACT"),
])
def test_what_the_stop_34_review_found_is_no_such_value(text, kind):
    assert not of_type(text, kind)


def test_a_persons_possessive_before_a_group_for_people_stays_a_name():
    assert of_type("Emma Clarke's Women's Group met.", "NAME") == [("Emma Clarke", "emma clarke")]
    assert not of_type("Emma Clarke's Women's Group met.", "PROVIDER")


@pytest.mark.parametrize(("text", "fact"), [
    ("She was the only Deaf employee at the branch and requested an interpreter for all meetings.",
     "the only Deaf employee at the branch"),
    ("The claimant was the only employee who had not received the updated handbook or signed the new terms.",
     "the only employee who had not received the updated handbook"),
    ("She was the only applicant with a disability and she was not shortlisted.", "the only applicant with a disability"),
    ("The only patient at the clinic with this diagnosis died in 2019.", "The only patient at the clinic with this diagnosis"),
])
def test_a_fact_ends_where_the_review_found_it_runs_on(text, fact):
    assert [o for o, _ in of_type(text, "UNIQUE_FACT", preset="hr")] == [fact]


@pytest.mark.parametrize(("text", "kind", "value"), [
    ("Hi, I'm ringing about my husband Rewi's policy.", "NAME", ("Rewi", "rewi")),  # after "my husband", any name
    ("Any sunscreen or clothing tips? Thanks, Bev", "NAME", ("Bev", "bev")),  # the writer's sign-off
    ("Option: Plus. Member age: 31, female.", "AGE", ("age: 31", "31")),  # a form's field after a word for the person
    ("Plan: start efgartigimod once prior auth obtained.", "TREATMENT", ("efgartigimod", "efgartigimod")),  # -imod
    ("Follow-up with Dr. med. Konstanze Albrecht in 6 weeks.", "PROVIDER",
     ("Dr. med. Konstanze Albrecht", "konstanze albrecht")),  # a German physician's title
])
def test_forms_set_g_showed(text, kind, value):
    assert value in of_type(text, kind)


@pytest.mark.parametrize(("text", "name"), [
    # stop 38: what the thanks are for, and an exclamation mark, before the writer's name
    ("Can the plan cover the mileage? Thank you for your help with this,\nMarisa", ("Marisa", "marisa")),
    ("We move again next summer. Thanks!\nKelsey (mom of your 2nd grader)", ("Kelsey", "kelsey")),
    # stop 57: a quick e-mail's sign-off in lower case, alone on its line
    ("my new number is below.\n\ncheers\nBecky Tremarco\nbt@example.org", ("Becky Tremarco", "becky tremarco")),
])
def test_a_sign_off_after_thanks_for_something(text, name):
    assert name in of_type(text, "NAME")


@pytest.mark.parametrize(("text", "kind"), [
    ("my husband Monday was off.", "NAME"), ("Please reconsider. Kind regards, Audiology Section", "NAME"),
    ("Thanks, everyone!", "NAME"), ("She is a modest person; remodelling continues.", "TREATMENT"),
    ("Thank you for the update. Paris", "NAME"),  # a place after the thanks is no writer
    ("I said cheers to him\nThen we left.", "NAME"),  # lower case inside a sentence: no sign-off
    ("Got it, thanks\nNoted", "NAME"), ("regards\nAccounts Payable", "NAME"),  # only a known first name signs so
])
def test_no_name_or_drug_from_those_forms_without_one(text, kind):
    assert not of_type(text, kind)


@pytest.mark.parametrize(("text", "provider"), [
    ("Protea Medical Scheme approved the claim.", ("Protea Medical Scheme", "protea medical scheme")),
    ("Tussock Health Cover, claims line, 20 May 2024.", ("Tussock Health Cover", "tussock health cover")),
    ("insured with Elbtal BKK (cost approval on file).", ("Elbtal BKK", "elbtal bkk")),
    # carriers, benefit administrators and Medicare Advantage plans named by their kind (stop 36)
    ("Policy: Wessex Health Assurance, group scheme.", ("Wessex Health Assurance", "wessex health assurance")),
    ("Carrier: Fairmont Mutual Casualty, claim no. 44.", ("Fairmont Mutual Casualty", "fairmont mutual casualty")),
    ("Tidewater Benefit Partners - Specialty Drug PA", ("Tidewater Benefit Partners", "tidewater benefit partners")),
    ("Ridgecrest Mutual Medicare Advantage - PA request", ("Ridgecrest Mutual Medicare Advantage",
                                                          "ridgecrest mutual medicare advantage")),
    ("DISABILITY CLAIM - Anchorpoint Life & Disability.", ("Anchorpoint Life & Disability", "anchorpoint life & disability")),
    ("Vennhoek Zorgverzekeringen - bulletin 2024", ("Vennhoek Zorgverzekeringen", "vennhoek zorgverzekeringen")),
])
def test_insurers_as_other_countries_name_them(text, provider):
    assert of_type(text, "PROVIDER") == [provider]


def test_life_and_disability_in_a_sentence_name_no_insurer():
    assert of_type("Quality of Life and Disability scores improved after rehabilitation.", "PROVIDER") == []


def test_an_age_and_sex_that_open_a_sentence():
    assert ("31F", "31") in of_type("Swanepoel Endocrine Rooms, Rondebosch. 31F, pastry chef at a wine estate.", "AGE")


@pytest.mark.parametrize("text", ["Budget review. 35M dollars were spent.", "Staff list. 35 F, 12 M.",
                                  "Exhibits filed. 10F, 11F and 12F.", "Bed 12F. Next patient."])
def test_no_age_from_money_head_counts_exhibits_or_beds_after_a_sentence_end(text):
    assert not of_type(text, "AGE")


def test_a_masked_number_after_its_cue_is_its_visible_digits():
    assert of_type("EOB. Member ID: ****4471. Claim paid.", "PATIENT_ID") == [("****4471", "4471")]
    # the same digits as "card ending 4471" gives them, so the two records link
    assert of_type("Card ending 4471 was charged.", "NON_PERSONAL_ID") == [("4471", "4471")]


@pytest.mark.parametrize("text", ["Rated ***** 5 stars by 1200 users.", "Password: ****1234"])
def test_stars_without_a_number_cue_are_no_identifier(text):
    assert not [o for o, _, t in found(text) if t in ("PATIENT_ID", "NON_PERSONAL_ID")]


def test_condition_initials_in_a_list_are_no_heading_either():
    assert of_type("Hx: CKD, CHF and COPD since 2019.", "MEDICAL_CONDITION") == [
        ("CKD", "ckd"), ("CHF", "chf"), ("COPD", "copd")]
    assert not of_type("NOTICE OF DVT CLAIMS", "MEDICAL_CONDITION")
