"""Entity types, weights and direct identifiers: domain configuration, not code.

The defaults are the insurance-domain schema of METHOD.md section 3, as the shipped
health-insurance preset declares it. Another domain brings its own through a preset
(--preset) or the `[entity_types]` table of the config file.
"""

from __future__ import annotations

import re
import tomllib
from importlib import resources

from pydantic import BaseModel, Field, field_validator

TYPE_NAME = re.compile(r"^[A-Z][A-Z0-9_]{0,63}$")


class EntityType(BaseModel):
    """One entity type: how much a value of it weighs in re-identification."""

    weight: float = Field(ge=0.0, le=1.0)
    direct: bool = False
    description: str = ""


def _preset_types(name: str) -> dict[str, EntityType]:
    """The entity types a shipped preset declares (sanon_graph/data/presets/NAME.toml)."""
    text = resources.files("sanon_graph").joinpath("data", "presets", f"{name}.toml").read_text(encoding="utf-8")
    return {t: EntityType.model_validate(spec) for t, spec in tomllib.loads(text)["entity_types"].items()}


# The default schema is the health-insurance preset's (METHOD.md section 3).
DEFAULT_TYPES: dict[str, EntityType] = _preset_types("health-insurance")


class EntitySchema(BaseModel):
    """The configured entity types. Type names are upper-case identifiers."""

    types: dict[str, EntityType] = Field(default_factory=lambda: dict(DEFAULT_TYPES))

    @field_validator("types")
    @classmethod
    def _names_are_identifiers(cls, types: dict[str, EntityType]) -> dict[str, EntityType]:
        if not types:
            raise ValueError("the entity schema needs at least one type")
        for name in types:
            if not TYPE_NAME.match(name):
                raise ValueError(f"entity type {name!r} must be upper-case letters, digits and _")
        return types

    def weight(self, entity_type: str) -> float:
        return self.types[entity_type].weight

    def weights(self) -> dict[str, float]:
        return {name: t.weight for name, t in self.types.items()}

    @property
    def direct_identifiers(self) -> frozenset[str]:
        return frozenset(name for name, t in self.types.items() if t.direct)

    def __contains__(self, entity_type: object) -> bool:
        return entity_type in self.types
