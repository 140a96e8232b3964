#!/usr/bin/env bash
# README's two commands on a fresh Debian machine: a new bookworm root made by mmdebstrap (only
# git and ca-certificates in it), the commit checked out here cloned into it with ../shared
# beside it, and dev/check-readme-commands.sh run there with chroot, as root.
#
#   dev/check-fresh-root.sh [--testlog FILE] [--keep]
#
#   --testlog FILE  copy the test command's meson testlog.json out of the root to FILE
#   --keep          keep the root (unmounted) for a look, and say where it is; without it the
#                   root is removed, whether the check passed or not
#
# Needs root, and mmdebstrap on the host (apt-get install mmdebstrap). The root is made anew on
# every run: nothing is cached or prepared, and nothing is installed in it but by README's
# commands. The host's /etc/resolv.conf and CA bundle are copied in (configuration, so that apt
# and npm reach their registries as on the host). /proc and /dev are mounted into the root for
# the run and unmounted on every way out, failures and signals included; only what this script
# mounted is unmounted. Both commands build with LIBHYPH_MESON_OPTIONS=-Dwerror=true, so that the
# minimal and the full set of dependencies each compile without a warning.
set -uo pipefail

me=check-fresh-root
checkout=$(cd "$(dirname "$0")/.." && pwd)
testlog_out=""
keep=false
while (($#)); do
  case "$1" in
    --testlog) testlog_out=$2; shift 2 ;;
    --keep) keep=true; shift ;;
    *) echo "usage: dev/check-fresh-root.sh [--testlog FILE] [--keep]" >&2; exit 2 ;;
  esac
done
fail() {
  echo "$me: FAIL: $*" >&2
  exit 1
}
[[ $(id -u) -eq 0 ]] || fail "needs root (mmdebstrap, mount and chroot)"
command -v mmdebstrap >/dev/null || fail "needs mmdebstrap on the host: apt-get install mmdebstrap"

source "$checkout/dev/fresh-root-lib.sh" || fail "cannot read dev/fresh-root-lib.sh"

start=$SECONDS
make_fresh_root fresh-root

# The commit checked out here (HEAD, even on no branch), as a user's clone: uncommitted changes
# are not in it.
[[ -z $(git -C "$checkout" status --porcelain --untracked-files=no) ]] ||
  echo "$me: note: $checkout has uncommitted changes; the root gets HEAD only" >&2
clone=$root/work/libhyph
mkdir -p "$root/work"
git clone --quiet --no-checkout "$checkout" "$clone" &&
  git -C "$clone" fetch --quiet "$checkout" HEAD &&
  git -C "$clone" checkout --quiet --detach FETCH_HEAD || fail "cannot clone $checkout into the root"
git -C "$clone" remote remove origin
if [[ -d $checkout/../shared ]]; then
  cp -r "$checkout/../shared" "$root/work/shared" || fail "cannot copy ../shared into the root"
else
  echo "$me: note: no ../shared beside $checkout; the tests that read it will skip" >&2
fi

mount_into_root proc /proc
mount_into_root dev /dev

echo "$me: in the root, as root: dev/check-readme-commands.sh"
run_start=$SECONDS
env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
  TERM="${TERM:-dumb}" ${CI:+CI=$CI} LIBHYPH_MESON_OPTIONS=-Dwerror=true \
  chroot "$root" /bin/bash -c 'cd /work/libhyph && dev/check-readme-commands.sh --no-skips'
status=$?
echo "$me: README's commands took $(elapsed "$run_start") in the root ($(elapsed "$start") in all)"

if [[ -n $testlog_out ]]; then
  cp "$clone/build/meson-logs/testlog.json" "$testlog_out" 2>/dev/null ||
    echo "$me: warning: no testlog.json to copy out" >&2
fi
((status == 0)) || fail "README's commands failed in the fresh root (status $status)"
echo "$me: ok"
