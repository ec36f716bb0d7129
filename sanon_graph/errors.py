"""Typed errors. The library raises them; the CLI turns them into one line and an exit code."""

from __future__ import annotations


class SanonError(Exception):
    """Base class of every error a user can act on."""

    exit_code = 1


class InputError(SanonError):
    """The input corpus is unreadable or malformed. Names file, record and reason."""

    exit_code = 2

    def __init__(self, path: object, reason: str, record: str | int | None = None):
        self.path = str(path)
        self.record = record
        self.reason = reason
        where = self.path if record is None else f"{self.path}: {record}"
        super().__init__(f"{where}: {reason}")


class ConfigError(SanonError):
    """The configuration file or a CLI option is invalid."""

    exit_code = 2


class EntitiesFileError(InputError):
    """The precomputed entities file is unreadable or malformed."""


class ExtractionError(SanonError):
    """A recognizer failed on a document: a bug of the tool's rules, not of the input. The message
    names the document's file, record and id and the recognizer, so the run stops with a line a
    user can report instead of a traceback. One message argument only: it crosses from a forked
    extraction worker to the parent by pickling."""


class GraphError(SanonError):
    """The graph database failed or returned something the method cannot use."""


class VerificationError(SanonError):
    """A value chosen for masking is still present in the masked output."""

    exit_code = 3


class MemoryLimitError(SanonError):
    """The corpus does not fit the memory limit (`--memory-limit`, [resources] memory_limit):
    found before the graph is built, from an estimate of the run's peak (sanon_graph/memory.py)."""

    exit_code = 4


class BufferPoolError(MemoryLimitError, GraphError):
    """A query of the embedded engine needed more than its buffer pool (its share of the memory
    limit): the limit is too small for this corpus after all."""
