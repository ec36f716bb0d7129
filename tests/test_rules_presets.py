"""Domain presets (issue 15, item 3): shipped TOML files with a domain's schema and recognizer
settings; `--preset NAME`; a user's file extends or replaces one; run.json records it."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cli.main import cli
from sanon_graph.config import load_settings
from sanon_graph.errors import ConfigError
from sanon_graph.extract.recognizers import REGISTRY, RulesExtractor
from sanon_graph.presets import preset_names

# METHOD.md section 3.
METHOD_WEIGHTS = {
    "NAME": 1.00, "PATIENT_ID": 0.95, "ADDRESS": 0.90, "PHONE_NUMBER": 0.85, "MEDICAL_CONDITION": 0.85,
    "EMAIL": 0.80, "NON_PERSONAL_ID": 0.80, "UNIQUE_FACT": 0.78, "BIRTHDATE": 0.75, "TREATMENT": 0.72,
    "INDIRECT_IDENTIFIER": 0.70, "PROVIDER": 0.65, "EVENT_DATE": 0.60, "AGE": 0.55, "LOCATION": 0.55,
    "EVENT": 0.50, "DEMOGRAPHIC": 0.35,
}


def test_three_presets_ship_and_the_default_is_health_insurance():
    assert {"health-insurance", "legal", "hr"} <= set(preset_names())
    settings = load_settings()
    assert settings.preset == "health-insurance"
    assert settings.entity_schema.weights() == METHOD_WEIGHTS
    assert settings.entity_schema.direct_identifiers == {"NAME", "PATIENT_ID", "ADDRESS", "PHONE_NUMBER", "EMAIL"}
    assert settings.rules.date_order == "MDY"


@pytest.mark.parametrize("name", ["health-insurance", "legal", "hr"])
def test_every_preset_loads_and_every_recognizer_type_it_runs_lands_in_its_schema(name):
    settings = load_settings(None, {"preset": name})
    assert settings.preset == name
    assert all(r in REGISTRY for r in settings.rules.recognizers)
    extractor = RulesExtractor(settings.entity_schema, settings.rules)
    mapped = {settings.rules.type_map.get(t, t) for r in extractor.recognizers for t in r.types}
    assert mapped <= set(settings.entity_schema.types), mapped - set(settings.entity_schema.types)
    # and every type of the schema has a recognizer (a type without one would find nothing)
    assert set(settings.entity_schema.types) <= mapped, set(settings.entity_schema.types) - mapped


def test_legal_preset_finds_the_quasi_identifiers_of_a_decision():
    settings = load_settings(None, {"preset": "legal"})
    ex = RulesExtractor(settings.entity_schema, settings.rules)
    text = ("In the case of Ortwin Kessler v. Ruritania (application no. 41234/18), the applicant, a Ruritanian "
            "national of Polish origin, complained to the Regional Court of Westbrook, which awarded him EUR 12,500 "
            "on 14/02/2019. Counsel Ms Ilse Vandamme, Dr. Piet Janssens.")
    found = {(e.original, e.type) for e in ex.extract_text(text)}
    assert ("41234/18", "APPLICATION_NUMBER") in found
    assert ("Regional Court of Westbrook", "COURT") in found
    assert ("EUR 12,500", "MONEY") in found
    assert ("Polish", "NATIONALITY") in found
    assert ("14/02/2019", "EVENT_DATE") in found
    assert {("Ortwin Kessler", "NAME"), ("Ilse Vandamme", "NAME"), ("Dr. Piet Janssens", "NAME")} <= found


def test_hr_preset_maps_identifiers_and_pay_to_its_own_types():
    settings = load_settings(None, {"preset": "hr"})
    ex = RulesExtractor(settings.entity_schema, settings.rules)
    found = {(e.original, e.normalized, e.type) for e in ex.extract_text(
        "Employee ID E-48213, Head of Procurement, annual salary £48,500 from 01/09/2023.")}
    assert ("E-48213", "E-48213", "EMPLOYEE_ID") in found
    assert ("£48,500", "GBP 48500", "SALARY") in found
    assert ("Head of Procurement", "head of procurement", "ROLE") in found


def test_a_file_that_extends_a_preset_changes_only_what_it_says(tmp_path):
    config = tmp_path / "mine.toml"
    config.write_text('[preset]\nextends = "legal"\n\n[entity_types.NAME]\nweight = 0.9\n\n'
                      '[entity_types.SHIP]\nweight = 0.4\n\n[extraction]\ndate_order = "DMY"\ndisable = ["place"]\n\n'
                      '[[extraction.word_lists]]\nname = "ships"\ntype = "SHIP"\nwords = ["MV Aurora"]\n')
    settings = load_settings(config)
    legal = load_settings(None, {"preset": "legal"})
    assert settings.preset == "legal"
    assert settings.entity_schema.types["NAME"].weight == 0.9 and settings.entity_schema.types["NAME"].direct
    assert set(settings.entity_schema.types) == set(legal.entity_schema.types) | {"SHIP"}
    assert settings.rules.date_order == "DMY"
    assert "place" not in settings.rules.recognizers
    assert settings.rules.type_map == legal.rules.type_map


def test_a_file_with_its_own_types_replaces_the_preset_schema(tmp_path):
    config = tmp_path / "mine.toml"
    config.write_text('[preset]\nname = "hr"\n\n[entity_types.NAME]\nweight = 1.0\ndirect = true\n')
    settings = load_settings(config)
    assert settings.preset == "hr" and list(settings.entity_schema.types) == ["NAME"]
    assert settings.rules.date_order == "auto"  # the rest of the preset still applies


def test_the_command_line_preset_wins_over_the_file(tmp_path):
    config = tmp_path / "mine.toml"
    config.write_text('[preset]\nextends = "hr"\n')
    assert load_settings(config, {"preset": "legal"}).preset == "legal"


def test_an_unknown_recognizer_is_an_error_naming_the_file(tmp_path):
    config = tmp_path / "mine.toml"
    config.write_text('[extraction]\nrecognizers = ["email", "telepathy"]\n')
    with pytest.raises(ConfigError, match=r"mine\.toml.*telepathy"):
        load_settings(config)
    preset = tmp_path / "domain.toml"
    preset.write_text('[preset]\nname = "domain"\n[extraction]\nenable = ["crystal_ball"]\n')
    with pytest.raises(ConfigError, match=r"domain\.toml.*crystal_ball"):
        load_settings(None, {"preset": str(preset)})


def test_an_unknown_preset_lists_the_shipped_ones():
    with pytest.raises(ConfigError, match="health-insurance.*hr.*legal"):
        load_settings(None, {"preset": "astrology"})


def test_a_bad_date_order_or_phone_region_is_a_config_error(tmp_path):
    config = tmp_path / "mine.toml"
    config.write_text('[extraction]\ndate_order = "YMD"\n')
    with pytest.raises(ConfigError, match="mine.toml"):
        load_settings(config)
    config.write_text('[extraction]\nphone_regions = ["XX"]\n')
    with pytest.raises(ConfigError, match="XX"):
        load_settings(config)


def _write_corpus(folder):
    folder.mkdir()
    texts = [
        "Judgment of 14/02/2019. The applicant, Ortwin Kessler, a Polish national, was awarded EUR 12,500 by the "
        "Regional Court of Westbrook.",
        "Ortwin Kessler appealed on 03/05/2019; the Regional Court of Westbrook had awarded EUR 12,500.",
    ]
    for i, text in enumerate(texts):
        (folder / f"d{i}.json").write_text(json.dumps({"id": f"d{i}", "content": text, "metadata": {}}))


def test_analyze_with_a_preset_records_it_and_uses_its_types(tmp_path):
    _write_corpus(tmp_path / "in")
    result = CliRunner().invoke(cli, ["analyze", str(tmp_path / "in"), "--out", str(tmp_path / "out"), "-q",
                                      "--preset", "legal"])
    assert result.exit_code == 0, result.output
    run = json.loads((tmp_path / "out" / "run.json").read_text())
    assert run["settings"]["preset"] == "legal"
    assert run["settings"]["rules"]["date_order"] == "auto"
    types = {json.loads(line)["type"] for line in (tmp_path / "out" / "entities.jsonl").read_text().splitlines()}
    assert {"NAME", "MONEY", "COURT", "NATIONALITY", "EVENT_DATE"} <= types


def test_extract_with_a_preset_and_its_help(tmp_path):
    _write_corpus(tmp_path / "in")
    out = tmp_path / "entities.jsonl"
    result = CliRunner().invoke(cli, ["extract", str(tmp_path / "in"), "--out", str(out), "--extractor", "rules",
                                      "-q", "--preset", "legal"])
    assert result.exit_code == 0, result.output
    assert "COURT" in out.read_text()
    bad = CliRunner().invoke(cli, ["extract", str(tmp_path / "in"), "--out", str(tmp_path / "x.jsonl"),
                                   "--extractor", "rules", "--preset", "nope"])
    assert bad.exit_code != 0 and "unknown preset" in bad.output
    for command in ("analyze", "extract"):
        text = " ".join(CliRunner().invoke(cli, [command, "--help"]).output.split())
        for name in ("health-insurance", "legal", "hr"):
            assert name in text


def test_the_built_in_recognizer_list_is_the_default_presets():
    """RecognizerSettings() without a preset (library use) runs what `health-insurance` runs."""
    import tomllib
    from importlib import resources

    from sanon_graph.extract.recognizers.settings import RecognizerSettings

    preset = resources.files("sanon_graph").joinpath("data", "presets", "health-insurance.toml").read_text()
    extraction, built_in = tomllib.loads(preset)["extraction"], RecognizerSettings()
    assert built_in.recognizers == extraction["recognizers"] and built_in.recognizers[-1] == "insurance_model"
    # and its statistical model the same way: the same types, the same corpus size
    assert built_in.model_types == extraction["model_types"]
    assert built_in.model_max_characters == extraction["model_max_characters"] > 0


def test_health_insurance_finds_amounts_of_money_as_unique_facts(tmp_path):
    """METHOD's insurance schema has no money type; an amount is a fact about one person's
    claims (stop 29). A config with a MONEY type of its own maps it back."""
    settings = load_settings(None, {"preset": "health-insurance"})
    found = [(e.original, e.normalized, e.type)
             for e in RulesExtractor(settings.entity_schema, settings.rules).extract_text(
                 "Claims audit shows $13,860 in outstanding costs.")]
    assert ("$13,860", "USD 13860", "UNIQUE_FACT") in found
    config = tmp_path / "c.toml"
    config.write_text('[preset]\nextends = "health-insurance"\n\n[entity_types.MONEY]\nweight = 0.4\n'
                      'description = "money"\n\n[extraction.type_map]\nMONEY = "MONEY"\n')
    own = load_settings(config, {})
    found = [(e.original, e.type) for e in RulesExtractor(own.entity_schema, own.rules).extract_text(
        "Claims audit shows $13,860 in outstanding costs.")]
    assert ("$13,860", "MONEY") in found
