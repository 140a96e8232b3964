#!/usr/bin/env python3
"""Runs a test program once at every dispatch tier this CPU has (include/hyph/cpu_tier.h),
with HYPH_CPU=TIER in its environment, so that every dispatch point of the library takes that
tier's path; fails if any run fails. Tiers above the CPU's best are named and left out (they
would run the best again), so the test never skips.

    every_tier.py HYPHENATE PROGRAM [ARGUMENT ...]

HYPHENATE is the hyphenate just built; its --version says which tier runs.
"""
import os
import subprocess
import sys

from tier_support import TIERS, tiers_here


def main():
    hyphenate, argv = sys.argv[1], sys.argv[2:]
    tiers = tiers_here(hyphenate)
    failed = []
    for tier in tiers:
        print(f'== HYPH_CPU={tier}: {" ".join(argv)}', flush=True)
        status = subprocess.run(argv, env=dict(os.environ, HYPH_CPU=tier)).returncode
        print(f'== HYPH_CPU={tier}: exit status {status}', flush=True)
        if status != 0:
            failed.append(tier)
    missing = [t for t in TIERS if t not in tiers]
    print(f'tiers run: {", ".join(tiers)}' + (f'; this CPU lacks {", ".join(missing)}' if missing else ''))
    if failed:
        print(f'FAIL at {", ".join(failed)}')
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
