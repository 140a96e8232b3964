#!/usr/bin/env python3
"""The bash completion (tools/completion/libhyph.bash) run in bash, as bash-completion runs
it, for a few command lines of hyphenate, hyph-compile and hyph-store; and its installation.
Skipped (77) without bash or bash-completion.

usage: completion_test.py SOURCE_DIR BUILD_DIR HYPHENATE HYPH_COMPILE HYPH_STORE
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

import cli_support
from cli_support import check

SOURCE_DIR, BUILD_DIR, HYPHENATE, HYPH_COMPILE, HYPH_STORE = map(os.path.abspath, sys.argv[1:6])
SCRIPT = os.path.join(SOURCE_DIR, "tools", "completion", "libhyph.bash")
VENDORED = os.path.join(SOURCE_DIR, "patterns", "data", "hyph-utf8")


def bash_completion_main():
    """bash-completion's main script, from its pkg-config prefix or the usual places."""
    places = []
    r = subprocess.run(["pkg-config", "--variable=datadir", "bash-completion"], capture_output=True, text=True) \
        if shutil.which("pkg-config") else None
    if r and r.returncode == 0 and r.stdout.strip():
        places.append(os.path.join(r.stdout.strip(), "bash-completion", "bash_completion"))
    places += ["/usr/share/bash-completion/bash_completion", "/usr/local/share/bash-completion/bash_completion"]
    return next((p for p in places if os.path.isfile(p)), None)


MAIN = bash_completion_main()
if not shutil.which("bash") or not MAIN:
    print("SKIP: bash or bash-completion is not installed")
    sys.exit(77)


def complete(words, cwd=None, env=None):
    """COMPREPLY for the command line `words` (as bash splits it, "=" a word of its own; the
    last is the word being completed), completed at its end by the function `complete -p`
    names for the command."""
    line = " ".join(words).replace(" = ", "=")
    program = f"""
source {MAIN!r}
source {SCRIPT!r}
COMP_WORDS=({" ".join(repr(w) for w in words)})
COMP_CWORD={len(words) - 1}
COMP_LINE={line!r}
COMP_POINT=${{#COMP_LINE}}
function=$(complete -p {os.path.basename(words[0])!r} | sed -n 's/.*-F \\([^ ]*\\) .*/\\1/p')
"$function" {words[0]!r} {words[-1]!r} {words[-2]!r}
printf '%s\\n' "${{COMPREPLY[@]}}"
"""
    # Only the folders on the line or in env: the tags are the same whatever TeX Live has installed.
    r = subprocess.run(["bash", "--norc", "--noprofile", "-c", program], capture_output=True, text=True, cwd=cwd,
                       env=cli_support.hermetic_env(env), timeout=60)
    return r.returncode, sorted(set(r.stdout.split("\n")) - {""}), r.stderr


def expect(name, words, want, exact=True, **kwargs):
    status, got, err = complete(words, **kwargs)
    ok = status == 0 and (got == sorted(want) if exact else set(want) <= set(got))
    check(name, ok, f"status {status}, got {got}, stderr {err!r}")
    return got


# Options, from each command's --help.
expect("hyphenate options", [HYPHENATE, "--list-"], ["--list-filters", "--list-languages"])
expect("hyphenate --progress", [HYPHENATE, "--pro"], ["--progress"])
expect("hyphenate --explain", [HYPHENATE, "--exp"], ["--explain"])
expect("hyphenate --explain, then a file", [HYPHENATE, "--explain", "--exc"], ["--exceptions", "--exception-store"])
expect("hyph-store options", [HYPH_STORE, "--"], ["--check", "--list", "--output", "--format", "--progress", "--no-progress",
                                                  "--skip-invalid", "--help", "--version"])
expect("hyph-compile: only options", [HYPH_COMPILE, ""], ["--language", "--output", "--tag"], exact=False)

# Language tags, from hyphenate --list-languages, with the folders on the line.
with tempfile.TemporaryDirectory() as more:
    for tag in ["de-1901", "de-ch-1901", "eu"]:
        with open(os.path.join(more, f"hyph-{tag}.pat.txt"), "w") as f:
            f.write("a1b\n")
    expect("tags, --patterns-dir on the line", [HYPHENATE, "--patterns-dir", VENDORED, "--patterns-dir", more, "-l", "de"],
           ["de-1901", "de-1996", "de-ch-1901"])
    expect("tags, only the folders on the line", [HYPHENATE, "--patterns-dir", more, "-l", "e"], ["en-us", "eu"])
expect("tags, --patterns-dir=DIR", [HYPHENATE, "--patterns-dir", "=", VENDORED, "--language", "e"], ["el-monoton", "en-us"])
expect("--filter=", [HYPHENATE, "--filter", "=", "f"], ["fuse"])
expect("tags, --language=", [HYPHENATE, "--patterns-dir", VENDORED, "--language", "=", "p"], ["pl", "pt"])
expect("tags, HYPH_PATTERNS_DIR", [HYPHENATE, "-l", "ru"], ["ru"], env={"HYPH_PATTERNS_DIR": VENDORED})
expect("hyph-compile tags, asking the hyphenate beside it", [HYPH_COMPILE, "--patterns-dir", VENDORED, "-l", "f"], ["fr"])

# Fixed choices, and filters from hyphenate --list-filters.
expect("--filter", [HYPHENATE, "--filter", "c"], ["counting-bloom", "counting-quotient", "cuckoo"])
expect("hyph-compile --filter", [HYPH_COMPILE, "--filter", "b"], ["blocked-bloom", "bloom"])
expect("--letters", [HYPH_COMPILE, "--letters", ""], ["patterns", "unicode"])
expect("--normalize", [HYPHENATE, "--normalize", "n"], ["nfc", "none"])
expect("hyph-store --format", [HYPH_STORE, "--format", "t"], ["tex", "tsv"])
expect("no completion for a marker", [HYPHENATE, "--marker", ""], [])

# File names where a file is expected.
with tempfile.TemporaryDirectory() as tmp:
    for name in ["book.txt", "bold.hyb", "other.pat.txt"]:
        open(os.path.join(tmp, name), "w").close()
    os.mkdir(os.path.join(tmp, "books"))
    # (readline adds the "/" of a folder when it shows it)
    expect("hyphenate FILE", [HYPHENATE, "bo"], ["book.txt", "bold.hyb", "books"], cwd=tmp)
    expect("--compiled FILE", [HYPHENATE, "--compiled", "bol"], ["bold.hyb"], cwd=tmp)
    expect("-p FILE", [HYPHENATE, "-p", "oth"], ["other.pat.txt"], cwd=tmp)
    expect("--patterns-dir: folders only", [HYPHENATE, "--patterns-dir", "bo"], ["books"], cwd=tmp)
    expect("hyph-store -o FILE", [HYPH_STORE, "-o", "book"], ["book.txt", "books"], cwd=tmp)

# Installed under each command's name, in bash-completion's completions folder.
r = subprocess.run(["meson", "introspect", "--installed", BUILD_DIR], capture_output=True, text=True)
installed = sorted(json.loads(r.stdout).values()) if r.returncode == 0 else []
completions = [p for p in installed if "/bash-completion/completions/" in p]
check("installed for the three commands", sorted(os.path.basename(p) for p in completions) ==
      ["hyph-compile", "hyph-store", "hyphenate"], f"{completions}")
cli_support.finish()
