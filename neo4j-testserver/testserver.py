#!/usr/bin/env python3
"""Start a real Neo4j Community server (no Docker) from this directory's Maven module.

Library use (tests import this file by its path; standard library only)::

    server = start("5.26")            # or "2026"
    try:
        ...  # server.uri, server.username, server.password
    finally:
        server.stop()

Command line (for a person; the one place that prints the password)::

    python neo4j-testserver/testserver.py [--version 5.26|2026] [--port N] [--password P]
    python neo4j-testserver/testserver.py --build-only

The first start of a line builds it with Maven (about 150 MB of jars from Maven Central, once);
afterwards `mvn -o` and then only `java` is needed. Errors that mean "this machine cannot run a
server" (no java, too old a java, no mvn when a build is needed) raise `Unavailable`, so a test
fixture can skip with the reason.
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
import functools
import os
import re
import secrets
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
MAIN_CLASS = "org.sanongraph.testserver.TestServer"
USERNAME = "neo4j"


@dataclass(frozen=True)
class Line:
    """One Neo4j release line: its Maven profile, output directory and the Java it needs."""

    name: str
    min_java: int
    java_env: str  # environment variable naming the java executable to use
    preferred_java: str | None  # tried before the PATH's java

    @property
    def target(self) -> Path:
        return HERE / "target" / self.name


LINES = {
    "5.26": Line("5.26", 17, "NEO4J_TESTSERVER_JAVA_5_26", None),
    "2026": Line("2026", 25, "NEO4J_TESTSERVER_JAVA_2026", "/usr/lib/jvm/temurin-25-jdk-amd64/bin/java"),
}

# Neo4j's own launcher passes these: direct buffers and netty need the openings, and without them
# the page cache falls back to a slower mode and logs a warning.
JVM_FLAGS = [
    "-XX:+UseSerialGC",  # the small heap of a test server needs no parallel collector on 2 cores
    # C1 only: a third less CPU to start (Neo4j loads ~20k classes); tests run short queries.
    # jvm_args=["-XX:TieredStopAtLevel=4"] brings back the optimising compiler for long runs.
    "-XX:TieredStopAtLevel=1",
    "-XX:+ExitOnOutOfMemoryError",  # a dead server fails a test fast; a thrashing one hangs it
    "-XX:-OmitStackTraceInFastThrow",
    "-Dfile.encoding=UTF-8",
    "-Djdk.nio.maxCachedBufferSize=1024",
    "-Dio.netty.tryReflectionSetAccessible=true",
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/java.io=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
    "--enable-native-access=ALL-UNNAMED",
]
# Java 24+ warns on every start about libraries that still use sun.misc.Unsafe (netty, jctools, and
# Maven's own guava); allowing it keeps logs readable.
JVM_FLAGS_24 = ["--sun-misc-unsafe-memory-access=allow"]


class Unavailable(RuntimeError):
    """This machine cannot run the test server (java or mvn missing or too old)."""


class BuildError(RuntimeError):
    """Maven failed to build the module (output tail in the message)."""


class ServerError(RuntimeError):
    """The server did not start (log tail in the message)."""


# --- java and maven ---------------------------------------------------------------------------


@functools.cache
def java_major(java: str) -> int | None:
    """The feature version of a java executable (17, 25, ...), None if it does not run."""
    try:
        out = subprocess.run([java, "-version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    m = re.search(r'version "(\d+)(?:\.(\d+))?', out.stderr)
    if not m:
        return None
    major = int(m.group(1))
    return int(m.group(2) or 0) if major == 1 else major  # "1.8.0" is Java 8


def find_java(line: Line) -> str:
    """The java for a line: $NEO4J_TESTSERVER_JAVA_<LINE>, the line's preferred JDK,
    $JAVA_HOME/bin/java, then `java` on PATH; the first one recent enough wins."""
    override = os.environ.get(line.java_env)
    if override:
        major = java_major(override)
        if major is None:
            raise Unavailable(f"{line.java_env}={override} is not a runnable java")
        if major < line.min_java:
            raise Unavailable(f"{line.java_env}={override} is Java {major}; Neo4j {line.name} needs {line.min_java}+")
        return override
    candidates = [line.preferred_java]
    if os.environ.get("JAVA_HOME"):
        candidates.append(str(Path(os.environ["JAVA_HOME"]) / "bin" / "java"))
    candidates.append(shutil.which("java"))
    seen: dict[str, int | None] = {}
    for java in candidates:
        if not java or java in seen or not Path(java).exists():
            continue
        seen[java] = major = java_major(java)
        if major is not None and major >= line.min_java:
            return java
    found = ", ".join(f"{j} is Java {m}" for j, m in seen.items()) or "no java found"
    raise Unavailable(f"Neo4j {line.name} needs Java {line.min_java}+ ({found}); install a JDK or set {line.java_env}")


def java_home(java: str) -> str:
    return str(Path(java).resolve().parent.parent)


def _jvm_flags(java: str) -> list[str]:
    return JVM_FLAGS + (JVM_FLAGS_24 if (java_major(java) or 0) >= 24 else [])


def _classpath_file(line: Line) -> Path:
    return line.target / "classpath.txt"


def _is_built(line: Line) -> bool:
    """Built, newer than its sources, and every jar still in the local Maven repository."""
    cp, stamp = _classpath_file(line), line.target / ".built"
    if not cp.is_file() or not stamp.is_file() or not (line.target / "classes").is_dir():
        return False
    built = stamp.stat().st_mtime
    sources = [HERE / "pom.xml", *(HERE / "src").rglob("*.java")]
    if any(s.stat().st_mtime > built for s in sources):
        return False
    return all(Path(p).exists() for p in cp.read_text().strip().split(os.pathsep))


def build(version: str = "5.26", quiet: bool = True) -> Path:
    """Build one line if needed (offline first, then online); returns its target directory."""
    line = LINES[version]
    java = find_java(line)
    line.target.mkdir(parents=True, exist_ok=True)
    # One build at a time per line, also across processes (pytest-xdist workers, make -j).
    with open(line.target.parent / f".build-{line.name}.lock", "w") as lock:
        _flock(lock)
        if _is_built(line):
            return line.target
        mvn = shutil.which("mvn")
        if not mvn:
            raise Unavailable("Maven (mvn) is not installed; it is needed once to build the Neo4j test server")
        env = dict(os.environ, JAVA_HOME=java_home(java))
        if (java_major(java) or 0) >= 24:
            env["MAVEN_OPTS"] = (env.get("MAVEN_OPTS", "") + " " + " ".join(JVM_FLAGS_24)).strip()
        base = [mvn, "-B", "-Dstyle.color=never", "-f", str(HERE / "pom.xml"), f"-P{line.name}"]
        if quiet:
            base.insert(1, "-q")
        print(f"testserver: building Neo4j {line.name} with Maven (the first time downloads ~150 MB of jars)",
              file=sys.stderr)
        for offline in (True, False):  # offline is quick and enough once the jars are local
            cmd = base[:1] + (["-o"] if offline else []) + base[1:]
            result = subprocess.run(cmd, env=env, capture_output=quiet, text=True)
            if result.returncode == 0:
                # Maven leaves an unchanged classpath.txt alone, so its age says nothing: stamp it.
                (line.target / ".built").touch()
                if _is_built(line):
                    return line.target
        tail = _tail_text((result.stdout or "") + (result.stderr or ""), 30)
        raise BuildError(f"mvn -P{line.name} failed (exit {result.returncode}):\n{tail}")


def _flock(f) -> None:
    try:
        import fcntl
    except ImportError:  # not POSIX: no cross-process lock, builds are just not parallel-safe
        return
    fcntl.flock(f, fcntl.LOCK_EX)


# --- the server -------------------------------------------------------------------------------


@dataclass
class Server:
    """A running test server. `stop()` (or leaving the `with` block) ends it."""

    uri: str
    version: str  # the server's own version, e.g. "5.26.30"
    line: str  # "5.26" or "2026"
    data_dir: Path
    process: subprocess.Popen = field(repr=False)
    password: str = field(repr=False)  # never in repr: pytest prints reprs of failing values
    username: str = USERNAME
    startup_seconds: float = 0.0
    stdout_lines: list[str] = field(default_factory=list, repr=False)
    _owns_data_dir: bool = field(default=False, repr=False)
    _reader: threading.Thread | None = field(default=None, repr=False)

    @property
    def log_dir(self) -> Path:
        return self.data_dir / "logs"

    def stop(self, timeout: float = 60) -> None:
        """Closes the server's stdin (its signal to shut down cleanly), waits, then insists."""
        p = self.process
        if p.poll() is None:
            with contextlib.suppress(OSError):
                p.stdin.close()
            try:
                p.wait(timeout)
            except subprocess.TimeoutExpired:
                p.terminate()
                try:
                    p.wait(15)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait()
        if self._reader:
            self._reader.join(5)
        if self._owns_data_dir:
            shutil.rmtree(self.data_dir, ignore_errors=True)
        _running.discard(self)

    def __enter__(self) -> Server:
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    __hash__ = object.__hash__  # identity, for the set of running servers


_running: set[Server] = set()


@atexit.register
def _stop_all() -> None:
    # Servers die with us anyway (their stdin closes); this also removes temporary data.
    for server in list(_running):
        server.stop(timeout=20)


def start(
    version: str = "5.26",
    password: str | None = None,
    port: int = 0,
    heap: str = "512m",
    pagecache: str = "256m",
    import_from: str | os.PathLike | None = None,
    import_args: str | list[str] | None = None,
    timeout: float = 120,
    data_dir: str | os.PathLike | None = None,
    tx_memory: str = "256m",
    jvm_args: list[str] | None = None,
) -> Server:
    """Starts Neo4j `version` ("5.26" or "2026") with Bolt on 127.0.0.1:`port` (0: any free port).

    Without `data_dir` the data lives in a temporary directory removed by `stop()`. With
    `import_from` and `import_args` (the arguments after `neo4j-admin`, e.g.
    'database import full --nodes=documents.csv ... neo4j', as a string or a list) Neo4j's import
    tool fills the fresh data directory first, with relative file names taken in `import_from`.
    """
    if version not in LINES:
        raise ValueError(f"unknown Neo4j line {version!r}; one of {', '.join(LINES)}")
    if (import_from is None) != (import_args is None):
        raise ValueError("import_from and import_args go together")
    if password is not None and len(password) < 8:
        raise ValueError("Neo4j needs a password of at least 8 characters")
    if password is not None and password.startswith("-"):
        # neo4j-admin's command line would read it as an option (usage error, exit 64)
        raise ValueError("the password must not start with '-'")
    line = LINES[version]
    java = find_java(line)
    target = build(version)
    # hex: a url-safe token can start with '-', which neo4j-admin reads as an option
    password = password or secrets.token_hex(16)
    owns = data_dir is None
    data = Path(data_dir or tempfile.mkdtemp(prefix=f"neo4j-testserver-{line.name}-")).resolve()
    (data / "logs").mkdir(parents=True, exist_ok=True)

    classpath = os.pathsep.join([str(target / "classes"), (target / "classpath.txt").read_text().strip()])
    cmd = [java, f"-Xmx{heap}", *_jvm_flags(java), *(jvm_args or []), "-cp", classpath, MAIN_CLASS,
           "--data-dir", str(data), "--port", str(port), "--pagecache", pagecache, "--tx-memory", tx_memory]
    if import_from is not None:
        if not isinstance(import_args, str):
            import_args = shlex.join(import_args)
        cmd += ["--import-from", str(Path(import_from).resolve()), "--import-args", import_args]

    stderr_log = data / "logs" / "testserver.stderr.log"
    stdout_log = data / "logs" / "testserver.stdout.log"
    t0 = time.monotonic()
    with open(stderr_log, "ab") as err:
        process = subprocess.Popen(
            cmd, cwd=data, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err,
            # the password travels in the environment: argv is visible to everyone in `ps`
            env=dict(os.environ, NEO4J_TESTSERVER_PASSWORD=password),
        )
    lines: list[str] = []
    ready = threading.Event()

    def read_stdout() -> None:
        # Drains the server's stdout for its whole life (a full pipe would block it).
        with open(stdout_log, "a", encoding="utf-8") as out:
            for raw in process.stdout:
                text = raw.decode("utf-8", "replace").rstrip("\n")
                lines.append(text)
                out.write(text + "\n")
                out.flush()
                if text.startswith("VERSION "):
                    ready.set()
        ready.set()  # EOF: the process ended

    reader = threading.Thread(target=read_stdout, name=f"neo4j-{line.name}-stdout", daemon=True)
    reader.start()
    server = Server(uri="", version="", line=line.name, data_dir=data, process=process, password=password,
                    stdout_lines=lines, _owns_data_dir=owns, _reader=reader)
    _running.add(server)

    in_time = ready.wait(timeout)
    bolt = next((s.split(" ", 1)[1] for s in lines if s.startswith("BOLT ")), None)
    server_version = next((s.split(" ", 1)[1] for s in lines if s.startswith("VERSION ")), None)
    if not bolt or not server_version:
        if in_time:  # stdout closed: the process is ending
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(10)
        why = (f"exited with code {process.poll()}" if process.poll() is not None
               else f"did not report Bolt within {timeout:.0f} s")
        owned, server._owns_data_dir = server._owns_data_dir, False
        server.stop(timeout=20)  # first, so the log is complete
        tail = _tail_file(stderr_log, 25) or _tail_file(data / "logs" / "debug.log", 25)
        if owned:
            shutil.rmtree(data, ignore_errors=True)
        raise ServerError(f"Neo4j {line.name} {why}; log tail:\n{tail}")
    server.uri, server.version = bolt, server_version
    server.startup_seconds = time.monotonic() - t0
    return server


def _tail_text(text: str, n: int) -> str:
    return "\n".join(text.strip().splitlines()[-n:])


def _tail_file(path: Path, n: int) -> str:
    try:
        return _tail_text(path.read_text(encoding="utf-8", errors="replace"), n)
    except OSError:
        return ""


# --- command line -----------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Start a real Neo4j Community server (Bolt, auth on) until Ctrl-C.")
    parser.add_argument("--version", choices=sorted(LINES), default="5.26", help="Neo4j line (default 5.26)")
    parser.add_argument("--port", type=int, default=7687, help="Bolt port on 127.0.0.1, 0 = any free (default 7687)")
    parser.add_argument("--password", help="password of user neo4j (default: a random one, printed)")
    parser.add_argument("--data-dir", help="keep the data here (default: a temporary directory, removed at exit)")
    parser.add_argument("--heap", default="1g", help="JVM heap (default 1g)")
    parser.add_argument("--pagecache", default="512m", help="page cache (default 512m)")
    parser.add_argument("--import-from", help="directory of a neo4j-admin export (CSV files)")
    parser.add_argument("--import-args", help="arguments after `neo4j-admin`, e.g. the line in import-command.txt")
    parser.add_argument("--timeout", type=float, default=180, help="start-up timeout in seconds")
    parser.add_argument("--build-only", action="store_true",
                        help="build both lines and exit; with java/mvn missing only warn, "
                             "unless SANON_GRAPH_REQUIRE_NEO4J=1")
    args = parser.parse_args(argv)

    if args.build_only:
        status = 0
        for name in LINES:
            try:
                build(name)
                print(f"testserver: Neo4j {name} built in {LINES[name].target}", file=sys.stderr)
            except Unavailable as e:
                if os.environ.get("SANON_GRAPH_REQUIRE_NEO4J") == "1":
                    print(f"testserver: error: {e}", file=sys.stderr)
                    status = 1
                else:
                    print(f"testserver: warning: {e}; Neo4j {name} tests will be skipped", file=sys.stderr)
            except BuildError as e:
                print(f"testserver: error: {e}", file=sys.stderr)
                status = 1
        return status

    if (args.import_from is None) != (args.import_args is None):
        parser.error("--import-from and --import-args go together")
    def interrupt(*_):  # SIGTERM (e.g. from a process manager) stops the server like Ctrl-C
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, interrupt)
    try:
        server = start(args.version, password=args.password, port=args.port, heap=args.heap,
                       pagecache=args.pagecache, import_from=args.import_from, import_args=args.import_args,
                       timeout=args.timeout, data_dir=args.data_dir)
    except (Unavailable, BuildError, ServerError, ValueError) as e:
        print(f"testserver: error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    try:
        print(f"Neo4j {server.version} Community is running ({server.startup_seconds:.1f} s to start)")
        print(f"  URI:      {server.uri}")
        print(f"  user:     {server.username}")
        print(f"  password: {server.password}")
        print(f"  data:     {server.data_dir}{'' if args.data_dir else ' (removed at exit)'}")
        print("Run the test suite against it:")
        print(f"  NEO4J_TEST_URI={server.uri} NEO4J_TEST_PASSWORD={shlex.quote(server.password)} make test")
        print("Press Ctrl-C to stop.", flush=True)
        code = server.process.wait()
        print(f"testserver: the server exited by itself (code {code}); see {server.log_dir}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\nstopping ...", file=sys.stderr)
        return 0
    finally:
        server.stop()


if __name__ == "__main__":
    sys.exit(main())
