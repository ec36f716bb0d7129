"""The settings model: thresholds, schema and strategies, from a TOML file and CLI overrides.

Defaults are the bold defaults of METHOD.md section 2 and the schema of section 3.
Precedence: built-in defaults < config file < command-line flags.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from .errors import ConfigError
from .extract.llm_settings import LLMSettings
from .extract.ngrams import PHRASE, NgramSettings
from .extract.recognizers.settings import RecognizerSettings
from .presets import DEFAULT_PRESET, compose
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


class ReportSettings(BaseModel):
    """What report.md and report.html show ([report]; `--redact-report`, `--report-chains`)."""

    model_config = ConfigDict(extra="forbid")

    # Leave every masked value out of report.md and report.html: a report that can circulate.
    redact: bool = False
    # How many of the riskiest chains report.html draws, with their documents' neighbourhood.
    top_chains: int = Field(50, ge=1, le=1000)


class ResourceSettings(BaseModel):
    """What a run may use ([resources]; `--memory-limit`). sanon_graph/memory.py has the syntax."""

    model_config = ConfigDict(extra="forbid")

    # The memory budget of analyze: "4GB", "3500MB", "50%" (of the machine's memory). None: half
    # of the machine's memory (physical, or the cgroup limit when smaller). Kept as written;
    # run.json's `resources` has it in bytes.
    memory_limit: str | None = None

    @field_validator("memory_limit", mode="before")
    @classmethod
    def _size(cls, value: Any) -> Any:
        if value is not None:
            from .memory import parse_size

            parse_size(value)  # ValueError names the value and the reason
        return value


class Settings(BaseModel):
    """Everything an analysis run depends on; written to run.json as the effective config."""

    model_config = ConfigDict(extra="forbid")

    policy: Policy = Field(default_factory=Policy)
    entity_schema: EntitySchema = Field(default_factory=EntitySchema)
    # The domain preset the schema and recognizer settings came from (presets.py; --preset).
    preset: str = DEFAULT_PRESET
    # The rules extractor's recognizers and conventions ([extraction] of the preset and file).
    rules: RecognizerSettings = Field(default_factory=RecognizerSettings)
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
    report: ReportSettings = Field(default_factory=ReportSettings)
    resources: ResourceSettings = Field(default_factory=ResourceSettings)

    @model_validator(mode="after")
    def _extractor_inputs(self) -> Settings:
        if self.cross_document is None:
            self.cross_document = self.extractor in ("rules", "llm")
        if self.extractor == "precomputed" and self.entities_file is None:
            raise ValueError("the precomputed extractor needs an entities file (--entities FILE)")
        if self.extractor == "llm" and not self.llm.model:
            raise ValueError("the llm extractor needs a model (--model NAME or [llm] model; --extractor rules runs offline without one)")
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
# Command-line flags that set [report] values.
REPORT_FLAGS = {"redact_report": "redact", "report_chains": "top_chains"}
# Command-line flags that set [resources] values.
RESOURCE_FLAGS = {"memory_limit": "memory_limit"}


def load_settings(config_file: Path | None = None, overrides: dict[str, Any] | None = None) -> Settings:
    """Build Settings from defaults, an optional TOML file and CLI overrides (None = not given)."""
    data = _read_toml(config_file, (overrides or {}).get("preset"))
    for key, value in (overrides or {}).items():
        if value is None:
            continue
        if key in _policy_keys():
            data.setdefault("policy", {})[key] = value
        elif key in LLM_FLAGS:
            data.setdefault("llm", {})[LLM_FLAGS[key]] = value
        elif key in NGRAM_FLAGS:
            data.setdefault("ngrams", {})[NGRAM_FLAGS[key]] = value
        elif key in REPORT_FLAGS:
            data.setdefault("report", {})[REPORT_FLAGS[key]] = value
        elif key in RESOURCE_FLAGS:
            data.setdefault("resources", {})[RESOURCE_FLAGS[key]] = value
        else:
            data[key] = value
    try:
        settings = Settings.model_validate(data)
    except ValidationError as exc:
        where = f"{config_file}: " if config_file else ""
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or 'settings'}: {err['msg']}" for err in exc.errors()
        )
        raise ConfigError(f"{where}invalid configuration: {problems}") from None
    check_recognizer_coverage(settings, str(config_file) if config_file else f"preset {settings.preset}")
    return settings


def check_recognizer_coverage(settings: Settings, where: str) -> None:
    """Every schema type must be one the extractor can find: a type nothing emits would be found
    nowhere, and the report would then say every target is met on an unmasked corpus.

    Only the rules extractor is checked: llm and precomputed report any type they are given, and
    `none` runs the N-gram pass alone, which finds no typed entities by design (the user asked
    for exactly that). PHRASE comes from the N-gram pass, not a recognizer: it is covered when
    [ngrams] is on. Checked here, where the config file is known, rather than in Settings (a
    run.json read back must load even when it predates this check)."""
    if settings.extractor != "rules":
        return
    from .extract.recognizers.engine import uncovered_types

    rules = settings.rules
    try:
        missing = uncovered_types(settings.entity_schema, rules, [PHRASE] if settings.ngrams.enabled else [], where)
    except ConfigError as exc:
        raise ConfigError(exc.args[0] if str(exc).startswith(where) else f"{where}: {exc}") from None
    # A declared entry of a type the schema does not have would be dropped silently: a typo.
    stray = [(f"[[extraction.{kind}]] entry {e.name!r}", e.type)
             for kind, entries in (("patterns", rules.patterns), ("word_lists", rules.word_lists)) for e in entries]
    if rules.presidio is not None:
        stray += [(f"[extraction.presidio] entity_map {k}", v) for k, v in rules.presidio.entity_map.items()]
    stray = [(what, t) for what, t in stray if rules.type_map.get(t, t) not in settings.entity_schema]
    if stray:
        what, t = stray[0]
        raise ConfigError(f"{where}: {what}: type {t!r} is not in the schema ([entity_types]: "
                          f"{', '.join(settings.entity_schema.types)})")
    if missing:
        hint = (" (PHRASE is found by the N-gram pass: enable [ngrams] or --ngrams)" if PHRASE in missing else "")
        raise ConfigError(
            f"{where}: entity type(s) {missing} of [entity_types] have no recognizer: the rules extractor would "
            f"find none of them{hint}. Add [[extraction.patterns]] or [[extraction.word_lists]] entries of these "
            "types, enable a recognizer that emits them ([extraction] enable; type_map renames a recognizer's "
            "type), or remove them from the schema")


def _relative_paths(rules: dict[str, Any], base: Path) -> dict[str, Any]:
    """Files the [extraction] entries name (word lists, Presidio modules and YAML) are relative
    to the config file, not to wherever the command runs."""

    def resolve(value: Any) -> Any:
        return str(base / value) if isinstance(value, str) and not Path(value).is_absolute() else value

    rules = dict(rules)
    if isinstance(rules.get("word_lists"), list):
        rules["word_lists"] = [{**e, "file": resolve(e["file"])} if isinstance(e, dict) and "file" in e else e
                               for e in rules["word_lists"]]
    presidio = rules.get("presidio")
    if isinstance(presidio, dict):
        presidio = dict(presidio)
        if "yaml" in presidio:
            presidio["yaml"] = resolve(presidio["yaml"])
        if isinstance(presidio.get("module"), str) and presidio["module"].endswith(".py"):
            presidio["module"] = resolve(presidio["module"])
        rules["presidio"] = presidio
    return rules


def _base_dir(path: Path | None, preset: str | None) -> Path:
    if path is not None:
        return path.parent
    if preset and preset.endswith(".toml"):  # --preset my.toml with no config file
        return Path(preset).parent
    return Path.cwd()


def _read_toml(path: Path | None, preset: str | None = None) -> dict[str, Any]:
    """The settings data of a config file laid over its domain preset (presets.py)."""
    preset_name, raw = compose(path, preset)
    known = {"policy", "entity_types", "extraction", "selection", "redaction", "llm", "ngrams", "graph", "neo4j",
             "ingest", "report", "preset", "resources"}
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
    if "report" in raw:
        data["report"] = dict(raw["report"])
    if "resources" in raw:
        data["resources"] = dict(raw["resources"])
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
    data["preset"] = preset_name
    unknown_extraction = set(extraction) - set(RecognizerSettings.model_fields) - {"extractor", "entities_file",
                                                                                  "cross_document"}
    if unknown_extraction:
        # a misspelt key ("[[extraction.pattern]]") would otherwise be dropped without a word
        raise ConfigError(f"{path}: unknown key(s) in [extraction]: {sorted(unknown_extraction)}; expected "
                          f"{sorted({*RecognizerSettings.model_fields, 'extractor', 'entities_file', 'cross_document'})}")
    data["rules"] = _relative_paths({k: v for k, v in extraction.items() if k in RecognizerSettings.model_fields},
                                    _base_dir(path, preset))
    selection = raw.get("selection", {})
    for key in ("strategy", "document_stage", "chain_stage", "mask_cost", "time_limit_seconds"):
        if key in selection:
            data["selection" if key == "strategy" else key] = selection[key]
    if "strategy" in raw.get("redaction", {}):
        data["redaction"] = raw["redaction"]["strategy"]
    return data
