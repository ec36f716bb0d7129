"""Healthcare providers and facilities: "Brookvale Clinic", "Mercy Medical Center", "Boston Hand &
Wrist Clinic", "CareFirst"; and the insurer's plans a member is covered by ("Emerald Choice plan")."""

from __future__ import annotations

import re

from ...normalize import fold
from .base import Base, register
from .clinicians import ANY_CREDENTIAL
from .drugs import drug_names
from .words import (
    BODY_PARTS,
    CAP,
    LEADING_NOISE,
    MODIFIER_NOISE,
    PUBLICATION_WORDS,
    STOP_CAPITALS,
    word_tail,
)

# (insurers as other countries name them come first, before their shorter heads: South African
# medical schemes, Australian and New Zealand health cover)
_PROVIDER = re.compile(
    rf"(?<![\w-])((?:{CAP}\s+(?:(?:&|de|del|la|du|di|da|y)\s+)?){{0,3}}{CAP}\s+(?:&\s+)?(?:Medical\s+Scheme|Health\s+Cover|Health\s+Alliance|Dental\s+Studio|"
    r"(?:Medical|Ostomy|Oxygen|Diabetic|Surgical|Respiratory|Mobility|Orthotic)\s+Suppl(?:y|ies)|Clinic|Hospital|Medical\s+Center|Medical\s+Centre|"
    r"Health\s+Partners|Health\s+Fund|Health\s+Network|Health\s+System|Health\s+Services|Health\s+Plans?|Healthcare|Health|Medical\s+Group|"
    r"Medical|Care|Associates|Pharmacy|Laboratory|Laboratories|Labs|Institute|Center|Centre|"
    r"Practice|Hospice|Rehabilitation|Rehab|Physical\s+Therapy|Physiotherapy|Opticians?|Optometry|Optometrists|"
    r"Infirmary|Sanatorium|Physicians|Insurance|Imaging|Wellness|Diagnostics|"
    # the heads as forms and claim systems shorten them: "Kestrel Point Private Hosp.", "Magnolia Row Breast Ctr"
    r"Hosp\.|Ctr\.?|Cntr\.?|"
    r"Genomics|Genetics|Dental\s+Group|Dental|Dentistry|Prosthodontics|Orthodontics|Periodontics|Endodontics|Chiropractic|Surgical|Facility|Network|"
    r"Urology|Oncology|Cardiology|Dermatology|Orthopa?edics|Pediatrics|Paediatrics|Radiology|Neurology|"
    r"Gastroenterology|Psychiatry|Rheumatology|Endocrinology|Nephrology|Pulmonology|Obstetrics|Gynecology|"
    r"Immunology|Ha?ematology|Ophthalmology|Pathology|Neuroimmunology|Hepatology|Audiology|Podiatry|Neurosurgery|"
    r"Mutual|Medicine|Vascular|Home\s+Infusion|Infusion|Rx|EMS|Ambulance|"
    # insurers and carriers: "Wessex Health Assurance", "Fairmont Mutual Casualty", "Tidewater
    # Benefit Partners", "Ridgecrest Mutual Medicare Advantage", "Anchorpoint Life & Disability"
    # (at a provider's relevance: at half of it the training sets' pair F1 fell, 3 sets by 0.03)
    r"Assurance|Casualty|Benefit\s+Partners|Group\s+Benefits|Medicare\s+Advantage|Life\s+(?:&|and)\s+Disability|"
    # the same heads in the languages of European records, written after the name too
    r"Medisch\s+Centrum|Academisch\s+Centrum|Gezondheidscentrum|Gesundheitszentrum|"
    r"Apotheek|Apotheke|Apotek|Pharmacie|Farmacia|Ziekenhuis|Kliniek|Zorgverzekeraar|Zorgverzekeringen|Klinik|Klinikum|Krankenhaus|Praxis|Krankenkasse|Sykehus|Sjukhus|Mutuelle|"
    # German company and guild health funds
    r"BKK|IKK)"
    # the body a specialty's name heads: "Pinecrest Valley Neurology Group", "Larkfield Oncology Associates"
    r"(?:\s+(?:Group|Associates|Partners|Specialists|Consultants|Service|Services))?"
    # a chain's branch by its number ("Kestrel Row Pharmacy #207"): masked with the name, not part of its value
    r"(?:[ \t]+#\d{1,5})?)(?!\w)"
)
_HEADS_SHORTENED = {"hosp.": "hospital", "ctr": "center", "ctr.": "center", "cntr": "center", "cntr.": "center"}
# Heads written before the name ("Apotheek De Linde", "Clinique Saint-Jean", "Klinikum Rechts
# der Isar"), with the articles and saints' titles those names take. The cross-document pass
# (recurrence.facility_aliases) also knows a facility by the name after its head.
HEADS_WRITTEN_FIRST = (
    "Apotheek", "Apotheke", "Pharmacie", "Farmacia", "Clinique", "Clínica", "Clinica", "Klinikum", "Kliniek", "Ospedale",
    "Policlinico", "Hôpital", "Hopital", "Ziekenhuis", "Krankenhaus", "Centre Hospitalier", "Huisartsenpraktijk",
    "Praktijk", "Ysbyty", "Fferyllfa", "CHU", "Medisch Centrum", "Academisch Centrum", "Hospital Infantil",
    "Hospital Universitario", "Hospital Universitário", "Hospital Municipal",
)
_HEADS_LONGEST_FIRST = sorted(HEADS_WRITTEN_FIRST, key=lambda h: -len(h.split()))


def _opens_with(name: str, head: str) -> bool:
    return name.split()[:len(head.split())] == head.split()


_HEAD_FIRST_PROVIDER = re.compile(
    r"(?<![\w-])((?:" + "|".join(re.escape(h).replace(r"\ ", r"\s+") for h in HEADS_WRITTEN_FIRST) + ")"
    r"(?:\s+(?:de|De|der|des|du|la|La|le|Le|am|an|di|del|della|San|Santa|St\.?|Saint|Sainte|Sint|Rechts|Links))*"
    r"\s+[A-Z][\w'-]+(?:\s+(?!(?:Dr|Prof|Herr|Frau|Mme|Mr|Mrs|Ms|Dott|Sig)\b)(?:(?:di|de|del|della|San|Santa|Saint|St\.?)\s+)?"
    r"[A-Z][\w'-]+){0,2}"
    # where it stands, as German names say it: "Klinikum St. Anselm am Weiher"
    r"(?:\s+(?:am|an\s+der|bei|im)\s+[A-Z][\w'-]+)?)(?!\w)"
)
# A German pharmacy, clinic or practice named with its head joined by a hyphen, and its district:
# "Falken-Apotheke Lindenau", "Rosen-Klinik", "Auwald-Klinikum Leipzig".
_HYPHEN_HEAD_PROVIDER = re.compile(r"(?<![\w-])([A-Z][a-zäöüß]+-(?:Apotheke|Klinik|Klinikum|Krankenhaus|Spital|Praxis)(?:[ \t]+[A-Z][a-zäöüß]+(?![\w-]))?)(?![\w-])")
# Words of specialties: a name made of these alone names a field of medicine, not a practice.
SPECIALTY_WORDS = frozenset(
    "allergy immunology clinical internal family general medicine pediatric paediatric adult geriatric sports "
    "obstetrics gynecology gynaecology urology oncology cardiology dermatology orthopedics orthopaedics pediatrics "
    "paediatrics radiology neurology gastroenterology psychiatry rheumatology endocrinology nephrology pulmonology "
    "hematology haematology ophthalmology surgical surgery emergency medical maternal-fetal maternal fetal heart "
    "vascular sleep pain nuclear physical occupational preventive reproductive travel tropical palliative "
    "respiratory addiction integrative functional lifestyle home infusion hospital regenerative behavioral "
    "behavioural transplant spine vein women's men's chinese traditional hyperbaric precision evidence-based "
    "osteopathic alternative complementary holistic integrated personalized personalised genomic aerospace "
    "wilderness undersea veterinary pathology neuroimmunology hepatology audiology podiatry neurosurgery "
    # and where or how care is given: "Outpatient Physical Therapy", "Inpatient Rehab" name a service
    "outpatient inpatient ambulatory therapy physiotherapy rehabilitation rehab intensive critical neonatal care urgent primary".split())
# A word after the head that makes the name a publication's or a learned society's: "the Nevada
# Sports Medicine Journal", "the Pacific Oncology Society", not a practice. (A residency or a
# fellowship names the hospital where someone trained, which identifies them: kept.)
_NOT_A_PRACTICE_AFTER = re.compile(rf"[ \t]+(?:{PUBLICATION_WORDS}|Society|Conference|Congress|Symposium)(?![\w-])")
# Words of a drug benefit and of what is infused: "Generic Rx", "Part D Rx", "Iron Infusion".
_BENEFIT_WORDS = frozenset(
    "generic brand specialty formulary plan part mail order tier preferred retail iron vitamin stem cell saline "
    "ketamine fluid blood antibiotic home".split())
# Verbs a note's sentence opens with before a kind of care ("Started Physical Therapy", "Continue
# Rehab"): no part of a practice's name.
_OPENING_VERBS = frozenset(
    "start started starting continue continued continuing resume resumed restart restarted begin began begun "
    "complete completed completing attend attended attending attends needs needed recommend recommended "
    "refer referred stop stopped discontinue discontinued declined offered".split())
_HOW_OFTEN = frozenset("daily weekly biweekly monthly nightly first second third next last single".split())
_CAMEL_PROVIDER = re.compile(r"([A-Z](?<!\w[A-Z])[a-z]+(?:Care|Health|Med|Clinic)s?)(?!\w)")  # look behind: dates.py


def _after_sentence_end(words: list[str]) -> list[str]:
    """The words after the last one that ends a sentence: a word of three letters or more with
    a full stop ("... the DiamondPlus Plan. New Health Plan"), or a code in capitals ("Dartmouth
    NS. Clinic file"); "St." and initials end none."""
    ends = [i for i, w in enumerate(words[:-1]) if w.endswith(".") and (
        len(w.rstrip(".")) >= 3 or len(w.rstrip(".")) == 2 and w.rstrip(".").isalpha() and w.rstrip(".").isupper())]
    return words[ends[-1] + 1:] if ends else words


_COLUMN_GAP = re.compile(r"[ \u00a0]{3,}|\t")  # three spaces or a tab part a form's columns
_CREDENTIAL_ENDS = re.compile(rf"(?<![\w.-]){ANY_CREDENTIAL}[ \t]*$")


def _name_before_head(text: str, m: re.Match, drop) -> tuple[int, list[str]] | None:
    """The capitalised words of group 1 from the sentence they end and after the leading words
    `drop` rejects ("the", a kind of plan), with where they start; None when none is left."""
    name = m.group(1)
    gaps = [g.end() for g in _COLUMN_GAP.finditer(text, m.start(1), m.end())]
    if gaps:
        # a form's columns ("Member: Oskar Venhall     Plan Gold 500"): the name is what
        # stands in the head's own column, if anything does
        name = text[gaps[-1]:m.end(1)] if gaps[-1] < m.end(1) else ""
    line_end = name.rfind("\n")
    if line_end >= 0 and _CREDENTIAL_ENDS.search(name, 0, line_end):
        # a signature's credential ends the line before: "Marta Velasquez, MD\nQuaymouth
        # Clinic" is a clinician and a clinic, not the "MD Quaymouth Clinic" (a name wrapped
        # over two lines goes on)
        name = name[line_end + 1:]
    words = _after_sentence_end(name.split())
    while words and drop(words[0]):
        words = words[1:]
    if not words:
        return None
    start = text.find(words[0], m.start(1))
    return (start, words) if text[start:m.end(1)].split() == words else None


# A line's run of two to seven words in capitals, alone on its line or before a field's punctuation.
_CAPITALS_RUN = re.compile(
    r"(?:^|(?<=[:|]))[ \t]*((?:(?:[A-Z][A-Z'’&.-]*|&)[ \t]+){1,6}[A-Z][A-Z'’-]+)(?=[ \t]*(?:$|[-–—,:(|]))", re.M)
_WORD_IN_CAPITALS = re.compile(r"[A-Z][A-Z'’]+")
# What a run needs, found first by a cheaper search (a word in capitals, then another word's capital).
# (No look behind: it may start at every capital of a word, so the word is bounded: words.LONGEST_WORD.)
_CAPITALS_RUN_CUE = re.compile("[A-Z]" + word_tail("[A-Z'’&.-]") + r"[ \t]+[A-Z&]")


def _ends_at_the_line(text: str, start: int, end: int) -> bool:
    """A name read over a line break that belongs on the first line: a heading in capitals above
    it ("AFTER VISIT SUMMARY\nNorthgate Medical Center"), a person before it ("Mrs Philomena
    Gallagher\nMedical Card"), a form's next field after it ("Denver\nMedical necessity:"), or a
    whole name already ("Maple Shield Life & Health\nGroup Benefits": a letterhead's department).
    A name wrapped in a sentence, or over two lines of a form's field ("From: Greenway
    Family\nPractice"), stays one."""
    if wrapped_in_a_sentence(text, start):
        return False
    first_line = text[start:text.index("\n", start)]
    words = [w.strip(".,").lower() for w in first_line.split()]
    return (first_line.isupper() or any(w in _PERSON_TITLES for w in words)
            or _FIELD_AFTER.match(text, end) is not None or _PROVIDER.fullmatch(first_line.strip()) is not None)


_PERSON_TITLES = frozenset("mr mrs ms miss mx dr prof".split())
# A form's field label right after the head word: "Medical Card ......", "Clinic date:"
_FIELD_AFTER = re.compile(r"(?:[ \t]+[A-Za-z]+){0,2}[ \t]*(?::|\.{3,})")


def wrapped_in_a_sentence(text: str, start: int) -> bool:
    """A name that starts after a word in lower case on its line is wrapped in running text ("Seen
    at Fernbrake\nFamily Practice today."); one that opens its line, or follows a form's label,
    is a heading or a field, and the next line is another."""
    line_start = text.rfind("\n", 0, start) + 1
    before = text[line_start:start].split()
    return bool(before) and before[-1][:1].islower() and before[-1][-1:].isalpha()


@register("provider", "PROVIDER")
class Provider(Base):
    """Capitalised words ending in a facility head word, leading function words dropped."""

    def find(self, text: str):
        yield from self._headed(text)
        if _CAPITALS_RUN_CUE.search(text):
            yield from self._in_capitals(text)
        if any(head in text for head in _UNIT_HEADS):
            yield from self._named_units(text)

    def _named_units(self, text: str):
        """A practice, a unit or a ward by its own name: "Larchfield Surgery" (a British GP's
        practice), "Carrickvane Maternity Unit", "Kowhai Ward". Not a kind of care alone
        ("Intensive Care Unit", "Plastic Surgery", "Knee Surgery", "After Surgery"): one word of the
        name must be no word of care, body, specialty or sentence."""
        for m in _NAMED_UNIT.finditer(text):
            found = _name_before_head(text, m, lambda w: w.lower() in LEADING_NOISE or w.lower() in _OPENING_VERBS)
            if found is None:
                continue
            start, words = found
            name = [w for w in words[:-1] if w not in ("&", "and", "of")]
            if len(words) >= 2 and words[-2] in ("of", "&", "and"):
                continue  # "Explanation of Benefits": a document's name; "Finance & Benefits": a department
            if words[-1] == "General" and (not _PLACE_WORD_BEFORE.search(text, max(0, start - 12), start)
                                           or any(w.lower() in _TITLES_BEFORE_GENERAL for w in name)):
                continue
            if not any(_names_something(w) for w in name) or any(w.lower() in FACILITY_WORDS for w in name):
                continue  # a kind of care; or a hospital's unit, whose value is the hospital's (the rule above)
            yield self.span(start, m.end(1), "PROVIDER", fold(" ".join(words)))

    def _in_capitals(self, text: str):
        """A header in capitals ("TOLLMERE PHARMACY, Brackwater ME", "ASHWYKE BAY REGIONAL MEDICAL
        CENTER - ED note"): read as the same words capitalised, as the rule above reads them.
        Only a run of capitals that stands alone on its line or before a field's punctuation:
        a sentence in capitals ("THE CLAIM AGAINST THE HOSPITAL") is no header."""
        runs = [(m.start(1), m.end(1)) for m in _CAPITALS_RUN.finditer(text)]
        if not runs:
            return
        shadow = list(text)
        for start, end in runs:
            shadow[start:end] = _WORD_IN_CAPITALS.sub(lambda w: w.group(0)[0] + w.group(0)[1:].lower(), text[start:end])
        shadow_text = "".join(shadow)
        for run_start, run_end in runs:
            # the run alone, not the line before it ("Claim\nTOLLMERE & ASHWYKE HEALTH")
            for span in self._headed(shadow_text, run_start, run_end):
                words = shadow_text[span.start:span.end].split()
                if len(words) < 2 or any(w.lower() in _FUNCTION_WORDS - {"of", "and"} for w in words) \
                        or all(w.lower() in SPECIALTY_WORDS or w.lower() in STOP_CAPITALS for w in words if w != "&"):
                    continue  # not "MUST GO TO THE CLINIC" of a sentence in capitals, nor "MEDICAL CENTER" alone
                yield self.span(span.start, span.end, "PROVIDER", " ".join(words).lower())

    def _headed(self, text: str, pos: int = 0, endpos: int | None = None):
        for m in _PROVIDER.finditer(text, pos, len(text) if endpos is None else endpos):
            # a verb that opens a sentence is no part of a name: "Started Rehab in May"
            found = _name_before_head(text, m, lambda w: w.lower() in LEADING_NOISE or w == "&" or w.lower() in _OPENING_VERBS)
            if found is None:
                continue
            start, words = found
            if "\n" in text[start:m.end(1)] and _ends_at_the_line(text, start, m.end(1)):
                # a form's or a letter's next line ("Mrs Philomena Gallagher\nMedical Card ...",
                # "AFTER VISIT SUMMARY\nNorthgate Medical Center"): each line read alone
                for line in re.finditer(r"[^\n]+", text[start:m.end(1)]):
                    yield from self._headed(text, start + line.start(), start + line.end())
                continue
            words = [w for w in words if not w.startswith("#")]  # the branch number: masked, not the value
            if len(words) < 2:
                continue
            if all(w.lower() in SPECIALTY_WORDS for w in words if w != "&"):
                continue  # "Allergy & Immunology", "Obstetrics & Gynecology": a specialty, not a practice
            if _NOT_A_PRACTICE_AFTER.match(text, m.end(1)):
                continue
            if words[-1] in ("Infusion", "Rx") and (
                    any(w.lower() in drug_names() or w.isupper() or w.lower() in MODIFIER_NOISE or w.lower() in _HOW_OFTEN
                        for w in words[:-1]) or all(w.lower() in _BENEFIT_WORDS for w in words[:-1])):
                continue  # "Remicade Infusion", "Ozempic Rx", "Weekly IV Infusion", "Mail Order Rx": a treatment
                # or a benefit, not the company that gives it
            end = m.end(1)
            more = _SECOND_SERVICE.match(text, end)
            if more and more.group(1).lower() in _SECOND_SERVICES:
                end, words = more.end(), words + ["&", more.group(1)]  # "Brambleton Home Infusion & Nutrition"
            # the value writes a shortened head out, so "... Hosp." links with "... Hospital"
            yield self.span(start, end, "PROVIDER", " ".join(_HEADS_SHORTENED.get(w.lower(), w) for w in words).lower())
        if endpos is None and ("en's" in text or "en’s" in text or "ans'" in text or "ans’" in text):
            yield from self._for_people(text)

    def _for_people(self, text: str):
        """A body named for the people it serves, ending in a word for a body or a service that
        the provider heads lack: "Avonmere Women's Unit", "Lakeside Children's Therapy",
        "Riverside Veterans' Home" (women, children, men and veterans are no one's surname)."""
        for m in _FOR_PEOPLE_PROVIDER.finditer(text):
            words = list(re.finditer(r"\S+", m.group(1)))
            while words and (words[0].group(0).lower() in LEADING_NOISE or words[0].group(0).lower() in STOP_CAPITALS):
                words.pop(0)
            people = next((i for i, w in enumerate(words) if i and _PEOPLE.fullmatch(w.group(0))), None)
            if people is None:
                continue
            # a full stop after the name ends the sentence: "Avonmere Women's Unit. Routine review"
            stop = next((i for i in range(people, len(words)) if words[i].group(0).endswith(".")), len(words) - 1)
            words = words[:stop + 1]
            # the name ends in what the body is ("Unit", "Therapy", "Home"): not "International
            # Women's Day", "Next Men's Suits", "Women's Health Cover"
            while len(words) > people + 1 and words[-1].group(0).rstrip(".").lower() not in _SERVICE_HEADS \
                    and words[-1].group(0).rstrip(".").lower() not in self.gaz.organisation_heads:
                words.pop()
            before = [w.group(0) for w in words[:people]]
            if len(words) == people + 1 or any(w.endswith(("'s", "’s")) or w.lower() in _FUNCTION_WORDS for w in before):
                continue  # "Emma Clarke's Women's Group": a person's; "Claim Form For Women's Health": a heading
            start, end = m.start(1) + words[0].start(), m.start(1) + words[-1].end()
            if text[end - 1] == ".":
                end -= 1
            yield self.span(start, end, "PROVIDER", fold(text[start:end]))


# A second service after a provider's head: "... Home Infusion & Nutrition", "... Allergy & Asthma".
_SECOND_SERVICE = re.compile(r"[ \t]+&[ \t]+([A-Z][a-z]+)(?![\w-])(?![ \t]+[A-Z])")
_SECOND_SERVICES = SPECIALTY_WORDS | frozenset(
    "nutrition asthma allergy wellness sleep pain spine vein hearing balance diabetes lung heart fertility "
    "counselling counseling recovery supply supplies".split())
_UNIT_HEADS = ("Surgery", "Unit", "Ward", "ED", "ER", "ICU", "NICU", "PICU", "General", "Rooms", "Benefits")
_NAMED_UNIT = re.compile(
    rf"(?<![\w-])((?:{CAP}[ \t]+(?:(?:&|and|of)[ \t]+)?){{1,4}}(?:{'|'.join(_UNIT_HEADS)}))(?![\w-])")
# "transferred to Mass General": a hospital by its short name only after a word of place, and not
# an office ("the Attorney General", "Surgeon General", "Major General").
_PLACE_WORD_BEFORE = re.compile(r"(?i:\b(?:to|at|from|in)[ \t]+(?:the[ \t]+)?)$")
_TITLES_BEFORE_GENERAL = frozenset(
    "attorney surgeon secretary inspector director consul solicitor auditor postmaster governor registrar "
    "adjutant major brigadier lieutenant accountant comptroller procurator advocate paymaster quartermaster "
    "receiver vicar commissary".split())
# Words of care, wards and operations that name no one place ("Mother and Baby", "High Dependency").
_CARE_WORDS = frozenset(
    "intensive care critical special baby neonatal newborn assessment acute day surgical maternity adolescent "
    "mother mothers high dependency coronary stroke burns burn spinal renal cancer mental health admissions "
    "admission short stay observation step-down isolation trauma major minor elective emergency recovery post-op "
    "postoperative pre-op medical general plastic reconstructive oral maxillofacial cosmetic weight loss bariatric "
    "laser keyhole robotic day-case private public psychiatric secure forensic perinatal labour labor delivery "
    "birthing postnatal antenatal prenatal fertility ivf endoscopy dialysis chemotherapy colorectal thoracic "
    "cardiothoracic hepatobiliary breast upper lower ent orthopaedic orthopedic neuro neurosurgical cardiac "
    "vascular eye hand foot knee hip spine back dental children's women's men's elderly geriatric older "
    "post prior before after following pending awaiting since during planned scheduled further previous "
    "recent same-day ambulatory inpatient outpatient unit ward surgery consulting treatment "
    # and of benefits ("Short-Term Disability Benefits" is a kind; "Quarrybank Shield Benefits" an insurer)
    "disability short-term long-term death survivor survivors retirement pension unemployment employee employees "
    "member members plan vision pharmacy drug welfare insurance accident life sickness paternity family "
    "child housing veterans social security state federal supplemental additional extended optional "
    "explanation statement summary notice letter schedule".split())


# The kinds of care facility a name ends with (also read by locations: no town is named so).
FACILITY_WORDS = frozenset("hospital hospitals clinic centre center infirmary hospice institute practice".split())


def _names_something(word: str) -> bool:
    low = word.lower().rstrip(".,")
    return not (low in _CARE_WORDS or low in SPECIALTY_WORDS or low in BODY_PARTS or low in STOP_CAPITALS
                or low in MODIFIER_NOISE or low in LEADING_NOISE or low.isdigit())


_PEOPLE = re.compile(r"(?:Women|Children|Men|Veterans)(?:['’]s|['’])?")
# What a body that serves people is (besides the organisation heads of data/organisation_heads.txt):
# care, a place of care, a service.
_SERVICE_HEADS = frozenset(
    "unit units therapy therapies home homes service respite shelter refuge wing ward program programme aid".split())
_FUNCTION_WORDS = frozenset("for of the and to in on at by with from a an".split())
_FOR_PEOPLE_PROVIDER = re.compile(
    rf"(?<![\w-])((?:{CAP}[ \t]+){{1,3}}(?:Women|Children|Men|Veterans)(?:['’]s|['’])(?:[ \t]+{CAP}){{0,3}})(?![\w'’])")


@register("head_first_provider", "PROVIDER")
class HeadFirstProvider(Base):
    """A facility named after its head word, as French, Dutch, German or Italian records write it."""

    def find(self, text: str):
        for m in _HEAD_FIRST_PROVIDER.finditer(text):
            words = list(re.finditer(r"\S+", m.group(1)))
            head = next(len(h.split()) for h in _HEADS_LONGEST_FIRST if _opens_with(m.group(1), h))
            while len(words) > head + 1 and words[-2].group(0)[:1].isupper() and (words[-1].group(0).lower() in self.gaz.places
                                      or words[-1].group(0).lower() in self.gaz.countries):
                words.pop()  # "Hôpital Necker Paris France": the city and the country stay places ("CHU de
                # Rouen" keeps its town: the name is the town, as "Hospital Infantil Londrina" does)
            end = m.start(1) + words[-1].end()
            yield self.span(m.start(1), end, "PROVIDER", " ".join(w.group(0) for w in words).lower())
        if "-Apotheke" in text or "-Klinik" in text or "-Praxis" in text:
            for m in _HYPHEN_HEAD_PROVIDER.finditer(text):
                yield self.span(m.start(1), m.end(1), "PROVIDER", fold(m.group(1)))


@register("camel_provider", "PROVIDER")
class CamelProvider(Base):
    """One word ending in a capitalised health word: "MediCare", "VitaHealth"."""

    def find(self, text: str):
        for m in _CAMEL_PROVIDER.finditer(text):
            yield self.span(m.start(1), m.end(1), "PROVIDER", m.group(1).lower())


# A plan named by capitalised words before "plan" ("the Emerald Choice plan", "Blue Meadow PPO
# plans", "DiamondPlus Plan"): the product a member is covered by, shared by many members, so
# weak evidence. Words that name a kind of plan, not a product, make no name.
_PLAN = re.compile(rf"(?<![\w-])((?:{CAP}\s+){{0,2}}{CAP})\s+(?:(?:PPO|HMO|EPO|POS|HDHP)\s+)?[Pp]lans?(?!\w)"
                   r"(?![ \t]+(?:to|ahead|on)\b)")  # "the Company plans to": a verb
_GENERIC_PLAN_WORDS = frozenset(
    "the a an our your their his her this that new current old treatment care action health benefit benefits payment "
    "service services medical dental vision insurance coverage policy plan management recovery wellness discharge "
    "rehabilitation pharmacy drug prescription group individual family employer basic standard premium performance "
    "improvement development training succession business project work study safety emergency evacuation exercise "
    "diet meal lesson site members member company".split()
)
PLAN_RELEVANCE = 0.4
# Abbreviations a name ends or goes on after: "Acme Co. Plan", "St. Luke's".
_NAME_ABBREVIATIONS = frozenset("Co. Inc. Ltd. Corp. Bros. St. Mt.".split())


@register("plan_name", "INDIRECT_IDENTIFIER")
class PlanName(Base):
    def find(self, text: str):
        if "plan" not in text and "Plan" not in text:
            return
        for m in _PLAN.finditer(text):
            found = _name_before_head(text, m, lambda w: w.lower() in LEADING_NOISE or w.lower() in _GENERIC_PLAN_WORDS)
            if found is None:
                continue
            start, words = found
            if words[-1].endswith(".") and words[-1].count(".") == 1 and words[-1] not in _NAME_ABBREVIATIONS \
                    and text[m.end(1):].lstrip()[:1].isupper():
                continue  # "12 weeks of OT. Plan: review": a sentence ends before the plan ("U.S. Plan" does not)
            # "plans" and "plan" are one value when both occur (the cross-document pass)
            yield self.span(start, m.end(), "INDIRECT_IDENTIFIER", fold(text[start:m.end()]), PLAN_RELEVANCE)
