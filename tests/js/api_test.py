#!/usr/bin/env python3
"""js suite: the package's JavaScript API (api.test.mjs, run by node --test over the built
package, as an ES module and through require()) and its reliability (reliability.test.mjs:
memory over 10^6 calls, lone surrogates and NUL, freed; large_text.test.mjs: 100 MB strings and
the RangeError past the longest token; marked_text.test.mjs: hyphenate()'s long-text path), each
file in a process of its own.

    api_test.py SOURCE_ROOT BUILD_ROOT HYPH_COMPILE
"""
import os
import subprocess
import sys
from pathlib import Path

import js_support

HERE = Path(__file__).resolve().parent


def main() -> int:
    source, build, hyph_compile = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
    package = js_support.build_package(source, build, hyph_compile)
    dics = js_support.compile_dic(source, hyph_compile, build / 'js-dic')
    env = dict(os.environ, LIBHYPH_PACKAGE=str(package), LIBHYPH_HU_DIC=str(dics['hyph_hu_HU']),
               LIBHYPH_EN_HYB=str(build / 'js-languages' / 'en-us.hyb'))
    tests = [HERE / name for name in ('api.test.mjs', 'reliability.test.mjs', 'large_text.test.mjs', 'marked_text.test.mjs')]
    result = subprocess.run(['node', '--test', *tests], env=env)
    return result.returncode


if __name__ == '__main__':
    sys.exit(main())
