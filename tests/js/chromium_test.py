#!/usr/bin/env python3
"""js suite: Debian's chromium, headless, driven by puppeteer-core from npm (no browser of its
own), opens a page served here that loads the package's browser entry (browser.mjs, hyph.wasm,
languages/*.hyb), hyphenates a narrow justified column of English and German with soft hyphens
on the page thread and in a Web Worker, and renders both (tests/js/chromium/page/). The page
reads where the lines end from the layout (Range.getClientRects() per character). Checked here:

- the worker ran in a worker, and its text equals the page thread's, byte for byte;
- removing the soft hyphens gives each paragraph back;
- every word split over two lines is split at a soft hyphen, where the native `hyphenate`
  allows a break on the same compiled language; at least 5 such line ends per language.

    chromium_test.py SOURCE_ROOT BUILD_ROOT HYPH_COMPILE HYPHENATE [--png DIR]

puppeteer-core comes from npm, pinned by tests/js/chromium/package-lock.json (`npm ci`, offline
from npm's cache first); the test skips, saying why, where chromium is absent or puppeteer-core
cannot be installed. --png DIR writes the screenshot there as chromium-libhyph.png (doc/ holds it).
"""
import functools
import http.server
import json
import os
import shutil
import sys
import threading
from pathlib import Path

import js_support

HERE = Path(__file__).resolve().parent
SOFT_HYPHEN = '\u00ad'
MIN_SPLITS = 5


def install_puppeteer(build: Path) -> Path:
    folder = build / 'js-chromium'
    ready = folder / 'node_modules' / 'puppeteer-core' / 'package.json'
    # puppeteer-core downloads no browser; the variable says so to any package that might.
    os.environ['PUPPETEER_SKIP_DOWNLOAD'] = '1'
    why = js_support.npm_install_pinned(HERE / 'chromium', folder, ready, timeout=600)
    if why is None:
        return folder
    js_support.skip(f'puppeteer-core 24 could not be installed from npm ({why})')


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Files of the site folder, with the types a module script and WebAssembly need."""
    extensions_map = {'.html': 'text/html; charset=utf-8', '.mjs': 'text/javascript', '.js': 'text/javascript',
                      '.wasm': 'application/wasm', '.json': 'application/json', '': 'application/octet-stream'}

    def log_message(self, format, *args):  # quiet: failures show in the page's messages
        pass


def serve(site: Path) -> http.server.ThreadingHTTPServer:
    server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), functools.partial(SiteHandler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def make_site(package: Path, folder: Path) -> Path:
    """The page's files and the package (as pkg/), in one folder to serve."""
    site = folder / 'site'
    shutil.rmtree(site, ignore_errors=True)
    shutil.copytree(HERE / 'chromium' / 'page', site)
    shutil.copytree(package, site / 'pkg')
    return site


def letters_around(word: str, offset: int):
    """The word's run of letters and the split's offset in it (punctuation around dropped)."""
    start, end = 0, len(word)
    while start < end and not word[start].isalpha():
        start += 1
    while end > start and not word[end - 1].isalpha():
        end -= 1
    return word[start:end], offset - start


def main() -> int:
    source, build, hyph_compile, hyphenate = (Path(a).resolve() for a in sys.argv[1:5])
    png_dir = Path(sys.argv[sys.argv.index('--png') + 1]).resolve() if '--png' in sys.argv else None
    chromium = shutil.which('chromium')
    if chromium is None:
        js_support.skip('chromium not found (dev/setup.sh installs Debian\'s chromium)')
    package = js_support.build_package(source, build, hyph_compile)
    folder = install_puppeteer(build)
    shutil.copyfile(HERE / 'chromium_drive.mjs', folder / 'chromium_drive.mjs')
    site = make_site(package, folder)
    screenshot = folder / 'chromium-libhyph.png'
    profile = folder / 'profile'
    shutil.rmtree(profile, ignore_errors=True)
    server = serve(site)
    try:
        url = f'http://127.0.0.1:{server.server_address[1]}/page.html'
        result = json.loads(js_support.run(['node', 'chromium_drive.mjs', chromium, url, screenshot, profile],
                                           cwd=folder, timeout=600).stdout)
    finally:
        server.shutdown()
    if 'error' in result:
        sys.exit(f'the page failed: {result["error"]}\n' + '\n'.join(result.get('messages', [])))
    print(f'{result["browserVersion"]} ({result["userAgent"]})')
    compiled = {language: build / 'js-languages' / f'{tag}.hyb' for language, tag in result['languages'].items()}
    failures = []
    if result['workerInWorker'] is not True:
        failures.append('the worker\'s code did not run in a WorkerGlobalScope')
    for language, text in result['inputs'].items():
        if result['page'][language].replace(SOFT_HYPHEN, '') != text:
            failures.append(f'{language}: removing the soft hyphens does not give the paragraph back')
        if result['worker'][language] != result['page'][language]:
            failures.append(f'{language}: the worker\'s text differs from the page thread\'s')
        if SOFT_HYPHEN not in result['page'][language]:
            failures.append(f'{language}: no soft hyphens in the page\'s text')
    for where in ('page', 'worker'):
        for language in ('english', 'german'):
            # The long text the module marks itself: in a browser, English's runs come back as
            # Latin-1 through its windows-1252 decoder.
            if result['long'][where][language] is not True:
                failures.append(f'{where}, {language}: a long text\'s marks differ from positions()\' offsets')
            layout = result['layout'][f'{where}-{language}']
            splits = layout['splits']
            cores = [letters_around(s['word'], s['offset']) for s in splits]
            offsets = js_support.native_break_offsets(hyphenate, compiled[language], [w for w, _ in cores])
            shown = ', '.join(f'{w[:o]}-{w[o:]}' for w, o in cores)
            print(f'{where} {language}: {layout["lines"]} lines in {layout["font"]}, {len(splits)} hyphenated line ends: {shown}')
            bad = [f'{w[:o]}-{w[o:]}' for (w, o), allowed in zip(cores, offsets) if o not in allowed]
            not_soft = [s['word'] for s in splits if not s['atSoftHyphen']]
            if len(splits) < MIN_SPLITS:
                failures.append(f'{where} {language}: only {len(splits)} hyphenated line ends')
            if bad:
                failures.append(f'{where} {language}: line ends libhyph does not allow: {bad}')
            if not_soft:
                failures.append(f'{where} {language}: words split where no soft hyphen is: {not_soft}')
    if result['messages']:
        print('the page said:\n  ' + '\n  '.join(result['messages']))
    if png_dir is not None:
        png_dir.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(screenshot, png_dir / 'chromium-libhyph.png')
    if failures:
        sys.exit('\n'.join(failures))
    return 0


if __name__ == '__main__':
    sys.exit(main())
