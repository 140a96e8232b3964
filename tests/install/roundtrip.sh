#!/usr/bin/env bash
# Install round trip: `meson install` into a temporary DESTDIR, then use what was installed the
# way a user would.
#
#   roundtrip.sh BUILD_DIR SOURCE_DIR CHECK
#
#   link     build tests/install/example.c (C99) with `pkg-config --cflags --libs libhyph` and
#            example.cpp (C++20) with `... libhyph-cxx`, against the shared libraries (the C
#            API's libhyph.so.0, the C++ API's libhyph-cxx.so.VERSION) and, with
#            `pkg-config --static ... libhyph`, both against the static one; run them; they
#            must print "hy-phen-ation".
#            Then doc/c-api.md's `cc -static` line, as written: a program with no shared
#            library at all.
#            Also checks the fields of the installed libhyph.pc, and that README.md and
#            doc/c-api.md show the examples as they are.
#   headers  every installed header compiles alone in a translation unit: C++20, and the C
#            headers (hyph.h, export.h, version.h) also as C99; the installed set is
#            include/hyph/*.h and the generated version.h.
#   hyphen   the drop-in libhyphen: libhyph-hyphen.pc, <libhyph-hyphen/hyphen.h>, and
#            tests/hyphen/example.c (a libhyphen client) built with
#            `pkg-config --cflags --libs libhyph-hyphen` and run against the installed library;
#            the ABI-compatible libhyphen.so.0 only in libdir/libhyph/compat.
#   python   the Python package went where the build's interpreter imports from: the folder
#            holding libhyph/ is on its sys.path (for the build's prefix where the interpreter
#            searches it), and `import libhyph` from the DESTDIR copy hyphenates. Then the
#            same source configured (not built) for prefix /usr/local and for the interpreter's
#            own prefix (/usr for Debian's python3) must install the package on sys.path too.
#   exports  libhyph.so.0 exports exactly the hyph_* functions of hyph.h, each at version
#            LIBHYPH_0, and nothing else; libhyph-cxx.so exports every function of namespace
#            hyph and nothing of the internals (hyph::detail, hyph::patterns, hyph::dic,
#            hyph::filters, hyph::utf8); the sonames are libhyph.so.0 and libhyph-cxx.so.VERSION.
#
# Environment: CC and CXX, the compilers (default cc, c++); HYPH_SANITIZE, meson's b_sanitize
# value, so that examples link against a sanitized library; HYPH_PYTHON, the interpreter the
# Python package is built for (check python). Exits 77 (skipped) without pkg-config, a C
# compiler or nm, and the python check in a sanitizer build (an instrumented module cannot
# load into an uninstrumented interpreter).
set -euo pipefail

build=$(cd "$1" && pwd)
source=$(cd "$2" && pwd)
check=$3

skip() {
  echo "SKIP: $*"
  exit 77
}
fail() {
  echo "FAIL: $*" >&2
  exit 1
}

read -ra cc <<<"${CC:-cc}"
read -ra cxx <<<"${CXX:-c++}"
command -v pkg-config >/dev/null || skip "pkg-config not found"
command -v "${cc[0]}" >/dev/null || skip "no C compiler (${cc[0]})"
command -v "${cxx[0]}" >/dev/null || skip "no C++ compiler (${cxx[0]})"
[[ $check != exports ]] || command -v nm >/dev/null || skip "nm not found"

san=()
c_san_libs=()
if [[ -n ${HYPH_SANITIZE:-} && ${HYPH_SANITIZE} != none ]]; then
  san=("-fsanitize=${HYPH_SANITIZE}")
  # clang links the C++ parts of its sanitizer runtimes (UBSan's vptr check, which the
  # library's C++ was built with) only into C++ programs; a C program asks for them, and for
  # the C++ library they need. (GCC's shared runtimes hold them anyway.)
  if "${cc[@]}" -dM -E -x c /dev/null 2>/dev/null | grep -q '__clang__'; then
    c_san_libs=(-fsanitize-link-c++-runtime -lstdc++)
  fi
fi

tmp=$(mktemp -d)
dest=$tmp/dest
# meson install rewrites the build's install log, which `ninja uninstall` reads: keep the
# user's own. (These tests are not run in parallel with each other, so this cannot race.)
log=$build/meson-logs/install-log.txt
saved_log=""
if [[ -f $log ]]; then
  saved_log=$tmp/install-log.txt
  cp "$log" "$saved_log"
fi
cleanup() {
  if [[ -n $saved_log ]]; then cp "$saved_log" "$log"; else rm -f "$log"; fi
  rm -rf "$tmp"
}
trap cleanup EXIT

meson install -C "$build" --no-rebuild --destdir "$dest" --quiet >"$tmp/install.out" 2>&1 ||
  { cat "$tmp/install.out"; fail "meson install"; }

# Where things went: prefix, libdir and includedir as configured.
{
  read -r prefix
  read -r libdir
  read -r includedir
} < <(meson introspect --buildoptions "$build" | python3 -c '
import json, sys
options = {o["name"]: o["value"] for o in json.load(sys.stdin)}
prefix = options["prefix"]
for v in (prefix, options["libdir"], options["includedir"]):
    print(v if v.startswith("/") else prefix.rstrip("/") + "/" + v)
')
version=$(meson introspect --projectinfo "$build" | python3 -c 'import json, sys; print(json.load(sys.stdin)["version"])')
libdir_d=$dest$libdir
includedir_d=$dest$includedir

# The examples shown in README.md and doc/c-api.md, each after a line
# "<!-- example: tests/install/FILE -->" in a fenced block, must be the files built here.
check_doc_copies() {
  local doc file count
  for doc in README.md doc/c-api.md; do
    count=0
    while read -r file; do
      count=$((count + 1))
      awk -v marker="<!-- example: $file -->" '
        $0 == marker { found = 1; next }
        found == 1 && /^```/ { found = 2; next }
        found == 2 && /^```/ { exit }
        found == 2 { print }
      ' "$source/$doc" | cmp -s - "$source/$file" || fail "$doc: the copy of $file differs from the file"
      echo "ok: $doc shows $file as it is"
    done < <(sed -n 's/^<!-- example: \(.*\) -->$/\1/p' "$source/$doc")
    [[ $doc != README.md || $count -eq 2 ]] || fail "README.md should show example.c and example.cpp (found $count)"
  done
}

check_link() {
  check_doc_copies
  local pc=$libdir_d/pkgconfig/libhyph.pc
  [[ -f $pc ]] || fail "no libhyph.pc in $libdir/pkgconfig"
  echo "--- installed libhyph.pc"
  cat "$pc"
  grep -qx "Version: $version" "$pc" || fail "libhyph.pc: Version is not $version"
  grep -q '^Requires.private:.*icu-uc' "$pc" || fail "libhyph.pc: Requires.private lacks icu-uc (the static library needs ICU)"
  grep -q '^Libs:.*-lhyph' "$pc" || fail "libhyph.pc: Libs lacks -lhyph"
  grep -q '^Cflags:.*-I${includedir}' "$pc" || fail "libhyph.pc: Cflags lacks -I\${includedir}"
  if grep -q '^Requires:' "$pc"; then fail "libhyph.pc: the public headers need no other package, so no Requires"; fi
  # The .pc as installed, with its prefix moved to where DESTDIR put it; every other path must
  # be relative to ${prefix} for that to work.
  mkdir -p "$tmp/pkgconfig"
  sed -e "s|^prefix=.*|prefix=$dest$prefix|" "$pc" >"$tmp/pkgconfig/libhyph.pc"
  local paths
  paths=$(grep -E '^(libdir|includedir)=' "$pc")
  [[ $(grep -c '=\${prefix}/' <<<"$paths") -eq 2 ]] || fail "libhyph.pc: libdir or includedir not under \${prefix}"
  export PKG_CONFIG_PATH=$tmp/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}

  local cxx_pc=$libdir_d/pkgconfig/libhyph-cxx.pc
  [[ -f $cxx_pc ]] || fail "no libhyph-cxx.pc in $libdir/pkgconfig"
  grep -qx "Version: $version" "$cxx_pc" || fail "libhyph-cxx.pc: Version is not $version"
  grep -q '^Libs:.*-lhyph-cxx' "$cxx_pc" || fail "libhyph-cxx.pc: Libs lacks -lhyph-cxx"
  sed -e "s|^prefix=.*|prefix=$dest$prefix|" "$cxx_pc" >"$tmp/pkgconfig/libhyph-cxx.pc"

  local cflags libs cxx_libs static_libs
  cflags=$(pkg-config --cflags libhyph)
  libs=$(pkg-config --libs libhyph)
  cxx_libs=$(pkg-config --libs libhyph-cxx)
  static_libs=$(pkg-config --static --libs libhyph)
  echo "--- pkg-config: --cflags: $cflags"
  echo "--- pkg-config: --libs: $libs"
  echo "--- pkg-config: --libs libhyph-cxx: $cxx_libs"
  echo "--- pkg-config: --static --libs: $static_libs"
  # -lhyph finds the shared library when both are there; -l:libhyph.a names the static one.
  local static_only=${static_libs//-lhyph/-l:libhyph.a}

  local c_flags=(-std=c99 -Wall -Wextra -pedantic -Werror "${san[@]}")
  local cxx_flags=(-std=c++20 -Wall -Wextra -pedantic -Werror "${san[@]}")
  # shellcheck disable=SC2086  # pkg-config output is meant to be split into words
  {
    "${cc[@]}" "${c_flags[@]}" $cflags "$source/tests/install/example.c" -o "$tmp/example-c" $libs "${c_san_libs[@]}"
    "${cxx[@]}" "${cxx_flags[@]}" $cflags "$source/tests/install/example.cpp" -o "$tmp/example-cpp" $cxx_libs
    "${cc[@]}" "${c_flags[@]}" $cflags "$source/tests/install/example.c" -o "$tmp/example-c-static" $static_only "${c_san_libs[@]}"
    "${cxx[@]}" "${cxx_flags[@]}" $cflags "$source/tests/install/example.cpp" -o "$tmp/example-cpp-static" $static_only
  }

  local program out loaded wanted
  for program in example-c example-cpp; do
    out=$(LD_LIBRARY_PATH=$libdir_d "$tmp/$program")
    echo "--- $program (shared): $out"
    [[ $out == "hy-phen-ation" ]] || fail "$program printed '$out'"
    # (Not `ldd | grep -q`: grep's early exit would fail the pipeline under pipefail.)
    loaded=$(LD_LIBRARY_PATH=$libdir_d ldd "$tmp/$program")
    wanted=$libdir_d/libhyph.so.0
    [[ $program == example-c ]] || wanted=$libdir_d/libhyph-cxx.so.$version
    [[ $loaded == *"$wanted"* ]] || fail "$program does not load the installed $(basename "$wanted")"
  done
  for program in example-c-static example-cpp-static; do
    out=$("$tmp/$program")
    echo "--- $program: $out"
    [[ $out == "hy-phen-ation" ]] || fail "$program printed '$out'"
    loaded=$(ldd "$tmp/$program")
    [[ $loaded != *libhyph* ]] || fail "$program loads a shared libhyph"
  done
  check_static_line
}

# doc/c-api.md's fully static link, the line after its marker run as written (in a folder
# where app.c is the C example), with PKG_CONFIG_PATH finding the installed libhyph.pc.
# (A plain `-l:libhyph.a` link, above, takes ICU and the C++ runtime from shared libraries,
# where the order of -l options does not matter; with -static it does.)
check_static_line() {
  local marker='<!-- static link: tests/install/roundtrip.sh runs this line -->' line out loaded
  line=$(awk -v marker="$marker" '$0 == marker { getline; print; exit }' "$source/doc/c-api.md")
  line=${line#"    "}
  [[ $line == "cc -static app.c "* ]] || fail "doc/c-api.md: no 'cc -static app.c ...' line after '$marker'"
  if ((${#san[@]})); then
    echo "note: a sanitized build cannot be linked with -static; doc/c-api.md's line not run"
    return
  fi
  mkdir "$tmp/static-line"
  cp "$source/tests/install/example.c" "$tmp/static-line/app.c"
  (cd "$tmp/static-line" && bash -c "$line") || fail "doc/c-api.md's static link failed: $line"
  out=$("$tmp/static-line/a.out")
  echo "--- doc/c-api.md's '$line': $out"
  [[ $out == "hy-phen-ation" ]] || fail "the program linked by doc/c-api.md's line printed '$out'"
  loaded=$(LC_ALL=C ldd "$tmp/static-line/a.out" 2>&1 || true)
  [[ $loaded == *"not a dynamic executable"* ]] || fail "doc/c-api.md's static link made a dynamic executable: $loaded"
}

check_headers() {
  local installed expected header
  installed=$(cd "$includedir_d/hyph" && printf '%s\n' *.h)
  # include/hyph/*.h, and version.h, which meson generates from version.h.in.
  expected=$(cd "$source/include/hyph" && printf '%s\n' *.h version.h | sort)
  [[ $installed == "$expected" ]] || fail "installed headers differ from include/hyph: $installed"
  for header in "$includedir_d"/hyph/*.h; do
    header=hyph/$(basename "$header")
    printf '#include <%s>\n' "$header" >"$tmp/one.cpp"
    "${cxx[@]}" -std=c++20 -Wall -Wextra -pedantic -Werror -fsyntax-only -I"$includedir_d" "$tmp/one.cpp" ||
      fail "$header does not compile alone as C++20"
    echo "ok: $header alone, C++20"
  done
  for header in hyph/hyph.h hyph/export.h hyph/version.h; do
    # (C forbids an empty translation unit: export.h alone declares nothing.)
    printf '#include <%s>\ntypedef int hyph_test_not_empty;\n' "$header" >"$tmp/one.c"
    "${cc[@]}" -std=c99 -Wall -Wextra -pedantic -Werror -fsyntax-only -I"$includedir_d" "$tmp/one.c" ||
      fail "$header does not compile alone as C99"
    echo "ok: $header alone, C99"
  done
}

check_exports() {
  local so=$libdir_d/libhyph.so.0 cxx_so=$libdir_d/libhyph-cxx.so.$version
  [[ -e $so ]] || fail "no libhyph.so.0 installed"
  [[ -e $cxx_so ]] || fail "no libhyph-cxx.so.$version installed"
  command -v readelf >/dev/null || skip "readelf not found"
  local soname
  soname=$(readelf -d "$so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
  [[ $soname == libhyph.so.0 ]] || fail "libhyph.so's soname is '$soname', not libhyph.so.0"
  soname=$(readelf -d "$cxx_so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
  [[ $soname == "libhyph-cxx.so.$version" ]] || fail "libhyph-cxx.so's soname is '$soname', not libhyph-cxx.so.$version"

  # libhyph.so.0: the C API of hyph.h, each function at LIBHYPH_0, and nothing else.
  local declared versioned exported unversioned
  declared=$(grep -o '^HYPH_EXPORT [^(]*hyph_[a-z0-9_]*(' "$source/include/hyph/hyph.h" | grep -o 'hyph_[a-z0-9_]*($' | tr -d '(' | sort -u)
  versioned=$(nm -D --defined-only --with-symbol-versions "$so" | awk '$3 != "LIBHYPH_0" { print $3 }')
  exported=$(sed -e 's/@.*//' <<<"$versioned" | sort -u)
  [[ $exported == "$declared" ]] ||
    fail "libhyph.so.0 exports other than hyph.h's functions:"$'\n'"$(diff <(echo "$declared") <(echo "$exported"))"
  unversioned=$(grep -v '@@LIBHYPH_0$' <<<"$versioned" || true)
  [[ -z $unversioned ]] || fail "libhyph.so.0 exports symbols outside LIBHYPH_0:"$'\n'"$unversioned"

  # libhyph-cxx: the C++ API, no C functions, no internals.
  local symbols demangled
  symbols=$(nm -D --defined-only "$cxx_so")
  demangled=$(nm -DC --defined-only "$cxx_so")
  grep -q ' T hyph::Hyphenator::english' <<<"$demangled" || fail "the C++ API is not exported from libhyph-cxx"
  if grep -qE ' T hyph_' <<<"$symbols"; then fail "libhyph-cxx exports C functions (they are libhyph.so.0's)"; fi
  # Every function the static library defines in namespace hyph, outside the internal
  # namespaces, is public API, and libhyph-cxx must export it: a public function
  # declared without HYPH_EXPORT would be hidden.
  local public hidden
  public=$(nm -C --defined-only "$libdir_d/libhyph.a" 2>/dev/null | grep -E '^[0-9a-f]+ T hyph::' |
    grep -vE ' T hyph::(detail|base|patterns|filters|exceptions|utf8|dic)::' | sed -e 's/^[0-9a-f]* T //' | sort -u)
  hidden=$(comm -23 <(printf '%s\n' "$public") <(sed -e 's/^[0-9a-f]* [A-Za-z] //' <<<"$demangled" | sort -u))
  [[ -z $hidden ]] || fail "public functions (namespace hyph) not exported; declare them HYPH_EXPORT (hyph/export.h):"$'\n'"$hidden"
  # No internals, by name or as the class of a vtable or typeinfo.
  local leaked
  leaked=$(grep -E ' [A-Za-z] ((typeinfo( name)?|vtable|VTT|construction vtable) for )?hyph::(detail|base|patterns|filters|exceptions|utf8|dic)::' <<<"$demangled" || true)
  [[ -z $leaked ]] || fail "internals exported:"$'\n'"$leaked"
  # Strong definitions are ours only: hyph::.
  leaked=$(grep -E ' [TDBR] ' <<<"$demangled" | grep -vE ' [TDBR] hyph::' || true)
  [[ -z $leaked ]] || fail "foreign strong symbols exported:"$'\n'"$leaked"
  echo "ok: libhyph.so.0 exports the $(wc -l <<<"$declared") functions of hyph.h at LIBHYPH_0 and nothing else;" \
    "libhyph-cxx.so.$version $(wc -l <<<"$symbols") symbols, no internals"
}

check_hyphen() {
  local pc=$libdir_d/pkgconfig/libhyph-hyphen.pc
  [[ -f $pc ]] || fail "no libhyph-hyphen.pc in $libdir/pkgconfig"
  [[ -f $includedir_d/libhyph-hyphen/hyphen.h ]] || fail "no $includedir/libhyph-hyphen/hyphen.h"
  [[ ! -e $includedir_d/hyphen.h ]] || fail "hyphen.h installed in $includedir itself, where it would shadow libhyphen's"
  [[ -e $libdir_d/libhyph/compat/libhyphen.so.0 ]] || fail "no libhyphen.so.0 in $libdir/libhyph/compat"
  if compgen -G "$libdir_d/libhyphen.so*" >/dev/null; then fail "a libhyphen.so on the default library path ($libdir)"; fi
  echo "--- installed libhyph-hyphen.pc"
  cat "$pc"
  mkdir -p "$tmp/pkgconfig"
  sed -e "s|^prefix=.*|prefix=$dest$prefix|" "$pc" >"$tmp/pkgconfig/libhyph-hyphen.pc"
  export PKG_CONFIG_PATH=$tmp/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
  local cflags libs
  cflags=$(pkg-config --cflags libhyph-hyphen)
  libs=$(pkg-config --libs libhyph-hyphen)
  echo "--- pkg-config: --cflags: $cflags --libs: $libs"
  # shellcheck disable=SC2086  # pkg-config output is meant to be split into words
  "${cc[@]}" -std=c99 -Wall -Wextra -pedantic -Werror "${san[@]}" $cflags "$source/tests/hyphen/example.c" \
    -o "$tmp/hyphen-example" $libs "${c_san_libs[@]}"
  local loaded
  loaded=$(LD_LIBRARY_PATH=$libdir_d ldd "$tmp/hyphen-example")
  [[ $loaded == *"$libdir_d/libhyph-hyphen.so"* ]] || fail "the example does not load the installed libhyph-hyphen.so"
  # The vendored copy of hyphen-en-us 2.8.8-7's file, which the expected output was made with.
  local dic=$source/patterns/data/dic/hyph_en_US.dic
  LD_LIBRARY_PATH=$libdir_d "$tmp/hyphen-example" "$dic" "$source/tests/hyphen/data/en_US.words" >"$tmp/example.out"
  cmp -s "$tmp/example.out" "$source/tests/hyphen/data/en_US.libhyphen-expected" ||
    fail "the example built against the installed libhyph-hyphen does not print what libhyphen printed"
  echo "ok: the libhyphen example, built with pkg-config libhyph-hyphen, prints libhyphen's output"
}

# Where the installed Python package is: the folder holding libhyph/ (without DESTDIR).
installed_python_folder() {
  local natives
  mapfile -t natives < <(find "$dest" -path '*/libhyph/_native*.so')
  [[ ${#natives[@]} -eq 1 ]] || fail "expected one libhyph/_native*.so installed, found ${#natives[@]}: ${natives[*]}"
  local folder=${natives[0]#"$dest"}
  echo "${folder%/libhyph/*}"
}

check_python() {
  local py=${HYPH_PYTHON:-}
  [[ -n $py ]] || fail "HYPH_PYTHON is not set"
  [[ -z ${san[*]} ]] || skip "a sanitizer build: the module cannot load into $py"
  local search_path sys_prefix
  search_path=$("$py" -c 'import sys; print("\n".join(p for p in sys.path if p))')
  sys_prefix=$("$py" -c 'import sys; print(sys.prefix)')
  echo "--- $py (sys.prefix $sys_prefix) imports from:"$'\n'"$search_path"
  on_search_path() { grep -qxF -- "$1" <<<"$search_path"; }
  searches_under() { awk -v p="$1/" 'index($0, p) == 1 { found = 1 } END { exit !found }' <<<"$search_path"; }

  local folder
  folder=$(installed_python_folder)
  echo "--- meson install put the package in $folder"
  local file
  for file in "$source"/python/libhyph/*.py "$source"/python/libhyph/_native.pyi "$source"/python/libhyph/py.typed; do
    [[ -f $dest$folder/libhyph/$(basename "$file") ]] || fail "libhyph/$(basename "$file") not installed beside the module"
  done
  # The build's prefix: where the interpreter searches a folder under it, the package is there.
  if searches_under "$prefix"; then
    on_search_path "$folder" || fail "$folder is not on $py's sys.path, though it searches $prefix"
    echo "ok: $folder is on $py's sys.path"
  else
    echo "note: $py searches no folder under the prefix $prefix (PYTHONPATH must name $folder)"
  fi
  # The copy in DESTDIR imports and hyphenates (run outside the build, which holds a staged copy).
  local out
  out=$(cd "$tmp" && PYTHONPATH=$dest$folder "$py" -c '
import libhyph
print(libhyph.__file__)
print(libhyph.Hyphenator().hyphenate("hyphenation"))')
  echo "--- import libhyph from DESTDIR:"$'\n'"$out"
  [[ $out == "$dest$folder/libhyph/__init__.py"$'\n'"hy-phen-ation" ]] || fail "import libhyph from $dest$folder"

  # Other prefixes, configured only (the folder is decided at configure time): /usr/local where
  # the interpreter searches it, and the interpreter's own prefix; the build's was checked above.
  local prefixes=() other plan target
  if searches_under /usr/local && [[ $sys_prefix != /usr/local ]]; then prefixes+=(/usr/local); fi
  prefixes+=("$sys_prefix")
  for other in "${prefixes[@]}"; do
    [[ $other != "$prefix" ]] || continue
    plan=$tmp/setup-${other//\//_}
    meson setup "$plan" "$source" --prefix "$other" -Dtests=false -Dpython="$py" -Dpython_package=enabled \
      >"$plan.log" 2>&1 || { cat "$plan.log"; fail "meson setup --prefix $other"; }
    # The folder holding libhyph/, for every file of the package: one.
    target=$(meson introspect --install-plan "$plan" | python3 -c '
import json, sys
folders = set()
for files in json.load(sys.stdin).values():
    for info in files.values():
        folder, _, name = info["destination"].rpartition("/")
        if folder.endswith("/libhyph") and (name.startswith("_native.") or name.endswith(".py") or name == "py.typed"):
            folders.add(folder[:-len("/libhyph")])
print("\n".join(sorted(folders)))')
    [[ -n $target && $target != *$'\n'* ]] || fail "--prefix $other: the package's files go to one folder, not '$target'"
    on_search_path "$target" || fail "--prefix $other installs the package in $target, not on $py's sys.path"
    echo "ok: --prefix $other installs the package in $target, on $py's sys.path"
  done
}

case $check in
  link) check_link ;;
  python) check_python ;;
  hyphen) check_hyphen ;;
  headers) check_headers ;;
  exports) check_exports ;;
  *) fail "unknown check '$check' (link, headers, exports, hyphen, python)" ;;
esac
