"""Clinicians apart from the people a corpus is about: "Dr. Elena Robles", "physician Raj Khanna",
"Marguerite Desrochers, DO".

In a domain where one clinician treats many of the people in the corpus (health insurance), a
doctor's name says which practice a record comes from, not which patient it is about: typed as
a person's NAME (weight 1.0, a direct identifier) it links the records of every patient that
doctor sees as if they were one person. Where the preset sets `[extraction] clinician_type`
(health-insurance: PROVIDER, as METHOD 3 types providers), a NAME span with a clinical title
or role word beside it is retyped after the overlaps are resolved, whichever name recognizer
found it; a title in front joins the span ("Dr. Elena Robles" is masked whole) and the value
stays the name, so "Elena Robles" written without the title elsewhere is the same clinician;
credentials after a name join it the same way ("Teresa Ezeoke, MD").
Role words that say nothing clinical ("manager", "specialist") leave a name as it is.
"""

from __future__ import annotations

import re

from .base import Span

# "Dr. med." and "Dr. med. dent." as German records write a physician's and a dentist's title
_CLINICAL_TITLE = r"(?:Dr|DR|Doctor|Nurse)\.?(?:[ \t]+med\.(?:[ \t]+dent\.)?)?"
_TITLE_BEFORE = re.compile(rf"(?<![\w.]){_CLINICAL_TITLE}[ \t]+$")  # "Dr. " before a name span
# a span that keeps its titles ("Dr. Tan", "Prof. Dr. Hans-Peter Müller")
_TITLE_INSIDE = re.compile(rf"(?:(?:Prof|Professor|Sir|Dame)\.?[ \t]+)*{_CLINICAL_TITLE}[ \t]")
_ROLE_BEFORE = re.compile(
    r"(?i:(?<![\w-])(?:surgeon|physician|clinician|therapist|nurse|practitioner|doctor|neurologist|cardiologist|"
    r"oncologist|radiologist|psychiatrist|psychologist|dermatologist|pediatrician|paediatrician|physiotherapist|"
    r"pharmacist|dentist|gp|attending|midwife)(?:['’]s)?)[ \t]*[:,]?[ \t]+$"
)
# A clinician's post written after the name, as British and Irish letters sign: "Mr Euan Forbes,
# Consultant ENT Surgeon", "Hanna Vell, Consultant Paediatric Neurologist", "A. Ezeoke, Staff Nurse".
# What a clinician is, one word, lower case ("surgeon", "physiotherapist", "neurologist").
CLINICIAN_WORD = (
    r"(?:surgeon|physician|clinician|practitioner|nurse|midwife|pharmacist|dentist|paramedic|registrar|"
    r"pa?ediatrician|obstetrician|geriatrician|technician|optician|dietitian|dietician|chiropractor|hygienist|"
    r"sonographer|radiographer|an(?:a?e)sthetist|orthodontist|optometrist|[a-z]*therapist|[a-z]+ologist|[a-z]+iatrist)s?")
_ROLE_AFTER = re.compile(
    r",[ \t]+(?:(?:Consultant|Specialist|Senior|Staff|Attending|Locum|Chief|Head|Lead|Clinical)[ \t]+)?"
    rf"(?:[A-Z][A-Za-z&]*[ \t]+){{0,3}}(?=[A-Z])(?i:{CLINICIAN_WORD})(?![\w-])")
CREDENTIAL = (r",?[ \t]+(?:MD|M\.D\.|DO(?![ \t]+(?i:not)\b)|D\.O\.|RN|NP|DNP|PA-C|DDS|DMD|DPM|FACS|MBBS|MBChB|MRCGP|"
              r"MRCP|MRCS|FRCS|FRCP|BDS)(?![\w])")
_CREDENTIAL_AFTER = re.compile(CREDENTIAL)
# the credentials after the first, written as one run ("James Whitlow, DO, FACP")
# Every credential a signature may end in, a clinician's or not ("PhD", "PharmD"): what ends a
# name before the next line (providers.py) and is no surname (recurrence.py).
ANY_CREDENTIAL = (r"(?:MD|M\.D\.|DO|D\.O\.|RN|NP|DNP|PA-C|DDS|DMD|DPM|BDS|MBBS|MBChB|PhD|MPH|FACP|FACS|FRCP|FRCPC|"
                  r"FRCS|FRCGP|MRCP|MRCS|MRCGP|PharmD|PsyD|CRNA|APRN|FNP|LCSW|DPT|"
                  # allied health and other countries' fellowships: "K. Marchetti-Lowe, OTR/L",
                  # "a genetic counsellor, CGC", "FRACP" (Australasia), "MRCPsych"
                  r"OTR/L|OTR|CCC-SLP|SLP|LPN|MSW|LMFT|LPC|CNM|RDN|CGC|FRACP|FRACS|FANZCA|MRCPsych|FRCPsych)(?![\w/-])")
_MORE_CREDENTIALS = re.compile(r"(?:,?[ \t]+(?:MD|DO|RN|NP|PhD|MPH|FACP|FACS|FRCP|FRCPC|FRCS|MRCP|MRCGP|FRCGP|MBChB)(?![\w]))*")
_LOOKBACK = 40


def clinicians(text: str, spans: list[Span], clinician_type: str, relevance: float) -> list[Span]:
    """The spans (sorted by start, disjoint) with clinicians' NAME spans retyped, with the
    clinician type's relevance where the name's was higher: the name of the doctor says as
    much about the patient as the practice's does."""
    if clinician_type == "NAME" or not any(s.type == "NAME" for s in spans):
        return spans
    out = []
    for i, s in enumerate(spans):
        if s.type != "NAME":
            out.append(s)
            continue
        left_limit = spans[i - 1].end if i else 0
        before_start = max(left_limit, s.start - _LOOKBACK)
        start = s.start
        title = _TITLE_BEFORE.search(text, before_start, s.start)
        titled = title is not None or _TITLE_INSIDE.match(text, s.start) is not None
        credential = _CREDENTIAL_AFTER.match(text, s.end)
        if title:
            start = title.start()
        # the role word may be a span of its own ("Physician" as an occupation): look past it
        elif not (titled or credential or _ROLE_BEFORE.search(text, max(0, s.start - _LOOKBACK), s.start)
                  or _ROLE_AFTER.match(text, s.end)):
            out.append(s)
            continue
        end = s.end
        right_limit = spans[i + 1].start if i + 1 < len(spans) else len(text)
        if credential and not titled \
                and (more := _MORE_CREDENTIALS.match(text, credential.end())).end() <= right_limit:
            # "Teresa Ezeoke, MD" is masked whole, as "Dr. Teresa Ezeoke" is; after a title the
            # credential repeats it ("Dr. Marisol Escobedo-Lira, MD") and the span is the titled name
            end = more.end()
        out.append(Span(start, end, clinician_type, s.normalized, min(s.relevance, relevance), s.recognizer))
    return out
