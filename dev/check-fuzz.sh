#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/) with clang, ASan, UBSan and -Werror, and runs each for a
# short, fixed number of executions from its checked-in corpus, with a fixed seed: fails if a
# target crashes, a sanitizer reports or a property check aborts (fuzz/README.md).
#
#   dev/check-fuzz.sh [BUILD_DIR]      (default build-fuzz, configured with clang if new)
#
# The compiled loader runs twice: in BUILD_DIR, and as the WebAssembly module links it (the
# ICU-free runtime) built for 32-bit memory with clang -m32 in BUILD_DIR-32 (compiled_loader_32).
# LIBHYPH_FUZZ_RUNS: executions per target, the corpus's own included (default 10000).
# Each target's log, its new finds (corpus/TARGET) and the input of any failure
# (TARGET-crash-…, -leak-, -timeout-, -oom-) are left in BUILD_DIR/fuzz-check/; the checked-in
# corpus is only read. An input replays with BUILD_DIR/fuzz/fuzz-TARGET INPUT
# (compiled_loader_32: BUILD_DIR-32/fuzz/runtime/fuzz-compiled-loader INPUT).
set -euo pipefail
cd "$(dirname "$0")/.."

dir=${1:-build-fuzz}
runs=${LIBHYPH_FUZZ_RUNS:-10000}
options=(-Dfuzzing=true -Dfuzzing_sanitizers=true -Dwerror=true -Dtests=false -Dbuildtype=debugoptimized)

if [[ -f $dir/build.ninja ]]; then
  meson setup --reconfigure "$dir" "${options[@]}"
else
  CC=clang CXX=clang++ meson setup "$dir" "${options[@]}"
fi

# The libFuzzer binaries meson.build defines (not the replay programs of test builds).
mapfile -t binaries < <(meson introspect --targets "$dir" | python3 -c '
import json, os, sys
for t in json.load(sys.stdin):
    if t["type"] == "executable" and t["name"].startswith("fuzz-") and not t["name"].endswith("-replay"):
        print(os.path.relpath(t["filename"][0], sys.argv[1]))
' "$dir")
((${#binaries[@]})) || { echo "check-fuzz: no fuzz targets in $dir" >&2; exit 1; }
ninja -C "$dir" "${binaries[@]}"
binaries=("${binaries[@]/#/$dir/}")

work=$dir/fuzz-check
rm -rf "$work"
mkdir -p "$work/corpus"
# A failed run's report: from the first error line, 40 lines without ASan's shadow-memory
# dump, then where libFuzzer wrote the input.
report() {
  awk '/check failed:|ERROR:|runtime error:/ { shown = 1 } /^Shadow bytes around/ { shown = 0 }
       shown && n++ < 40' "$1"
  grep 'Test unit written to' "$1" || tail -n 20 "$1"
}

# The compiled loader again as the WebAssembly module links it, for its 32-bit memory: the
# ICU-free runtime built with clang -m32 (fuzz/runtime/meson.build), in BUILD_DIR-32.
dir32=$dir-32
options32=(--cross-file cross/i686-clang-fuzz.ini -Druntime_only=true -Dfuzzing=true -Dfuzzing_sanitizers=true
  -Dwerror=true -Dtests=false -Dbuildtype=debugoptimized)
if [[ -f $dir32/build.ninja ]]; then
  meson setup --reconfigure "$dir32" "${options32[@]}"
else
  meson setup "$dir32" "${options32[@]}"
fi
ninja -C "$dir32" fuzz/runtime/fuzz-compiled-loader
binaries+=("$dir32/fuzz/runtime/fuzz-compiled-loader")

failed=()
for binary in "${binaries[@]}"; do
  name=$(basename "$binary")
  target=${name#fuzz-}
  target=${target//-/_}
  [[ $binary == "$dir32"/* ]] && target+=_32
  # fuzz/README.md's settings: dictionaries for the readers, 64 KiB for the compiled loader's
  # Unicode seed, 4 KiB otherwise.
  extra=(-max_len=4096)
  case $target in
    tex_reader) extra+=(-dict=fuzz/tex.dict) ;;
    pat_reader | hyp_reader) extra+=(-dict=fuzz/patterns.dict) ;;
    compiled_loader | compiled_loader_32) extra=(-max_len=65536) ;;
  esac
  # New finds go to the first directory, a scratch one; the checked-in corpus, second, is read.
  corpora=("$work/corpus/$target")
  mkdir -p "$work/corpus/$target"
  [[ -d fuzz/corpus/${target%_32} ]] && corpora+=("fuzz/corpus/${target%_32}")
  start=$SECONDS
  if "$binary" -runs="$runs" -seed=1 -timeout=20 -print_final_stats=1 "${extra[@]}" \
      -artifact_prefix="$work/$target-" "${corpora[@]}" >"$work/$target.log" 2>&1; then
    echo "check-fuzz: $target: $(grep -m1 -o 'Done [0-9]* runs' "$work/$target.log" || echo 'done'), $((SECONDS - start)) s"
  else
    echo "check-fuzz: $target FAILED after $((SECONDS - start)) s ($work/$target.log):" >&2
    report "$work/$target.log" >&2
    failed+=("$target")
  fi
done

if ((${#failed[@]})); then
  echo "check-fuzz: failed: ${failed[*]} (inputs: $work/TARGET-{crash,leak,timeout,oom}-*; logs: $work/TARGET.log)" >&2
  exit 1
fi
echo "check-fuzz: all ${#binaries[@]} targets passed $runs runs each"
