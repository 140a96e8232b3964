#!/usr/bin/env bash
# README's Python wheel, as README gives it: its wheel commands (the indented block after
# <!-- wheel-command -->: pip wheel, a venv, pip install) run verbatim in a copy of this
# checkout, then README's Python example (the ```python block after <!-- python-example -->)
# runs in that venv and must print what README shows.
#
#   dev/check-wheel.sh
#
# Meant for a machine set up by dev/setup.sh (Debian's python3-pip, python3-mesonpy,
# pybind11, patchelf). The copy holds the checkout's files as they are (tracked and untracked,
# not ignored ones such as build/), so nothing is written into the checkout; HOME is a
# temporary folder, so README's ~/hyph-venv is made there; PIP_NO_INDEX keeps pip offline
# (the wheel needs nothing from an index), and PIP_CONFIG_SETTINGS passes meson-python
# compile-args=-jN (LIBHYPH_WHEEL_JOBS, default 2: the machines are shared) without changing
# README's commands. Also checks the wheel holds the package alone and that the venv imports
# libhyph from the wheel. Takes about 4 minutes on 2 quiet cores: the wheel compiles the library.
set -euo pipefail
jobs=${LIBHYPH_WHEEL_JOBS:-2}

cd "$(dirname "$0")/.."
root=$(pwd)
me=check-wheel
fail() {
  echo "$me: FAIL: $*" >&2
  exit 1
}
start=$SECONDS

# The indented lines after the marker, without their indentation.
wheel_commands=$(awk '
  /<!-- wheel-command -->/ { found = 1; next }
  found && /^ +[^ ]/ { if (!indent) { match($0, /^ +/); indent = RLENGTH } print substr($0, indent + 1); next }
  found { exit }
' README.md)
[[ -n $wheel_commands ]] || fail "README.md has no block after <!-- wheel-command -->"
[[ $(head -n 1 <<<"$wheel_commands") == *"pip wheel"* ]] || fail "README's wheel block does not start with pip wheel"
example=$(awk '
  /<!-- python-example -->/ { found = 1; next }
  found == 1 && /^```python/ { found = 2; next }
  found == 2 && /^```/ { exit }
  found == 2 { print }
' README.md)
[[ -n $example ]] || fail "README.md has no \`\`\`python block after <!-- python-example -->"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/src" "$tmp/home"
git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -xf - -C "$tmp/src"

echo "$me: README's wheel commands, in a copy of the checkout ($tmp/src), HOME=$tmp/home:"
while IFS= read -r command; do
  echo "+ $command"
  (cd "$tmp/src" && HOME=$tmp/home PIP_NO_INDEX=1 PIP_CONFIG_SETTINGS="compile-args=-j$jobs" bash -c "$command") ||
    fail "exited with status $?: $command"
done <<<"$wheel_commands"
echo "$me: the wheel built and installed ($((SECONDS - start)) s)"

# The wheel: one, for this interpreter, holding the package alone (libhyph linked in).
shopt -s nullglob
wheels=("$tmp"/src/dist/libhyph-*.whl)
[[ ${#wheels[@]} -eq 1 ]] || fail "expected one dist/libhyph-*.whl, found ${#wheels[@]}"
echo "$me: $(basename "${wheels[0]}"), $(stat -c %s "${wheels[0]}") bytes"
/usr/bin/python3 - "${wheels[0]}" "$root/python/libhyph" <<'EOF' || fail "the wheel's contents"
import os, re, sys, zipfile
names = zipfile.ZipFile(sys.argv[1]).namelist()
print("\n".join("  " + n for n in names))
package = {n for n in names if n.startswith("libhyph/")}
stray = [n for n in names if n not in package and not re.match(r"libhyph-[^/]*\.dist-info/", n)]
natives = [n for n in package if n.startswith("libhyph/_native.") and n.endswith(".so")]
expected = {"libhyph/" + f for f in os.listdir(sys.argv[2]) if f != "meson.build"}
if stray or len(natives) != 1 or not expected <= package:
    sys.exit(f"expected the package libhyph/ alone, with one _native module: stray {stray}, missing {sorted(expected - package)}")
EOF

venv=$tmp/home/hyph-venv
where=$(cd "$tmp" && "$venv/bin/python" -c 'import libhyph; print(libhyph.__file__)')
[[ $where == "$venv"/lib/python3*/site-packages/libhyph/__init__.py ]] ||
  fail "the venv imports libhyph from $where, not from the wheel"
echo "$me: the venv imports $where"

# README's example, each shown result checked as tests/doc_commands_test.py checks the pages.
printf '%s\n' "$example" >"$tmp/example.py"
echo "$me: README's Python example in the venv:"
sed -e 's/^/  /' "$tmp/example.py"
checked=$(cd "$tmp" && "$venv/bin/python" "$root/tests/doc_commands_test.py" --python-block "$tmp/example.py") ||
  fail "README's Python example does not print what README shows: $checked"
[[ $checked != "checked 0" ]] || fail "README's Python example shows no result to check"
echo "$me: README's example printed what README shows ($checked)"
echo "$me: ok ($((SECONDS - start)) s)"
