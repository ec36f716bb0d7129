"""The derived word lists kept between runs (extract/recognizers/vocabulary_cache.py): the
cached lists are the lists, a damaged or stale file is never read, and a cache that cannot be
written is no error."""

from __future__ import annotations

import json

import pytest

from sanon_graph.extract.recognizers import vocabulary_cache as vc
from sanon_graph.extract.recognizers.gazetteers import (
    _build_condition_vocabulary,
    _build_small_towns,
)


@pytest.fixture
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv(vc.CACHE_ENV, str(folder))
    return folder


def counting(value):
    calls = []

    def build():
        calls.append(1)
        return value

    return build, calls


def test_a_list_is_built_once_then_read(cache):
    build, calls = counting((frozenset({"gout", "mumps"}), frozenset(), {"springfield": "US-IL US-MO"}))
    first = vc.cached("words", build)
    second = vc.cached("words", build)
    assert first == second == build()
    assert len(calls) == 2  # once by the first call, once by the comparison above, never by the second
    assert isinstance(second[0], frozenset) and isinstance(second[2], dict)
    assert [p.name for p in cache.glob("*.json")] == [f"words-{vc.source_key()}.json"]
    assert not list(cache.glob(".*partial"))


def test_the_real_lists_survive_the_round_trip(cache):
    conditions = vc.cached("conditions", _build_condition_vocabulary)
    towns = vc.cached("small-towns", _build_small_towns)
    assert vc._read(cache / f"conditions-{vc.source_key()}.json") == conditions == _build_condition_vocabulary()
    assert vc._read(cache / f"small-towns-{vc.source_key()}.json") == towns
    assert len(conditions[0]) > 1000 and len(towns) > 1000


@pytest.mark.parametrize("content", ["{not json", '{"set": [1, 2]}', '{"map": {"a": 1}}', '[]', '{"set": "ab", "x": 1}'])
def test_a_damaged_file_is_built_again_and_replaced(cache, content):
    cache.mkdir()
    path = cache / f"words-{vc.source_key()}.json"
    path.write_text(content, encoding="utf-8")
    build, calls = counting(frozenset({"asthma"}))
    assert vc.cached("words", build) == frozenset({"asthma"})
    assert calls == [1]
    assert json.loads(path.read_text(encoding="utf-8")) == {"set": ["asthma"]}


def test_a_list_of_earlier_sources_is_removed(cache):
    cache.mkdir()
    stale = cache / "words-000000000000000000000000.json"
    stale.write_text('{"set": ["stale"]}', encoding="utf-8")
    other = cache / "places-000000000000000000000000.json"
    other.write_text('{"set": ["kept"]}', encoding="utf-8")
    assert vc.cached("words", lambda: frozenset({"fresh"})) == frozenset({"fresh"})
    assert not stale.exists() and other.exists()


def test_a_cache_that_cannot_be_written_is_no_error(tmp_path, monkeypatch):
    blocked = tmp_path / "a-file"
    blocked.write_text("", encoding="utf-8")
    monkeypatch.setenv(vc.CACHE_ENV, str(blocked / "cache"))  # under a file: mkdir fails
    build, calls = counting(frozenset({"gout"}))
    assert vc.cached("words", build) == frozenset({"gout"})
    assert vc.cached("words", build) == frozenset({"gout"})
    assert calls == [1, 1]


def test_off_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv(vc.CACHE_ENV, "off")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv("HOME", str(tmp_path))
    assert vc.cache_dir() is None
    build, calls = counting(frozenset({"gout"}))
    vc.cached("words", build)
    vc.cached("words", build)
    assert calls == [1, 1] and list(tmp_path.iterdir()) == []


def test_the_default_place_follows_xdg(tmp_path, monkeypatch):
    monkeypatch.delenv(vc.CACHE_ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert vc.cache_dir() == tmp_path / "xdg" / "sanon-graph"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert vc.cache_dir() == tmp_path / "home" / ".cache" / "sanon-graph"


def test_a_word_list_edit_is_a_new_key(tmp_path):
    """The key covers the word lists' contents (and the recognizers' source): an edited list is
    another key, so a list derived from the old one is never read."""
    words = tmp_path / "conditions.txt"
    words.write_text("gout\n", encoding="utf-8")
    before = vc.digest_of([words])
    words.write_text("gout\nmumps\n", encoding="utf-8")
    assert vc.digest_of([words]) != before
    assert vc.digest_of([words]) == vc.digest_of([words])
    assert len(vc.source_key()) == 24


def test_prepare_writes_every_list(tmp_path):
    """What `make` runs after installing: the five lists, in a fresh process (this one has them
    in memory already)."""
    import os
    import subprocess
    import sys

    env = {**os.environ, vc.CACHE_ENV: str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", "from sanon_graph.extract.recognizers.gazetteers import prepare; prepare()"],
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert sorted(p.name.rsplit("-", 1)[0] for p in tmp_path.glob("*.json")) == [
        "conditions", "first-names", "phenotypes", "places", "small-towns"]
