#!/usr/bin/env bash
# README's run command, then README's test command, in that order, in this checkout, as someone
# new to the project would run them in a fresh clone. Both are taken verbatim from README.md:
# the indented line after <!-- run-command --> and after <!-- test-command -->.
#
#   dev/check-readme-commands.sh [--no-skips]
#
# Checks that the run command succeeds and its last line of output is the one README promises
# (the `...` on README's "prints `...`" line after it), and that the test command succeeds
# having run the whole suite (dev/check-testlog.py). With --no-skips, also that no test
# skipped but those tests/excused-skips.txt names.
#
# Meant for a fresh clone on a fresh machine: dev/check-fresh-root.sh runs it in a new Debian
# root. Run here, it builds in ./build like README's commands do.
set -uo pipefail

cd "$(dirname "$0")/.."
me=check-readme-commands
no_skips=()
case "${1:-}" in
  "") ;;
  --no-skips) no_skips=(--no-skips) ;;
  *) echo "usage: dev/check-readme-commands.sh [--no-skips]" >&2; exit 2 ;;
esac
fail() {
  echo "$me: FAIL: $*" >&2
  exit 1
}

command_after() {  # the indented line after README's marker $1, without its indentation
  grep -A1 -- "<!-- $1 -->" README.md | sed -n 2p | sed -e 's/^ *//'
}
run_command=$(command_after run-command)
test_command=$(command_after test-command)
# The promise: README's first line "prints `...`" after the run command.
promised=$(sed -n '/<!-- run-command -->/,$p' README.md | grep -m1 '^prints `' | sed -e 's/^prints `\([^`]*\)`.*/\1/')
[[ -n $run_command && -n $test_command ]] || fail "README.md lacks the run-command or the test-command marker"
[[ -n $promised ]] || fail "README.md does not say what the run command prints (a line 'prints \`...\`' after it)"

start=$SECONDS
echo "+ $run_command"
output=$(mktemp)
bash -c "$run_command" | tee "$output"
status=${PIPESTATUS[0]}
last=$(tail -n 1 "$output")
rm -f "$output"
[[ $status -eq 0 ]] || fail "the run command exited with status $status"
[[ $last == "$promised" ]] || fail "the run command printed '$last', README promises '$promised'"
echo "$me: ok: the run command printed '$promised' ($((SECONDS - start)) s)"

start=$SECONDS
echo "+ $test_command"
bash -c "$test_command"
status=$?
[[ $status -eq 0 ]] || fail "the test command exited with status $status"
dev/check-testlog.py "${no_skips[@]}" build >/dev/null ||
  fail "the test command succeeded without running the whole suite, or with skips"
echo "$me: ok: $(dev/check-testlog.py build) ($((SECONDS - start)) s)"
