"""The native API: answers equal the CLI's, offsets in code points, keyword arguments,
errors with their places, wrong types, immutability, threads."""
import os
import pathlib
import subprocess
import threading

import pytest

import libhyph
from conftest import SOURCE_ROOT, VENDORED_PATTERNS

TEXT = ("Hyphenation of typeset paragraphs, (hyphenation) well-known e-mail 123hyphenation "
        "HYPHENATION Hyphenation\tparagraph\nalgebraically\r\nencyclopedia")


def cli(args, text):
    exe = os.environ.get("LIBHYPH_HYPHENATE")
    if not exe:
        pytest.skip("LIBHYPH_HYPHENATE not set")
    env = {k: v for k, v in os.environ.items() if k != "HYPH_PATTERNS_DIR"}
    return subprocess.run([exe, *args], input=text.encode(), capture_output=True, check=True, env=env).stdout.decode()


def test_three_line_example():
    assert libhyph.Hyphenator().hyphenate("Hyphenation of typeset paragraphs") == "Hy-phen-ation of type-set para-graphs"


def test_same_as_cli():
    h = libhyph.Hyphenator()
    assert h.hyphenate(TEXT) == cli([], TEXT)
    assert h.hyphenate(TEXT, marker="\u00ad") == cli(["--soft-hyphen"], TEXT)


def test_german_same_as_cli_in_code_points(german):
    text = "Silbentrennung für Straßenbahnhaltestellen, ÜBERGRÖSSENÄNDERUNG und Größenverhältnisse"
    want = cli(["-l", "de-1996", "--patterns-dir", str(VENDORED_PATTERNS)], text)
    assert german.hyphenate(text) == want
    positions = german.positions(text)
    rebuilt = "".join(ch if i not in positions else "-" + ch for i, ch in enumerate(text))
    assert rebuilt == want
    assert [b.offset for b in german.breaks(text)] == positions


def test_breaks_are_named_tuples():
    (first, *_rest) = libhyph.Hyphenator().breaks("hyphenation")
    assert isinstance(first, libhyph.Break)
    assert first.offset == 2 and first.pre is None and first.post is None and first.replaced is None


def test_negative_minimums_are_refused_as_everywhere():
    # The command line refuses --left-min -3; the C++ and C APIs and Python refuse the same
    # with one message. 0 acts as 1, as in TeX.
    for kwargs, name, value in [({"left_min": -5}, "left_min", -5), ({"right_min": -1}, "right_min", -1)]:
        for extra in [{}, {"language": "en-us"}, {"patterns": SOURCE_ROOT / "patterns/data/hyphen.tex"},
                      {"dic": SOURCE_ROOT / "patterns/data/dic/hyph_en_US.dic"}]:
            with pytest.raises(libhyph.InvalidArgumentError, match=f"^{name} must not be negative \\(it is {value}\\)$"):
                libhyph.Hyphenator(**extra, **kwargs)
    assert libhyph.Hyphenator(left_min=0, right_min=0).left_min == 1
    r = subprocess.run([os.environ["LIBHYPH_HYPHENATE"], "--left-min", "-3"], input=b"x", capture_output=True) \
        if os.environ.get("LIBHYPH_HYPHENATE") else None
    assert r is None or (r.returncode == 2 and b"--left-min" in r.stderr)


def test_keyword_arguments():
    assert libhyph.Hyphenator(left_min=1, right_min=1).hyphenate("academy") == cli(["--left-min", "1", "--right-min", "1"], "academy")
    assert libhyph.Hyphenator(uchyph=0).hyphenate("Hyphenation hyphenation") == "Hyphenation hy-phen-ation"
    h = libhyph.Hyphenator("en-us", exceptions=SOURCE_ROOT / "patterns/data/ushyphex.tex")
    assert h.hyphenate("hyphenation algebraically") == "hy-phen-a-tion al-ge-bra-i-cally"
    assert h.exception_count > 0
    p = libhyph.Hyphenator(patterns=[str(SOURCE_ROOT / "patterns/data/hyphen.tex")])
    assert p.hyphenate(TEXT) == libhyph.Hyphenator().hyphenate(TEXT)
    assert libhyph.Hyphenator(letters="unicode").letters == "unicode"
    nfd = "e\u0301le\u0301ment"
    fr_dir = {"HYPH_PATTERNS_DIR": str(VENDORED_PATTERNS)}
    os.environ.update(fr_dir)
    assert libhyph.Hyphenator("fr", normalize="nfc").hyphenate(nfd) == "e\u0301le\u0301-ment"


def test_every_filter_gives_the_same_answers():
    want = libhyph.Hyphenator(exceptions=SOURCE_ROOT / "patterns/data/ushyphex.tex").hyphenate(TEXT)
    for name in ["exact", "bloom", "blocked-bloom", "cuckoo", "fuse", "counting-bloom", "hash-compaction",
                 "scalable-bloom", "quotient", "counting-quotient"]:
        h = libhyph.Hyphenator(exceptions=SOURCE_ROOT / "patterns/data/ushyphex.tex", filter=name, fp_rate=0.05)
        assert h.filter, name
        assert h.hyphenate(TEXT) == want, name


def test_patterns_dirs(tmp_path, monkeypatch):
    # hyphenate --patterns-dir's equivalent: searched first; a folder that is not there is an
    # error naming it, not skipped.
    monkeypatch.delenv("HYPH_PATTERNS_DIR", raising=False)
    de = libhyph.Hyphenator("de-1996", patterns_dirs=VENDORED_PATTERNS)
    assert de.hyphenate("Silbentrennung") == "Sil-ben-tren-nung" and de.tag == "de-1996"
    assert "de-1996" in [l.tag for l in libhyph.languages(patterns_dirs=[str(VENDORED_PATTERNS)])]
    missing = tmp_path / "nope"
    for call in (lambda: libhyph.Hyphenator("de-1996", patterns_dirs=[VENDORED_PATTERNS, missing]),
                 lambda: libhyph.Hyphenator(patterns_dirs=missing),
                 lambda: libhyph.languages(patterns_dirs=missing)):
        with pytest.raises(libhyph.FileError, match=f"{missing}: no such folder"):
            call()


def test_loaded_by_tag_reports_the_tag(german):
    assert german.tag == "de-1996" and german.name == "German, reformed spelling"
    assert "de-1996" in repr(german)
    assert libhyph.Hyphenator("DE_1996").tag == "de-1996"  # the tag found, as languages() lists it
    assert libhyph.Hyphenator("en").tag == "en-us"
    assert libhyph.Hyphenator(patterns=SOURCE_ROOT / "patterns/data/hyphen.tex").tag == ""


def test_compiled_round_trip(tmp_path, german):
    path = tmp_path / "de.hyb"
    german.write_compiled(path, tag="de-1996", name="German")
    loaded = libhyph.Hyphenator(compiled=path)
    assert loaded.tag == "de-1996" and loaded.name == "German"
    text = "Silbentrennung Donaudampfschifffahrtsgesellschaft"
    assert loaded.hyphenate(text) == german.hyphenate(text)
    assert libhyph.Hyphenator(compiled=str(path), left_min=4).left_min == 4


def test_languages():
    langs = libhyph.languages()
    assert langs[0].tag == "en-us" and langs[0].patterns is None
    assert (langs[0].left_min, langs[0].right_min) == (2, 3)
    assert all(isinstance(l, libhyph.Language) for l in langs)


def test_errors_name_file_line_column(tmp_path):
    bad = tmp_path / "bad.pat.txt"
    bad.write_text("a1b\nab\u00e91c2x3\n1a1b1{\n")
    with pytest.raises(libhyph.ParseError) as info:
        libhyph.Hyphenator(patterns=bad)
    e = info.value
    assert e.file == str(bad) and e.line == 3 and e.column and e.column > 0
    assert str(e).startswith(f"{bad}:3:{e.column}: ")
    assert isinstance(e, libhyph.Error) and isinstance(e, ValueError)

    with pytest.raises(libhyph.FileError) as info:
        libhyph.Hyphenator(patterns=tmp_path / "missing.pat.txt")
    assert "missing.pat.txt" in str(info.value) and isinstance(info.value, OSError)
    with pytest.raises(libhyph.FileError):
        libhyph.Hyphenator(patterns=tmp_path)  # a directory
    with pytest.raises(libhyph.UnknownLanguageError) as info:
        libhyph.Hyphenator("english-please")
    assert isinstance(info.value, LookupError)
    # The hint names Python's own way to list them, and no command-line option.
    assert "libhyph.languages() lists the languages" in str(info.value) and "--" not in str(info.value)
    assert hasattr(libhyph, "languages")
    with pytest.raises(libhyph.InvalidArgumentError):
        libhyph.Hyphenator(filter="sieve")
    with pytest.raises(libhyph.InvalidArgumentError):
        libhyph.Hyphenator(fp_rate=1.5)
    junk = tmp_path / "junk.hyb"
    junk.write_bytes(b"HYPH" + bytes(200))
    with pytest.raises(libhyph.Error):
        libhyph.Hyphenator(compiled=junk)
    unreadable_utf8 = tmp_path / "latin1.pat.txt"
    unreadable_utf8.write_bytes(b"a1b\n\xe91a\n")
    with pytest.raises(libhyph.ParseError) as info:
        libhyph.Hyphenator(patterns=unreadable_utf8)
    assert info.value.line == 2


def test_wrong_types():
    h = libhyph.Hyphenator()
    for bad in [b"bytes", 3, None, ["hyphenation"]]:
        with pytest.raises(TypeError):
            h.hyphenate(bad)
        with pytest.raises(TypeError):
            h.positions(bad)
        with pytest.raises(TypeError):
            h.breaks(bad)
    with pytest.raises(TypeError):
        h.hyphenate("text", marker=7)
    with pytest.raises(TypeError):
        libhyph.Hyphenator(3)
    with pytest.raises(TypeError):
        libhyph.Hyphenator(left_min="2")
    with pytest.raises(TypeError):
        libhyph.Hyphenator(patterns=3)
    with pytest.raises(TypeError):
        libhyph.Hyphenator(fp_rate="small")
    with pytest.raises(TypeError):
        libhyph.Hyphenator("en-us", "positional-patterns")


def test_immutable():
    h = libhyph.Hyphenator()
    with pytest.raises(AttributeError):
        h.left_min = 1
    with pytest.raises(AttributeError):
        h.anything = 1


def test_nul_and_lone_surrogates():
    h = libhyph.Hyphenator()
    # NUL is a non-letter inside a token, as in the C API and the CLI
    assert h.hyphenate("hyphenation\0hyphenation \0hyphenation") == "hy-phen-ation\0hyphenation \0hy-phen-ation"
    assert h.hyphenate("a\0 hyphenation\0") == cli([], "a\0 hyphenation\0")
    assert h.hyphenate("\ud800hyphenation\udfff") == "\ud800hy-phen-ation\udfff"
    assert h.positions("ab\ud800cd hyphenation") == [8, 12]
    assert h.hyphenate("hyphen\udc00ation") == "hy-phen\udc00ation"


def test_threads_share_one_hyphenator():
    h = libhyph.Hyphenator()
    text = " ".join(["hyphenation algebraically paragraphs typeset"] * 5000)
    want = h.hyphenate(text)
    results = []

    def work():
        results.append(all(h.hyphenate(text) == want for _ in range(5)))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [True] * 4


def test_long_text_pieces_join_exactly(german):
    # longer than the piece the binding hands the engine at once, with no white space near the cut
    unit = "Silbentrennung (Größenverhältnisse) well-known\t"
    text = unit * 40000 + "x" * 3_000_000 + " Silbentrennung"
    out = german.hyphenate(text)
    assert out.replace("-", "") == text.replace("-", "")
    assert out.endswith(" Sil-ben-tren-nung")
    assert out.count("Sil-ben-tren-nung") == 40001
    assert len(german.positions(text)) == out.count("-") - text.count("-")


def test_user_dictionary():
    h = libhyph.Hyphenator()
    d = libhyph.UserDictionary(h, filter="cuckoo")
    assert len(d) == 0 and "hyphenation" not in d
    assert d.add("hyphena-tion") is True
    assert d.add("hyphena-tion") is False
    assert "Hyphenation" in d and len(d) == 1
    assert d.find("hyphenation") == "hyphena-tion"
    assert d.hyphenate("Hyphenation of paragraphs") == "Hyphena-tion of para-graphs"
    assert d.positions("Hyphenation") == [7]
    assert h.hyphenate("Hyphenation") == "Hy-phen-ation"  # the Hyphenator is not changed
    assert d.remove("hyphenation") is True and d.remove("hyphenation") is False
    assert d.hyphenate("Hyphenation") == "Hy-phen-ation"
    with pytest.raises(libhyph.InvalidArgumentError):
        d.add("123")
    with pytest.raises(TypeError):
        d.add(5)
    with pytest.raises(TypeError):
        5 in d


def test_hyphenate_bytes_is_the_cli():
    h = libhyph.Hyphenator()
    data = TEXT.encode() + b" \xff\xfehyphenation \xed\xa0\x80hyphenation\0 caf\xc3\xa9"
    exe = os.environ.get("LIBHYPH_HYPHENATE")
    if exe:
        want = subprocess.run([exe], input=data, capture_output=True, check=True).stdout
        assert h.hyphenate_bytes(data) == want
    assert h.hyphenate_bytes(b"hyphenation", b"\xc2\xad") == "hy\u00adphen\u00adation".encode()
    with pytest.raises(TypeError):
        h.hyphenate_bytes("str")
    with pytest.raises(TypeError):
        h.hyphenate_bytes(b"x", "-")


def test_stubs_name_every_public_member():
    import ast
    stub = ast.parse((pathlib.Path(libhyph.__file__).parent / "_native.pyi").read_text())
    classes = {c.name: {f.name for f in c.body if isinstance(f, ast.FunctionDef)}
               for c in stub.body if isinstance(c, ast.ClassDef)}
    for cls in (libhyph.Hyphenator, libhyph.UserDictionary):
        public = {n for n in vars(cls) if not n.startswith("_")}
        assert public <= classes[cls.__name__], public - classes[cls.__name__]
        assert all(hasattr(cls, n) for n in classes[cls.__name__]), classes[cls.__name__] - set(dir(cls))
