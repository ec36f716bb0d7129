"""One person written two ways across records (stop 53, issue 15): with and without a middle
initial, with a familiar first name ("Gwen" for "Gwendolyn"), or as a claim system writes a
name ("Ostrander G"). Each is a spelling of the one fuller name it fits in the corpus, so
the records share a value and link; none when two fuller names fit, across generations or
sexes. Every example is invented."""

from __future__ import annotations

from click.testing import CliRunner
from sanon_graph_cli.main import cli

from sanon_graph.extract.recurrence import initialled_names, propagate, variant_names
from sanon_graph.models import Document, ExtractedEntity
from sanon_graph.schema import EntitySchema
from tests.conftest import read_jsonl, write_corpus


def test_a_middle_initial_written_or_left_out_is_one_name():
    merged = variant_names({"plain": {"Tamsin Orloff"}, "middle": {"Tamsin J. Orloff"},
                            "other": {"Tamsin Vale"}})
    assert merged == {"plain": "middle"}


def test_a_familiar_first_name_is_the_fuller_one():
    merged = variant_names({"short": {"Ms Gwen Harrowgate"}, "full": {"HARROWGATE, GWENDOLYN R."},
                            "walt": {"Walt Pennimore"}, "walter": {"Walter Pennimore"}})
    assert merged == {"short": "full", "walt": "walter"}


def test_a_shorter_name_fitting_two_fuller_ones_is_neither():
    # a father and his son with middle initials of their own: "Oskar Brandvold" may be either
    merged = variant_names({"plain": {"Oskar Brandvold"}, "j": {"Oskar J. Brandvold"}, "k": {"Oskar K. Brandvold"}})
    assert merged == {}


def test_a_familiar_name_follows_the_fuller_names_own_merge():
    # "Walt" fits "Walter" and "Walter J.", which are one person: it goes where they go
    merged = variant_names({"walt": {"Walt Pennimore"}, "walter": {"Walter Pennimore"},
                            "walter j": {"Walter J. Pennimore"}})
    assert merged == {"walter": "walter j", "walt": "walter j"}


def test_no_variant_across_generations_sexes_or_unrelated_first_names():
    assert variant_names({"son": {"Walter Pennimore Jr."}, "father": {"Walter Pennimore"}}) == {}
    assert variant_names({"he": {"Mr Alex Quarrie"}, "she": {"Ms Alexandra Quarrie"}}) == {}
    # names that only begin alike are not familiar forms: "Dan" is not "Dana"
    assert variant_names({"dan": {"Dan Loftus"}, "dana": {"Dana Loftus"}}) == {}
    # middle initials that disagree are two people
    assert variant_names({"a": {"Ilse M. Korvath"}, "b": {"Ilse P. Korvath"}}) == {}


def test_a_name_without_its_second_surname_is_the_fuller_one():
    merged = variant_names({"short": {"Rogan Quintero"}, "full": {"Rogan Quintero Ibarrola"}, "other": {"Rogan Vale"}})
    assert merged == {"short": "full"}
    # two fuller names it could be: neither
    assert variant_names({"short": {"Rogan Quintero"}, "a": {"Rogan Quintero Ibarrola"},
                          "b": {"Rogan Quintero Salcedo"}}) == {}
    # across sexes, as for any variant
    assert variant_names({"he": {"Mr Rogan Quintero"}, "she": {"Ms Rogan Quintero Ibarrola"}}) == {}


def test_a_first_name_in_the_middle_or_a_clinician_is_no_shortened_name():
    # "Lee" is a first name: "Sarah Lee" is someone of that surname, not "Sarah Lee Whitcombe"
    assert variant_names({"short": {"Sarah Lee"}, "full": {"Sarah Lee Whitcombe"}}) == {}
    # a clinician is not the patient who shares two of her names
    assert variant_names({"dr": {"Dr. Rogan Quintero"}, "patient": {"Rogan Quintero Ibarrola"}}) == {}
    assert variant_names({"short": {"Rogan Quintero"}, "dr": {"Rogan Quintero Ibarrola, MD"}}) == {}


def test_a_fuller_name_takes_no_name_by_each_of_its_surnames():
    # "Rogan Quintero" and "Rogan Ibarrola" may be two people; the one who leaves the middle name
    # out merges as before, the other not
    merged = variant_names({"first": {"Rogan Quintero"}, "full": {"Rogan Quintero Ibarrola"},
                            "last": {"Rogan Ibarrola"}})
    assert merged == {"last": "full"}


def test_a_surname_with_the_first_names_initial_after_it():
    merged = initialled_names({"claim": {"Ostrander G"}, "letter": {"Mr Gideon Ostrander"}, "other": {"Ruth Vale"}})
    assert merged == {"claim": "letter"}
    # the given name with the surname's initial still reads as before
    assert initialled_names({"short": {"Ponnammal K."}, "full": {"Ponnammal Kuppuswamy"}}) == {"short": "full"}


def test_the_cross_document_pass_makes_the_variants_one_value():
    docs = [Document(str(i), str(i), t, "x.json", i) for i, t in enumerate([
        "Hi it's Gwen Harrowgate, the 7am slot.",
        "Member: Gwendolyn R. Harrowgate   ID: QX-5521",
        "Member Gwendolyn Harrowgate called."])]
    findings = {"0": [ExtractedEntity("Gwen Harrowgate", "gwen harrowgate", "NAME", 0.7)],
                "1": [ExtractedEntity("Gwendolyn R. Harrowgate", "gwendolyn r. harrowgate", "NAME", 0.7)],
                "2": [ExtractedEntity("Gwendolyn Harrowgate", "gwendolyn harrowgate", "NAME", 0.7)]}
    propagate(docs, findings, EntitySchema())
    values = {doc_id: {(f.normalized, f.type) for f in findings[doc_id]} for doc_id in "012"}
    assert values["0"] == values["1"] == values["2"] == {("gwendolyn r. harrowgate", "NAME")}
    assert {f.original for f in findings["0"]} == {"Gwen Harrowgate"}  # the spelling stays, to be masked


def test_records_naming_one_person_two_ways_are_linked_and_both_spellings_masked(tmp_path):
    corpus = write_corpus(tmp_path / "in", {
        "a": "Portal message. Hi it's Gwen Harrowgate. The radiation burn is raw; can I skip Wednesday?",
        "b": "Explanation of benefits. Member: Gwendolyn Harrowgate. Provider: Ferncliff Cancer Institute.",
        **{f"other{i}": f"Fax cover. Patient: {name}. Re: knee brace, delivered Monday."
           for i, name in enumerate(["Tobias Quell", "Marit Ellery", "Jonah Pettifer", "Odile Brandt",
                                     "Ravi Tandon", "Sunniva Holt", "Curtis Mbeki", "Halina Dworak"])}})
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["analyze", str(corpus), "--out", str(out), "-q"])
    assert result.exit_code == 0, result.output
    names = [e for e in read_jsonl(out / "entities.jsonl") if e["type"] == "NAME"]
    harrowgate = [e for e in names if "harrowgate" in e["normalized_value"]]
    assert len(harrowgate) == 1, harrowgate
    assert sorted(d.split("|")[0] for d in harrowgate[0]["doc_ids"]) == ["a", "b"]
    assert {"Gwen Harrowgate", "Gwendolyn Harrowgate"} <= set(harrowgate[0]["original_values"])
    links = {frozenset(x["doc_a"].split("|")[:1] + x["doc_b"].split("|")[:1]) for x in read_jsonl(out / "links.jsonl")}
    assert frozenset({"a", "b"}) in links
    masked = " ".join(p.read_text(encoding="utf-8") for p in (out / "masked").rglob("*.json"))
    assert "Gwen Harrowgate" not in masked and "Gwendolyn" not in masked


def test_facilities_typed_with_the_clinicians_are_no_variants_of_each_other():
    # the health-insurance preset types clinicians as providers: "Mercy Hospital" is not a shorter
    # "Mercy General Hospital", though it reads like a name without its middle word
    docs = [Document(str(i), str(i), t, "x.json", i) for i, t in enumerate([
        "Admitted to Mercy Hospital overnight.", "Transferred to Mercy General Hospital.",
        "Seen by Dr Priya Raman.", "Letter from Dr Priya K. Raman."])]
    findings = {"0": [ExtractedEntity("Mercy Hospital", "mercy hospital", "PROVIDER", 0.6)],
                "1": [ExtractedEntity("Mercy General Hospital", "mercy general hospital", "PROVIDER", 0.6)],
                "2": [ExtractedEntity("Dr Priya Raman", "priya raman", "PROVIDER", 0.6)],
                "3": [ExtractedEntity("Dr Priya K. Raman", "priya k. raman", "PROVIDER", 0.6)]}
    propagate(docs, findings, EntitySchema(), clinician_type="PROVIDER")
    values = {doc_id: {f.normalized for f in findings[doc_id]} for doc_id in "0123"}
    assert values["0"] == {"mercy hospital"} and values["1"] == {"mercy general hospital"}
    assert values["2"] == values["3"] == {"priya k. raman"}  # a clinician's name is a person's


def test_whole_names_the_nickname_list_relates_are_two_people():
    # the list relates whole names too (william/wilma, patrick/peter, john/ian, jonathan/john/jack):
    # only a familiar form that is a name's beginning ("Gwen", "Walt") is taken for it (review of stop 53)
    assert variant_names({"w": {"Wilma Fennimore"}, "wi": {"William Fennimore"}}) == {}
    assert variant_names({"p": {"Peter Kowalczyk"}, "pa": {"Patrick Kowalczyk"}}) == {}
    assert variant_names({"jack": {"Jack Ross"}, "john": {"John Ross"}, "jonathan": {"Jonathan Ross"},
                          "ian": {"Ian Ross"}}) == {}


def test_a_first_name_with_an_initial_is_no_surname_first():
    # "Grace M." is Grace, not the surname of "Mark Grace"; "James T" not "Thomas James"
    assert initialled_names({"a": {"Grace M."}, "b": {"Mark Grace"}}) == {}
    assert initialled_names({"a": {"James T"}, "b": {"Dr Thomas James"}}) == {}
