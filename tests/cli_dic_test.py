#!/usr/bin/env python3
"""hyphenate in libhyphen's dialect: --dic, -l hyphen:TAG (HYPH_DICTIONARIES), --list-languages,
--replacements, and the CLI against the engine's hnj_hyphen_hyphenate3 answers on every word of
the golden lists (tests/data/dic, made from Debian's libhyphen 2.8.8) for the dictionaries
vendored in patterns/data/hyphen.
  cli_dic_test.py HYPHENATE SOURCE_ROOT"""
import os
import sys
import tempfile
import unicodedata

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cli_support import check, expect, expect_error, finish, run  # noqa: E402

HYPHENATE, ROOT = sys.argv[1], sys.argv[2]
DATA = os.path.join(ROOT, 'patterns', 'data', 'dic')
GOLDEN = os.path.join(ROOT, 'tests', 'data', 'dic')
HU = os.path.join(DATA, 'hyph_hu_HU.dic')
VENDORED_DICS = {'HYPH_DICTIONARIES': DATA}  # run() leaves out /usr/share/hyphen


def python_codec(charset):
    return {'UTF-8': 'utf-8', 'microsoft-cp1251': 'cp1251', 'KOI8-R': 'koi8_r'}.get(charset, charset.lower().replace('iso8859', 'iso8859_'))


# --- loading and the byte-for-byte promise ---
expect(HYPHENATE, '--dic', ['--dic', HU], 'A kulissza, (mérnökség)\n'.encode(), 'A ku-lis-sza, (mér-nök-ség)\n'.encode())
expect(HYPHENATE, '--dic --soft-hyphen', ['--dic', HU, '--soft-hyphen'], 'kulissza'.encode(), 'ku\u00adlis\u00adsza'.encode())
expect(HYPHENATE, '--dic --marker', ['--dic', HU, '-m', '|'], 'Mérnökség/kulissza'.encode(), 'Mér|nök|ség/ku|lis|sza'.encode())
expect(HYPHENATE, '--dic --replacements', ['--dic', HU, '--replacements'], 'A kulissza.\n'.encode(), 'A ku-lisz-sza.\n'.encode())
expect(HYPHENATE, '--replacements --marker', ['--dic', HU, '--replacements', '-m', '='], 'kulissza'.encode(), 'ku=lisz=sza'.encode())
expect(HYPHENATE, '--replacements on TeX patterns is the marker output', ['--replacements'], b'hyphenation\n', b'hy-phen-ation\n')
expect(HYPHENATE, '--dic --left-min', ['--dic', HU, '--left-min', '4'], 'mérnökség'.encode(), 'mérnök-ség'.encode())
many = ('kulissza/' * 3000).encode()
r = run(HYPHENATE, ['--dic', HU], many)
check('a token of 3000 words', r.returncode == 0 and r.stdout == ('ku-lis-sza/' * 3000).encode(), repr(r.stdout[:80]))
expect(HYPHENATE, '-l hyphen:hu_HU (HYPH_DICTIONARIES)', ['-l', 'hyphen:hu_HU'], 'kulissza'.encode(), 'ku-lis-sza'.encode(), env=VENDORED_DICS)
expect(HYPHENATE, '-l hyphen:hu (a short name)', ['-l', 'hyphen:hu'], 'kulissza'.encode(), 'ku-lis-sza'.encode(), env=VENDORED_DICS)
expect(HYPHENATE, '-l hyphen:HU-hu (case, - as _)', ['-l', 'hyphen:HU-hu'], 'kulissza'.encode(), 'ku-lis-sza'.encode(), env=VENDORED_DICS)
expect(HYPHENATE, '-l hyphen:de_DE_1901 falls back to de_DE', ['-l', 'hyphen:de_DE_1901'], b'Silbentrennung', b'Sil-ben-tren-nung', env=VENDORED_DICS)
with tempfile.TemporaryDirectory() as d:
    with open(HU, 'rb') as f, open(os.path.join(d, 'hyph_xx_YY.dic'), 'wb') as g:
        g.write(f.read())
    expect(HYPHENATE, '--patterns-dir finds a .dic', ['--patterns-dir', d, '-l', 'hyphen:xx'], b'kulissza', b'ku-lis-sza', env=VENDORED_DICS)
r = run(HYPHENATE, ['--list-languages'], env=VENDORED_DICS)
listing = r.stdout.decode()
check('--list-languages lists hyphen: tags', r.returncode == 0 and 'hyphen:hu_HU' in listing and 'Hungarian (Hungary)' in listing
      and 'hyph_hu_HU.dic' in listing, listing[-400:])
vendored_tags = sorted('hyphen:' + n[len('hyph_'):-len('.dic')] for n in os.listdir(DATA) if n.endswith('.dic'))
listed_tags = sorted(line.split()[0] for line in listing.splitlines()[1:] if line.startswith('hyphen:'))
check('--list-languages: the HYPH_DICTIONARIES folder alone (HYPH_NO_SYSTEM_DIRS)', listed_tags == vendored_tags,
      f'{listed_tags} {vendored_tags}')
r = run(HYPHENATE, ['--list-languages'], env=VENDORED_DICS, system=True)
with_system = {line.split()[0] for line in r.stdout.decode().splitlines()[1:]}
check('--list-languages with the system: the folder\'s tags and maybe more', r.returncode == 0 and set(vendored_tags) <= with_system,
      f'{sorted(with_system)[:20]}')
expect_error(HYPHENATE, 'unknown hyphen: tag', ['-l', 'hyphen:zz_QQ'], 1, "unknown language 'hyphen:zz_QQ'")
expect_error(HYPHENATE, '--dic and --language', ['--dic', HU, '-l', 'de-1996'], 2, '--dic' if False else 'takes no --language')
expect_error(HYPHENATE, '--dic and --uchyph', ['--dic', HU, '--uchyph', '0'], 2, "TeX's")
expect_error(HYPHENATE, '--dic missing file', ['--dic', '/nonexistent/hyph_xx.dic'], 1, '/nonexistent/hyph_xx.dic')
with tempfile.NamedTemporaryFile(suffix='.dic') as bad:
    bad.write(b'UTF-8\na1b\n\xff\xfe\n')
    bad.flush()
    expect_error(HYPHENATE, '--dic invalid bytes: file:line:column', ['--dic', bad.name], 1, f'{bad.name}:3:1')

# --- what libhyphen 2.8.8 loads without a word: loaded and answered as it does, with a warning
# naming file:line:column on stderr (exit 0); a real dictionary gets none ---
with tempfile.TemporaryDirectory() as tmp:
    for name, data, text, warned in [
            ('text.dic', b'garbage\nhello world\n', b'hello world\n', ["text.dic:1:1: unknown charset 'garbage'",
                                                                      'text.dic: no pattern with an odd digit']),
            ('unknown.dic', b'KOI-BOGUS\nNEXTLEVEL\n1b1\n', b'abab\n', ["unknown.dic:1:1: unknown charset 'KOI-BOGUS'"]),
            ('empty.dic', b'', b'abab\n', ['empty.dic:1:1: no charset', 'empty.dic: no pattern'])]:
        path = os.path.join(tmp, name)
        with open(path, 'wb') as f:
            f.write(data)
        r = run(HYPHENATE, ['--dic', path], text)
        err = r.stderr.decode()
        lines = err.splitlines()
        check(f'--dic {name}: loaded with {len(warned)} warning(s)', r.returncode == 0 and len(lines) == len(warned) and all(
            line.startswith('hyphenate: warning: ' + os.path.join(tmp, w)) for line, w in zip(lines, warned)), repr(err))
    # An unknown charset reads as 8-bit bytes, as libhyphen does: as ISO8859-1 would for ASCII.
    latin1 = os.path.join(tmp, 'latin1.dic')
    with open(latin1, 'wb') as f:
        f.write(b'ISO8859-1\nNEXTLEVEL\n1b1\n')
    same = run(HYPHENATE, ['--dic', latin1], b'abab\n')
    unknown = run(HYPHENATE, ['--dic', os.path.join(tmp, 'unknown.dic')], b'abab\n')
    check('--dic with an unknown charset answers as an 8-bit one', same.returncode == unknown.returncode == 0 and
          same.stdout == unknown.stdout and b'-' in same.stdout and same.stderr == b'', repr((same.stdout, unknown.stdout, same.stderr)))
for name in sorted(os.listdir(DATA)):
    if name.endswith('.dic'):
        r = run(HYPHENATE, ['--dic', os.path.join(DATA, name)], b'hyphenation\n')
        check(f'--dic {name}: no warning', r.returncode == 0 and r.stderr == b'', repr(r.stderr))

# --- every golden word: the CLI answers as hyphenate3 (minimums 0,0,0,0, column 3) ---
for name in sorted(os.listdir(GOLDEN)):
    if not name.endswith('.expected'):
        continue
    dic = os.path.join(DATA, name[:-len('.expected')] + '.dic')
    with open(os.path.join(GOLDEN, name), 'rb') as f:
        lines = f.read().split(b'\n')
    codec = python_codec(lines[0].split(b'\t')[6].decode())
    words, answers, spelled = [], [], []
    for line in lines[1:]:
        fields = line.split(b'\t')
        if len(fields) < 4 or b'\\x' in fields[0]:
            continue
        try:
            word = fields[0].decode(codec)
        except (UnicodeDecodeError, LookupError):
            continue
        # one word to the CLI: letters and marks only, already lower case, short enough
        if not word or word.lower() != word or len(word) > 200 or len(fields[0]) > 256 or \
                not all(unicodedata.category(c)[0] in 'LM' for c in word):
            continue
        status, vector, hyphword = fields[3].split(b' ')[:3]
        if status != b'0':
            continue
        out = ''
        for i, c in enumerate(word):
            out += c
            if i + 1 < len(word) and i < len(vector) and vector[i] in b'13579':
                out += '='
        words.append(word)
        answers.append(out)
        spelled.append(hyphword.decode(codec, errors='replace'))
    text = ('\n'.join(words) + '\n').encode()
    r = run(HYPHENATE, ['--dic', dic, '-m', '='], text)
    got = r.stdout.decode().split('\n')[:-1]
    diffs = [(w, a, g) for w, a, g in zip(words, answers, got) if a != g]
    check(f'{name[:-9]}: {len(words)} words as hyphenate3', r.returncode == 0 and len(got) == len(words) and not diffs and len(words) > 100,
          f'{r.stderr!r} {diffs[:3]}')
    r = run(HYPHENATE, ['--dic', dic, '-m', '=', '--replacements'], text)
    got = r.stdout.decode().split('\n')[:-1]
    # libhyphen writes its hyphenated word before NOHYPHEN: compare where NOHYPHEN removed nothing
    same = [(w, s, g) for w, a, s, g in zip(words, answers, spelled, got) if a.count('=') == s.count('=')]
    diffs = [x for x in same if x[1] != x[2]]
    check(f'{name[:-9]}: --replacements is libhyphen\'s hyphenated word ({len(same)} words)', r.returncode == 0 and not diffs,
          f'{diffs[:3]}')

finish()
