"""The LLM extractor through the real openai SDK against a real local chat-completions server."""

from __future__ import annotations

import json
import threading

import pytest
from click.testing import CliRunner
from sanon_graph_cli.main import cli

from sanon_graph.extract.llm import normalize, parse_answer

from .chat_server import ChatServer, Reply, context_of, document_of
from .conftest import read_jsonl, write_json

SECRET = "sk-test-do-not-leak-4242"
DOCS = {
    "a": "Patient Rex Salam, member GP-61473QM, was treated for Erdheim-Chester disease at Abilene General Hospital on 11/15/2023.",
    "b": "Abilene General Hospital filed claim CLM-4411 for a patient with Erdheim-Chester disease.",
    "c": "A 58-year-old from Abilene with a rare condition joined the study; see claim CLM-4411.",
    "d": "Formulary changes take effect next month.",
}
LOCAL = {
    "a": [["Rex Salam", "rex salam", "PERSON", 1.0], ["GP-61473QM", "gp-61473qm", "PATIENT_ID", 0.95],
          ["Erdheim-Chester disease", "erdheim-chester disease", "MEDICAL_CONDITION", 0.9],
          ["Abilene General Hospital", "abilene general hospital", "PROVIDER", 0.6],
          ["11/15/2023", "15 Nov 2023", "DATE", 0.5]],
    "b": [["Abilene General Hospital", "abilene general hospital", "PROVIDER", 0.6],
          ["CLM-4411", "clm-4411", "ID", 0.8], ["Erdheim-Chester disease", "erdheim-chester disease", "CONDITION", 0.9],
          ["diabetes", "diabetes", "HOBBY", 0.5]],
    "c": [["58-year-old", "58 years", "AGE", 0.5], ["CLM-4411", "CLM-4411", "NON_PERSONAL_ID", 0.8],
          ["Abilene", "abilene", "LOCATION", 0.4]],
    "d": [["HALO-99", "HALO-99", "NON_PERSONAL_ID", 0.9]],  # not in the text: a hallucination
}
# Pass 2 finds what only the context reveals: C's "rare condition" is the disease of A and B.
CONTEXT_EXTRA = {"c": [["rare condition", "erdheim-chester disease", "MEDICAL_CONDITION", 0.8]]}


def key_of(request: dict) -> str:
    return next(k for k, text in DOCS.items() if text == document_of(request))


def oracle(request: dict, attempt: int) -> object:
    k = key_of(request)
    rows = LOCAL[k] + (CONTEXT_EXTRA.get(k, []) if context_of(request) else [])
    return {"entities": [dict(zip(["original", "normalized", "type", "relevance"], r, strict=True)) for r in rows]}


@pytest.fixture
def corpus(tmp_path):
    write_json(tmp_path / "in" / "docs.json", [{"id": k, "content": v} for k, v in DOCS.items()])
    return tmp_path / "in"


@pytest.fixture
def env(monkeypatch, tmp_path):
    def point_at(server: ChatServer):
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    return point_at


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def analyze_llm(corpus, out, cache, *extra):
    return run("analyze", corpus, "--out", out, "--extractor", "llm", "--model", "test-model",
               "--llm-cache", cache, "-q", "--json", *extra)


def test_two_passes_filtered_context_and_results_in_the_graph(corpus, tmp_path, env):
    with ChatServer(oracle) as server:
        env(server)
        result = analyze_llm(corpus, tmp_path / "out", tmp_path / "cache.sqlite3")
        assert result.exit_code == 0, result.output
        assert len(server.requests) == 8  # 4 documents x 2 passes
        contexts = {key_of(r): context_of(r) for r in server.requests if context_of(r)}
    # the second pass of C sees the disease and the claim from other documents, the date from A;
    # not its own values, no direct identifiers, nothing under the filter (the hospital: 0.6 x u = 0.34),
    # nothing hallucinated (HALO-99)
    assert set(contexts["c"]) == {"erdheim-chester disease (MEDICAL_CONDITION)", "CLM-4411 (NON_PERSONAL_ID)",
                                  "2023-11-15 (EVENT_DATE)"}
    everything = " ".join(v for c in contexts.values() for v in c)
    assert "rex salam" not in everything and "GP-61473QM" not in everything and "HALO-99" not in everything
    assert "abilene general hospital" not in everything

    out = tmp_path / "out"
    run_json = json.loads((out / "run.json").read_text())
    ents = {(e["type"], e["normalized_value"]): e for e in read_jsonl(out / "entities.jsonl")}
    # types mapped (PERSON, DATE, ID, CONDITION), values normalised by code, HOBBY dropped
    assert ("NAME", "rex salam") in ents and ("EVENT_DATE", "2023-11-15") in ents
    assert ("AGE", "58") in ents and ("NON_PERSONAL_ID", "CLM-4411") in ents and ("PATIENT_ID", "GP-61473QM") in ents
    assert run_json["llm"]["unknown_types_dropped"] == 2  # HOBBY, in both passes
    assert run_json["extraction"]["dropped_not_in_text"] == 2  # HALO-99, in both passes
    # the context pass linked C to the disease: it is in three documents now
    disease = ents[("MEDICAL_CONDITION", "erdheim-chester disease")]
    assert len(disease["doc_ids"]) == 3 and "rare condition" in disease["original_values"]
    assert run_json["llm"]["requests"] == 8 and run_json["llm"]["prompt_tokens"] == 800
    # the key is never written or printed
    for path in out.rglob("*"):
        if path.is_file() and path.suffix in (".json", ".jsonl", ".md"):
            assert SECRET not in path.read_text()
    assert SECRET not in result.output


def test_rerun_asks_nothing_and_extract_reproduces_analyze(corpus, tmp_path, env):
    cache = tmp_path / "cache.sqlite3"
    with ChatServer(oracle) as server:
        env(server)
        assert analyze_llm(corpus, tmp_path / "llm", cache).exit_code == 0
        first = len(server.requests)
        again = analyze_llm(corpus, tmp_path / "llm2", cache)
        assert again.exit_code == 0 and len(server.requests) == first  # all from the cache
        assert json.loads((tmp_path / "llm2" / "run.json").read_text())["llm"]["cached"] == 8
        extracted = run("extract", corpus, "--out", tmp_path / "entities.jsonl", "--model", "test-model",
                        "--llm-cache", cache, "-q")
        assert extracted.exit_code == 0 and len(server.requests) == first
    pre = run("analyze", corpus, "--out", tmp_path / "pre", "--extractor", "precomputed",
              "--entities", tmp_path / "entities.jsonl", "-q")
    assert pre.exit_code == 0, pre.output
    for name in ("documents.jsonl", "entities.jsonl", "links.jsonl", "chains.jsonl", "replacements.json"):
        assert (tmp_path / "pre" / name).read_text() == (tmp_path / "llm" / name).read_text(), name
    assert (tmp_path / "pre" / "masked" / "docs.json").read_text() == (tmp_path / "llm" / "masked" / "docs.json").read_text()


def test_malformed_prose_and_fenced_answers(corpus, tmp_path, env):
    def answer(request, attempt):
        k = key_of(request)
        body = json.dumps(oracle(request, attempt))
        return {"a": f"Here you go:\n```json\n{body}\n```\nHope it helps!", "b": f"Sure. {body} That is all.",
                "c": '{"entities": [{"original": "CLM-4411", "type": ', "d": "I cannot help with that."}[k]

    with ChatServer(answer) as server:
        env(server)
        result = analyze_llm(corpus, tmp_path / "out", tmp_path / "cache.sqlite3")
        assert result.exit_code == 0, result.output
    run_json = json.loads((tmp_path / "out" / "run.json").read_text())
    assert run_json["llm"]["unparseable"] == 4  # c and d, both passes
    values = {e["normalized_value"] for e in read_jsonl(tmp_path / "out" / "entities.jsonl")}
    assert "rex salam" in values and "CLM-4411" in values  # from the fenced and the prose answers


def test_rate_limit_then_success_and_timeout_then_success(corpus, tmp_path, env):
    def answer(request, attempt):
        k = key_of(request)
        if k == "a" and attempt == 0:
            return Reply(status=429, body={"error": {"message": "slow down", "type": "rate_limit"}},
                         headers={"retry-after-ms": "10"})
        if k == "b" and attempt == 0:
            return Reply(content=json.dumps(oracle(request, attempt)), delay=1.5)  # longer than the timeout
        return oracle(request, attempt)

    with ChatServer(answer) as server:
        env(server)
        result = analyze_llm(corpus, tmp_path / "out", tmp_path / "cache.sqlite3", "--llm-timeout", "0.5")
        assert result.exit_code == 0, result.output
        per_doc = [key_of(r) for r in server.requests]
    # the server fails the first attempt of every distinct question: one retry per pass for a and b
    assert per_doc.count("a") == 4 and per_doc.count("b") == 4
    assert per_doc.count("c") == 2


def test_structured_output_falls_back_to_json_mode(corpus, tmp_path, env):
    def answer(request, attempt):
        if request.get("response_format", {}).get("type") == "json_schema":
            return Reply(status=400, body={"error": {"message": "response_format json_schema is not supported",
                                                      "type": "invalid_request_error"}})
        return oracle(request, attempt)

    with ChatServer(answer) as server:
        env(server)
        result = analyze_llm(corpus, tmp_path / "out", tmp_path / "cache.sqlite3", "--concurrency", "1")
        assert result.exit_code == 0, result.output
        formats = [r.get("response_format", {}).get("type") for r in server.requests]
    assert formats[0] == "json_schema" and formats.count("json_schema") == 1  # asked once, then remembered
    assert set(formats[1:]) == {"json_object"}
    run_json = json.loads((tmp_path / "out" / "run.json").read_text())
    assert run_json["llm"]["response_formats"] == {"json_object": 8}
    assert run_json["llm"]["format_fallbacks"] == 1


def test_server_dies_mid_run_and_the_rerun_sends_only_the_missing_requests(corpus, tmp_path, env):
    cache = tmp_path / "cache.sqlite3"
    served = []
    holder = {}

    def dying(request, attempt):
        served.append(1)
        if len(served) > 5:  # the server goes away: this answer is lost and it stops listening
            threading.Thread(target=holder["server"].stop).start()
            return Reply(status=503, body={"error": {"message": "shutting down"}})
        return oracle(request, attempt)

    with ChatServer(dying) as server:
        holder["server"] = server
        env(server)
        result = analyze_llm(corpus, tmp_path / "out", cache, "--concurrency", "1", "--llm-retries", "1")
        assert result.exit_code != 0 and "model server failed" in result.output
    assert not (tmp_path / "out").exists()
    with ChatServer(oracle) as server:
        env(server)
        result = analyze_llm(corpus, tmp_path / "out", cache)
        assert result.exit_code == 0, result.output
        assert len(server.requests) == 8 - 5  # only what the first run did not get answered


def test_budget_stops_cleanly_and_resumes(corpus, tmp_path, env):
    cache = tmp_path / "cache.sqlite3"
    with ChatServer(oracle) as server:
        env(server)
        stopped = analyze_llm(corpus, tmp_path / "out", cache, "--max-requests", "3", "--concurrency", "1")
        assert stopped.exit_code != 0 and "request budget of 3 reached" in stopped.output
        assert len(server.requests) == 3 and not (tmp_path / "out").exists()
        resumed = analyze_llm(corpus, tmp_path / "out", cache)
        assert resumed.exit_code == 0 and len(server.requests) == 8


def test_missing_key_and_model_are_clear(corpus, tmp_path, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    no_key = analyze_llm(corpus, tmp_path / "out", tmp_path / "c.sqlite3")
    assert no_key.exit_code != 0 and "OPENAI_API_KEY" in no_key.output
    no_model = run("analyze", corpus, "--out", tmp_path / "out", "--extractor", "llm")
    assert no_model.exit_code == 2 and "needs a model" in no_model.output
    # and says how to go on without one: `extract` defaults to the llm extractor
    assert "--extractor rules" in no_model.output


def test_parse_and_normalize_units():
    assert [e.original for e in parse_answer('[{"original": "x", "type": "NAME"}]')] == ["x"]
    assert [e.original for e in parse_answer('{"entities": [{"original": "x", "type": "NAME"}, {"bad": 1}]}')] == ["x"]
    with pytest.raises(ValueError):
        parse_answer("no json here")
    assert normalize("EVENT_DATE", "November 15, 2023", "nov 15") == "2023-11-15"
    assert normalize("BIRTHDATE", "1957-4-2", None) == "1957-04-02"
    assert normalize("AGE", "aged 50+", "fifty plus") == "50+"
    assert normalize("PATIENT_ID", "# px-436185", None) == "PX-436185"
    assert normalize("NAME", "Rex  Salam", "Rex Salam") == "rex salam"


def test_context_top_k_orders(tmp_path):
    from sanon_graph.extract.llm import LLMExtractor
    from sanon_graph.extract.llm_settings import LLMSettings
    from sanon_graph.models import Document, ExtractedEntity
    from sanon_graph.schema import EntitySchema

    docs = [Document(k, k, text, "x", 0) for k, text in (
        ("1", "alpha beta gamma"), ("2", "alpha beta gamma delta"), ("3", "unrelated text"))]
    local = {
        "1": [ExtractedEntity("alpha", "alpha", "EVENT", 0.9), ExtractedEntity("beta", "beta", "EVENT", 0.8),
              ExtractedEntity("gamma", "gamma", "EVENT", 0.75)],
        "2": [ExtractedEntity("delta", "delta", "EVENT", 1.0)],
        "3": [],
    }

    def contexts(**settings):
        x = LLMExtractor(EntitySchema(), LLMSettings(model="m", **settings), tmp_path / "c.sqlite3")
        return x._contexts(docs, local)

    # values of other documents only, filtered by max relevance x uniqueness (u = 1 here) >= 0.4
    assert contexts()["2"] == [("alpha", "EVENT"), ("beta", "EVENT"), ("gamma", "EVENT")]
    assert contexts()["1"] == [("delta", "EVENT")]
    assert contexts(top_k=1)["3"] == [("delta", "EVENT")]  # most relevant first
    assert contexts(top_k=1, top_k_order="least_relevant")["3"] == [("gamma", "EVENT")]
    assert contexts(top_k=2, top_k_order="most_recent")["3"] == [("delta", "EVENT"), ("alpha", "EVENT")]
    assert contexts(filter_strength=0.85)["3"] == [("delta", "EVENT"), ("alpha", "EVENT")]


def test_token_budget(corpus, tmp_path, env):
    with ChatServer(oracle) as server:
        env(server)
        # every answer reports 120 tokens: requests start while fewer than 250 were used
        stopped = analyze_llm(corpus, tmp_path / "out", tmp_path / "c.sqlite3", "--max-tokens", "250", "--concurrency", "1")
        assert stopped.exit_code != 0 and "token budget of 250 reached" in stopped.output
        assert len(server.requests) == 3
