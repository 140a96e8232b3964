"""Runs one of the Python package's pytest modules for meson test.

    run.py [--sanitized] [--needs MODULE]... TEST_FILE [PYTEST ARGS]

Exits 77 (meson's "skipped") in a sanitizer build, where an instrumented extension cannot
load into the uninstrumented interpreter, and where pytest or a module the test needs is
missing; otherwise pytest's verdict (0 passed, 1 failed). The package is imported from the
build folder (PYTHONPATH set by meson).
"""
import importlib.util
import sys

SKIP = 77


def main(argv):
    needs = []
    while argv and argv[0].startswith("--"):
        option = argv.pop(0)
        if option == "--sanitized":
            print("skipped: a sanitizer build's extension cannot load into an uninstrumented python")
            return SKIP
        if option == "--needs":
            needs.append(argv.pop(0))
    for module in ["pytest", *needs]:
        if importlib.util.find_spec(module) is None:
            print(f"skipped: Python module {module} is not installed for {sys.executable}")
            return SKIP
    import pytest
    status = pytest.main(["-q", "-p", "no:cacheprovider", *argv])
    if status == pytest.ExitCode.NO_TESTS_COLLECTED:
        return 1
    return int(status)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
