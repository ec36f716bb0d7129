"""The two-stage LLM extractor (METHOD 2.2) over any OpenAI-compatible chat-completions API.

Pass 1 (local) reads each document alone. Pass 2 (context-aware) reads it again with
`existing_entities`: values found in *other* documents, filtered so the model is not
flooded (max relevance x uniqueness >= ENTITY_FILTER_STRENGTH, direct identifiers left out,
optional top-k). Prompts are generated from the configured entity schema.

Answers are requested as JSON with a schema (structured outputs); a server that refuses it
is asked for JSON mode, then for plain text that is parsed tolerantly (code fences, prose
around the JSON). Everything is validated with pydantic; unknown types are mapped or
dropped, relevance is clamped, and dates, ages and IDs are normalised by code. Values that
do not occur in the document are dropped later by `extract.assemble`, so a hallucination
never reaches the graph.

Every answer is cached (SQLite) under model, prompt version, content hash, pass and context:
a re-run never asks the same question twice and an interrupted run resumes. The API key is
read from the environment by the SDK and never stored, printed or logged.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import re
import sqlite3
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from ..errors import ConfigError, SanonError
from ..models import Document, ExtractedEntity, md5_hex
from ..normalize import normalize_value as normalize  # dates, ages, IDs: one implementation
from ..redact import fold, occurs_in_folded
from ..risk import uniqueness
from ..schema import EntitySchema
from .llm_settings import LLMSettings

PROMPT_VERSION = "2026-11-21.1"

# Types models commonly answer with, mapped to the default schema's names.
TYPE_SYNONYMS = {
    "PERSON": "NAME", "PER": "NAME", "PATIENT_NAME": "NAME", "FULL_NAME": "NAME",
    "DATE": "EVENT_DATE", "DOB": "BIRTHDATE", "DATE_OF_BIRTH": "BIRTHDATE",
    "CONDITION": "MEDICAL_CONDITION", "DIAGNOSIS": "MEDICAL_CONDITION", "DISEASE": "MEDICAL_CONDITION",
    "ORGANIZATION": "PROVIDER", "ORG": "PROVIDER", "HOSPITAL": "PROVIDER", "CLINIC": "PROVIDER", "FACILITY": "PROVIDER",
    "PHONE": "PHONE_NUMBER", "TELEPHONE": "PHONE_NUMBER", "E_MAIL": "EMAIL", "MAIL": "EMAIL",
    "CITY": "LOCATION", "PLACE": "LOCATION", "GPE": "LOCATION", "STREET_ADDRESS": "ADDRESS",
    "MEDICATION": "TREATMENT", "DRUG": "TREATMENT", "PROCEDURE": "TREATMENT",
    "ID": "NON_PERSONAL_ID", "PROCESS_ID": "NON_PERSONAL_ID", "CLAIM_ID": "NON_PERSONAL_ID", "POLICY_ID": "NON_PERSONAL_ID",
    "MRN": "PATIENT_ID", "MEMBER_ID": "PATIENT_ID", "OCCUPATION": "INDIRECT_IDENTIFIER", "GENDER": "DEMOGRAPHIC",
}


class LLMError(SanonError):
    """The model server could not be used (connection, authentication, budget)."""


class BudgetExhausted(LLMError):
    """The request or token budget ran out; answers so far are cached, a re-run resumes."""


class _Entity(BaseModel):
    original: str
    normalized: str | None = None
    type: str
    relevance: float = 0.5


class _Answer(BaseModel):
    entities: list[_Entity]


ANSWER_SCHEMA = {
    "name": "entities",
    "strict": True,
    "schema": {
        "type": "object",
        "additionalProperties": False,
        "required": ["entities"],
        "properties": {"entities": {"type": "array", "items": {
            "type": "object", "additionalProperties": False,
            "required": ["original", "normalized", "type", "relevance"],
            "properties": {"original": {"type": "string"}, "normalized": {"type": "string"},
                           "type": {"type": "string"}, "relevance": {"type": "number"}},
        }}},
    },
}


def system_prompt(schema: EntitySchema) -> str:
    types = "\n".join(
        f"- {name} (weight {t.weight:.2f}{', direct identifier' if t.direct else ''}): {t.description}"
        for name, t in schema.types.items()
    )
    return (
        "You find values in a document that could help re-identify a person, alone or combined with "
        "other documents.\nEntity types:\n" + types + "\n\n"
        "Rules:\n"
        "- original: copy the value exactly as it appears in the document (same spelling); never invent values.\n"
        "- normalized: a canonical form so variants match: dates as YYYY-MM-DD (or YYYY-MM), ages as the number, "
        "IDs upper-case without '#', names and other text lower-case.\n"
        "- type: one of the types above.\n"
        "- relevance: 0 to 1, how useful the value is for re-identifying someone in this document.\n"
        'Answer with JSON only: {"entities": [{"original": ..., "normalized": ..., "type": ..., "relevance": ...}]}'
    )


def user_prompt(doc: Document, context: list[tuple[str, str]] | None) -> str:
    text = f"Document:\n{doc.text}"
    if context:
        listed = "\n".join(f"- {value} ({etype})" for value, etype in context)
        text += (
            "\n\nValues already found in other documents of the corpus (existing_entities). Report them "
            "again if this document contains them, also when phrased differently, and report values that "
            "become identifying because they recur:\n" + listed
        )
    return text


# --- parsing and normalisation --------------------------------------------------------------

_FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.S)


def parse_answer(text: str) -> list[_Entity]:
    """Entities from an answer: strict JSON, JSON in code fences, or JSON inside prose."""
    candidates = [text]
    candidates += _FENCE.findall(text)
    start, end = text.find("{"), text.rfind("}")
    if 0 <= start < end:
        candidates.append(text[start:end + 1])
    start, end = text.find("["), text.rfind("]")
    if 0 <= start < end:
        candidates.append(text[start:end + 1])
    for candidate in candidates:
        try:
            value = json.loads(candidate)
        except json.JSONDecodeError:
            continue
        if isinstance(value, list):
            value = {"entities": value}
        if not isinstance(value, dict) or not isinstance(value.get("entities"), list):
            continue
        good = []
        for item in value["entities"]:
            try:
                good.append(_Entity.model_validate(item))
            except ValidationError:
                continue  # one malformed item does not spoil the rest
        return good
    raise ValueError("no JSON object with an entities list in the answer")


def map_type(entity_type: str, schema: EntitySchema) -> str | None:
    name = re.sub(r"[^A-Z0-9]+", "_", entity_type.strip().upper()).strip("_")
    if name in schema:
        return name
    mapped = TYPE_SYNONYMS.get(name)
    return mapped if mapped in schema else None


# --- the cache ------------------------------------------------------------------------------

class AnswerCache:
    """SQLite cache of parsed answers; one row per (model, prompt version, content, pass, context)."""

    def __init__(self, path: Path):
        path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(str(path))
        # WAL + synchronous=NORMAL: each commit survives the process dying (what resuming needs)
        # without an fsync per answer blocking the event loop.
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("CREATE TABLE IF NOT EXISTS answers (key TEXT PRIMARY KEY, entities TEXT NOT NULL)")
        self.db.commit()

    @staticmethod
    def key(model: str, content: str, pass_name: str, context: list[tuple[str, str]] | None) -> str:
        payload = json.dumps([model, PROMPT_VERSION, md5_hex(content), pass_name, context or []])
        return hashlib.sha256(payload.encode()).hexdigest()

    def get(self, key: str) -> list[dict] | None:
        row = self.db.execute("SELECT entities FROM answers WHERE key = ?", (key,)).fetchone()
        return json.loads(row[0]) if row else None

    def put(self, key: str, entities: list[dict]) -> None:
        self.db.execute("INSERT OR REPLACE INTO answers VALUES (?, ?)", (key, json.dumps(entities)))
        self.db.commit()  # committed per answer: an interrupted run keeps everything it paid for

    def close(self) -> None:
        self.db.close()


# --- the extractor --------------------------------------------------------------------------

@dataclass
class LLMStats:
    requests: int = 0
    cached: int = 0
    failures: int = 0
    retried_format: int = 0
    unparseable: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    unknown_types: int = 0
    formats: Counter = field(default_factory=Counter)

    def as_dict(self) -> dict[str, Any]:
        return {"requests": self.requests, "cached": self.cached, "failures": self.failures,
                "unparseable": self.unparseable, "format_fallbacks": self.retried_format,
                "prompt_tokens": self.prompt_tokens,
                "completion_tokens": self.completion_tokens, "unknown_types_dropped": self.unknown_types,
                "response_formats": dict(self.formats)}


FORMATS = ("json_schema", "json_object", "text")


def check_budget(settings: LLMSettings, stats: LLMStats) -> None:
    """Stop before a request the configured request or token budget no longer allows."""
    if settings.max_requests is not None and stats.requests >= settings.max_requests:
        raise BudgetExhausted(f"request budget of {settings.max_requests} reached; answers so far are cached, "
                              "re-run to resume")
    if settings.max_tokens is not None and stats.prompt_tokens + stats.completion_tokens >= settings.max_tokens:
        raise BudgetExhausted(f"token budget of {settings.max_tokens} reached; answers so far are cached, "
                              "re-run to resume")


def openai_client(settings: LLMSettings):
    """An async OpenAI-compatible client from the environment: OPENAI_API_KEY (never a setting,
    never logged) and OPENAI_BASE_URL or [llm] base_url. A local server needs no key."""
    try:
        import openai
    except ImportError:
        raise ConfigError("talking to a model needs the openai SDK: pip install 'sanon-graph[llm]'") from None

    base_url = settings.base_url or os.environ.get("OPENAI_BASE_URL")
    api_key = os.environ.get("OPENAI_API_KEY")
    if not api_key:
        if not base_url:
            raise ConfigError("set OPENAI_API_KEY (and OPENAI_BASE_URL for a local server)")
        api_key = "no-key"  # local servers (vLLM, Ollama, LM Studio) accept any key
    return openai.AsyncOpenAI(api_key=api_key, base_url=base_url, timeout=settings.timeout_seconds,
                              max_retries=settings.max_retries)


class LLMExtractor:
    name = "llm"

    def __init__(self, schema: EntitySchema, settings: LLMSettings, cache_path: Path):
        if not settings.model:
            raise ConfigError("the llm extractor needs a model (--model NAME or [llm] model; --extractor rules runs offline without one)")
        self.schema = schema
        self.settings = settings
        self.cache = AnswerCache(cache_path)
        self.stats = LLMStats()
        self._format = 0  # index into FORMATS; lowered once when a server refuses a format
        self._system_prompt = system_prompt(schema)  # the same for every request
        self.contexts: dict[str, list[tuple[str, str]]] = {}  # doc_id -> context sent in pass 2

    def _client(self):
        return openai_client(self.settings)

    def extract(self, documents: list[Document], progress: Callable[..., None] | None = None) -> dict[str, list[ExtractedEntity]]:
        try:
            return asyncio.run(self._extract(documents, progress))
        finally:
            self.cache.close()

    async def _extract(self, documents, progress):
        client = self._client()
        try:
            local = await self._pass(client, documents, "local", lambda d: None, progress)
            if not self.settings.context_pass:
                return local
            self.contexts = self._contexts(documents, local)
            aware = await self._pass(client, documents, "context", lambda d: self.contexts.get(d.doc_id), progress)
        finally:
            await client.close()
        return {d.doc_id: local.get(d.doc_id, []) + aware.get(d.doc_id, []) for d in documents}

    async def _pass(self, client, documents, pass_name, context_of, progress):
        semaphore = asyncio.Semaphore(max(1, self.settings.concurrency))
        out: dict[str, list[ExtractedEntity]] = {}

        async def one(doc: Document) -> None:
            context = context_of(doc)
            key = AnswerCache.key(self.settings.model, doc.text, pass_name, context)
            cached = self.cache.get(key)
            if cached is None:
                async with semaphore:
                    self._check_budget()
                    cached = await self._ask(client, doc, context)
                self.cache.put(key, cached)
            else:
                self.stats.cached += 1
            out[doc.doc_id] = self._entities(cached)
            if progress:
                st = self.stats
                progress(1, note=f"{pass_name} pass: {st.requests} requests ({st.cached} cached, {st.failures} failed), "
                                 f"{st.prompt_tokens + st.completion_tokens} tokens")

        results = await asyncio.gather(*(one(d) for d in documents), return_exceptions=True)
        for result in results:
            if isinstance(result, BaseException):
                raise result
        return out

    def _check_budget(self) -> None:
        check_budget(self.settings, self.stats)

    async def _ask(self, client, doc: Document, context) -> list[dict]:
        import openai

        messages = [{"role": "system", "content": self._system_prompt},
                    {"role": "user", "content": user_prompt(doc, context)}]
        while True:
            fmt = FORMATS[self._format]
            kwargs: dict[str, Any] = {"model": self.settings.model, "messages": messages,
                                      "temperature": self.settings.temperature}
            if fmt == "json_schema":
                kwargs["response_format"] = {"type": "json_schema", "json_schema": ANSWER_SCHEMA}
            elif fmt == "json_object":
                kwargs["response_format"] = {"type": "json_object"}
            self.stats.requests += 1
            try:
                response = await client.chat.completions.create(**kwargs)
            except openai.BadRequestError as exc:
                if fmt != "text" and "response_format" in str(exc):
                    self._format = max(self._format, FORMATS.index(fmt) + 1)  # the server cannot do this format
                    self.stats.retried_format += 1
                    continue
                self.stats.failures += 1
                raise LLMError(f"the model server rejected the request: {exc.message}") from None
            except openai.AuthenticationError:
                self.stats.failures += 1
                raise LLMError("the model server rejected the API key (OPENAI_API_KEY)") from None
            except (openai.APIConnectionError, openai.APITimeoutError, openai.RateLimitError, openai.InternalServerError) as exc:
                self.stats.failures += 1
                raise LLMError(f"the model server failed after {self.settings.max_retries} retries: {type(exc).__name__}") from None
            self.stats.formats[fmt] += 1
            if response.usage:
                self.stats.prompt_tokens += response.usage.prompt_tokens or 0
                self.stats.completion_tokens += response.usage.completion_tokens or 0
            text = response.choices[0].message.content or ""
            try:
                entities = parse_answer(text)
            except ValueError:
                self.stats.unparseable += 1
                entities = []  # cached as empty: the same question would get the same answer
            return [e.model_dump() for e in entities]

    def _entities(self, answer: list[dict]) -> list[ExtractedEntity]:
        out = []
        for item in answer:
            etype = map_type(item["type"], self.schema)
            if etype is None:
                self.stats.unknown_types += 1
                continue
            original = item["original"].strip()
            relevance = min(1.0, max(0.0, float(item.get("relevance", 0.5))))
            out.append(ExtractedEntity(original, normalize(etype, original, item.get("normalized")), etype, relevance))
        return out

    def _contexts(self, documents: list[Document], local: dict[str, list[ExtractedEntity]]) -> dict[str, list[tuple[str, str]]]:
        """Per document, the filtered values found in other documents (METHOD 2.2)."""
        n = len(documents)
        docs_of: dict[tuple[str, str], set[str]] = {}
        max_rel: dict[tuple[str, str], float] = {}
        last_seen: dict[tuple[str, str], int] = {}
        for position, doc in enumerate(documents):
            folded = fold(doc.text)
            for e in local.get(doc.doc_id, []):
                if not occurs_in_folded(folded, e.original):
                    continue  # a value the model invented must not become context either
                k = (e.normalized, e.type)
                docs_of.setdefault(k, set()).add(doc.doc_id)
                max_rel[k] = max(max_rel.get(k, 0.0), e.relevance)
                last_seen[k] = position
        s = self.settings
        direct = self.schema.direct_identifiers
        keep = [k for k in docs_of
                if max_rel[k] * uniqueness(len(docs_of[k]), n) >= s.filter_strength
                and not (s.type_filter and k[1] in direct)]
        order = {"most_relevant": lambda k: (-max_rel[k], k), "least_relevant": lambda k: (max_rel[k], k),
                 "most_recent": lambda k: (-last_seen[k], k)}
        if s.top_k_order not in order:
            raise ConfigError(f"top_k_order must be one of {sorted(order)}")
        keep.sort(key=order[s.top_k_order])
        contexts = {}
        for doc in documents:
            elsewhere = [k for k in keep if docs_of[k] - {doc.doc_id}]
            contexts[doc.doc_id] = elsewhere[: s.top_k] if s.top_k else elsewhere
        return contexts
