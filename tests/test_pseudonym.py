"""Keyed pseudonyms: stable for one key across runs and corpora, different for another key,
unguessable without it, never written down, and wide enough not to collide."""

from __future__ import annotations

import json
import math
import random
import string

import pytest

from sanon_graph.pseudonym import DIGITS, KEY_ENV, pseudonym, pseudonym_key
from sanon_graph.redact import replacement_for

from .conftest import read_jsonl, write_json

KEY = "k" * 8 + "0123456789abcdef"


def test_keyed_stable_and_different_per_key():
    a = pseudonym_key({KEY_ENV: KEY})
    b = pseudonym_key({KEY_ENV: KEY + "x"})
    assert a.source == "environment"
    assert pseudonym(a, "NAME", "e1") == pseudonym(pseudonym_key({KEY_ENV: KEY}), "NAME", "e1")
    assert pseudonym(a, "NAME", "e1") != pseudonym(b, "NAME", "e1")
    assert pseudonym(a, "NAME", "e1") != pseudonym(a, "EMAIL", "e1")
    value = pseudonym(a, "NAME", "e1")
    assert value.startswith("NAME_") and len(value) == len("NAME_") + DIGITS
    assert KEY not in repr(a) and a.fingerprint not in value


def test_a_missing_key_is_random_and_a_short_key_is_refused():
    first, second = pseudonym_key({}), pseudonym_key({})
    assert first.source == "random" and first.secret != second.secret
    with pytest.raises(Exception, match="too short"):
        pseudonym_key({KEY_ENV: "short"})
    with pytest.raises(ValueError):
        replacement_for("pseudonym", "NAME", "e1")  # never an unkeyed hash


def test_no_collisions_among_a_million_values():
    key = pseudonym_key({KEY_ENV: KEY})
    rng = random.Random(7)
    ids = {"".join(rng.choices(string.hexdigits.lower(), k=32)) for _ in range(1_000_000)}
    names = {pseudonym(key, "NAME", i) for i in ids}
    assert len(names) == len(ids)
    # and the width holds for ten million values: P(any collision) ~ n^2 / 2^(bits+1)
    assert (10_000_000 ** 2) / 2 ** (4 * DIGITS + 1) < 1e-5
    assert math.log2(16 ** DIGITS) >= 64


def corpus(root, extra=""):
    write_json(root / "docs.json", [
        {"id": "a", "content": f"Claim of Henrietta Ezeoke, e-mail h.ezeoke@example.org.{extra}"},
        {"id": "b", "content": "Henrietta Ezeoke called about the claim."},
    ])
    return root


def test_pseudonyms_through_the_cli(run_cli, tmp_path, monkeypatch):
    monkeypatch.setenv(KEY_ENV, KEY)
    out1, out2, out3 = tmp_path / "o1", tmp_path / "o2", tmp_path / "o3"
    assert run_cli("analyze", corpus(tmp_path / "in1"), "--out", out1, "--redaction", "pseudonym", "-q").exit_code == 0
    # a grown corpus with the same key keeps the pseudonyms
    assert run_cli("analyze", corpus(tmp_path / "in2", " Dr. Imogen Reyes signed."), "--out", out2,
                   "--redaction", "pseudonym", "-q").exit_code == 0
    p1 = {e["normalized_value"]: e["replacement"] for e in read_jsonl(out1 / "entities.jsonl") if e["masked"]}
    p2 = {e["normalized_value"]: e["replacement"] for e in read_jsonl(out2 / "entities.jsonl") if e["masked"]}
    assert p1 and all(p2[v] == p for v, p in p1.items())
    run = json.loads((out1 / "run.json").read_text())
    assert run["pseudonym_key"]["source"] == "environment" and len(run["pseudonym_key"]["fingerprint"]) == 16
    for path in out1.rglob("*"):
        if path.is_file() and path.suffix in (".json", ".jsonl", ".md"):
            assert KEY not in path.read_text(encoding="utf-8"), path
    # without the key: a random one, said so, and other pseudonyms
    monkeypatch.delenv(KEY_ENV)
    result = run_cli("analyze", corpus(tmp_path / "in3"), "--out", out3, "--redaction", "pseudonym")
    assert result.exit_code == 0 and f"{KEY_ENV} is not set" in result.output
    p3 = {e["normalized_value"]: e["replacement"] for e in read_jsonl(out3 / "entities.jsonl") if e["masked"]}
    assert set(p3) == set(p1) and not set(p3.values()) & set(p1.values())
    assert json.loads((out3 / "run.json").read_text())["pseudonym_key"]["source"] == "random"


def test_a_short_key_fails_before_any_output(run_cli, tmp_path, monkeypatch):
    monkeypatch.setenv(KEY_ENV, "tooshort")
    out = tmp_path / "out"
    result = run_cli("analyze", corpus(tmp_path / "in"), "--out", out, "--redaction", "pseudonym", "-q")
    assert result.exit_code == 2 and "too short" in result.output and "tooshort" not in result.output
    assert not out.exists()
