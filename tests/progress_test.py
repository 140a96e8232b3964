#!/usr/bin/env python3
"""Progress on standard error (--progress, --no-progress, and the default on a terminal) of
hyphenate, hyph-store and filter-experiment: it shows up when asked for, never touches
standard output, and is absent when not asked for.

usage: progress_test.py SOURCE_DIR HYPHENATE HYPH_STORE FILTER_EXPERIMENT
"""
import os
import pty
import re
import select
import subprocess
import sys
import tempfile

import cli_support
from cli_support import check

SOURCE_DIR, HYPHENATE, HYPH_STORE, FILTER_EXPERIMENT = map(os.path.abspath, sys.argv[1:5])
USHYPHEX = os.path.join(SOURCE_DIR, "patterns", "data", "ushyphex.tex")
TEXT = b"Hyphenation of typeset paragraphs\n" * 20000 + b"no final newline \xff\x00 algebraically"


def run(program, args, data=b""):
    return cli_support.run(program, args, data)


def run_on_terminal(program, args, stdin, stdout_on_terminal=False):
    """Runs with standard error (and, if asked, standard output) on a pseudo-terminal; returns
    (status, stdout bytes or None, what the terminal received)."""
    master, slave = pty.openpty()
    out_file = tempfile.TemporaryFile()  # not a pipe: nobody reads it while the program runs
    try:
        p = subprocess.Popen([program, *args], stdin=stdin, stderr=slave,
                             stdout=slave if stdout_on_terminal else out_file)
        os.close(slave)
        slave = -1
        seen = b""
        while True:  # drain the terminal while the program runs, so that it never blocks
            ready, _, _ = select.select([master], [], [], 0.1)
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError:  # the program is gone and the terminal closed
                    break
                if not chunk:
                    break
                seen += chunk
            elif p.poll() is not None:
                break
        status = p.wait(timeout=300)
        out_file.seek(0)
        return status, None if stdout_on_terminal else out_file.read(), seen
    finally:
        out_file.close()
        if slave >= 0:
            os.close(slave)
        os.close(master)


with tempfile.TemporaryDirectory() as tmp:
    text = os.path.join(tmp, "text.txt")
    with open(text, "wb") as f:
        f.write(TEXT)

    # hyphenate
    plain = run(HYPHENATE, [text])
    check("hyphenate: no progress when standard error is not a terminal", plain.returncode == 0 and plain.stderr == b"",
          f"{plain.stderr!r}")
    for name, args, data in [("a file", [text], b""), ("standard input (size unknown)", [], TEXT),
                             ("--words", ["--words"], TEXT)]:
        base = run(HYPHENATE, args, data)
        shown = run(HYPHENATE, ["--progress", *args], data)
        err = shown.stderr.decode(errors="replace")
        check(f"hyphenate --progress, {name}: on standard error",
              shown.returncode == 0 and err.startswith("\rhyphenate: ") and err.endswith("\n") and " in 0:" in err
              and f"{len(TEXT) / 1024:.1f} KiB" in err, f"{err!r}")
        check(f"hyphenate --progress, {name}: standard output unchanged", shown.stdout == base.stdout and base.returncode == 0)
        quiet = run(HYPHENATE, ["--no-progress", *args], data)
        check(f"hyphenate --no-progress, {name}: nothing on standard error",
              quiet.returncode == 0 and quiet.stderr == b"" and quiet.stdout == base.stdout, f"{quiet.stderr!r}")
    # Large enough for a line before the last one (the clock is read every 16 reads of 64 KiB).
    big = os.path.join(tmp, "big.txt")
    with open(big, "wb") as f:
        f.write(TEXT * 5)
    shown = run(HYPHENATE, ["--progress", big])
    check("hyphenate --progress, a file: the share done, of the size", shown.returncode == 0 and re.search(
        rb"\rhyphenate: +\d+% [0-9.]+ [KM]iB of " + f"{5 * len(TEXT) / 2**20:.1f} MiB, ".encode(), shown.stderr), f"{shown.stderr!r}")
    shown = run(HYPHENATE, ["--progress"], TEXT * 5)
    check("hyphenate --progress, a pipe: what is done and the rate", shown.returncode == 0 and re.search(
        rb"\rhyphenate: [0-9.]+ [KM]iB, 0:\d\d elapsed, [0-9.]+ [KM]iB/s  \(standard input\)", shown.stderr), f"{shown.stderr!r}")
    cli_support.expect_error(HYPHENATE, "hyphenate: --progress and --no-progress exclusive", ["--progress", "--no-progress"], 2,
                             "exclusive")

    with open(text, "rb") as stdin:
        status, out, seen = run_on_terminal(HYPHENATE, [], stdin)
    check("hyphenate: progress by default when standard error is a terminal",
          status == 0 and out == plain.stdout and b"hyphenate: " in seen, f"{status} {seen[:200]!r}")
    with open(text, "rb") as stdin:
        status, out, seen = run_on_terminal(HYPHENATE, ["--no-progress"], stdin)
    check("hyphenate --no-progress on a terminal", status == 0 and out == plain.stdout and seen == b"", f"{seen[:200]!r}")
    with open(text, "rb") as stdin:
        status, _, seen = run_on_terminal(HYPHENATE, [], stdin, stdout_on_terminal=True)
    check("hyphenate: no progress by default when standard output is the terminal too",
          status == 0 and b"\rhyphenate: " not in seen, f"{seen[-200:]!r}")

    # hyph-store
    tsv = os.path.join(tmp, "house.tsv")
    with open(tsv, "w") as f:
        for i in range(3000):
            f.write(f"table{chr(97 + i % 26)}{i % 7}\tta-ble{chr(97 + i % 26)}{i % 7}\n".replace("0", "").replace("1", "")
                    .replace("2", "").replace("3", "").replace("4", "").replace("5", "").replace("6", ""))
    stores = {}
    for mode in ["", "--progress", "--no-progress"]:
        out = os.path.join(tmp, "store.hyphstore")  # one name: the summary line names it
        r = run(HYPH_STORE, [*([mode] if mode else []), "-o", out, tsv, USHYPHEX])
        stores[mode] = (r, open(out, "rb").read() if r.returncode == 0 else b"")
    base, shown, quiet = stores[""][0], stores["--progress"][0], stores["--no-progress"][0]
    summary = base.stderr
    check("hyph-store: the summary alone when standard error is not a terminal",
          base.returncode == 0 and summary.startswith(b"hyph-store: ") and summary.count(b"\n") == 1 and b"\r" not in summary,
          f"{summary!r}")
    check("hyph-store --progress: on standard error, then the summary",
          shown.returncode == 0 and shown.stderr.startswith(b"\rhyph-store: ") and shown.stderr.endswith(b"\n" + summary)
          and b"  writing " in shown.stderr and b" in 0:" in shown.stderr, f"{shown.stderr!r}")
    check("hyph-store --progress: nothing on standard output, the same store",
          shown.stdout == b"" and stores["--progress"][1] == stores[""][1] != b"")
    check("hyph-store --no-progress: the summary alone", quiet.returncode == 0 and quiet.stderr == summary
          and stores["--no-progress"][1] == stores[""][1], f"{quiet.stderr!r}")
    status, out, seen = run_on_terminal(HYPH_STORE, ["-o", os.path.join(tmp, "tty.hyphstore"), tsv], subprocess.DEVNULL)
    check("hyph-store: progress by default when standard error is a terminal",
          status == 0 and b"\rhyph-store: " in seen and out == b"", f"{seen[:200]!r}")

    # filter-experiment: a short run (its timings differ from run to run: only standard error
    # is compared).
    words = os.path.join(tmp, "words.txt")
    with open(words, "w") as f:
        f.write("hyphenation\ntable\nalgebraically\nparagraphs\n" * 50)
    args = [words, "--reps", "2", "--rates", "0.05", "--filters", "bloom", "--hyphenex", USHYPHEX, "--out", tmp]
    shown = run(FILTER_EXPERIMENT, ["--progress", *args])
    err = shown.stderr.decode(errors="replace")
    check("filter-experiment --progress: on standard error", shown.returncode == 0 and "\rfilter-experiment: 9 of 9 in " in err,
          f"{err!r}")
    check("filter-experiment --progress: standard output is the summary only",
          b"filter-experiment" not in shown.stdout and shown.stdout.startswith(b"filter "), f"{shown.stdout[:200]!r}")
    for mode in [[], ["--no-progress"]]:
        quiet = run(FILTER_EXPERIMENT, [*mode, *args])
        check(f"filter-experiment {' '.join(mode) or '(default)'}: no progress, not on a terminal",
              quiet.returncode == 0 and b"\r" not in quiet.stderr and b" of 9" not in quiet.stderr, f"{quiet.stderr!r}")
cli_support.finish()
