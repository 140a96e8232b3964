#!/usr/bin/env python3
"""A libhyphen client built unchanged against libhyph-hyphen answers as against libhyphen.

    example_test.py EXAMPLE_LIBHYPH DATA_DIR [EXAMPLE_LIBHYPHEN]

example.c (libhyphen's usage: load, hyphenate2 and hyphenate3 with rep/pos/cut, free) prints a
dictionary's fields and, for each word of DATA_DIR/LL_CC.words, every buffer the calls fill,
with the dictionary vendored in patterns/data/dic (hyph_LL_CC.dic: the files Debian's
hyphen-en-us 2.8.8-7, hyphen-de and hyphen-hu 1:7.5.0-1 install), so that the answers do not
hang on which version of a package the machine has.
- libhyph's build must print DATA_DIR/LL_CC.libhyphen-expected, which Debian's libhyphen 2.8.8
  printed.
- With libhyphen's build (EXAMPLE_LIBHYPHEN): both builds must print the same, for the word
  lists here, and the fields line for every .dic installed in /usr/share/hyphen.
"""
import os
import subprocess
import sys
from pathlib import Path

DICT_DIR = Path("/usr/share/hyphen")
VENDORED = Path(__file__).resolve().parents[2] / "patterns" / "data" / "dic"


class Refused(Exception):
    """libhyph refused a dictionary whose bytes are invalid in its declared charset."""


def run(example, dic, words):
    # libhyphen 2.8.8 leaks (rep entries it overwrites); in sanitizer builds that is its, not ours.
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0") if Path(example).name.endswith("-libhyphen") else None
    result = subprocess.run([str(example), str(dic), str(words)], capture_output=True, timeout=300, env=env)
    if result.returncode != 0:
        message = result.stderr.decode(errors="replace").strip()
        # The one error libhyph gives where libhyphen loads (doc/libhyphen-dialect.md): invalid bytes.
        if "not valid in the declared charset" in message:
            raise Refused(message)
        raise SystemExit(f"FAIL: {example} {dic} exited {result.returncode}: {message}")
    return result.stdout


def first_difference(a, b):
    for n, (x, y) in enumerate(zip(a.splitlines(), b.splitlines()), 1):
        if x != y:
            return f"line {n}:\n  libhyph:   {x!r}\n  libhyphen: {y!r}"
    return f"lengths differ ({len(a.splitlines())} vs {len(b.splitlines())} lines)"


def main():
    libhyph, data = Path(sys.argv[1]), Path(sys.argv[2])
    libhyphen = Path(sys.argv[3]) if len(sys.argv) > 3 else None
    failures = 0
    checked = 0
    for words in sorted(data.glob("*.words")):
        dic = VENDORED / f"hyph_{words.stem}.dic"
        ours = run(libhyph, dic, words)
        against = [((data / f"{words.stem}.libhyphen-expected").read_bytes(), "libhyphen's golden output")]
        if libhyphen is not None:
            against.append((run(libhyphen, dic, words), "libhyphen (live)"))
        for theirs, name in against:
            checked += 1
            if ours == theirs:
                print(f"ok: {dic.name}: {len(ours.splitlines())} lines as {name}")
            else:
                failures += 1
                print(f"FAIL: {dic.name} differs from {name}: {first_difference(ours, theirs)}")
    if libhyphen is not None and DICT_DIR.is_dir():
        # The fields line of every installed dictionary (each file once, symlinks aside).
        seen = set()
        for dic in sorted(DICT_DIR.glob("*.dic")):
            real = dic.resolve()
            if real in seen:
                continue
            seen.add(real)
            try:
                ours = run(libhyph, dic, os.devnull)
            except Refused as refused:
                print(f"note: {dic.name}: refused by libhyph (libhyphen loads it): {refused}")
                continue
            theirs = run(libhyphen, dic, os.devnull)
            checked += 1
            if ours != theirs:
                failures += 1
                print(f"FAIL: {dic.name}: fields differ:\n  libhyph:   {ours!r}\n  libhyphen: {theirs!r}")
        if not failures:
            print(f"ok: fields compared for the dictionaries of {len(seen)} files")
    if checked == 0:
        print(f"FAIL: no word list in {data}")
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
