"""Pytest fixtures for a real Neo4j server: `neo4j_server` (one per Neo4j line, per session) and
`neo4j_clean` (a driver session on an emptied `neo4j` database).

Where the server comes from, first match wins:
1. NEO4J_TEST_URI (with NEO4J_TEST_USERNAME, NEO4J_TEST_PASSWORD, NEO4J_TEST_DATABASE and
   optionally NEO4J_TEST_VERSION to name it): that external server, one parameter only.
2. A reachable Docker engine with `testcontainers` importable: a Neo4j Community container.
3. neo4j-testserver/testserver.py: Neo4j's own DBMS from Maven Central in a local JVM, 5.26 LTS
   on Java 17 and 2026.x on Java 25 (NEO4J_TEST_VERSIONS="5.26" picks lines, comma-separated).

Without java/mvn the tests skip with the reason, unless SANON_GRAPH_REQUIRE_NEO4J=1 (CI), where
they fail. Servers start lazily, when the first test asks, and stop at the end of the session.
"""

from __future__ import annotations

import importlib.util
import os
import secrets
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
TESTSERVER_PY = ROOT / "neo4j-testserver" / "testserver.py"


def load_testserver():
    """neo4j-testserver/testserver.py as a module (its directory is no package)."""
    name = "sanon_graph_neo4j_testserver"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, TESTSERVER_PY)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # before exec: dataclasses look their module up
        spec.loader.exec_module(module)
    return sys.modules[name]


def require_neo4j() -> bool:
    return os.environ.get("SANON_GRAPH_REQUIRE_NEO4J") == "1"


def unavailable(reason: str):
    """Skip for a person without java/mvn; fail where a Neo4j server is required (CI)."""
    if require_neo4j():
        pytest.fail(f"SANON_GRAPH_REQUIRE_NEO4J=1 but {reason}", pytrace=False)
    pytest.skip(reason)


@dataclass
class Neo4jTestServer:
    uri: str
    username: str
    version: str  # the server's own version, e.g. "5.26.30"
    password: str = field(repr=False)  # never in repr: pytest prints reprs in failure reports
    database: str = "neo4j"
    line: str = ""  # "5.26", "2026" or the external server's name
    local: Any = field(default=None, repr=False)  # the testserver.Server when started here


def _local_lines() -> list[str]:
    wanted = os.environ.get("NEO4J_TEST_VERSIONS")
    lines = list(load_testserver().LINES)
    return [v.strip() for v in wanted.split(",") if v.strip()] if wanted else lines


def _params() -> list[str]:
    if os.environ.get("NEO4J_TEST_URI"):
        return [os.environ.get("NEO4J_TEST_VERSION", "external")]
    return _local_lines()


def start_local(version: str, **kwargs):
    """A testserver.Server of one line, or skip/fail by the rules above (for tests that need
    a server of their own, e.g. to import into it)."""
    ts = load_testserver()
    try:
        return ts.start(version, **kwargs)
    except ts.Unavailable as e:
        unavailable(str(e))


def _server_version(uri: str, auth: tuple[str, str]) -> str:
    neo4j = driver_module()
    with neo4j.GraphDatabase.driver(uri, auth=auth) as driver:
        records, _, _ = driver.execute_query(
            "CALL dbms.components() YIELD name, versions WHERE name = 'Neo4j Kernel' RETURN versions[0] AS v",
            database_="system",
        )
    return records[0]["v"]


def driver_module():
    try:
        import neo4j
    except ImportError:
        unavailable("the neo4j Python driver is not installed (pip install neo4j)")
    return neo4j


def _docker_container(version: str):
    """A started Neo4j container, or None when Docker or testcontainers is not there."""
    if os.environ.get("NEO4J_TEST_DOCKER", "1") == "0":
        return None
    try:
        import docker
        from testcontainers.community.neo4j import Neo4jContainer

        docker.from_env(timeout=5).ping()
    except Exception:  # no module, no engine, no permission: use the local JVM instead
        return None
    # The same pinned versions as the Maven module (Docker Hub tags <version>-community).
    image = {"5.26": "neo4j:5.26.30-community", "2026": "neo4j:2026.08.1-community"}[version]
    container = Neo4jContainer(image, password=secrets.token_urlsafe(18))
    container.with_env("NEO4J_server_memory_pagecache_size", "256m")
    container.with_env("NEO4J_server_memory_heap_max__size", "512m")
    return container.start()


@pytest.fixture(scope="session", params=_params())
def neo4j_server(request):
    """A running Neo4j server; parametrized over the Neo4j lines (one external server when
    NEO4J_TEST_URI is set). Session-scoped: each line starts once, on first use."""
    version = request.param
    if os.environ.get("NEO4J_TEST_URI"):
        uri = os.environ["NEO4J_TEST_URI"]
        auth = (os.environ.get("NEO4J_TEST_USERNAME", "neo4j"), os.environ.get("NEO4J_TEST_PASSWORD", ""))
        yield Neo4jTestServer(uri, auth[0], _server_version(uri, auth), auth[1],
                              os.environ.get("NEO4J_TEST_DATABASE", "neo4j"), line=version)
        return
    container = _docker_container(version)
    if container is not None:
        try:
            uri, auth = container.get_connection_url(), (container.username, container.password)
            yield Neo4jTestServer(uri, auth[0], _server_version(uri, auth), auth[1], line=version)
        finally:
            container.stop()
        return
    server = start_local(version)
    try:
        yield Neo4jTestServer(server.uri, server.username, server.version, server.password,
                              line=version, local=server)
    finally:
        server.stop()


@pytest.fixture
def neo4j_clean(neo4j_server):
    """A driver session on `neo4j_server`'s database, emptied before the test (data only:
    indexes and constraints stay)."""
    neo4j = driver_module()
    auth = (neo4j_server.username, neo4j_server.password)
    with neo4j.GraphDatabase.driver(neo4j_server.uri, auth=auth) as driver:
        with driver.session(database=neo4j_server.database) as session:
            # batched, so a large leftover graph does not need one huge transaction
            session.run("MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS").consume()
            yield session
