"""Type stubs for libhyph's extension module (re-exported by the libhyph package)."""

import os
from typing import Iterable, List, Optional, Tuple, Union

from ._types import Break

_Path = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]
_Paths = Union[_Path, Iterable[_Path]]

class Hyphenator:
    """A TeX-exact hyphenator for one language; immutable and shareable across threads."""

    def __init__(
        self,
        language: str = "en-us",
        *,
        patterns: Optional[_Paths] = None,
        exceptions: Optional[_Paths] = None,
        left_min: Optional[int] = None,
        right_min: Optional[int] = None,
        uchyph: Optional[int] = None,
        filter: Optional[str] = None,
        fp_rate: float = 0.01,
        compiled: Optional[_Path] = None,
        dic: Optional[_Path] = None,
        letters: Optional[str] = None,
        normalize: str = "none",
        dic_minimums: str = "larger",
        patterns_dirs: Optional[_Paths] = None,
    ) -> None: ...
    def hyphenate(self, text: str, marker: str = "-") -> str:
        """`text` with `marker` at every point where TeX allows a hyphen."""
    def hyphenate_bytes(self, data: bytes, marker: bytes = b"-") -> bytes:
        """`data` with `marker` at every break, as the hyphenate command writes it."""
    def positions(self, text: str) -> List[int]:
        """The break offsets in `text`, in code points, increasing."""
    def breaks(self, text: str) -> List[Break]:
        """The breaks as Break(offset, value, pre, post, replaced); pre/post/replaced for
        libhyphen's non-standard breaks (dic=), None otherwise."""
    def word_breaks(self, word: str) -> List[Break]:
        """The breaks of `word` taken whole (with dic=: every character belongs to it, as
        libhyphen's callers pass a word); for TeX patterns the same as breaks(word)."""
    def hyphenate_spelling(self, text: str, marker: str = "-") -> str:
        """`text` with `marker` at every break, non-standard breaks spelled out
        ('kulissza' -> 'kulisz-sza')."""
    def _pyphen_inserted(self, word: str, hyphen: str, left: int, right: int, /) -> Optional[str]:
        """For libhyph.pyphen: `word` with `hyphen` at its plain breaks between the minimums,
        or None if one of them changes the spelling."""
    def write_compiled(self, path: _Path, tag: str = "", name: str = "") -> None:
        """Writes this language in libhyph's compiled format."""
    @property
    def left_min(self) -> int: ...
    @property
    def right_min(self) -> int: ...
    @property
    def dialect(self) -> str: ...
    @property
    def uchyph(self) -> int: ...
    @property
    def letters(self) -> str: ...
    @property
    def pattern_count(self) -> int: ...
    @property
    def exception_count(self) -> int: ...
    @property
    def filter(self) -> str: ...
    @property
    def tag(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def warnings(self) -> Tuple[str, ...]: ...

class UserDictionary:
    """A user's own hyphenations over a Hyphenator; one thread at a time."""

    def __init__(self, hyphenator: Hyphenator, filter: Optional[str] = None, fp_rate: float = 0.01) -> None: ...
    def add(self, word: str) -> bool:
        """Adds 'hy-phen-ation'; True if the word was new."""
    def remove(self, word: str) -> bool:
        """Removes a word; False if it was not there."""
    def find(self, word: str) -> Optional[str]:
        """The word as stored ('ta-ble'), or None."""
    def clear(self) -> None: ...
    def hyphenate(self, text: str, marker: str = "-") -> str: ...
    def positions(self, text: str) -> List[int]: ...
    @property
    def hyphenator(self) -> Hyphenator: ...
    def __len__(self) -> int: ...
    def __contains__(self, word: object) -> bool: ...

def _list_languages(patterns_dirs: Optional[_Paths] = None) -> List[Tuple[str, str, int, int, str, Optional[str], Optional[str]]]: ...
