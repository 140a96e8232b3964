#!/usr/bin/env python3
"""debian/*.symbols holds exactly what the built shared libraries export.

usage: symbols_test.py SYMBOLS_FILE LIBRARY [SYMBOLS_FILE LIBRARY]...

For each pair, the library's dynamic symbols (nm -D --defined-only, demangled by c++filt for
the (c++) entries; one such entry stands for every symbol with that name, as constructors have) are compared with the symbols file, as dpkg-gensymbols would at level 4:
- an export with no entry fails: a new symbol must be added, with the version bringing it;
- an entry the library no longer exports fails unless it is tagged (optional): removing a
  symbol breaks its users, so it needs a new SONAME (and a new symbols file for it);
- the file's first line must name the library's SONAME.
Exits 77 (skipped) without nm, readelf or c++filt (binutils).
"""

import re
import shutil
import subprocess
import sys

# What the linker defines in every shared object; dpkg-gensymbols leaves them out too.
LINKER_SYMBOLS = {"_init", "_fini", "_edata", "_end", "__bss_start"}


def run(*command):
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout


def soname(library):
    found = re.search(r"\(SONAME\)\s+Library soname: \[([^\]]+)\]", run("readelf", "-d", library))
    return found.group(1) if found else None


def version_nodes(library):
    """The symbol versions the library defines (LIBHYPH_0, ...), not the BASE one (its soname)."""
    return set(re.findall(r"Flags: (?!BASE)\S+\s+Index: \d+\s+Cnt: \d+\s+Name: (\S+)",
                          run("readelf", "-V", "-W", library)))


def exports(library):
    """{name@version: demangled name@version} of the defined dynamic symbols, demangled by
    c++filt as dpkg-gensymbols demangles them (nm -C abbreviates std::basic_ostream<char...>).
    A version node's own symbol (nm shows `A LIBHYPH_0`, unversioned) is NODE@NODE, as
    dpkg-gensymbols writes it."""
    nodes = version_nodes(library)
    raw_names = []
    for line in run("nm", "-D", "--defined-only", library).splitlines():
        parts = line.split(" ", 2)
        if len(parts) == 3 and parts[1] not in ("U", "w", "v"):
            raw_names.append(parts[2])
    names = [name.partition("@")[0] for name in raw_names]
    demangled = subprocess.run(["c++filt"], input="\n".join(names) + "\n", capture_output=True, text=True,
                               check=True).stdout.splitlines()
    result = {}
    for raw, name, plain in zip(raw_names, names, demangled):
        if name in LINKER_SYMBOLS:
            continue
        version = raw.partition("@")[2].lstrip("@") or (name if name in nodes else "Base")
        result[f"{name}@{version}"] = f"{plain}@{version}"
    return result


def read_symbols(path):
    """(soname, {entry: optional?}); entry is name@version, or demangled@version for (c++)."""
    header, entries = None, {}
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        line = line.rstrip("\n")
        if not line or line.startswith(("#", "*", "|")):
            continue
        if not line.startswith(" "):
            header = line.split()[0]
            continue
        found = re.match(r'^ (?:\(([^)]*)\))?("([^"]+)"|(\S+)) (\S+)', line)
        if not found:
            sys.exit(f"FAIL: {path}:{number}: cannot read this entry: {line!r}")
        tags = (found.group(1) or "").split("|")
        entries[found.group(3) or found.group(4)] = "optional" in tags
    return header, entries


def check(symbols_file, library):
    failures = []
    header, entries = read_symbols(symbols_file)
    actual = soname(library)
    if header != actual:
        failures.append(f"{symbols_file} is for {header}, but the library's SONAME is {actual}: "
                        "write the symbols file for the new SONAME (and rename the package)")
    exported = exports(library)
    seen = set()
    for raw, demangled in sorted(exported.items()):
        key = raw if raw in entries else demangled if demangled in entries else None
        if key is None:
            failures.append(f"{library} exports {demangled} ({raw}), which {symbols_file} does not list: "
                            "add it with the version that brings it (or stop exporting it)")
        else:
            seen.add(key)
    for entry, optional in sorted(entries.items()):
        if entry not in seen and not optional:
            failures.append(f"{symbols_file} lists {entry}, which {library} no longer exports: "
                            "removing a symbol needs a SONAME bump")
    print(f"{symbols_file}: {len(entries)} entries; {library}: {len(exported)} exports, SONAME {actual}")
    return failures


def main():
    pairs = sys.argv[1:]
    if not pairs or len(pairs) % 2:
        sys.exit(__doc__)
    for tool in ("nm", "readelf", "c++filt"):
        if shutil.which(tool) is None:
            print(f"SKIP: {tool} not found (Debian: binutils)")
            sys.exit(77)
    failures = []
    for i in range(0, len(pairs), 2):
        failures += check(pairs[i], pairs[i + 1])
    for failure in failures:
        print("FAIL:", failure)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
