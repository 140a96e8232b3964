#!/usr/bin/env python3
"""Live comparison with real TeX on all 466,551 words of ../shared/data/english-words.txt.

TeX (oracles/tex-oracle.py) answers once for plain hyphen.tex and once with the hyphenex list
added; `hyphenate --words` must give the same lines: with plain TeX, and with hyphenex behind
every exception filter at every tested false-positive rate. Prints the counts of differences;
the bar is zero.

Skips (exit 77) where `tex` or the shared word list is missing, e.g. on a user's fresh clone.
usage: tex_live_test.py PATH/TO/hyphenate SOURCE_DIR
"""
import os
import shutil
import subprocess
import sys
import tempfile

HYPHENATE, SOURCE_DIR = sys.argv[1], os.path.abspath(sys.argv[2])
WORDS = os.environ.get("HYPH_WORD_LIST", os.path.join(os.path.dirname(SOURCE_DIR), "shared", "data", "english-words.txt"))
HYPHENEX = os.path.join(SOURCE_DIR, "patterns", "data", "ushyphex.tex")
ORACLE = os.path.join(SOURCE_DIR, "oracles", "tex-oracle.py")

if shutil.which("tex") is None:
    print("SKIP: no `tex` on PATH (Debian: texlive-binaries texlive-base)")
    sys.exit(77)
if not os.path.exists(WORDS):
    print(f"SKIP: word list {WORDS} not found (it lives in ../shared beside the checkout)")
    sys.exit(77)


def lines(path):
    with open(path, "rb") as f:
        return f.read().split(b"\n")


def compare(name, tex_answer, args):
    got = subprocess.run([HYPHENATE, "--words", *args], stdin=open(WORDS, "rb"), capture_output=True, check=True).stdout
    ours = got.split(b"\n")
    differences = sum(1 for a, b in zip(tex_answer, ours) if a != b) + abs(len(tex_answer) - len(ours))
    print(f"{name:45s} {len(tex_answer) - 1:7d} words, {differences} differences from TeX")
    shown = 0
    for a, b in zip(tex_answer, ours):
        if a != b and shown < 5:
            print(f"    TeX {a.decode(errors='replace')}  libhyph {b.decode(errors='replace')}")
            shown += 1
    return differences


total = 0
with tempfile.TemporaryDirectory() as tmp:
    plain = os.path.join(tmp, "plain")
    hyphenex = os.path.join(tmp, "hyphenex")
    subprocess.run([sys.executable, ORACLE, "-o", plain, WORDS], check=True)
    subprocess.run([sys.executable, ORACLE, "--exceptions", HYPHENEX, "-o", hyphenex, WORDS], check=True)
    plain_answer, hyphenex_answer = lines(plain), lines(hyphenex)
    changed = sum(1 for a, b in zip(plain_answer, hyphenex_answer) if a != b)
    print(f"hyphenex changes TeX's answer for {changed} words")

    total += compare("plain hyphen.tex", plain_answer, [])
    total += compare("hyphenex, exact", hyphenex_answer, ["-e", HYPHENEX])
    for kind in ["bloom", "blocked-bloom", "cuckoo", "fuse", "counting-bloom", "hash-compaction",
                 "scalable-bloom", "quotient", "counting-quotient"]:
        for rate in ["0.01", "0.05", "0.1", "0.2"]:
            total += compare(f"hyphenex, {kind} at fp rate {rate}", hyphenex_answer,
                             ["-e", HYPHENEX, "--filter", kind, "--fp-rate", rate])

print(f"{total} differences in all")
sys.exit(1 if total else 0)
