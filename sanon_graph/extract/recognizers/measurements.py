"""Clinical measurements of one person: "A1c 9.4%", "FVC 68% predicted", "ALP 2.1x ULN",
"Phe levels 780-910 µmol/L", "ejection fraction of 35%", "visual acuity 20/200".

A laboratory value or a score is one person's at one time: two records that give the same
"eGFR 38" are likely about the same course of care, as the research's entity lists type such
values (UNIQUE_FACT). The test is named from a list of common tests and scores (the words
records use, not values of any corpus); a number after a comparator ("BMI over 40", "A1c >= 7%")
is a policy's threshold, not a person's value, and is left alone.
"""

from __future__ import annotations

import re

from ...normalize import fold
from .base import Base, register

# Tests and scores written by their abbreviation (case as written) or by their name (any case).
_TEST_ABBREVIATIONS = (
    "HbA1c A1c eGFR GFR LDL HDL FEV1 FVC DLCO LVEF EF BMI PSA INR TSH CRP ESR ALT AST ALP GGT BNP NT-proBNP SpO2 "
    "Hb Hgb WBC CD4 Phe UPDRS EDSS MMSE MoCA PHQ-9 GAD-7 NIHSS ECOG DAS28 Ki-67 AMH FSH IOP"
).split()
_TEST_NAMES = (
    "ejection fraction|creatinine|haemoglobin|hemoglobin|platelets?|platelet count|viral load|blood glucose|"
    "fasting glucose|cholesterol|triglycerides|ferritin|vitamin D|bilirubin|albumin|visual acuity|vision|"
    "intraocular pressure|blood pressure|oxygen saturation|six-minute walk(?: distance)?|walk distance"
)
_ABBREVIATION = "|".join(re.escape(a) for a in sorted(_TEST_ABBREVIATIONS, key=len, reverse=True))
_UNIT = (
    r"%(?:[ \t]+predicted)?|mg/dL|mmol/L|µmol/L|umol/L|g/dL|g/L|ng/mL|pg/mL|IU/L|U/L|mL/min(?:/1\.73[ \t]?m2)?|"
    r"kPa|mmHg|cells/mm3|copies/mL|kg/m2|m|[x×][ \t]?ULN"
)
_NUMBER = r"\d{1,4}(?:[.,]\d{1,2})?"
# Read from the value back: a number (a range, a ratio), its unit, and, ending the text just
# before it, the test's name with the words between ("A1c 9.4%", "ejection fraction of 35%",
# "vision is now 20/200"). Numbers are few, so the names are tried only before them.
_VALUE = re.compile(
    rf"(?<![\w.,/-])(?P<value>{_NUMBER}(?:[ \t]?[-–][ \t]?{_NUMBER})?(?:/{_NUMBER})?)"
    rf"(?:[ \t]?(?P<unit>{_UNIT}))?(?![\w%/]|,\d)"
)
# A threshold written after its number ("an A1c of 8% or higher", "BMI of 35 or more"): a policy's.
_THRESHOLD_AFTER = re.compile(r"[ \t]*(?:or[ \t]+(?:higher|more|above|greater|over|less|lower|below|under)|and[ \t]+(?:above|over|"
                              r"below|under)|\+)", re.I)
_YEAR_LIKE = re.compile(r"(?:19|20)\d\d(?:/\d{2,4})?")
_TEST_BEFORE = re.compile(
    rf"(?<![\w-])(?P<test>(?:{_ABBREVIATION})(?![\w-])|(?i:{_TEST_NAMES}))"
    r"(?:[ \t]+(?:score|scores|level|levels|value|count))?"
    r"(?:[ \t]*(?::|=|of|was|is|at|now|down[ \t]+to|up[ \t]+to|reached|measured(?:[ \t]+at)?)){0,2}[ \t]*$"
)
_LOOKBACK = 48
# A bare number with no unit is a value only for the scores and counts read without one.
_UNITLESS = frozenset(
    "UPDRS EDSS MMSE MoCA PHQ-9 GAD-7 NIHSS ECOG DAS28 INR eGFR GFR BMI CD4 Phe TSH ALT AST ALP GGT BNP NT-proBNP "
    "IOP WBC".split())


@register("clinical_measure", "UNIQUE_FACT")
class ClinicalMeasure(Base):
    """A named test or score and its value, with its unit when it has one (the span: the value)."""

    def find(self, text: str):
        if not any(c.isdigit() for c in text):
            return
        for m in _VALUE.finditer(text):
            before = _TEST_BEFORE.search(text, max(0, m.start() - _LOOKBACK), m.start())
            if before is None:
                continue
            test, value, unit = before.group("test"), m.group("value"), m.group("unit")
            if _THRESHOLD_AFTER.match(text, m.end()) or unit is None and _YEAR_LIKE.fullmatch(value):
                continue  # "A1c of 6.5% or more"; "Vision 2025/26", "BMI 2023 report"
            if unit is None and "-" in value.replace("–", "-") and "/" not in value:
                continue  # "eGFR 15-29": a stage's bounds, not a person's value
            if unit is None and test not in _UNITLESS and "/" not in value:
                continue  # "vision 2", "creatinine 1": a unit or a score says it is a value
            if unit == "m" and "walk" not in test.lower():
                continue  # metres only for a walk test ("+61 m"); "Hb 12 m" is no value
            written = " ".join(f"{test} {value}{'' if unit is None or unit.startswith('%') else ' '}{unit or ''}".split())
            # the span is the value: "A1c [masked]" still says what was measured, for the answers
            # a corpus is kept for; the value names the test, so "A1c 9.4%" and "FVC 9.4%" differ
            yield self.span(m.start("value"), m.end(), "UNIQUE_FACT", fold(written), 0.6)
