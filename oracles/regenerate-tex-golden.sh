#!/usr/bin/env bash
# Regenerates the TeX-made golden files tests/data/*.expected from tests/data/*.words with
# oracles/tex-oracle.py (needs `tex`; see tests/data/README.md).
#
#   oracles/regenerate-tex-golden.sh           rewrite every expected file
#   oracles/regenerate-tex-golden.sh --check   rewrite nothing; exit 1 if real TeX now answers
#                                              differently from any committed expected file
set -euo pipefail
cd "$(dirname "$0")/.."
. oracles/golden_files.sh

case "${1-}" in
  "") mode=write ;;
  --check) mode=check ;;
  *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac

oracle=oracles/tex-oracle.py
data=tests/data
hyphenex=patterns/data/ushyphex.tex
golden_start "$mode" "$data"

# golden NAME WORDS [ORACLE OPTION]...: data/NAME.expected is the oracle's answer for WORDS.
golden() {
  local name=$1 words=$2
  shift 2
  "$oracle" "$@" "$data/$words.words" > "$golden_tmp/$name.expected"
  golden_settle "$name" "TeX's"
}

golden edge-cases.plain edge-cases
golden edge-cases.hyphenex edge-cases --exceptions "$hyphenex"
golden edge-cases.uchyph0 edge-cases --uchyph 0
golden edge-cases.min11 edge-cases --left-min 1 --right-min 1
golden edge-cases.min34 edge-cases --left-min 3 --right-min 4
golden edge-cases.hyphenex-min11 edge-cases --exceptions "$hyphenex" --left-min 1 --right-min 1
golden en-us.plain en-us
golden en-us.hyphenex en-us --exceptions "$hyphenex"
golden_finish
