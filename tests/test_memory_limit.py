"""The memory budget (issue 16): `--memory-limit` / [resources] memory_limit, the engine's buffer
pool sized from it, the early "does not fit" check, and the peaks in run.json."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.synthetic import write
from sanon_graph.config import load_settings
from sanon_graph.errors import BufferPoolError, ConfigError, GraphError, MemoryLimitError
from sanon_graph.graph import GraphLocation, open_store
from sanon_graph.graph.ladybug import BUFFER_POOL_SHARE, MIN_BUFFER_POOL, buffer_pool_for
from sanon_graph.memory import (
    MemoryPlan,
    default_memory_limit,
    estimate_peak,
    machine_memory,
    parse_size,
)

from .conftest import EXAMPLES
from .test_ingest_cli import tree_digest

EXE = Path(sys.executable).parent / "sanon-graph"
GB, MB = 2**30, 2**20


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> tuple[Path, Path]:
    """2,000 synthetic documents with precomputed entities (benchmarks/synthetic.py, zipf)."""
    return write(tmp_path_factory.mktemp("synthetic"), 2000, profile="zipf")


def analyze(corpus: tuple[Path, Path], out: Path, *options: str) -> subprocess.CompletedProcess:
    """The installed console script in its own process: its peak memory is the run's alone."""
    documents, entities = corpus
    return subprocess.run([EXE, "analyze", documents, "--out", out, "--extractor", "precomputed", "--entities",
                           entities, "-q", *options], capture_output=True, text=True)


@pytest.mark.parametrize(("text", "size"), [
    ("4GB", 4 * GB), ("3500MB", 3500 * MB), ("512MiB", 512 * MB), ("1.5G", int(1.5 * GB)), (" 2 gb ", 2 * GB),
    ("1TB", 1024 * GB), ("65536KB", 64 * MB),
])
def test_sizes(text, size):
    assert parse_size(text) == size
    assert load_settings(None, {"memory_limit": text}).resources.memory_limit == text


def test_share_of_the_machine():
    assert parse_size("50%", machine=8 * GB) == 4 * GB
    assert parse_size("50%") == machine_memory() // 2
    assert default_memory_limit() == int(0.5 * machine_memory())


@pytest.mark.parametrize(("text", "reason"), [
    ("4", "has no unit"), ("4XB", "unknown unit 'XB'"), ("-1GB", "is not a size"), ("lots", "is not a size"),
    ("0%", "above 0%"), ("150%", "at most 100%"), ("1KB", "at least 16 MB"), ("", "is not a size"),
])
def test_bad_sizes_name_the_value_and_the_reason(text, reason):
    with pytest.raises(ConfigError) as error:
        load_settings(None, {"memory_limit": text})
    assert repr(text) in str(error.value) and reason in str(error.value)
    assert "resources.memory_limit" in str(error.value)


def test_bad_size_on_the_command_line_and_in_the_config_file(tmp_path, run_cli):
    result = run_cli("analyze", EXAMPLES, "--out", tmp_path / "o", "--memory-limit", "4XB")
    assert result.exit_code == 2 and "'4XB'" in result.output and "unknown unit" in result.output
    config = tmp_path / "c.toml"
    config.write_text('[resources]\nmemory_limit = 4096\n', encoding="utf-8")
    result = run_cli("analyze", EXAMPLES, "--out", tmp_path / "o", "--config", config)
    assert result.exit_code == 2 and "4096" in result.output and "with a unit" in result.output
    config.write_text('[resources]\nmemory_limit = "3GB"\nswap = true\n', encoding="utf-8")
    result = run_cli("analyze", EXAMPLES, "--out", tmp_path / "o", "--config", config)
    assert result.exit_code == 2 and "swap" in result.output
    assert not (tmp_path / "o").exists()


def test_help_documents_the_option():
    help_text = subprocess.run([EXE, "analyze", "--help"], capture_output=True, text=True, check=True).stdout
    assert "--memory-limit" in help_text and f"{BUFFER_POOL_SHARE:.0%}" in " ".join(help_text.split())


def test_an_impossible_limit_fails_early(corpus, tmp_path):
    before = tree_digest(corpus[0].parent)
    done = analyze(corpus, tmp_path / "out", "--memory-limit", "64MB")
    assert done.returncode == MemoryLimitError.exit_code == 4, done.stderr
    message = " ".join(done.stderr.split())
    assert message.startswith("error: the corpus does not fit the memory limit:"), message
    assert "2,000 documents" in message and "64 MB" in message
    assert "raise --memory-limit (or [resources] memory_limit)" in message
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) <= 3
    assert not (tmp_path / "out").exists() and not list(tmp_path.iterdir())  # no output, no partial folder
    assert tree_digest(corpus[0].parent) == before


def test_a_run_records_its_memory(corpus, tmp_path):
    out = tmp_path / "out"
    done = analyze(corpus, out, "--memory-limit", "1.5GB", "--json")
    assert done.returncode == 0, done.stderr
    resources = json.loads((out / "run.json").read_text())["resources"]
    limit = int(1.5 * GB)
    assert resources["memory_limit_bytes"] == limit and resources["memory_limit_source"] == "memory_limit"
    assert resources["buffer_pool_bytes"] == buffer_pool_for(limit) <= BUFFER_POOL_SHARE * limit
    assert 50 * MB < resources["peak_rss_bytes"] < limit and resources["peak_within_limit"] is True
    assert resources["peak_rss_children_bytes"] >= 0
    # the estimate is a deliberate underestimate of the peak
    assert 0 < resources["estimated_peak_bytes"] <= resources["peak_rss_bytes"]
    assert json.loads((out / "run.json").read_text())["settings"]["resources"]["memory_limit"] == "1.5GB"
    summary = json.loads(done.stdout)
    assert summary["resources"]["memory_limit_bytes"] == limit
    assert summary["resources"]["peak_rss_bytes"] >= resources["peak_rss_bytes"]


def test_the_default_limit_is_recorded(tmp_path, run_cli):
    out = tmp_path / "out"
    assert run_cli("analyze", EXAMPLES, "--out", out, "-q").exit_code == 0
    resources = json.loads((out / "run.json").read_text())["resources"]
    assert resources["memory_limit_bytes"] == default_memory_limit()
    assert resources["memory_limit_source"].startswith("default: 50%")
    assert resources["buffer_pool_bytes"] == buffer_pool_for(default_memory_limit())


def test_the_buffer_pool_is_the_size_set(tmp_path):
    """LadybugDB does not report its pool (current_setting knows no buffer_pool_size): the
    database is opened with the size, and a query needing more than it fails while the same
    query under a larger limit succeeds."""
    from sanon_graph.memory import current_rss

    heavy = "UNWIND range(1, 8000000) AS i WITH i % 1000 AS k, i AS v RETURN k, size(collect(v)) AS n ORDER BY k"
    # this (test) process holds more than 128 MB already: the pool is the floor
    small = open_store(GraphLocation(backend="ladybug", path=str(tmp_path / "small.lbug")), create=True,
                       memory_limit=128 * MB)
    try:
        assert small.engine._db.buffer_pool_size == small.engine.pool_sizes[-1] == MIN_BUFFER_POOL
        with pytest.raises(BufferPoolError) as error:
            small.engine.execute(heavy, {}, "heavy")
        assert isinstance(error.value, GraphError) and isinstance(error.value, MemoryLimitError)
        assert "buffer pool of 64 MB" in str(error.value) and "raise --memory-limit" in str(error.value)
    finally:
        small.close()
    # a limit with room beside what the process holds: the pool is the share of it
    limit = 2 * current_rss() + 2 * GB
    large = open_store(GraphLocation(backend="ladybug", path=str(tmp_path / "large.lbug")), create=True,
                       memory_limit=limit)
    try:
        assert large.engine._db.buffer_pool_size == buffer_pool_for(limit) == int(BUFFER_POOL_SHARE * limit) // MB * MB
        frame = large.engine.execute(heavy, {}, "heavy")
        assert len(frame) == 1000 and int(frame["n"].sum()) == 8_000_000
    finally:
        large.close()


def test_the_pool_leaves_the_limit_room_for_what_the_process_holds(tmp_path):
    """Each (re)open sizes the pool beside the resident memory of the moment: with 600 MB more
    held, the reopened pool is smaller by about as much, and never under the floor."""
    import numpy as np

    from sanon_graph.memory import current_rss

    assert buffer_pool_for(10 * GB, held=0) == int(BUFFER_POOL_SHARE * 10 * GB) // MB * MB
    assert buffer_pool_for(10 * GB, held=5 * GB) == 4 * GB  # 90% of the limit less what is held
    assert buffer_pool_for(1 * GB, held=2 * GB) == MIN_BUFFER_POOL
    held = [np.ones(GB // 8)]  # at least 1 GB held (ones: the pages are touched), whatever ran before
    limit = int((current_rss() + 1 * GB) / 0.9)  # room for a 1 GB pool, under the 60% share
    store = open_store(GraphLocation(backend="ladybug", path=str(tmp_path / "g.lbug")), create=True,
                       memory_limit=limit)
    try:
        first = store.engine.pool_sizes[-1]
        assert 900 * MB <= first <= 1100 * MB
        held.append(np.ones(600 * MB // 8))
        store.engine.release()
        second = store.engine.pool_sizes[-1]
        assert store.engine._db.buffer_pool_size == second
        assert first - 700 * MB <= second <= first - 500 * MB
        engine = store.engine  # and the graph works in the smaller pool
        engine.execute("CREATE NODE TABLE N(id INT64 PRIMARY KEY)", {}, "schema")
        assert int(engine.execute("RETURN 1 AS one", {}, "one")["one"].iloc[0]) == 1
    finally:
        store.close()
        held.clear()


def test_release_gives_the_working_memory_back_and_keeps_the_graph(tmp_path):
    """A finished query's working memory stays resident in the engine until the store releases
    it (the database closed and reopened between the heavy stages): the process then holds
    less than after the query, and the graph is all there."""
    import numpy as np
    import pandas as pd

    from sanon_graph.memory import current_rss

    store = open_store(GraphLocation(backend="ladybug", path=str(tmp_path / "g.lbug")), create=True,
                       memory_limit=current_rss() + 2 * GB)  # room for the pool beside what the test process holds
    try:
        engine = store.engine
        engine.execute("CREATE NODE TABLE N(id INT64 PRIMARY KEY, k STRING)", {}, "schema")
        n = 600_000
        engine.bulk_load("n", pd.DataFrame({"id": np.arange(n), "k": [f"key-{i:012d}-padding" for i in range(n)]}),
                         "COPY N FROM $frame")
        # an aggregation over 600,000 distinct string keys: its hash table is the working memory
        engine.execute("MATCH (a:N) WITH a.k + a.k AS key, count(*) AS c RETURN count(*) AS keys", {}, "heavy")
        after_query = current_rss()
        engine.release()
        assert current_rss() < after_query - 40 * MB
        frame = engine.execute("MATCH (a:N) RETURN count(*) AS n, sum(a.id) AS total", {}, "count")
        assert int(frame["n"].iloc[0]) == n and int(frame["total"].iloc[0]) == n * (n - 1) // 2
    finally:
        store.close()


def test_a_pool_too_small_for_the_corpus_fails_cleanly(corpus, tmp_path, run_cli, monkeypatch):
    """Past the estimate, the engine's own "buffer pool is full" is the same clear failure."""
    import sanon_graph.graph.ladybug as ladybug_engine

    monkeypatch.setattr(ladybug_engine, "MIN_BUFFER_POOL", 2 * MB)
    # 4 MB of a 4 GB limit: a limit well above what this (test) process already holds, so the
    # early check passes and the engine's pool is what runs out
    monkeypatch.setattr(ladybug_engine, "BUFFER_POOL_SHARE", 0.001)
    documents, entities = corpus
    result = run_cli("analyze", documents, "--out", tmp_path / "out", "--extractor", "precomputed", "--entities",
                     entities, "-q", "--memory-limit", "4GB")
    assert result.exit_code == 4, result.output
    message = " ".join(result.output.split())
    assert "needs more memory than the engine's buffer pool of 4.0 MB" in message
    assert "the memory limit is too small for this corpus; raise --memory-limit (or [resources] memory_limit)" in message
    assert not (tmp_path / "out").exists() and not list(tmp_path.glob(".out.partial-*"))


def test_neo4j_is_not_bounded_by_the_limit():
    record = MemoryPlan.for_run("4GB", "neo4j").record()
    assert record["memory_limit_bytes"] == 4 * GB and record["buffer_pool_bytes"] is None
    assert "neo4j" in record["buffer_pool_note"] and record["peak_rss_bytes"] > 0


def test_estimate_grows_with_every_measure():
    base = estimate_peak(1000, 400_000, 10_000, 2_000)
    assert base < estimate_peak(2000, 400_000, 10_000, 2_000)
    assert base < estimate_peak(1000, 800_000, 10_000, 2_000)
    assert base < estimate_peak(1000, 400_000, 20_000, 2_000)
    assert base < estimate_peak(1000, 400_000, 10_000, 4_000)


def test_giving_memory_back_between_stages_changes_no_result(tmp_path, run_cli, monkeypatch):
    """Below RELEASE_MIN_ROWS loaded rows the store does not reopen the embedded database between
    stages (for a few documents that was most of the run's time); above it, it does. Forced on
    for a small corpus, the run reopens the database at every stage and writes the same bytes as
    the run without."""
    import sanon_graph.graph.store as store_module

    def pools(out: Path) -> list[int]:
        return json.loads((out / "run.json").read_text())["resources"]["buffer_pools_opened_bytes"]

    plain, released = tmp_path / "plain", tmp_path / "released"
    assert run_cli("analyze", EXAMPLES, "--out", plain, "-q").exit_code == 0
    monkeypatch.setattr(store_module, "RELEASE_MIN_ROWS", 0)
    assert run_cli("analyze", EXAMPLES, "--out", released, "-q").exit_code == 0
    assert len(pools(plain)) == 1 and len(pools(released)) >= 8
    for name in ("entities.jsonl", "links.jsonl", "chains.jsonl", "replacements.json"):
        assert (plain / name).read_bytes() == (released / name).read_bytes(), name
    assert tree_digest(plain / "masked") == tree_digest(released / "masked")
