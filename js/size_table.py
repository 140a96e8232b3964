#!/usr/bin/env python3
"""What a page downloads, gzip -9: the package's module, glue, wrapper and every shipped
language, beside Hyphenopoly's .wasm files and hyphen's pattern modules (doc/javascript.md,
"Sizes").

    size_table.py PACKAGE_DIR [NODE_MODULES]

PACKAGE_DIR is an assembled package (BUILD/js-package); NODE_MODULES a folder holding
`hyphenopoly` and `hyphen` as npm installed them (bench/js's lockfile pins both), whose files
are left out of the table where absent. Prints a Markdown table.
"""
import json
import subprocess
import sys
from pathlib import Path

# A shipped language and the same patterns' files in Hyphenopoly 6 and hyphen 1.14 (hyph-utf8's
# names; Hyphenopoly calls de-1996 `de`). The package's en-us is Knuth's hyphen.tex, the others'
# hyph-utf8's en-us, which the package ships too, as hyph-utf8-en-us.
OTHERS = {
    'en-us': 'en-us', 'hyph-utf8-en-us': 'en-us', 'de-1996': ('de', 'de-1996'), 'el-monoton': 'el-monoton',
    'fr': 'fr', 'nl': 'nl', 'pl': 'pl', 'pt': 'pt', 'ru': 'ru',
}


def gzipped(path: Path) -> int:
    """Bytes of `gzip -9` of the file, as a server would send it."""
    with open(path, 'rb') as f:
        return len(subprocess.run(['gzip', '-9c'], stdin=f, capture_output=True, check=True).stdout)


def cell(path):
    if path is None or not path.exists():
        return '—'
    return f'{path.stat().st_size:,} / {gzipped(path):,}'


def main() -> int:
    package = Path(sys.argv[1])
    modules = Path(sys.argv[2]) if len(sys.argv) > 2 else None
    opoly = modules / 'hyphenopoly' if modules else None
    hyphen = modules / 'hyphen' if modules else None
    rows = [('module (`hyph.wasm`)', package / 'hyph.wasm', opoly and opoly / 'Hyphenopoly.js', hyphen and hyphen / 'hyphen.js'),
            ('glue (`hyph-web.mjs`)', package / 'hyph-web.mjs', None, None),
            ('wrapper (`browser.mjs`, with the `hyphen` drop-in)', package / 'browser.mjs', None, None)]
    for tag in json.loads((package / 'languages' / 'index.json').read_text()):
        names = OTHERS.get(tag, tag)
        opoly_name, hyphen_name = names if isinstance(names, tuple) else (names, names)
        rows.append((f'`languages/{tag}.hyb`', package / 'languages' / f'{tag}.hyb',
                     opoly and opoly / 'patterns' / f'{opoly_name}.wasm', hyphen and hyphen / 'patterns' / f'{hyphen_name}.js'))
    print('| file | libhyph: bytes / gzip -9 | Hyphenopoly 6 | hyphen 1.14 |')
    print('|---|---|---|---|')
    for label, ours, theirs, hyphens in rows:
        print(f'| {label} | {cell(ours)} | {cell(theirs)} | {cell(hyphens)} |')
    return 0


if __name__ == '__main__':
    sys.exit(main())
