"""Fixtures shared by the Python package's tests: where the build and the source tree are.

meson test passes them as environment variables (python/tests/meson.build):
LIBHYPH_SOURCE_ROOT, LIBHYPH_SHARED_LIBRARY (for the C API through ctypes), LIBHYPH_HYPHENATE
(the CLI).
"""
import os
import pathlib

import pytest

SOURCE_ROOT = pathlib.Path(os.environ.get("LIBHYPH_SOURCE_ROOT", pathlib.Path(__file__).resolve().parents[2]))
VENDORED_PATTERNS = SOURCE_ROOT / "patterns" / "data" / "hyph-utf8"


@pytest.fixture(scope="session")
def source_root():
    return SOURCE_ROOT


@pytest.fixture(scope="session")
def german():
    import libhyph
    os.environ["HYPH_PATTERNS_DIR"] = str(VENDORED_PATTERNS)
    return libhyph.Hyphenator("de-1996")


@pytest.fixture(scope="session")
def capi():
    from capi import CApi
    path = os.environ.get("LIBHYPH_SHARED_LIBRARY")
    if not path:
        pytest.skip("LIBHYPH_SHARED_LIBRARY not set")
    return CApi(path)
