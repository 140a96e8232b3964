#!/usr/bin/env python3
"""The drop-in's exported symbols (suite default, test 'hyphen-exports').

    exports_test.py COMPAT_LIBHYPHEN_SO LIBHYPH_HYPHEN_SO

- The ABI-compatible libhyphen.so.0 has SONAME libhyphen.so.0 and exports exactly the dynamic
  symbols Debian's libhyphen.so.0 exports: compared with `nm -D` of the system library when it
  is installed, and always with the 18 names below (libhyphen 2.8.8).
- libhyph-hyphen.so exports exactly the 7 functions its hyphen.h declares.
- Neither exports anything of libhyph's C++ (no _Z symbol) nor any other strong symbol.
Exits 77 (skipped) without nm or readelf.
"""
import shutil
import subprocess
import sys
from pathlib import Path

LIBHYPHEN_2_8_8 = {
    "hnj_free", "hnj_hyphen_free", "hnj_hyphen_hyph_", "hnj_hyphen_hyphenate",
    "hnj_hyphen_hyphenate2", "hnj_hyphen_hyphenate3", "hnj_hyphen_hyphword", "hnj_hyphen_lhmin",
    "hnj_hyphen_load", "hnj_hyphen_load_file", "hnj_hyphen_load_line", "hnj_hyphen_norm",
    "hnj_hyphen_rhmin", "hnj_hyphen_strnlen", "hnj_ligature", "hnj_malloc", "hnj_realloc",
    "hnj_strchomp",
}
HYPHEN_H = {
    "hnj_hyphen_load", "hnj_hyphen_load_file", "hnj_hyphen_load_data", "hnj_hyphen_free",
    "hnj_hyphen_hyphenate", "hnj_hyphen_hyphenate2", "hnj_hyphen_hyphenate3",
}
SYSTEM_LIBHYPHEN = [
    Path("/usr/lib/x86_64-linux-gnu/libhyphen.so.0"),
    Path("/usr/lib/aarch64-linux-gnu/libhyphen.so.0"),
    Path("/usr/lib64/libhyphen.so.0"),
    Path("/usr/lib/libhyphen.so.0"),
]

failures = []


def fail(message):
    failures.append(message)
    print("FAIL:", message)


def exported(so):
    """Defined dynamic symbols: {name: nm type letter}."""
    out = subprocess.run(["nm", "-D", "--defined-only", str(so)], check=True, capture_output=True, text=True).stdout
    symbols = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3:
            symbols[parts[2].split("@")[0]] = parts[1]
    return symbols


def soname(so):
    out = subprocess.run(["readelf", "-d", str(so)], check=True, capture_output=True, text=True).stdout
    for line in out.splitlines():
        if "(SONAME)" in line:
            return line.split("[", 1)[1].rstrip("]")
    return None


def check_set(label, so, expected):
    symbols = exported(so)
    names = set(symbols)
    if names != expected:
        fail(f"{label}: exports differ: missing {sorted(expected - names)}, extra {sorted(names - expected)}")
    else:
        print(f"ok: {label} exports exactly {len(expected)} symbols")
    not_functions = sorted(n for n, t in symbols.items() if n in expected and t != "T")
    if not_functions:
        fail(f"{label}: not exported as functions: {not_functions}")
    cxx = sorted(n for n in names if n.startswith("_Z"))
    if cxx:
        fail(f"{label}: C++ symbols exported: {cxx[:10]}")


def main():
    if not shutil.which("nm") or not shutil.which("readelf"):
        print("SKIP: nm or readelf not found")
        return 77
    compat, hyph_hyphen = Path(sys.argv[1]), Path(sys.argv[2])

    if soname(compat) != "libhyphen.so.0":
        fail(f"{compat}: SONAME is {soname(compat)!r}, not libhyphen.so.0")
    check_set("libhyphen.so.0 (compat) vs libhyphen 2.8.8's list", compat, LIBHYPHEN_2_8_8)
    system = next((p for p in SYSTEM_LIBHYPHEN if p.exists()), None)
    if system is not None:
        check_set(f"libhyphen.so.0 (compat) vs {system}", compat, set(exported(system)))
    else:
        print("note: no system libhyphen.so.0; compared with the built-in list only")

    if soname(hyph_hyphen) != "libhyph-hyphen.so.0":
        fail(f"{hyph_hyphen}: SONAME is {soname(hyph_hyphen)!r}, not libhyph-hyphen.so.0")
    check_set("libhyph-hyphen.so vs hyphen.h", hyph_hyphen, HYPHEN_H)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
