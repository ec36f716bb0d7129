"""Recognizer settings: which recognizers run, in which order, and the domain's conventions.

They come from the domain preset's [extraction] table (sanon_graph/data/presets/*.toml) and
a user's config file; run.json records them.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ...normalize import DateOrder
from .custom import PatternSpec, WordListSpec
from .presidio import PresidioSpec

# The health-insurance preset's recognizers, in the order they have always run (the order breaks
# exact ties between equal spans of equal priority, so it is part of the behaviour), and its
# statistical model last.
DEFAULT_RECOGNIZERS = (
    "email", "profile_url", "phone", "date_range", "year_range", "date", "part_of_period", "money", "age", "age_range", "age_decade",
    "age_word",
    "age_plus", "national_id", "spaced_person_id", "identifier", "street_address", "european_address", "postcode", "po_box", "street_name", "titled_name",
    "role_name", "record_name",
    "initial_name", "capital_pair", "initials_surname", "surname_initials", "possessive_name",
    "apposition_name", "case_parties", "provider", "head_first_provider", "camel_provider", "named_event", "event_noun", "claim_step",
    "unique_fact", "outcome", "clinical_measure", "condition_term", "phenotype_term", "condition_acronym", "condition_head", "diagnosis_code", "treatment_term", "treatment_acronym", "treatment_head", "drug_suffix", "drug",
    "procedure_suffix", "gene_variant", "pathogen", "obstetric", "demographic", "substance_use", "belief", "disability", "education", "occupation", "employer", "institution", "company", "plan_name", "city_state", "caps_town_line", "named_area", "natural_feature", "place", "small_town", "unlisted_place",
    "relative", "household", "online_handle", "insurance_model",
)
# The labels the insurance entity model was trained with: the health-insurance schema's types.
MODEL_TYPES = (
    "NAME", "PATIENT_ID", "ADDRESS", "PHONE_NUMBER", "EMAIL", "MEDICAL_CONDITION", "NON_PERSONAL_ID",
    "UNIQUE_FACT", "BIRTHDATE", "TREATMENT", "INDIRECT_IDENTIFIER", "PROVIDER", "EVENT_DATE", "AGE",
    "LOCATION", "EVENT", "DEMOGRAPHIC",
)
# Its types the default keeps: those written in open-ended words, and names (the health-insurance
# preset says why).
DEFAULT_MODEL_TYPES = ("MEDICAL_CONDITION", "TREATMENT", "UNIQUE_FACT", "INDIRECT_IDENTIFIER", "EVENT", "DEMOGRAPHIC",
                       "NAME")
DEFAULT_MODEL_MAX_CHARACTERS = 10_000_000


class RecognizerSettings(BaseModel):
    """[extraction] keys that shape the rules extractor."""

    model_config = ConfigDict(extra="forbid")

    recognizers: list[str] = Field(default_factory=lambda: list(DEFAULT_RECOGNIZERS))
    # Numeric dates: MDY (US), DMY (most of the world), or auto: per document (then per
    # corpus) from unambiguous evidence such as a day over 12; without evidence an ambiguous
    # date is kept as written, never guessed.
    date_order: DateOrder = "MDY"
    # ISO 3166 regions a national phone number (with a trunk 0) may belong to; one valid
    # reading makes it E.164, several keep it as written.
    phone_regions: list[str] = Field(default_factory=list)
    # The type of a person named as a clinician ("Dr. Elena Robles", "physician Raj Khanna"):
    # NAME (a person like any other), or the provider type of a domain where the clinician
    # treats many of the people the corpus is about (health-insurance: PROVIDER), so a doctor
    # shared by two patients' records does not link them as one person.
    clinician_type: str = "NAME"
    # Whether an honorific ("Mr", "Mrs", "Miss", "Mme") is masked with the name it comes before.
    # It says a person's sex, and "Mrs"/"Miss" whether they married: health-insurance masks it as
    # it masks "female"; court decisions keep it ("Mr A."), as the anonymisation benchmarks'
    # gold spans do.
    mask_honorifics: bool = False
    # A statistical model (the insurance entity model, the NER model) reads every sentence of the
    # corpus: the insurance model about three times the rules' time, the NER model more (README).
    # Each runs on a corpus of at most this many characters of text and is left out of a larger
    # one (run.json and the summary say so), so a preset can run it where it finds more and still
    # keep the large-corpus time budget. 0: no limit (the legal and hr presets).
    model_max_characters: int = Field(default=DEFAULT_MODEL_MAX_CHARACTERS, ge=0, strict=True)
    # The insurance entity model's types that are kept (empty: all it was trained on).
    model_types: list[str] = Field(default_factory=lambda: list(DEFAULT_MODEL_TYPES))
    # Recognizer types whose masked span takes in its noun phrase ("refractory epilepsy",
    # "sertraline 100mg daily") while the value stays the recognizer's ("epilepsy"): widen.py.
    widen_types: list[str] = Field(default_factory=list)
    # Recognizer type -> schema type ("PATIENT_ID" -> "EMPLOYEE_ID" in an HR schema).
    type_map: dict[str, str] = Field(default_factory=dict)
    # Base relevance per (recognizer) type, overriding the built-in ones.
    relevance: dict[str, float] = Field(default_factory=dict)
    # The `ner` recognizer (the NER model, when a preset lists it): model label -> recognizer
    # type for the labels worth keeping in this domain, and role words that are never a value.
    ner_labels: dict[str, str] = Field(default_factory=lambda: {"GPE": "LOCATION", "NORP": "NATIONALITY", "MONEY": "MONEY"})
    ner_ignore: list[str] = Field(default_factory=list)
    # Occupations that are roles of the documents' own process rather than facts about a person
    # (the `occupation` recognizer skips them unless an apposition or a verb of being says that
    # is what someone is: "the applicant, a lawyer,"): in court decisions the judges and lawyers
    # of the proceedings. (Clinical staff are left out of the occupation list itself.)
    occupation_ignore: list[str] = Field(default_factory=list)
    # The domain's own recognizers, without code (custom.py): regexes with context words, and
    # word lists. Entries enable the `custom` recognizer on their own.
    patterns: list[PatternSpec] = Field(default_factory=list)
    word_lists: list[WordListSpec] = Field(default_factory=list)
    # A user's presidio-analyzer recognizers (presidio.py, the `presidio` extra); enables the
    # `presidio` recognizer on its own.
    presidio: PresidioSpec | None = None

    @field_validator("phone_regions")
    @classmethod
    def _regions(cls, regions: list[str]) -> list[str]:
        import phonenumbers

        bad = [r for r in regions if r.upper() not in phonenumbers.SUPPORTED_REGIONS]
        if bad:
            raise ValueError(f"unknown phone region(s) {bad}; use ISO 3166 codes such as US, GB, NL, FR")
        return [r.upper() for r in regions]

    @field_validator("model_types")
    @classmethod
    def _model_types(cls, types: list[str]) -> list[str]:
        unknown = sorted(set(types) - set(MODEL_TYPES))
        if unknown:
            raise ValueError(f"the insurance entity model has no type(s) {unknown}; it knows {list(MODEL_TYPES)}")
        return types

    def without_models(self) -> RecognizerSettings:
        """These settings with no statistical model: what the rules alone find (the leak check,
        benchmarks and tests that pin a rule's findings)."""
        from .base import STATISTICAL

        return self.model_copy(update={"recognizers": [n for n in self.recognizers if n not in STATISTICAL]})

    @model_validator(mode="after")
    def _unique_entry_names(self) -> RecognizerSettings:
        # An entry's name is the recognizer name its spans carry: two of one name could not be told apart.
        names = [e.name for e in (*self.patterns, *self.word_lists)]
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            raise ValueError(f"[[extraction.patterns]]/[[extraction.word_lists]] entry name(s) {twice} used twice")
        return self

    def auto_recognizers(self) -> list[str]:
        """`recognizers` with `custom` and `presidio` added (at the end) when entries ask for them."""
        names = list(self.recognizers)
        if (self.patterns or self.word_lists) and "custom" not in names:
            names.append("custom")
        if self.presidio is not None and "presidio" not in names:
            names.append("presidio")
        return names

    @field_validator("relevance")
    @classmethod
    def _relevance(cls, values: dict[str, float]) -> dict[str, float]:
        bad = {k: v for k, v in values.items() if not 0.0 <= v <= 1.0}
        if bad:
            raise ValueError(f"relevance must be within [0, 1]: {bad}")
        return values
