#!/usr/bin/env python3
"""Fails unless the last `meson test` in a build directory ran the whole suite.

usage: check-testlog.py [--no-skips] [BUILD_DIR]     (default: build)

`meson test` exits 0 and prints "No tests defined." in a build configured with -Dtests=false,
and then writes no testlog, so an old one may still be there. This compares meson's own
list of the tests the build defines (`meson introspect --tests`) with the results in
BUILD_DIR/meson-logs/testlog.json: at least one test, every one of them with a result, none
failed. Prints one line of totals.

With --no-skips, a skipped test fails the check too, unless tests/excused-skips.txt names it
(one test a line, its reason after a tab; '#' starts a comment). dev/check-fresh-root.sh
asks this of a fresh machine set up by README's test command, where every test can run.
"""
import json
import os
import subprocess
import sys


def excused_skips():
    """The tests tests/excused-skips.txt allows to skip, by name."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "excused-skips.txt")
    names = set()
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                names.add(line.split("\t", 1)[0].strip())
    return names


def main():
    args = sys.argv[1:]
    no_skips = "--no-skips" in args
    args = [a for a in args if a != "--no-skips"]
    build = args[0] if args else "build"
    me = os.path.basename(sys.argv[0])
    try:
        defined = json.loads(subprocess.run(["meson", "introspect", "--tests", build], check=True,
                                            capture_output=True, text=True).stdout)
    except (OSError, subprocess.CalledProcessError, json.JSONDecodeError) as e:
        print(f"{me}: cannot list the tests of {build}: {e}", file=sys.stderr)
        return 1
    if not defined:
        print(f"{me}: {build} defines no tests (configured with -Dtests=false?); run dev/setup.sh "
              "without --minimal", file=sys.stderr)
        return 1
    log = os.path.join(build, "meson-logs", "testlog.json")
    try:
        with open(log) as f:
            results = [json.loads(line) for line in f if line.strip()]
    except OSError as e:
        print(f"{me}: no test results: {e}", file=sys.stderr)
        return 1
    passed = sum(r["result"] in ("OK", "EXPECTEDFAIL") for r in results)
    skipped = sum(r["result"] == "SKIP" for r in results)
    failed = len(results) - passed - skipped
    print(f"{me}: {len(results)} of {len(defined)} tests ran: {passed} passed, {failed} failed, {skipped} skipped")
    if len(results) != len(defined):
        print(f"{me}: {log} holds {len(results)} results, but {build} defines {len(defined)} tests "
              "(not the whole suite, or an old log)", file=sys.stderr)
        return 1
    if failed:
        return 1
    if no_skips:
        excused = excused_skips()
        unexcused = [r["name"] for r in results if r["result"] == "SKIP" and r["name"] not in excused]
        for r in results:
            if r["name"] in unexcused:
                reason = (r.get("stdout") or "").strip().splitlines()[-1:] or [""]
                print(f"{me}: skipped, and not excused in tests/excused-skips.txt: {r['name']}: {reason[0]}",
                      file=sys.stderr)
        if unexcused:
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
