"""Configuration: defaults are METHOD's, a TOML file overrides them, CLI flags override the file."""

from __future__ import annotations

import pytest

from sanon_graph.config import load_settings
from sanon_graph.errors import ConfigError
from sanon_graph.schema import DEFAULT_TYPES


def test_defaults_are_the_method_defaults():
    s = load_settings()
    p = s.policy
    assert (p.edge_strength_threshold, p.chain_length, p.theta_doc, p.theta_chain) == (0.5, 2, 0.95, 0.5)
    assert (p.high, p.medium, p.rho_high, p.rho_medium) == (0.75, 0.5, 0.5, 0.7)
    assert s.selection == "greedy" and s.redaction == "value" and s.extractor == "rules"
    assert s.entity_schema.weight("NAME") == 1.0 and s.entity_schema.weight("DEMOGRAPHIC") == 0.35
    assert s.entity_schema.direct_identifiers == {"NAME", "PATIENT_ID", "ADDRESS", "PHONE_NUMBER", "EMAIL"}
    assert len(s.entity_schema.types) == len(DEFAULT_TYPES) == 17


def test_file_then_flags(tmp_path):
    cfg = tmp_path / "c.toml"
    cfg.write_text("""
[policy]
theta_doc = 0.9
chain_length = 3

[redaction]
strategy = "pseudonym"

[entity_types.EMPLOYEE_ID]
weight = 0.9
direct = true

[[extraction.patterns]]   # a type of the file's own needs a recognizer (else: an error)
name = "employee_id"
type = "EMPLOYEE_ID"
regex = "E-[0-9]{5}"
""")
    s = load_settings(cfg, {"theta_doc": 0.8, "theta_chain": None})
    assert s.policy.theta_doc == 0.8  # flag wins
    assert s.policy.chain_length == 3  # file wins over default
    assert s.policy.theta_chain == 0.5  # not given anywhere: default
    assert s.redaction == "pseudonym"
    assert list(s.entity_schema.types) == ["EMPLOYEE_ID"]  # a domain schema replaces the default


@pytest.mark.parametrize("text, fragment", [
    ("[policy]\nchain_length = 7\n", "chain_length"),
    ("[policy]\ntheta_doc = 2\n", "theta_doc"),
    ("[policy]\nunknown_key = 1\n", "unknown_key"),
    ("[polcy]\n", "unknown section"),
    ("[entity_types.lower]\nweight = 0.5\n", "upper-case"),
    ("not toml = = =", "invalid TOML"),
])
def test_invalid_config_is_reported(tmp_path, text, fragment):
    cfg = tmp_path / "c.toml"
    cfg.write_text(text)
    with pytest.raises(ConfigError) as exc:
        load_settings(cfg)
    assert fragment in str(exc.value) and "c.toml" in str(exc.value)


def test_precomputed_needs_a_file():
    with pytest.raises(ConfigError, match="entities file"):
        load_settings(None, {"extractor": "precomputed"})


def test_the_shipped_example_config_is_valid_and_is_the_default():
    from .conftest import ROOT

    assert load_settings(ROOT / "examples" / "sanon-graph.toml") == load_settings()


def test_selection_settings_from_toml_and_flags(tmp_path):
    config = tmp_path / "c.toml"
    config.write_text('[selection]\nstrategy = "exact"\nmask_cost = "documents"\ntime_limit_seconds = 5\n'
                      '[extraction]\ncross_document = false\n')
    s = load_settings(config)
    assert (s.selection, s.mask_cost, s.time_limit_seconds, s.cross_document) == ("exact", "documents", 5.0, False)
    assert load_settings(config, {"selection": "knapsack"}).selection == "knapsack"
    assert load_settings().cross_document is True  # rules: on by default
    assert load_settings(overrides={"extractor": "precomputed", "entities_file": "x.jsonl"}).cross_document is False
    config.write_text('[selection]\nstrategy = "fastest"\n')
    with pytest.raises(ConfigError, match="selection"):
        load_settings(config)
