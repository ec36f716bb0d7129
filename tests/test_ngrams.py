"""The rare shared N-gram signal: boundaries, frequency bounds, dedup against typed entities,
and PHRASE entities flowing through the whole pipeline."""

from __future__ import annotations

import json

from click.testing import CliRunner
from sanon_graph_cli.main import cli

from sanon_graph.extract.ngrams import PHRASE, NgramSettings, shared_ngrams
from sanon_graph.models import Document, ExtractedEntity

from .conftest import read_jsonl, write_json


def docs(*texts: str) -> list[Document]:
    return [Document(str(i), str(i), t, "x.json", i) for i, t in enumerate(texts)]


def phrases(result, doc_id: str) -> set[str]:
    return {e.normalized for e in result.get(doc_id, [])}


def test_shared_phrases_are_found_and_the_longest_wins():
    corpus = docs("He fell from the red barn roof last spring.", "Neighbours saw him fall from the red barn roof.",
                  "Nothing in common here at all.")
    r = shared_ngrams(corpus, {}, NgramSettings(enabled=True))
    # the longest phrase the two documents share that neither starts nor ends with a stop word;
    # "red barn", "barn roof" (same two documents) are inside it and dropped
    assert phrases(r, "0") == phrases(r, "1") == {"red barn roof"}
    assert "2" not in r
    assert all(e.type == PHRASE and e.original in corpus[0].content for e in r["0"])


def test_sentence_and_redaction_boundaries_are_not_crossed():
    corpus = docs("The quarry flooded. Early morning rescue followed.",
                  "The quarry flooded; early morning rescue followed.",
                  "Then [NAME] morning rescue teams came.", "Then [NAME] morning rescue teams left.")
    r = shared_ngrams(corpus, {}, NgramSettings(enabled=True, max_df=4))
    # never across "." or ";": no "flooded early". "morning rescue" (all four documents) lies
    # inside a longer rare phrase in every document, so it is not a second piece of evidence
    assert phrases(r, "0") == {"quarry flooded", "early morning rescue followed"}
    # never across a redaction token: nothing with "name"
    assert phrases(r, "2") == {"morning rescue team"}


def test_overlapping_phrases_count_once_and_plurals_fold():
    corpus = docs("She needs prior authorization requirements met.", "New prior authorization requirement, again.",
                  "Targeted nerve blocks helped.", "A nerve block approval.", "The clinic's skate park.",
                  "Near the clinic skate park.")
    r = shared_ngrams(corpus, {}, NgramSettings(enabled=True))
    # plurals and possessives fold (Harman's S-stemmer); the original spelling is kept for redaction
    assert phrases(r, "0") == phrases(r, "1") == {"prior authorization requirement"}
    assert phrases(r, "2") == phrases(r, "3") == {"nerve block"}
    assert [e.original for e in r["2"]] == ["nerve blocks"]
    assert phrases(r, "4") == phrases(r, "5") == {"clinic skate park"}
    # "prior authorization" is in the same two documents but inside the longer phrase: dropped,
    # so a pair sharing one phrase is not linked twice by its parts
    overlapping = docs("prior authorization requirement met", "prior authorization requirement met",
                       "prior authorization forms")
    r = shared_ngrams(overlapping, {}, NgramSettings(enabled=True, max_df=3))
    assert phrases(r, "0") == {"prior authorization requirement met"}
    assert phrases(r, "2") == {"prior authorization"}


def test_frequency_bounds():
    shared_by = lambda n: docs(*(["the annual lighthouse regatta was held"] * n + ["unrelated text only"]))  # noqa: E731
    assert shared_ngrams(shared_by(1), {}, NgramSettings(enabled=True)) == {}  # df 1: not shared
    assert phrases(shared_ngrams(shared_by(3), {}, NgramSettings(enabled=True, max_df=3)), "0") == {
        "annual lighthouse regatta was held"}
    assert shared_ngrams(shared_by(4), {}, NgramSettings(enabled=True, max_df=3)) == {}  # df 4 > k: not rare


def test_stop_words_and_typed_spans_are_skipped():
    corpus = docs("It was in the end of it all, said Rex Salam at the red barn.",
                  "It was in the end of it all, wrote Rex Salam near the red barn.")
    typed = {d.doc_id: [ExtractedEntity("Rex Salam", "rex salam", "NAME", 1.0)] for d in corpus}
    r = shared_ngrams(corpus, typed, NgramSettings(enabled=True))
    found = phrases(r, "0")
    assert "red barn" in found
    assert not any("rex" in p or "salam" in p for p in found)  # the typed value covers that span
    assert not any(p.split()[0] in {"it", "was", "in", "the", "of"} for p in found)  # no stop-word edges


def test_phrases_flow_through_the_pipeline(tmp_path):
    write_json(tmp_path / "in" / "docs.json", [
        {"id": "a", "content": "After the tractor overturned near Miller's creek he was airlifted."},
        {"id": "b", "content": "The tractor overturned near Miller's creek, the local paper wrote."},
        {"id": "c", "content": "Quarterly premiums were adjusted for all members."},
        {"id": "d", "content": "Claims processing times improved this quarter."},
    ])
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["analyze", str(tmp_path / "in"), "--out", str(out), "--extractor", "none",
                                      "--ngrams", "--ngram-weight", "1.0", "-q"])
    assert result.exit_code == 0, result.output
    ents = [e for e in read_jsonl(out / "entities.jsonl") if e["type"] == PHRASE]
    assert {e["normalized_value"] for e in ents} == {"tractor overturned near miller creek"}
    (link,) = read_jsonl(out / "links.jsonl")  # N = 4, df 2: u = log(5/2)/log(5) = 0.569 >= 0.5 with weight 1
    assert {link["doc_a"].split("|")[0], link["doc_b"].split("|")[0]} == {"a", "b"}
    run = json.loads((out / "run.json").read_text())
    assert run["settings"]["entity_schema"]["types"]["PHRASE"]["weight"] == 1.0
    assert "ngrams" in run["timings_seconds"]


def test_help_states_the_real_defaults():
    text = " ".join(CliRunner().invoke(cli, ["analyze", "--help"]).output.split())
    defaults = NgramSettings()
    assert f"(default {defaults.max_df};" in text and f"(default {defaults.weight})" in text
    assert f"(default {defaults.max_n})" in text
