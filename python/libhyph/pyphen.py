"""A drop-in for the pyphen package, answered by libhyph as libhyphen answers.

    import libhyph.pyphen as pyphen
    pyphen.Pyphen(lang="hu_HU").inserted("kulissza")      # 'kulisz-sza'

The public API is pyphen's (0.13): ``Pyphen``, ``LANGUAGES`` and ``language_fallback``, with
the same signatures and documented behaviour. What differs is who answers: the dictionaries
(libhyphen ``.dic`` files found in the folders of ``HYPH_DICTIONARIES``, then in
/usr/share/hyphen unless ``HYPH_NO_SYSTEM_DIRS`` is set) are loaded by libhyph's public API (``Hyphenator(dic=...)``), which answers
in libhyphen's dialect, so every word gets the answer libhyphen 2.8.8 gives, with its two
levels (NEXTLEVEL), its NOHYPHEN lists and its non-standard breaks, where pyphen's own reader
merges the levels and ignores the rest. The minimums are Pyphen's ``left`` and ``right`` alone,
as in pyphen: a dictionary's LEFTHYPHENMIN and RIGHTHYPHENMIN are not looked at
(``dic_minimums='settings'``). Words are taken whole, as pyphen takes them
(``Hyphenator.word_breaks``). doc/python.md lists where the answers differ from pyphen's,
with examples.
"""

from __future__ import annotations

import functools
import os
from typing import Dict, Iterator, List, Optional, Tuple, Union

from ._native import Hyphenator

VERSION = __version__ = "0.13.2"  # the pyphen API this module follows

__all__ = ("Pyphen", "LANGUAGES", "language_fallback")

_SYSTEM_DICTIONARIES = "/usr/share/hyphen"


def _dictionary_folders() -> List[str]:
    """HYPH_DICTIONARIES's folders, then the system's unless HYPH_NO_SYSTEM_DIRS shuts it out
    (as it does for the library's hyphen: tags)."""
    folders = [f for f in os.environ.get("HYPH_DICTIONARIES", "").split(":") if f]
    return folders + ([] if os.environ.get("HYPH_NO_SYSTEM_DIRS") else [_SYSTEM_DICTIONARIES])


def _find_languages() -> Dict[str, str]:
    """Code -> path, as pyphen builds it: 'LL_CC' for hyph_LL_CC.dic, plus the short 'LL' for
    the first such file in sorted order; earlier folders win."""
    languages: Dict[str, str] = {}
    for folder in _dictionary_folders():
        try:
            names = sorted(os.listdir(folder))
        except OSError:
            continue
        for filename in names:
            if not filename.endswith(".dic"):
                continue
            name = filename[5:-4] if filename.startswith("hyph_") else filename[:-4]
            path = os.path.join(folder, filename)
            languages.setdefault(name, path)
            languages.setdefault(name.split("_")[0], path)
    return languages


#: Dict of languages including codes as keys and dictionary path as values.
LANGUAGES: Dict[str, str] = _find_languages()

# Built once, at import, as pyphen does: later changes to LANGUAGES are not searched.
LANGUAGES_LOWERCASE: Dict[str, str] = {name.lower(): name for name in LANGUAGES}


def language_fallback(language: str) -> Optional[str]:
    """The name in LANGUAGES that `language` falls back to, or None.

    'en-US_x' is lowercased, '-' becomes '_', and the last '_part' is dropped until a name
    matches (truncation inheritance, Unicode TR35)."""
    parts = language.replace("-", "_").lower().split("_")
    while parts:
        candidate = "_".join(parts)
        if candidate in LANGUAGES_LOWERCASE:
            return LANGUAGES_LOWERCASE[candidate]
        parts.pop()
    return None


class DataInt(int):
    """A break position (an int) with pyphen's ``data``: None for a plain break, or
    ``(change, index, cut)`` for a non-standard one: `change` like 'sz=sz' ('=' marks the
    break), `index` where the change starts counting from the position, `cut` how many
    characters of the word it replaces."""

    data: Optional[Tuple[str, int, int]]

    def __new__(cls, value: int, data: Optional[Tuple[str, int, int]] = None) -> "DataInt":
        obj = int.__new__(cls, value)
        obj.data = data
        return obj


class _Dictionary:
    """One .dic file: libhyph's Hyphenator for it, loaded once per pair of minimums (pyphen's
    ``left`` and ``right``; the file's own LEFTHYPHENMIN and RIGHTHYPHENMIN do not count,
    ``dic_minimums='settings'``), answering for words taken whole (``word_breaks``)."""

    def __init__(self, filename: str, left: int = 2, right: int = 2) -> None:
        with open(filename, "rb") as stream:  # pyphen's errors for a missing or unreadable file
            first_line = stream.readline()
        self.filename = filename
        #: The charset the file declares (its first line, as libhyphen reads it).
        self.charset = first_line[:19].split(b"\r")[0].split(b"\n")[0].decode("ascii", "replace")
        self.utf8 = self.charset == "UTF-8"
        self._hyphenators: Dict[Tuple[int, int], Hyphenator] = {}
        self.hyphenator(left, right)  # loads it now: a malformed file fails here, as in pyphen
        # Layout engines ask for the same words again and again (WeasyPrint, for each line
        # that ends in one); a bounded cache, where pyphen memoises every word it ever saw.
        self.positions = functools.lru_cache(maxsize=1 << 14)(self._positions)

    def hyphenator(self, left: int, right: int) -> Hyphenator:
        """The dictionary with these minimums (at least 1: pyphen filters the rest)."""
        key = (max(left, 1), max(right, 1))
        found = self._hyphenators.get(key)
        if found is None:
            found = Hyphenator(dic=self.filename, left_min=key[0], right_min=key[1], dic_minimums="settings")
            self._hyphenators[key] = found
        return found

    def _positions(self, word: str, left: int, right: int) -> List[DataInt]:
        points = []
        for b in self.hyphenator(left, right).word_breaks(word):
            if b.replaced is None:
                points.append(DataInt(b.offset))
            else:
                start, end = b.replaced
                points.append(DataInt(b.offset, (b.pre + "=" + b.post, start - b.offset, end - start)))
        return points


# Loaded dictionaries by file name, for cache=True.
_cache: Dict[str, _Dictionary] = {}


class Pyphen:
    """Hyphenation class, with methods to hyphenate strings in various ways."""

    def __init__(self, filename: Optional[Union[str, "os.PathLike[str]"]] = None, lang: Optional[str] = None,
                 left: int = 2, right: int = 2, cache: bool = True) -> None:
        """A hyphenator for the dictionary `filename` (str or path), or else for `lang`
        (found with language_fallback; KeyError if there is none). `left` and `right` are the
        minimum numbers of characters before the first and after the last break. With
        `cache`, a dictionary is loaded once and shared by every Pyphen using it."""
        if not filename:
            filename = LANGUAGES[language_fallback(lang)]  # type: ignore[arg-type,index]
        path = os.fspath(filename)
        if not cache or path not in _cache:
            _cache[path] = _Dictionary(path, left, right)
        self.hd = _cache[path]
        self._plain_inserted = None
        self.left = left
        self.right = right

    # left and right may be changed later, as in pyphen: the native call is bound again then.
    @property
    def left(self) -> int:
        return self._left

    @left.setter
    def left(self, value: int) -> None:
        self._left = value
        self._plain_inserted = None

    @property
    def right(self) -> int:
        return self._right

    @right.setter
    def right(self, value: int) -> None:
        self._right = value
        self._plain_inserted = None

    def positions(self, word: str) -> List[DataInt]:
        """The positions where `word` can be hyphenated, at least `left` characters from its
        start and `right` from its end; each a DataInt (see there)."""
        right = len(word) - self.right
        return [i for i in self.hd.positions(word, max(self.left, 1), max(self.right, 1)) if self.left <= i <= right]

    def iterate(self, word: str) -> Iterator[Tuple[str, str]]:
        """Every way to split `word` in two, the longest first part first."""
        for position in reversed(self.positions(word)):
            if position.data:
                change, index, cut = position.data
                start = position + index
                if word.isupper():
                    change = change.upper()
                before, after = change.split("=")
                yield word[:start] + before, after + word[start + cut:]
            else:
                yield word[:position], word[position:]

    __call__ = iterate

    def wrap(self, word: str, width: int, hyphen: str = "-") -> Optional[Tuple[str, str]]:
        """The longest first part (with `hyphen` attached) that fits in `width` characters,
        and the rest; None if no break fits."""
        width -= len(hyphen)
        for first, rest in self.iterate(word):
            if len(first) <= width:
                return first + hyphen, rest
        return None

    def inserted(self, word: str, hyphen: str = "-") -> str:
        """`word` with `hyphen` at every break ('let-ter-gre-pen'); a non-standard break
        changes the spelling ('kulisz-sza')."""
        plain_inserted = self._plain_inserted
        if plain_inserted is None:
            plain_inserted = self._plain_inserted = self.hd.hyphenator(self._left, self._right)._pyphen_inserted
        plain = plain_inserted(word, hyphen, self._left, self._right)
        if plain is not None:  # no non-standard break: done in one call
            return plain
        letters = list(word)
        for position in reversed(self.positions(word)):
            if position.data:
                change, index, cut = position.data
                start = position + index
                if word.isupper():
                    change = change.upper()
                letters[start:start + cut] = change.replace("=", hyphen)
            else:
                letters.insert(position, hyphen)
        return "".join(letters)
