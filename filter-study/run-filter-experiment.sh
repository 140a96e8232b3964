#!/usr/bin/env bash
# Runs the exception-filter experiments and writes their report:
#
#   filter-study/run-filter-experiment.sh OUTDIR [--reps 30] [--dict-reps 5] [--words FILE]
#                                  [--sizes 1000,10000,100000,all,1000000,10000000]
#                                  [--rates 0.01:0.20:0.01]
#                                  [--build DIR] [--skip-dictionaries]
#
# 1. The 2022 study's experiment (filter-study/filter-experiment.cpp): every filter and both
#    references at ε = 1 %, 2 %, ..., 20 %, --reps repetitions: build time from the hyphenex
#    list and time to hyphenate every word of the word list (default ../shared/data/
#    english-words.txt, 466,551 words).
# 2. Large exception dictionaries in the on-disk store (filter-study/store-experiment.cpp): the
#    "house dictionary" of every letters-only word of the list with its TeX hyphenation
#    (made with `hyphenate --words`, compiled with `hyph-store`), subsets of it and synthetic
#    words beyond it, 10^3 to 10^7 entries; time per word, resident memory and store probes
#    avoided for each filter at ε = 1 %, the store read into memory (warm; the report's cold
#    rows were measured with the mapped store reader libhyph had before).
# 3. OUTDIR/report.md with tables, and plots (PNG) when gnuplot is installed (Debian:
#    gnuplot-nox), by filter-study/filter-experiment-report.py.
#
# OUTDIR gets: machine.txt, filter-experiment.csv (+ -samples.csv, .txt), dictionaries.csv,
# *.png, report.md (with OUTDIR/notes.md, a hand-written discussion of the run, if there).
# A full run with the defaults took 25 min on the 2-core VM of doc/experiment (13 min for
# part 1 with 7 filters, 12 for part 2); the dictionaries need about 800 MB in $TMPDIR. The dictionaries (up to about 800 MB) live in a temporary folder that is
# removed at the end. Progress goes to standard error.
set -euo pipefail
started=$(date +%s)

root=$(cd "$(dirname "$0")/.." && pwd)
[[ $# -ge 1 && $1 != -* ]] || { sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
out=$1
shift
reps=30
dict_reps=5
words="$root/../shared/data/english-words.txt"
sizes="1000,10000,100000,all,1000000,10000000"
rates="0.01:0.20:0.01"
build="$root/build"
dictionaries=1
while [[ $# -gt 0 ]]; do
  case $1 in
    --reps) reps=$2; shift 2 ;;
    --dict-reps) dict_reps=$2; shift 2 ;;
    --words) words=$2; shift 2 ;;
    --sizes) sizes=$2; shift 2 ;;
    --rates) rates=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    --skip-dictionaries) dictionaries=0; shift ;;
    *) echo "run-filter-experiment.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[[ -r $words ]] || { echo "run-filter-experiment.sh: cannot read the word list $words (use --words)" >&2; exit 1; }
ninja -C "$build" filter-study/filter-experiment filter-study/store-experiment tools/hyphenate tools/hyph-store >/dev/null
mkdir -p "$out"
out=$(cd "$out" && pwd)

{
  echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "commit: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
  echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
  echo "nproc: $(nproc)"
  echo "memory: $(grep MemTotal /proc/meminfo | awk '{printf "%.1f GiB", $2/1048576}')"
  echo "kernel: $(uname -sr)"
  echo "compiler: $(c++ --version | head -1)"
  echo "build: $(meson introspect --buildoptions "$build" 2>/dev/null | python3 -c 'import json, sys
o = {x["name"]: x["value"] for x in json.load(sys.stdin)}
print("buildtype={}, optimization=-O{}, b_ndebug={}, {}".format(o["buildtype"], o["optimization"], o["b_ndebug"], o["cpp_std"]))' || echo unknown)"
  echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "repetitions: $reps (study), $dict_reps (dictionaries)"
  echo "words: $words ($(wc -l < "$words") lines)"
} > "$out/machine.txt"

# The load average while the experiment runs (the machine may be shared), every 30 s.
( while sleep 30; do cut -d' ' -f1 /proc/loadavg; done ) > "$out/.load" &
sampler=$!
trap 'kill "$sampler" 2>/dev/null || true' EXIT

echo "== 1. filters at ε = $rates, $reps repetitions" >&2
"$build/filter-study/filter-experiment" "$words" --reps "$reps" --rates "$rates" --out "$out" \
  --hyphenex "$root/patterns/data/ushyphex.tex" > "$out/filter-experiment.txt"
echo "load after the study: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/machine.txt"

if [[ $dictionaries == 1 ]]; then
  echo "== 2. exception dictionaries of ${sizes//,/, } entries" >&2
  work=$(mktemp -d)
  trap 'kill "$sampler" 2>/dev/null || true; rm -rf "$work"' EXIT
  # The house dictionary: every letters-only word with TeX's hyphenation, by libhyph itself.
  grep -E '^[A-Za-z]+$' "$words" > "$work/words.txt"
  "$build/tools/hyphenate" --words < "$work/words.txt" > "$work/hyphenated.txt"
  paste "$work/words.txt" "$work/hyphenated.txt" > "$work/house.tsv"
  "$build/tools/hyph-store" -o "$work/house-all.hyphstore" "$work/house.tsv" 2>> "$out/machine.txt"
  "$build/filter-study/store-experiment" make --house "$work/house.tsv" --dir "$work/stores" --sizes "$sizes" 2>> "$out/machine.txt"
  # The full house dictionary, compiled by hyph-store from the tsv, is byte for byte the one
  # store-experiment writes from the same words (a store's bytes depend only on its entries).
  for f in "$work"/stores/house-*.hyphstore; do
    cmp -s "$f" "$work/house-all.hyphstore" && echo "hyph-store's house dictionary == $(basename "$f")" >> "$out/machine.txt"
  done
  # Every filter kind the build knows (a new backend joins without edits), and exact.
  mapfile -t filters < <("$build/filter-study/filter-experiment" --list-filters)
  filters=(exact "${filters[@]}")
  stores=()
  for family in sparse house; do
    for f in "$work"/stores/"$family"-*.hyphstore; do stores+=("$f"); done
  done
  # Warm only: libhyph reads a store into memory of its own, so there is no page cache to be
  # cold (the report's cold rows measured the mapped reader it had before).
  variants_of() { echo warm; }
  total=2
  for store in "${stores[@]}"; do total=$((total + ${#filters[@]} * $(variants_of "$store" | wc -w))); done
  done_runs=0
  csv="$out/dictionaries.csv"
  "$build/filter-study/store-experiment" run --header --filter none --words "$words" --reps "$dict_reps" > "$csv"
  for store in "${stores[@]}"; do
    for filter in "${filters[@]}"; do
      for variant in $(variants_of "$store"); do
        done_runs=$((done_runs + 1))
        [[ -t 2 ]] && printf '\r  [%3d/%3d] %-28s %-14s %-11s ' "$done_runs" "$total" "$(basename "$store")" "$filter" "$variant" >&2
        args=(run --store "$store" --filter "$filter" --words "$words" --reps "$dict_reps")
        "$build/filter-study/store-experiment" "${args[@]}" >> "$csv"
      done
    done
  done
  [[ -t 2 ]] && echo >&2
  echo "load after the dictionaries: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/machine.txt"
fi

kill "$sampler" 2>/dev/null || true
awk '{ s += $1; if (NR == 1 || $1 < lo) lo = $1; if ($1 > hi) hi = $1 }
     END { if (NR) printf "load during the run (1-minute average, every 30 s): min %.2f, mean %.2f, max %.2f (%d samples)\n", lo, s / NR, hi, NR }' \
  "$out/.load" >> "$out/machine.txt"
rm -f "$out/.load"
echo "wall time: $(( ($(date +%s) - started + 30) / 60 )) min (the report's own time not counted)" >> "$out/machine.txt"
echo "== 3. report" >&2
python3 "$root/filter-study/filter-experiment-report.py" "$out"
echo "report: $out/report.md" >&2
