"""A recognizer that fails on a document stops the run with one line naming the document's file,
record and id and the recognizer (errors.ExtractionError), in this process and from a forked
extraction worker, and leaves no output folder (stop 45: a rule's IndexError had surfaced as a
traceback). The failing recognizer is registered by the test only, for as long as the test runs."""

from __future__ import annotations

import pytest

from sanon_graph.config import load_settings
from sanon_graph.errors import ExtractionError
from sanon_graph.extract.recognizers import RulesExtractor
from sanon_graph.extract.recognizers.base import REGISTRY, Base, register
from sanon_graph.forked import PARALLEL_MIN
from sanon_graph.models import Document

from .conftest import write_json

TRIGGER = "Quendrilwick"


@pytest.fixture
def failing_recognizer():
    """A recognizer with a bug: it indexes past a list when the text holds TRIGGER."""

    @register("test_fails_on_trigger", "NAME")
    class FailsOnTrigger(Base):
        def find(self, text: str):
            if TRIGGER in text:
                return [][1]  # the kind of slip a rule can make
            return ()

    yield "test_fails_on_trigger"
    del REGISTRY["test_fails_on_trigger"]


def extractor_with(name: str) -> RulesExtractor:
    settings = load_settings(None, {"preset": "health-insurance"})
    rules = settings.rules.model_copy(update={"recognizers": [*settings.rules.recognizers, name]})
    return RulesExtractor(settings.entity_schema, rules)


def documents(n: int, bad: int) -> list[Document]:
    return [Document(f"d{i}|x", f"d{i}", f"Seen in clinic on 3 May 2024. {TRIGGER if i == bad else ''}",
                     f"batch-{i // 100}.jsonl", i % 100) for i in range(n)]


@pytest.mark.parametrize("n", [3, PARALLEL_MIN])  # in this process; in forked workers
def test_a_failing_recognizer_is_named_with_the_document(failing_recognizer, n):
    bad = n - 2
    with pytest.raises(ExtractionError) as caught:
        extractor_with(failing_recognizer).extract(documents(n, bad))
    message = str(caught.value)
    assert f"batch-{bad // 100}.jsonl: record {bad % 100} (id d{bad})" in message
    assert "recognizer 'test_fails_on_trigger' failed (IndexError" in message


def test_documents_without_the_trigger_extract_as_before(failing_recognizer):
    found = extractor_with(failing_recognizer).extract(documents(3, bad=-1))
    assert all(any(e.type == "EVENT_DATE" for e in found[f"d{i}|x"]) for i in range(3))


def test_the_cli_stops_with_one_line_and_no_output(failing_recognizer, run_cli, tmp_path):
    corpus = tmp_path / "in"
    write_json(corpus / "notes.json", [{"id": "a", "content": "Seen on 3 May 2024."},
                                       {"id": "b", "content": f"Seen by {TRIGGER} on 4 May 2024."}])
    config = tmp_path / "rules.toml"
    names = ", ".join(f'"{n}"' for n in [*load_settings(None, {}).rules.recognizers, failing_recognizer])
    config.write_text(f"[extraction]\nrecognizers = [{names}]\n", encoding="utf-8")
    out = tmp_path / "out"
    result = run_cli("analyze", corpus, "--out", out, "--config", config, "-q")
    assert result.exit_code != 0
    assert "notes.json: record 1 (id b): recognizer 'test_fails_on_trigger' failed" in result.output
    assert "Traceback" not in result.output
    assert not out.exists(), "a failed run must not leave an output folder"
