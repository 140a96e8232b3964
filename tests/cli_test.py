#!/usr/bin/env python3
"""End-to-end checks of the `hyphenate` command: output, round trip, errors and exit codes.

usage: cli_test.py PATH/TO/hyphenate SOURCE_DIR
"""
import os
from functools import partial
import random
import signal
import subprocess
import sys
import tempfile

import cli_support
from cli_support import check

HYPHENATE, SOURCE_DIR = sys.argv[1], sys.argv[2]
run = partial(cli_support.run, HYPHENATE)
expect = partial(cli_support.expect, HYPHENATE)
expect_error = partial(cli_support.expect_error, HYPHENATE)


expect("default language", [], b"hyphenation is fun\n", b"hy-phen-ation is fun\n")
expect("marker", ["--marker", "="], b"hyphenation", b"hy=phen=ation")
expect("soft hyphen", ["--soft-hyphen"], b"hyphenation", "hy\u00adphen\u00adation".encode())
expect("words mode", ["--words"], b"table\nhyphenation\n", b"ta-ble\nhy-phen-ation\n")
expect("exceptions", ["-e", f"{SOURCE_DIR}/patterns/data/ushyphex.tex"], b"hyphenation", b"hy-phen-a-tion")
expect("minimums", ["--left-min", "3", "--right-min", "4"], b"hyphenation", b"hyphen-ation")
expect("uchyph", ["--uchyph", "0"], b"Hyphenation hyphenation", b"Hyphenation hy-phen-ation")
expect("empty input", [], b"", b"")
for kind in ["exact", "bloom", "blocked-bloom", "cuckoo", "fuse", "counting-bloom", "hash-compaction", "scalable-bloom",
             "quotient", "counting-quotient"]:
    expect(f"filter {kind}", ["--filter", kind, "-e", f"{SOURCE_DIR}/patterns/data/ushyphex.tex"], b"hyphenation table",
           b"hy-phen-a-tion ta-ble")

with tempfile.TemporaryDirectory() as tmp:
    pat = os.path.join(tmp, "t.pat.txt")
    with open(pat, "w") as f:
        f.write("a1b\n")
    expect("pattern file", ["-p", pat, "--left-min", "1", "--right-min", "1"], b"abab", b"a-ba-b")
    with open(pat, "w") as f:
        f.write("a1b\nc12d\n")
    expect_error("malformed pattern names file:line:column", ["-p", pat], 1, f"{pat}:2:3: Nonletter")
    with open(pat, "wb") as f:
        f.write(b"a1b\n\xff\n")
    expect_error("bad UTF-8 in patterns", ["-p", pat], 1, f"{pat}:2:1: invalid UTF-8")
    expect_error("directory as file", ["-p", tmp], 1, "is a directory")
    expect_error("missing input file", [os.path.join(tmp, "nope.txt")], 1, "cannot open")

expect_error("missing pattern file", ["-p", "/nonexistent/x.pat.txt"], 1, "/nonexistent/x.pat.txt: cannot open")
expect_error("unknown language", ["--language", "xx-yy"], 1, "unknown language 'xx-yy'")
expect_error("unknown option", ["--bogus"], 2, "unrecognised option")
expect_error("unknown filter", ["--filter", "nope"], 2, "unknown --filter")
expect_error("bad minimum", ["--left-min", "99"], 2, "between 0 and 63")
expect_error("bad number", ["--left-min", "x"], 2, "invalid")
expect_error("bad fp rate", ["--filter", "bloom", "--fp-rate", "2"], 1, "false-positive rate")
expect_error("negative job count", ["-j", "-1"], 2, "--jobs must be 0 (one thread per core) or more, not -1", b"hyphenation")
expect_error("negative job count, long form", ["--jobs=-3"], 2, "not -3", b"hyphenation")
expect("-j 0: one thread per core", ["-j", "0"], b"hyphenation", b"hy-phen-ation")
expect_error("marker and soft hyphen", ["--marker", "=", "--soft-hyphen"], 2, "exclusive")
r = run(["--version"])
check("version", r.returncode == 0 and r.stdout.startswith(b"hyphenate (libhyph) "))
r = run(["--help"])
check("help", r.returncode == 0 and b"--patterns" in r.stdout)

# Round trip: arbitrary bytes come back byte for byte once the markers are removed.
rng = random.Random(5)
pieces = [b"hyphen", b"ation", b"Table", b" ", b"\t", b"\r\n", b"\n", b"-", b"'", b"\x00", b"\xc3\xa9", b"\xff", b"\xef\xbb\xbf", b"7"]
for i in range(200):
    data = b"".join(rng.choice(pieces) for _ in range(rng.randrange(0, 400)))
    r = run(["--marker", "\x01"], data)
    if r.returncode != 0 or r.stdout.replace(b"\x01", b"") != data:
        check(f"round trip {i}", False, repr(data[:80]))
        break
else:
    check("round trip of 200 random byte strings", True)

# A 32 MiB token with no white space streams through in bounded memory and comes back whole.
big = b"hyphenation" + b"." * (32 << 20) + b" table"
r = run([], big)
check("32 MiB token", r.returncode == 0 and r.stdout == b"hy-phen-ation" + b"." * (32 << 20) + b" ta-ble")

# --words answers each line before the next one is written (a co-process).
p = subprocess.Popen([HYPHENATE, "--words"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
answers = []
for word in [b"hyphenation", b"table"]:
    p.stdin.write(word + b"\n")
    p.stdin.flush()
    answers.append(p.stdout.readline())
p.stdin.close()
p.wait(timeout=60)
check("--words answers line by line", answers == [b"hy-phen-ation\n", b"ta-ble\n"], repr(answers))

# A reader that stops early: no message, no hang.
p = subprocess.Popen([HYPHENATE], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
p.stdout.close()
try:
    p.stdin.write(b"hyphenation\n" * 1000000)
    p.stdin.close()
except BrokenPipeError:
    pass
p.wait(timeout=60)
check("closed output pipe ends quietly", p.stderr.read() == b"", f"status {p.returncode}")

# -j: inputs of several 1 MiB chunks (the cut falls anywhere) give byte for byte the output of
# -j 1: CR LF, invalid UTF-8, NUL bytes, a token longer than a chunk, no final newline.
rng = random.Random(11)
with open(f"{SOURCE_DIR}/tests/data/en-us.words", "rb") as f:
    words = f.read()
parts = [words.replace(b"\n", b"\r\n"), bytes(rng.choice(b"ab \n\0\xc3\xa9\xff-") for _ in range(300000)),
         b"hyphenation" + b"x" * (3 << 20) + b" table\n", words, b"-" * (1 << 20), b"Hyphenation " * 100000, b"end"]
with tempfile.TemporaryDirectory() as tmp:
    big = os.path.join(tmp, "big.txt")
    with open(big, "wb") as f:
        for part in parts:
            f.write(part)
    outputs = {j: run(["-j", str(j), big]) for j in (1, 2, 8)}
    check("-j 1, -j 2, -j 8: the same bytes", all(o.returncode == 0 for o in outputs.values())
          and outputs[1].stdout == outputs[2].stdout == outputs[8].stdout and len(outputs[1].stdout) > len(b"".join(parts)),
          repr({j: (o.returncode, len(o.stdout)) for j, o in outputs.items()}))
    check("-j keeps files apart as -j 1 does", run(["-j", "2", big, big]).stdout == run(["-j", "1", big, big]).stdout)
    # A reader that stops early (hyphenate < big | head -1): no message, no hang, and killed by
    # SIGPIPE as cat would be, never 0, whether the workers run, and whether or not hyphenate
    # was started with SIGPIPE ignored (then it sees EPIPE and ends itself the same way).
    def closed_early(args, ignore_sigpipe):
        p = subprocess.Popen([HYPHENATE, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             preexec_fn=(lambda: signal.signal(signal.SIGPIPE, signal.SIG_IGN)) if ignore_sigpipe else None)
        p.stdout.readline()
        p.stdout.close()
        p.wait(timeout=120)
        return p.returncode, p.stderr.read()
    for args in (["-j", "2", big, big, big], ["-j", "1", big, big], ["--words", big], ["--explain", big],
                 ["--replacements", big], ["--progress", big, big]):
        for ignored in (False, True):
            status, err = closed_early(args, ignored)
            quiet = err == b"" or (args[0] == "--progress" and err.endswith(b"\n") and b"error" not in err)
            check(f"{' '.join(a for a in args if a != big)}: closed output pipe ends as SIGPIPE does{' (SIGPIPE ignored)' if ignored else ''}",
                  status == -signal.SIGPIPE and quiet, f"status {status}, stderr {err[-200:]!r}")
    # The same through a shell, as the man page shows it.
    r = subprocess.run(["bash", "-c", 'set -o pipefail; "$0" < "$1" | head -1 >/dev/null; echo "status $?"', HYPHENATE, big],
                       capture_output=True, timeout=120)
    check("hyphenate < big | head -1: status 141 under pipefail, no message",
          r.stdout == b"status 141\n" and r.stderr == b"", repr((r.stdout, r.stderr)))

cli_support.finish()
