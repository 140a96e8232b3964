"""libhyphen's dialect from Python: Hyphenator(dic=...) answers as the CLI's --dic, breaks carry
values and non-standard changes, word_breaks takes a word whole, and the keyword arguments that
make no sense beside a .dic file are refused."""
import os
import pathlib
import subprocess
import warnings

import pytest

import libhyph
from conftest import SOURCE_ROOT

DICS = SOURCE_ROOT / "patterns" / "data" / "dic"
HU = DICS / "hyph_hu_HU.dic"
EN = DICS / "hyph_en_US.dic"
DE = DICS / "hyph_de_DE.dic"
TEXT = "Fortschritt, Silbentrennung: Straßenbahn-Haltestellen 3D-Drucker ÜBERGRÖSSENÄNDERUNG\n"


def cli(args, text):
    exe = os.environ.get("LIBHYPH_HYPHENATE")
    if not exe:
        pytest.skip("LIBHYPH_HYPHENATE not set")
    return subprocess.run([exe, *args], input=text.encode(), capture_output=True, check=True).stdout.decode()


def test_dic_answers_as_the_cli():
    de = libhyph.Hyphenator(dic=DE)
    assert de.dialect == "libhyphen" and libhyph.Hyphenator().dialect == "tex"
    assert de.hyphenate(TEXT) == cli(["--dic", str(DE)], TEXT)
    assert de.hyphenate(TEXT, marker="\u00ad") == cli(["--dic", str(DE), "--soft-hyphen"], TEXT)
    assert de.positions(TEXT) == [b.offset for b in de.breaks(TEXT)]
    assert libhyph.Hyphenator(dic=str(DE)).hyphenate(TEXT) == de.hyphenate(TEXT)  # str or path
    assert libhyph.Hyphenator(dic=os.fsencode(DE)).hyphenate(TEXT) == de.hyphenate(TEXT)


def test_kulissza_non_standard_break():
    hu = libhyph.Hyphenator(dic=HU)
    assert hu.hyphenate("kulissza") == "ku-lis-sza"  # markers only: removing them gives the text
    assert hu.hyphenate_spelling("kulissza") == "ku-lisz-sza"
    assert hu.hyphenate_spelling("KULISSZA asszonnyal", "=") == cli(["--dic", str(HU), "--replacements", "-m", "="],
                                                                  "KULISSZA asszonnyal")
    plain, changed = hu.breaks("kulissza")
    assert plain == libhyph.Break(2, plain.value, None, None, None) and plain.value % 2 == 1
    assert (changed.offset, changed.pre, changed.post, changed.replaced) == (5, "sz", "", (4, 5))
    word = "kulissza"
    start, end = changed.replaced
    assert word[:start] + changed.pre + "-" + changed.post + word[end:] == "kulisz-sza"
    # offsets stay code points after non-ASCII text
    shifted = hu.breaks("ő kulissza")[1]
    assert (shifted.offset, shifted.replaced) == (7, (6, 7))


def test_minimums():
    # hyph_en_US.dic says LEFTHYPHENMIN 2, RIGHTHYPHENMIN 3: libhyphen takes the larger
    assert libhyph.Hyphenator(dic=EN).right_min == 3
    assert libhyph.Hyphenator(dic=EN, right_min=1).right_min == 3
    assert libhyph.Hyphenator(dic=EN, left_min=4).left_min == 4
    own = libhyph.Hyphenator(dic=EN, left_min=1, right_min=1, dic_minimums="settings")
    assert (own.left_min, own.right_min) == (1, 1)
    larger = libhyph.Hyphenator(dic=EN, left_min=1, right_min=1)
    assert len(own.positions("academy ever another")) > len(larger.positions("academy ever another"))
    with pytest.raises(libhyph.InvalidArgumentError):
        libhyph.Hyphenator(dic=EN, dic_minimums="smaller")


def test_word_breaks_take_the_word_whole():
    nl = libhyph.Hyphenator(dic=DICS / "hyph_nl_NL.dic")
    word = "3D-printertjes"
    whole = nl.word_breaks(word)
    assert all(0 < b.offset < len(word) for b in whole)
    # as a text, '3' and 'D' are not one word with the rest; taken whole they are
    assert [b.offset for b in nl.word_breaks("printertjes")] == [b.offset for b in nl.breaks("printertjes")]
    assert nl.word_breaks("x" * 201) == []
    tex = libhyph.Hyphenator()
    assert tex.word_breaks("hyphenation") == tex.breaks("hyphenation")


def test_pattern_values():
    h = libhyph.Hyphenator()
    assert [(b.offset, b.value) for b in h.breaks("hyphenation")] == [(2, 3), (6, 5)]
    assert all(b.value % 2 == 1 for b in h.breaks("Hyphenation of typeset paragraphs, algebraically"))
    ex = libhyph.Hyphenator(exceptions=SOURCE_ROOT / "patterns/data/ushyphex.tex")
    assert {b.value for b in ex.breaks("hyphenation")} == {1}  # an exception's breaks


def test_keywords_that_do_not_go_with_dic():
    for kwargs in [{"patterns": SOURCE_ROOT / "patterns/data/hyphen.tex"},
                   {"exceptions": SOURCE_ROOT / "patterns/data/ushyphex.tex"},
                   {"compiled": "x.hyb"}, {"filter": "bloom"}]:
        with pytest.raises(TypeError, match="dic="):
            libhyph.Hyphenator(dic=EN, **kwargs)
    with pytest.raises(TypeError, match="dic="):
        libhyph.Hyphenator("de-1996", dic=EN)
    with pytest.raises(TypeError, match="dic_minimums"):
        libhyph.Hyphenator(dic_minimums="settings")
    for kwargs in [{"uchyph": 0}, {"letters": "unicode"}, {"normalize": "nfc"}]:
        with pytest.raises(libhyph.InvalidArgumentError):
            libhyph.Hyphenator(dic=EN, **kwargs)
    with pytest.raises(TypeError):
        libhyph.Hyphenator(dic=3)


def test_what_libhyphen_loads_silently_is_warned_about(tmp_path):
    # libhyphen 2.8.8 loads these without a word; so does libhyph, answering as it does, and
    # says what looks wrong, as a LoadWarning pointing at file:line:column.
    text = tmp_path / "text.dic"
    text.write_bytes(b"garbage\nhello world\n")
    with pytest.warns(libhyph.LoadWarning) as caught:
        h = libhyph.Hyphenator(dic=text)
    messages = [str(w.message) for w in caught]
    assert messages == list(h.warnings) and len(messages) == 2
    assert messages[0].startswith(f"{text}:1:1: unknown charset 'garbage' on the first line")
    assert h.hyphenate("hello world") == "hello world"
    assert caught[0].filename == __file__  # points at the caller
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert libhyph.Hyphenator(dic=EN).warnings == ()  # a dictionary: none
        with pytest.raises(libhyph.LoadWarning):
            libhyph.Hyphenator(dic=text)
    assert issubclass(libhyph.LoadWarning, UserWarning) and "LoadWarning" in libhyph.__all__


def test_unreadable_and_malformed(tmp_path):
    with pytest.raises(libhyph.FileError):
        libhyph.Hyphenator(dic=tmp_path / "missing.dic")
    bad = tmp_path / "hyph_xx.dic"
    bad.write_bytes(b"UTF-8\na1b\n\xff\xfe1c\n")
    with pytest.raises(libhyph.ParseError) as info:
        libhyph.Hyphenator(dic=bad)
    assert info.value.file == str(bad) and info.value.line == 3
    # pyphen's minimums leave the lines where they are: messages point at the same line
    bad.write_bytes(b"UTF-8\nLEFTHYPHENMIN 1\n\xff\xfe1c\n")
    with pytest.raises(libhyph.ParseError) as info:
        libhyph.Hyphenator(dic=bad, dic_minimums="settings")
    assert info.value.line == 3
