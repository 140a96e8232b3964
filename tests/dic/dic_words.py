"""Word lists for testing libhyphen's dialect: Debian's w* lists and hunspell stems in a
dictionary's language, and generated words from a dictionary's own letters and patterns."""

import glob
import os
import random
import re

DICT_LISTS = {
    'en': ['american-english', 'british-english'], 'de': ['ngerman', 'ogerman', 'swiss'],
    'fr': ['french'], 'it': ['italian'], 'es': ['spanish'], 'pt': ['portuguese', 'brazilian'],
    'ca': ['catalan'], 'da': ['danish'], 'nl': ['dutch'], 'nb': ['bokmaal'], 'nn': ['nynorsk'],
    'pl': ['polish'], 'sv': ['swedish'], 'bg': ['bulgarian'], 'uk': ['ukrainian'],
}

ENCODINGS = {'microsoft-cp1251': 'cp1251', 'iso8859-1': 'latin-1'}


def python_encoding(charset):
    name = charset.strip()
    return ENCODINGS.get(name.lower(), name)


def charset_of(dic_path):
    with open(dic_path, 'rb') as f:
        first = f.read(19).split(b'\n')[0].split(b'\r')[0]
    return first.decode('latin-1')


def _hunspell_words(path):
    aff = path[:-4] + '.aff'
    encoding = 'utf-8'
    if os.path.exists(aff):
        with open(aff, 'rb') as f:
            for line in f:
                if line.startswith(b'SET '):
                    encoding = python_encoding(line[4:].strip().decode('latin-1'))
                    break
    try:
        with open(path, 'rb') as f:
            text = f.read().decode(encoding, errors='replace')
    except LookupError:
        return []
    words = []
    for line in text.splitlines()[1:]:
        word = re.split(r'[/\t ]', line, maxsplit=1)[0]
        if word:
            words.append(word)
    return words


def language_words(dic_path):
    """The words of Debian's lists in the language of hyph_LL[_CC].dic."""
    base = os.path.basename(dic_path)[len('hyph_'):-len('.dic')]
    lang = re.split(r'[_-]', base)[0]
    words = []
    for name in DICT_LISTS.get(lang, []):
        path = os.path.join('/usr/share/dict', name)
        if os.path.exists(path):
            with open(path, 'rb') as f:
                words += f.read().decode('utf-8', errors='replace').split('\n')
    exact = f'/usr/share/hunspell/{base}.dic'
    candidates = [exact] if os.path.exists(exact) else sorted(glob.glob(f'/usr/share/hunspell/{lang}_*.dic'))[:1]
    for path in candidates:
        words += _hunspell_words(path)
    return words


def pattern_strings(dic_bytes, encoding):
    """The letters of each pattern line (digits, '.', replacements and keywords dropped)."""
    out = []
    for raw in dic_bytes.split(b'\n')[1:]:
        line = raw.split(b'/')[0].strip()
        if not line or line.startswith(b'%') or line[:1].isupper():
            continue
        text = line.decode(encoding, errors='ignore')
        letters = re.sub(r'[0-9.]', '', text)
        if letters:
            out.append(letters)
    return out


def generated_words(dic_path, count, seed=1):
    """Random strings over the patterns' letters, and pattern strings with letters around."""
    encoding = python_encoding(charset_of(dic_path))
    with open(dic_path, 'rb') as f:
        data = f.read()
    try:
        pats = pattern_strings(data, encoding)
    except LookupError:
        return []
    letters = sorted({c for p in pats for c in p if not c.isspace()})
    if not letters:
        return []
    rng = random.Random(seed)
    words = []
    for k in range(count):
        if k % 2 and pats:
            p = rng.choice(pats)
            words.append(''.join(rng.choice(letters) for _ in range(rng.randint(0, 4))) + p +
                         ''.join(rng.choice(letters) for _ in range(rng.randint(0, 4))))
        else:
            words.append(''.join(rng.choice(letters) for _ in range(rng.randint(1, 14))))
    return words


def encoded_words(dic_path, words, limit, seed=7):
    """Lower-case, distinct words in the dictionary's charset, at most `limit`, sampled evenly."""
    encoding = python_encoding(charset_of(dic_path))
    seen = set()
    out = []
    for w in words:
        w = w.strip().lower()
        if not w or any(c.isspace() for c in w) or '\0' in w:
            continue
        try:
            b = w.encode(encoding)
        except (UnicodeEncodeError, LookupError):
            continue
        if b in seen or len(b) > 200:
            continue
        seen.add(b)
        out.append(b)
    if len(out) > limit:
        rng = random.Random(seed)
        out = rng.sample(out, limit)
    return out
