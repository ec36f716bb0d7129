"""Normalisation of extracted values, one implementation for every extractor.

Variants of one value must unify ("11/15/2023" and "November 15, 2023" -> "2023-11-15"),
and two different values must never collide. Where the text does not say which value it
is (is "03/04/2024" 3 April or 4 March?), the value is kept as written rather than guessed.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Literal

DateOrder = Literal["MDY", "DMY", "auto"]

MONTHS = {
    m: i
    for i, names in enumerate(
        [("jan", "january"), ("feb", "february"), ("mar", "march"), ("apr", "april"), ("may",),
         ("jun", "june"), ("jul", "july"), ("aug", "august"), ("sep", "sept", "september"),
         ("oct", "october"), ("nov", "november"), ("dec", "december")],
        start=1,
    )
    for m in names
}
# Month names in the other languages of European records (German, French, Dutch, Spanish,
# Italian, Portuguese), written out, with and without their accents; the names they share with
# English are above. "3. März 1958", "12 mars 1958", "5 de mayo de 2022" are dates as "3 March 1958" is.
FOREIGN_MONTHS = {
    m: i
    for i, names in enumerate(
        [("januar", "jänner", "janvier", "januari", "enero", "gennaio", "janeiro"),
         ("februar", "février", "fevrier", "februari", "febrero", "febbraio", "fevereiro"),
         ("märz", "maerz", "marz", "mars", "maart", "marzo", "março", "marco"),
         ("avril", "abril", "aprile"),
         ("mai", "mei", "mayo", "maggio", "maio"),
         ("juni", "juin", "junio", "giugno", "junho"),
         ("juli", "juillet", "julio", "luglio", "julho"),
         ("août", "aout", "augustus", "agosto"),
         ("septembre", "septiembre", "setiembre", "settembre", "setembro"),
         ("oktober", "octobre", "octubre", "ottobre", "outubro"),
         ("novembre", "noviembre", "novembro"),
         ("dezember", "décembre", "decembre", "diciembre", "dicembre", "dezembro")],
        start=1,
    )
    for m in names
}
MONTHS.update(FOREIGN_MONTHS)


def fold(text: str) -> str:
    """Lower-case with whitespace runs folded to one space (and none at either end)."""
    return " ".join(text.split()).lower()


def casefold_key(text: str) -> str:
    """fold() with Unicode case folding ("Straße" == "STRASSE"): a comparison key, not a value."""
    return " ".join(text.split()).casefold()


def _year(value: str | int) -> int:
    year = int(value)
    if year < 100:
        year += 2000 if year < 50 else 1900
    return year


def numeric_date(first: str, second: str, year: str, order: DateOrder = "MDY") -> str | None:
    """A date written in digits ("03/04/2024"), read in the given order.

    MDY: month first, unless the first number cannot be a month (15/11/2023); DMY: day first,
    unless the second number cannot be a month. "auto" without evidence: ISO when only one
    reading is a date (or both readings are the same day), otherwise the digits as written
    ("03/04/2024"): a form no ISO date has, so an ambiguous date never unifies with a guess.
    """
    a, b, y = int(first), int(second), _year(year)
    try:
        if order == "MDY":
            month, day = (a, b) if not (a > 12 and b <= 12) else (b, a)
            return date(y, month, day).isoformat()
        if order == "DMY":
            day, month = (a, b) if not (b > 12 and a <= 12) else (b, a)
            return date(y, month, day).isoformat()
    except ValueError:
        return None
    readings = set()
    for month, day in ((a, b), (b, a)):
        try:
            readings.add(date(y, month, day).isoformat())
        except ValueError:
            continue
    if len(readings) == 1:
        return readings.pop()
    if not readings:
        return None
    return f"{a:02d}/{b:02d}/{y:04d}"


def is_ambiguous_date(value: str) -> bool:
    """A normalised date kept as written because its day and month could be either way round."""
    return re.fullmatch(r"\d\d/\d\d/\d{4}", value) is not None


def _full_year(digits: str) -> int:
    """A year written with four digits, or with two ("March '24", "15-JUN-72"): this century up to
    this year, the last one after ("03MAR38" is a birth in 1938, not in 2038)."""
    year = int(digits)
    if len(digits) == 2:
        year += 2000 if year <= date.today().year % 100 else 1900
    return year


def normalize_date(groups: tuple[str, ...], layout: str, order: DateOrder = "MDY") -> str | None:
    """ISO form of a date match: YYYY-MM-DD, YYYY-MM for month precision, YYYY-Qn for quarters.

    layout names the groups: ymd, mdy (two numbers and a year, read by `order`), Mdy and dMy
    (a month name), Md and dM (a month name, no year: --MM-DD), md (two numbers, no year, read by
    `order`), M (a month name alone: --MM), My, my, ym, qy, yq.
    """
    try:
        if layout == "ymd":
            return date(int(groups[0]), int(groups[1]), int(groups[2])).isoformat()
        if layout == "mdy":
            return numeric_date(groups[0], groups[1], groups[2], order)
        if layout in ("Mdy", "dMy"):
            month_name, day = (groups[0], groups[1]) if layout == "Mdy" else (groups[1], groups[0])
            month = MONTHS[month_name.rstrip(".").lower()]
            return date(_full_year(groups[2]), month, int(re.sub(r"\D", "", day))).isoformat()
        if layout == "My":
            month = MONTHS[groups[0].rstrip(".").lower()]
            return f"{_full_year(groups[1]):04d}-{month:02d}"
        if layout == "my":
            month, year = int(groups[0]), int(groups[1])
            return f"{year:04d}-{month:02d}" if 1 <= month <= 12 else None
        if layout == "ym":
            year, month = int(groups[0]), int(groups[1])
            return f"{year:04d}-{month:02d}" if 1 <= month <= 12 and 1900 <= year <= 2100 else None
        if layout == "md":  # two numbers, no year ("on 03/22"): --MM-DD, or as written when ambiguous
            read = numeric_date(groups[0], groups[1], "2000", order)  # 2000: a leap year allows 29/02
            return None if read is None else "--" + read[5:] if read[4] == "-" else read[:5]
        if layout in ("Md", "dM"):  # no year: ISO 8601's --MM-DD (2000: a leap year allows 29 Feb)
            month_name, day = (groups[0], groups[1]) if layout == "Md" else (groups[1], groups[0])
            month = MONTHS[month_name.rstrip(".").lower()]
            return "--" + date(2000, month, int(re.sub(r"\D", "", day))).isoformat()[5:]
        if layout == "M":  # a month alone ("since January"): ISO 8601's --MM
            return f"--{MONTHS[groups[0].rstrip('.').lower()]:02d}"
        if layout == "qy":
            return f"{groups[1]}-Q{groups[0]}"
        if layout == "yq":
            return f"{groups[0]}-Q{groups[1]}"
    except (ValueError, KeyError):
        return None
    return None


def date_order_evidence(first: int, second: int) -> str | None:
    """What one numeric date says about the order its writer uses: "DMY" when the first number
    can only be a day (25/03), "MDY" when the second can only be (03/25), else None."""
    if first > 12 and second <= 12:
        return "DMY"
    if second > 12 and first <= 12:
        return "MDY"
    return None


PHONE_DIGITS = (8, 15)  # the digits a telephone number has, country code included (E.164)


def normalize_phone(number: str, regions: tuple[str, ...] = ()) -> str | None:
    """E.164 ("+31205550123") for a number with its country code; a national number (trunk
    0) in E.164 when exactly one of the hinted regions makes it a valid number, otherwise its
    digits as written. None when it has too few or too many digits to be a telephone number."""
    international = number.startswith(("+", "00"))
    if international:
        number = number.replace("(0)", "")  # +44 (0)20: the trunk 0 is not dialled from abroad
    digits = re.sub(r"\D", "", number)
    if international and digits.startswith("00"):
        digits = digits[2:]
    if not PHONE_DIGITS[0] <= len(digits) <= PHONE_DIGITS[1] or not international and len(digits) < 10:
        return None
    if len(digits) == 10 and not digits.startswith("0") and not international:
        digits = "1" + digits  # North American without its country code ("+45 31 76 20 58" has its own)
    if digits.startswith("0") and regions:
        return _national_in_region(digits, regions, _digit_groups(number)) or digits
    return digits if digits.startswith("0") else "+" + digits


def _digit_groups(number: str) -> tuple[int, ...]:
    """The lengths of the groups of digits a number is written in: "07911 123456" -> (5, 6)."""
    return tuple(len(g) for g in re.findall(r"\d+", number))


# Numbering plans that accept almost any digits (area codes of two to five digits, numbers of
# any length): there the one region that accepts a number says little unless the number is
# grouped as that region's numbering groups it.
_OPEN_NUMBERING = frozenset({"DE", "AT"})


def _national_in_region(digits: str, regions: tuple[str, ...], written: tuple[int, ...] = ()) -> str | None:
    """The E.164 form of a national number in the one region that owns it. Two regions that
    could own it: no guess. One region with open numbering only, but a number written in groups
    its numbering does not make: no guess either. German numbering accepts almost any digits, and
    "07911 123456" (a British mobile's grouping; British numbering refuses these digits) is not
    the German "0791 1123456". Grouping never picks between regions (Dutch records write mobiles
    in pairs as French ones do), nor refuses a closed plan's number ("0207 946 0958" is London's)."""
    import phonenumbers

    found = {}
    for region in regions:
        try:
            parsed = phonenumbers.parse(digits, region)
        except phonenumbers.NumberParseException:
            continue
        if phonenumbers.is_valid_number_for_region(parsed, region):
            found[phonenumbers.format_number(parsed, phonenumbers.PhoneNumberFormat.E164)] = parsed
    if len(found) != 1:
        return None  # two regions could own it: do not guess
    ((e164, parsed),) = found.items()
    national = phonenumbers.format_number(parsed, phonenumbers.PhoneNumberFormat.NATIONAL)
    if phonenumbers.region_code_for_number(parsed) in _OPEN_NUMBERING and len(written) > 1 and _digit_groups(national) != written:
        return None
    return e164


def normalize_id(value: str) -> str:
    """An identifier without spaces or a leading '#', in capitals: "pt 4411" -> "PT4411"."""
    return re.sub(r"\s+", "", value).lstrip("#").upper()


def normalize_age(original: str) -> str | None:
    """The years of an age written with one number ("58 years old" -> "58", "65+" -> "65+")."""
    digits = re.findall(r"\d+", original)
    if len(digits) == 1:
        return digits[0] + ("+" if "+" in original else "")
    return None


_DATE_ONLY = re.compile(r"^\s*(\d{1,2})[/.](\d{1,2})[/.](\d{4}|\d{2})\s*$")
_ISO = re.compile(r"^\s*(\d{4})-(\d{1,2})(?:-(\d{1,2}))?\s*$")
_MONTH_DAY_YEAR = re.compile(r"^\s*([A-Za-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\s*$")
_DAY_MONTH_YEAR = re.compile(r"^\s*(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-z]+)\.?,?\s+(\d{4})\s*$")
DATE_TYPES = ("EVENT_DATE", "BIRTHDATE")
ID_TYPES = ("PATIENT_ID", "NON_PERSONAL_ID")


def normalize_value(entity_type: str, original: str, normalized: str | None, order: DateOrder = "MDY") -> str:
    """The normalised form of a value another extractor (a model) reported: dates in ISO,
    ages as their years, identifiers without spaces; anything else folded."""
    if entity_type in DATE_TYPES:
        for text in (original, normalized or ""):
            if m := _ISO.match(text):
                iso = normalize_date((m.group(1), m.group(2), m.group(3)), "ymd") if m.group(3) else \
                    normalize_date((m.group(2), m.group(1)), "my")
                if iso:
                    return iso
            if m := _DATE_ONLY.match(text):
                if iso := normalize_date(m.groups(), "mdy", order):
                    return iso
            if (m := _MONTH_DAY_YEAR.match(text)) and m.group(1).lower() in MONTHS:
                if iso := normalize_date(m.groups(), "Mdy"):
                    return iso
            if (m := _DAY_MONTH_YEAR.match(text)) and m.group(2).lower() in MONTHS:
                if iso := normalize_date(m.groups(), "dMy"):
                    return iso
    if entity_type == "AGE" and (age := normalize_age(original)) is not None:
        return age
    if entity_type in ID_TYPES:
        return normalize_id(original)
    return fold(normalized or original)
