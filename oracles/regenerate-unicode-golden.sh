#!/usr/bin/env bash
# Regenerates the XeTeX-made golden files of the Unicode languages, tests/data/<tag>.expected
# and tests/data/unicode-edge-cases.<tag>.expected, with oracles/unicode-tex-oracle.py and the
# hyph-utf8 patterns vendored in patterns/data/hyph-utf8 (needs `xetex` and texlive-base's
# load-unicode-data.tex; see tests/data/README.md).
#
#   oracles/regenerate-unicode-golden.sh           rewrite every expected file
#   oracles/regenerate-unicode-golden.sh --check   rewrite nothing; exit 1 if XeTeX now answers
#                                                  differently from any committed expected file
set -euo pipefail
cd "$(dirname "$0")/.."
. oracles/golden_files.sh

case "${1-}" in
  "") mode=write ;;
  --check) mode=check ;;
  *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac

oracle=oracles/unicode-tex-oracle.py
if [ "$mode" = check ]; then
  if ! command -v xetex > /dev/null; then
    echo "SKIP: no xetex (Debian: texlive-binaries)"
    exit 77
  fi
  if ! problem=$(echo a | "$oracle" 2>&1 > /dev/null); then
    echo "SKIP: the oracle cannot run: $problem"
    exit 77
  fi
fi

data=tests/data
patterns=patterns/data/hyph-utf8/txt
golden_start "$mode" "$data"

# golden NAME WORDS TAG LEFT RIGHT: data/NAME.expected is XeTeX's answer for WORDS with TAG's
# patterns (and exceptions, if any) and hyph-utf8's minimums LEFT and RIGHT for it.
golden() {
  local name=$1 words=$2 tag=$3 left=$4 right=$5
  local args=(--patterns "$patterns/hyph-$tag.pat.txt" --left-min "$left" --right-min "$right")
  if [[ -f "$patterns/hyph-$tag.hyp.txt" ]]; then args+=(--exceptions "$patterns/hyph-$tag.hyp.txt"); fi
  "$oracle" "${args[@]}" "$data/$words.words" > "$golden_tmp/$name.expected"
  golden_settle "$name" "XeTeX's"
}

# tag and hyph-utf8's typesetting minimums (the hyphenmins in patterns/data/hyph-utf8/tex/hyph-<tag>.tex)
while read -r tag left right; do
  golden "$tag" "$tag" "$tag" "$left" "$right"
  golden "unicode-edge-cases.$tag" unicode-edge-cases "$tag" "$left" "$right"
done <<'LANGUAGES'
de-1996 2 2
el-monoton 1 1
fr 2 2
nl 2 2
pl 2 2
pt 2 3
ru 2 2
LANGUAGES
golden_finish
