"""`make bench`: how long extraction takes on text no document is made of but a user's input can
hold (a pasted blob, a broken export): long runs of brackets, spaces, capitals, initials, words, and tokens without a space.
Each preset extracts each input of 50,000 characters once, in this process; the figures are
seconds per input. Before stop 34, 50,000 nested brackets took the legal preset ~224 s (the NER
model's tokenizer) and 50,000 spaces 3.4 s (one name pattern). Before stop 55, a token of
capitals and the marks a name's word holds, with no space ("A.A.", "A'A'", "A&A&", "A-A-",
"A.BA.B", "ABAB"), took 13 to 199 s per preset: the patterns of capitalised words (providers,
institutions, courts, departments, companies, events, European addresses, conditions) may start
a name at every capital of the token and read each word to its end, the time of the token's
length squared; they now read a word of at most words.LONGEST_WORD characters (0.1-0.5 s). A
well-behaved extractor stays within a few seconds on all of them."""

from __future__ import annotations

import argparse
import time

from sanon_graph.config import load_settings
from sanon_graph.extract.recognizers import RulesExtractor

INPUTS = {
    "brackets": lambda n: "(" * (n // 2) + ")" * (n // 2),
    "spaces": lambda n: "A" + " " * n + "b",
    "capitals": lambda n: "A " * (n // 2),
    "initials": lambda n: "A. " * (n // 3),
    "commas": lambda n: "Smith, " * (n // 7),
    "one word": lambda n: "x" * n,
    "words": lambda n: "word " * (n // 5),
    # one token of capitals and the punctuation a word of a name may hold, no space anywhere
    "A.A.": lambda n: "A." * (n // 2),
    "A'A'": lambda n: "A'" * (n // 2),
    "A&A&": lambda n: "A&" * (n // 2),
    "A-A-": lambda n: "A-" * (n // 2),
    "A.B": lambda n: "A.B" * (n // 3),
    "ABAB": lambda n: "AB" * (n // 2),
    # a birth cue, a form's dot leaders broken by one full stop, then a date (stop 56: 301 s on
    # 50,000 characters before the leaders were read possessively)
    "DOB...a. date": lambda n: ("DOB" + "." * 33 + "a. 04/06/1939 ") * (n // 50),
    # a mail thread's reply prefixes (stop 57: a subject-line name pattern, taken out before it
    # landed, took 24 s on these), and a run of Welsh street words before a postcode
    "RE: RE:": lambda n: "RE: " * (n // 4),
    "1 Ab y Cd, ... SW1A": lambda n: "1 Ab y Cd, " * (n // 11 - 1) + "SW1A 1AA",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--chars", type=int, default=50_000)
    parser.add_argument("--presets", nargs="+", default=["health-insurance", "legal", "hr"])
    args = parser.parse_args()
    for preset in args.presets:
        settings = load_settings(None, {"preset": preset})
        extractor = RulesExtractor(settings.entity_schema, settings.rules)
        extractor.extract_text("Warm-up: Dr. Ana Lopez saw the patient in Leeds.")  # load the gazetteers and model
        for name, make in INPUTS.items():
            text = make(args.chars)
            start = time.perf_counter()
            extractor.extract_text(text)
            print(f"hostile input  {preset:17} {name:10} {len(text):>7,} chars  {time.perf_counter() - start:7.2f} s")


if __name__ == "__main__":
    main()
