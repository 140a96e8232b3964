"""What the js suite's tests share: the WebAssembly module and the npm package, built once
per build tree (a cross build with cross/emscripten.ini in BUILD/js-wasm, languages compiled
by this build's hyph-compile), under a lock so that tests running at once build it once.

Exit code 77 (meson's "skipped") where the toolchain is absent: emscripten, node or npm.
"""
import fcntl
import os
import shutil
import subprocess
import sys
from pathlib import Path

SKIP = 77

# The package's languages: plain TeX's English and the hyph-utf8 languages vendored in
# patterns/data (the same files the golden tests use).
HYPH_UTF8 = ['de-1996', 'el-monoton', 'fr', 'nl', 'pl', 'pt', 'ru']


def skip(why: str) -> None:
    print(f'SKIP: {why}')
    sys.exit(SKIP)


def toolchain() -> dict:
    tools = {name: shutil.which(name) for name in ('em++', 'node', 'npm')}
    missing = [name for name, path in tools.items() if path is None]
    if missing:
        skip(f'{", ".join(missing)} not found (dev/setup.sh installs emscripten, and nodejs and npm where absent)')
    return tools


def run(command, **kwargs) -> subprocess.CompletedProcess:
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        sys.exit(f'{" ".join(map(str, command))} failed ({result.returncode}):\n{result.stdout[-4000:]}\n{result.stderr[-4000:]}')
    return result


def npm_install_pinned(pinned: Path, folder: Path, ready: Path, timeout: int):
    """The npm packages pinned by pinned/package.json and pinned/package-lock.json, installed in
    folder by `npm ci` (offline first, from npm's cache, then from the registry) unless the same
    lock is installed there already. None once `ready` exists, or why not."""
    lock = pinned / 'package-lock.json'
    installed_lock = folder / 'package-lock.json'
    if ready.exists() and installed_lock.exists() and installed_lock.read_bytes() == lock.read_bytes():
        return None
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for name in ('package.json', 'package-lock.json'):
        shutil.copyfile(pinned / name, folder / name)
    why = 'npm ci failed'
    for offline in (['--offline'], []):
        try:
            result = subprocess.run(['npm', 'ci', *offline, '--no-audit', '--no-fund'], cwd=folder,
                                    capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            why = 'npm ci timed out'
            continue
        if result.returncode == 0 and ready.exists():
            return None
        why = (result.stderr.strip().splitlines() or [why])[-1]
    return why


def native_break_offsets(hyphenate: Path, compiled: Path, words: list) -> list:
    """Each word's break offsets (in code points) by the native `hyphenate` on a compiled file."""
    out = subprocess.run([hyphenate, '--compiled', compiled], input='\n'.join(words) + '\n',
                         capture_output=True, text=True, check=True).stdout.splitlines()
    offsets = []
    for line in out:
        found, n = set(), 0
        for c in line:
            if c == '-':
                found.add(n)
            else:
                n += 1
        offsets.append(found)
    return offsets


def compile_languages(source: Path, hyph_compile: Path, out: Path) -> list:
    out.mkdir(parents=True, exist_ok=True)
    made = []
    jobs = [('en-us', ['-l', 'en-us'])]
    jobs += [(tag, ['--patterns-dir', str(source / 'patterns' / 'data' / 'hyph-utf8'), '-l', tag]) for tag in HYPH_UTF8]
    # hyph-utf8's own American English (js/data/hyph-utf8), for the hyphen drop-in's hyphen/en.
    jobs += [('hyph-utf8-en-us', ['--patterns-dir', str(source / 'js' / 'data' / 'hyph-utf8'), '-l', 'hyph-utf8:en-us'])]
    for tag, args in jobs:
        target = out / f'{tag}.hyb'
        # The compact form, what a page downloads (doc/javascript.md, "Sizes"). Rebuilt when
        # hyph-compile is newer (its format may have changed) or the file is another form.
        if (not target.exists() or target.stat().st_mtime < hyph_compile.stat().st_mtime or
                target.read_bytes()[:4] != b'\x89HYC'):
            env = dict(os.environ, HYPH_NO_SYSTEM_DIRS='1', HYPH_PATTERNS_DIR='')
            run([hyph_compile, *args, '--compact', '-o', target], env=env)
        made.append(target)
    return made


def compile_dic(source: Path, hyph_compile: Path, out: Path) -> dict:
    """The vendored .dic dictionaries compiled (libhyphen's dialect), by name: not shipped."""
    out.mkdir(parents=True, exist_ok=True)
    made = {}
    for dic in sorted((source / 'patterns' / 'data' / 'dic').glob('hyph_*.dic')):
        target = out / (dic.stem + '.hyb')
        if not target.exists() or target.stat().st_mtime < hyph_compile.stat().st_mtime:
            run([hyph_compile, '--dic', dic, '-o', target])
        made[dic.stem] = target
    return made


def build_package(source: Path, build: Path, hyph_compile: Path) -> Path:
    """BUILD/js-package, the package folder, up to date; returns it."""
    toolchain()
    lock_path = build / 'js-build.lock'
    with open(lock_path, 'w') as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        wasm_build = build / 'js-wasm'
        # Meson reads a cross file at setup only (a reconfigure keeps the old flags), so a
        # changed cross/emscripten.ini sets the build up again: the copy it was set up with is kept.
        cross = source / 'cross' / 'emscripten.ini'
        used = wasm_build / 'emscripten.ini.used'
        if not (wasm_build / 'build.ninja').exists() or not used.exists() or used.read_bytes() != cross.read_bytes():
            shutil.rmtree(wasm_build, ignore_errors=True)
            run(['meson', 'setup', wasm_build, source, '--cross-file', cross,
                 '-Druntime_only=true', '-Dwerror=true', '-Dbuildtype=release'])
            used.write_bytes(cross.read_bytes())
        run(['ninja', '-C', wasm_build, '-j2'])
        languages = compile_languages(source, hyph_compile, build / 'js-languages')
        js = wasm_build / 'js'
        package = build / 'js-package'
        run([sys.executable, source / 'js' / 'make_package.py', package, source,
             js / 'hyph-node.cjs', js / 'hyph-web.mjs', js / 'hyph-node.wasm', *languages])
        return package
