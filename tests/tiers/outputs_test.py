#!/usr/bin/env python3
"""Every dispatch tier the CPU has (include/hyph/cpu_tier.h) gives the same bytes: word lists
through the public API word by word (tier_answers: Hyphenator::hyphenate, which takes the
AVX-512 lean path, and Hyphenator::breaks), for English, the vendored hyph-utf8 languages and
the vendored .dic dictionaries, and text through `hyphenate` (TextStream, one thread and two),
each run under HYPH_CPU=TIER and compared with the portable tier's output.

    outputs_test.py HYPHENATE TIER_ANSWERS SOURCE_ROOT

The 2022 study's list of 466,551 words (../shared/data/english-words.txt) is compared too
where it is present; without it the rest still runs.
"""
import glob
import os
import subprocess
import sys

from tier_support import tiers_here

failures = 0


def output_at(tier, argv, stdin_path=None):
    with open(stdin_path or os.devnull, 'rb') as stdin:
        r = subprocess.run(argv, stdin=stdin, capture_output=True, env=dict(os.environ, HYPH_CPU=tier))
    if r.returncode != 0:
        raise SystemExit(f'{" ".join(argv)} at tier {tier} failed ({r.returncode}): {r.stderr.decode(errors="replace")}')
    return r.stdout


def compare(what, tiers, argv, stdin_path=None):
    """Runs argv at every tier; each output must equal the first tier's."""
    global failures
    first = output_at(tiers[0], argv, stdin_path)
    for tier in tiers[1:]:
        other = output_at(tier, argv, stdin_path)
        if other == first:
            continue
        failures += 1
        a, b = first.splitlines(), other.splitlines()
        line = next((i for i in range(min(len(a), len(b))) if a[i] != b[i]), min(len(a), len(b)))
        shown = lambda lines: lines[line].decode(errors='replace') if line < len(lines) else '(end)'
        print(f'FAIL {what}: tier {tier} differs from {tiers[0]} at line {line + 1}: {shown(b)!r} against {shown(a)!r}')
    print(f'ok   {what}: {len(first.splitlines())} lines, the same at {", ".join(tiers)}')


def main():
    hyphenate, answers, root = sys.argv[1:4]
    tiers = tiers_here(hyphenate)
    print(f'tiers this CPU runs: {", ".join(tiers)}')
    data = os.path.join(root, 'tests', 'data')
    hyph_utf8 = os.path.join(root, 'patterns', 'data', 'hyph-utf8')
    english = os.path.join(root, '..', 'shared', 'data', 'english-words.txt')

    for words in (os.path.join(data, 'en-us.words'), os.path.join(data, 'edge-cases.words')):
        compare(f'en-us, {os.path.basename(words)}, word by word', tiers, [answers, words])
    if os.path.exists(english):
        compare('en-us, english-words.txt, word by word', tiers, [answers, english])
    else:
        print(f'note: {english} not found (the 2022 study list, ../shared); its comparison is left out')
    # A hyph-utf8 language's list (de-1996.words), and a list for several languages, each with
    # golden answers beside it (unicode-edge-cases.words: unicode-edge-cases.fr.expected, ...).
    tags = sorted(os.path.basename(p)[len('hyph-'):-len('.pat.txt')]
                  for p in glob.glob(os.path.join(hyph_utf8, '**', 'hyph-*.pat.txt'), recursive=True))
    for words in sorted(glob.glob(os.path.join(data, '*.words'))):
        name = os.path.basename(words)[:-len('.words')]
        for tag in tags:
            if name == tag or os.path.exists(os.path.join(data, f'{name}.{tag}.expected')):
                compare(f'{tag}, {name}.words, word by word', tiers, [answers, words, '--language', tag, hyph_utf8])
    for words in sorted(glob.glob(os.path.join(data, 'dic', '*.words'))):
        name = os.path.basename(words)[:-len('.words')]
        dic = os.path.join(root, 'patterns', 'data', 'dic', name + '.dic')
        compare(f'{name}.dic, word by word', tiers, [answers, words, '--dic', dic])

    # Running text: the word lists as one text, and prose (README and doc pages).
    with_env = [hyphenate, '--patterns-dir', hyph_utf8]
    texts = [os.path.join(data, 'en-us.words')] + ([english] if os.path.exists(english) else [])
    for text in texts:
        for jobs in ('1', '2'):
            compare(f'hyphenate -j {jobs} < {os.path.basename(text)}', tiers, with_env + ['-j', jobs], text)
        compare(f'hyphenate --words < {os.path.basename(text)}', tiers, with_env + ['--words'], text)
    prose = [os.path.join(root, 'README.md')] + sorted(glob.glob(os.path.join(root, 'doc', '*.md')))
    compare('hyphenate README.md doc/*.md', tiers, with_env + ['-j', '1'] + prose)
    compare('hyphenate -l de-1996 < de-1996.words', tiers, with_env + ['-l', 'de-1996'], os.path.join(data, 'de-1996.words'))
    if failures:
        print(f'{failures} comparisons differ')
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
