"""libhyph: TeX-exact hyphenation, compiled.

    >>> import libhyph
    >>> libhyph.Hyphenator().hyphenate("Hyphenation of typeset paragraphs")
    'Hy-phen-ation of type-set para-graphs'

Hyphenator(language) loads a language (languages() lists them) and is immutable: share one
between threads; long texts are hyphenated without the GIL. Hyphenator(dic=path) loads a
libhyphen .dic dictionary and answers as libhyphen does. UserDictionary adds a user's own
words. libhyph.pyphen is a drop-in for the pyphen package over libhyphen .dic dictionaries.
"""

from __future__ import annotations

import os
from typing import Iterable, List, Optional, Union

from . import _errors
from ._errors import (BadFormatError, BadUTF8Error, CapacityError, Error, FileError,
                      InvalidArgumentError, LoadWarning, ParseError, UnknownLanguageError)
from ._native import Hyphenator, UserDictionary, _list_languages
from ._types import Break, Language

# The error classes are listed once, in _errors.__all__.
__all__ = ["Hyphenator", "UserDictionary", "Break", "Language", "languages"] + _errors.__all__


_Path = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]


def languages(patterns_dirs: Optional[Union[_Path, Iterable[_Path]]] = None) -> List[Language]:
    """Every language Hyphenator(tag) can load here: the embedded 'en-us' first, then the
    hyph-utf8 patterns found (patterns_dirs, which must be folders, then HYPH_PATTERNS_DIR's
    folders, then TeX Live's unless HYPH_NO_SYSTEM_DIRS is set), by tag."""
    return [Language(*fields) for fields in _list_languages(patterns_dirs)]
