#!/usr/bin/env python3
"""libhyph's libhyphen dialect against libhyphen itself (Debian's 2.8.8), live.

For every dictionary in /usr/share/hyphen (or those given with --dic): words of its language
(Debian's w* lists, hunspell stems) and generated words, through hnj_hyphen_hyphenate,
hyphenate2 and hyphenate3 over a sweep of minimums; every line of hyphen_oracle (libhyphen) must
equal dic_answers' (libhyph). libhyphen runs in child processes: a word that kills it is skipped,
and so is one it answers differently from run to run.

  hyphen_live_test.py DIC_ANSWERS HYPHEN_ORACLE [--words N] [--generated N] [--dic FILE ...]
Exit 77 (skip) without the oracle or dictionaries. Set HYPH_ORACLE_LIBRARY_PATH to a folder with
another libhyphen.so.0 (libhyph's drop-in) to check that library the same way."""

import argparse
import glob
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dic_words  # noqa: E402

SWEEP = ['0,0,0,0', '1,1,1,1', '2,3,2,2', '4,5,3,4', '6,2,6,1']


def run(exe, dic, words, env=None):
    """Lines for each word; stops early if the program dies (returns what it printed)."""
    proc = subprocess.run([exe, dic] + SWEEP, input=b''.join(w + b'\n' for w in words),
                          capture_output=True, env=env, timeout=1200)
    lines = proc.stdout.split(b'\n')
    if lines and lines[-1] == b'':
        lines.pop()
    return proc.returncode, lines


def oracle_lines(oracle, dic, words, env):
    """libhyphen's answers, None where it died on the word."""
    answers = []
    header = None
    start = 0
    skipped = 0
    while start < len(words):
        code, lines = run(oracle, dic, words[start:], env)
        if not lines:
            return None, None, skipped
        header = lines[0]
        got = lines[1:]
        answers += got
        start += len(got)
        if code != 0 and start < len(words):
            answers.append(None)  # this word killed libhyphen
            skipped += 1
            start += 1
    return header, answers, skipped


def check(dic, args, env):
    words = dic_words.encoded_words(dic, dic_words.language_words(dic), args.words)
    words += dic_words.encoded_words(dic, dic_words.generated_words(dic, args.generated), args.generated, seed=3)
    header, expected, skipped = oracle_lines(args.oracle, dic, words, env)
    if header is None:
        print(f'{dic}: libhyphen cannot load it; skipped')
        return 0, 0, 0
    code, got = run(args.answers, dic, words)
    if code != 0 or not got:
        print(f'{dic}: dic_answers failed (exit {code})')
        return len(words), 1, skipped
    differences = 0
    if got[0] != header:
        print(f'{dic}: dictionary fields differ\n  libhyphen: {header!r}\n  libhyph:   {got[0]!r}')
        differences += 1
    for i, (word, want, have) in enumerate(zip(words, expected, got[1:])):
        if want is None or want == have:
            continue
        # Differing: ask libhyphen twice more, alone; an unstable answer is skipped.
        again = [oracle_lines(args.oracle, dic, [word], env)[1] for _ in range(2)]
        if any(a is None or a[0] is None or a[0] != want for a in again):
            skipped += 1
            continue
        differences += 1
        if differences <= 10:
            print(f'{dic}: word {word!r}\n  libhyphen: {want!r}\n  libhyph:   {have!r}')
    return len(words), differences, skipped


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('answers')
    ap.add_argument('oracle')
    ap.add_argument('--words', type=int, default=12000)
    ap.add_argument('--generated', type=int, default=3000)
    ap.add_argument('--dic', nargs='*')
    args = ap.parse_args()
    if not args.oracle or not os.path.exists(args.oracle):
        print('libhyphen (libhyphen-dev) not found: skipped')
        return 77
    dics = args.dic or sorted({os.path.realpath(p) for p in glob.glob('/usr/share/hyphen/*.dic')})
    if not dics:
        print('no dictionaries in /usr/share/hyphen: skipped')
        return 77
    env = dict(os.environ)
    if os.environ.get('HYPH_ORACLE_LIBRARY_PATH'):
        env['LD_LIBRARY_PATH'] = os.environ['HYPH_ORACLE_LIBRARY_PATH']
    total_words = total_diff = total_skipped = 0
    for dic in dics:
        n, d, s = check(dic, args, env)
        print(f'{os.path.basename(dic)}: {n} words, {d} differences, {s} skipped', flush=True)
        total_words += n
        total_diff += d
        total_skipped += s
    print(f'{len(dics)} dictionaries, {total_words} words x {2 + len(SWEEP)} calls, '
          f'{total_diff} differences, {total_skipped} skipped')
    return 1 if total_diff else 0


if __name__ == '__main__':
    sys.exit(main())
