"""National identity numbers and bank accounts, found by their check digits.

Personal numbers in HR and legal documents are often written in digit groups ("IE16 ZQXB 9315
2807 4619 35", "461 927 352", "92.03.14-271.01") that the `identifier` recognizer does not take
as one run. Here a candidate is a whole run of digits and capital letters joined by single
spaces, hyphens, dots or slashes; it is a person's number when a check of CHECKS accepts it.
python-stdnum (LGPL-2.1-or-later) validates most of them; NRIC, HKID and the UK National
Insurance shape, which it lacks, are written out below.

A strong check (an IBAN's mod 97 and length, a codice fiscale, a number with its own written
shape) needs no context. A weak one (a 9-digit Luhn or mod 11 number, a US SSN with no check at
all) matches about one number in ten, so it counts only after a cue naming it.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from dataclasses import dataclass

from stdnum import iban
from stdnum.au import tfn
from stdnum.be import nn
from stdnum.ca import sin
from stdnum.dk import cpr
from stdnum.es import dni, nie
from stdnum.exceptions import ValidationError
from stdnum.fr import nir
from stdnum.ie import pps
from stdnum.it import codicefiscale
from stdnum.nl import bsn
from stdnum.pl import pesel
from stdnum.se import personnummer
from stdnum.us import ssn

from .base import Base, register

# --- check-digit algorithms python-stdnum 2.2 lacks ------------------------------------------


def _nric(number: str) -> str:
    """Singapore NRIC/FIN: weights 2,7,6,5,4,3,2 over the digits, an offset by the prefix (T and G
    for those born or registered from 2000, M for the 2022 FIN series), a letter table per prefix."""
    prefix, digits, letter = number[0], number[1:8], number[8]
    total = sum(w * int(d) for w, d in zip((2, 7, 6, 5, 4, 3, 2), digits, strict=True))
    total += {"S": 0, "T": 4, "F": 0, "G": 4, "M": 3}[prefix]
    table = "JZIHGFEDCBA" if prefix in "ST" else "XWUTRQPNJLK" if prefix == "M" else "XWUTRQPNMLK"
    if table[total % 11] != letter:
        raise ValidationError()
    return number


def _hkid(number: str) -> str:
    """Hong Kong identity card: one or two letters (a missing first letter counts as 36), six
    digits, weights 9..2, the check digit makes the sum 0 mod 11 (10 is written A)."""
    body, check = number[:-1].rjust(8), number[-1]
    total = sum(w * (36 if c == " " else int(c, 36)) for w, c in zip(range(9, 1, -1), body, strict=True))
    if "0123456789A"[-total % 11] != check:
        raise ValidationError()
    return number


def _nino(number: str) -> str:
    """UK National Insurance: no check digit, only its shape (CHECKS' regex); these prefixes were
    never issued."""
    if number[:2] in {"BG", "GB", "KN", "NK", "NT", "TN", "ZZ"}:
        raise ValidationError()
    return number


def _born(validate: Callable[[str], str], birth_date: Callable[[str], datetime.date | None]):
    """A number that carries a birth date belongs to someone born since 1900 and not in the future:
    a UK mobile "07700900126" passes PESEL's check digit with a birth date in 2207."""

    def check(number: str) -> str:
        number = validate(number)
        born = birth_date(number)
        if born is None or not datetime.date(1900, 1, 1) <= born <= datetime.date.today():
            raise ValidationError()
        return number

    return check


def _cpr_checksum(number: str) -> str:
    """A Danish CPR number without its cue: the date and the old mod 11 check (numbers issued
    before 2007; stdnum checks only the date, which any invoice number "230476-2007" might have)."""
    number = cpr.validate(number)
    if cpr.checksum(number):
        raise ValidationError()
    return number


# --- which checks run: the data ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Check:
    validate: Callable[[str], str]  # compact number -> its stdnum compact form; raises if invalid
    shape: re.Pattern[str]  # how the number is written (the whole candidate, separators included)
    cue: re.Pattern[str] | None = None  # words naming it within CUE_WINDOW before it; None: no cue needed


def _entry(validate, shape: str, cue: str | None = None) -> Check:
    return Check(validate, re.compile(shape), re.compile(rf"(?i:{cue})") if cue else None)


# Acronyms are matched as written (capitals: "sin" is a Spanish word, "pps" a unit), phrases in any case.
_SIN = r"\b(?-i:SIN|NAS)\b|social\s+insurance|assurance\s+sociale"
_TFN = r"\b(?-i:TFN)\b|tax\s+file\s+(?:number|no)"
_BSN = r"\b(?-i:BSN)\b|burgerservicenummer|sofi-?nummer|citizen\s+service\s+number"
_SSN = r"\b(?-i:SSN)\b|social\s+security"
_PPS = r"\b(?-i:PPSN?)\b|personal\s+public\s+service"
_NIR = r"\b(?-i:NIR|INSEE)\b|s[ée]curit[ée]\s+sociale|social\s+security|\bs[ée]cu\b"
_CPR = r"\b(?-i:CPR)|personnummer|person\s*nr"
_PNR = r"personnummer|\bperson\s*nr|\bpnr\b"
_NN = r"\b(?-i:NN|INSZ|NISS|RRN)\b|rijksregister|registre\s+national|num[ée]ro\s+national|national\s+(?:register|number)"
_HKID = r"\b(?-i:HKID)\b|hong\s+kong\s+(?:id|identity)|identity\s+card"
_SEP = r"[ .-]?"

# name -> (validator, written shape, cue). All run; the longest valid candidate of a run wins,
# and the order breaks ties between two readings of one span (both are PATIENT_ID anyway).
CHECKS: dict[str, Check] = {
    # strong: no cue
    "iban": _entry(iban.validate, r"[A-Z]{2}\d\d(?: ?[A-Z0-9]){11,30}"),
    "it_codice_fiscale": _entry(codicefiscale.validate, r"[A-Z]{6}[0-9A-Z]{10}"),
    "sg_nric": _entry(_nric, r"[STFGM]\d{7}[A-Z]"),
    "hk_hkid": _entry(_hkid, r"[A-Z]{1,2}\d{6}\([0-9A]\)"),
    "be_nn": _entry(nn.validate, r"\d\d\.?\d\d\.?\d\d[-. ]\d{3}[-. ]?\d\d"),  # 85.07.30-033.61
    "se_personnummer": _entry(_born(personnummer.validate, personnummer.get_birth_date), r"(?:19|20)?\d{6}-\d{4}"),
    "dk_cpr": _entry(_born(_cpr_checksum, cpr.get_birth_date), r"\d{6}-\d{4}"),
    "es_dni": _entry(dni.validate, r"(?:\d{8}|\d\d\.\d{3}\.\d{3})[- ]?[A-Z]"),
    "es_nie": _entry(nie.validate, r"[XYZ][- ]?\d{7}[- ]?[A-Z]"),
    "pl_pesel": _entry(_born(pesel.validate, pesel.get_birth_date), r"\d{11}"),
    "gb_nino": _entry(_nino, r"[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z](?: ?\d\d){3} ?[A-D]"),
    # weak: only after a cue naming the number
    "ca_sin": _entry(sin.validate, rf"\d{{3}}{_SEP}\d{{3}}{_SEP}\d{{3}}", _SIN),
    "au_tfn": _entry(tfn.validate, r"\d{3} ?\d{3} ?\d{2,3}", _TFN),
    "nl_bsn": _entry(bsn.validate, rf"\d{{8,9}}|\d{{4}}\.\d\d\.\d{{3}}|\d{{3}}{_SEP}\d{{3}}{_SEP}\d{{3}}", _BSN),
    "us_ssn": _entry(ssn.validate, r"\d{3}-?\d\d-?\d{4}|\d{3} \d\d \d{4}", _SSN),
    "ie_pps": _entry(pps.validate, r"\d{7} ?[A-W][ABHWTX]?", _PPS),
    "fr_nir": _entry(nir.validate, r"[1-478] ?\d\d ?\d\d ?(?:\d\d|2[AB]) ?\d{3} ?\d{3} ?\d\d", _NIR),
    # strong formats written without their shape (bare digits, a CPR past mod 11) need a cue too
    "dk_cpr_cued": _entry(_born(cpr.validate, cpr.get_birth_date), r"\d{6}-?\d{4}", _CPR),
    "se_personnummer_cued": _entry(_born(personnummer.validate, personnummer.get_birth_date),
                                   r"(?:19|20)?\d{10}", _PNR),
    "be_nn_cued": _entry(nn.validate, r"\d{11}|\d{6}[-. ]\d{5}", _NN),
    "hk_hkid_cued": _entry(_hkid, r"[A-Z]{1,2}\d{6} ?[0-9A]", _HKID),
}
CUE_WINDOW = 40
# Any check's shape, one test before trying each (most candidates are dates, amounts and phones).
_ANY_SHAPE = re.compile("|".join(f"(?:{check.shape.pattern})" for check in CHECKS.values()))

# A cheap first test: six digits at most one separator apart, or a codice fiscale's date and
# place ("87E63H501"), its digits between letters. Most documents have neither.
_DIGITS6 = re.compile(r"\d(?:[-. /()]?\d){5}|\d\d[A-EHLMPR-T]\d\d[A-Z]\d{3}")
# A token: capitals and digits, an HKID's check digit in brackets at its end.
_TOKEN = r"[A-Z0-9]++(?:\([0-9A]\))?+"
# A whole run: not begun inside a word, an international phone number ("+45 31 76 20 58") or an
# amount ("21.640,00"), and taken whole or not at all (possessive: never a run's first groups).
_RUN = re.compile(rf"(?<![\w+])(?<![\w+][-./])(?<![A-Z0-9+] )(?<!\d,)(?:{_TOKEN}(?:[-. /]{_TOKEN})*+)(?![\w+]|,\d)")
_TOKENS = re.compile(_TOKEN)
# Right after these words a number is a phone's, a book's, an order's or a claim's, whatever its
# check digits say (an 11-digit order number passes PESEL's about one time in fifty).
_NOT_A_PERSON_BEFORE = re.compile(
    r"(?i:\b(?:tel|phone|mobile|fax|isbn|issn|ean|gtin|invoice|order|tracking|serial|ref|reference|claim|"
    r"policy|case|ticket|batch|lot)\b\.?"
    r"(?:\s*(?:number|no\.?|nr\.?|#))?)\s*[:#]?\s*$")
_SEPARATORS = re.compile(r"[-. /()]")


@register("national_id", "PATIENT_ID")
class NationalId(Base):
    """IBANs and national personal numbers by their check digits, the weak ones after their cue."""

    def find(self, text: str):
        if _DIGITS6.search(text) is None:
            return
        for run in _RUN.finditer(text):
            if _DIGITS6.search(run.group()):
                yield from self._in_run(text, run.start(), run.group())

    def _in_run(self, text: str, offset: int, run: str):
        # A run may carry capital words around the number ("IBAN IE16 ...", "SIN 046 454 286 DOB"):
        # a candidate may start or end beside an all-letter token, never between two tokens with
        # digits (a number is never part of a longer run of digits).
        tokens = [(m.start(), m.end(), m.group().isalpha(), sum(map(str.isdigit, m.group())))
                  for m in _TOKENS.finditer(run)]
        found = []
        for i, (start, _, letters_i, _) in enumerate(tokens):
            if i and not (letters_i or tokens[i - 1][2]):
                continue
            digits = 0
            for j in range(i, len(tokens)):
                _, end, letters_j, token_digits = tokens[j]
                digits += token_digits
                if end - start > 45:  # a spaced IBAN of 34 characters
                    break
                if digits < 6 or j + 1 < len(tokens) and not (letters_j or tokens[j + 1][2]):
                    continue  # every number here has six digits or more
                hit = self._check(text, offset + start, run[start:end])
                if hit is not None:
                    found.append((offset + start, offset + end, hit))
        taken: list[tuple[int, int]] = []
        for start, end, value in sorted(found, key=lambda f: (f[0] - f[1], f[0])):  # longest first
            if all(end <= s or start >= e for s, e in taken):
                taken.append((start, end))
                yield self.span(start, end, "PATIENT_ID", value)

    def _check(self, text: str, start: int, written: str) -> str | None:
        """The number's compact form if a check takes the candidate as written, else None."""
        number = _SEPARATORS.sub("", written)
        if len(number) > 34 or not _ANY_SHAPE.fullmatch(written):
            return None
        window = max(0, start - CUE_WINDOW)  # searched in place: a word cut at the window's edge is no cue
        for check in CHECKS.values():
            if not check.shape.fullmatch(written) or check.cue is not None and not check.cue.search(text, window, start):
                continue
            try:
                value = check.validate(number).upper()
            except (ValidationError, ValueError, KeyError, IndexError):  # stdnum parses dates and ints
                continue
            return None if _NOT_A_PERSON_BEFORE.search(text, window, start) else value
        return None
