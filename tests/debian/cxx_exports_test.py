#!/usr/bin/env python3
"""libhyph-cxx exports the public C++ API and nothing else (engine/libhyph-cxx.map).

usage: cxx_exports_test.py LIBRARY

Its package has no symbols file (the soname is the release: doc/c-api.md), so this is the
check that keeps its exports to what a client may bind to: functions in namespace hyph outside
the internal namespaces, and the vtables and type information of hyph's classes. A template
instance of the standard library, or an internal class's vtable, fails. Exits 77 (skipped)
without nm, readelf or c++filt (binutils).
"""

import re
import shutil
import sys

from symbols_test import exports

INTERNAL = ("detail", "patterns", "dic", "filters", "exceptions", "base", "utf8")
# The name before its parameters: an internal class behind a public one (X::Impl) is not public.
PUBLIC = re.compile(r"^(?:(?:typeinfo name for|typeinfo for|vtable for) )?hyph::(?!(?:%s)::)(?![^(]*::Impl\b)" %
                    "|".join(INTERNAL))


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    for tool in ("nm", "readelf", "c++filt"):
        if shutil.which(tool) is None:
            print(f"SKIP: {tool} not found (Debian: binutils)")
            sys.exit(77)
    exported = exports(sys.argv[1])
    stray = sorted(d.rpartition("@")[0] for d in exported.values() if not PUBLIC.match(d))
    print(f"{sys.argv[1]}: {len(exported)} exports, {len(stray)} outside the public C++ API")
    for name in stray:
        print("FAIL: exported, not public:", name[:300])
    sys.exit(1 if stray else 0)


if __name__ == "__main__":
    main()
