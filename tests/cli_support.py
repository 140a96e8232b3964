"""Shared by the command-line tests: running a tool, and counting and reporting checks.

Each test script prints one line per check ("ok   NAME" or "FAIL NAME DETAIL") and ends
with finish(), whose exit status meson test reads.
"""
import os
import re
import subprocess
import sys

_failures = 0


# The variables that add language folders to the search (README, "Where patterns are found").
FOLDER_VARIABLES = ("HYPH_PATTERNS_DIR", "HYPH_DICTIONARIES")


def hermetic_env(env=None, system=False):
    """The environment for a command under test: the caller's, without its HYPH_PATTERNS_DIR
    and HYPH_DICTIONARIES, and with HYPH_NO_SYSTEM_DIRS=1 so that TeX Live's trees and
    /usr/share/hyphen are not searched either: the command sees only the folders the test
    names, whatever the machine has installed. system=True keeps the system's folders, for a
    test that looks at them (and then asserts what must be there, not that nothing else is).
    env adds variables last."""
    full_env = {k: v for k, v in os.environ.items() if k not in FOLDER_VARIABLES and k != "HYPH_NO_SYSTEM_DIRS"}
    if not system:
        full_env["HYPH_NO_SYSTEM_DIRS"] = "1"
    full_env.update(env or {})
    return full_env


def run(program, args, data=b"", env=None, timeout=300, system=False):
    """Runs program with args, data on stdin; output captured; in hermetic_env(env, system)."""
    return subprocess.run([program, *args], input=data, capture_output=True, timeout=timeout,
                          env=hermetic_env(env, system))


def check(name, condition, detail=""):
    global _failures
    if condition:
        print(f"ok   {name}")
    else:
        _failures += 1
        print(f"FAIL {name} {detail}")


def expect(program, name, args, data, out, env=None):
    """The program succeeds and writes exactly out."""
    r = run(program, args, data, env)
    check(name, r.returncode == 0 and r.stdout == out, f"got {r.returncode} {r.stdout!r} {r.stderr!r}")


def expect_error(program, name, args, status, messages, data=b""):
    """The program exits with status, writes nothing to stdout, and says every one of
    messages (a string or a list) on stderr."""
    r = run(program, args, data)
    err = r.stderr.decode(errors="replace")
    wanted = [messages] if isinstance(messages, str) else messages
    check(name, r.returncode == status and all(m in err for m in wanted) and r.stdout == b"",
          f"got {r.returncode} {err!r}")


def help_options(program):
    """The long options the program's --help lists."""
    return set(re.findall(r"--[a-z][a-z0-9-]*", run(program, ["--help"]).stdout.decode()))


def expect_hint_options_exist(program, name, args, data=b""):
    """The program fails, and every --option its message names is one of its own (a hint
    must not send the user to an option that does not exist)."""
    r = run(program, args, data)
    err = r.stderr.decode(errors="replace")
    named = set(re.findall(r"--[a-z][a-z0-9-]*", err))
    missing = named - help_options(program)
    check(name, r.returncode != 0 and named and not missing, f"status {r.returncode}, unknown {sorted(missing)} in {err!r}")


def finish():
    print(f"{_failures} failure(s)")
    sys.exit(1 if _failures else 0)
