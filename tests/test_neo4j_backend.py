"""The Neo4j backend end to end, through the CLI, against a real server (both Neo4j lines):
the same analysis as the embedded engine on every corpus we have, living beside other data in
the same database, reopened for exploration and export, the export imported into a real
Neo4j, clear errors, and the password nowhere."""

from __future__ import annotations

import json
import logging
import shlex
import socket

import pytest
from click.testing import CliRunner
from sanon_graph_cli.main import cli

from sanon_graph.errors import GraphError
from sanon_graph.graph.neo4j import MIN_VERSION, check_server_version

from .conftest import EXAMPLES, THESIS_SETS, read_jsonl, thesis_set
from .contract import check_output_contract
from .graph_backends import assert_same_analysis, neo4j_environment, new_neo4j_store
from .neo4j_server import driver_module, start_local
from .test_ingest_cli import tree_digest

CORPORA = ["examples", *THESIS_SETS]


def corpus_path(name: str):
    return EXAMPLES if name == "examples" else thesis_set(name) / "documents"


def run(*args, env=None):
    return CliRunner().invoke(cli, [str(a) for a in args], env=env, catch_exceptions=False)


def analyze(corpus, out, *extra, env=None):
    return run("analyze", corpus, "--out", out, "-q", "--force", *extra, env=env)


@pytest.fixture(scope="module")
def embedded(tmp_path_factory):
    """The embedded engine's analysis of a corpus, once per module: the reference."""
    done = {}

    def get(name: str):
        if name not in done:
            out = tmp_path_factory.mktemp("embedded") / name
            result = analyze(corpus_path(name), out)
            assert result.exit_code == 0, result.output
            done[name] = out
        return done[name]

    return get


def graph_counts(server, dataset: str) -> dict[str, int]:
    """The nodes and relationships that carry one dataset."""
    neo4j = driver_module()
    with neo4j.GraphDatabase.driver(server.uri, auth=(server.username, server.password)) as driver:
        nodes, _, _ = driver.execute_query("MATCH (n) WHERE n.dataset = $dataset RETURN count(n) AS c",
                                           dataset=dataset, database_=server.database)
        rels, _, _ = driver.execute_query("MATCH ()-[r]->() WHERE r.dataset = $dataset RETURN count(r) AS c",
                                          dataset=dataset, database_=server.database)
    return {"nodes": nodes[0]["c"], "relationships": rels[0]["c"]}


@pytest.mark.parametrize("corpus", CORPORA)
def test_both_engines_give_the_same_analysis(neo4j_server, embedded, corpus, tmp_path):
    """Entities, links, chains (ids; scores within 1e-9), decisions and byte-identical masked/."""
    source = corpus_path(corpus)
    before = tree_digest(source)
    out = tmp_path / "neo4j"
    result = analyze(source, out, "--backend", "neo4j", "--dataset", f"eq-{corpus}", env=neo4j_environment(neo4j_server))
    assert result.exit_code == 0, result.output
    run_json = check_output_contract(out, source)
    assert tree_digest(source) == before
    assert run_json["graph"]["backend"] == "neo4j" and run_json["graph"]["dataset"] == f"eq-{corpus}"
    assert run_json["versions"]["graph"].startswith(f"Neo4j {neo4j_server.version}")
    assert not (out / "graph.lbug").exists()
    assert_same_analysis(embedded(corpus), out)


def test_rerun_replaces_the_dataset_and_is_idempotent(neo4j_server, tmp_path):
    env = neo4j_environment(neo4j_server)
    first, second = tmp_path / "first", tmp_path / "second"
    assert analyze(EXAMPLES, first, "--backend", "neo4j", "--dataset", "again", env=env).exit_code == 0
    counts = graph_counts(neo4j_server, "again")
    assert analyze(EXAMPLES, second, "--backend", "neo4j", "--dataset", "again", env=env).exit_code == 0
    assert graph_counts(neo4j_server, "again") == counts
    docs = read_jsonl(first / "documents.jsonl")
    n_entities = len(read_jsonl(first / "entities.jsonl"))
    n_chains = len(read_jsonl(first / "chains.jsonl"))
    assert counts["nodes"] == len(docs) + n_entities + n_chains + 1  # + the dataset's run marker
    assert counts["relationships"] == (sum(len(d["mentions"]) for d in docs) + len(read_jsonl(first / "links.jsonl"))
                                       + sum(len(c["doc_ids"]) for c in read_jsonl(first / "chains.jsonl")))
    for name in ("documents.jsonl", "entities.jsonl", "links.jsonl", "chains.jsonl", "replacements.json"):
        assert (first / name).read_bytes() == (second / name).read_bytes(), name
    # the first folder's graph was replaced: reopening it says so rather than showing the second run
    stale = run("explore", first, "riskiest_chains", env=env)
    assert stale.exit_code == 1 and "replaced by a later run" in stale.output
    assert run("explore", second, "riskiest_chains", env=env).exit_code == 0
    listed = json.loads(run("datasets", "--json", env=env).output)
    mine = next(d for d in listed if d["dataset"] == "again")
    assert mine["complete"] is True and mine["documents"] == len(docs)


FOREIGN = """
CREATE (p:Person {name: 'Ada'})-[:KNOWS {since: 2020}]->(q:Person {name: 'Grace'})
CREATE (d1:Document {id: 'memo-3001', source_id: 'memo-3001', text: 'their own'})
CREATE (d2:Document {id: 'x', source_id: 'note-2001', dataset: 'foreign-kg'})
CREATE (e:Entity {id: 'e1', type: 'PATIENT_ID', value: 'MBR-55821', masked: false, dataset: 'foreign-kg'})
CREATE (d1)-[:MENTIONS {relevance: 1.0}]->(e), (d2)-[:MENTIONS {relevance: 1.0, dataset: 'foreign-kg'}]->(e)
CREATE (d1)-[:LINKED {strength: 0.9}]->(d2)
CREATE (:Chain {id: 'c1', risk_initial: 0.99})-[:INCLUDES {position: 0}]->(d1)
CREATE (p)-[:AUTHORED]->(d1)
"""


def snapshot(server) -> list:
    """Everything that is not an analysis' own, with its properties."""
    neo4j = driver_module()
    with neo4j.GraphDatabase.driver(server.uri, auth=(server.username, server.password)) as driver:
        nodes, _, _ = driver.execute_query(
            "MATCH (n) WHERE n.dataset IS NULL OR n.dataset STARTS WITH 'foreign' "
            "RETURN labels(n) AS labels, properties(n) AS props", database_=server.database)
        rels, _, _ = driver.execute_query(
            "MATCH (a)-[r]->(b) WHERE a.dataset IS NULL OR a.dataset STARTS WITH 'foreign' "
            "RETURN type(r) AS type, properties(r) AS props, properties(a) AS a, properties(b) AS b",
            database_=server.database)
    return [sorted(str(r.data()) for r in nodes), sorted(str(r.data()) for r in rels)]


def test_other_data_in_the_database_is_untouched_and_ignored(neo4j_server, neo4j_clean, embedded, tmp_path):
    """Nodes and relationships that are not the analysis' (with the same labels and types, with
    and without a dataset of their own) are neither read into the analysis nor changed, by
    analyze, a re-run, exploration, export or --reset."""
    neo4j_clean.run(FOREIGN).consume()
    before = snapshot(neo4j_server)
    env = neo4j_environment(neo4j_server)
    out = tmp_path / "out"
    for _ in range(2):  # a re-run first removes the old dataset: still nothing else
        result = analyze(EXAMPLES, out, "--backend", "neo4j", "--dataset", "beside", env=env)
        assert result.exit_code == 0, result.output
    assert_same_analysis(embedded("examples"), out)  # the foreign MBR-55821 changed nothing
    value = json.loads(run("explore", out, "value", "-p", "value=MBR-55821", "--format", "json", env=env).output)
    assert {r["document"] for r in value} == {"claim-1002", "memo-3001", "note-2001"}
    assert run("export", out, "--format", "neo4j-admin", "--to", tmp_path / "export", env=env).exit_code == 0
    assert len(read_jsonl(out / "documents.jsonl")) == sum(1 for _ in (tmp_path / "export" / "documents.csv").open()) - 1
    assert snapshot(neo4j_server) == before
    removed = run("datasets", "--reset", "beside", "--json", env=env)
    assert removed.exit_code == 0, removed.output
    assert json.loads(removed.output)["removed_nodes"] > 0
    assert graph_counts(neo4j_server, "beside") == {"nodes": 0, "relationships": 0}
    assert snapshot(neo4j_server) == before
    gone = run("explore", out, "riskiest_chains", env=env)
    assert gone.exit_code == 1 and "no dataset 'beside'" in gone.output


@pytest.fixture(scope="module")
def neo4j_examples(neo4j_server, tmp_path_factory):
    out = tmp_path_factory.mktemp("neo4j-examples") / "out"
    result = analyze(EXAMPLES, out, "--backend", "neo4j", "--dataset", "explore-me",
                     env=neo4j_environment(neo4j_server))
    assert result.exit_code == 0, result.output
    return out


EXPLORATIONS = [
    ("riskiest_chains", "limit=5"), ("document_links", "a=memo-3001", "b=note-2001"),
    ("neighbourhood", "document=note-2001", "hops=2"), ("bridging_entities", "limit=5"),
    ("value", "value=mbr-55821"),
]


@pytest.mark.parametrize("query", EXPLORATIONS, ids=lambda q: q[0])
def test_explore_gives_what_the_embedded_graph_gives(neo4j_server, neo4j_examples, embedded, query):
    env = neo4j_environment(neo4j_server)
    name, *params = query
    args = [a for p in params for a in ("-p", p)]
    here = run("explore", neo4j_examples, name, *args, "--format", "json", env=env)
    there = run("explore", embedded("examples"), name, *args, "--format", "json")
    assert here.exit_code == 0 and there.exit_code == 0, here.output + there.output
    rows_here, rows_there = json.loads(here.output), json.loads(there.output)
    assert rows_here and len(rows_here) == len(rows_there)
    for a, b in zip(rows_here, rows_there, strict=True):
        assert a.keys() == b.keys()
        for key in a:
            assert a[key] == pytest.approx(b[key], abs=1e-9) if isinstance(a[key], float) else a[key] == b[key]


def test_cypher_runs_in_a_read_session(neo4j_server, neo4j_examples):
    env = neo4j_environment(neo4j_server)
    masked = sum(1 for e in read_jsonl(neo4j_examples / "entities.jsonl") if e["masked"])
    query = "MATCH (e:Entity {dataset: $dataset}) WHERE e.masked RETURN count(*) AS n"
    assert json.loads(run("cypher", neo4j_examples, query, "--format", "json", env=env).output)[0]["n"] == masked
    write = run("cypher", neo4j_examples, "MATCH (e:Entity {dataset: $dataset}) SET e.masked = false", env=env)
    assert write.exit_code == 1 and "read-only" in write.output  # refused by the server, not by inspection
    create = run("cypher", neo4j_examples, "CREATE (:Intruder)", env=env)
    assert create.exit_code == 1 and "read-only" in create.output
    assert json.loads(run("cypher", neo4j_examples, query, "--format", "json", env=env).output)[0]["n"] == masked
    assert json.loads(run("cypher", neo4j_examples, "MATCH (n:Intruder) RETURN count(n) AS n", "--format", "json",
                          env=env).output)[0]["n"] == 0


def test_neo4j_admin_export_imports_into_a_real_neo4j(neo4j_server, neo4j_examples, tmp_path):
    """The export's own import command, run by Neo4j's import tool into a fresh server: the
    node, label, relationship and property counts are the analysis'."""
    target = tmp_path / "export"
    assert run("export", neo4j_examples, "--format", "neo4j-admin", "--to", target,
               env=neo4j_environment(neo4j_server)).exit_code == 0
    command = next(line for line in (target / "import-command.txt").read_text().splitlines()
                   if line.startswith("neo4j-admin"))
    args = shlex.split(command)[1:]
    line = neo4j_server.line if neo4j_server.line in ("5.26", "2026") else "5.26"
    imported = start_local(line, import_from=target, import_args=args)
    try:
        neo4j = driver_module()
        with neo4j.GraphDatabase.driver(imported.uri, auth=(imported.username, imported.password)) as driver:
            def one(query):
                return driver.execute_query(query, database_="neo4j")[0][0][0]

            labels = {r["label"]: r["n"] for r in driver.execute_query(
                "MATCH (n) UNWIND labels(n) AS label RETURN label, count(*) AS n", database_="neo4j")[0]}
            types = {r["type"]: r["n"] for r in driver.execute_query(
                "MATCH ()-[r]->() RETURN type(r) AS type, count(*) AS n", database_="neo4j")[0]}
            node_props = one("MATCH (n) RETURN sum(size(keys(n)))")
            rel_props = one("MATCH ()-[r]->() RETURN sum(size(keys(r)))")
            masked_entity = driver.execute_query(
                "MATCH (e:Entity {value: 'MBR-55821'}) RETURN e.masked AS masked, e.replacement AS r",
                database_="neo4j")[0][0]
            via = one("MATCH ()-[l:LINKED]->() RETURN l.via LIMIT 1")
    finally:
        imported.stop()
    docs = read_jsonl(neo4j_examples / "documents.jsonl")
    entities = read_jsonl(neo4j_examples / "entities.jsonl")
    links = read_jsonl(neo4j_examples / "links.jsonl")
    chains = read_jsonl(neo4j_examples / "chains.jsonl")
    assert labels["Document"] == len(docs) and labels["Entity"] == len(entities) and labels["Chain"] == len(chains)
    assert labels.get("NAME", 0) == sum(1 for e in entities if e["type"] == "NAME")
    assert types == {"MENTIONS": sum(len(d["mentions"]) for d in docs), "LINKED": len(links),
                     "INCLUDES": sum(len(c["doc_ids"]) for c in chains)}
    # documents: id, source_id, path, risk_before, risk_after; entities: 8, +stage and
    # replacement when masked; chains: 7. MENTIONS: relevance; LINKED: 4; INCLUDES: position.
    masked = sum(1 for e in entities if e["masked"])
    assert node_props == 5 * len(docs) + 8 * len(entities) + 2 * masked + 7 * len(chains)
    assert rel_props == types["MENTIONS"] + 4 * len(links) + types["INCLUDES"]
    assert masked_entity["masked"] is True and masked_entity["r"] == "[PATIENT_ID]"
    assert isinstance(via, list) and via


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_connection_errors_are_one_clear_line(neo4j_server, tmp_path):
    good = neo4j_environment(neo4j_server)
    cases = [
        ({"NEO4J_URI": f"bolt://127.0.0.1:{free_port()}"}, 1, "connection refused"),
        ({"NEO4J_PASSWORD": "not-the-password"}, 1, "refused the credentials of user 'neo4j'"),
        ({"NEO4J_DATABASE": "nosuchdb"}, 1, "has no database 'nosuchdb'"),
        ({"NEO4J_URI": "http://127.0.0.1:7474"}, 2, "the scheme must be one of bolt"),
        ({"NEO4J_PASSWORD": ""}, 2, "set NEO4J_PASSWORD"),
    ]
    for change, code, message in cases:
        out = tmp_path / "out"
        result = analyze(EXAMPLES, out, "--backend", "neo4j", env={**good, **change})
        assert result.exit_code == code, (change, result.output)
        errors = [line for line in result.output.splitlines() if line.startswith("error:")]
        assert len(errors) == 1 and message in errors[0], (change, result.output)
        assert "Traceback" not in result.output
        assert not out.exists()


def test_the_neo4j_scheme_and_config_file_connection(neo4j_server, tmp_path):
    """neo4j:// (routing) works against a single server; [neo4j] in the config file gives the
    URI and database when the environment does not, never the password."""
    port = neo4j_server.uri.rsplit(":", 1)[1]
    config = tmp_path / "c.toml"
    config.write_text(f'[neo4j]\nuri = "neo4j://127.0.0.1:{port}"\ndatabase = "{neo4j_server.database}"\n')
    env = {"NEO4J_URI": None, "NEO4J_DATABASE": None, "NEO4J_USERNAME": neo4j_server.username,
           "NEO4J_PASSWORD": neo4j_server.password}
    out = tmp_path / "out"
    result = analyze(EXAMPLES, out, "--backend", "neo4j", "--config", config, env=env)
    assert result.exit_code == 0, result.output
    graph = json.loads((out / "run.json").read_text())["graph"]
    assert graph["uri"] == f"neo4j://127.0.0.1:{port}" and graph["dataset"] == "out"
    config.write_text('[neo4j]\npassword = "secret123"\n')
    refused = analyze(EXAMPLES, tmp_path / "o2", "--backend", "neo4j", "--config", config, env=env)
    assert refused.exit_code == 2 and "NEO4J_PASSWORD" in refused.output and "secret123" not in refused.output


def test_server_version_gate():
    """Servers older than the 5.26 LTS are refused with the version in the message (no such
    server runs here, so the gate itself is checked on the versions servers report)."""
    for too_old in ("4.4.30", "5.13.0", "5.25.1"):
        with pytest.raises(GraphError, match=f"is version {too_old}: sanon-graph needs 5.26 or later"):
            check_server_version(too_old, "bolt://x")
    for fine in ("5.26.0", "5.26.30", "2025.01.0", "2026.08.1"):
        check_server_version(fine, "bolt://x")
    assert MIN_VERSION == (5, 26)


def test_a_failed_run_leaves_no_dataset(neo4j_server, tmp_path, monkeypatch):
    import sanon_graph.pipeline as pipeline

    def broken(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(pipeline, "write_outputs", broken)
    env = neo4j_environment(neo4j_server)
    with pytest.raises(OSError, match="disk full"):
        analyze(EXAMPLES, tmp_path / "out", "--backend", "neo4j", "--dataset", "doomed", env=env)
    assert not (tmp_path / "out").exists()
    assert graph_counts(neo4j_server, "doomed") == {"nodes": 0, "relationships": 0}


def test_the_password_is_never_printed_logged_or_written(neo4j_server, tmp_path, caplog):
    env = neo4j_environment(neo4j_server)
    secret = neo4j_server.password
    caplog.set_level(logging.DEBUG, logger="neo4j")  # the driver's own debug log, Bolt messages included
    out, export = tmp_path / "out", tmp_path / "export"
    outputs = [
        analyze(EXAMPLES, out, "--backend", "neo4j", "--dataset", "secret-test", "--json", env=env).output,
        run("explore", out, "riskiest_chains", env=env).output,
        run("cypher", out, "MATCH (d:Document {dataset: $dataset}) RETURN count(d) AS n", env=env).output,
        run("export", out, "--format", "neo4j-admin", "--to", export, env=env).output,
        run("datasets", env=env).output,
        analyze(EXAMPLES, tmp_path / "bad", "--backend", "neo4j", env={**env, "NEO4J_PASSWORD": secret + "x"}).output,
    ]
    assert "HELLO" in caplog.text or "LOGON" in caplog.text  # the log did record the handshake
    assert all(secret not in text for text in outputs)
    assert secret not in caplog.text
    files = [p for folder in (out, export) for p in folder.rglob("*") if p.is_file()]
    if neo4j_server.local is not None:
        files += [p for p in neo4j_server.local.log_dir.rglob("*") if p.is_file()]
    assert files
    for path in files:
        assert secret.encode() not in path.read_bytes(), path


def test_no_query_uses_syntax_the_server_deprecates(neo4j_server, tmp_path, caplog):
    """Every query of cypher/neo4j/ (analysis with chains of 2-4 documents, every exploration,
    the export, a reset) runs without a deprecation notification on both Neo4j lines. The
    driver logs the server's notifications; a deprecated function proves the check can fail."""
    caplog.set_level(logging.DEBUG, logger="neo4j.notifications")
    env = neo4j_environment(neo4j_server)
    out = tmp_path / "out"
    assert analyze(EXAMPLES, out, "--backend", "neo4j", "--dataset", "deprecations", "--chain-length", "4",
                   env=env).exit_code == 0
    chain = read_jsonl(out / "chains.jsonl")[0]["chain_id"]
    for name, *params in [*EXPLORATIONS, ("chain_masking", f"chain={chain}")]:
        assert run("explore", out, name, *[a for p in params for a in ("-p", p)], env=env).exit_code == 0
    assert run("export", out, "--format", "graphml", "--to", tmp_path / "g.graphml", env=env).exit_code == 0
    assert run("datasets", "--reset", "deprecations", env=env).exit_code == 0
    deprecations = [r.getMessage() for r in caplog.records if "deprecat" in r.getMessage().lower()]
    assert deprecations == []
    store = new_neo4j_store(neo4j_server)
    try:
        store.cypher("MATCH (n) RETURN id(n) AS old LIMIT 1")
    finally:
        store.close()
    assert any("deprecat" in r.getMessage().lower() for r in caplog.records)


def test_ids_that_engines_order_differently_give_the_same_analysis(neo4j_server, tmp_path):
    """Ids outside the Basic Multilingual Plane, where UTF-16 order (Java's String.compareTo)
    and code point order disagree: "a before b" (a link's direction, a chain's first document)
    is the document's rank in Python's id order on both engines, whatever their collation, so
    both write the same files."""
    from .conftest import write_json

    ids = ["x\uFB01", "x\U0001F600", "x\u00e9", "x"]
    members = ["MBR-55821", "MBR-66932", "MBR-77043", "MBR-88154", "MBR-99265"]
    # neighbours in the list share a member ID: links x\uFB01 - x\U0001F600 - x\u00e9 - x
    texts = [f"Claim for member {members[k]}; the same household as member {members[k + 1]}." for k in range(4)]
    corpus = write_json(tmp_path / "in" / "docs.json", [{"id": i, "content": t} for i, t in zip(ids, texts, strict=True)])
    embedded_out, neo4j_out = tmp_path / "embedded", tmp_path / "neo4j"
    assert analyze(corpus, embedded_out, "--chain-length", "3").exit_code == 0
    result = analyze(corpus, neo4j_out, "--chain-length", "3", "--backend", "neo4j",
                     env=neo4j_environment(neo4j_server))
    assert result.exit_code == 0, result.output
    links = read_jsonl(neo4j_out / "links.jsonl")
    assert len(links) == 3 and all(link["doc_a"] < link["doc_b"] for link in links)
    pair = next(link for link in links if {link["doc_a"].split("|")[0], link["doc_b"].split("|")[0]} == {*ids[:2]})
    assert pair["doc_a"].split("|")[0] == ids[0]  # code point order (UTF-16 order puts the emoji first)
    assert_same_analysis(embedded_out, neo4j_out)
