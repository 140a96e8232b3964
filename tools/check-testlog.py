#!/usr/bin/env python3
"""Fails unless the last `meson test` in a build directory ran the whole suite.

usage: check-testlog.py [BUILD_DIR]     (default: build)

`meson test` exits 0 and prints "No tests defined." in a build configured with -Dtests=false,
and then writes no testlog, so an old one may still be there. This compares meson's own
list of the tests the build defines (`meson introspect --tests`) with the results in
BUILD_DIR/meson-logs/testlog.json: at least one test, every one of them with a result, none
failed. Prints one line of totals.
"""
import json
import os
import subprocess
import sys


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else "build"
    me = os.path.basename(sys.argv[0])
    try:
        defined = json.loads(subprocess.run(["meson", "introspect", "--tests", build], check=True,
                                            capture_output=True, text=True).stdout)
    except (OSError, subprocess.CalledProcessError, json.JSONDecodeError) as e:
        print(f"{me}: cannot list the tests of {build}: {e}", file=sys.stderr)
        return 1
    if not defined:
        print(f"{me}: {build} defines no tests (configured with -Dtests=false?); run tools/setup.sh "
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
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
