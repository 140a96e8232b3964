"""libhyph.pyphen keeps pyphen's API and documented behaviour (Debian's pyphen as the model)."""
import importlib
import os
import pathlib
import shutil

import pytest

import libhyph.pyphen as ours

pyphen = pytest.importorskip("pyphen")
HU = "/usr/share/hyphen/hyph_hu_HU.dic"
needs_hu = pytest.mark.skipif(not os.path.isfile(HU), reason="hyphen-hu is not installed")


def test_public_names():
    assert ours.__all__ == pyphen.__all__
    for name in ["positions", "iterate", "wrap", "inserted", "__call__"]:
        assert callable(getattr(ours.Pyphen, name))


def test_languages_as_pyphen_builds_them(monkeypatch):
    monkeypatch.delenv("HYPH_DICTIONARIES", raising=False)
    monkeypatch.delenv("HYPH_NO_SYSTEM_DIRS", raising=False)
    fresh = importlib.reload(ours)
    assert fresh.LANGUAGES == pyphen.LANGUAGES
    for name in ["en-US_x", "de", "DE-at", "pt_BR", "sr-Latn", "zz", "hu-HU-varga", "en_Latn_US"]:
        assert fresh.language_fallback(name) == pyphen.language_fallback(name), name


def test_hyph_dictionaries_folders_first(monkeypatch, tmp_path):
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    second.mkdir()
    (first / "hyph_xx_YY.dic").write_text("UTF-8\n1b\n")
    (second / "hyph_xx_YY.dic").write_text("UTF-8\n1c\n")
    (second / "hyph_xx_ZZ.dic").write_text("UTF-8\n1c\n")
    monkeypatch.setenv("HYPH_DICTIONARIES", f"{first}:{second}")
    fresh = importlib.reload(ours)
    try:
        assert fresh.LANGUAGES["xx_YY"] == str(first / "hyph_xx_YY.dic")
        assert fresh.LANGUAGES["xx"] == str(first / "hyph_xx_YY.dic")
        assert fresh.LANGUAGES["xx_ZZ"] == str(second / "hyph_xx_ZZ.dic")
        assert fresh.language_fallback("xx-zz-foo") == "xx_ZZ"
        assert fresh.Pyphen(lang="xx_YY").inserted("aabbaa") == "aa-b-baa"  # the first folder's 1b
        assert fresh.Pyphen(lang="xx_ZZ").inserted("aaccaa") == "aa-c-caa"
    finally:
        monkeypatch.delenv("HYPH_DICTIONARIES")
        importlib.reload(ours)


def test_no_system_dirs_leaves_out_usr_share_hyphen(monkeypatch, tmp_path):
    (tmp_path / "hyph_xx_YY.dic").write_text("UTF-8\n1b\n")
    monkeypatch.setenv("HYPH_DICTIONARIES", str(tmp_path))
    monkeypatch.setenv("HYPH_NO_SYSTEM_DIRS", "1")
    fresh = importlib.reload(ours)
    try:
        assert fresh.LANGUAGES == {"xx_YY": str(tmp_path / "hyph_xx_YY.dic"), "xx": str(tmp_path / "hyph_xx_YY.dic")}
    finally:
        monkeypatch.delenv("HYPH_DICTIONARIES")
        monkeypatch.delenv("HYPH_NO_SYSTEM_DIRS")
        importlib.reload(ours)


def test_missing_language_is_a_key_error():
    with pytest.raises(KeyError):
        ours.Pyphen(lang="zz_ZZ")


@needs_hu
def test_non_standard_and_upper_case():
    p = ours.Pyphen(lang="hu_HU")
    assert p.inserted("kulissza") == "ku-lisz-sza"
    assert p.inserted("KULISSZA") == "KU-LISZ-SZA"
    assert p.wrap("kulissza", 8) == ("kulisz-", "sza")
    assert list(p.iterate("asszonnyal")) == list(pyphen.Pyphen(lang="hu_HU").iterate("asszonnyal"))
    (first, second) = p.positions("kulissza")
    assert first.data is None and second.data == ("sz=", -1, 1)


def test_filename_as_str_or_path(tmp_path):
    path = pathlib.Path(ours.LANGUAGES["en_US"])
    copy = tmp_path / "hyph_en_US.dic"
    shutil.copyfile(path, copy)
    assert ours.Pyphen(filename=copy).inserted("hyphenation") == ours.Pyphen(filename=str(copy)).inserted("hyphenation")
    assert ours.Pyphen(filename=copy, cache=False).hd is not ours.Pyphen(filename=copy, cache=False).hd
    assert ours.Pyphen(filename=copy).hd is ours.Pyphen(filename=str(copy)).hd


def test_minimums_are_left_and_right_alone():
    # hyph_en_US.dic says RIGHTHYPHENMIN 3; pyphen and libhyph.pyphen use right=2 anyway
    theirs = pyphen.Pyphen(lang="en_US", left=1, right=1)
    mine = ours.Pyphen(lang="en_US", left=1, right=1)
    for word in ["academy", "another", "hyphenation", "ever", "amazing"]:
        assert mine.positions(word) == theirs.positions(word), word
    assert ours.Pyphen(lang="en_US", left=4, right=4).positions("hyphenation") == pyphen.Pyphen(
        lang="en_US", left=4, right=4).positions("hyphenation")


def test_wrap_and_inserted_options():
    p, q = ours.Pyphen(lang="nl_NL"), pyphen.Pyphen(lang="nl_NL")
    for width in range(0, 15):
        assert p.wrap("lettergrepen", width, hyphen="\u2010") == q.wrap("lettergrepen", width, hyphen="\u2010")
    assert p.inserted("lettergrepen", hyphen="<>") == "let<>ter<>gre<>pen"
    assert p.wrap("a", 5) is None
    assert p.positions("") == [] and p.inserted("") == ""


def test_differences_are_libhyphens():
    # pyphen merges NEXTLEVEL levels (Fort-s-chritt); libhyphen and libhyph do not
    assert pyphen.Pyphen(lang="de_DE").inserted("Fortschritt") == "Fort-s-chritt"
    assert ours.Pyphen(lang="de_DE").inserted("Fortschritt") == "Fort-schritt"


def test_wrong_types():
    p = ours.Pyphen(lang="en_US")
    with pytest.raises((TypeError, AttributeError)):
        p.inserted(3)


def test_unreadable_and_malformed_dictionaries(tmp_path):
    with pytest.raises(FileNotFoundError):
        ours.Pyphen(filename=tmp_path / "missing.dic")
    with pytest.raises(IsADirectoryError):
        ours.Pyphen(filename=tmp_path)
    bad = tmp_path / "hyph_xx.dic"
    bad.write_bytes(b"UTF-8\na1b\n\xff\xfe1c\n")
    import libhyph
    with pytest.raises(libhyph.ParseError) as info:
        ours.Pyphen(filename=bad)
    assert info.value.file == str(bad) and info.value.line == 3
