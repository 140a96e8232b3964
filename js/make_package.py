#!/usr/bin/env python3
"""Assembles the npm package `libhyph` in a folder of the build tree (doc/javascript.md).

    make_package.py OUT_DIR SOURCE_DIR NODE_GLUE WEB_GLUE WASM LANGUAGE.hyb...

Entry points are core.js and hyphen.js between a head that loads the module and reads files
for its environment and a tail that exports: index.cjs (Node, require), index.mjs (Node,
import), browser.mjs (pages and Web Workers). Languages go to languages/, one file each.
The `hyphen` drop-in's modules go to hyphen/: NAME.cjs, NAME.mjs (Node) and NAME.web.mjs
(pages, workers) for each of hyphen's module names whose language the package ships.
"""
import json
import os
import sys
from pathlib import Path


def put(path: Path, data: bytes) -> None:
    """path holds data: left alone when it does already, else replaced whole (a new file
    renamed over it), so that a test reading the package while another assembles it again
    never sees a file cut short."""
    if path.exists() and path.read_bytes() == data:
        return
    partial = path.with_name(path.name + '.partial')
    partial.write_bytes(data)
    os.replace(partial, path)


def write_if_changed(path: Path, text: str) -> None:
    put(path, text.encode('utf-8'))


def copy_if_changed(source, path: Path) -> None:
    put(path, Path(source).read_bytes())


# hyphen 1.14's module names and the hyph-utf8 patterns they use, as the package's languages
# (hyphen/en is hyph-utf8's en-us, not Knuth's hyphen.tex, which is the package's en-us).
HYPHEN_NAMES = {
    'en': 'hyph-utf8-en-us', 'en-us': 'hyph-utf8-en-us',
    'de': 'de-1996', 'de-1996': 'de-1996',
    'el': 'el-monoton', 'el-monoton': 'el-monoton',
    'fr': 'fr', 'nl': 'nl', 'pl': 'pl', 'pt': 'pt', 'ru': 'ru',
}
HYPHEN_EXPORTS = 'hyphenate, hyphenateSync, hyphenateHTML, hyphenateHTMLSync, createHyphenator, patterns'


def write_hyphen_modules(out: Path, tags: list) -> dict:
    folder = out / 'hyphen'
    folder.mkdir(exist_ok=True)
    names = {name: tag for name, tag in HYPHEN_NAMES.items() if tag in tags}
    for name, tag in names.items():
        head = f'// libhyph\'s drop-in for hyphen/{name}: hyph-utf8\'s {tag.removeprefix("hyph-utf8-")} patterns (doc/javascript.md).\n'
        write_if_changed(folder / f'{name}.cjs', head + f"'use strict';\nmodule.exports = require('../index.cjs').hyphenLanguage({json.dumps(tag)});\n")
        write_if_changed(folder / f'{name}.mjs', head + f"import language from './{name}.cjs';\n\nexport const {{ {HYPHEN_EXPORTS} }} = language;\nexport default language;\n")
        write_if_changed(folder / f'{name}.web.mjs', head + f"import {{ hyphenLanguageAsync }} from '../browser.mjs';\n\nconst language = await hyphenLanguageAsync({json.dumps(tag)});\nexport const {{ {HYPHEN_EXPORTS} }} = language;\nexport default language;\n")
    write_if_changed(folder / 'index.json', json.dumps(names, indent=1) + '\n')
    return names


def main() -> int:
    out, source, node_glue, web_glue, wasm, *languages = sys.argv[1:]
    out = Path(out)
    src = Path(source) / 'js' / 'package'
    out.mkdir(parents=True, exist_ok=True)
    (out / 'languages').mkdir(exist_ok=True)
    core = (src / 'src' / 'core.js').read_text(encoding='utf-8') + (src / 'src' / 'hyphen.js').read_text(encoding='utf-8')
    part = lambda name: (src / 'src' / name).read_text(encoding='utf-8')
    write_if_changed(out / 'index.cjs', part('head-node.cjs') + '\n' + core + part('tail-node.cjs'))
    write_if_changed(out / 'index.mjs', part('head-node.mjs') + '\n' + core + part('tail.mjs'))
    write_if_changed(out / 'browser.mjs', part('head-web.mjs') + '\n' + core + part('tail.mjs'))
    copy_if_changed(node_glue, out / 'hyph-node.cjs')
    copy_if_changed(web_glue, out / 'hyph-web.mjs')
    copy_if_changed(wasm, out / 'hyph.wasm')
    for name in ('index.d.ts', 'README.md', 'package.json'):
        copy_if_changed(src / name, out / name)
    (out / 'hyphen').mkdir(exist_ok=True)
    copy_if_changed(src / 'hyphen.d.ts', out / 'hyphen' / 'language.d.ts')
    copy_if_changed(Path(source) / 'LICENSE', out / 'LICENSE')
    for language in languages:
        copy_if_changed(language, out / 'languages' / Path(language).name)
    # The list of languages the package ships, for callers and tests.
    tags = sorted(Path(l).name.removesuffix('.hyb') for l in languages)
    write_if_changed(out / 'languages' / 'index.json', json.dumps(tags, indent=1) + '\n')
    write_hyphen_modules(out, tags)
    return 0


if __name__ == '__main__':
    sys.exit(main())
