#!/usr/bin/env bash
# The newcomer path: README's run command, then README's test command, in that order, in one
# fresh clone, as someone new to the project would run them. Both are taken verbatim from
# README.md: the indented line after <!-- run-command --> and after <!-- test-command -->.
#
#   tools/check-newcomer.sh [DIR]
#
# Checks that the run command succeeds and its last line of output is the one README promises
# (the `...` on README's "prints `...`" line after it), and that the test command succeeds
# having run the whole suite: as many results in the clone's build/meson-logs/testlog.json as
# tests meson defines there, and more than none (tools/check-testlog.py of this checkout).
#
# DIR: where to clone, an empty or new folder; kept, so that the caller can read its testlog
# (.ci/run takes its totals from it). Without DIR, a new folder beside this checkout, removed
# at the end if every check passed. Either way the clone should sit beside this checkout, so
# that ../shared (the word list some tests read) is beside it too.
#
# The clone is of the commit checked out here (HEAD): uncommitted changes are not in it.
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
me=check-newcomer
fail() {
  echo "$me: FAIL: $*" >&2
  exit 1
}

command_after() {  # the indented line after README's marker $1, without its indentation
  grep -A1 -- "<!-- $1 -->" "$root/README.md" | sed -n 2p | sed -e 's/^ *//'
}
run_command=$(command_after run-command)
test_command=$(command_after test-command)
# The promise: README's first line "prints `...`" after the run command.
promised=$(sed -n '/<!-- run-command -->/,$p' "$root/README.md" | grep -m1 '^prints `' | sed -e 's/^prints `\([^`]*\)`.*/\1/')
[[ -n $run_command && -n $test_command ]] || fail "README.md lacks the run-command or the test-command marker"
[[ -n $promised ]] || fail "README.md does not say what the run command prints (a line 'prints \`...\`' after it)"

remove_at_end=0
if [[ $# -ge 1 ]]; then
  dir=$1
  mkdir -p "$dir" || fail "cannot create $dir"
  [[ -z $(ls -A "$dir") ]] || fail "$dir is not empty"
else
  dir=$(mktemp -d "$(dirname "$root")/$(basename "$root")-newcomer.XXXXXX") || fail "cannot make a folder beside $root"
  remove_at_end=1
fi
dir=$(cd "$dir" && pwd)

[[ -z $(git -C "$root" status --porcelain --untracked-files=no) ]] ||
  echo "$me: note: $root has uncommitted changes; the clone has HEAD only" >&2
echo "$me: cloning $(git -C "$root" rev-parse --short HEAD) into $dir"
# HEAD itself, even where it is on no branch (a CI checkout).
git clone --quiet --no-checkout "$root" "$dir" &&
  git -C "$dir" fetch --quiet "$root" HEAD &&
  git -C "$dir" checkout --quiet --detach FETCH_HEAD || fail "cannot clone $root"

echo "+ $run_command"
output=$dir.run-output
(cd "$dir" && bash -c "$run_command") | tee "$output"
status=${PIPESTATUS[0]}
last=$(tail -n 1 "$output")
rm -f "$output"
[[ $status -eq 0 ]] || fail "the run command exited with status $status"
[[ $last == "$promised" ]] || fail "the run command printed '$last', README promises '$promised'"
echo "$me: ok: the run command printed '$promised'"

echo "+ $test_command"
(cd "$dir" && bash -c "$test_command")
status=$?
[[ $status -eq 0 ]] || fail "the test command exited with status $status (clone kept in $dir)"
python3 "$root/tools/check-testlog.py" "$dir/build" >/dev/null ||
  fail "the test command succeeded without running the whole suite (clone kept in $dir)"
echo "$me: ok: $(python3 "$root/tools/check-testlog.py" "$dir/build")"

if ((remove_at_end)); then rm -rf "$dir"; fi
exit 0
