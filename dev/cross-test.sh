#!/usr/bin/env bash
# Cross-builds the ICU-free runtime for other Debian architectures and runs its tests there,
# under qemu-user (doc/compiled-format.md, "Byte order"; tests/cross/meson.build):
#
#   dev/cross-test.sh [ARCH...]    ARCH: s390x (big-endian), armhf (32-bit ARM), i386;
#                                  default: s390x armhf
#
# Each ARCH is built in build-cross-ARCH with cross/TRIPLET.ini, -Druntime_only=true and
# -Dwerror=true, and `meson test` runs there: the filters' and exceptions' doctest suites, and
# compiled languages of both dialects written by the native build's hyph-compile (so a native
# build in ./build, or $LIBHYPH_NATIVE_BUILD, comes first), each compared word by word with the
# native hyphenate's answers. Needs the cross compilers and qemu-user: dev/setup.sh --cross.
# The full library needs ICU built for the target, which Debian's multiarch cannot install
# beside the host's here, so what needs ICU (sources, NFC, explain, the tools) is not run.
set -euo pipefail
cd "$(dirname "$0")/.."

native=${LIBHYPH_NATIVE_BUILD:-build}
if [[ ! -x $native/tools/hyph-compile || ! -x $native/tools/hyphenate ]]; then
  echo "dev/cross-test.sh: no native hyph-compile and hyphenate in $native/tools: build natively first (ninja -C $native)" >&2
  exit 2
fi
native_tools=$(cd "$native/tools" && pwd)

arches=("$@")
((${#arches[@]})) || arches=(s390x armhf)
status=0
for arch in "${arches[@]}"; do
  case "$arch" in
    s390x) triplet=s390x-linux-gnu qemu=qemu-s390x ;;
    armhf) triplet=arm-linux-gnueabihf qemu=qemu-arm ;;
    i386) triplet=i686-linux-gnu qemu=qemu-i386 ;;
    *)
      echo "usage: dev/cross-test.sh [s390x|armhf|i386]..." >&2
      exit 2
      ;;
  esac
  for tool in "$triplet-g++" "$qemu"; do
    if ! command -v "$tool" >/dev/null; then
      echo "dev/cross-test.sh: $tool not found (dev/setup.sh --cross installs it)" >&2
      exit 2
    fi
  done
  dir=build-cross-$arch
  options=(--cross-file "cross/$triplet.ini" -Druntime_only=true -Dwerror=true -Dnative_tools="$native_tools")
  if [[ -f $dir/build.ninja ]]; then
    meson setup --reconfigure "$dir" "${options[@]}" >/dev/null
  else
    meson setup "$dir" "${options[@]}" >/dev/null
  fi
  echo "== $arch: building in $dir"
  ninja -C "$dir" -j"${LIBHYPH_JOBS:-2}"
  echo "== $arch: testing under $qemu"
  meson test -C "$dir" --num-processes "${LIBHYPH_JOBS:-2}" --print-errorlogs || status=1
done
exit $status
