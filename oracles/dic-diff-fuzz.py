#!/usr/bin/env python3
"""Differential fuzzing of libhyph's libhyphen dialect against libhyphen itself.

Generates small random `.dic` dictionaries (keywords, NOHYPHEN, NEXTLEVEL, standard and
non-standard patterns, comments, '#' lines, UTF-8 or ISO8859-1) and random words over their
letters, and compares tests/dic/dic_answers with tests/dic/hyphen_oracle (Debian's libhyphen
2.8.8) line by line over all three calls and a sweep of minimums. libhyphen runs in a child
process: a dictionary or word it dies on, or answers differently from run to run, is skipped,
and so is a difference where valgrind shows libhyphen reading memory it should not (2.8.8
reads past the word or uninitialised memory on some malformed patterns).

  oracles/dic-diff-fuzz.py [--build BUILD] [--cases N] [--seed S] [--keep DIR]
Exit status 1 if any difference was found (each is saved under --keep)."""

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'tests', 'dic'))
from hyphen_live_test import SWEEP  # noqa: E402

LETTERS = ['a', 'b', 'c', 'd', 'e', 'é', 'ß', "'", '-']


def pattern(rng, letters):
    n = rng.randint(1, 5)
    word = ''.join(rng.choice(letters) for _ in range(n))
    if rng.random() < 0.3:
        word = '.' + word
    if rng.random() < 0.3:
        word = word + '.'
    out = ''
    for ch in word:
        if rng.random() < 0.5:
            out += str(rng.randint(0, 9))
        out += ch
    if rng.random() < 0.4:
        out += str(rng.randint(1, 9))
    if rng.random() < 0.15:
        core = word.strip('.')
        if core:
            left = ''.join(rng.choice(letters) for _ in range(rng.randint(0, 3)))
            right = ''.join(rng.choice(letters) for _ in range(rng.randint(0, 3)))
            repl = f'/{left}={right}'
            if rng.random() < 0.7:
                start = rng.randint(1, len(core))
                cut = rng.randint(1, len(core) - start + 1)
                repl += f',{start},{cut}'
            # the break must be inside the replaced part: an odd digit there
            out = out.rstrip('0123456789') if out[-1:].isdigit() else out
            out += repl
    return out


def dictionary(rng):
    utf8 = rng.random() < 0.6
    letters = LETTERS if utf8 else [c for c in LETTERS if c != 'ß'] + ['ä']
    lines = ['UTF-8' if utf8 else 'ISO8859-1']
    for key in ('LEFTHYPHENMIN', 'RIGHTHYPHENMIN', 'COMPOUNDLEFTHYPHENMIN', 'COMPOUNDRIGHTHYPHENMIN'):
        if rng.random() < 0.4:
            lines.append(f'{key} {rng.randint(0, 4)}')
    if rng.random() < 0.3:
        lines.append('NOHYPHEN ' + ','.join(rng.choice(letters) * rng.randint(1, 2) for _ in range(rng.randint(1, 3))))
    levels = 2 if rng.random() < 0.4 else 1
    for level in range(levels):
        if level == 1:
            lines.append('NEXTLEVEL')
        for _ in range(rng.randint(1, 25)):
            r = rng.random()
            if r < 0.05:
                lines.append('% comment ' + pattern(rng, letters))
            elif r < 0.08:
                lines.append('#' + pattern(rng, letters))
            else:
                lines.append(pattern(rng, letters))
    text = '\n'.join(lines) + '\n'
    return text.encode('utf-8' if utf8 else 'latin-1'), letters, 'utf-8' if utf8 else 'latin-1'


def words(rng, letters, encoding, count):
    out = set()
    for _ in range(count):
        w = ''.join(rng.choice(letters + ['0', '7']) if rng.random() < 0.05 else rng.choice(letters)
                    for _ in range(rng.randint(1, 12)))
        out.add(w.encode(encoding))
    return sorted(out)


def run(exe, dic, ws):
    try:
        p = subprocess.run([exe, dic] + SWEEP, input=b''.join(w + b'\n' for w in ws), capture_output=True, timeout=20)
    except subprocess.TimeoutExpired:
        return None
    return p.stdout if p.returncode == 0 else None


def undefined(oracle, dic, word):
    """Whether libhyphen reads or writes memory it should not for this word (valgrind): then its
    answer depends on what happens to be there, and libhyph's bounded answer stands."""
    if not shutil.which('valgrind'):
        return False
    p = subprocess.run(['valgrind', '-q', '--error-exitcode=99', oracle, dic] + SWEEP, input=word + b'\n',
                       capture_output=True, timeout=120)
    return p.returncode == 99


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--build', default='build')
    ap.add_argument('--cases', type=int, default=300)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--keep', default='dic-diff-fuzz-failures')
    args = ap.parse_args()
    ours = os.path.join(args.build, 'tests', 'dic', 'dic_answers')
    oracle = os.path.join(args.build, 'tests', 'dic', 'hyphen_oracle')
    if not os.path.exists(oracle):
        print('no hyphen_oracle (libhyphen-dev missing?)')
        return 77
    rng = random.Random(args.seed)
    compared = skipped = differences = 0
    words_compared = 0
    with tempfile.TemporaryDirectory() as tmp:
        for case in range(args.cases):
            text, letters, encoding = dictionary(rng)
            ws = words(rng, letters, encoding, 40)
            dic = os.path.join(tmp, 'case.dic')
            with open(dic, 'wb') as f:
                f.write(text)
            want = run(oracle, dic, ws)
            if want is None or run(oracle, dic, ws) != want:
                skipped += 1
                continue
            have = run(ours, dic, ws)
            compared += 1
            words_compared += len(ws)
            if have != want:
                # A word whose answer depends on the words before it (2.8.8 reads memory it
                # never wrote) is asked again alone, twice; only a stable answer counts.
                real = False
                for w, wl, hl in zip(ws, want.split(b'\n')[1:], (have or b'').split(b'\n')[1:]):
                    if wl == hl:
                        continue
                    alone = [run(oracle, dic, [w]) for _ in range(2)]
                    if alone[0] is None or alone[0] != alone[1]:
                        continue
                    if alone[0].split(b'\n')[1] != hl and not undefined(oracle, dic, w):
                        real = True
                if not real:
                    skipped += 1
                    continue
                differences += 1
                os.makedirs(args.keep, exist_ok=True)
                base = os.path.join(args.keep, f'case-{args.seed}-{case}')
                with open(base + '.dic', 'wb') as f:
                    f.write(text)
                with open(base + '.words', 'wb') as f:
                    f.write(b''.join(w + b'\n' for w in ws))
                for w, h in zip(want.split(b'\n'), (have or b'').split(b'\n')):
                    if w != h:
                        print(f'case {case}:\n  libhyphen: {w!r}\n  libhyph:   {h!r}')
                        break
    print(f'{compared} dictionaries compared ({words_compared} words x {2 + len(SWEEP)} calls), '
          f'{skipped} skipped (libhyphen died or was unstable), {differences} with differences')
    return 1 if differences else 0


if __name__ == '__main__':
    sys.exit(main())
