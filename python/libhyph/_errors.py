"""libhyph's exceptions: one class per error code of the C++ and C APIs.

Every one is a libhyph.Error; where a built-in exception means the same, it is that too
(FileError is an OSError, InvalidArgumentError a ValueError, UnknownLanguageError a
LookupError), so code that catches the built-in ones keeps working.
"""

from __future__ import annotations

from typing import Optional

__all__ = [
    "Error",
    "FileError",
    "ParseError",
    "BadUTF8Error",
    "UnknownLanguageError",
    "InvalidArgumentError",
    "BadFormatError",
    "CapacityError",
    "LoadWarning",
]


class Error(Exception):
    """Base of every libhyph error.

    ``code`` is the C API's status number; ``file``, ``line`` and ``column`` (from 1, in code
    points) say where in a source the problem is, or are None; ``reason`` is the message
    without the place.
    """

    code: int = 0

    def __init__(self, message: str, *, file: Optional[str] = None, line: Optional[int] = None,
                 column: Optional[int] = None, reason: Optional[str] = None) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.reason = reason if reason is not None else message

    def __str__(self) -> str:
        return self.message


class FileError(Error, OSError):
    """A file could not be opened or read (status HYPH_ERROR_IO)."""

    code = 1

    def __init__(self, message: str, **where) -> None:  # type: ignore[no-untyped-def]
        Error.__init__(self, message, **where)
        self.filename = where.get("file")

    def __str__(self) -> str:
        return self.message


class ParseError(Error, ValueError):
    """A malformed pattern or exception source; str() reads 'file:line:column: reason'."""

    code = 2


class BadUTF8Error(ParseError):
    """Invalid UTF-8 in a pattern or exception source."""

    code = 3


class UnknownLanguageError(Error, LookupError):
    """No language with that tag; the message names near matches."""

    code = 4


class InvalidArgumentError(Error, ValueError):
    """A setting out of range: an unknown filter, a false-positive rate outside (0, 1)..."""

    code = 5


class BadFormatError(Error, ValueError):
    """A damaged, truncated or foreign compiled file."""

    code = 6


class CapacityError(Error):
    """A table could not hold the patterns or exceptions."""

    code = 7


class LoadWarning(UserWarning):
    """What a load accepted but warns about (Hyphenator.warnings): a .dic file whose first line
    names no known charset, or none of whose patterns can break. libhyphen loads both without a
    word; the Hyphenator answers as libhyphen does."""


_BY_CODE = {cls.code: cls for cls in (FileError, ParseError, BadUTF8Error, UnknownLanguageError,
                                       InvalidArgumentError, BadFormatError, CapacityError)}


def _from_native(code: int, message: str, file: Optional[str], line: Optional[int],
                 column: Optional[int], reason: str) -> Error:
    """The exception for a C++ hyph::Error (called by the extension module)."""
    cls = _BY_CODE.get(code, Error)
    error = cls(message, file=file, line=line, column=column, reason=reason)
    error.code = code
    return error
