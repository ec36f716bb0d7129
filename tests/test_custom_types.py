"""A domain's own types (issue 15, item 6): a schema type no recognizer emits is an error, and a
config adds patterns and word lists for its types without code. All data invented."""

from __future__ import annotations

import json
import re

import pytest

from sanon_graph.config import load_settings
from sanon_graph.errors import ConfigError
from sanon_graph.extract.recognizers import RulesExtractor

from .conftest import read_jsonl, write_json

EMPLOYEE_TYPE = "[entity_types.EMPLOYEE_ID]\nweight = 0.95\ndirect = true\n"
PATTERN = """
[[extraction.patterns]]
name = "employee_id"
type = "EMPLOYEE_ID"
regex = "EMP-\\\\d{5}"
context = ["employee", "staff"]
relevance = 0.9
context_boost = 0.05
"""
DEPARTMENTS = """
[entity_types.DEPARTMENT]
weight = 0.5

[[extraction.word_lists]]
name = "departments"
type = "DEPARTMENT"
file = "departments.txt"
ignore_case = true
"""


def _corpus(folder):
    texts = [
        "Staff member EMP-48213 (Talia Brennagh) moved from Payroll to Facilities Management in March.",
        "Review for employee EMP-48213: the FACILITIES MANAGEMENT lead asked about payrolling errors.",
        # codes, not a badge: since stop 53 a badge's number is a person's, which the built-in rules mask
        "Codes XEMP-48213 and EMP-482130 are not employee numbers; EMP-77120 joined Payroll.",
    ]
    for i, text in enumerate(texts):
        write_json(folder / f"d{i}.json", {"id": f"d{i}", "content": text, "metadata": {}})
    return folder


def _config(tmp_path, body):
    config = tmp_path / "mine.toml"
    config.write_text('[preset]\nextends = "health-insurance"\n\n' + body, encoding="utf-8")
    return config


def test_a_type_without_a_recognizer_stops_the_run_naming_type_and_file(run_cli, tmp_path):
    config = _config(tmp_path, EMPLOYEE_TYPE)
    result = run_cli("analyze", _corpus(tmp_path / "in"), "--out", tmp_path / "out", "-q", "--config", config)
    assert result.exit_code == 2, result.output
    assert "EMPLOYEE_ID" in result.output and "mine.toml" in result.output and "no recognizer" in result.output
    assert not (tmp_path / "out").exists()


def test_a_pattern_finds_and_masks_the_domain_type(run_cli, tmp_path):
    config = _config(tmp_path, EMPLOYEE_TYPE + PATTERN)
    out = tmp_path / "out"
    result = run_cli("analyze", _corpus(tmp_path / "in"), "--out", out, "-q", "--config", config)
    assert result.exit_code == 0, result.output
    entities = [e for e in read_jsonl(out / "entities.jsonl") if e["type"] == "EMPLOYEE_ID"]
    # whole tokens only: XEMP-48213 and EMP-482130 are no matches (a built-in ID rule may still
    # type them as something else); the values fold to one form
    assert {e["normalized_value"] for e in entities} == {"emp-48213", "emp-77120"}
    assert all(e["masked"] for e in entities)
    masked = "".join(p.read_text() for p in (out / "masked").rglob("*.json"))
    assert not re.search(r"(?<!\w)EMP-(48213|77120)(?!\w)", masked)
    assert "[EMPLOYEE_ID] (" in masked and "EMP-482130" in masked  # a longer number is another value
    run = json.loads((out / "run.json").read_text())
    [pattern] = run["settings"]["rules"]["patterns"]
    assert pattern["name"] == "employee_id" and pattern["regex"] == "EMP-\\d{5}"


def test_context_words_raise_the_relevance_and_can_be_required(tmp_path):
    settings = load_settings(_config(tmp_path, EMPLOYEE_TYPE + PATTERN))
    ex = RulesExtractor(settings.entity_schema, settings.rules)

    def relevance(text):
        return [e.relevance for e in ex.extract_text(text) if e.type == "EMPLOYEE_ID"]

    assert relevance("The employee EMP-10001 signed.") == [pytest.approx(0.95)]
    assert relevance("Parcel EMP-10001 arrived at the depot.") == [pytest.approx(0.9)]
    strict = _config(tmp_path, EMPLOYEE_TYPE + PATTERN + "require_context = true\n")
    settings = load_settings(strict)
    ex = RulesExtractor(settings.entity_schema, settings.rules)
    assert relevance("Parcel EMP-10001 arrived at the depot.") == []
    assert relevance("EMP-10001, staff, signed.") == [pytest.approx(0.95)]


def test_a_word_list_from_a_file_next_to_the_config(run_cli, tmp_path):
    (tmp_path / "departments.txt").write_text("# one per line\nPayroll\nFacilities Management\n\n", encoding="utf-8")
    config = _config(tmp_path, EMPLOYEE_TYPE + PATTERN + DEPARTMENTS)
    out = tmp_path / "out"
    # run from elsewhere: the file is found next to the config, not in the working directory
    result = run_cli("analyze", _corpus(tmp_path / "in"), "--out", out, "-q", "--config", config)
    assert result.exit_code == 0, result.output
    found = {e["normalized_value"]: e for e in read_jsonl(out / "entities.jsonl") if e["type"] == "DEPARTMENT"}
    assert set(found) == {"payroll", "facilities management"}  # "payrolling" is not a whole-token match
    # case-insensitive: both spellings are one value, in both documents
    assert sorted(d.split("|")[0] for d in found["facilities management"]["doc_ids"]) == ["d0", "d1"]
    assert set(found["facilities management"]["original_values"]) == {"Facilities Management", "FACILITIES MANAGEMENT"}
    run = json.loads((out / "run.json").read_text())
    [words] = run["settings"]["rules"]["word_lists"]
    assert words["words"] == ["Payroll", "Facilities Management"] and words["ignore_case"] is True


def test_a_case_sensitive_word_list_inline(tmp_path):
    config = _config(tmp_path, DEPARTMENTS.replace('file = "departments.txt"', 'words = ["Payroll"]')
                     .replace("ignore_case = true", ""))
    settings = load_settings(config)
    ex = RulesExtractor(settings.entity_schema, settings.rules)
    found = [(e.original, e.type) for e in ex.extract_text("Payroll sent the payroll file.")]
    assert ("Payroll", "DEPARTMENT") in found and ("payroll", "DEPARTMENT") not in found


@pytest.mark.parametrize("body, message", [
    (EMPLOYEE_TYPE + PATTERN.replace("EMP-\\\\d{5}", "EMP-(\\\\d{5}"),
     r"mine\.toml.*'employee_id'.*invalid regex"),
    (EMPLOYEE_TYPE + PATTERN.replace("regex =", "regexp ="), r"mine\.toml.*'employee_id'.*unknown key.*regexp"),
    (EMPLOYEE_TYPE + PATTERN + PATTERN.replace("EMPLOYEE_ID", "EMPLOYE_ID").replace('"employee_id"', '"typo"'),
     r"mine\.toml.*'typo'.*EMPLOYE_ID.*not in the schema"),
    (EMPLOYEE_TYPE + PATTERN + PATTERN, r"mine\.toml.*employee_id.*twice"),
    (EMPLOYEE_TYPE + PATTERN + DEPARTMENTS, r"mine\.toml.*'departments'.*cannot read.*departments\.txt"),
    (EMPLOYEE_TYPE + PATTERN.replace("[[extraction.patterns]]", "[[extraction.pattern]]"),
     r"mine\.toml.*unknown key.*\[extraction\].*pattern"),
])
def test_bad_entries_are_errors_naming_file_and_entry(tmp_path, body, message):
    with pytest.raises(ConfigError, match=message):
        load_settings(_config(tmp_path, body))


def test_phrase_is_covered_by_the_ngram_pass_and_none_is_not_checked(tmp_path):
    config = _config(tmp_path, "[entity_types.PHRASE]\nweight = 0.3\n")
    with pytest.raises(ConfigError, match=r"PHRASE.*\[ngrams\]"):
        load_settings(config)
    assert "PHRASE" in load_settings(config, {"ngrams": True}).entity_schema.types
    # `none` runs the N-gram pass alone and finds no typed entities by design: not an error
    assert load_settings(_config(tmp_path, EMPLOYEE_TYPE), {"extractor": "none", "ngrams": True}).extractor == "none"


def test_the_shipped_presets_cover_their_schemas():
    for preset in ("health-insurance", "legal", "hr"):
        load_settings(None, {"preset": preset})  # raises if a type had no recognizer


def test_a_schema_that_replaces_the_presets_types_says_which_recognizers_go_idle(run_cli, tmp_path):
    # An [entity_types] table without `extends` replaces the preset's types: NAME, dates and
    # the rest are then found nowhere, which the user must hear about rather than discover.
    out = tmp_path / "out"
    replacing = tmp_path / "replacing.toml"
    replacing.write_text(EMPLOYEE_TYPE + PATTERN, encoding="utf-8")
    result = run_cli("analyze", _corpus(tmp_path / "in"), "--out", out, "-q", "--config", replacing)
    assert result.exit_code == 0, result.output
    assert "do not run" in result.output and "email, profile_url, phone" in result.output and "extends" in result.output
    run = json.loads((out / "run.json").read_text())
    assert any("do not run" in w and re.search(r"\d+ enabled recognizer", w) for w in run["warnings"])
    extract = run_cli("extract", _corpus(tmp_path / "in2"), "--extractor", "rules", "--out", tmp_path / "e.jsonl",
                      "-q", "--config", replacing)
    assert extract.exit_code == 0 and "do not run" in extract.output


def test_a_schema_that_extends_the_preset_leaves_no_recognizer_idle(run_cli, tmp_path):
    out = tmp_path / "out"
    config = _config(tmp_path, EMPLOYEE_TYPE + PATTERN)  # [preset] extends = "health-insurance"
    result = run_cli("analyze", _corpus(tmp_path / "in"), "--out", out, "-q", "--config", config)
    assert result.exit_code == 0, result.output
    assert "do not run" not in result.output
    assert not [w for w in json.loads((out / "run.json").read_text())["warnings"] if "do not run" in w]
