#!/usr/bin/env python3
"""js suite: the npm package answers exactly as the native library on every vendored word
list, for each compiled language: TeX's (en-us and the hyph-utf8 languages, hyph-utf8's en-us
among them, with their word
lists and the edge cases) and libhyphen's (every vendored .dic with its word list, breaks
spelled out with --replacements too). With ../shared present, also the 466,551 words of
../shared/data/english-words.txt in en-us and hyph-utf8's en-us (the hyphen drop-in's
hyphen/en; skipped, and said so, without it).

    native_equality_test.py SOURCE_ROOT BUILD_ROOT HYPH_COMPILE HYPHENATE
"""
import subprocess
import sys
from pathlib import Path

import js_support

HERE = Path(__file__).resolve().parent


def compare(package, hyphenate, language_arg, compiled, words, extra=()):
    js = subprocess.run(['node', HERE / 'hyphenate_file.mjs', package, language_arg, words, *extra], capture_output=True)
    if js.returncode != 0:
        sys.exit(f'node failed on {words}: {js.stderr.decode()[-3000:]}')
    native = subprocess.run([hyphenate, '--compiled', compiled, *extra, words], capture_output=True)
    if native.returncode != 0:
        sys.exit(f'hyphenate failed on {words}: {native.stderr.decode()[-3000:]}')
    native = native.stdout
    if js.stdout != native:
        js_lines = js.stdout.decode().splitlines()
        native_lines = native.decode().splitlines()
        diffs = [(a, b) for a, b in zip(js_lines, native_lines) if a != b][:10]
        sys.exit(f'{words.name} in {compiled.name}: JS and native differ ({len(js_lines)} and {len(native_lines)} lines), e.g. {diffs}')
    return len(js.stdout.decode().splitlines())


def main() -> int:
    source, build, hyph_compile, hyphenate = (Path(a) for a in sys.argv[1:5])
    package = js_support.build_package(source, build, hyph_compile)
    data = source / 'tests' / 'data'
    total = 0
    compiled = build / 'js-languages'
    for tag in ['en-us'] + js_support.HYPH_UTF8 + ['hyph-utf8-en-us']:
        english = tag in ('en-us', 'hyph-utf8-en-us')  # hyph-utf8's en-us: the hyphen drop-in's hyphen/en
        lists = [data / ('en-us.words' if english else f'{tag}.words')]
        lists.append(data / ('edge-cases.words' if english else 'unicode-edge-cases.words'))
        for words in lists:
            lines = compare(package, hyphenate, tag, compiled / f'{tag}.hyb', words)
            print(f'{tag}: {words.name}: {lines} lines equal')
            total += lines
    for name, dic in js_support.compile_dic(source, hyph_compile, build / 'js-dic').items():
        # The word lists are in their dictionary's charset; a JS string is Unicode, and the
        # native tool reads UTF-8: both get the list in UTF-8.
        charset = (source / 'patterns' / 'data' / 'dic' / f'{name}.dic').read_bytes().split(b'\n', 1)[0].decode('ascii').strip()
        words = build / 'js-dic' / f'{name}.words.utf8'
        words.write_text((data / 'dic' / f'{name}.words').read_bytes().decode(charset), encoding='utf-8')
        for extra in ((), ('--replacements',)):
            lines = compare(package, hyphenate, str(dic), dic, words, extra)
            print(f'{name}.dic {" ".join(extra)}: {words.name}: {lines} lines equal')
            total += lines
    english = source.parent / 'shared' / 'data' / 'english-words.txt'
    if english.exists():
        for tag in ('en-us', 'hyph-utf8-en-us'):
            lines = compare(package, hyphenate, tag, compiled / f'{tag}.hyb', english)
            print(f'{tag}: {english}: {lines} lines equal')
            total += lines
    else:
        print(f'({english} is absent: the 466,551 English words are not compared)')
    print(f'{total} lines equal in all')
    return 0


if __name__ == '__main__':
    sys.exit(main())
