"""Shared fixtures: the repository's paths, the shared thesis-dev data (skipped when absent),
and a helper that runs the real click application."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import strategies as st
from sanon_graph_cli.main import cli

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "corpus"
THESIS_DEV = ROOT.parent / "shared" / "data" / "thesis-dev"
THESIS_SETS = sorted(p.name for p in THESIS_DEV.iterdir()) if THESIS_DEV.is_dir() else []


@pytest.fixture(scope="session", autouse=True)
def _vocabulary_cache(tmp_path_factory):
    """Derived word lists are cached under a folder of the test session, not the user's
    ~/.cache (subprocesses the tests start inherit it)."""
    from sanon_graph.extract.recognizers.vocabulary_cache import CACHE_ENV

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(CACHE_ENV, str(tmp_path_factory.mktemp("vocabulary-cache")))
        yield


def thesis_set(name: str) -> Path:
    path = THESIS_DEV / name
    if not path.is_dir():
        pytest.skip(f"../shared/data/thesis-dev/{name} is not available (../shared absent)")
    return path


@pytest.fixture
def run_cli():
    """Invoke `sanon-graph ARGS...` in-process; returns the click Result."""

    def invoke(*args: object):
        runner = CliRunner()
        return runner.invoke(cli, [str(a) for a in args], catch_exceptions=False)

    return invoke


def rules_alone(rules):
    """A preset's recognizer settings without its statistical models: what the rules alone find.
    The tests that pin a rule's findings in a sentence use it; the default preset's insurance
    entity model fills the gaps between the rules' spans and has its own tests
    (test_insurance_model.py)."""
    return rules.without_models()


def write_json(path: Path, value: object) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(value), encoding="utf-8")
    return path


def write_corpus(folder: Path, texts: dict[str, str]) -> Path:
    """A folder of input documents, one {"id", "content"} file per id."""
    for doc_id, text in texts.items():
        write_json(folder / f"{doc_id}.json", {"id": doc_id, "content": text})
    return folder


# Records of other people that share nothing with the records under test: beside them a value
# two records share is rare in the corpus, as it is in a real one.
UNRELATED_RECORDS = {f"other{i}": f"Fax cover. Re: knee brace, delivered {day}." for i, day in enumerate(
    ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday", "today"])}


def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def draw_mentions(draw, max_docs: int, max_entities: int):
    """A random small corpus for property tests: per-document {entity: relevance}, the
    entities' uniqueness and METHOD-style type weights, and the number of documents."""
    from sanon_graph.risk import uniqueness

    n_docs = draw(st.integers(2, max_docs))
    n_entities = draw(st.integers(1, max_entities))
    weights = [draw(st.sampled_from([1.0, 0.95, 0.85, 0.72, 0.55, 0.35])) for _ in range(n_entities)]
    mentions = []
    for _ in range(n_docs):
        ents = draw(st.sets(st.integers(0, n_entities - 1), min_size=1, max_size=n_entities))
        mentions.append({e: draw(st.floats(0.05, 1.0)) for e in sorted(ents)})
    freq = [max(1, sum(e in m for m in mentions)) for e in range(n_entities)]
    return mentions, [uniqueness(f, n_docs) for f in freq], weights, n_docs
from .neo4j_server import neo4j_clean, neo4j_server  # noqa: E402, F401  (real Neo4j fixtures, tests/neo4j_server.py)
