"""Amounts of money: "EUR 12,500", "€ 3.000,50", "$1,200.00", "1 500 euros", "GBP 2 million".

Normalised to the currency code and the amount in units, so "€12,500" and "12,500 euros"
unify ("EUR 12500"); a decimal comma or point is read by its position (two digits after the
last separator are cents).
"""

from __future__ import annotations

import re

from .base import Base, register
from .cues import has_any, may_match

_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR", "₺": "TRY", "₽": "RUB", "₴": "UAH", "zł": "PLN"}
# Dollars of other countries, written with the country's letters before the sign: "HK$92,000",
# "S$14,200", "A$1,200", "NZ$80", "US$5m".
_PREFIXED_DOLLARS = {"HK$": "HKD", "S$": "SGD", "SG$": "SGD", "A$": "AUD", "AU$": "AUD", "C$": "CAD", "CA$": "CAD",
                     "NZ$": "NZD", "US$": "USD", "R$": "BRL", "MX$": "MXN", "NT$": "TWD"}
_WORDS = {
    "euro": "EUR", "euros": "EUR", "eur": "EUR", "dollar": "USD", "dollars": "USD", "usd": "USD", "pound": "GBP",
    "pounds": "GBP", "gbp": "GBP", "chf": "CHF", "francs": "CHF", "swiss francs": "CHF", "pln": "PLN",
    "zlotys": "PLN", "korunas": "CZK", "czk": "CZK", "kronor": "SEK", "sek": "SEK", "nok": "NOK", "dkk": "DKK",
    "roubles": "RUB", "rubles": "RUB", "rub": "RUB", "hryvnias": "UAH", "uah": "UAH", "lira": "TRY", "liras": "TRY",
    "try": "TRY", "lei": "RON", "ron": "RON", "forints": "HUF", "huf": "HUF", "yen": "JPY", "jpy": "JPY",
    "zloty": "PLN", "hryvnia": "UAH", "kunas": "HRK", "kuna": "HRK", "leva": "BGN", "levs": "BGN", "lari": "GEL",
    "drams": "AMD", "denars": "MKD", "tenge": "KZT", "manats": "AZN", "kroner": "KRONER", "kronur": "ISK",
    "kr": "KRONER", "kr.": "KRONER",
}
# A country's adjective before its currency's word: "15,000 Turkish liras", "2,000 Swiss francs".
_CURRENCY_ADJECTIVE = (
    r"(?i:(?:new[ \t])?Turkish|Russian|Ukrainian|Polish|Czech|Slovak|Swedish|Norwegian|Danish|Icelandic|Romanian|"
    r"Moldovan|Hungarian|Croatian|Bulgarian|Serbian|Swiss|Georgian|Armenian|Azerbaijani|Macedonian|Bosnian)[ \t]"
)
# A scale's short forms in the value, written out as its words are ("$1.2M" and "$1.2 million" are one)
_SCALE_WORDS = {"k": "thousand", "m": "million", "mn": "million", "mm": "million", "bn": "billion"}
# At most five groups of thousands (below 10^18): unbounded, a table's row of numbers ("123 456 789
# ...") made every start try every group before the currency failed, quadratic in the row's length.
_AMOUNT = r"\d{1,3}(?:[,. \u00a0]\d{3}){1,5}(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?"
# Any case: "$1.2M", "$4.5K", "EUR 2 Million", "$1.2mn". A single letter only right after the
# number and not before a full stop or a dash and more ("$5 M.D. visit", "$25 M-F", "$15 K-9").
_SCALE_WORD = (r"(?:(?i:k|m)(?![\w]|[.-]\w)"
               r"|[ \t]?(?i:thousand|million|billion|bn|mn|mm)(?![\w]))?")
# ISO 4217 codes written before or after an amount ("HKD 38,000", "4,610.20 SGD").
_CODES = ("EUR USD GBP CHF PLN CZK SEK NOK DKK ISK RUB UAH TRY RON HUF BGN JPY INR AUD CAD NZD HKD SGD CNY RMB "
          "MYR IDR THB PHP KRW TWD VND ZAR BRL MXN ARS CLP COP AED SAR QAR ILS EGP NGN KES").split()
_CODE = "|".join(_CODES)
_PREFIXES = "|".join(re.escape(p) for p in sorted(_PREFIXED_DOLLARS, key=len, reverse=True))  # "HK$" before "$"
_BEFORE = re.compile(
    rf"(?<![\w$€£¥₹₺₽₴])(?P<cur>{_PREFIXES}|[$€£¥₹₺₽₴]|(?:{_CODE})(?=[ \t\u00a0]?\d))[ \t\u00a0]?(?P<amount>{_AMOUNT})(?P<scale>{_SCALE_WORD})(?![\w]|[.,]\d)",
)
_AFTER = re.compile(
    rf"(?<![\w.,])(?P<amount>{_AMOUNT})(?P<scale>{_SCALE_WORD})[ \t\u00a0]?"
    rf"(?P<cur>(?:{_CURRENCY_ADJECTIVE})?(?i:euros?|dollars?|pounds(?:[ \t]sterling)?|francs|zlotys?|korunas|kronor|"
    r"roubles|rubles|hryvnias?|liras?|lei|forints|yen|kunas?|leva|levs|lari|drams|denars|tenge|manats|kroner|kronur|kr\.?)"
    r"|(?:" + _CODE + r")|€|zł)(?![\w])",
)


# Every currency the patterns name contains one of these (lower case): a symbol, or the start
# of a currency's word; or a code, in capitals as the patterns take it. A text without any has
# no amount of money, and the amount patterns, tried at every digit, are not run (cues.py).
_CURRENCY_HINTS = ("$", "€", "£", "¥", "₹", "₺", "₽", "₴", "zł", "euro", "dollar", "pound", "franc", "zlot", "korun", "kron",
                   "kr", "roubl", "rubl", "hryvn", "lira", "lei", "forint", "yen", "kuna", "leva", "levs", "lari", "dram",
                   "denar", "tenge", "manat")
_ANY_CODE = re.compile(_CODE)


def _units(amount: str) -> str:
    """"12,500.50" -> "12500.50", "3.000,5" -> "3000.50", "1 500" -> "1500"."""
    amount = amount.replace("\u00a0", " ")
    cents = ""
    if m := re.search(r"[.,](\d{1,2})$", amount):
        cents, amount = m.group(1).ljust(2, "0"), amount[:m.start()]
    whole = re.sub(r"[., ]", "", amount).lstrip("0") or "0"
    return f"{whole}.{cents}" if cents and cents != "00" else whole


@register("money", "MONEY")
class Money(Base):
    """An amount with its currency, before or after it."""

    def find(self, text: str):
        if not (has_any(text.lower(), _CURRENCY_HINTS) or may_match(_ANY_CODE, text)):
            return  # cheap: no currency symbol, code or word, so no amount of money
        for pattern in (_BEFORE, _AFTER):
            for m in pattern.finditer(text):
                cur = m.group("cur").lower().replace("\t", " ")
                code = (_SYMBOLS.get(m.group("cur")) or _PREFIXED_DOLLARS.get(m.group("cur").upper()) or _WORDS.get(cur) or _WORDS.get(" ".join(cur.split()[-2:]))
                        or _WORDS.get(cur.split()[-1], cur.upper()))  # "turkish liras" -> TRY
                if cur.startswith("pounds"):
                    code = "GBP"
                value = _units(m.group("amount"))
                scale = m.group("scale").strip().lower()
                if scale:
                    value = f"{value} {_SCALE_WORDS.get(scale, scale)}"
                yield self.span(m.start(), m.end(), "MONEY", f"{code} {value}")
