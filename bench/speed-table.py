#!/usr/bin/env python3
"""README's speed table, from one run: every figure in it comes from the same minute on the
same machine, with each baseline measured next to what it is compared with.

    bench/speed-table.py [--build build] [--words ../shared/data/english-words.txt]

It runs the project's own benchmarks (hyphenate-bench at every dispatch tier the CPU has,
hyphen-bench), times whole processes (`hyphenate --words` at every tier, against the libhyphen
driver hnj-words-libhyphen, best of N by CPU time) and `hyphenate -j 2` against `-j 1` on
about 200 MB, then prints a Markdown table naming the CPU, its flags and the tier of each
row, with the machine's load average, so a reader can judge how quiet the run was.
"""
import argparse
import datetime
import os
import re
import subprocess
import sys
import tempfile
import time


# The dispatch tiers (include/hyph/cpu_tier.h), lowest first; README's headline is avx2's, the
# tier most machines run.
TIERS = ('portable', 'sse2', 'avx2', 'avx512')
HEADLINE_TIER = 'avx2'


def run(argv, stdin=None, stdout=subprocess.DEVNULL, tier=None):
    """Runs argv (with HYPH_CPU=tier if given); returns (wall seconds, CPU seconds of the
    child, its stdout or None)."""
    env = dict(os.environ, HYPH_CPU=tier) if tier else None
    start = time.perf_counter()
    with subprocess.Popen(argv, stdin=stdin, stdout=stdout, stderr=subprocess.PIPE, env=env) as child:
        out = child.stdout.read() if stdout == subprocess.PIPE else None
        err = child.stderr.read()
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - start
    if child.returncode != 0:
        sys.exit(f"speed-table: {' '.join(argv)} failed ({child.returncode}): {err.decode(errors='replace')}")
    return wall, usage.ru_utime + usage.ru_stime, out


def output_of(argv):
    return run(argv, stdout=subprocess.PIPE)[2].decode()


def figure(pattern, text, what):
    found = re.search(pattern, text, re.MULTILINE)
    if not found:
        sys.exit(f"speed-table: no {what} in the benchmark's output (pattern {pattern!r})")
    return float(found.group(1))


def best_process(argv, input_path, runs, tier=None):
    """Best wall and best CPU time of `runs` runs reading input_path, output discarded."""
    walls, cpus = [], []
    for _ in range(runs):
        with open(input_path, 'rb') as words:
            wall, cpu, _ = run(argv, stdin=words, tier=tier)
        walls.append(wall)
        cpus.append(cpu)
    return min(walls), min(cpus)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--build', default='build')
    parser.add_argument('--words', default=os.path.join(os.path.dirname(__file__), '..', '..', 'shared', 'data',
                                                        'english-words.txt'))
    parser.add_argument('--dict', default='/usr/share/hyphen/hyph_en_US.dic')
    parser.add_argument('--runs', type=int, default=7, help='whole-process runs; the best counts')
    parser.add_argument('--big-copies', type=int, default=41, help='copies of the word list in the -j input')
    args = parser.parse_args()
    tools = os.path.join(args.build, 'tools')
    benches = os.path.join(args.build, 'bench')
    if not os.path.exists(args.words):
        print(f'speed-table: {args.words} not found (the 2022 study word list, ../shared/data)', file=sys.stderr)
        return 77

    load_before = os.getloadavg()
    rows = []  # (what, libhyph, baseline, ratio)

    bench = output_of([os.path.join(benches, 'hyphenate-bench'), args.words, '--passes', '5', '--cpu', 'all'])
    cpu = re.search(r'^cpu: (.*)$', bench, re.MULTILINE)
    cpu = cpu.group(1) if cpu else 'unknown'
    split = figure(r'^split only.*CPU time\s+([\d.]+) ns/word', bench, 'split CPU time')
    # The table at the end of `--cpu all`: one summary line a tier.
    summaries = bench[bench.rfind('\nevery tier'):]
    tiers = []  # (tier, summary line)
    for line in summaries.splitlines():
        found = re.match(r'tier (\S+)\s', line)
        if found:
            tiers.append((found.group(1), line))
    if not tiers:
        sys.exit('speed-table: no tier summaries in the benchmark\'s output')

    def tier_label(tier):
        return f'**{tier}**' if tier == HEADLINE_TIER else tier

    for tier, line in tiers:
        capi = figure(r'C API\s+[\d.]+ ns/word \(CPU\s+([\d.]+)\)', line, f'{tier} C API CPU time')
        capi_wall = figure(r'C API\s+([\d.]+) ns/word', line, f'{tier} C API wall time')
        hyphen = re.search(r'libhyphen\s+([\d.]+) \(CPU\s+([\d.]+)\)', line)
        if hyphen:
            hyphen_wall, hyphen_cpu = float(hyphen.group(1)), float(hyphen.group(2))
            ratio = f'{hyphen_cpu / capi:.2f}×'
            rows.append((f'per word, C API, `hyphen.tex` vs `hyph_en_US.dic`, tier {tier_label(tier)} (CPU time; wall clock)',
                         f'{capi:.1f} ns; {capi_wall:.1f} ns', f'{hyphen_cpu:.1f} ns; {hyphen_wall:.1f} ns',
                         (f'**{ratio}**' if tier == HEADLINE_TIER else ratio) + f'; {hyphen_wall / capi_wall:.2f}×'))
        else:
            rows.append((f'per word, C API, `hyphen.tex`, tier {tier_label(tier)} (CPU time; wall clock)',
                         f'{capi:.1f} ns; {capi_wall:.1f} ns', '', ''))
    for tier, line in tiers:
        same = re.search(r'same \.dic\s+[\d.]+ \(CPU\s+([\d.]+)\),\s+[\d.]+x \(CPU\s+([\d.]+)x\)', line)
        if same:
            rows.append((f'per word, the same `hyph_en_US.dic` through libhyph\'s C++ API, tier {tier_label(tier)} (CPU time)',
                         f'{float(same.group(1)):.1f} ns', '', f'{float(same.group(2)):.2f}×'))
    rows.append(('reading and splitting the words only (CPU time)', f'{split:.1f} ns', '', ''))
    for tier, line in tiers:
        prose = re.search(r'prose\s+([\d.]+) MB/s \(floor\s+([\d.]+)\)', line)
        if prose:
            # The baseline column holds its floor: the separator scan alone, at the same tier.
            rows.append((f'running prose, one `TextStream`, tier {tier_label(tier)} (wall clock; baseline: the separator scan alone)',
                         f'{float(prose.group(1)):.1f} MB/s', f'{float(prose.group(2)):.1f} MB/s', ''))
    for name, label in (('en-us', 'embedded English'), ('de-1996', '`de-1996`'), ('hyph_en_US.dic', '`hyph_en_US.dic`'),
                        ('hyph_de_DE.dic', '`hyph_de_DE.dic`')):
        found = re.search(rf'^load {re.escape(name)}\s+parse sources\s+([\d.]+) ms \| compiled,\s+(\d+) bytes: '
                          r'from memory\s+([\d.]+) ms, from the file\s+([\d.]+) ms', bench, re.MULTILINE)
        if found:
            parse, size, loaded = float(found.group(1)), int(found.group(2)), float(found.group(4))
            rows.append((f'load {label}: compiled file read ({size:,} B) vs parsing its source', f'{loaded:.3f} ms',
                         f'{parse:.1f} ms', f'{parse / loaded:.0f}×'))

    dropin = os.path.join(benches, 'hyphen-bench')
    if os.path.exists(dropin):
        out = output_of([dropin, '--repeat', '5'])
        for line in out.splitlines():
            found = re.match(r'(German|English)\s+(\S+.*?)\s{2,}([\d.]+ m?s|[\d.]+ ns)\s+([\d.]+ m?s|[\d.]+ ns)\s+'
                             r'([\d.]+x)(.*)', line)
            if found:
                what = f'drop-in library vs libhyphen, {found.group(1)}: {found.group(2).strip()} {found.group(6).strip()}'
                ratio = found.group(5).replace('x', '×')
                rows.append((what.strip(), found.group(3), found.group(4),
                             f'**{ratio}**' if 'hyphenate2' in what else ratio))

    driver = os.path.join(benches, 'hnj-words-libhyphen')
    if os.path.exists(driver):
        theirs = best_process([driver, args.dict, args.words], '/dev/null', args.runs)
        for tier, _ in tiers:
            ours = best_process([os.path.join(tools, 'hyphenate'), '--words'], args.words, args.runs, tier=tier)
            ratio = f'{theirs[1] / ours[1]:.2f}×'
            rows.append((f'whole process on the list (best of {args.runs}): `hyphenate --words` vs `hnj-words-libhyphen`, '
                         f'tier {tier_label(tier)}, CPU time; wall clock', f'{ours[1] * 1e3:.1f} ms; {ours[0] * 1e3:.1f} ms',
                         f'{theirs[1] * 1e3:.1f} ms; {theirs[0] * 1e3:.1f} ms',
                         (f'**{ratio}**' if tier == HEADLINE_TIER else ratio) + f'; {theirs[0] / ours[0]:.2f}×'))

    with tempfile.NamedTemporaryFile(prefix='speed-table-', suffix='.txt') as big:
        with open(args.words, 'rb') as words:
            text = words.read()
        for _ in range(args.big_copies):
            big.write(text)
        big.flush()
        size = big.tell() / 1e6
        hyphenate = os.path.join(tools, 'hyphenate')
        one = best_process([hyphenate, '-j', '1'], big.name, 2)
        two = best_process([hyphenate, '-j', '2'], big.name, 2)
        rows.append((f'`hyphenate -j 2` vs `-j 1`, {size:.0f} MB of words (best of 2, wall clock; CPU time)',
                     f'{two[0]:.2f} s; {two[1]:.2f} s', f'{one[0]:.2f} s; {one[1]:.2f} s',
                     f'**{one[0] / two[0]:.2f}×**; {one[1] / two[1]:.2f}× CPU'))

    load_after = os.getloadavg()
    commit = subprocess.run(['git', 'rev-parse', '--short', 'HEAD'], capture_output=True, text=True).stdout.strip()
    print(f'Measured {datetime.date.today().isoformat()} at commit {commit or "?"} by `bench/speed-table.py` on {cpu}, '
          f'{os.cpu_count()} cores, load average {load_before[0]:.1f} before and {load_after[0]:.1f} after. '
          f'Each tier is a dispatch tier forced with `HYPH_CPU` (rows without one ran at the CPU\'s best, '
          f'{tiers[-1][0]}); the headline is {HEADLINE_TIER}\'s.\n')
    print('| | libhyph | baseline | ratio |')
    print('|---|---|---|---|')
    for row in rows:
        print('| ' + ' | '.join(row) + ' |')
    return 0


if __name__ == '__main__':
    sys.exit(main())
