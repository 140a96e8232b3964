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

# Beside the checkout, as CI's clone is: a disk with room for a root of about 4 GB.
base=$(mktemp -d "$(dirname "$checkout")/fresh-root.XXXXXX") || fail "cannot make a folder beside $checkout"
root=$base/root
mounted=()  # what this script mounted, in order

undo_mounts() {
  local i
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
    # -R: /dev came with its submounts (pts, shm, mqueue); they are slaves, so unmounting them
    # here does not reach the host's.
    umount -R "${mounted[i]}" 2>/dev/null || umount -R -l "${mounted[i]}" ||
      echo "$me: warning: could not unmount ${mounted[i]}" >&2
  done
  mounted=()
}
cleanup() {
  local status=$?
  trap - EXIT INT TERM HUP
  undo_mounts
  if $keep; then
    [[ -d $root ]] && echo "$me: the root is kept in $root (nothing mounted in it)" >&2
  elif grep -q " $base/" /proc/mounts; then
    echo "$me: warning: something is still mounted under $base; not removing it" >&2
  else
    rm -rf --one-file-system "$base"
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

mount_into_root() {  # mount_into_root KIND TARGET: proc, or a recursive bind of the host's /dev
  local target=$root$2
  case "$1" in
    proc) mount -t proc proc "$target" || fail "cannot mount /proc in the root" ;;
    dev) mount --rbind /dev "$target" || fail "cannot bind /dev in the root" ;;
  esac
  mounted+=("$target")
  # Events under the root's /dev must not travel back to the host's.
  [[ $1 == dev ]] && { mount --make-rslave "$target" || fail "cannot make the root's /dev a slave"; }
}

elapsed() { echo "$((SECONDS - $1)) s"; }

start=$SECONDS
echo "$me: making a fresh Debian bookworm root in $root"
mmdebstrap --quiet --variant=apt --include=git,ca-certificates bookworm "$root" </dev/null ||
  fail "mmdebstrap could not make the root"
echo "$me: root made in $(elapsed "$start")"

cp /etc/resolv.conf "$root/etc/resolv.conf" || fail "cannot copy /etc/resolv.conf into the root"
if [[ -f /etc/ssl/certs/ca-certificates.crt ]]; then
  cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt" || fail "cannot copy the CA bundle"
fi

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
