"""The insurance entity model (recognizer `insurance_model`, preset health-insurance-thorough) with
the real shipped weights: its files are the pinned ones, it is trained on what its script says
and never on a held-out set, it only fills gaps between the rules' spans, and on a held-out set
it finds more of the person's values than the rules alone. Needs the ner extra (spaCy): skipped
with the reason without it, unless SANON_GRAPH_REQUIRE_NER=1 (CI), where that fails."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import sys
from contextlib import contextmanager

import pytest

from sanon_graph.config import load_settings
from sanon_graph.errors import ConfigError
from sanon_graph.extract import ner_model
from sanon_graph.extract.recognizers import RecognizerSettings, RulesExtractor
from tests.conftest import ROOT, read_jsonl, rules_alone

HELD_OUT = ROOT / "examples" / "insurance_heldout" / "set_c"


@pytest.fixture(scope="module")
def spacy_installed():
    if importlib.util.find_spec("spacy") is None:
        reason = f"spaCy is not installed ({ner_model.INSTALL_HINT})"
        if os.environ.get("SANON_GRAPH_REQUIRE_NER") == "1":
            pytest.fail(f"SANON_GRAPH_REQUIRE_NER=1 but {reason}", pytrace=False)
        pytest.skip(reason)


def _train_script():
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import train_insurance_model
    finally:
        sys.path.pop(0)
    return train_insurance_model


def test_the_shipped_files_are_the_pinned_ones(spacy_installed):
    path = ner_model.insurance_model_path()
    manifest = json.loads((path / "manifest.json").read_text(encoding="utf-8"))
    on_disk = {p.relative_to(path).as_posix() for p in path.rglob("*") if p.is_file() and "__pycache__" not in p.parts}
    assert on_disk - {"manifest.json"} == set(manifest["sha256"])  # nothing unlisted, nothing missing


@pytest.mark.parametrize("changed", ["ner/model", "manifest.json"])
def test_a_changed_file_is_refused(spacy_installed, tmp_path, monkeypatch, changed):
    copy = tmp_path / "insurance-ner"
    shutil.copytree(ner_model.INSURANCE_MODEL_DIR, copy)
    data = bytearray((copy / changed).read_bytes())
    data[len(data) // 2] ^= 0xFF
    (copy / changed).write_bytes(bytes(data))
    monkeypatch.setattr(ner_model, "INSURANCE_MODEL_DIR", copy)
    with pytest.raises(ConfigError, match=f"insurance entity model file .*{changed}.* has sha256"):
        ner_model.insurance_model_path()


def test_it_was_trained_on_what_the_script_names_and_never_on_a_held_out_set(spacy_installed):
    script = _train_script()
    manifest = json.loads((ner_model.INSURANCE_MODEL_DIR / "manifest.json").read_text(encoding="utf-8"))
    sets = [s.relative_to(ROOT).as_posix() for s in script.training_sets()]
    # a set added to examples/ without retraining fails here: run benchmarks/train_insurance_model.py
    assert manifest["trained_on"] == sets
    held_out = {f"examples/{h}" for h in script.HELD_OUT}
    # what was held out when the model was trained still is; a set written since (set_t, set_u,
    # stop 38) is held out by the script and was never trained on
    assert set(manifest["held_out"]) <= held_out and not held_out & set(sets)
    assert not held_out & set(manifest["trained_on"])
    assert "examples/insurance_heldout/set_c" in held_out and "examples/insurance_heldout/set_d" in held_out


def _extractors():
    """The rules alone, the default preset (the model's open-ended types and names) and the thorough one."""
    default = load_settings(overrides={"preset": "health-insurance"})
    thorough = load_settings(overrides={"preset": "health-insurance-thorough"})
    assert "insurance_model" in thorough.rules.recognizers and "insurance_model" in default.rules.recognizers
    return {"rules": RulesExtractor(default.entity_schema, rules_alone(default.rules)),
            "default": RulesExtractor(default.entity_schema, default.rules),
            "thorough": RulesExtractor(thorough.entity_schema, thorough.rules)}


def _cluster_texts_and_values():
    for path in sorted((HELD_OUT / "clusters").glob("cluster_*.json")):
        cluster = json.loads(path.read_text(encoding="utf-8"))
        yield [d["content"] for d in cluster["documents"]], cluster["metadata"]["person"]["entities"]


def test_on_a_held_out_set_it_adds_the_persons_values_and_keeps_every_rule_value(spacy_installed):
    extractors = _extractors()
    found = dict.fromkeys(extractors, 0)
    added = 0
    kept = set(extractors["default"].settings.model_types)
    for texts, values in _cluster_texts_and_values():
        seen = {name: set() for name in extractors}
        for text in texts:
            by = {name: {(e.original, e.type) for e in x.extract_text(text)} for name, x in extractors.items()}
            # the model fills gaps, it never replaces a rule's span
            assert by["rules"] <= by["default"] <= by["thorough"], text[:80]
            added += len(by["default"] - by["rules"])
            # the default keeps only the model's open-ended types
            assert {t for _, t in by["default"] - by["rules"]} <= kept, text[:80]
            for name in extractors:
                seen[name] |= {v.lower() for v, _ in by[name]}
        for value, _type in values:
            for name in found:
                found[name] += value.lower() in seen[name]
    assert added > 0
    # set_c was never trained on: the model must find a good share more of its person's values,
    # the default (seven of its types) part of that
    assert found["thorough"] >= found["rules"] + 8, found
    assert found["thorough"] > found["default"] > found["rules"], found


def test_the_cli_runs_the_thorough_preset(spacy_installed, run_cli, tmp_path):
    out = tmp_path / "out"
    result = run_cli("analyze", HELD_OUT / "documents", "--out", out, "--preset", "health-insurance-thorough", "-q")
    assert result.exit_code == 0, result.output
    run = json.loads((out / "run.json").read_text(encoding="utf-8"))
    assert "insurance_model" in run["settings"]["rules"]["recognizers"]
    assert run["versions"]["insurance_model_manifest_sha256"] == ner_model.INSURANCE_MANIFEST_SHA256
    assert run["versions"]["spacy"].startswith("3.8")
    default_out = tmp_path / "default"
    assert run_cli("analyze", HELD_OUT / "documents", "--out", default_out, "-q").exit_code == 0
    assert len(read_jsonl(out / "entities.jsonl")) > len(read_jsonl(default_out / "entities.jsonl"))


def _values(out) -> set[tuple[str, str]]:
    return {(e["type"], e["normalized_value"]) for e in read_jsonl(out / "entities.jsonl")}


def test_the_default_runs_the_model_on_a_small_corpus_and_says_so(spacy_installed, run_cli, tmp_path):
    out, rules = tmp_path / "default", tmp_path / "rules"
    assert run_cli("analyze", HELD_OUT / "documents", "--out", out, "-q").exit_code == 0
    run = json.loads((out / "run.json").read_text(encoding="utf-8"))
    assert run["models_not_run"] == {} and not run["warnings"]
    assert "Extractor: rules (preset health-insurance, with insurance_model)" in (out / "report.md").read_text()
    assert run["versions"]["insurance_model_manifest_sha256"] == ner_model.INSURANCE_MANIFEST_SHA256
    config = tmp_path / "rules.toml"
    config.write_text('[preset]\nextends = "health-insurance"\n[extraction]\ndisable = ["insurance_model"]\n')
    assert run_cli("analyze", HELD_OUT / "documents", "--out", rules, "-q", "--config", config).exit_code == 0
    added = _values(out) - _values(rules)
    assert added and {t for t, _ in added} <= set(run["settings"]["rules"]["model_types"])


def test_over_its_size_the_default_leaves_the_model_out_and_says_why(spacy_installed, run_cli, tmp_path):
    """A corpus over model_max_characters gets the rules alone: the values of a run without the
    model, a warning that names the model, the size and the way to run it, and run.json's record."""
    small = tmp_path / "small.toml"
    small.write_text('[preset]\nextends = "health-insurance"\n[extraction]\nmodel_max_characters = 5000\n')
    rules = tmp_path / "rules.toml"
    rules.write_text('[preset]\nextends = "health-insurance"\n[extraction]\ndisable = ["insurance_model"]\n')
    out, without = tmp_path / "over", tmp_path / "without"
    result = run_cli("analyze", HELD_OUT / "documents", "--out", out, "--config", small)
    assert result.exit_code == 0, result.output
    flat = " ".join(result.output.split())
    assert "recognizer insurance_model did not run" in flat and "model_max_characters = 5,000" in flat
    assert "health-insurance-thorough" in flat
    run = json.loads((out / "run.json").read_text(encoding="utf-8"))
    assert list(run["models_not_run"]) == ["insurance_model"] and "5,000" in run["models_not_run"]["insurance_model"]
    assert "insurance_model_manifest_sha256" not in run["versions"]  # no build of it found anything
    assert any("insurance_model did not run" in w for w in run["warnings"])
    report = (out / "report.md").read_text()
    assert "Extractor: rules (preset health-insurance), insurance_model left out" in report
    assert run_cli("analyze", HELD_OUT / "documents", "--out", without, "-q", "--config", rules).exit_code == 0
    assert _values(out) == _values(without)
    # and for scripts: analyze --json says it too
    result = run_cli("analyze", HELD_OUT / "documents", "--out", tmp_path / "json", "--config", small, "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert list(summary["models_not_run"]) == ["insurance_model"] and summary["warnings"]


def test_one_extractor_decides_per_corpus(spacy_installed):
    """The size is the corpus's: the same extractor runs the model on a small corpus after a large one."""
    from sanon_graph.models import Document

    settings = load_settings(overrides={"preset": "health-insurance"})
    extractor = RulesExtractor(settings.entity_schema, settings.rules.model_copy(update={"model_max_characters": 200}))
    text = "He volunteers as a lifeboat crew member and was treated with hyperbaric oxygen sessions."
    docs = [Document(doc_id=f"d{i}", source_id=f"d{i}", content=text, path="a.json", record=i) for i in range(4)]
    extractor.extract(docs)
    assert list(extractor.models_not_run) == ["insurance_model"]
    found = extractor.extract(docs[:1])
    assert extractor.models_not_run == {}
    alone = RulesExtractor(settings.entity_schema, rules_alone(settings.rules)).extract(docs[:1])
    def values(found):
        return {(e.original, e.type) for e in found["d0"]}

    assert values(found) > values(alone)  # the model ran: it added values


@pytest.mark.parametrize("extraction", ['model_types = ["SHOE_SIZE"]', 'model_types = ["treatment"]',
                                        "model_max_characters = -1", "model_max_characters = true"])
def test_model_settings_are_checked_when_the_config_is_read(tmp_path, extraction):
    config = tmp_path / "bad.toml"
    config.write_text(f'[preset]\nextends = "health-insurance"\n[extraction]\n{extraction}\n')
    with pytest.raises(ConfigError, match=extraction.split(" = ")[0]):
        load_settings(config)


def test_each_preset_says_how_large_a_corpus_its_models_read():
    from sanon_graph.extract.recognizers.settings import DEFAULT_MODEL_TYPES, MODEL_TYPES

    extractors = _extractors()
    thorough = extractors["thorough"].settings
    assert thorough.model_types == [] and thorough.model_max_characters == 0
    [model] = [r for r in extractors["thorough"].recognizers if r.name == "insurance_model"]
    assert model.types == frozenset(MODEL_TYPES)
    [model] = [r for r in extractors["default"].recognizers if r.name == "insurance_model"]
    assert model.types == frozenset(DEFAULT_MODEL_TYPES) and extractors["default"].settings.model_max_characters > 0
    # the domains' NER model reads a corpus of any size, as before the limit
    for preset in ("legal", "hr"):
        settings = load_settings(overrides={"preset": preset})
        assert "ner" in settings.rules.recognizers and settings.rules.model_max_characters == 0
    rules = load_settings(overrides={"preset": "health-insurance-rules"}).rules
    assert rules.recognizers == extractors["default"].settings.without_models().recognizers


def test_extract_and_eval_say_when_the_model_was_left_out(spacy_installed, run_cli, tmp_path):
    small = tmp_path / "small.toml"
    small.write_text('[preset]\nextends = "health-insurance"\n[extraction]\nmodel_max_characters = 5000\n')
    result = run_cli("extract", HELD_OUT / "documents", "--out", tmp_path / "e.jsonl", "--extractor", "rules",
                     "--config", small, "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert list(summary["models_not_run"]) == ["insurance_model"]
    assert "recognizer insurance_model did not run" in " ".join(result.stderr.split())
    legal = ROOT / "examples" / "legal"
    result = run_cli("eval", "spans", legal / "documents", "--gold", legal / "gold_spans.jsonl", "--config", small, "--json")
    assert result.exit_code == 0, result.output
    assert list(json.loads(result.stdout)["models_not_run"]) == ["insurance_model"]
    assert "these figures are without it" in " ".join(result.stderr.split())
    # ablate and eval extract once for all their runs: the record of that extraction is kept
    out = tmp_path / "ablate"
    result = run_cli("ablate", HELD_OUT / "documents", "--out", out, "--config", small, "-q",
                     "--strategies", "greedy", "--chain-lengths", "2", "--document-only", "")
    assert result.exit_code == 0, result.output
    record = json.loads((out / "extraction.json").read_text(encoding="utf-8"))
    assert list(record["models_not_run"]) == ["insurance_model"]
    assert "insurance_model_manifest_sha256" not in record["versions"]


def test_after_a_corpus_over_the_limit_a_single_text_still_gets_the_model(spacy_installed):
    settings = load_settings(overrides={"preset": "health-insurance"})
    extractor = RulesExtractor(settings.entity_schema, settings.rules.model_copy(update={"model_max_characters": 200}))
    text = "He volunteers as a lifeboat crew member and was treated with hyperbaric oxygen sessions."
    before = {e.original for e in extractor.extract_text(text)}
    assert "lifeboat crew member" in before  # the model's value
    from sanon_graph.models import Document

    extractor.extract([Document(doc_id=f"d{i}", source_id=f"d{i}", content=text, path="a.json", record=i)
                       for i in range(4)])
    assert list(extractor.models_not_run) == ["insurance_model"]
    assert {e.original for e in extractor.extract_text(text)} == before


def test_the_preset_is_listed_with_what_it_costs(run_cli):
    result = run_cli("analyze", "--help")
    flat = "".join(result.output.split())  # click wraps the help at hyphens
    assert "health-insurance-thorough:health-insurancewitheverytypeofitsstatisticalentitymodel" in flat
    assert "slower" in result.output


def test_settings_name_it_like_any_recognizer():
    settings = RecognizerSettings(recognizers=["email", "insurance_model"])
    from sanon_graph.extract.recognizers import emitted_types

    assert {"MEDICAL_CONDITION", "TREATMENT", "DEMOGRAPHIC"} <= emitted_types(settings)


def test_the_manifest_says_how_the_script_trains():
    script = _train_script()
    manifest = json.loads((ner_model.INSURANCE_MODEL_DIR / "manifest.json").read_text(encoding="utf-8"))
    assert (manifest["epochs"], manifest["seed"]) == (script.EPOCHS, script.SEED)
    # which sets it learnt as partial annotation: changing the list without retraining fails here
    assert manifest["partial_labels"] == [f"examples/{s}" for s in script.PARTIAL_LABELS]


def test_sets_labelled_as_the_generator_labels_teach_only_what_they_label(tmp_path):
    """A set that labels some of a person's values (PARTIAL_LABELS) leaves the rest unknown to the
    model, not "no entity"; a completely labelled set says every other word is none."""
    import spacy
    from spacy.tokens import DocBin

    script = _train_script()
    sets = [s for s in script.training_sets() if s.name in ("set_h", "set_x")]
    flags = {s.name: {partial for _, _, partial in script.labelled_docs([s])} for s in sets}
    assert flags == {"set_h": {False}, "set_x": {True}}  # labelled completely; as the generator labels
    trained = {s.relative_to(ROOT / "examples").as_posix() for s in script.training_sets()}
    assert set(script.PARTIAL_LABELS) <= trained  # every set named is trained on
    text = "Monthly natalizumab infusions at Elmbrook Clinic."
    spans = [(0, len("Monthly natalizumab infusions"), "TREATMENT")]
    script.write_docbin([(text, spans, True), (text, spans, False)], tmp_path / "t.spacy")
    some, every = DocBin().from_disk(tmp_path / "t.spacy").get_docs(spacy.blank("en").vocab)
    assert [t.ent_iob_ for t in some] == ["B", "I", "I", "", "", "", ""]  # the rest unknown
    assert [t.ent_iob_ for t in every] == ["B", "I", "I", "O", "O", "O", "O"]


def test_no_held_out_document_is_in_a_training_set():
    """A held-out document copied into a training set would make the held-out figures tuned-on."""
    script = _train_script()
    training = {" ".join(text.split()) for text, _, _ in script.labelled_docs(script.training_sets())}
    for held_out in script.HELD_OUT:
        for path in sorted((ROOT / "examples" / held_out / "clusters").glob("*.json")):
            for doc in json.loads(path.read_text(encoding="utf-8"))["documents"]:
                assert " ".join(doc["content"].split()) not in training, (held_out, doc["id"])


def test_worker_processes_run_the_insurance_model_not_the_other(spacy_installed):
    text = ("Member Rosalind Oosterwijk, 58, a retired lighthouse keeper from Tobermory, was treated at "
            "Strathmore Infirmary for hereditary angioedema with lanadelumab injections.")
    texts = [text] * (2 * ner_model.CHUNK + 7)  # enough for the worker path
    one = ner_model.ner_spans(texts[:1], which=ner_model.INSURANCE)[0]
    many = ner_model.ner_spans(texts, n_process=2, which=ner_model.INSURANCE)
    from sanon_graph.extract.recognizers.insurance_model import MODEL_TYPES

    assert {s.label for s in one} & set(MODEL_TYPES)  # the insurance model's labels, not OntoNotes'
    assert all(spans == one for spans in many)


def test_without_spacy_the_error_names_the_recognizer_and_the_way_out(monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(ner_model.importlib.util, "find_spec", lambda name, *a: None if name == "spacy" else real(name, *a))
    settings = load_settings(overrides={"preset": "health-insurance-thorough"})
    with pytest.raises(ConfigError) as caught:
        RulesExtractor(settings.entity_schema, settings.rules)
    message = str(caught.value)
    assert "insurance_model" in message and "pip install sanon-graph" in message and "disable" in message


def test_a_schema_without_the_models_types_gets_none_of_them(spacy_installed, tmp_path):
    config = tmp_path / "names.toml"
    config.write_text('[entity_types.NAME]\nweight = 1.0\ndirect = true\n\n[extraction]\nrecognizers = ["titled_name", "insurance_model"]\n',
                      encoding="utf-8")
    settings = load_settings(config)
    extractor = RulesExtractor(settings.entity_schema, settings.rules)
    found = extractor.extract_text("Mr. Oswin Carraway, 58, has hereditary angioedema treated with lanadelumab.")
    assert found and {e.type for e in found} == {"NAME"}


def test_the_models_values_are_written_as_the_rules_write_them(spacy_installed):
    thorough = _extractors()["thorough"]
    [model] = [r for r in thorough.recognizers if r.name == "insurance_model"]
    [phone] = [e for e in thorough.extract_text("Call (415) 555-0132 today.") if e.type == "PHONE_NUMBER"]
    assert model._value("PHONE_NUMBER", "(415) 555-0132") == phone.normalized
    assert model._value("NAME", "Dr.  Ezeoke") == "dr ezeoke"
    assert model._value("MEDICAL_CONDITION", "e11.9") == "E11.9"
    assert model._value("EVENT_DATE", "March 3, 2024") == "2024-03-03"
    # a place with its surroundings or its state is the town, as the rules' place recognizers write it
    from sanon_graph.extract.recognizers.locations import place_value

    for written in ("Ashtabula, OH", "Ashtabula area", "Ashtabula, Ohio"):
        [rule] = [e for e in thorough.extract_text(f"She lives in {written} now.") if e.type == "LOCATION"]
        assert model._value("LOCATION", written) == rule.normalized == "ashtabula"
    assert model._value("LOCATION", "Ashtabula-area") == "ashtabula"
    assert place_value("the Ashtabula area") == "ashtabula"


def test_a_place_value_keeps_what_names_the_place():
    from sanon_graph.extract.recognizers.locations import place_value

    # a state's name is part of the place unless a comma sets it after a town; a county, a
    # valley and a base's letters are names as written
    for name, value in (("West Virginia", "west virginia"), ("Port Washington", "port washington"),
                        ("Kamloops, British Columbia", "kamloops"), ("Duluth MN 55802", "duluth"),
                        ("Ashford County", "ashford county"), ("Quillbrook Valley", "quillbrook valley"),
                        ("Mountain Home AFB", "mountain home afb"), ("North Shore region", "north shore"),
                        # an area word with a capital is the name's; a region named_area keeps whole stays
                        ("Peak District", "peak district"), ("Bay Area", "bay area"), ("Tri-State area", "tri-state area"),
                        # postcodes of other countries go with the state, as city_state cuts them
                        ("Ballarat VIC 3350", "ballarat"), ("Halifax, NS B3H 2Y9", "halifax"),
                        ("Ashtabula area, OH", "ashtabula"), ("the metro area", "metro area"),
                        # an abbreviated opening is written out, as city_state writes it (stop 52); an
                        # article stays where the city list writes the name with it
                        ("St. Louis, MO", "saint louis"), ("Ft. Myers area", "fort myers"),
                        ("The Hague", "the hague"), ("the Hague area", "the hague"), ("The Dalles, OR", "the dalles"),
                        ("The Woodlands, TX", "the woodlands"), ("the Netherlands", "netherlands"),
                        ("Washington, D.C.", "washington")):
        assert place_value(name) == value, name


def test_a_closing_bracket_the_span_opened_stays():
    from sanon_graph.extract.ner_model import NerSpan, trimmed

    text = "type 2 diabetes (T2DM)."
    assert trimmed(NerSpan(0, len(text), "X", text)).text == "type 2 diabetes (T2DM)"
    assert trimmed(NerSpan(0, 5, "X", "EUR),")).text == "EUR"


def test_a_head_noun_alone_is_no_value_from_the_model():
    """"these treatments" or "her condition" points at a value said elsewhere; "music therapy"
    and "dry needling" name one."""
    from sanon_graph.extract.recognizers.insurance_model import _head_alone

    for general in ("treatments", "these treatments", "her condition", "chronic condition", "therapy"):
        assert _head_alone(general), general
    for specific in ("music therapy", "dry needling", "stem cell transplant", "omalizumab"):
        assert not _head_alone(specific), specific


def test_the_recognizer_drops_a_head_alone_only_for_conditions_and_treatments(spacy_installed):
    """find() on spans as the model gives them (seeded in its cache, so the filter is what is
    tested, whatever the shipped weights read): "these treatments" as a treatment or a condition
    is no value; the same words as another kept type still are, and a specific treatment stays."""
    from sanon_graph.extract.ner_model import NerSpan

    thorough = _extractors()["thorough"]
    [model] = [r for r in thorough.recognizers if r.name == "insurance_model"]
    text = "She asked about these treatments and music therapy."
    heads = text.index("these treatments"), text.index(" and")
    specific = text.index("music therapy"), text.index(".")
    other = next(t for t in ("UNIQUE_FACT", "EVENT", "INDIRECT_IDENTIFIER") if t in model.types)

    def found(label):
        model._spans._cache[model._spans._key(text)] = [
            NerSpan(*heads, label, text[slice(*heads)]), NerSpan(*specific, "TREATMENT", text[slice(*specific)])]
        return {(s.type, text[s.start:s.end]) for s in model.find(text)}

    assert found("TREATMENT") == found("MEDICAL_CONDITION") == {("TREATMENT", "music therapy")}
    assert found(other) == {(other, "these treatments"), ("TREATMENT", "music therapy")}


def test_a_care_phrase_in_capitals_is_no_name_from_the_model():
    from sanon_graph.extract.recognizers.insurance_model import _names_care

    assert _names_care("Lamotrigine Therapy") and _names_care("Ketogenic Diet Treatment")
    assert not _names_care("Ysolde Farraday") and not _names_care("Tom Brace")  # a short head is a surname too


def test_a_value_does_not_end_on_a_joining_word():
    from sanon_graph.extract.ner_model import NerSpan, trimmed

    text = "a 9% drop in visits for the plan"
    start, end = text.index("9%"), text.index(" the plan")
    t = trimmed(NerSpan(start, end, "UNIQUE_FACT", text[start:end]))
    assert t.text == "9% drop in visits" and text[t.start:t.end] == t.text
    assert trimmed(NerSpan(0, 22, "X", "Court of Appeal of the")).text == "Court of Appeal"
    assert trimmed(NerSpan(0, 10, "X", "Bank of Oz")).text == "Bank of Oz"  # inside, it stays
    # the comma before the joining word goes too, so the value links with the same words elsewhere
    text = "knee pain, and"
    t = trimmed(NerSpan(10, 10 + len(text), "MEDICAL_CONDITION", text))
    assert (t.text, t.start, t.end) == ("knee pain", 10, 19)
    # a capital letter or code is part of the value: "Hepatitis A", a state's code, a name
    for whole in ("Hepatitis A", "Vitamin A", "Portland, OR", "Tran Van An", "Ms Mai To"):
        assert trimmed(NerSpan(0, len(whole), "X", whole)).text == whole


class _Recorder:
    """A Progress that keeps each stage's total and what was reported done."""

    def __init__(self):
        self.stages = {}

    @contextmanager
    def stage(self, name, total=None):
        done = self.stages.setdefault(name, [total, 0])

        def advance(n, note=None):
            done[1] += n

        yield advance

    def warn(self, message):
        pass


def test_the_progress_bar_counts_the_models_pass(spacy_installed, tmp_path):
    """The model reads the corpus before the rules do (minutes for a large corpus): the extract
    bar counts both passes and ends full."""
    from sanon_graph.pipeline import analyze

    settings = load_settings(overrides={"preset": "health-insurance-thorough"})
    recorder = _Recorder()
    analyze(ROOT / "examples" / "insurance_heldout" / "set_a" / "documents", tmp_path / "out", settings,
            progress=recorder)
    total, done = recorder.stages["extract"]
    assert total == 2 * 40 and done == total
    # left out of a corpus over the limit, the model's pass is counted done at once: the bar ends full
    recorder = _Recorder()
    analyze(ROOT / "examples" / "insurance_heldout" / "set_a" / "documents", tmp_path / "over",
            settings.model_copy(update={"rules": settings.rules.model_copy(update={"model_max_characters": 1000})}),
            progress=recorder)
    total, done = recorder.stages["extract"]
    assert total == 2 * 40 and done == total


def test_a_model_span_around_rule_spans_is_a_value_beside_theirs():
    from sanon_graph.extract.recognizers.base import Span
    from sanon_graph.extract.recognizers.engine import ENCLOSED_RELEVANCE_FACTOR, enclosing

    text = "a retired dentist from Duluth, Minnesota"
    rule = Span(10, 17, "INDIRECT_IDENTIFIER", "dentist", 0.6, "occupation")
    place = Span(23, 40, "LOCATION", "duluth, minnesota", 0.45, "city_state")
    around = Span(2, 17, "DEMOGRAPHIC", "retired dentist", 0.24, "insurance_model")
    across = Span(10, 29, "LOCATION", "dentist from duluth", 0.36, "insurance_model")  # cuts "duluth, minnesota"
    same = Span(10, 17, "DEMOGRAPHIC", "dentist", 0.24, "insurance_model")  # no longer than the rule's
    ontonotes = Span(2, 17, "ORGANISATION", "retired dentist", 0.5, "ner")  # not an enclosing recognizer
    assert text[around.start:around.end] == "retired dentist"
    [kept] = enclosing([rule, place, around, across, same, ontonotes], [rule, place])
    assert (kept.start, kept.end, kept.type) == (2, 17, "DEMOGRAPHIC")
    assert kept.relevance == pytest.approx(0.24 * ENCLOSED_RELEVANCE_FACTOR)
    assert around.relevance == 0.24  # the finding itself is left as it was
    assert enclosing([around], []) == []  # around nothing: a gap the engine fills, not an enclosing value


def test_the_model_weighs_general_words_as_the_rules_do(spacy_installed):
    """A condition of one short plain word no vocabulary names ("cough") is no value from the
    model, as it is none from the rules; a symptom or a routine examination it finds weighs what
    the rules give one."""
    from sanon_graph.extract.recognizers.insurance_model import _too_general
    from sanon_graph.extract.recognizers.medical import ROUTINE_RELEVANCE, SYMPTOM_RELEVANCE

    model = next(r for r in _extractors()["default"].recognizers if r.name == "insurance_model")
    conditions = model.gaz.conditions
    assert _too_general("cough", "cough", conditions) and _too_general("Fever", "fever", conditions)
    assert "gout" in conditions and not _too_general("gout", "gout", conditions)  # a condition the rules name
    assert not _too_general("COPD", "copd", conditions) and not _too_general("E11.9", "E11.9", conditions)
    assert not _too_general("sciatica", "sciatica", conditions)  # longer words are left to the model
    assert model._relevance("MEDICAL_CONDITION", "dizziness") == SYMPTOM_RELEVANCE
    assert model._relevance("TREATMENT", "mri") == ROUTINE_RELEVANCE
    assert model._relevance("MEDICAL_CONDITION", "hereditary angioedema") > SYMPTOM_RELEVANCE
    # a treatment or event of one word that names no drug or treatment the rules know is said of many
    assert model._relevance("TREATMENT", "check-up") == ROUTINE_RELEVANCE
    assert model._relevance("TREATMENT", "omalizumab") > ROUTINE_RELEVANCE  # a drug
    assert model._relevance("TREATMENT", "acupuncture") > ROUTINE_RELEVANCE  # a treatment the rules list
    assert model._relevance("TREATMENT", "balance training") > ROUTINE_RELEVANCE  # more than one word
    assert not [e for e in _extractors()["default"].extract_text("He had a cough for two weeks.")
                if e.original.lower() == "cough"]


@pytest.mark.parametrize(("written", "found"), [
    # what stands before a name is none of it: a sign-off, a relation, a word in lower case
    ("Signed Rafe", ("NAME", "Rafe", "rafe")),
    ("Husband Osric Quillfeather", ("NAME", "Osric Quillfeather", "osric quillfeather")),
    ("late K. Pellingham", ("NAME", "K. Pellingham", "k. pellingham")),
    ("Keziah van Wyk", ("NAME", "Keziah van Wyk", "keziah van wyk")),  # a particle is the name's
    ("Mr. Brannock", ("NAME", "Mr. Brannock", "mr brannock")),  # a title stays
    # an organisation's head word: a place of care is a provider, another organisation a circumstance
    ("Coralbay Prosthodontics", ("PROVIDER", "Coralbay Prosthodontics", "coralbay prosthodontics")),
    ("Duinrand Apotheek", ("PROVIDER", "Duinrand Apotheek", "duinrand apotheek")),
    ("Mesquite Flats Sinfonietta", ("INDIRECT_IDENTIFIER", "Mesquite Flats Sinfonietta", "mesquite flats sinfonietta")),
    ("Mother-in-law Agnes Quillfeather", ("NAME", "Agnes Quillfeather", "agnes quillfeather")),
    # the person's role in the record after the name is none of it, two words of the name stay
    ("Brannock, Osric T. Member", ("NAME", "Brannock, Osric T.", "brannock, osric t.")),
    ("Osric Brannock Patient", ("NAME", "Osric Brannock", "osric brannock")),
    ("Osric Member", ("NAME", "Osric Member", "osric member")),
    # a role word that is a surname too stays; a given-first name is not left ending in an initial
    ("Osric T. Holder", ("NAME", "Osric T. Holder", "osric t. holder")),
    ("Osric Brannock Clerk", ("NAME", "Osric Brannock Clerk", "osric brannock clerk")),
    ("Osric T. Member", ("NAME", "Osric T. Member", "osric t. member")),
    ("Brannock, Osric S", ("NAME", "Brannock, Osric S", "brannock, osric s")),  # "s" is no role
    # a person's name that ends in a word organisations end in too stays a name
    ("Mr. Law", ("NAME", "Mr. Law", "mr law")),
    ("Charlotte Church", ("NAME", "Charlotte Church", "charlotte church")),
    # a digit, nothing but words before a name, or a title or an initial alone: no one
    ("Weeks 1-4", None),
    ("Signed", None),
    ("Signed Dr.", None),
    ("Signed J.", None),
])
def test_a_models_name_is_the_persons_name_or_no_name(spacy_installed, written, found):
    """find() on a NAME span as the model gives it (seeded in its cache, so the filter is what is
    tested, whatever the shipped weights read)."""
    from sanon_graph.extract.ner_model import NerSpan

    [model] = [r for r in _extractors()["default"].recognizers if r.name == "insurance_model"]
    text = f"Noted on the file: {written}."
    start = text.index(written)
    model._spans._cache[model._spans._key(text)] = [NerSpan(start, start + len(written), "NAME", written)]
    got = [(s.type, text[s.start:s.end], s.normalized) for s in model.find(text)]
    assert got == ([found] if found else [])


@pytest.mark.parametrize(("span", "kept"), [
    ("Mrs Philomena Gallagher\nMedical", "Mrs Philomena Gallagher"),  # the next field's word
    ("AFTER VISIT SUMMARY\nNorthgate Medical Center", "Northgate Medical Center"),  # the heading before
    ("Claims Assessor\nHarcourt Mutual", "Harcourt Mutual"),  # two lines as long: the later
    ("Ridgeway Clinic", "Ridgeway Clinic"),
])
def test_a_model_span_is_cut_to_one_line(span, kept):
    from sanon_graph.extract.recognizers.insurance_model import _one_line

    text = f"Re: {span} (copy)"
    start, end = _one_line(text, 4, 4 + len(span))
    assert text[start:end] == kept


def test_a_model_span_wrapped_in_a_sentence_stays_whole():
    from sanon_graph.extract.recognizers.insurance_model import _one_line

    text = "She has rheumatoid\narthritis since 2019."
    start, end = _one_line(text, text.index("rheumatoid"), text.index(" since"))
    assert text[start:end] == "rheumatoid\narthritis"
