"""The Neo4j test server itself, against the real servers (both lines, see tests/neo4j_server.py):
auth on with the given password, the expected version, data round trips, no password in its
output, and the neo4j-admin import mode the export is proven with."""

from __future__ import annotations

import pytest

from .neo4j_server import driver_module, load_testserver, start_local

EXPECTED_PREFIX = {"5.26": "5.26.", "2026": "2026."}


def _driver(server, password=None):
    neo4j = driver_module()
    return neo4j.GraphDatabase.driver(server.uri, auth=(server.username, password or server.password))


def test_bolt_answers_with_the_password(neo4j_server):
    with _driver(neo4j_server) as driver:
        driver.verify_connectivity()
        records, _, _ = driver.execute_query("RETURN 1 AS one", database_=neo4j_server.database)
    assert records[0]["one"] == 1


def test_wrong_password_is_refused(neo4j_server):
    neo4j = driver_module()
    # one attempt only: Neo4j locks the user for 5 s after 3 failures in a row
    with _driver(neo4j_server, password=neo4j_server.password + "-wrong") as driver:
        with pytest.raises(neo4j.exceptions.AuthError):
            driver.verify_connectivity()
    with _driver(neo4j_server) as driver:  # and the right one still works
        driver.verify_connectivity()


def test_components_report_the_version_line(neo4j_server):
    with _driver(neo4j_server) as driver:
        records, _, _ = driver.execute_query(
            "CALL dbms.components() YIELD name, versions, edition RETURN name, versions, edition",
            database_="system",
        )
    kernel = next(r for r in records if r["name"] == "Neo4j Kernel")
    assert kernel["versions"][0] == neo4j_server.version
    if neo4j_server.local is not None:  # started here: the pinned line, Community edition
        assert kernel["edition"] == "community"
        assert neo4j_server.version.startswith(EXPECTED_PREFIX[neo4j_server.line])


def test_write_read_round_trip(neo4j_clean):
    neo4j_clean.run(
        "CREATE (:Document {id: $id, tags: $tags})-[:MENTIONS {relevance: 0.5}]->(:Entity {name: $name})",
        id="d1", tags=["a", "b"], name="Ada Lovelace",
    ).consume()
    record = neo4j_clean.run(
        "MATCH (d:Document)-[m:MENTIONS]->(e:Entity) "
        "RETURN d.id AS id, d.tags AS tags, m.relevance AS relevance, e.name AS name"
    ).single()
    assert dict(record) == {"id": "d1", "tags": ["a", "b"], "relevance": 0.5, "name": "Ada Lovelace"}


def test_each_test_starts_from_an_empty_database(neo4j_clean):
    # test_write_read_round_trip left a graph behind on the same server
    assert neo4j_clean.run("MATCH (n) RETURN count(n) AS n").single()["n"] == 0


def test_password_is_in_no_output_or_log(neo4j_server):
    server = neo4j_server.local
    if server is None:
        pytest.skip("an external or container server: its logs are not ours to read")
    with _driver(neo4j_server) as driver:  # a login and a query, so they had a chance to log
        driver.execute_query("RETURN 1", database_=neo4j_server.database)
    assert any(line.startswith("BOLT ") for line in server.stdout_lines)
    assert all(neo4j_server.password not in line for line in server.stdout_lines)
    logs = [p for p in server.data_dir.rglob("*") if p.is_file() and "log" in p.name]
    assert any(p.name == "debug.log" for p in logs)
    for path in logs:
        assert neo4j_server.password.encode() not in path.read_bytes(), path
    # nor on the command line, which every user of the machine can read in `ps`
    assert neo4j_server.password not in " ".join(server.process.args)


DOCUMENTS_CSV = """id:ID(Doc),title,tags:string[],:LABEL
d1,First,privacy;health,Document
d2,Second,health,Document
d3,Third,,Document;Archived
"""
LINKED_CSV = """:START_ID(Doc),:END_ID(Doc),:TYPE,weight:float
d1,d2,LINKED,0.5
d2,d3,LINKED,0.25
"""
TOPICS_CSV = """name:ID(Topic)
privacy
"""


@pytest.mark.parametrize("version", list(load_testserver().LINES))
def test_import_mode_serves_the_imported_database(version, tmp_path):
    """What `sanon-graph export --format neo4j-admin` hands over: CSVs with neo4j-admin headers
    and import-command.txt, whose line goes to Neo4j's real import tool before the start."""
    (tmp_path / "documents.csv").write_text(DOCUMENTS_CSV)
    (tmp_path / "linked.csv").write_text(LINKED_CSV)
    (tmp_path / "topics.csv").write_text(TOPICS_CSV)
    command = ('neo4j-admin database import full --nodes=documents.csv --nodes=Topic=topics.csv '
               '--relationships=linked.csv --array-delimiter=";" neo4j')
    (tmp_path / "import-command.txt").write_text(command + "\n")
    line = (tmp_path / "import-command.txt").read_text().strip()

    # the arguments after `neo4j-admin`, as one string: the server splits it like a shell would
    assert line.startswith("neo4j-admin ")
    server = start_local(version, import_from=tmp_path, import_args=line.removeprefix("neo4j-admin "))
    try:
        neo4j = driver_module()
        with neo4j.GraphDatabase.driver(server.uri, auth=(server.username, server.password)) as driver:
            docs, _, _ = driver.execute_query(
                "MATCH (d:Document) RETURN d.id AS id, d.tags AS tags, labels(d) AS labels ORDER BY id")
            links, _, _ = driver.execute_query(
                "MATCH (:Document)-[r:LINKED]->(:Document) RETURN count(r) AS n, sum(r.weight) AS w")
            topics, _, _ = driver.execute_query("MATCH (t:Topic) RETURN t.name AS name")
    finally:
        server.stop()
    assert [r["id"] for r in docs] == ["d1", "d2", "d3"]
    assert docs[0]["tags"] == ["privacy", "health"]
    assert sorted(docs[2]["labels"]) == ["Archived", "Document"]
    assert (links[0]["n"], links[0]["w"]) == (2, 0.75)
    assert [r["name"] for r in topics] == ["privacy"]
    assert server.process.returncode == 0  # stopped cleanly
    assert not server.data_dir.exists()  # its temporary data went with it


def test_a_password_neo4j_admin_would_read_as_an_option_is_refused_before_starting():
    """A random token_urlsafe password starts with '-' once in 64 starts, and neo4j-admin's
    command line then stops with a usage error: random passwords are hex, given ones checked."""
    module = load_testserver()
    with pytest.raises(ValueError, match="must not start with '-'"):
        module.start("5.26", password="-verbose-password")
