# Sourced, not run: a new Debian bookworm root beside the checkout, made by mmdebstrap, for
# dev/check-fresh-root.sh and dev/build-debian-packages.sh. /proc and /dev are mounted into it
# for the run and unmounted on every way out, failures and signals included; only what was
# mounted here is unmounted. The root is then removed, unless `keep` is true.
#
# The sourcing script sets `me` (its name, for messages), `checkout` and `keep`, and defines
# `fail MESSAGE`. make_fresh_root PREFIX sets `base` and `root`.

elapsed() { echo "$((SECONDS - $1)) s"; }

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

# make_fresh_root PREFIX: the root in a new folder PREFIX.XXXXXX beside the checkout (a disk with
# room for a root of a few GB, as CI's clone is), with only git and ca-certificates in it, and
# the host's resolv.conf and CA bundle copied in (configuration, so that apt and npm reach their
# registries as on the host).
make_fresh_root() {
  base=$(mktemp -d "$(dirname "$checkout")/$1.XXXXXX") || fail "cannot make a folder beside $checkout"
  root=$base/root
  mounted=()
  trap cleanup EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  trap 'exit 129' HUP
  local made=$SECONDS
  echo "$me: making a fresh Debian bookworm root in $root"
  mmdebstrap --quiet --variant=apt --include=git,ca-certificates bookworm "$root" </dev/null ||
    fail "mmdebstrap could not make the root"
  echo "$me: root made in $(elapsed "$made")"
  cp /etc/resolv.conf "$root/etc/resolv.conf" || fail "cannot copy /etc/resolv.conf into the root"
  if [[ -f /etc/ssl/certs/ca-certificates.crt ]]; then
    cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt" || fail "cannot copy the CA bundle"
  fi
}
