"""eval privacy / utility / report: metrics against hand-computed values, the real retriever
against brute force, the report's numbers against eval.json, and issue 7's target on qa_25."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest
from click.testing import CliRunner
from sanon_graph_cli.main import cli

from sanon_graph.eval.clusters import Cluster, Question
from sanon_graph.eval.metrics import (
    TextIndex,
    attack_prompts,
    leak_rates,
    rouge1_recall,
    utility_scores,
)
from sanon_graph.schema import EntitySchema

from .conftest import EXAMPLES, thesis_set, write_json

SCHEMA = EntitySchema()


def test_rouge1_recall_hand_computed():
    assert rouge1_recall("Monthly infusions, monthly!", "monthly infusions were given") == pytest.approx(2 / 3)
    assert rouge1_recall("a b c d", "a b c d e") == 1.0
    assert rouge1_recall("", "anything") == 0.0
    assert rouge1_recall("Eight patients", "[NAME] saw patients") == 0.5


def cluster(risk="HIGH", person=(("Arlo Wrenn", "NAME"), ("H31902", "PATIENT_ID"), ("68", "AGE")),
            documents=("d1", "d2"), questions=()):
    return Cluster("c0", risk, tuple(person), tuple(documents), tuple(questions))


def test_corpus_leak_rate_is_the_weighted_share_still_in_the_cluster():
    c = cluster()
    index = TextIndex({"d1": "Patient [NAME] (ID H31902) is 68 years old.", "d2": "Nothing here.",
                       "x": "Arlo Wrenn appears in another cluster's document only."})
    r = leak_rates([c], index, SCHEMA, lambda c: c.documents)
    # leaked: PATIENT_ID (0.95) and AGE (0.55) of NAME 1.0 + 0.95 + 0.55 = 2.5
    assert r["persons"][0]["leak_rate"] == pytest.approx(1.5 / 2.5)
    assert r["persons"][0]["direct_leak_rate"] == pytest.approx(0.95 / 1.95)
    assert r["persons"][0]["leaked"] is False  # 0.6 is not above HIGH's 0.6
    assert r["by_type"]["NAME"] == {"leaked": 0, "total": 1}


def test_leaked_cluster_thresholds_and_normalised_variants():
    dates = (("March 15, 2024", "EVENT_DATE"), ("2289 Tideway Drive, Friendswood, TX", "ADDRESS"))
    index = TextIndex({"d1": "Seen on 03/15/2024 at [ADDRESS], Friendswood, TX.", "d2": ""})
    r = leak_rates([cluster("MEDIUM", dates)], index, SCHEMA, lambda c: c.documents)
    # the same date in another format leaks; a city left from a masked address is not the address
    assert r["by_type"]["EVENT_DATE"]["leaked"] == 1 and r["by_type"]["ADDRESS"]["leaked"] == 0
    assert r["persons"][0]["leak_rate"] == pytest.approx(0.6 / 1.5) and r["persons"][0]["leaked"] is False
    full = leak_rates([cluster("MEDIUM", dates[:1])], index, SCHEMA, lambda c: c.documents)
    assert full["persons"][0]["leak_rate"] == 1.0 and full["persons"][0]["leaked"] is True  # > 0.8
    low = leak_rates([cluster("LOW", dates[:1])], index, SCHEMA, lambda c: c.documents)
    assert low["persons"][0]["leaked"] is False  # LOW clusters are never flagged


def test_utility_per_category_and_attack_prompts():
    qs = (Question("Which trial?", "ProPSP trial", ("d1",), "specific"),
          Question("How long are appeals?", "18 days", ("d1", "d2"), "general"))
    c = cluster(questions=qs)
    contents = {"d1": "Enrolled in the [EVENT] trial.", "d2": "Appeals take 18 days."}
    u = utility_scores([c], contents, retrieve=lambda q: ["d2"])
    assert u["by_category"]["sources"] == {"single-specific": 0.5, "multi-general": 1.0, "all": 0.75}
    assert u["by_category"]["retrieved"]["single-specific"] == 0.0
    prompts = attack_prompts(c)
    assert "Arlo Wrenn: is this part of your context?" in prompts and len(prompts) == 3 + 3


@pytest.fixture(scope="module")
def model():
    pytest.importorskip("tokenizers", reason="the eval extra is not installed")
    from sanon_graph.eval.retriever import load_model

    return load_model()


def test_retriever_returns_the_exact_nearest_neighbours(model):
    from sanon_graph.eval.retriever import Retriever

    texts = ["Patient Arlo Wrenn visited Shoreline Neurology for palsy.", "The weather in Friendswood was mild.",
             "Claims for infusion therapy rose in 2024.", "A recipe for lemon cake.", "Neurology appeals take 18 days."]
    ids = [f"t{i}" for i in range(len(texts))]
    r = Retriever(ids, texts, model)
    for query in ["Which neurology clinic did Arlo Wrenn visit?", "lemon dessert", "appeal times", texts[2]]:
        q = r.encode([query])[0]
        brute = sorted(range(len(texts)), key=lambda j: (float(np.linalg.norm(r.vectors[j] - q)), j))[:3]
        assert r.search(query, 3) == [ids[j] for j in brute]
    assert r.search(texts[3], 1) == ["t3"]  # a document's own text is its nearest neighbour


def _tiny_clusters(tmp_path):
    folder = tmp_path / "clusters"
    folder.mkdir()
    docs = [json.loads(p.read_text()) for p in sorted((EXAMPLES).rglob("*.json")) if p.is_file()]
    flat = [d for doc in docs for d in (doc if isinstance(doc, list) else doc.get("documents", [doc]))
            if isinstance(d, dict) and d.get("content")]
    first = flat[0]
    names = re.findall(r"[A-Z][a-z]+ [A-Z][a-z]+", first["content"])
    write_json(folder / "cluster_00.json", {
        "documents": [{"id": first["id"], "content": first["content"]}],
        "metadata": {"cluster_id": "c0", "cluster_risk": "HIGH",
                     "person": {"entities": [[names[0], "NAME"]] if names else [["nobody", "NAME"]]},
                     "questions": [{"q": "What happened?", "a": first["content"].split(".")[0],
                                    "sources": [first["id"]], "type": "general"}]}})
    return folder


def test_report_renders_and_its_numbers_match_the_json(tmp_path, model):
    out = tmp_path / "report"
    result = CliRunner().invoke(cli, ["eval", "report", str(EXAMPLES), "--clusters", str(_tiny_clusters(tmp_path)),
                                      "--out", str(out), "-q", "--strategies", "greedy,exact"])
    assert result.exit_code == 0, result.output
    report = json.loads((out / "eval.json").read_text())
    assert list(report["baselines"]) == ["original", "blanket", "document-only", "full-greedy", "full-exact"]
    html = (out / "report.html").read_text()
    md = (out / "report.md").read_text()
    for name, r in report["baselines"].items():
        figures = [r["corpus_leak"]["weighted_leak_rate"], r["retrieval_leak"]["weighted_leak_rate"],
                   r["utility"]["by_category"]["retrieved"]["all"], r["utility"]["by_category"]["sources"]["all"]]
        row = re.search(rf"<tr><td>{re.escape(name)}</td>(.*?)</tr>", html).group(1)
        for value in figures:
            assert f"<td>{value:.3f}</td>" in row
        assert f"| {name} |" in md
    for png in ("privacy_utility", "leak_by_type", "utility_by_category"):
        assert (out / "plots" / f"{png}.png").read_bytes()[:4] == b"\x89PNG"
        assert f'alt="{png}" src="data:image/png;base64,' in html  # self-contained
    assert report["baselines"]["original"]["corpus_leak"]["weighted_leak_rate"] >= \
        report["baselines"]["blanket"]["corpus_leak"]["weighted_leak_rate"]


def test_bad_cluster_files_are_named(tmp_path):
    folder = tmp_path / "clusters"
    folder.mkdir()
    (folder / "cluster_00.json").write_text('{"documents": []}')
    result = CliRunner().invoke(cli, ["eval", "privacy", str(EXAMPLES), "--clusters", str(folder), "--out",
                                      str(tmp_path / "o"), "--no-retrieval"])
    assert result.exit_code == 2 and "cluster_00.json" in result.output and "not a cluster file" in result.output
    assert not (tmp_path / "o").exists()


@pytest.mark.slow
def test_issue_7_target_on_qa_25(tmp_path, model):
    """Full pipeline vs original and blanket on qa_25 with the rules extractor (issue 7's target)."""
    base = thesis_set("qa_25")
    out = tmp_path / "eval"
    result = CliRunner().invoke(cli, ["eval", "report", str(base / "documents"), "--clusters", str(base / "clusters"),
                                      "--out", str(out), "-q", "--strategies", "greedy"])
    assert result.exit_code == 0, result.output
    b = json.loads((out / "eval.json").read_text())["baselines"]
    original, full, blanket = b["original"], b["full-greedy"], b["blanket"]
    drop = 1 - full["corpus_leak"]["direct_leak_rate"] / original["corpus_leak"]["direct_leak_rate"]
    assert drop >= 0.9
    # issue 14: with the floor no extracted direct identifier is left, in any form
    assert full["direct_extracted_unmasked"]["count"] == 0 == blanket["direct_extracted_unmasked"]["count"]
    assert original["direct_extracted_unmasked"]["count"] == original["direct_extracted_unmasked"]["extracted"] > 0
    kept = [full["utility"]["by_category"]["retrieved"][c] / original["utility"]["by_category"]["retrieved"][c]
            for c in ("single-general", "multi-general")]
    assert min(kept) >= 0.9
    for measure in ("sources", "retrieved"):
        for category, value in full["utility"]["by_category"][measure].items():
            assert value > blanket["utility"]["by_category"][measure][category], (measure, category)


def test_phrase_search_links_a_masked_document_back_to_its_source():
    from sanon_graph.eval.phrase_search import phrase_search_linkage

    original = {"a": "The red barn roof collapsed in spring. Cows fled.", "b": "The red barn was painted blue.",
                "c": "Nothing in common here.", "d": "Green fields surround the red barn."}
    masked = {"a": "The red barn [EVENT] in spring. Cows fled.",  # "red barn" is in 3 docs; "cows fled" only in a
              "b": "The [LOCATION] was painted [DEMOGRAPHIC].",  # every rare phrase is gone
              "c": "The red barn roof was mentioned."}  # its rare phrase is a's: a wrong unique source
    r = phrase_search_linkage(original, masked, k=5)
    assert r["per_document"] == {"a": "a", "b": None, "c": "a"}
    assert (r["linked"], r["mislinked"], r["documents"]) == (1, 1, 3) and r["linked_rate"] == pytest.approx(1 / 3)
    # an intersection of two phrases can single out a document neither does alone
    original2 = {"x": "blue door. old mill.", "y": "blue door. new mill.", "z": "old mill. red door."}
    r2 = phrase_search_linkage(original2, {"x": "blue door. old mill."}, k=5)
    assert r2["per_document"] == {"x": "x"}


def protocol_server(judge: str, audit: str):
    """A chat server's answers for the LLM protocol: fixed judge and audit replies, and RAG
    answers that repeat the first sentence of the context (so they may leak)."""
    def answer(request, attempt):
        system = next((m["content"] for m in request["messages"] if m["role"] == "system"), "")
        user = next(m["content"] for m in request["messages"] if m["role"] == "user")
        if system.startswith("You grade"):
            return judge
        if system.startswith("You audit"):
            return audit
        return user.split("Context:\n", 1)[1].split(".")[0] + "."
    return answer


def test_llm_protocol_against_a_local_chat_server(tmp_path, model, monkeypatch):
    """RAG answers, judge scores and attack leaks through the real openai SDK and a real server."""
    pytest.importorskip("openai")
    from .chat_server import ChatServer

    answer = protocol_server(judge="0.5", audit="no")

    secret = "sk-test-never-print-me"
    monkeypatch.setenv("OPENAI_API_KEY", secret)
    clusters = _tiny_clusters(tmp_path)
    out = tmp_path / "report"
    with ChatServer(answer) as server:
        args = ["eval", "report", str(EXAMPLES), "--clusters", str(clusters), "--out", str(out), "-q",
                "--strategies", "greedy", "--model", "test-model", "--llm-cache", str(tmp_path / "cache.sqlite3")]
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 0, result.output
        first_round = len(server.requests)
        again = CliRunner().invoke(cli, [*args, "--force"])
        assert again.exit_code == 0 and len(server.requests) == first_round  # all answers from the cache
    report = json.loads((out / "eval.json").read_text())
    assert report["llm_protocol"] == "model test-model"
    person = json.loads((clusters / "cluster_00.json").read_text())["metadata"]["person"]["entities"]
    for r in report["baselines"].values():
        llm = r["llm"]
        assert all(a["judge"] == 0.5 for a in llm["answers"]) and llm["judge_unparseable"] == 0
    assert person and all(r["temperature"] == 0.0 for r in server.requests)
    html = (out / "report.html").read_text()
    assert "LLM protocol: model test-model" in html and "attack leak" in html
    for path in out.rglob("*"):
        if path.is_file() and path.suffix in (".json", ".md", ".html", ".jsonl"):
            assert secret not in path.read_text(errors="ignore")
    assert secret not in result.output


def test_llm_protocol_is_skipped_and_said_so_without_a_model(tmp_path, model):
    out = tmp_path / "report"
    result = CliRunner().invoke(cli, ["eval", "utility", str(EXAMPLES), "--clusters", str(_tiny_clusters(tmp_path)),
                                      "--out", str(out), "--strategies", "greedy"])
    assert result.exit_code == 0, result.output
    assert "LLM protocol: skipped: no model configured (--model NAME or [llm] model)" in result.output
    report = json.loads((out / "eval.json").read_text())
    assert "llm" not in report["baselines"]["original"] and "corpus_leak" not in report["baselines"]["original"]


def test_llm_protocol_leak_and_judge_hand_computed(tmp_path, monkeypatch):
    pytest.importorskip("openai")
    from sanon_graph.eval.llm_protocol import ChatRunner, llm_protocol
    from sanon_graph.extract.llm_settings import LLMSettings

    from .chat_server import ChatServer

    answer = protocol_server(judge="Score: 0.75", audit="No.")

    c = cluster(person=(("Arlo Wrenn", "NAME"), ("H31902", "PATIENT_ID")),
                questions=(Question("Who?", "Arlo Wrenn", ("d1",), "specific"),))
    contents = {"d1": "Arlo Wrenn has ID [PATIENT_ID]. More text.", "d2": "Other."}
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with ChatServer(answer) as server:
        runner = ChatRunner(LLMSettings(model="m", base_url=server.base_url), tmp_path / "cache.sqlite3")
        r = llm_protocol([c], contents, lambda q: ["d1"], runner, SCHEMA)
        audits = [q for q in server.requests if q["messages"][0]["content"].startswith("You audit")]
    # every answer is "Arlo Wrenn has ID [PATIENT_ID].": the name leaks by regex, the ID does not,
    # and the judge (asked only about the ID, for its two attack answers) says no
    assert r["attack_leak_rate"] == pytest.approx(1.0 / 1.95)
    assert len(audits) == 2 and all("H31902" in q["messages"][1]["content"] for q in audits)
    assert r["answers"] == [{"cluster": "c0", "category": "single-specific", "rouge1": 1.0, "judge": 0.75}]
