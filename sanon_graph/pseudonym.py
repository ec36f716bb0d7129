"""Keyed pseudonyms: NAME_<HMAC-SHA256(key, entity id)>, so a guessed name cannot be confirmed.

An unkeyed hash of a value is a lookup table away from the value: anyone who guesses
"Maria Lopez" hashes it and compares. With a secret key only its holder can. The key comes
from SANON_GRAPH_PSEUDONYM_KEY; the same key gives the same pseudonym for the same value in
every run and corpus (a growing corpus keeps its pseudonyms). Without it a run draws a random
key, says so, and the pseudonyms hold for that run only. Only the key's fingerprint (itself
a keyed hash, useless for guessing) is ever written down.

16 hex digits = 64 bits: among ten million distinct values (a million-document corpus has
about that many) the chance that any two share a pseudonym is about n^2 / 2^65 = 3e-6, and
the redactor refuses a run where two masked values would share one.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from dataclasses import dataclass

from .errors import ConfigError

KEY_ENV = "SANON_GRAPH_PSEUDONYM_KEY"
DIGITS = 16
MIN_KEY_CHARS = 16  # a short key is a guessable key


@dataclass(frozen=True)
class PseudonymKey:
    secret: bytes
    source: str  # "environment" | "random"

    @property
    def fingerprint(self) -> str:
        """Identifies the key (two runs used the same one) without revealing anything of it."""
        return hmac.new(self.secret, b"sanon-graph pseudonym key fingerprint", hashlib.sha256).hexdigest()[:16]

    def record(self) -> dict[str, str]:
        """What run.json keeps: where the key came from and its fingerprint, never the key."""
        return {"source": self.source, "fingerprint": self.fingerprint, "env": KEY_ENV}

    def __repr__(self) -> str:  # never the secret, even in a traceback
        return f"PseudonymKey(source={self.source!r}, fingerprint={self.fingerprint!r})"


def pseudonym_key(environ: dict[str, str] | None = None) -> PseudonymKey:
    """The key from SANON_GRAPH_PSEUDONYM_KEY, or a fresh random one when it is not set."""
    value = (environ if environ is not None else os.environ).get(KEY_ENV)
    if value is None or value == "":
        return PseudonymKey(secrets.token_bytes(32), "random")
    if len(value) < MIN_KEY_CHARS:
        raise ConfigError(f"{KEY_ENV} is too short ({len(value)} characters): use at least {MIN_KEY_CHARS} "
                          "random characters, e.g. the output of `python -c \"import secrets; "
                          "print(secrets.token_hex(32))\"`")
    return PseudonymKey(value.encode("utf-8"), "environment")


def pseudonym(key: PseudonymKey, entity_type: str, entity_id: str) -> str:
    """TYPE_<16 hex digits>: the same for the same key, type and value, in any corpus."""
    digest = hmac.new(key.secret, f"{entity_type}::{entity_id}".encode(), hashlib.sha256).hexdigest()
    return f"{entity_type}_{digest[:DIGITS]}"
