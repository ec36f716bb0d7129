"""Presidio interoperability (issue 15, item 7): a user's presidio-analyzer recognizers run as one
sanon-graph recognizer, with their entity names mapped to schema types. Real presidio-analyzer
recognizers, no model. Skipped with the reason when the presidio extra is not installed, unless
SANON_GRAPH_REQUIRE_PRESIDIO=1 (CI), where that fails."""

from __future__ import annotations

import json
import os
import re
import textwrap

import pytest

from sanon_graph.config import load_settings
from sanon_graph.errors import ConfigError
from sanon_graph.extract.recognizers import RulesExtractor

from .conftest import read_jsonl, write_json


@pytest.fixture(autouse=True)
def presidio():
    try:
        import presidio_analyzer
    except ImportError:
        reason = "the presidio extra is not installed (pip install 'sanon-graph[presidio]')"
        if os.environ.get("SANON_GRAPH_REQUIRE_PRESIDIO") == "1":
            pytest.fail(f"SANON_GRAPH_REQUIRE_PRESIDIO=1 but {reason}", pytrace=False)
        pytest.skip(reason)
    return presidio_analyzer


MODULE = '''
from presidio_analyzer import Pattern, PatternRecognizer

RECOGNIZERS = [
    PatternRecognizer(
        supported_entity="EMPLOYEE_NUMBER",
        name="employee_number",
        patterns=[Pattern("employee number", r"\\bEMP-\\d{5}\\b", 0.5)],
        context=["employee", "staff"],
    ),
]
'''
CONFIG = '''
[preset]
extends = "health-insurance"

[entity_types.EMPLOYEE_ID]
weight = 0.95
direct = true

[extraction]
relevance = { EMPLOYEE_ID = 0.9 }

[extraction.presidio]
module = "my_recognizers.py"
entity_map = { EMPLOYEE_NUMBER = "EMPLOYEE_ID" }
'''


def _config(tmp_path, config=CONFIG, module=MODULE):
    (tmp_path / "my_recognizers.py").write_text(textwrap.dedent(module), encoding="utf-8")
    path = tmp_path / "mine.toml"
    path.write_text(config, encoding="utf-8")
    return path


def _extractor(config):
    settings = load_settings(config)
    return RulesExtractor(settings.entity_schema, settings.rules)


def test_a_pattern_recognizer_runs_through_the_adapter(tmp_path):
    ex = _extractor(_config(tmp_path))
    found = {(e.original, e.normalized, e.type): e.relevance for e in ex.extract_text(
        "The employee EMP-48213 met EMP-77120 at the depot.")}
    # Presidio's score (0.5, +0.35 with a context word nearby) times the type's base relevance (0.9)
    assert found[("EMP-48213", "emp-48213", "EMPLOYEE_ID")] == pytest.approx(0.9 * 0.85)
    assert found[("EMP-77120", "emp-77120", "EMPLOYEE_ID")] == pytest.approx(0.9 * 0.85)
    far = {(e.original, e.type): e.relevance for e in ex.extract_text(
        "At the depot a parcel was labelled EMP-48213 yesterday.")}
    assert far[("EMP-48213", "EMPLOYEE_ID")] == pytest.approx(0.9 * 0.5)


def test_the_score_as_relevance_and_a_minimum_score(tmp_path):
    config = _config(tmp_path, CONFIG + 'score = "relevance"\n')
    [e] = [e for e in _extractor(config).extract_text("Staff EMP-48213.") if e.type == "EMPLOYEE_ID"]
    assert e.relevance == pytest.approx(0.85)
    config = _config(tmp_path, CONFIG + "min_score = 0.6\n")
    found = [(e.original, e.type) for e in _extractor(config).extract_text(
        "Staff EMP-48213 left early; on the loading bay a parcel read EMP-77120.")]
    assert ("EMP-48213", "EMPLOYEE_ID") in found and ("EMP-77120", "EMPLOYEE_ID") not in found


def test_recognizers_from_presidio_yaml(tmp_path):
    (tmp_path / "recognizers.yaml").write_text(textwrap.dedent('''
        recognizers:
          - name: "badge recognizer"
            supported_language: "en"
            supported_entity: "BADGE"
            patterns:
              - name: "badge"
                regex: "\\\\bBDG\\\\d{4}\\\\b"
                score: 0.8
    '''), encoding="utf-8")
    config = _config(tmp_path, CONFIG.replace('module = "my_recognizers.py"', 'yaml = "recognizers.yaml"')
                     .replace('EMPLOYEE_NUMBER = "EMPLOYEE_ID"', 'BADGE = "EMPLOYEE_ID"'))
    found = [(e.original, e.type) for e in _extractor(config).extract_text("Badge BDG1234 opened door 7; BDG12345 not.")]
    assert ("BDG1234", "EMPLOYEE_ID") in found
    assert not any(o.startswith("BDG12345") and t == "EMPLOYEE_ID" for o, t in found)


def test_analyze_masks_what_the_presidio_recognizer_finds(run_cli, tmp_path):
    config = _config(tmp_path)
    texts = ["Staff member EMP-48213 (Talia Brennagh) moved to the Harbour Road depot.",
             "Review for employee EMP-48213: late twice in March, EMP-77120 covered the shift."]
    for i, text in enumerate(texts):
        write_json(tmp_path / "in" / f"d{i}.json", {"id": f"d{i}", "content": text, "metadata": {}})
    out = tmp_path / "out"
    result = run_cli("analyze", tmp_path / "in", "--out", out, "-q", "--config", config)
    assert result.exit_code == 0, result.output
    ids = {e["normalized_value"]: e for e in read_jsonl(out / "entities.jsonl") if e["type"] == "EMPLOYEE_ID"}
    assert set(ids) == {"emp-48213", "emp-77120"} and all(e["masked"] for e in ids.values())
    masked = "".join(p.read_text() for p in (out / "masked").rglob("*.json"))
    assert not re.search(r"EMP-\d{5}", masked) and "[EMPLOYEE_ID]" in masked
    rules = json.loads((out / "run.json").read_text())["settings"]["rules"]
    assert rules["presidio"]["entity_map"] == {"EMPLOYEE_NUMBER": "EMPLOYEE_ID"}
    assert rules["presidio"]["module"] == str(tmp_path / "my_recognizers.py")


NEEDS_NLP = '''
from presidio_analyzer import EntityRecognizer

class Lemmas(EntityRecognizer):
    def load(self):
        pass

    def analyze(self, text, entities, nlp_artifacts):
        return [t for t in nlp_artifacts.tokens]

RECOGNIZERS = [Lemmas(supported_entities=["EMPLOYEE_NUMBER"], name="lemma_recognizer")]
'''


@pytest.mark.parametrize("config, module, message", [
    (CONFIG.replace("EMPLOYEE_NUMBER =", "EMPLOYEE_NO ="), MODULE, r"mine\.toml.*entity_map.*EMPLOYEE_NO"),
    (CONFIG.replace("my_recognizers.py", "missing.py"), MODULE, r"mine\.toml.*missing\.py.*not found"),
    (CONFIG, "RECOGNIZERS = ['not a recognizer']", r"mine\.toml.*RECOGNIZERS.*not presidio-analyzer"),
    (CONFIG, "import no_such_package_here", r"mine\.toml.*cannot import.*no_such_package_here"),
    (CONFIG, NEEDS_NLP, r"mine\.toml.*'lemma_recognizer'.*NLP artifacts"),
    (CONFIG.replace('"EMPLOYEE_ID" }', '"STAFF_ID" }'), MODULE, r"mine\.toml.*entity_map.*STAFF_ID.*not in the schema"),
    (CONFIG.replace("entity_map", "entity_mapping"), MODULE, r"mine\.toml.*presidio.*entity_mapping"),
])
def test_bad_presidio_settings_are_errors_naming_the_file(tmp_path, config, module, message):
    with pytest.raises(ConfigError, match=message):
        load_settings(_config(tmp_path, config, module))
