#!/usr/bin/env python3
"""Live comparison with a Unicode TeX (XeTeX, through oracles/unicode-tex-oracle.py).

A. The seven hyph-utf8 languages vendored in patterns/data/hyph-utf8 (de-1996, el-monoton, fr,
   nl, pl, pt, ru): their committed word samples and the Unicode edge cases, plus up to 30,000
   more words from each Debian word list that is installed (wngerman, wfrench, wdutch, wpolish,
   wportuguese, hunspell-ru, hunspell-el). XeTeX loads the vendored .pat.txt; libhyph is
   `hyphenate -l TAG --patterns-dir patterns/data/hyph-utf8`.
B. Every hyph-utf8 language TeX Live has installed (Debian: texlive-lang-*), loaded by XeTeX
   the standard way, with its own loader (loadhyph-TAG.tex, as language.dat.lua names it; from
   its .pat.txt for the few that have no loader of their own), and by libhyph as
   `hyphenate -l hyph-utf8:TAG` from the installed patterns, with no folder given. The
   words are made from the language's own patterns and exceptions (letter strings of patterns
   joined, in lower and upper case), so that every language is covered without word lists.

Both must give the same lines; the bar is zero differences. Prints the counts per language.
Skips (exit 77) where `xetex`, load-unicode-data.tex or a font for the oracle is missing.
usage: unicode_tex_live_test.py PATH/TO/hyphenate SOURCE_DIR
"""
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

from cli_support import hermetic_env

HYPHENATE, SOURCE_DIR = sys.argv[1], os.path.abspath(sys.argv[2])
ORACLE = os.path.join(SOURCE_DIR, "oracles", "unicode-tex-oracle.py")
VENDORED = os.path.join(SOURCE_DIR, "patterns", "data", "hyph-utf8")
DATA = os.path.join(SOURCE_DIR, "tests", "data")
MORE_WORDS = 30000

# tag: typesetting minimums, and the installed word list (path, encoding, is a hunspell .dic)
LANGUAGES = {
    "de-1996": ((2, 2), ("/usr/share/dict/ngerman", "utf-8", False)),
    "el-monoton": ((1, 1), ("/usr/share/hunspell/el_GR.dic", "iso-8859-7", True)),
    "fr": ((2, 2), ("/usr/share/dict/french", "utf-8", False)),
    "nl": ((2, 2), ("/usr/share/dict/dutch", "utf-8", False)),
    "pl": ((2, 2), ("/usr/share/dict/polish", "utf-8", False)),
    "pt": ((2, 3), ("/usr/share/dict/portuguese", "utf-8", False)),
    "ru": ((2, 2), ("/usr/share/hunspell/ru_RU.dic", "utf-8", True)),
}


def skip(why):
    print(f"SKIP: {why}")
    sys.exit(77)


if shutil.which("xetex") is None:
    skip("no `xetex` on PATH (Debian: texlive-binaries)")
if shutil.which("kpsewhich") is None or not subprocess.run(
        ["kpsewhich", "load-unicode-data.tex"], capture_output=True, text=True).stdout.strip():
    skip("load-unicode-data.tex not found (Debian: texlive-base)")
probe = subprocess.run([sys.executable, ORACLE], input=b"a\n", capture_output=True)
if probe.returncode != 0:
    skip("the oracle cannot run: " + probe.stderr.decode(errors="replace").strip())


def oracle(words_file, out_file, patterns, exceptions, mins):
    args = [sys.executable, ORACLE, "--left-min", str(mins[0]), "--right-min", str(mins[1]), "-o", out_file]
    for p in patterns:
        args += ["--patterns", p]
    for e in exceptions:
        args += ["--exceptions", e]
    subprocess.run(args + [words_file], check=True)
    with open(out_file, "rb") as f:
        return f.read().split(b"\n")


def compare(name, words_file, tex_answer, args, system):
    """hyphenate --words ARGS against XeTeX's answer; with the system's pattern folders or
    with only those ARGS name."""
    with open(words_file, "rb") as f:
        got = subprocess.run([HYPHENATE, "--words", *args], stdin=f, capture_output=True, env=hermetic_env(system=system))
    if got.returncode != 0:
        print(f"{name:40s} hyphenate failed: {got.stderr.decode(errors='replace').strip()}")
        return 1
    ours = got.stdout.split(b"\n")
    differences = sum(1 for a, b in zip(tex_answer, ours) if a != b) + abs(len(tex_answer) - len(ours))
    print(f"{name:40s} {len(tex_answer) - 1:7d} lines, {differences} differences from XeTeX")
    shown = 0
    for a, b in zip(tex_answer, ours):
        if a != b and shown < 5:
            print(f"    XeTeX {a.decode(errors='replace')}  libhyph {b.decode(errors='replace')}")
            shown += 1
    return differences


def word_list(path, encoding, hunspell, limit):
    with open(path, encoding=encoding, errors="replace") as f:
        lines = f.read().split("\n")
    if hunspell:
        lines = [line.split("/")[0] for line in lines[1:]]
    lines = [line for line in lines if line]
    step = max(1, len(lines) // limit)
    return lines[1::step][:limit]  # not the committed sample, which starts at the first line


def upper_first(word):
    first = word[0].upper()
    return (first if len(first) == 1 else word[0]) + word[1:]


def words_from_patterns(pattern_file, exception_file, count, seed):
    """Pseudo-words built from the patterns' own letter strings, and the exceptions' words."""
    with open(pattern_file, encoding="utf-8") as f:
        patterns = f.read().split()
    starts, middles, ends = [], [], []
    for p in patterns:
        letters = re.sub(r"[0-9]", "", p)
        core = letters.strip(".")
        if not core:
            continue
        (starts if letters.startswith(".") else ends if letters.endswith(".") else middles).append(core)
    rng = random.Random(seed)
    words = []
    if exception_file:
        with open(exception_file, encoding="utf-8") as f:
            for w in f.read().split():
                words += [w.replace("-", ""), upper_first(w.replace("-", ""))]
    middles = middles or starts or ends
    while len(words) < count:
        parts = [rng.choice(starts)] if starts and rng.random() < 0.5 else []
        parts += [rng.choice(middles) for _ in range(rng.randint(1, 3))]
        if ends and rng.random() < 0.5:
            parts.append(rng.choice(ends))
        word = "".join(parts)
        form = rng.random()
        words.append(word.upper() if form < 0.1 else upper_first(word) if form < 0.3 else word)
    return words[:count]


def installed_languages():
    """(tag, loader path, pattern file, exception file, mins) of TeX Live's installed hyph-utf8 languages."""
    lua = subprocess.run(["kpsewhich", "language.dat.lua"], capture_output=True, text=True).stdout.strip()
    if not lua:
        return []
    with open(lua, encoding="utf-8") as f:
        text = f.read()
    listing = subprocess.run([HYPHENATE, "--list-languages"], capture_output=True, text=True,
                             env=hermetic_env(system=True)).stdout
    found, listed_mins = {}, {}
    for line in listing.splitlines()[1:]:
        m = re.search(r"\s(\d+)\s+(\d+)\s+unicode\s+(\S+/hyph-([^/\s]+)\.pat\.txt)", line)
        if m:
            found[m.group(4)] = m.group(3)
            listed_mins[m.group(4)] = (int(m.group(1)), int(m.group(2)))
    out, seen = [], set()
    for m in re.finditer(r"\['[^']+'\]\s*=\s*\{(.*?)\n\s*\},", text, re.S):
        entry = m.group(1)
        loader = re.search(r"loader\s*=\s*'([^']+)'", entry)
        pats = re.search(r"patterns\s*=\s*'hyph-([^']+)\.pat\.txt'", entry)
        left = re.search(r"lefthyphenmin\s*=\s*(\d+)", entry)
        right = re.search(r"righthyphenmin\s*=\s*(\d+)", entry)
        if not (loader and pats and left and right) or not loader.group(1).startswith("loadhyph-"):
            continue
        tag = pats.group(1)
        if tag in seen or tag not in found:
            continue
        seen.add(tag)
        loader_path = subprocess.run(["kpsewhich", loader.group(1)], capture_output=True, text=True).stdout.strip()
        if not loader_path:
            continue
        hyp = found[tag][:-len(".pat.txt")] + ".hyp.txt"
        out.append((tag, loader_path, found[tag], hyp if os.path.exists(hyp) else None,
                    (int(left.group(1)), int(right.group(1)))))
    # Languages whose patterns TeX Live loads only together with others (Serbian: sh-latn and
    # sh-cyrl in one) or with no loader of their own: their .pat.txt and .hyp.txt on their own,
    # with the minimums libhyph read from their metadata.
    for tag in sorted(set(found) - seen):
        hyp = found[tag][:-len(".pat.txt")] + ".hyp.txt"
        out.append((tag, None, found[tag], hyp if os.path.exists(hyp) else None, listed_mins[tag]))
    return out


total = 0
with tempfile.TemporaryDirectory() as tmp:
    print("A. vendored hyph-utf8 patterns")
    for tag, (mins, (path, encoding, hunspell)) in LANGUAGES.items():
        words = []
        for name in (f"{tag}.words", "unicode-edge-cases.words"):
            with open(os.path.join(DATA, name), encoding="utf-8") as f:
                words += f.read().split("\n")[:-1]
        extra = os.path.exists(path)
        if extra:
            words += word_list(path, encoding, hunspell, MORE_WORDS)
        words_file = os.path.join(tmp, f"{tag}.words")
        with open(words_file, "w", encoding="utf-8") as f:
            f.write("\n".join(words) + "\n")
        pat = os.path.join(VENDORED, "txt", f"hyph-{tag}.pat.txt")
        hyp = os.path.join(VENDORED, "txt", f"hyph-{tag}.hyp.txt")
        exceptions = [hyp] if os.path.exists(hyp) else []
        answer = oracle(words_file, os.path.join(tmp, f"{tag}.tex"), [pat], exceptions, mins)
        label = f"{tag} (+{os.path.basename(path)})" if extra else f"{tag} (no {path})"
        total += compare(label, words_file, answer, ["-l", tag, "--patterns-dir", VENDORED], system=False)

    print("B. TeX Live's installed hyph-utf8 languages, loaded by their loaders")
    languages = installed_languages()
    if not languages:
        print("    none installed (Debian: texlive-lang-*)")
    for tag, loader, pat, hyp, mins in languages:
        words_file = os.path.join(tmp, f"installed-{tag}.words")
        with open(words_file, "w", encoding="utf-8") as f:
            f.write("\n".join(words_from_patterns(pat, hyp, 4000, tag)) + "\n")
        source = os.path.basename(loader) if loader else os.path.basename(pat) + (" + .hyp.txt" if hyp else "")
        try:
            if loader:
                answer = oracle(words_file, os.path.join(tmp, f"installed-{tag}.tex"), [loader], [], mins)
            else:
                answer = oracle(words_file, os.path.join(tmp, f"installed-{tag}.tex"), [pat], [hyp] if hyp else [], mins)
        except subprocess.CalledProcessError:  # the oracle said why on standard error; go on to the others
            print(f"{tag} ({source}): XeTeX could not answer (see standard error)")
            total += 1
            continue
        # hyph-utf8:TAG: hyph-utf8's own file also for en-us, which alone is plain TeX's hyphen.tex
        total += compare(f"{tag} ({source})", words_file, answer, ["-l", f"hyph-utf8:{tag}"], system=True)

print(f"{total} differences in all")
sys.exit(1 if total else 0)
