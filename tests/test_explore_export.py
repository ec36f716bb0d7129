"""Exploration (curated queries, read-only Cypher) and export (neo4j-admin CSV, GraphML) on
the graph an analysis leaves behind, through the CLI."""

from __future__ import annotations

import csv
import json
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner
from sanon_graph_cli.main import cli

from .conftest import EXAMPLES, read_jsonl


@pytest.fixture(scope="module")
def analysis(tmp_path_factory):
    out = tmp_path_factory.mktemp("explore") / "out"
    result = CliRunner().invoke(cli, ["analyze", str(EXAMPLES), "--out", str(out), "-q"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def explore_json(analysis, *args):
    result = run("explore", analysis, *args, "--format", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_list_of_curated_queries(analysis):
    result = run("explore", analysis)
    assert result.exit_code == 0
    for name in ("riskiest_chains", "document_links", "neighbourhood", "bridging_entities", "value", "chain_masking"):
        assert name in result.output
    # a script that asks for JSON gets the list as JSON, one record per query with its parameters
    listed = explore_json(analysis)
    assert {q["query"] for q in listed} == {"riskiest_chains", "document_links", "neighbourhood", "bridging_entities",
                                            "value", "chain_masking"}
    assert next(q for q in listed if q["query"] == "document_links")["parameters"] == "a, b"


def test_riskiest_chains_agree_with_chains_jsonl(analysis):
    rows = explore_json(analysis, "riskiest_chains", "-p", "limit=1")
    top = max(read_jsonl(analysis / "chains.jsonl"), key=lambda c: c["risk_initial"])
    assert {r["chain_id"] for r in rows} == {top["chain_id"]}
    assert {(r["document_a"], r["document_b"]) for r in rows} <= {tuple(top["source_ids"]), tuple(reversed(top["source_ids"]))}
    assert all(r["risk_initial"] == pytest.approx(top["risk_initial"]) for r in rows)


def test_document_links_lists_the_shared_entities(analysis):
    rows = explore_json(analysis, "document_links", "-p", "a=memo-3001", "-p", "b=note-2001")
    assert {r["value"] for r in rows} >= {"MBR-55821", "14 larkspur lane"}
    link = next(link for link in read_jsonl(analysis / "links.jsonl")
                if {link["doc_a"].split("|")[0], link["doc_b"].split("|")[0]} == {"memo-3001", "note-2001"})
    assert rows[0]["link_strength_before"] == pytest.approx(link["strength_before"])


def test_neighbourhood_and_value(analysis):
    near = explore_json(analysis, "neighbourhood", "-p", "document=note-2001", "-p", "hops=1")
    assert {r["document"] for r in near} == {"memo-3001", "claim-1002"}
    mentions = explore_json(analysis, "value", "-p", "value=mbr-55821")  # case-insensitive
    assert {r["document"] for r in mentions} == {"claim-1002", "memo-3001", "note-2001"}
    assert all(r["masked"] and r["replacement"] == "[PATIENT_ID]" for r in mentions)


def test_bridging_entities_and_chain_masking(analysis):
    bridges = explore_json(analysis, "bridging_entities", "-p", "limit=3")
    assert len(bridges) == 3 and bridges[0]["links"] >= bridges[-1]["links"]
    chain = next(c for c in read_jsonl(analysis / "chains.jsonl") if set(c["source_ids"]) == {"memo-3001", "note-2001"})
    removed = explore_json(analysis, "chain_masking", "-p", f"chain={chain['chain_id']}")
    masked_here = {e["normalized_value"] for e in read_jsonl(analysis / "entities.jsonl")
                   if e["masked"] and set(e["doc_ids"]) & set(chain["doc_ids"])}
    assert {r["value"] for r in removed} == masked_here


def test_parameter_errors_are_clear(analysis):
    missing = run("explore", analysis, "value")
    assert missing.exit_code == 2 and "needs --param value=" in missing.output
    unknown = run("explore", analysis, "value", "-p", "value=x", "-p", "colour=red")
    assert unknown.exit_code == 2 and "unknown: colour" in unknown.output
    assert run("explore", analysis, "nope").exit_code == 2


def test_cypher_is_read_only_and_takes_parameters(analysis):
    result = run("cypher", analysis, "MATCH (e:Entity) WHERE e.freq >= $n RETURN e.value AS v ORDER BY v", "-p", "n=3", "--format", "csv")
    assert result.exit_code == 0, result.output
    values = result.output.splitlines()[1:]
    assert "MBR-55821" in values
    assert len(values) == sum(1 for e in read_jsonl(analysis / "entities.jsonl") if len(e["doc_ids"]) >= 3)
    write = run("cypher", analysis, "MATCH (e:Entity) SET e.masked = false")
    assert write.exit_code != 0 and "read-only" in write.output
    still = run("cypher", analysis, "MATCH (e:Entity) WHERE e.masked RETURN count(*) AS n", "--format", "json")
    assert json.loads(still.output)[0]["n"] == sum(1 for e in read_jsonl(analysis / "entities.jsonl") if e["masked"])


def test_not_an_analysis_folder(tmp_path):
    result = run("explore", tmp_path, "value", "-p", "value=x")
    assert result.exit_code == 2 and "no graph.lbug" in result.output


def test_export_neo4j_admin(analysis, tmp_path):
    target = tmp_path / "neo4j"
    result = run("export", analysis, "--format", "neo4j-admin", "--to", target)
    assert result.exit_code == 0, result.output

    def rows(name):
        with (target / name).open(newline="", encoding="utf-8") as fh:
            return list(csv.DictReader(fh))

    docs, ents, links = rows("documents.csv"), rows("entities.csv"), rows("linked.csv")
    assert list(docs[0])[:2] == ["id:ID(Document)", "source_id"] and list(docs[0])[-1] == ":LABEL"
    assert "masked:boolean" in ents[0] and "freq:long" in ents[0]
    assert list(links[0])[:2] == [":START_ID(Document)", ":END_ID(Document)"] and "via:string[]" in links[0]
    assert len(docs) == len(read_jsonl(analysis / "documents.jsonl"))
    assert len(ents) == len(read_jsonl(analysis / "entities.jsonl"))
    assert len(rows("chains.csv")) == len(read_jsonl(analysis / "chains.jsonl"))
    expected_via = {(link["doc_a"], link["doc_b"]): sorted(link["via"]) for link in read_jsonl(analysis / "links.jsonl")}
    assert {(r[":START_ID(Document)"], r[":END_ID(Document)"]): sorted(r["via:string[]"].split(";")) for r in links} == expected_via
    assert {r["masked:boolean"] for r in ents} == {"true", "false"}
    assert "neo4j-admin database import full" in (target / "import-command.txt").read_text()
    # labels for Browser styling: documents by risk band, entities by type, as style.grass expects
    by_doc = {d["doc_id"]: d for d in read_jsonl(analysis / "documents.jsonl")}
    for r in docs:
        risk = by_doc[r["id:ID(Document)"]]["risk_before"]
        band = "RiskHigh" if risk >= 0.95 else "RiskMedium" if risk >= 0.5 else "RiskLow"
        assert r[":LABEL"] == f"Document;{band}"
    assert all(r[":LABEL"] == f"Entity;{r['type']}" for r in ents)
    style = (target / "style.grass").read_text()
    assert all(f"node.{label}" in style for label in ("RiskHigh", "RiskMedium", "RiskLow", "NAME", "Chain"))


def test_export_graphml(analysis, tmp_path):
    target = tmp_path / "g.graphml"
    result = run("export", analysis, "--format", "graphml", "--to", target)
    assert result.exit_code == 0, result.output
    ns = {"g": "http://graphml.graphdrawing.org/xmlns"}
    root = ET.parse(target).getroot()
    nodes = root.findall("g:graph/g:node", ns)
    edges = root.findall("g:graph/g:edge", ns)
    n_docs = len(read_jsonl(analysis / "documents.jsonl"))
    n_ents = len(read_jsonl(analysis / "entities.jsonl"))
    n_chains = len(read_jsonl(analysis / "chains.jsonl"))
    assert len(nodes) == n_docs + n_ents + n_chains
    n_mentions = sum(len(d["mentions"]) for d in read_jsonl(analysis / "documents.jsonl"))
    n_links = len(read_jsonl(analysis / "links.jsonl"))
    n_includes = sum(len(c["doc_ids"]) for c in read_jsonl(analysis / "chains.jsonl"))
    assert len(edges) == n_mentions + n_links + n_includes
    ids = {n.get("id") for n in nodes}
    assert all(e.get("source") in ids and e.get("target") in ids for e in edges)
    assert run("export", analysis, "--format", "graphml", "--to", tmp_path / "g.xml").exit_code == 2
