#!/usr/bin/env python3
"""End-to-end checks of compiled pattern files: `hyph-compile` and `hyphenate --compiled`.

A file compiled from sources hyphenates exactly as the sources do (English with hyphenex, on
the 51,839 words whose TeX answers are in tests/data; the vendored de-1996 and nl, behind a
filter), whether named with --compiled or found by its magic number in -p (a compiled .dic
too); compiling is
deterministic, and `hyph-compile -l en-us` gives back the English the build embeds. Damaged
files are one-line errors, never crashes; a failed compile leaves no file behind.

usage: compiled_cli_test.py PATH/TO/hyphenate PATH/TO/hyph-compile BUILT/en-us.hyb SOURCE_DIR
"""
import os
import sys
import tempfile

import cli_support
from cli_support import check, finish, run

HYPHENATE, COMPILE, EMBEDDED, SOURCE_DIR = sys.argv[1:5]
DATA = os.path.join(SOURCE_DIR, "tests", "data")
VENDORED = os.path.join(SOURCE_DIR, "patterns", "data", "hyph-utf8")
HYPHENEX = os.path.join(SOURCE_DIR, "patterns", "data", "ushyphex.tex")


def read(path):
    with open(path, "rb") as f:
        return f.read()


with tempfile.TemporaryDirectory() as tmp:
    out = lambda name: os.path.join(tmp, name)  # noqa: E731

    # The tiny example of doc/compiled-format.md, as committed.
    tiny_tex = os.path.join(DATA, "compiled", "tiny.tex")
    r = run(COMPILE, ["-p", tiny_tex, "--tag", "x-tiny", "--name", "Tiny", "-o", out("tiny.hyb")])
    check("hyph-compile tiny.tex", r.returncode == 0 and r.stdout == b"" and r.stderr == b"", r.stderr)
    check("tiny.hyb as committed", read(out("tiny.hyb")) == read(os.path.join(DATA, "compiled", "tiny.hyb")))
    text = b"hyphenation table Hyphenation\n"
    want = run(HYPHENATE, ["-p", tiny_tex], text).stdout
    check("tiny: sources", want == b"hy-phen-ation ta-ble Hy-phen-ation\n", want)
    for args in (["--compiled", out("tiny.hyb")], ["-p", out("tiny.hyb")]):
        r = run(HYPHENATE, args, text)
        check(f"tiny: hyphenate {args[0]} FILE", r.returncode == 0 and r.stdout == want, r.stdout + r.stderr)
    r = run(HYPHENATE, ["--compiled", out("tiny.hyb"), "--uchyph", "0"], text)
    check("tiny: --uchyph overrides the file's", r.stdout == b"hy-phen-ation ta-ble Hyphenation\n", r.stdout)

    # A compiled .dic (libhyphen's dialect) is found by its own magic number in -p too, by both
    # tools (hyph::probe_file); hyph-compile -p of it writes the same bytes again.
    tiny_dic = os.path.join(DATA, "compiled", "tiny.dic")
    tiny_hyd = os.path.join(DATA, "compiled", "tiny-dic.hyb")
    dic_text = b"hyphenate henat\n"
    want = run(HYPHENATE, ["--dic", tiny_dic], dic_text).stdout
    for args in (["--compiled", tiny_hyd], ["-p", tiny_hyd]):
        r = run(HYPHENATE, args, dic_text)
        check(f"tiny .dic: hyphenate {args[0]} FILE", r.returncode == 0 and r.stdout == want and b"-" in want,
              r.stdout + r.stderr)
    r = run(COMPILE, ["-p", tiny_hyd, "-o", out("tiny-dic-again.hyb")])
    check("hyph-compile -p FILE (a compiled .dic)", r.returncode == 0 and read(out("tiny-dic-again.hyb")) == read(tiny_hyd),
          r.stderr)
    r = run(HYPHENATE, ["-p", tiny_hyd, "-p", tiny_tex], b"x\n")
    check("-p compiled .dic with other -p: usage", r.returncode == 2, r.stderr)

    # English with hyphenex, compiled, against TeX's answers; behind a filter too.
    words = read(os.path.join(DATA, "en-us.words"))
    expected = read(os.path.join(DATA, "en-us.hyphenex.expected"))
    for extra in ([], ["--filter", "fuse"]):
        r = run(COMPILE, ["-l", "en-us", "-e", HYPHENEX, *extra, "-o", out("hyphenex.hyb")])
        check(f"hyph-compile -l en-us -e ushyphex.tex {' '.join(extra)}", r.returncode == 0, r.stderr)
        r = run(HYPHENATE, ["--compiled", out("hyphenex.hyb")], words)
        check(f"en-us + hyphenex {' '.join(extra)}: 51,839 words as TeX", r.returncode == 0 and r.stdout == expected,
              f"{sum(a != b for a, b in zip(r.stdout.splitlines(), expected.splitlines()))} lines differ")

    # The embedded English is what hyph-compile -l en-us writes, again and again.
    r = run(COMPILE, ["-l", "en-us", "-o", out("en-us.hyb")])
    check("hyph-compile -l en-us", r.returncode == 0, r.stderr)
    check("-l en-us gives the embedded file", read(out("en-us.hyb")) == read(EMBEDDED))
    run(COMPILE, ["-p", os.path.join(SOURCE_DIR, "patterns", "data", "hyphen.tex"), "--tag", "en-us", "--name",
                  "English (US), plain TeX: Knuth's hyphen.tex, embedded", "-o", out("again.hyb")])
    check("-p hyphen.tex gives the same bytes", read(out("again.hyb")) == read(EMBEDDED))
    # A compiled file given to hyph-compile is written again, relabelled.
    r = run(COMPILE, ["-p", out("en-us.hyb"), "--tag", "en-us", "--name", "x", "-o", out("relabelled.hyb")])
    check("hyph-compile -p FILE.hyb", r.returncode == 0 and read(out("relabelled.hyb")) != read(EMBEDDED), r.stderr)
    r = run(COMPILE, ["-p", out("relabelled.hyb"), "--name", "English (US), plain TeX: Knuth's hyphen.tex, embedded",
                      "-o", out("back.hyb")])
    check("... and relabelled back", read(out("back.hyb")) == read(EMBEDDED))

    # hyph-utf8 languages, with their own minimums and Unicode letters.
    for tag, extra in (("de-1996", []), ("nl", ["--filter", "blocked-bloom", "--fp-rate", "0.001"])):
        r = run(COMPILE, ["-l", tag, "--patterns-dir", VENDORED, *extra, "-o", out(tag + ".hyb")])
        check(f"hyph-compile -l {tag}", r.returncode == 0, r.stderr)
        data = read(os.path.join(DATA, tag + ".words"))
        source = run(HYPHENATE, ["-l", tag, "--patterns-dir", VENDORED], data).stdout
        compiled = run(HYPHENATE, ["--compiled", out(tag + ".hyb")], data).stdout
        check(f"{tag}: compiled as sources", source == compiled and len(source) > 0)
        check(f"{tag}: as XeTeX", compiled == read(os.path.join(DATA, tag + ".expected")))
        r = run(COMPILE, ["-l", tag, "--patterns-dir", VENDORED, "--small", *extra, "-o", out(tag + "-small.hyb")])
        small = run(HYPHENATE, ["--compiled", out(tag + "-small.hyb")], data).stdout
        check(f"{tag}: --small, smaller and the same answers", r.returncode == 0 and small == compiled and
              os.path.getsize(out(tag + "-small.hyb")) < os.path.getsize(out(tag + ".hyb")), r.stderr)
        # --compact: the small layout packed for downloading; the same answers, and read back
        # (-p) and written small, the small file itself.
        r = run(COMPILE, ["-l", tag, "--patterns-dir", VENDORED, "--compact", *extra, "-o", out(tag + "-compact.hyb")])
        compact = run(HYPHENATE, ["--compiled", out(tag + "-compact.hyb")], data).stdout
        check(f"{tag}: --compact, the same answers", r.returncode == 0 and compact == compiled, r.stderr)
        r = run(COMPILE, ["-p", out(tag + "-compact.hyb"), "--small", "-o", out(tag + "-again.hyb")])
        check(f"{tag}: --compact read back and written --small is the --small file",
              r.returncode == 0 and read(out(tag + "-again.hyb")) == read(out(tag + "-small.hyb")), r.stderr)
        r = run(COMPILE, ["-l", tag, "--patterns-dir", VENDORED, "--small", "--compact", "-o", out("never.hyb")])
        check(f"{tag}: --small with --compact: usage", r.returncode == 2 and b"exclusive" in r.stderr, r.stderr)
        r = run(HYPHENATE, ["--compiled", out(tag + ".hyb"), "--letters", "patterns"], b"x\n")
        check(f"{tag}: other letters need the sources", r.returncode == 1 and b"letters" in r.stderr, r.stderr)

    # Errors: one line, the file named; nothing written by a failed compile.
    bad = out("bad.tex")
    with open(bad, "wb") as f:
        f.write(b"\\patterns{a1b a1b}\n")
    r = run(COMPILE, ["-p", bad, "-o", out("never.hyb")])
    check("duplicate pattern: an error", r.returncode == 1 and b"bad.tex:1:" in r.stderr, r.stderr)
    check("... and no file", not [f for f in os.listdir(os.path.dirname(out("never.hyb"))) if f.startswith("never.hyb")])
    r = run(COMPILE, ["-p", tiny_tex])
    check("no -o: usage", r.returncode == 2 and b"-o" in r.stderr, r.stderr)
    r = run(COMPILE, ["-l", "xx-nowhere", "-o", out("x.hyb")])
    check("unknown language", r.returncode == 1 and b"unknown language" in r.stderr, r.stderr)

    tiny = read(out("tiny.hyb"))
    for name, damaged in (("truncated", tiny[:1000]), ("flipped", tiny[:700] + bytes([tiny[700] ^ 1]) + tiny[701:]),
                          ("empty", b""), ("text", b"\\patterns{a1b}\n")):
        path = out(name + ".hyb")
        with open(path, "wb") as f:
            f.write(damaged)
        r = run(HYPHENATE, ["--compiled", path], b"hyphenation\n")
        lines = r.stderr.decode(errors="replace").splitlines()
        check(f"damaged ({name}): an error naming the file", r.returncode == 1 and len(lines) == 1 and
              lines[0].startswith(f"hyphenate: {path}: "), r.stderr)
    # A file of format version 1 (before the small layout): an error that names the file and says what to do.
    old = bytearray(tiny)
    old[8] = 1
    with open(out("old.hyb"), "wb") as f:
        f.write(old)
    r = run(HYPHENATE, ["--compiled", out("old.hyb")], b"hyphenation\n")
    check("version 1: a clear error", r.returncode == 1 and (out("old.hyb") + ": format version 1; this libhyph reads version 4 "
          "(compile the sources again with hyph-compile)").encode() in r.stderr, r.stderr)
    r = run(HYPHENATE, ["--compiled", out("missing.hyb")], b"x\n")
    check("missing file", r.returncode == 1 and b"missing.hyb: cannot open" in r.stderr, r.stderr)
    for args in (["-e", HYPHENEX], ["-l", "de-1996"], ["--filter", "bloom"], ["-p", tiny_tex]):
        r = run(HYPHENATE, ["--compiled", out("tiny.hyb"), *args], b"x\n")
        check(f"--compiled with {args[0]}: usage", r.returncode == 2, r.stderr)
    r = run(HYPHENATE, ["-p", out("tiny.hyb"), "-p", tiny_tex], b"x\n")
    check("-p compiled with other -p: usage", r.returncode == 2, r.stderr)

    # Languages by tag: hyph-compile lists what -l takes, as hyphenate does, and an unknown
    # tag's hint names hyph-compile's own options.
    listed = run(COMPILE, ["--list-languages", "--patterns-dir", VENDORED])
    check("hyph-compile --list-languages: hyphenate's table", listed.returncode == 0 and
          listed.stdout == run(HYPHENATE, ["--list-languages", "--patterns-dir", VENDORED]).stdout and b"\nde-1996 " in listed.stdout,
          listed.stderr)
    r = run(COMPILE, ["-l", "xx-zz", "--patterns-dir", VENDORED, "-o", out("xx.hyb")])
    check("hyph-compile, unknown tag: names hyph-compile --list-languages",
          r.returncode == 1 and b"'hyph-compile --list-languages' lists the languages" in r.stderr, r.stderr)
    for args in (["-l", "de-1996"], ["--list-languages"]):
        r = run(COMPILE, ["--patterns-dir", "/nonexistent/patterns", *args, "-o", out("missing-dir.hyb")])
        check(f"hyph-compile {args[0]}: a missing --patterns-dir is an error", r.returncode == 1 and
              b"/nonexistent/patterns: no such folder" in r.stderr and not os.path.exists(out("missing-dir.hyb")), r.stderr)
    cli_support.expect_hint_options_exist(COMPILE, "hyph-compile, unknown tag: every option the hint names exists",
                                          ["-l", "xx-zz", "--patterns-dir", VENDORED, "-o", out("xx.hyb")])

finish()
