#!/usr/bin/env python3
"""The man pages (doc/man/*.scd) stay current with the programs and the headers:

- every option a command's --help prints is in the OPTIONS section of its man page, and every
  option that section describes is in --help (long options, and short ones where --help has
  them);
- libhyph(3) names every public header and every function of the C API (<hyph/hyph.h>);
- README's option table for hyphenate holds the options of its --help, and no other;
- the build installs the five pages into mandir (when scdoc is there to make them).

usage: man_pages_test.py SOURCE_DIR BUILD_DIR HYPHENATE HYPH_COMPILE HYPH_STORE
"""
import glob
import json
import os
import re
import subprocess
import sys

import cli_support
from cli_support import check

SOURCE_DIR, BUILD_DIR = sys.argv[1], sys.argv[2]
COMMANDS = dict(zip(["hyphenate", "hyph-compile", "hyph-store"], sys.argv[3:6]))


def help_options(program):
    """The options of --help: Boost.Program_options prints each at the start of a line,
    after two spaces, as "-l [ --language ] arg" or "--list-languages"."""
    r = cli_support.run(program, ["--help"])
    options = set()
    for line in r.stdout.decode().splitlines():
        m = re.match(r"  (?:(-\w) \[ )?(--[\w-]+)", line)
        if m:
            options.update(o for o in m.groups() if o)
    return r.returncode, options


def man_options(page):
    """The options the OPTIONS section describes: its definition lines (not indented, starting
    with a bold option), every bold *-x* or *--name* on them."""
    text = open(os.path.join(SOURCE_DIR, "doc", "man", page)).read()
    section = re.search(r"^# OPTIONS\n(.*?)(?=^# )", text, re.S | re.M)
    options = set()
    for line in (section.group(1) if section else "").splitlines():
        if line.startswith("*-"):
            options.update(re.findall(r"\*(--?[\w-]+)\*", line))
    return options


for name, program in COMMANDS.items():
    status, in_help = help_options(program)
    in_man = man_options(f"{name}.1.scd")
    check(f"{name} --help lists options", status == 0 and len(in_help) > 3, f"status {status}, {sorted(in_help)}")
    check(f"{name}(1) describes every option of --help", not in_help - in_man, f"missing: {sorted(in_help - in_man)}")
    check(f"{name}(1) describes no option --help lacks", not in_man - in_help, f"not in --help: {sorted(in_man - in_help)}")

# README's option table for hyphenate (the table after "## The `hyphenate` command"): the
# options of its first column, both ways against --help.
readme = open(os.path.join(SOURCE_DIR, "README.md")).read()
section = re.search(r"^## The `hyphenate` command\n(.*?)(?=^## )", readme, re.S | re.M)
table = re.search(r"^\| option \| meaning \|\n\|---\|---\|\n((?:\|.*\n)+)", section.group(1) if section else "", re.M)
in_readme = set()
for row in (table.group(1) if table else "").splitlines():
    first = row.split("|")[1]
    in_readme.update(re.findall(r"(?<![\w-])(--?[a-z][\w-]*)", first))
status, in_help = help_options(COMMANDS["hyphenate"])
check("README's hyphenate table lists every option of --help", table and not in_help - in_readme,
      f"missing: {sorted(in_help - in_readme)}")
check("README's hyphenate table lists no option --help lacks", table and not in_readme - in_help,
      f"not in --help: {sorted(in_readme - in_help)}")

# libhyph(3): the headers and the C functions.
library_page = open(os.path.join(SOURCE_DIR, "doc", "man", "libhyph.3.scd")).read()
headers = sorted(os.path.basename(h) for h in glob.glob(os.path.join(SOURCE_DIR, "include", "hyph", "*.h")))
# export.h only defines the export macros.
missing = [h for h in headers if h != "export.h" and f"<hyph/{h}>" not in library_page]
check("libhyph(3) names every public header", not missing, f"missing: {missing}")
c_header = open(os.path.join(SOURCE_DIR, "include", "hyph", "hyph.h")).read()
functions = sorted(set(re.findall(r"HYPH_EXPORT[^;(]*?\b(hyph_\w+)\s*\(", c_header)))
missing = [f for f in functions if not re.search(rf"\*{f}\*", library_page)]
check("libhyph(3) names every function of <hyph/hyph.h>", functions and not missing, f"missing: {missing}")

# What the build installs (meson's install plan): the pages if scdoc made them.
r = subprocess.run(["meson", "introspect", "--installed", BUILD_DIR], capture_output=True, text=True)
installed = json.loads(r.stdout).values() if r.returncode == 0 else []
pages = sorted(p for p in installed if re.search(r"/man/man[13]/[\w-]+\.[13]$", p))
scdoc_built = os.path.exists(os.path.join(BUILD_DIR, "doc", "man", "hyphenate.1"))
if scdoc_built:
    check("the five man pages are installed into mandir", [os.path.basename(p) for p in pages] ==
          ["hyph-compile.1", "hyph-store.1", "hyphenate.1", "libhyph-run.1", "libhyph.3"], f"{pages}")
else:
    print("skip the installed man pages: scdoc is not installed")
cli_support.finish()
