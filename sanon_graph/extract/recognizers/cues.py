"""Cheap looks before costly scans.

Most of a recognizer's patterns find nothing in most texts, and a regex scan of a whole text
costs tens of microseconds where a substring test of the lower-cased text costs a fraction
of one: a pattern that cannot match without one of a few words runs only where one of them
occurs. Each look is a necessary condition of its pattern (words the pattern must match,
lower-cased, or a shorter pattern the match must contain), so the findings are the same with
the looks or without them; tests turn them off (ENABLED) and compare. The words are ASCII:
the case-insensitive matches of 's' and 'i' by the long s and the dotless i ("ſ", "ı") are
not looked for.
"""

from __future__ import annotations

import re

ENABLED = True


def has_any(lower: str, words: tuple[str, ...]) -> bool:
    """Whether the lower-cased text holds one of words (always, with the looks off)."""
    return not ENABLED or any(w in lower for w in words)


def may_match(cue: re.Pattern[str], text: str) -> bool:
    """Whether cue, a pattern every match of the costly one contains, occurs in text."""
    return not ENABLED or cue.search(text) is not None
