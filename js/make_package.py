#!/usr/bin/env python3
"""Assembles the npm package `libhyph` in a folder of the build tree (doc/javascript.md).

    make_package.py OUT_DIR SOURCE_DIR NODE_GLUE WEB_GLUE WASM LANGUAGE.hyb...

Entry points are core.js between a head that loads the module and reads files for its
environment and a tail that exports: index.cjs (Node, require), index.mjs (Node, import),
browser.mjs (pages and Web Workers). Languages go to languages/, one file each.
"""
import json
import shutil
import sys
from pathlib import Path


def write_if_changed(path: Path, text: str) -> None:
    if not path.exists() or path.read_text(encoding='utf-8') != text:
        path.write_text(text, encoding='utf-8')


def main() -> int:
    out, source, node_glue, web_glue, wasm, *languages = sys.argv[1:]
    out = Path(out)
    src = Path(source) / 'js' / 'package'
    out.mkdir(parents=True, exist_ok=True)
    (out / 'languages').mkdir(exist_ok=True)
    core = (src / 'src' / 'core.js').read_text(encoding='utf-8')
    part = lambda name: (src / 'src' / name).read_text(encoding='utf-8')
    write_if_changed(out / 'index.cjs', part('head-node.cjs') + '\n' + core + part('tail-node.cjs'))
    write_if_changed(out / 'index.mjs', part('head-node.mjs') + '\n' + core + part('tail.mjs'))
    write_if_changed(out / 'browser.mjs', part('head-web.mjs') + '\n' + core + part('tail.mjs'))
    shutil.copyfile(node_glue, out / 'hyph-node.cjs')
    shutil.copyfile(web_glue, out / 'hyph-web.mjs')
    shutil.copyfile(wasm, out / 'hyph.wasm')
    for name in ('index.d.ts', 'README.md', 'package.json'):
        shutil.copyfile(src / name, out / name)
    shutil.copyfile(Path(source) / 'LICENSE', out / 'LICENSE')
    for language in languages:
        shutil.copyfile(language, out / 'languages' / Path(language).name)
    # The list of languages the package ships, for callers and tests.
    tags = sorted(Path(l).name.removesuffix('.hyb') for l in languages)
    write_if_changed(out / 'languages' / 'index.json', json.dumps(tags, indent=1) + '\n')
    return 0


if __name__ == '__main__':
    sys.exit(main())
