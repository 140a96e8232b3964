#!/usr/bin/env bash
# Regenerates the TeX-made golden files tests/data/*.expected from tests/data/*.words with
# tools/tex-oracle.py (needs `tex`; see tests/data/README.md).
#
#   tools/regenerate-golden.sh           rewrite every expected file
#   tools/regenerate-golden.sh --check   rewrite nothing; exit 1 if real TeX now answers
#                                        differently from any committed expected file
set -euo pipefail
cd "$(dirname "$0")/.."

check=false
case "${1-}" in
  "") ;;
  --check) check=true ;;
  *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac

oracle=tools/tex-oracle.py
data=tests/data
hyphenex=patterns/data/ushyphex.tex
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0

# golden NAME WORDS [ORACLE OPTION]...: data/NAME.expected is the oracle's answer for WORDS.
golden() {
  local name=$1 words=$2
  shift 2
  "$oracle" "$@" "$data/$words.words" > "$tmp/$name.expected"
  if $check; then
    if ! cmp -s "$tmp/$name.expected" "$data/$name.expected"; then
      echo "$data/$name.expected differs from TeX's answer" >&2
      status=1
    fi
  else
    mv "$tmp/$name.expected" "$data/$name.expected"
  fi
}

golden edge-cases.plain edge-cases
golden edge-cases.hyphenex edge-cases --exceptions "$hyphenex"
golden edge-cases.uchyph0 edge-cases --uchyph 0
golden edge-cases.min11 edge-cases --left-min 1 --right-min 1
golden edge-cases.min34 edge-cases --left-min 3 --right-min 4
golden edge-cases.hyphenex-min11 edge-cases --exceptions "$hyphenex" --left-min 1 --right-min 1
golden en-us.plain en-us
golden en-us.hyphenex en-us --exceptions "$hyphenex"
exit $status
