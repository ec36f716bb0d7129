"""`make bench`: how long extraction takes on text no document is made of but a user's input can
hold (a pasted blob, a broken export): long runs of brackets, spaces, capitals, initials, words.
Each preset extracts each input of 50,000 characters once, in this process; the figures are
seconds per input. Before stop 34, 50,000 nested brackets took the legal preset ~224 s (the NER
model's tokenizer) and 50,000 spaces 3.4 s (one name pattern); a well-behaved extractor stays
within a few seconds on all of them."""

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
            print(f"hostile input  {preset:17} {name:9} {len(text):>7,} chars  {time.perf_counter() - start:7.2f} s")


if __name__ == "__main__":
    main()
