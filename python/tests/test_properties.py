"""Property tests (hypothesis): removing the markers gives the input back, and the binding's
breaks are the C API's, for any str: lone surrogates, NUL, astral characters, white space."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import libhyph

ENGLISH = libhyph.Hyphenator()

# Words that break, glued with anything a str can hold.
pieces = st.one_of(
    st.sampled_from(["hyphenation", "Paragraphs", "ALGEBRAICALLY", "typeset", "encyclopedia", " ", "\t", "\n",
                     "-", "'", "\0", "\u00e9", "\ud800", "\udfff", "\U0001f600", "\u00ad", "\r\n"]),
    st.text(max_size=8),
)
texts = st.lists(pieces, max_size=30).map("".join)
markers = st.sampled_from(["-", "\u00ad", "<>", "", "\ud800", "\u2010\u2010"])


def cp_of_utf8(text, byte_offsets):
    data = text.encode("utf-8", "surrogatepass")
    return [len(data[:b].decode("utf-8", "surrogatepass")) for b in byte_offsets]


@settings(max_examples=2000, deadline=None)
@given(texts, markers)
def test_markers_removed_give_the_input(text, marker):
    out = ENGLISH.hyphenate(text, marker)
    positions = ENGLISH.positions(text)
    assert len(out) == len(text) + len(marker) * len(positions)
    rebuilt, last = [], 0
    for p in positions:
        rebuilt.append(text[last:p])
        last = p
    rebuilt.append(text[last:])
    assert marker.join(rebuilt) == out
    assert positions == sorted(set(positions)) and all(0 < p < len(text) for p in positions)


@settings(max_examples=2000, deadline=None)
@given(texts)
def test_same_breaks_as_the_c_api(capi, text):
    positions = ENGLISH.positions(text)
    # the C API on the same text in (generalised) UTF-8: lone surrogates as three bytes each
    assert positions == cp_of_utf8(text, capi.breaks_utf8(text.encode("utf-8", "surrogatepass")))
    # and its UTF-16 entry point, where Python and UTF-16 see the same characters
    if not any(0xD800 <= ord(c) <= 0xDFFF for c in text):
        assert positions == capi.positions(text)
    # lone surrogates handled as the UTF-16 entry point handles unpaired ones
    elif not _has_pair(text):
        assert positions == capi.positions(text)


def _has_pair(text):
    return any(0xD800 <= ord(a) <= 0xDBFF and 0xDC00 <= ord(b) <= 0xDFFF for a, b in zip(text, text[1:]))
