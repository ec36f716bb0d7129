"""Entity types, weights and direct identifiers: domain configuration, not code.

The defaults are the insurance-domain schema of METHOD.md section 3. Another domain
replaces them through the `[entity_types]` table of the config file.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, Field, field_validator

TYPE_NAME = re.compile(r"^[A-Z][A-Z0-9_]{0,63}$")


class EntityType(BaseModel):
    """One entity type: how much a value of it weighs in re-identification."""

    weight: float = Field(ge=0.0, le=1.0)
    direct: bool = False
    description: str = ""


DEFAULT_TYPES: dict[str, EntityType] = {
    "NAME": EntityType(weight=1.00, direct=True, description="A person's name, with or without title."),
    "PATIENT_ID": EntityType(weight=0.95, direct=True, description="An identifier of one person: patient, member, policyholder or record number."),
    "ADDRESS": EntityType(weight=0.90, direct=True, description="A street address."),
    "PHONE_NUMBER": EntityType(weight=0.85, direct=True, description="A telephone or fax number."),
    "MEDICAL_CONDITION": EntityType(weight=0.85, description="A diagnosis, disease, disorder or symptom."),
    "EMAIL": EntityType(weight=0.80, direct=True, description="An e-mail address."),
    "NON_PERSONAL_ID": EntityType(weight=0.80, description="A code that identifies a claim, policy, study, case or process, not a person."),
    "UNIQUE_FACT": EntityType(weight=0.78, description="A fact that singles out one person (the only, the first, one of few)."),
    "BIRTHDATE": EntityType(weight=0.75, description="A date of birth."),
    "TREATMENT": EntityType(weight=0.72, description="A therapy, procedure, medication or intervention."),
    "INDIRECT_IDENTIFIER": EntityType(weight=0.70, description="An occupation, employer, role or circumstance that narrows down who someone is."),
    "PROVIDER": EntityType(weight=0.65, description="A healthcare provider or facility: clinic, hospital, practice, network."),
    "EVENT_DATE": EntityType(weight=0.60, description="The date of an event (visit, claim, procedure)."),
    "AGE": EntityType(weight=0.55, description="An age or age range."),
    "LOCATION": EntityType(weight=0.55, description="A city, region, state or country."),
    "EVENT": EntityType(weight=0.50, description="A named event, study, trial, programme or incident."),
    "DEMOGRAPHIC": EntityType(weight=0.35, description="Sex, gender, ethnicity, marital status, or similar group membership."),
}


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
