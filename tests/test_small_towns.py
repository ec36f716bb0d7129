"""Small towns (issue 15, stop 38): a town of 1,000 people or more that the city list (15,000 or
more) leaves out is a place where the text says one follows ("from", "near", "out of", "in" ...),
and before its own state's code ("Tomah WI"). Every example is invented; the towns are real
places (GeoNames), none of them in the labelled sets."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from sanon_graph_cli.main import cli

from tests.conftest import read_jsonl, rules_alone, write_corpus

from .test_insurance_forms import found, of_type


@pytest.mark.parametrize(("text", "place"), [
    ("54-year-old male dairy farmer from Tomah, admitted with fever.", ("Tomah", "tomah")),
    ("She runs a fishing charter out of Sitka and cannot work until June.", ("Sitka", "sitka")),
    ("Lives alone on a farm near Kalkaska; daughter visits weekly.", ("Kalkaska", "kalkaska")),
    ("Retired teacher living in Dingwall. Seen for review.", ("Dingwall", "dingwall")),
    ("The ambulance brought him from Oamaru at 02:10.", ("Oamaru", "oamaru")),
])
def test_a_small_town_after_a_word_for_a_place(text, place):
    assert of_type(text, "LOCATION") == [place]


def test_a_small_town_links_as_one_value_however_it_is_introduced():
    assert of_type("Works at a sawmill near Baudette.", "LOCATION") == [("Baudette", "baudette")]
    assert of_type("Member moved back to Baudette in May.", "LOCATION") == [("Baudette", "baudette")]


@pytest.mark.parametrize("text", [
    "Seen in Surgery on Monday; surgery is planned for June.",  # a word the text writes in lower case
    "A letter from Cody about the claim.",  # a first name before it is a town
    "Admitted to Sisters of Mercy Hospital for observation.",  # the first word of a longer name
    "Treated at Tomah Memorial Hospital in 2023.",  # the same: the hospital is the provider
    "Interpreter booked; consultation in English.",  # a language
    "Refill due in Nov, as before.",  # a month
    "Moved to Tomahx last year, he says.",  # no town of that name
])
def test_no_small_town(text):
    assert not [p for p in of_type(text, "LOCATION") if p[1] in {"surgery", "cody", "sisters", "english", "nov",
                                                                  "tomah", "tomahx"}]


def test_a_small_town_is_only_read_after_a_cue():
    # without a word that says a place follows, a name in the town list is too often something else
    assert of_type("Tomah called about the bill.", "LOCATION") == []


@pytest.mark.parametrize(("text", "place"), [
    ("Dispensed by Saltmarsh Pharmacy, Lamoni IA - profile.", ("Lamoni IA", "lamoni")),
    ("Address on file: rural route, Lusk WY 82225.", ("Lusk WY 82225", "lusk")),
    ("Home health visit, Wadena MN, 03/02/2025.", ("Wadena MN", "wadena")),
])
def test_a_small_town_before_its_own_states_code(text, place):
    assert place in of_type(text, "LOCATION")


def test_a_small_town_before_another_states_ambiguous_code_is_no_place():
    # Lamoni is in Iowa: "Lamoni OK" says nothing of a town in Oklahoma ("OK" is also a word)
    assert not [p for p in of_type("Lamoni OK with the plan.", "LOCATION") if p[1] == "lamoni"]


def test_a_tests_short_name_is_no_place():
    # "Moca" is a town; "MoCA" (capitals inside the word) is the Montreal Cognitive Assessment
    assert of_type("MoCA 24/30 at the memory clinic.", "LOCATION") == []
    assert ("McAllen", "mcallen") in of_type("She lives in McAllen.", "LOCATION")


def test_a_town_says_more_of_who_someone_is_than_a_state_or_a_country():
    """Relevance (METHOD 2): a town is shared by few people, a state or a country by millions; two
    records of a corpus that name one town are far more likely one person's (stop 47: at a
    state's relevance a town two records of fifty shared made no link)."""
    from sanon_graph.config import load_settings
    from sanon_graph.extract.recognizers import RulesExtractor

    settings = load_settings(None, {"preset": "health-insurance"})
    extractor = RulesExtractor(settings.entity_schema, rules_alone(settings.rules))
    text = ("Moved from Duluth to Minnesota, then to Ohio and Canada. Now lives on a farm near Kalkaska; "
            "seen at a clinic in Yuma, AZ.")
    relevance = {e.normalized: e.relevance for e in extractor.extract_text(text) if e.type == "LOCATION"}
    assert relevance["duluth"] > max(relevance["minnesota"], relevance["ohio"], relevance["canada"])
    # a town a cue or its state's code confirms is at least as telling
    assert relevance["kalkaska"] >= relevance["duluth"] and relevance["yuma"] >= relevance["duluth"]


# A place no list knows (stop 48): a village or a farming district below the town list's 1,000
# people, after words only a place follows. Invented names.
@pytest.mark.parametrize(("text", "place"), [
    ("The apiary sits outside Quarrowby Junction, by the old rail spur.", ("Quarrowby Junction", "quarrowby junction")),
    ("Her orchard lies just past Kettlewain on the river road.", ("Kettlewain", "kettlewain")),
    ("The quad bike rolled ten miles north of Brackenholt on a Sunday.", ("Brackenholt", "brackenholt")),
    ("She teaches at the only school near Drummoch Falls.", ("Drummoch Falls", "drummoch falls")),
    ("THE TRUCK WAS FOUND NEAR Drummoch Falls.", ("Drummoch Falls", "drummoch falls")),  # the cue in capitals
])
def test_a_place_no_list_knows_after_words_only_a_place_follows(text, place):
    assert place in of_type(text, "LOCATION")


@pytest.mark.parametrize("text", [
    "Seen outside Office hours; the office was closed.",  # a word the text writes in lower case
    "Outside Quarrowby's network the claim pays less.",  # a body's possessive
    "Parked near Quarrowby Hospital for the scan.",  # the first words of a longer name: the provider's
    "We met near Christine at the door.",  # a first name
    "The rash came back near Easter, as before.",  # a holiday, not a place
    "Quarrowby Junction called about the bill.",  # no word that says a place follows
    "Services outside Medicare are billed to the member.",  # a payer
    "Just past Midnight she called the line.",  # a time
    "Seen outside Pharmacy hours.",  # a body's word
])
def test_no_unlisted_place(text):
    assert not [p for p in of_type(text, "LOCATION") if "quarrowby" in p[1] or p[1] in {
        "office", "christine", "easter", "medicare", "midnight", "pharmacy"}]


def test_a_listed_town_after_a_place_cue_small_town_has_not():
    assert ("Kalkaska", "kalkaska") in of_type("Ten miles north of Kalkaska the road floods.", "LOCATION")


def test_the_cheap_look_lets_through_every_way_the_cue_is_written():
    # the cue's pattern matches any case; its pieces are looked for in the lower-cased text first
    from sanon_graph.extract.recognizers.locations import _UNLISTED_CUE_PIECES, _UNLISTED_PLACE_CUE

    cues = ["near", "outside", "out past", "just beyond", "somewhere outside", "on the outskirts of", "north of",
            "west of", "miles from", "km from", "kilometres from", "minutes from", "hours from", "hour north of"]
    for cue in cues:
        for written in (cue, cue.upper(), cue.title()):
            text = f"The farm lies {written} Quarrowby Junction."
            assert _UNLISTED_PLACE_CUE.search(text), written
            assert any(piece in text.lower() for piece in _UNLISTED_CUE_PIECES), written


def test_a_holiday_named_like_a_town_is_no_place():
    # Christmas (Florida) and Lent (France) are towns of the list, but "at Christmas" is a time
    text = "The cough came back at Christmas, and worse in Lent; near Easter it settled."
    assert of_type(text, "LOCATION") == []
    # while a street named after one is still a street
    assert ("Easter Road", "easter road") in of_type("She lives on Easter Road now.", "LOCATION")


def test_a_bodys_name_is_no_town_even_where_the_list_holds_it():
    from sanon_graph.extract.recognizers.gazetteers import gazetteers
    from sanon_graph.extract.recognizers.locations import _may_name_a_town

    assert _may_name_a_town(gazetteers(), "quarrowby")
    assert not _may_name_a_town(gazetteers(), "quarrowby university")
    assert not _may_name_a_town(gazetteers(), "christmas")


# A town's name with an abbreviated opening, a hyphen or an apostrophe (stop 52): the whole name
# is the place, and its value writes the opening out as the city list does.
@pytest.mark.parametrize(("text", "place"), [
    ("Member moved to St. Louis, MO last spring.", ("St. Louis, MO", "saint louis")),
    ("Member lives in St Louis, Missouri.", ("St Louis, Missouri", "saint louis")),
    ("Member lives in Saint Louis.", ("Saint Louis", "saint louis")),
    ("Member lives in St. Louis.", ("St. Louis", "saint louis")),
    ("Seen at a clinic in the St. Louis area.", ("St. Louis area", "saint louis")),
    ("Referred from Ft. Myers, FL in 2023.", ("Ft. Myers, FL", "fort myers")),
    ("Relocated to Mt. Pleasant, SC.", ("Mt. Pleasant, SC", "mount pleasant")),
    ("Works in O'Fallon, MO as a welder.", ("O'Fallon, MO", "o'fallon")),
    ("Moved to Winston-Salem, NC in 2022.", ("Winston-Salem, NC", "winston-salem")),
    ("Commutes across the Dallas-Fort Worth area.", ("Dallas-Fort Worth area", "dallas-fort worth")),
    # the word before the opening, and a particle in lower case, where the city list holds the name
    ("Retired to Port St. Lucie, FL in 2021.", ("Port St. Lucie, FL", "port saint lucie")),
    ("Retired to Port St. Lucie in 2021.", ("Port St. Lucie", "port saint lucie")),
    ("Drives a truck out of Fond du Lac, WI.", ("Fond du Lac, WI", "fond du lac")),
    ("Her sister lives in Rio de Janeiro.", ("Rio de Janeiro", "rio de janeiro")),
    ("Grew up in the village of Mt. Vernon.", ("village of Mt. Vernon", "mount vernon")),
    # the district's code with full stops
    ("Moved to Washington, D.C. last year.", ("Washington, D.C", "washington")),  # a full stop ends no value
])
def test_a_towns_opening_hyphen_or_apostrophe_is_the_towns(text, place):
    assert place in of_type(text, "LOCATION")


@pytest.mark.parametrize("text", [
    "Member moved to St. Louis, MO last spring.",
    "Seen at a clinic in the St. Louis area.",
    "Works in O'Fallon, MO as a welder.",
    "Commutes across the Dallas-Fort Worth area.",
])
def test_no_town_is_a_part_of_a_longer_name(text):
    # before stop 52 these were "louis", "fallon" and "worth": a first name, a surname, a word
    assert not {"louis", "fallon", "worth"} & {value for _, value in of_type(text, "LOCATION")}


def test_a_chiropractors_letters_are_no_district():
    # "D.C." and "DC" after a name are a Doctor of Chiropractic's letters, not Washington's district
    assert of_type("Adjusted by Ana Kowalski, DC in March.", "LOCATION") == []
    assert of_type("Adjusted by Kowalski, D.C. in March.", "LOCATION") == []
    assert ("Kowalski, D.C.", "NAME") in {(o, t) for o, _, t in found("Adjusted by Kowalski, D.C. in March.")}


def test_a_name_in_quotes_is_still_a_town():
    # an apostrophe opens a word of the name only after a letter ("O'Fallon"), not as a quote
    assert ("Denver, CO", "denver") in of_type("Wrote 'Denver, CO' on the form.", "LOCATION")


def test_a_town_with_an_opening_links_nobody_of_the_name(tmp_path):
    """A resident of "St. Louis, MO" and a man called Louis share no value: the town was "louis",
    and the cross-document pass found it in the man's record."""
    corpus = write_corpus(tmp_path / "in", {
        "a": "The member was treated in St. Louis, MO after a fall. Claim 4471 approved.",
        "b": "Louis said the support group meets weekly.",
        "c": "Records from Saint Louis were sent to the reviewer."})
    result = CliRunner().invoke(cli, ["analyze", str(corpus), "--out", str(tmp_path / "out"), "-q"])
    assert result.exit_code == 0, result.output
    places = [e for e in read_jsonl(tmp_path / "out" / "entities.jsonl") if e["type"] == "LOCATION"]
    assert [(e["normalized_value"], len(e["doc_ids"])) for e in places] == [("saint louis", 2)]
    assert not any(d.startswith("b|") for e in places for d in e["doc_ids"])
    assert sorted(places[0]["original_values"]) == ["Saint Louis", "St. Louis, MO"]  # masked whole, if masked


def test_a_countrys_article_is_no_part_of_its_value_but_a_towns_is():
    # "The Netherlands" opening a sentence and "the Netherlands" inside one are one country; "The
    # Hague" has no name without its article (stop 52)
    assert of_type("The Netherlands ratified it.", "LOCATION") == [("Netherlands", "netherlands")]
    assert of_type("She moved to the Netherlands in 1999.", "LOCATION") == [("Netherlands", "netherlands")]
    assert of_type("He lived in The Hague until 2001.", "LOCATION") == [("The Hague", "the hague")]


@pytest.mark.parametrize(("text", "address", "place"), [
    # the street's "St" is the street's, with or without its full stop (review of stop 52)
    ("Patient address: 445 Quillon St. Springfield, IL 62704.", "445 Quillon St", ("Springfield, IL 62704", "springfield")),
    ("Mail to 18 Harrow St. Paul, MN 55102.", "18 Harrow St", ("Paul, MN 55102", "paul")),
    ("Home: 77 Fennick St. Austin TX 78701", "77 Fennick St", ("Austin TX 78701", "austin")),
    ("Home: 299 Brisk St Dayton OH 45402", "299 Brisk St", ("Dayton OH 45402", "dayton")),
])
def test_a_streets_st_before_the_town_is_no_saint(text, address, place):
    spans = found(text)
    assert address in [o for o, _, t in spans if t == "ADDRESS"]
    assert place in of_type(text, "LOCATION")


@pytest.mark.parametrize(("text", "place"), [
    ("Pt. Austin, TX resident, reports back pain.", ("Austin, TX", "austin")),  # a patient, not a point
    ("Lives in St Albans.", ("St Albans", "saint albans")),  # the city list writes it abbreviated
    ("Lives in Fort St. John, BC.", ("Fort St. John, BC", "fort saint john")),
    ("Lives in Coeur d'Alene, ID.", ("Coeur d'Alene, ID", "coeur d'alene")),
    ("Lives in O’Fallon, MO.", ("O’Fallon, MO", "o'fallon")),  # a typographic apostrophe is the plain one
    ("Lives in St.Louis, MO.", ("St.Louis, MO", "saint louis")),
    ("She lives in The Woodlands.", ("The Woodlands", "the woodlands")),  # a town keeps its article
])
def test_more_spellings_of_towns(text, place):
    assert place in of_type(text, "LOCATION")


@pytest.mark.parametrize("text", [
    "Claimant Lauro de Freitas signed the form.",  # a person named like a town
    "St. John said the claim was late.",  # a saint named as a person is
])
def test_a_person_named_like_a_town_is_no_place(text):
    assert of_type(text, "LOCATION") == []
