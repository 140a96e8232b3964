#!/usr/bin/env bash
# Builds libhyph's Debian packages from the commit checked out here, in a fresh Debian bookworm
# root made by mmdebstrap, as a Debian builder would: build dependencies from debian/control
# (apt-get build-dep), dpkg-buildpackage -us -uc -b, lintian (no error, no warning), then
# autopkgtest's tests (debian/tests) against the built packages, with autopkgtest's null runner
# inside the root. The .deb files and the logs are copied out to OUTDIR.
#
#   dev/build-debian-packages.sh [--check] [--no-lintian] [--no-autopkgtest]
#                                  [--build-path DIR] [--commit REV] [--keep] OUTDIR
#   dev/build-debian-packages.sh --libreoffice DEBDIR [--keep] OUTDIR
#
#   --check           run the build-time test suite too (dh_auto_test; without it the build
#                     uses DEB_BUILD_OPTIONS=nocheck, as the installed-package tests cover the
#                     packages and the suite runs in CI anyway)
#   --no-lintian, --no-autopkgtest   leave out those steps (for a second, reproducibility build)
#   --build-path DIR  where the source is unpacked inside the root (default /build/libhyph-RANDOM:
#                     two builds at different paths must still give the same bytes)
#   --keep            keep the root (unmounted) for a look
#   --commit REV      build that commit of this checkout instead of HEAD (a reproducibility
#                     check builds one commit twice)
#   --libreoffice DEBDIR  build nothing: in a fresh root, install the .deb files of DEBDIR with
#                     apt, with Debian's libreoffice-writer-nogui, hyphen-de and hyphen-hu, and run
#                     tests/clients/libreoffice_test.py on the packaged libhyphen.so.0 (the same
#                     line ends as Debian's libhyphen; LD_DEBUG=libs shows which library
#                     answered), then `libhyph-run soffice --convert-to pdf` itself; the page's PNG
#                     and the logs go to OUTDIR (slow: LibreOffice is about 300 MB); it can start
#                     beside the build that fills DEBDIR, and waits (an hour at most) for its
#                     SHA256SUMS.txt
#
# Needs root, and mmdebstrap on the host (apt-get install mmdebstrap). The host's resolv.conf
# and CA bundle are copied into the root (configuration, so apt reaches the archive); /proc and
# /dev are mounted for the run and unmounted on every way out. Nothing is downloaded during
# the build itself: apt fetches the build dependencies before dpkg-buildpackage starts.
set -uo pipefail

# All in one function, read whole before it runs: editing this file during a build cannot
# change the build.
main() {

me=build-debian-packages
checkout=$(cd "$(dirname "$0")/.." && pwd)
check=false
lintian=true
autopkgtest=true
build_path=""
keep=false
revision=HEAD
out=""
libreoffice_debs=""
usage() {
  echo "usage: dev/build-debian-packages.sh [--check] [--no-lintian] [--no-autopkgtest] [--build-path DIR] [--commit REV] [--keep] OUTDIR" >&2
  echo "       dev/build-debian-packages.sh --libreoffice DEBDIR [--keep] OUTDIR" >&2
  exit 2
}
while (($#)); do
  case "$1" in
    --check) check=true; shift ;;
    --no-lintian) lintian=false; shift ;;
    --no-autopkgtest) autopkgtest=false; shift ;;
    --build-path) (($# >= 2)) || usage; build_path=$2; shift 2 ;;
    --keep) keep=true; shift ;;
    --commit) (($# >= 2)) || usage; revision=$2; shift 2 ;;
    --libreoffice) (($# >= 2)) || usage; libreoffice_debs=$(cd "$2" && pwd) || usage; shift 2 ;;
    -*) usage ;;
    *) [[ -z $out ]] || usage; out=$1; shift ;;
  esac
done
[[ -n $out ]] || usage
fail() {
  echo "$me: FAIL: $*" >&2
  exit 1
}
[[ $(id -u) -eq 0 ]] || fail "needs root (mmdebstrap, mount and chroot)"
command -v mmdebstrap >/dev/null || fail "needs mmdebstrap on the host: apt-get install mmdebstrap"
mkdir -p "$out" || fail "cannot make $out"
out=$(cd "$out" && pwd)
[[ -z $build_path ]] && build_path=/build/libhyph-$(head -c 6 /dev/urandom | od -An -tx1 | tr -d ' \n')
[[ $build_path == /* && $build_path != *[[:space:]]* ]] || fail "--build-path must be an absolute path without blanks"

source "$checkout/dev/fresh-root-lib.sh" || fail "cannot read dev/fresh-root-lib.sh"
in_root() {  # in_root COMMAND: run a bash command in the root, as root, with a clean environment
  env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
    DEBIAN_FRONTEND=noninteractive TERM="${TERM:-dumb}" chroot "$root" /bin/bash -euo pipefail -c "$1"
}

start=$SECONDS
make_fresh_root debian-root

# The commit checked out here (HEAD, or --commit's), as a clean checkout: uncommitted changes
# are not in it.
[[ $revision != HEAD || -z $(git -C "$checkout" status --porcelain --untracked-files=no) ]] ||
  echo "$me: note: $checkout has uncommitted changes; the root gets HEAD only" >&2
src=$root$build_path
mkdir -p "$(dirname "$src")"
git clone --quiet --no-checkout "$checkout" "$src" &&
  git -C "$src" fetch --quiet "$checkout" "$(git -C "$checkout" rev-parse --verify "$revision^{commit}")" &&
  git -C "$src" checkout --quiet --detach FETCH_HEAD || fail "cannot clone $checkout into the root"
git -C "$src" remote remove origin
commit=$(git -C "$src" rev-parse HEAD)
echo "$me: building commit $commit in $build_path"

mount_into_root proc /proc
mount_into_root dev /dev

if [[ -n $libreoffice_debs ]]; then
  step=$SECONDS
  in_root "apt-get update -q && apt-get install -q -y --no-install-recommends libreoffice-writer-nogui \
    hyphen-de hyphen-hu hyphen-en-us poppler-utils python3" >"$out/apt.log" 2>&1 ||
    { tail -n 30 "$out/apt.log"; fail "could not install LibreOffice (log: $out/apt.log)"; }
  echo "$me: LibreOffice installed in $(elapsed "$step")"
  # DEBDIR may be the OUTDIR of a build still running beside this: its SHA256SUMS.txt comes
  # after the .deb files.
  local waited=0
  until [[ -s $libreoffice_debs/SHA256SUMS.txt ]] || ((waited >= 3600)); do sleep 10; ((waited += 10)); done
  mkdir -p "$root/debs" && cp "$libreoffice_debs"/*.deb "$root/debs/" || fail "no .deb files in $libreoffice_debs"
  in_root "apt-get install -q -y --no-install-recommends /debs/*.deb" >>"$out/apt.log" 2>&1 ||
    { tail -n 30 "$out/apt.log"; fail "could not install the packages (log: $out/apt.log)"; }
  in_root "dpkg-query -W libreoffice-writer-nogui libhyphen0 'libhyph*'" | tee "$out/versions.txt"
  # The suite's own check, run on the installed libhyphen.so.0 instead of the build's.
  status=0
  in_root "cd $build_path && HYPH_CLIENTS_PNG=/tmp/narrow-columns.png python3 tests/clients/libreoffice_test.py \
    \$(dpkg -L libhyph-hyphen-compat | grep '/libhyphen\.so\.0\$') tests/clients/narrow-columns.fodt none" \
    2>&1 | tee "$out/libreoffice-test.log" || status=1
  cp "$root/tmp/narrow-columns.png" "$out/" 2>/dev/null
  # And through the documented switch: libhyph-run, with LD_DEBUG=libs naming the library.
  in_root "mkdir -p /tmp/run && cd /tmp/run && HOME=/tmp/run LD_DEBUG=libs LD_DEBUG_OUTPUT=/tmp/run/ld \
    libhyph-run soffice -env:UserInstallation=file:///tmp/run/profile --headless --convert-to pdf --outdir /tmp/run \
    $build_path/tests/clients/narrow-columns.fodt >/dev/null 2>&1 && grep -h 'calling init: .*libhyphen' /tmp/run/ld.* | sort -u && \
    pdftotext -layout /tmp/run/narrow-columns.pdf -" 2>&1 | tee "$out/libhyph-run.log" || status=1
  grep -q 'calling init: /usr/lib/[^ ]*/libhyph/compat/libhyphen.so.0' "$out/libhyph-run.log" ||
    { echo "$me: libhyph-run: LD_DEBUG shows no libhyph libhyphen.so.0" >&2; status=1; }
  echo "$me: LibreOffice check $( ((status == 0)) && echo ok || echo FAILED ) in $(elapsed "$start"); logs in $out"
  exit "$status"
fi

step=$SECONDS
in_root "apt-get update -q && apt-get install -q -y --no-install-recommends build-essential dpkg-dev \
  $($lintian && echo lintian) $($autopkgtest && echo autopkgtest) && cd $build_path && apt-get build-dep -q -y ./" \
  >"$out/apt.log" 2>&1 || { tail -n 30 "$out/apt.log"; fail "could not install the build dependencies (log: $out/apt.log)"; }
echo "$me: build dependencies installed in $(elapsed "$step")"

step=$SECONDS
options="DEB_BUILD_OPTIONS='nocheck parallel=$(nproc)' DEB_BUILD_PROFILES=nocheck"
$check && options="DEB_BUILD_OPTIONS='parallel=$(nproc)'"
in_root "cd $build_path && $options dpkg-buildpackage -us -uc -b" >"$out/build.log" 2>&1 ||
  { tail -n 40 "$out/build.log"; fail "dpkg-buildpackage failed (log: $out/build.log)"; }
echo "$me: dpkg-buildpackage done in $(elapsed "$step")"
parent=$(dirname "$build_path")
cp "$root$parent"/*.deb "$root$parent"/*.buildinfo "$root$parent"/*.changes "$out/" || fail "cannot copy the packages out"
(cd "$out" && ls -l ./*.deb && sha256sum ./*.deb) | tee "$out/SHA256SUMS.txt"

status=0
if $lintian; then
  # --fail-on error,warning: an error or a warning fails; overrides need a reason beside them.
  if in_root "cd $parent && lintian --fail-on error,warning --display-info --pedantic --info ./*.changes" >"$out/lintian.log" 2>&1; then
    echo "$me: lintian: no error, no warning"
  else
    echo "$me: lintian found errors or warnings:" >&2
    status=1
  fi
  cat "$out/lintian.log"
fi
if $autopkgtest; then
  step=$SECONDS
  # The null runner: the tests run in this root itself, with their dependencies installed there.
  # autopkgtest exits 0 only when every test passed (2: one was skipped; 4: one failed).
  if in_root "cd $build_path && autopkgtest --no-built-binaries $parent/*.deb ./ -- null" >"$out/autopkgtest.log" 2>&1; then
    echo "$me: autopkgtest passed in $(elapsed "$step")"
  else
    tail -n 40 "$out/autopkgtest.log"
    echo "$me: autopkgtest failed, or skipped a test (log: $out/autopkgtest.log)" >&2
    status=1
  fi
  # The summary: a line per test, after autopkgtest's timestamped "@@@ summary" line.
  sed -n '/@@@@@@@@@@@@@@@@@@@@ summary$/,/^autopkgtest \[/{/^autopkgtest \[/!p}' "$out/autopkgtest.log"
fi
echo "$me: $( ((status == 0)) && echo ok || echo FAILED ) in $(elapsed "$start"); packages and logs in $out"
exit "$status"
}
main "$@"
