#!/usr/bin/env python3
"""libhyph's libhyphen dialect against libhyphen's answers stored in tests/data/dic (made by
oracles/regenerate-dic-golden.sh from Debian's libhyphen 2.8.8), for the dictionaries vendored in
patterns/data/dic: runs where libhyphen is not installed.
  golden_test.py DIC_ANSWERS SOURCE_ROOT"""

import glob
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hyphen_live_test import SWEEP  # noqa: E402


def main():
    answers, root = sys.argv[1], sys.argv[2]
    data = os.path.join(root, 'tests', 'data', 'dic')
    failures = 0
    total = 0
    for words in sorted(glob.glob(os.path.join(data, '*.words'))):
        name = os.path.basename(words)[:-len('.words')]
        dic = os.path.join(root, 'patterns', 'data', 'dic', name + '.dic')
        with open(words, 'rb') as f:
            proc = subprocess.run([answers, dic] + SWEEP, stdin=f, capture_output=True)
        if proc.returncode != 0:
            print(f'{name}: dic_answers failed: {proc.stderr.decode(errors="replace")}')
            failures += 1
            continue
        with open(os.path.join(data, name + '.expected'), 'rb') as f:
            expected = f.read().split(b'\n')
        got = proc.stdout.split(b'\n')
        diffs = [(w, g) for w, g in zip(expected, got) if w != g]
        if len(expected) != len(got):
            diffs.append((b'<line count>', b''))
        total += len(expected) - 1
        for want, have in diffs[:5]:
            print(f'{name}:\n  libhyphen: {want!r}\n  libhyph:   {have!r}')
        print(f'{name}: {len(expected) - 2} words, {len(diffs)} differences')
        failures += len(diffs)
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
