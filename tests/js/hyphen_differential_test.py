#!/usr/bin/env python3
"""js suite: the `hyphen` drop-in (libhyph/hyphen/NAME) against the npm package hyphen 1.14.1
on the same hyph-utf8 patterns, with hyphen's default options: every vendored word list of
its 8 languages, the 466,551 English words of ../shared (when present) and HTML samples.
Every difference must fall in a class where hyphen departs from TeX (doc/javascript.md, "The
hyphen drop-in"); an unclassified one fails the test.

    hyphen_differential_test.py SOURCE_ROOT BUILD_ROOT HYPH_COMPILE [--record]

hyphen comes from npm, pinned by tests/js/hyphen-ref/package-lock.json (`npm ci`, offline
from npm's cache first). Where it cannot be installed, the in-tree inputs are checked against
hyphen's answers recorded in tests/js/data/hyphen-golden/ (--record rewrites them), and the
../shared words are skipped, saying so.
"""
import json
import sys
from pathlib import Path

import js_support

HERE = Path(__file__).resolve().parent
# hyphen's module name, the word list of tests/data, the hyph-utf8 tag of its patterns and the
# folder they are vendored in.
LANGUAGES = [
    ('en', 'en-us.words', 'en-us', 'js/data/hyph-utf8'),
    ('de', 'de-1996.words', 'de-1996', 'patterns/data/hyph-utf8'),
    ('el', 'el-monoton.words', 'el-monoton', 'patterns/data/hyph-utf8'),
    ('fr', 'fr.words', 'fr', 'patterns/data/hyph-utf8'),
    ('nl', 'nl.words', 'nl', 'patterns/data/hyph-utf8'),
    ('pl', 'pl.words', 'pl', 'patterns/data/hyph-utf8'),
    ('pt', 'pt.words', 'pt', 'patterns/data/hyph-utf8'),
    ('ru', 'ru.words', 'ru', 'patterns/data/hyph-utf8'),
]


def install_reference(build: Path):
    """The pinned hyphen in BUILD/js-hyphen-ref, or (None, why not)."""
    folder = build / 'js-hyphen-ref'
    installed = folder / 'node_modules' / 'hyphen' / 'package.json'
    why = js_support.npm_install_pinned(HERE / 'hyphen-ref', folder, installed, timeout=300)
    if why is None and json.loads(installed.read_text())['version'] == '1.14.1':
        return folder, None
    why = why or f"npm installed hyphen {json.loads(installed.read_text())['version']}"
    return None, f'hyphen 1.14.1 could not be installed from npm ({why})'


def language_files(source: Path, tag: str, folder: str) -> dict:
    """The job's view of a language: its patterns file and its exceptions (lower case, no hyphens)."""
    txt = source / folder / 'txt'
    hyp = txt / f'hyph-{tag}.hyp.txt'
    exceptions = [w.replace('-', '').lower() for w in hyp.read_text(encoding='utf-8').split()] if hyp.exists() else []
    return {'patterns': str(txt / f'hyph-{tag}.pat.txt'), 'exceptions': exceptions}


def main() -> int:
    source, build, hyph_compile = (Path(a).resolve() for a in sys.argv[1:4])
    record = '--record' in sys.argv[4:]
    package = js_support.build_package(source, build, hyph_compile)
    reference, why = install_reference(build)
    if reference is None:
        if record:
            sys.exit(f'--record needs hyphen: {why}')
        print(f'{why}: checking against the answers recorded in tests/js/data/hyphen-golden/')
    golden_dir = HERE / 'data' / 'hyphen-golden'
    data = source / 'tests' / 'data'
    jobs = []
    files = {name: language_files(source, tag, folder) for name, _, tag, folder in LANGUAGES}
    for name, words, _, _ in LANGUAGES:
        jobs.append({'name': name, 'words': str(data / words), **files[name],
                     'golden': str(golden_dir / f'{name}.{words}.jsonl.gz'), 'record': record})
    english = source.parent / 'shared' / 'data' / 'english-words.txt'
    if english.exists():
        jobs.append({'name': 'en', 'words': str(english), **files['en']})
    else:
        print(f'({english} is absent: the 466,551 English words are not compared)')
    for name in ('en', 'de'):
        html = HERE / 'data' / 'hyphen-html' / f'{name}.html'
        jobs.append({'name': name, 'html': str(html), **files[name],
                     'golden': str(golden_dir / f'{name}.html.jsonl.gz'), 'record': record})
    jobs_file = build / 'js-hyphen-jobs.json'
    jobs_file.write_text(json.dumps(jobs), encoding='utf-8')
    result = js_support.run(['node', HERE / 'hyphen_differential.mjs', package, reference or '-', jobs_file])
    unclassified = 0
    compared = 0
    for line in result.stdout.splitlines():
        r = json.loads(line)
        if 'skipped' in r:
            print(f"{r['name']} {r['file']}: skipped: {r['skipped']}")
            continue
        compared += 1
        print(f"{r['name']} ({r['tag']}) {r['file']}: {r['equal']} of {r['lines']} equal to hyphen ({r['reference']})")
        for cls, c in sorted(r['classes'].items(), key=lambda kv: -kv[1]['count']):
            print(f"    {c['count']:7} {cls}; e.g. {' | '.join(c['examples'])}")
            if cls == 'unclassified':
                unclassified += c['count']
    if compared == 0:
        js_support.skip('nothing compared')
    if unclassified:
        sys.exit(f'{unclassified} differences from hyphen fall in no known class (above)')
    return 0


if __name__ == '__main__':
    sys.exit(main())
