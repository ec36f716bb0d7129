"""Healthcare providers and facilities: "Rivertown Clinic", "Mercy Medical Center", "CareFirst"."""

from __future__ import annotations

import re

from .base import Base, register
from .words import CAP, LEADING_NOISE

_PROVIDER = re.compile(
    rf"(?<![\w-])((?:{CAP}\s+){{0,3}}{CAP}\s+(?:Clinic|Hospital|Medical\s+Center|Medical\s+Centre|"
    r"Health\s+Network|Health\s+System|Health\s+Services|Health\s+Plans?|Healthcare|Health|Medical\s+Group|"
    r"Medical|Care|Associates|Pharmacy|Laboratory|Laboratories|Labs|Institute|Center|Centre|"
    r"Practice|Hospice|Rehabilitation|Rehab|Infirmary|Sanatorium|Physicians|Insurance|Imaging|Wellness|Diagnostics|"
    r"Genomics|Genetics|Dental|Dentistry|Chiropractic|Surgical|"
    r"Urology|Oncology|Cardiology|Dermatology|Orthopa?edics|Pediatrics|Paediatrics|Radiology|Neurology|"
    r"Gastroenterology|Psychiatry|Rheumatology|Endocrinology|Nephrology|Pulmonology|Obstetrics|Gynecology))(?!\w)"
)
_CAMEL_PROVIDER = re.compile(r"(?<!\w)([A-Z][a-z]+(?:Care|Health|Med|Clinic)s?)(?!\w)")


@register("provider", "PROVIDER")
class Provider(Base):
    """Capitalised words ending in a facility head word, leading function words dropped."""

    def find(self, text: str):
        for m in _PROVIDER.finditer(text):
            words = m.group(1).split()
            while words and words[0].lower() in LEADING_NOISE:
                words = words[1:]
            if len(words) < 2:
                continue
            phrase = " ".join(words)
            start = text.find(words[0], m.start(1))
            end = m.end(1)
            if text[start:end].split() != words:
                continue
            yield self.span(start, end, "PROVIDER", phrase.lower())


@register("camel_provider", "PROVIDER")
class CamelProvider(Base):
    """One word ending in a capitalised health word: "MediCare", "VitaHealth"."""

    def find(self, text: str):
        for m in _CAMEL_PROVIDER.finditer(text):
            yield self.span(m.start(1), m.end(1), "PROVIDER", m.group(1).lower())
