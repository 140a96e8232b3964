#!/usr/bin/env python3
"""Hostile input through the `hyphenate` command: a clear one-line message and a defined
exit status, or the input passed through byte for byte; never lost output.

usage: hostile_cli_test.py PATH/TO/hyphenate [--unreadable]

--unreadable runs only the chmod 000 cases. Root reads any file, so as root the command runs
as the user nobody (uid, gid and no other groups, as setpriv --reuid=nobody --regid=nogroup
--clear-groups would set them), in a folder nobody can reach; where nobody cannot reach the
command itself (a build under a private home), it runs as root without the capabilities that
override file modes (setpriv --bounding-set=-dac_override,-dac_read_search). Either way the
open really fails with EACCES; the test never skips.
"""
import os
from functools import partial
import pwd
import shutil
import signal
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cli_support  # noqa: E402  (tests/cli_support.py)
from cli_support import check, finish  # noqa: E402

HYPHENATE = sys.argv[1]
run = partial(cli_support.run, HYPHENATE)


def expect_error(name, args, status, message, data=b""):
    r = run(args, data)
    err = r.stderr.decode(errors="replace")
    check(name, r.returncode == status and err.startswith("hyphenate: ") and message in err and err.count("\n") == 1,
          f"got {r.returncode} {err!r}")
    return r


def expect_output(name, args, data, out):
    r = run(args, data)
    check(name, r.returncode == 0 and r.stdout == out and r.stderr == b"", f"got {r.returncode} {r.stdout[:200]!r} {r.stderr!r}")


def unprivileged_runner(tmp):
    """How to run the command so that file modes bind it: a function like cli_support.run, and
    what it does. As root: as nobody if nobody can run the command and read a file in tmp,
    else as root without the capabilities that override file modes."""
    if os.geteuid() != 0:
        return run, f"as uid {os.geteuid()}"
    try:
        entry = pwd.getpwnam("nobody")
        uid, gid = entry.pw_uid, entry.pw_gid
    except KeyError:
        uid = gid = 65534  # nobody and nogroup on Debian, also where the name is missing
    os.chmod(tmp, 0o755)  # tempfile made it 0700: nobody must reach the files in it

    def as_nobody(args, data=b""):
        return subprocess.run([HYPHENATE, *args], input=data, capture_output=True, timeout=60, env=cli_support.hermetic_env(),
                              user=uid, group=gid, extra_groups=[])

    readable = os.path.join(tmp, "readable.txt")
    with open(readable, "w") as f:
        f.write("table\n")
    os.chmod(readable, 0o644)
    try:
        probe = as_nobody([readable])
        if probe.returncode == 0 and probe.stdout == b"ta-ble\n":
            return as_nobody, f"as root, the command as uid {uid} gid {gid}"
        why = probe.stderr.decode(errors="replace").strip()
    except OSError as e:  # exec refused: a folder on the way to the command is closed to nobody
        why = str(e)
    setpriv = shutil.which("setpriv")
    check("as root, the command runs as nobody or without the DAC capabilities", setpriv is not None,
          f"nobody cannot run {HYPHENATE} ({why}), and there is no setpriv (util-linux) to drop root's capabilities")
    print(f"note: nobody cannot run {HYPHENATE} ({why}); running it as root without CAP_DAC_OVERRIDE")

    def without_dac_capabilities(args, data=b""):
        return subprocess.run([setpriv, "--bounding-set=-dac_override,-dac_read_search", "--", HYPHENATE, *args], input=data,
                              capture_output=True, timeout=60, env=cli_support.hermetic_env())

    return without_dac_capabilities, "as root without CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH"


def unreadable_cases(tmp):
    runner, how = unprivileged_runner(tmp)
    print(f"running the command {how}")
    for name in ["u.pat.txt", "u.hyp.txt", "u.txt"]:
        path = os.path.join(tmp, name)
        with open(path, "w") as f:
            f.write("ab1c\n" if name.endswith(".pat.txt") else "ta-ble\n")
        os.chmod(path, 0)
    for name, args, message in [("unreadable pattern file", ["-p", os.path.join(tmp, "u.pat.txt")], "u.pat.txt: cannot open: Permission denied"),
                                ("unreadable exception file", ["-e", os.path.join(tmp, "u.hyp.txt")], "u.hyp.txt: cannot open: Permission denied"),
                                ("unreadable input", [os.path.join(tmp, "u.txt")], "u.txt: cannot open: Permission denied")]:
        r = runner(args)
        err = r.stderr.decode(errors="replace")
        check(name, r.returncode == 1 and err.startswith("hyphenate: ") and message in err and err.count("\n") == 1,
              f"got {r.returncode} {err!r}")


with tempfile.TemporaryDirectory() as tmp:
    if "--unreadable" in sys.argv[2:]:
        unreadable_cases(tmp)
        finish()

    # Directories where files are expected.
    expect_error("directory as pattern file", ["-p", tmp], 1, f"{tmp}: is a directory")
    expect_error("directory as exception file", ["-e", tmp], 1, f"{tmp}: is a directory")
    expect_error("directory as input", [tmp], 1, f"{tmp}: is a directory")
    # An input that is fine, then a directory: the first one's output is all there.
    ok = os.path.join(tmp, "ok.txt")
    with open(ok, "wb") as f:
        f.write(b"hyphenation")
    r = run([ok, tmp])
    check("output before a failing input is kept", r.returncode == 1 and r.stdout == b"hy-phen-ation", f"got {r.returncode} {r.stdout!r}")

    # Sources in the wrong encoding, or with NULs: the file, line and column.
    def source(name, data):
        path = os.path.join(tmp, name)
        with open(path, "wb") as f:
            f.write(data)
        return path

    expect_error("Latin-1 pattern file", ["-p", source("l1.pat.txt", b"ab1c\ncaf\xe91x\n")], 1, "l1.pat.txt:2:4: invalid UTF-8 (byte 0xE9)")
    expect_error("Latin-1 exception file", ["-e", source("l1.hyp.txt", b"ta-ble\nna\xefve\n")], 1, "l1.hyp.txt:2:3: invalid UTF-8 (byte 0xEF)")
    utf16 = "\\patterns{ab1c}\n".encode("utf-16")  # with its byte-order mark
    expect_error("UTF-16 TeX file", ["-p", source("u16.tex", utf16)], 1, "u16.tex:1:1: UTF-16 byte-order mark")
    expect_error("UTF-16 TeX file without BOM", ["-p", source("u16le.tex", "\\patterns{ab1c}\n".encode("utf-16-le"))], 1,
                 "u16le.tex:1:2: NUL byte")
    expect_error("UTF-16 exception file", ["-e", source("u16.hyp.txt", "ta-ble\n".encode("utf-16"))], 1, "u16.hyp.txt:1:1: UTF-16")
    expect_error("NUL in a pattern file", ["-p", source("nul.pat.txt", b"ab1c\nb\x001c\n")], 1, "nul.pat.txt:2:2: NUL byte")
    expect_error("CR-only lines in a pattern file", ["-p", source("cr.pat.txt", b"a1b\rb1c\r\rc11d\r")], 1,
                 "cr.pat.txt:4:3: Nonletter: two digits in a row")
    expect_error("surrogate in an exception file", ["-e", source("s.hyp.txt", b"ta-\xed\xa0\x80ble")], 1, "s.hyp.txt:1:4: invalid UTF-8 (byte 0xED)")
    expect_error("duplicate patterns", ["-p", source("dup.pat.txt", b"a1b\nab2\n")], 1, "dup.pat.txt:2:1: Duplicate pattern (first at")
    expect_error("empty file of unknown format", ["-p", source("empty", b"")], 1, "empty: cannot tell the format")
    expect_output("empty pattern file", ["-p", source("e.pat.txt", b"")], b"hyphenation", b"hyphenation")

    # Running text: every byte comes back.
    expect_output("BOM, NUL, CR, invalid UTF-8, surrogates, no final newline", [],
                  b"\xef\xbb\xbfhyphenation\r\x00hyphenation\xff \xed\xa0\x80hyphenation\rtable",
                  b"\xef\xbb\xbfhy-phen-ation\r\x00hy-phen-ation\xff \xed\xa0\x80hy-phen-ation\rta-ble")
    # A word of 1.1 million letters, no white space, no newline: TeX looks at its first 63
    # letters only, as if they were the whole word.
    word = b"hyphenation" * 100000
    expect_output("a word of a million letters", [], word, run([], word[:63]).stdout + word[63:])
    expect_output("a word followed by a megabyte of punctuation", [], b"hyphenation" + b"." * 1000000,
                  b"hy-phen-ation" + b"." * 1000000)
    expect_output("... and then a hyphen", [], b"hyphenation" + b"." * 1000000 + b"-x", b"hyphenation" + b"." * 1000000 + b"-x")
    expect_output("words mode, no final newline", ["--words"], b"table\nhyphenation", b"ta-ble\nhy-phen-ation")

    # Output that cannot be written: an error, not silence.
    with open("/dev/full", "wb") as full:
        for args in ([], ["--words"]):
            r = subprocess.run([HYPHENATE, *args], input=b"hyphenation\n" * 1000, stdout=full, stderr=subprocess.PIPE, timeout=60)
            err = r.stderr.decode(errors="replace")
            check(f"full disk {args}", r.returncode == 1 and "standard output: No space left on device" in err, f"got {r.returncode} {err!r}")

    # A reader that goes away: `hyphenate < big | head -1` ends quietly, and as SIGPIPE ends
    # it (status 141, never 0: output was lost), whether SIGPIPE kills it (the shell's default)
    # or was ignored when it started (then it meets EPIPE and ends itself the same way).
    big = os.path.join(tmp, "big.txt")
    with open(big, "wb") as f:
        f.write(b"hyphenation table\n" * 1000000)  # 18 MB
    for args in ([], ["--words"]):
        for ignore in (False, True):
            trap = "trap '' PIPE; " if ignore else ""
            script = f'{trap}"$0" "$@" < "{big}" | head -1; echo "status ${{PIPESTATUS[0]}}" >&2'
            r = subprocess.run(["bash", "-c", script, HYPHENATE, *args], capture_output=True, timeout=300)
            err = r.stderr.decode(errors="replace")
            statuses = ["status 141"]
            check(f"closed pipe {args} SIGPIPE {'ignored' if ignore else 'default'}",
                  r.stdout == b"hy-phen-ation ta-ble\n" and err.strip() in statuses, f"got {r.stdout[:80]!r} {err!r}")

finish()
