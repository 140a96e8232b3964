# What the three regenerate-*-golden.sh scripts share: writing an oracle's answers over the
# committed golden files, or checking that the oracle still gives them. Sourced, not run.
#
#   golden_start write|check DATA   answers go to "$golden_tmp/NAME.expected"; DATA holds the
#                                   committed NAME.expected files
#   golden_settle NAME WHOSE        write: the answer replaces DATA/NAME.expected; check: a
#                                   difference is reported ("differs from WHOSE answer") and
#                                   makes golden_finish fail
#   golden_finish                   exit 1 if a check found a difference, else 0

golden_start() {
  golden_mode=$1
  golden_data=$2
  golden_status=0
  golden_tmp=$(mktemp -d)
  trap 'rm -rf "$golden_tmp"' EXIT
}

golden_settle() {
  local name=$1 whose=$2
  if [ "$golden_mode" = check ]; then
    if ! cmp -s "$golden_tmp/$name.expected" "$golden_data/$name.expected"; then
      echo "$golden_data/$name.expected differs from $whose answer" >&2
      golden_status=1
    fi
  else
    mv "$golden_tmp/$name.expected" "$golden_data/$name.expected"
  fi
}

golden_finish() {
  exit "$golden_status"
}
