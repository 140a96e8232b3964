"""The named tuples libhyph returns."""

from __future__ import annotations

from typing import NamedTuple, Optional, Tuple

__all__ = ["Break", "Language"]


class Break(NamedTuple):
    """One break in a text.

    offset    where the hyphen goes, in code points of the str (between text[offset-1]
              and text[offset]).
    value     the odd pattern value behind it: 1, 3, 5, 7 or 9 (higher: the patterns insist
              more, a priority for line breakers); an exception's break has 1.
    pre, post, replaced
              for a non-standard break (libhyphen's 'pat1tern/change,start,cut', dic=):
              breaking here writes text[replaced[0]:replaced[1]] as pre, the hyphen, then
              post. Hungarian 'kulissza' has Break(5, 5, 'sz', '', (4, 5)): 'kulisz-sza'.
              None for a plain break.
    """

    offset: int
    value: int = 1
    pre: Optional[str] = None
    post: Optional[str] = None
    replaced: Optional[Tuple[int, int]] = None


class Language(NamedTuple):
    """A language libhyph can load: Hyphenator(tag) loads it."""

    tag: str
    name: str
    left_min: int
    right_min: int
    letters: str  # 'patterns' (8-bit TeX's letters) or 'unicode' (XeTeX's)
    patterns: Optional[str]  # the pattern file, None for the embedded en-us
    exceptions: Optional[str]  # the exception file, if any
