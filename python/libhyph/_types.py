"""The named tuples libhyph returns."""

from __future__ import annotations

from typing import NamedTuple, Optional

__all__ = ["Break", "Language"]


class Break(NamedTuple):
    """One break in a text.

    offset    where the hyphen goes, in code points of the str (between text[offset-1]
              and text[offset]).
    value     the odd pattern value behind it (1, 3, 5...: a priority for line breakers;
              an exception's break has 1), or None where the engine does not report it
              (TeX patterns, until libhyph's C++ API carries values).
    pre, post, replaced
              for a non-standard break (libhyphen's 'pat1tern/change,start,cut'): the text
              to put before the line end, the text to start the next line with, and how
              many code points of the word, from `offset`, they replace. None for a plain
              break.
    """

    offset: int
    value: Optional[int] = None
    pre: Optional[str] = None
    post: Optional[str] = None
    replaced: Optional[int] = None


class Language(NamedTuple):
    """A language libhyph can load: Hyphenator(tag) loads it."""

    tag: str
    name: str
    left_min: int
    right_min: int
    letters: str  # 'patterns' (8-bit TeX's letters) or 'unicode' (XeTeX's)
    patterns: Optional[str]  # the pattern file, None for the embedded en-us
    exceptions: Optional[str]  # the exception file, if any
