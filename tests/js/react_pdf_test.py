#!/usr/bin/env python3
"""js suite: react-pdf 4.9 (npm, unmodified) renders a narrow column of English and German with
libhyph's breaks through its hyphenationCallback prop (tests/js/react_pdf_render.mjs), and
once more with react-pdf's default hyphenation. `pdftotext -layout` reads the line ends back:
libhyph's page must have at least 5 hyphenated line ends per language, each where libhyph
(the native `hyphenate` on the same compiled language) allows a break; the default page's
line ends that libhyph would not allow are listed.

    react_pdf_test.py SOURCE_ROOT BUILD_ROOT HYPH_COMPILE HYPHENATE [--png DIR]

react-pdf comes from npm, pinned by tests/js/react-pdf/package-lock.json (`npm ci`, offline
from npm's cache first); the test skips, saying why, where it cannot be installed or where
pdftotext is absent. --png DIR writes both pages as PNG there (doc/ holds them).
"""
import json
import re
import shutil
import sys
from pathlib import Path

import js_support

HERE = Path(__file__).resolve().parent


def install_react_pdf(build: Path) -> Path:
    folder = build / 'js-react-pdf'
    ready = folder / 'node_modules' / '@react-pdf' / 'renderer' / 'package.json'
    why = js_support.npm_install_pinned(HERE / 'react-pdf', folder, ready, timeout=600)
    if why is None:
        return folder
    js_support.skip(f'@react-pdf/renderer 4.9.0 could not be installed from npm ({why})')


def hyphenated_line_ends(text: str) -> dict:
    """{section: [(part before the break, part after)]} of a page's pdftotext -layout text."""
    sections = {}
    current = None
    lines = [l.strip() for l in text.splitlines()]
    for i, line in enumerate(lines):
        if line in ('ENGLISH', 'DEUTSCH'):
            current = sections.setdefault(line, [])
            continue
        if current is None or not line.endswith('-') or i + 1 >= len(lines) or not lines[i + 1]:
            continue
        before = line.split()[-1][:-1]
        after = re.match(r'\w+', lines[i + 1].split()[0]).group(0)
        current.append((before, after))
    return sections


def main() -> int:
    source, build, hyph_compile, hyphenate = (Path(a).resolve() for a in sys.argv[1:5])
    png_dir = Path(sys.argv[sys.argv.index('--png') + 1]).resolve() if '--png' in sys.argv else None
    if shutil.which('pdftotext') is None or shutil.which('pdftoppm') is None:
        js_support.skip('pdftotext or pdftoppm not found (dev/setup.sh installs poppler-utils)')
    package = js_support.build_package(source, build, hyph_compile)
    folder = install_react_pdf(build)
    shutil.copyfile(HERE / 'react_pdf_render.mjs', folder / 'react_pdf_render.mjs')
    pages = {'libhyph': folder / 'libhyph.pdf', 'default': folder / 'default.pdf'}
    texts = json.loads(js_support.run(['node', 'react_pdf_render.mjs', package, pages['libhyph'], pages['default']],
                                      cwd=folder).stdout)
    compiled = {'ENGLISH': build / 'js-languages' / 'hyph-utf8-en-us.hyb', 'DEUTSCH': build / 'js-languages' / 'de-1996.hyb'}
    paragraph = {'ENGLISH': texts['english'], 'DEUTSCH': texts['german']}
    failures = []
    for which, pdf in pages.items():
        layout = js_support.run(['pdftotext', '-layout', pdf, '-']).stdout
        for section, ends in hyphenated_line_ends(layout).items():
            words = [b + a for b, a in ends]
            ok = js_support.native_break_offsets(hyphenate, compiled[section], words)
            bad = [f'{b}-{a}' for (b, a), offsets in zip(ends, ok) if len(b) not in offsets]
            unknown = [w for w in words if w not in paragraph[section]]
            print(f'{which} {section.lower()}: {len(ends)} hyphenated line ends: {", ".join(f"{b}-{a}" for b, a in ends)}')
            if which == 'libhyph':
                if len(ends) < 5:
                    failures.append(f'{section}: only {len(ends)} hyphenated line ends')
                if bad:
                    failures.append(f'{section}: line ends libhyph does not allow: {bad}')
                if unknown:
                    failures.append(f'{section}: line ends that are no word of the paragraph: {unknown}')
            else:
                print(f'    where libhyph would not break: {", ".join(bad) if bad else "none"}')
        if png_dir is not None:
            png_dir.mkdir(parents=True, exist_ok=True)
            js_support.run(['pdftoppm', '-png', '-r', '110', '-singlefile', pdf, png_dir / f'react-pdf-{which}'])
    if failures:
        sys.exit('\n'.join(failures))
    return 0


if __name__ == '__main__':
    sys.exit(main())
