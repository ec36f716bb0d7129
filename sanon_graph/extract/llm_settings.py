"""[llm] settings: kept apart from the extractor so loading a config never imports the SDK."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field


class LLMSettings(BaseModel):
    """[llm] in the config file. The API key is never a setting: OPENAI_API_KEY only."""

    model_config = ConfigDict(extra="forbid", protected_namespaces=())

    model: str | None = None
    base_url: str | None = None  # default: OPENAI_BASE_URL, else the SDK's default (OpenAI)
    temperature: float = Field(0.0, ge=0.0, le=2.0)
    concurrency: int = Field(8, ge=1, le=256)
    timeout_seconds: float = 60.0
    max_retries: int = 4
    max_requests: int | None = None
    max_tokens: int | None = None  # total prompt + completion tokens
    filter_strength: float = 0.4  # ENTITY_FILTER_STRENGTH
    type_filter: bool = True  # leave direct identifiers out of the context
    top_k: int | None = None
    top_k_order: str = "most_relevant"  # most_relevant | least_relevant | most_recent
    context_pass: bool = True
    cache: Path | None = None  # default: <out>/.. or ~/.cache/sanon-graph/llm-cache.sqlite3
