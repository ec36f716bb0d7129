"""The settings model: thresholds, schema and strategies, from a TOML file and CLI overrides.

Defaults are the bold defaults of METHOD.md section 2 and the schema of section 3.
Precedence: built-in defaults < config file < command-line flags.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from .errors import ConfigError
from .extract.llm_settings import LLMSettings
from .extract.ngrams import PHRASE, NgramSettings
from .schema import EntitySchema, EntityType

CHAIN_LENGTHS = (2, 3, 4)


class Policy(BaseModel):
    """Risk model thresholds and policy targets."""

    model_config = ConfigDict(extra="forbid")

    edge_strength_threshold: float = Field(0.5, ge=0.0, le=1.0)
    chain_length: int = 2
    theta_doc: float = Field(0.95, gt=0.0, le=1.0)
    theta_chain: float = Field(0.5, gt=0.0, le=1.0)
    high: float = Field(0.75, ge=0.0, le=1.0)
    medium: float = Field(0.5, ge=0.0, le=1.0)
    rho_high: float = Field(0.5, gt=0.0, le=1.0)
    rho_medium: float = Field(0.7, gt=0.0, le=1.0)
    # Mask every entity of a `direct` type before the risk stages, whatever the risks. Off
    # reproduces METHOD's selection exactly (the thesis tables use that).
    direct_floor: bool = True

    @model_validator(mode="after")
    def _consistent(self) -> Policy:
        if self.chain_length not in CHAIN_LENGTHS:
            raise ValueError(f"chain_length must be one of {CHAIN_LENGTHS}, got {self.chain_length}")
        if self.medium > self.high:
            raise ValueError("the MEDIUM category bound must not exceed the HIGH bound")
        return self

    def category(self, risk: float) -> str:
        """Category by lower bound (METHOD 2.4)."""
        if risk >= self.high:
            return "HIGH"
        if risk >= self.medium:
            return "MEDIUM"
        return "LOW"

    def rho(self, category: str) -> float | None:
        """Required relative reduction for a category; None when the category needs none."""
        return {"HIGH": self.rho_high, "MEDIUM": self.rho_medium}.get(category)


class Neo4jSettings(BaseModel):
    """Where the server backend connects. The password is never here: NEO4J_PASSWORD only."""

    model_config = ConfigDict(extra="forbid")

    uri: str | None = None  # NEO4J_URI wins; default bolt://localhost:7687
    username: str | None = None  # NEO4J_USERNAME wins; default neo4j
    database: str | None = None  # NEO4J_DATABASE wins; default neo4j

    @model_validator(mode="before")
    @classmethod
    def _no_password(cls, data: Any) -> Any:
        if isinstance(data, dict) and "password" in data:
            raise ValueError("a password does not belong in a config file: set NEO4J_PASSWORD in the environment")
        return data


class Settings(BaseModel):
    """Everything an analysis run depends on; written to run.json as the effective config."""

    model_config = ConfigDict(extra="forbid")

    policy: Policy = Field(default_factory=Policy)
    entity_schema: EntitySchema = Field(default_factory=EntitySchema)
    extractor: Literal["rules", "precomputed", "llm", "none"] = "rules"
    entities_file: Path | None = None
    # Cross-document pass (extract/recurrence.py): one type per value, and values found in
    # one document looked up in all. None = on for the rules and llm extractors; a
    # precomputed entities file is taken as given (`extract` already wrote the pass's result).
    cross_document: bool | None = None
    selection: Literal["greedy", "knapsack", "exact"] = "greedy"
    # Utility cost of masking an entity, which knapsack and exact minimise: unit (count the
    # masked values) or documents (a value masked in more documents costs more).
    mask_cost: Literal["unit", "documents"] = "unit"
    # Wall-clock limit of the exact strategy; past it the best verified solution is used.
    time_limit_seconds: float = Field(60.0, gt=0)
    document_stage: bool = True
    chain_stage: bool = True
    redaction: Literal["value", "complete", "pseudonym"] = "value"
    # Metadata keys whose string values are scanned and masked like the content ([ingest]
    # metadata_fields); None scans every key, [] none.
    metadata_fields: list[str] | None = None
    # Where the graph lives: ladybug (embedded, in the output folder) or neo4j (a server;
    # the analysis is one dataset there, named by `dataset`, default the output folder's name).
    backend: Literal["ladybug", "neo4j"] = "ladybug"
    dataset: str | None = None
    neo4j: Neo4jSettings = Field(default_factory=Neo4jSettings)
    llm: LLMSettings = Field(default_factory=LLMSettings)
    ngrams: NgramSettings = Field(default_factory=NgramSettings)

    @model_validator(mode="after")
    def _extractor_inputs(self) -> Settings:
        if self.cross_document is None:
            self.cross_document = self.extractor in ("rules", "llm")
        if self.extractor == "precomputed" and self.entities_file is None:
            raise ValueError("the precomputed extractor needs an entities file (--entities FILE)")
        if self.extractor == "llm" and not self.llm.model:
            raise ValueError("the llm extractor needs a model (--model NAME or [llm] model)")
        if self.ngrams.enabled and PHRASE not in self.entity_schema:
            # Rare shared N-grams enter the graph as PHRASE entities; a schema may define the type itself.
            self.entity_schema.types[PHRASE] = EntityType(
                weight=self.ngrams.weight, description="A rare phrase that two or more documents share.")
        if self.extractor == "none" and not self.ngrams.enabled:
            raise ValueError("--extractor none finds nothing without --ngrams")
        return self


def _policy_keys() -> set[str]:
    return set(Policy.model_fields)


# Command-line flags that set [llm] values (flag name -> LLMSettings field).
LLM_FLAGS = {"model": "model", "llm_cache": "cache", "concurrency": "concurrency", "max_requests": "max_requests",
             "max_tokens": "max_tokens", "temperature": "temperature", "llm_timeout": "timeout_seconds",
             "llm_retries": "max_retries"}
# Command-line flags that set [ngrams] values.
NGRAM_FLAGS = {"ngrams": "enabled", "ngram_max_df": "max_df", "ngram_weight": "weight", "ngram_max_n": "max_n"}


def load_settings(config_file: Path | None = None, overrides: dict[str, Any] | None = None) -> Settings:
    """Build Settings from defaults, an optional TOML file and CLI overrides (None = not given)."""
    data: dict[str, Any] = {"policy": {}}
    if config_file is not None:
        data = _read_toml(config_file)
    for key, value in (overrides or {}).items():
        if value is None:
            continue
        if key in _policy_keys():
            data.setdefault("policy", {})[key] = value
        elif key in LLM_FLAGS:
            data.setdefault("llm", {})[LLM_FLAGS[key]] = value
        elif key in NGRAM_FLAGS:
            data.setdefault("ngrams", {})[NGRAM_FLAGS[key]] = value
        else:
            data[key] = value
    try:
        return Settings.model_validate(data)
    except ValidationError as exc:
        where = f"{config_file}: " if config_file else ""
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or 'settings'}: {err['msg']}" for err in exc.errors()
        )
        raise ConfigError(f"{where}invalid configuration: {problems}") from None


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        raw = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"{path}: config file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read config file: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: invalid TOML: {exc}") from None
    known = {"policy", "entity_types", "extraction", "selection", "redaction", "llm", "ngrams", "graph", "neo4j",
             "ingest"}
    unknown = set(raw) - known
    if unknown:
        raise ConfigError(f"{path}: unknown section(s) {sorted(unknown)}; expected {sorted(known)}")
    data: dict[str, Any] = {"policy": dict(raw.get("policy", {}))}
    if "entity_types" in raw:
        try:
            data["entity_schema"] = {
                "types": {name: EntityType.model_validate(spec) for name, spec in raw["entity_types"].items()}
            }
        except (ValidationError, AttributeError) as exc:
            raise ConfigError(f"{path}: invalid [entity_types]: {exc}") from None
    if "llm" in raw:
        data["llm"] = dict(raw["llm"])
    if "ngrams" in raw:
        data["ngrams"] = dict(raw["ngrams"])
    if "neo4j" in raw:
        data["neo4j"] = dict(raw["neo4j"])
    for key in ("backend", "dataset"):
        if key in raw.get("graph", {}):
            data[key] = raw["graph"][key]
    ingest = raw.get("ingest", {})
    unknown_ingest = set(ingest) - {"metadata_fields"}
    if unknown_ingest:
        raise ConfigError(f"{path}: unknown key(s) in [ingest]: {sorted(unknown_ingest)}; expected metadata_fields")
    if "metadata_fields" in ingest:
        data["metadata_fields"] = ingest["metadata_fields"]
    extraction = raw.get("extraction", {})
    if "extractor" in extraction:
        data["extractor"] = extraction["extractor"]
    if "entities_file" in extraction:
        data["entities_file"] = extraction["entities_file"]
    if "cross_document" in extraction:
        data["cross_document"] = extraction["cross_document"]
    selection = raw.get("selection", {})
    for key in ("strategy", "document_stage", "chain_stage", "mask_cost", "time_limit_seconds"):
        if key in selection:
            data["selection" if key == "strategy" else key] = selection[key]
    if "strategy" in raw.get("redaction", {}):
        data["redaction"] = raw["redaction"]["strategy"]
    return data
