#!/usr/bin/env bash
# Regenerates libhyphen's golden answers tests/data/dic/*.expected for the dictionaries vendored
# in patterns/data/dic, from tests/data/dic/*.words, with tests/dic/hyphen_oracle (Debian's
# libhyphen 2.8.8; build it first: it is built when libhyphen-dev is installed).
#
#   oracles/regenerate-dic-golden.sh [--check] [BUILD_DIR]
#     (no option)  rewrite every expected file
#     --check      rewrite nothing; exit 1 if libhyphen now answers differently (77: no oracle)
#   oracles/regenerate-dic-golden.sh --words   pick the word samples again (language lists and
#                                              generated words; then regenerate)
set -euo pipefail
cd "$(dirname "$0")/.."
. oracles/golden_files.sh

mode=write
case "${1-}" in
  --check) mode=check; shift ;;
  --words) mode=words; shift ;;
  -*) echo "usage: $0 [--check|--words] [BUILD_DIR]" >&2; exit 2 ;;
esac
build=${1-build}
oracle=$build/tests/dic/hyphen_oracle
data=tests/data/dic
dicts=patterns/data/dic
# The minimum sweep of tests/dic/hyphen_live_test.py.
sweep=$(python3 -c 'import sys; sys.path.insert(0, "tests/dic"); import hyphen_live_test as t; print(" ".join(t.SWEEP))')

if [ "$mode" = words ]; then
  for dic in "$dicts"/*.dic; do
    name=$(basename "$dic" .dic)
    python3 - "$dic" "/usr/share/hyphen/$name.dic" > "$data/$name.words" <<'PY'
import sys
sys.path.insert(0, 'tests/dic')
import dic_words
dic, installed = sys.argv[1], sys.argv[2]
words = dic_words.encoded_words(dic, dic_words.language_words(installed), 400)
words += dic_words.encoded_words(dic, dic_words.generated_words(dic, 150), 150, seed=3)
sys.stdout.buffer.write(b''.join(w + b'\n' for w in words))
PY
  done
  mode=write
fi

if [ ! -x "$oracle" ]; then
  echo "no $oracle (libhyphen-dev missing?)" >&2
  [ "$mode" = check ] && exit 77
  exit 1
fi
golden_start "$mode" "$data"
for words in "$data"/*.words; do
  name=$(basename "$words" .words)
  # shellcheck disable=SC2086
  "$oracle" "$dicts/$name.dic" $sweep < "$words" > "$golden_tmp/$name.expected"
  golden_settle "$name" "libhyphen's"
done
golden_finish
