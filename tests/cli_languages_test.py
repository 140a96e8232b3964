#!/usr/bin/env python3
"""End-to-end checks of `hyphenate`'s languages: --language, --list-languages, --patterns-dir,
HYPH_PATTERNS_DIR, --letters, and the errors for unknown tags.

Uses the hyph-utf8 patterns vendored in patterns/data/hyph-utf8, given with --patterns-dir or
HYPH_PATTERNS_DIR; TeX Live's are shut out (HYPH_NO_SYSTEM_DIRS, cli_support.run) except where
a check says so.
usage: cli_languages_test.py PATH/TO/hyphenate SOURCE_DIR
"""
import os
from functools import partial
import sys

import cli_support
from cli_support import check

HYPHENATE, SOURCE_DIR = sys.argv[1], sys.argv[2]
VENDORED = os.path.join(SOURCE_DIR, "patterns", "data", "hyph-utf8")
run = partial(cli_support.run, HYPHENATE)
expect = partial(cli_support.expect, HYPHENATE)
expect_error = partial(cli_support.expect_error, HYPHENATE)


V = ["--patterns-dir", VENDORED]
expect("German by tag", ["-l", "de-1996", *V], "Silbentrennung Straße\n".encode(), "Sil-ben-tren-nung Stra-ße\n".encode())
expect("French by tag, apostrophe is no letter", ["-l", "fr", *V], "constitutionnellement l’homme aujourd'hui\n".encode(),
       "consti-tu-tion-nel-le-ment l’homme au-jourd'hui\n".encode())
expect("Russian by tag", ["-l", "ru", *V], "Пенсильвания\n".encode(), "Пен-силь-ва-ния\n".encode())
expect("Greek by tag: minimums 1 1 from the metadata", ["-l", "el-monoton", *V], "αλληλογραφία\n".encode(),
       "αλ-λη-λο-γρα-φί-α\n".encode())
expect("Portuguese: right minimum 3", ["-l", "pt", *V], "informação\n".encode(), "in-for-ma-ção\n".encode())
expect("minimums given on the command line win", ["-l", "de-1996", "--left-min", "4", *V], b"Silbentrennung\n",
       b"Silben-tren-nung\n")
expect("a letter the patterns lack still belongs to the word", ["-l", "de-1996", *V], "Vereinbarungαβγ\n".encode(),
       "Ver-ein-ba-run-gαβγ\n".encode())
expect("--letters patterns: 8-bit TeX's letters", ["-l", "de-1996", "--letters", "patterns", *V],
       "Vereinbarungαβγ\n".encode(), "Ver-ein-ba-rungαβγ\n".encode())
expect("em dash is an explicit hyphen", ["-l", "de-1996", *V], "Silbentrennung—Silbentrennung\n".encode(),
       "Silbentrennung—Silbentrennung\n".encode())
expect("HYPH_PATTERNS_DIR", ["-l", "nl"], "ijsbeer bijvoorbeeld\n".encode(), "ijs-beer bij-voor-beeld\n".encode(),
       env={"HYPH_PATTERNS_DIR": "/nonexistent:" + VENDORED})
expect("tags ignore case and take _ for -", ["-l", "DE_1996", *V], b"Silbentrennung", b"Sil-ben-tren-nung")
expect("hyph-utf8: prefix", ["-l", "hyph-utf8:de-1996", *V], b"Silbentrennung", b"Sil-ben-tren-nung")
expect("en-us stays plain TeX", ["-l", "en-us", *V], b"hyphenation", b"hy-phen-ation")
expect("en is en-us", ["-l", "en"], b"hyphenation", b"hy-phen-ation")
expect("words mode", ["-l", "pl", "--words", *V], "przedsiębiorstwo\nwłaściwość\n".encode(),
       "przed-się-bior-stwo\nwła-ści-wość\n".encode())
# --patterns replaces the language: the minimums are TeX's 2 3 again, the letters 8-bit TeX's.
expect("--patterns replaces the language's patterns", ["-l", "de-1996", *V, "-p",
       os.path.join(VENDORED, "txt", "hyph-fr.pat.txt")], b"constitutionnellement", b"consti-tu-tion-nel-le-ment")

NFD = "Universita\u0308t e\u0301le\u0301ment"
expect("decomposed text as TeX reads it", ["-l", "de-1996", *V], NFD.encode(), "Uni-ver-si-ta\u0308t e\u0301-le\u0301-ment".encode())
expect("--normalize nfc: words found in NFC, bytes kept", ["-l", "de-1996", "--normalize", "nfc", *V], NFD.encode(),
       "Uni-ver-si-ta\u0308t e\u0301le\u0301-ment".encode())
expect_error("bad --normalize", ["--normalize", "nfd"], 2, ["unknown --normalize 'nfd'"])

r = run(["--list-languages", *V])
lines = r.stdout.decode().splitlines()
check("--list-languages succeeds", r.returncode == 0 and lines and lines[0].split()[0] == "tag", repr(r.stderr))
rows = {line.split()[0]: line for line in lines[1:]}
check("--list-languages: en-us first, embedded", len(lines) > 1 and lines[1].startswith("en-us ") and "embedded" in lines[1])
for tag, name, left, right in [("de-1996", "German, reformed spelling", 2, 2), ("el-monoton", "Modern Greek", 1, 1),
                               ("fr", "French", 2, 2), ("nl", "Dutch", 2, 2), ("pl", "Polish", 2, 2),
                               ("pt", "Portuguese", 2, 3), ("ru", "Russian", 2, 2)]:
    row = rows.get(tag, "")
    fields = row.split()
    ok = (name in row and os.path.join(VENDORED, "txt", f"hyph-{tag}.pat.txt") in row and f"hyph-{tag}.tex" in row
          and "unicode" in fields and f" {left} " in row and f" {right} " in row)
    check(f"--list-languages: {tag}", ok, repr(row))
check("--list-languages: exceptions named", "hyph-nl.hyp.txt" in rows.get("nl", ""))
# run() sets HYPH_NO_SYSTEM_DIRS: the folder given, and nothing from TeX Live.
check("--list-languages: the --patterns-dir folder alone (HYPH_NO_SYSTEM_DIRS)",
      sorted(rows) == ["de-1996", "el-monoton", "en-us", "fr", "nl", "pl", "pt", "ru"], repr(sorted(rows)))
r = run(["--list-languages", *V], system=True)
with_system = {line.split()[0] for line in r.stdout.decode().splitlines()[1:]}
check("--list-languages with TeX Live's: the folder's tags and maybe more", r.returncode == 0 and set(rows) <= with_system,
      repr(sorted(with_system)[:20]))
r = run(["-l", "de-1996"], b"Silbentrennung")
err = r.stderr.decode()
check("no folder, no system: only en-us, and the message says why", r.returncode == 1 and
      "Only the embedded en-us is available" in err and "HYPH_NO_SYSTEM_DIRS is set" in err, repr(err))

expect_error("unknown tag suggests near matches", ["-l", "de", *V], 1, ["unknown language 'de'", "did you mean", "de-1996"])
expect_error("unknown tag suggests by name", ["-l", "greek", *V], 1, ["el-monoton"])
expect_error("unknown tag points at --list-languages", ["-l", "xx-zz", *V], 1, ["hyphenate --list-languages"])
cli_support.expect_hint_options_exist(HYPHENATE, "unknown tag: every option the hint names exists", ["-l", "xx-zz", *V])
# A --patterns-dir that is not a folder is refused, whatever is loaded (a typo must not fall
# back to other folders without a word).
for args in (["-l", "de-1996"], [], ["--list-languages"], ["-p", os.path.join(VENDORED, "txt", "hyph-fr.pat.txt")]):
    expect_error(f"missing --patterns-dir, {' '.join(args[:1]) or 'en-us'}", ["--patterns-dir", "/nonexistent/patterns", *V, *args],
                 1, ["/nonexistent/patterns: no such folder"], b"hyphenation")
expect_error("--patterns-dir naming a file", ["--patterns-dir", os.path.join(VENDORED, "txt", "hyph-fr.pat.txt")], 1,
             ["hyph-fr.pat.txt: not a folder"], b"hyphenation")
expect_error("bad --letters", ["--letters", "ascii"], 2, ["unknown --letters 'ascii'"])

r = run(["--help"])
text = r.stdout.decode()
check("--help documents languages", r.returncode == 0 and all(
    s in text for s in ["--list-languages", "--patterns-dir", "HYPH_PATTERNS_DIR", "HYPH_NO_SYSTEM_DIRS", "--letters",
                        "hyph-utf8:en-us"]), text)

cli_support.finish()
