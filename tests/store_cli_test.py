#!/usr/bin/env python3
"""End-to-end checks of compiled exception dictionaries and of `hyphenate --stats`.

`hyph-store` compiles hyphenex (patterns/data/ushyphex.tex) and a word<TAB>hyphenated list;
`hyphenate --exception-store` must then answer exactly as `hyphenate -e` with the same
words, for every filter, on the 51,839 words whose TeX answers are in tests/data (so the
store's output is TeX's). Damaged stores are errors, never crashes. `--stats` prints every
figure it promises, and they add up.

usage: store_cli_test.py PATH/TO/hyphenate PATH/TO/hyph-store SOURCE_DIR
"""
import math
import os
import re
import sys
import tempfile

from cli_support import check, finish, run

HYPHENATE, HYPH_STORE, SOURCE_DIR = sys.argv[1], sys.argv[2], sys.argv[3]
HYPHENEX = os.path.join(SOURCE_DIR, "patterns", "data", "ushyphex.tex")
WORDS = os.path.join(SOURCE_DIR, "tests", "data", "en-us.words")
EXPECTED = os.path.join(SOURCE_DIR, "tests", "data", "en-us.hyphenex.expected")


def filter_kinds():
    """Every --filter the binary knows, from its own error message (new backends join in)."""
    err = run(HYPHENATE, ["--filter", "?"]).stderr.decode()
    m = re.search(r"choose (.*)\)", err)
    names = re.split(r",\s*|\s+or\s+", m.group(1)) if m else []
    return [n.strip() for n in names if n.strip()] or ["exact", "bloom", "blocked-bloom", "cuckoo", "fuse"]


def stats_of(stderr):
    out = {}
    for line in stderr.decode(errors="replace").splitlines():
        if ":" in line:
            key, _, value = line.partition(":")
            out[key.strip()] = value.strip()
    return out


def first_int(text):
    return int(re.match(r"\d+", text).group(0))


with tempfile.TemporaryDirectory() as tmp:
    store = os.path.join(tmp, "hyphenex.hyphstore")
    r = run(HYPH_STORE, ["-o", store, HYPHENEX])
    check("hyph-store compiles hyphenex", r.returncode == 0 and os.path.exists(store), r.stderr)
    r = run(HYPH_STORE, ["--check", store])
    check("hyph-store --check", r.returncode == 0 and b"1753 words" in r.stdout, r.stdout + r.stderr)

    # --list gives the words back; compiled again, the same bytes.
    r = run(HYPH_STORE, ["--list", store])
    listed = os.path.join(tmp, "listed.hyp.txt")
    with open(listed, "wb") as f:
        f.write(r.stdout)
    check("hyph-store --list", r.returncode == 0 and len(r.stdout.splitlines()) == 1753 and b"hy-phen-a-tion\n" in r.stdout)
    again = os.path.join(tmp, "again.hyphstore")
    r = run(HYPH_STORE, ["-o", again, listed])
    check("listed words compile to the same store", r.returncode == 0 and open(again, "rb").read() == open(store, "rb").read())

    with open(EXPECTED, "rb") as f:
        expected = f.read()
    for kind in filter_kinds():
        for rate in ["0.01", "0.2"]:
            r = run(HYPHENATE, ["--exception-store", store, "--filter", kind, "--fp-rate", rate, WORDS])
            check(f"store, filter {kind} at {rate}: TeX's answers", r.returncode == 0 and r.stdout == expected,
                  f"status {r.returncode} {r.stderr[:300]!r}")

    # A word<TAB>hyphenated list, in a later store, replaces what an earlier one says.
    tsv = os.path.join(tmp, "house.tsv")
    with open(tsv, "w", encoding="utf-8") as f:
        f.write("hyphenation\thyphena-tion\nTables\ttab-les\ncaféteria\tca-fé-te-ria\n")
    house = os.path.join(tmp, "house.hyphstore")
    r = run(HYPH_STORE, ["-o", house, tsv])
    check("hyph-store compiles a tsv list", r.returncode == 0, r.stderr)
    r = run(HYPHENATE, ["--exception-store", store, "--exception-store", house], "hyphenation table tables Tables".encode())
    check("later store wins", r.stdout == b"hyphena-tion ta-ble tab-les Tab-les", r.stdout)
    r = run(HYPHENATE, ["--exception-store", house, "--exception-store", store], b"hyphenation")
    check("store order", r.stdout == b"hy-phen-a-tion", r.stdout)
    # The store's letters are letters: 'é' is one here, as it would be with -e (without
    # either, "caféteria" is "caf" and a non-letter, too short to hyphenate).
    cafe = os.path.join(tmp, "cafe.hyp.txt")
    with open(cafe, "w", encoding="utf-8") as f:
        f.write("ca-fé-te-ria\n")
    r = run(HYPHENATE, ["--exception-store", house], "caféteria caféterias".encode())
    r2 = run(HYPHENATE, ["-e", cafe], "caféteria caféterias".encode())
    r3 = run(HYPHENATE, [], "caféteria".encode())
    check("store letters join the alphabet as -e's do",
          r.stdout == r2.stdout and r.stdout.startswith("ca-fé-te-ria ".encode()) and r3.stdout == "caféteria".encode(),
          (r.stdout, r2.stdout, r3.stdout))

    bad_tsv = os.path.join(tmp, "bad.tsv")
    with open(bad_tsv, "w") as f:
        f.write("table\tta-ble\nchair\tcha-irs\nx1\tx-1\n")
    r = run(HYPH_STORE, ["-o", os.path.join(tmp, "bad.hyphstore"), bad_tsv])
    check("tsv: a hyphenation that does not spell its word", r.returncode == 1 and b"bad.tsv:2:" in r.stderr, r.stderr)
    r = run(HYPH_STORE, ["-o", os.path.join(tmp, "skip.hyphstore"), "--skip-invalid", bad_tsv])
    check("tsv: --skip-invalid", r.returncode == 0 and b"1 words" in r.stderr and b"2 lines skipped" in r.stderr, r.stderr)

    # Damaged stores: an error naming the file, exit 1, no output.
    data = open(store, "rb").read()
    for name, damaged in [("truncated", data[: len(data) // 2]), ("flipped byte", data[:1000] + bytes([data[1000] ^ 1]) + data[1001:]),
                          ("empty", b""), ("not a store", b"\\hyphenation{ta-ble}\n" * 10)]:
        path = os.path.join(tmp, "damaged.hyphstore")
        with open(path, "wb") as f:
            f.write(damaged)
        r = run(HYPHENATE, ["--exception-store", path], b"table")
        check(f"damaged store: {name}", r.returncode == 1 and b"not a valid exception store" in r.stderr and r.stdout == b"",
              f"{r.returncode} {r.stderr!r}")
        r = run(HYPH_STORE, ["--check", path])
        check(f"hyph-store --check: {name}", r.returncode == 1 and b"not a valid exception store" in r.stderr, r.stderr)
    r = run(HYPHENATE, ["--exception-store", os.path.join(tmp, "missing.hyphstore")], b"table")
    check("missing store", r.returncode == 1 and b"cannot open" in r.stderr, r.stderr)

    # --stats: every figure, and they add up.
    for kind in filter_kinds():
        rate = 0.05  # high, so that false positives are plentiful
        r = run(HYPHENATE, ["--exception-store", store, "--filter", kind, "--fp-rate", str(rate), "--stats", WORDS])
        s = stats_of(r.stderr)
        name = f"--stats {kind}"
        wanted = ["filter", "exception store", "patterns", "exception keys", "filter memory", "queries", "filter positives",
                  "store probes", "probes avoided", "exceptions hit", "false positives", "measured fp rate"]
        missing = [w for w in wanted if w not in s]
        check(f"{name}: all fields", r.returncode == 0 and not missing, f"missing {missing} in {r.stderr!r}")
        if missing:
            continue
        queries, probes, hits = first_int(s["queries"]), first_int(s["store probes"]), first_int(s["exceptions hit"])
        check(f"{name}: counts", queries == 44883 and hits == 146 and first_int(s["exception keys"]) == 1766
              and first_int(s["probes avoided"]) == queries - probes and "file read into memory" in s["exception store"], s)
        if kind == "exact":
            check(f"{name}: every query probes", probes == queries and s["false positives"].startswith("n/a"), s)
            continue
        fp = first_int(s["false positives"])
        check(f"{name}: a probe for every filter positive", first_int(s["filter positives"]) == probes and fp == probes - hits, s)
        m = re.match(r"([\d.]+) \(theory ([\d.]+) at target fp rate ([\d.]+)\)", s.get("bits/key", ""))
        check(f"{name}: bits/key next to theory and ε", m is not None and float(m.group(3)) == rate, s.get("bits/key"))
        m = re.match(r"([\d.]+) over (\d+) non-exception queries \(target ([\d.]+), model ([\d.]+)\)", s["measured fp rate"])
        check(f"{name}: measured rate with target and model", m is not None, s["measured fp rate"])
        if m:
            measured, negatives, model = float(m.group(1)), int(m.group(2)), float(m.group(4))
            check(f"{name}: negatives", negatives == queries - hits)
            # Within 5 sigma of the model's rate (the words are not random keys, but their hashes are).
            bound = negatives * model + 5 * math.sqrt(negatives * model * (1 - model)) + 1
            check(f"{name}: measured rate within the model's", fp <= bound and model <= rate * 1.05, f"fp {fp} bound {bound} model {model}")
        if kind in ("bloom", "blocked-bloom", "counting-bloom", "scalable-bloom"):
            check(f"{name}: k", "hash functions k" in s and int(s["hash functions k"]) >= 1, s)
        else:
            check(f"{name}: fingerprint bits", "fingerprint bits" in s and int(s["fingerprint bits"]) >= 1, s)
        check(f"{name}: load factor", "load factor" in s and 0 < float(s["load factor"]) <= 1, s)

finish()
