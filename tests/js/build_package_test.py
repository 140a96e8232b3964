#!/usr/bin/env python3
"""js suite: the npm package builds (the WebAssembly module by a meson cross build, the
languages by hyph-compile), `npm pack` makes its tarball with no install scripts, and the
tarball installs offline into an empty folder, where its README example runs.

    build_package_test.py SOURCE_ROOT BUILD_ROOT HYPH_COMPILE
"""
import json
import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

import js_support


def main() -> int:
    source, build, hyph_compile = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
    package = js_support.build_package(source, build, hyph_compile)
    packed = js_support.run(['npm', 'pack', '--json', '--pack-destination', build], cwd=package)
    info = json.loads(packed.stdout)[0]
    tarball = build / info['filename']
    with tarfile.open(tarball) as tar:
        names = set(tar.getnames())
        manifest = json.load(tar.extractfile('package/package.json'))
    for wanted in ('index.cjs', 'index.mjs', 'browser.mjs', 'index.d.ts', 'hyph.wasm', 'languages/en-us.hyb', 'languages/de-1996.hyb',
                   'languages/hyph-utf8-en-us.hyb', 'hyphen/en.cjs', 'hyphen/en.mjs', 'hyphen/en.web.mjs', 'hyphen/language.d.ts'):
        assert f'package/{wanted}' in names, f'{wanted} is not in {tarball.name}'
    assert 'scripts' not in manifest, f'the package has scripts: {manifest.get("scripts")}'
    print(f'{tarball.name}: {info["size"]} bytes packed, {info["unpackedSize"]} unpacked, {len(names)} files')

    # Offline into an empty folder, then README's example, as an ES module and through require().
    readme = (package / 'README.md').read_text(encoding='utf-8')
    example = re.search(r'```js\n(.*?)```', readme, re.S).group(1)
    expected = [re.search(r'// (.*)$', line).group(1).strip() for line in example.splitlines() if 'console.log' in line]
    with tempfile.TemporaryDirectory() as empty:
        js_support.run(['npm', 'install', '--offline', '--no-audit', '--no-fund', tarball], cwd=empty)
        Path(empty, 'example.mjs').write_text(example, encoding='utf-8')
        out = js_support.run(['node', 'example.mjs'], cwd=empty).stdout.splitlines()
        assert out == expected, f'README example printed {out}, README says {expected}'
        cjs = "const { Hyphenator } = require('libhyph');\nHyphenator.load('de-1996').then((h) => console.log(h.hyphenate('Silbentrennung', { hyphenChar: '-' })));\n"
        Path(empty, 'example.cjs').write_text(cjs, encoding='utf-8')
        out = js_support.run(['node', 'example.cjs'], cwd=empty).stdout.strip()
        assert out == 'Sil-ben-tren-nung', out
        # The hyphen drop-in, through the package's exports, as code written for hyphen calls it.
        dropin_cjs = ("const { hyphenateSync, hyphenateHTMLSync } = require('libhyph/hyphen/en');\n"
                      "console.log(hyphenateSync('A certain king had a beautiful garden', { hyphenChar: '-' }));\n"
                      "console.log(hyphenateHTMLSync('<p class=\"hyphenation\">hyphenation</p>', { hyphenChar: '-' }));\n")
        Path(empty, 'dropin.cjs').write_text(dropin_cjs, encoding='utf-8')
        out = js_support.run(['node', 'dropin.cjs'], cwd=empty).stdout.splitlines()
        assert out == ['A cer-tain king had a beau-ti-ful gar-den', '<p class="hyphenation">hy-phen-ation</p>'], out
        dropin_mjs = ("import { hyphenate, createHyphenator } from 'libhyph/hyphen/de';\n"
                      "console.log(await hyphenate('Ein gewisser König hatte einen wunderschönen Garten', { hyphenChar: '-' }));\n"
                      "const mine = createHyphenator({ hyphenChar: '=', minWordLength: 4, exceptions: ['Gar-ten'] });\n"
                      "console.log(mine('König Garten'));\n")
        Path(empty, 'dropin.mjs').write_text(dropin_mjs, encoding='utf-8')
        out = js_support.run(['node', 'dropin.mjs'], cwd=empty).stdout.splitlines()
        assert out == ['Ein ge-wis-ser Kö-nig hat-te ei-nen wun-der-schö-nen Gar-ten', 'Kö=nig Gar=ten'], out
        print('hyphen drop-in:', ' | '.join(out))
    print('README example:', ' | '.join(expected))
    return 0


if __name__ == '__main__':
    sys.exit(main())
