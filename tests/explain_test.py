#!/usr/bin/env python3
"""hyphenate --explain (doc/explain.md).

golden: a few words through TeX patterns (embedded English, English from its source, a TeX
exception file, Unicode languages) and through vendored .dic dictionaries (English, German
two-level, Hungarian non-standard, Dutch, Catalan), against tests/data/explain/*.expected.
Regenerate those with `explain_test.py HYPHENATE SOURCE_ROOT golden --regenerate`.

breaks: on every golden word list of the tree, the explanations' breaks are exactly the breaks
`hyphenate` marks, every line has doc/explain.md's fields, every gap's value is the largest
digit the listed patterns put there (TeX; libhyphen: words the first level does not cut), and
the patterns listed are written as in hyphen.tex and the .dic files.

  explain_test.py HYPHENATE SOURCE_ROOT golden|breaks [--regenerate]"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cli_support import check, expect_error, finish, run  # noqa: E402

HYPHENATE, ROOT, MODE = sys.argv[1], sys.argv[2], sys.argv[3]
REGENERATE = '--regenerate' in sys.argv[4:]
DATA = os.path.join(ROOT, 'tests', 'data')
GOLDEN = os.path.join(DATA, 'explain')
DIC = os.path.join(ROOT, 'patterns', 'data', 'dic')
UTF8 = ['--patterns-dir', os.path.join(ROOT, 'patterns', 'data', 'hyph-utf8')]
FIELDS = ['at', 'word', 'answer', 'mins', 'values', 'breaks', 'hyphenated', 'spelled', 'dropped', 'exception', 'parts',
          'patterns']


def dic(name):
    return ['--dic', os.path.join(DIC, f'hyph_{name}.dic')]


def parse(line):
    """One line: the word's bytes and its fields by key (values as str)."""
    parts = line.split(b'\t')
    fields = {}
    for p in parts[1:]:
        key, _, value = p.partition(b'=')
        fields[key.decode()] = value.decode()
    return parts[0], [p.partition(b'=')[0].decode() for p in parts[1:]], fields


def rebuild(text, lines):
    """The input with '-' at every break the explanations give, as hyphenate writes it."""
    offsets = []
    for line in lines:
        word, _, f = parse(line)
        chars = word.decode()
        for item in f['breaks'].split():
            gap = int(item.split(':')[0])
            offsets.append(int(f['at']) + len(chars[:gap].encode()))
    out, last = [], 0
    for o in sorted(offsets):
        out += [text[last:o], b'-']
        last = o
    out.append(text[last:])
    return b''.join(out)


def pattern_values(f, n, level=None):
    """Each gap's largest digit among the listed patterns (of `level`, for libhyphen's)."""
    values = [0] * (n + 2)
    for item in f['patterns'].split():
        pattern, _, start = item.rpartition('@')
        if level is not None:
            number, _, pattern = pattern.partition(':')
            if number != str(level):
                continue
            pattern = pattern.split('/')[0]
        letters, digits = [], [0]
        for c in pattern:
            if c.isdigit():
                digits[-1] = int(c)
            else:
                letters.append(c)
                digits.append(0)
        base = int(start) - (1 if letters and letters[0] == '.' else 0)
        for k, d in enumerate(digits):
            if d and 0 <= base + k <= n:
                values[base + k] = max(values[base + k], d)
    return values[:n + 1]


# --- golden files ---
GOLDEN_CASES = [
    ('tex-en', 'tex-en', []),
    ('tex-en-source', 'tex-en', ['-p', os.path.join(ROOT, 'patterns', 'data', 'hyphen.tex')]),
    ('tex-en-uchyph0-min34', 'tex-en', ['--uchyph', '0', '--left-min', '3', '--right-min', '4']),
    ('tex-hyphenex', 'tex-hyphenex', ['-e', os.path.join(ROOT, 'patterns', 'data', 'ushyphex.tex')]),
    ('de-1996', 'de-1996', UTF8 + ['-l', 'de-1996']),
    ('ru', 'ru', UTF8 + ['-l', 'ru']),
    ('dic-en', 'dic-en', dic('en_US')),
    ('dic-de', 'dic-de', dic('de_DE')),
    ('dic-hu', 'dic-hu', dic('hu_HU')),
    ('dic-nl', 'dic-nl', dic('nl_NL')),
    ('dic-ca', 'dic-ca', dic('ca_ES')),
]

if MODE == 'golden':
    for name, words, args in GOLDEN_CASES:
        with open(os.path.join(GOLDEN, words + '.words'), 'rb') as f:
            text = f.read()
        r = run(HYPHENATE, ['--explain', *args], text)
        expected_path = os.path.join(GOLDEN, name + '.expected')
        if REGENERATE and r.returncode == 0:
            with open(expected_path, 'wb') as f:
                f.write(r.stdout)
        with open(expected_path, 'rb') as f:
            expected = f.read()
        diff = [(a, b) for a, b in zip(r.stdout.split(b'\n'), expected.split(b'\n')) if a != b]
        check(f'golden {name}', r.returncode == 0 and r.stdout == expected, f'{r.stderr!r} {diff[:2]}')
    # The English compiled into the library and English from its source explain alike.
    with open(os.path.join(GOLDEN, 'tex-en.expected'), 'rb') as a, open(os.path.join(GOLDEN, 'tex-en-source.expected'), 'rb') as b:
        check('compiled and source English explain alike', a.read() == b.read())
    # Options that print something else do not go with it; the default output is untouched.
    expect_error(HYPHENATE, '--explain --replacements', ['--explain', '--replacements'], 2, '--explain', b'word')
    r = run(HYPHENATE, [], b'hyphenation table\n')
    check('default output unchanged', r.returncode == 0 and r.stdout == b'hy-phen-ation ta-ble\n', repr(r.stdout))
    # Offsets count from the input's first byte across blocks read.
    big = b'x ' * 50000 + b'hyphenation\n'
    r = run(HYPHENATE, ['--explain'], big)
    last = r.stdout.split(b'\n')[-2]
    check('at= counts from the start of the input', r.returncode == 0 and parse(last)[2]['at'] == '100000', repr(last[:60]))
    finish()

# --- every golden word list: the explanations' breaks are hyphenate's ---
def charset_of(path):
    with open(path, 'rb') as f:
        first = f.readline().strip().decode('ascii', 'replace')
    return {'UTF-8': 'utf-8', 'microsoft-cp1251': 'cp1251', 'KOI8-R': 'koi8_r'}.get(first, first.lower().replace('iso8859', 'iso8859_'))


LISTS = [
    ('en-us plain', 'en-us.words', []),
    ('en-us hyphenex', 'en-us.words', ['-e', os.path.join(ROOT, 'patterns', 'data', 'ushyphex.tex')]),
    ('edge cases', 'edge-cases.words', []),
    ('edge cases uchyph 0', 'edge-cases.words', ['--uchyph', '0']),
    ('edge cases min 1 1', 'edge-cases.words', ['--left-min', '1', '--right-min', '1']),
    ('edge cases min 3 4 hyphenex', 'edge-cases.words', ['--left-min', '3', '--right-min', '4', '-e',
                                                         os.path.join(ROOT, 'patterns', 'data', 'ushyphex.tex')]),
]
for tag in ['de-1996', 'el-monoton', 'fr', 'nl', 'pl', 'pt', 'ru']:
    LISTS.append((tag, f'{tag}.words', UTF8 + ['-l', tag]))
    LISTS.append((f'{tag} unicode edge cases', 'unicode-edge-cases.words', UTF8 + ['-l', tag]))
# Larger lists through the vendored dictionaries of their languages.
for words, name in [('en-us.words', 'en_US'), ('de-1996.words', 'de_DE'), ('nl.words', 'nl_NL'), ('pl.words', 'pl_PL')]:
    LISTS.append((f'{words} through hyph_{name}.dic', words, dic(name)))
for name in sorted(os.listdir(DIC)):
    if name.endswith('.dic') and os.path.exists(os.path.join(DATA, 'dic', name[:-4] + '.words')):
        LISTS.append((name, os.path.join('dic', name[:-4] + '.words'), ['--dic', os.path.join(DIC, name)]))

def source_patterns(args):
    """The patterns as the source writes them, where every listed one must be verbatim: plain
    TeX's hyphen.tex (none of its patterns is beaten by a suffix pattern) and each .dic file
    (libhyphen keeps patterns as written), with libhyphen's default first level."""
    import re
    if args == []:
        with open(os.path.join(ROOT, 'patterns', 'data', 'hyphen.tex'), encoding='ascii') as f:
            text = re.sub(r'%.*', '', f.read())
        return set(re.search(r'\\patterns\s*\{(.*?)\}', text, re.S).group(1).split())
    if args[:1] == ['--dic']:
        with open(args[1], 'rb') as f:
            lines = f.read().split(b'\n')
        charset = charset_of(args[1])
        patterns = {'1-1', "1'1", '1\u20131', '1\u20191'}
        for line in lines[1:]:
            if line.split():
                patterns.add(line.split()[0].decode(charset, 'replace'))
        return patterns
    return None


for label, words, args in LISTS:
    with open(os.path.join(DATA, words), 'rb') as f:
        text = f.read()
    if args[:1] == ['--dic']:
        try:
            text.decode()
        except UnicodeDecodeError:
            text = text.decode(charset_of(args[1]), 'replace').encode()
    plain = run(HYPHENATE, args, text)
    explained = run(HYPHENATE, ['--explain', *args], text)
    lines = explained.stdout.split(b'\n')[:-1]
    check(f'{label}: hyphenate runs', plain.returncode == 0 and explained.returncode == 0,
          f'{plain.stderr!r} {explained.stderr!r}')
    got = rebuild(text, lines)
    where = next((k for k in range(min(len(got), len(plain.stdout))) if got[k] != plain.stdout[k]), None)
    check(f'{label}: the breaks of {len(lines)} explanations are hyphenate\'s', got == plain.stdout and len(lines) > 20,
          f'first difference near {plain.stdout[max(0, (where or 0) - 40):(where or 0) + 40]!r}')
    bad_fields, bad_values, matched = [], [], 0
    for line in lines:
        word, keys, f = parse(line)
        if keys != FIELDS:
            bad_fields.append(line)
            continue
        n = len(word.decode())
        if f['answer'].startswith('skipped'):
            continue
        if len(f['values']) != n + 1:
            bad_values.append(line)
        elif args[:1] != ['--dic'] and f['answer'] == 'patterns':
            matched += 1
            if pattern_values(f, n) != [int(c) for c in f['values']]:
                bad_values.append(line)
        elif args[:1] == ['--dic'] and f['parts'] == f'0-{n}' and ' 1:' not in ' ' + f['patterns']:
            # A word the first level does not cut: the second level's patterns give its values
            # (libhyphen keeps none before the first character or after the last).
            matched += 1
            if pattern_values(f, n, 2)[1:n] != [int(c) for c in f['values']][1:n]:
                bad_values.append(line)
    check(f'{label}: every line has the documented fields', not bad_fields, repr(bad_fields[:2]))
    written = source_patterns(args)
    if written is not None:
        listed = {item.rpartition('@')[0].split(':', 1)[-1] if args[:1] == ['--dic'] else item.rpartition('@')[0]
                  for line in lines for item in parse(line)[2].get('patterns', '').split()}
        check(f'{label}: the {len(listed)} patterns listed are written as in the source', listed and listed <= written,
              repr(sorted(listed - written)[:5]))
    what = f'TeX: the patterns give every value ({matched} words)' if args[:1] != ['--dic'] else \
        f'libhyphen: the second level\'s patterns give the values of every word in one part ({matched} words)'
    check(f'{label}: {what}', not bad_values, repr(bad_values[:2]))
finish()
