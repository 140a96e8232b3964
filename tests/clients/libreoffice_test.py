#!/usr/bin/env python3
"""LibreOffice Writer hyphenating through libhyph's libhyphen.so.0 (suite 'clients').

    libreoffice_test.py COMPAT_LIBHYPHEN_SO DOCUMENT.fodt B_SANITIZE

Converts DOCUMENT (narrow columns of English, German and Hungarian, automatic hyphenation on)
to PDF with `soffice --headless --convert-to pdf` twice, each with a private profile: once
with the system's libhyphen, once with the folder of COMPAT_LIBHYPHEN_SO first in
LD_LIBRARY_PATH. Then:
- `pdftotext -layout` of both PDFs must be the same, line for line (so every line end is);
- each language has at least 5 hyphenated line ends, and Hungarian at least one
  non-standard break (a line ending "sz-" before one starting "sz": kulisz-/sza);
- LD_DEBUG=libs shows that the second run loaded libhyph's libhyphen.so.0 and not the system's,
  and the first the system's.
Set HYPH_CLIENTS_PNG=FILE to also write the libhyph run's page as a PNG (pdftoppm -r 100).
Exits 77 (skipped) without soffice or pdftotext, and in sanitizer builds (an instrumented
library cannot load into the uninstrumented soffice).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

LANGUAGES = ("en", "de", "hu")
MIN_HYPHENATED = 5


def skip(reason):
    print("SKIP:", reason)
    sys.exit(77)


def convert(document, work, label, library_dir):
    """soffice → PDF → pdftotext lines, and the paths of the libhyphen.so.0 files it loaded."""
    out = work / label
    out.mkdir()
    env = dict(os.environ)
    env.pop("LD_LIBRARY_PATH", None)
    if library_dir is not None:
        env["LD_LIBRARY_PATH"] = str(library_dir)
    env["LD_DEBUG"] = "libs"
    env["LD_DEBUG_OUTPUT"] = str(out / "ld-debug")  # one file per process: ld-debug.PID
    env["HOME"] = str(work)
    command = ["soffice", f"-env:UserInstallation=file://{work / ('profile-' + label)}", "--headless",
               "--convert-to", "pdf", "--outdir", str(out), str(document)]
    result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600)
    pdf = out / (document.stem + ".pdf")
    if result.returncode != 0 or not pdf.exists():
        sys.exit(f"FAIL: {label}: soffice exited {result.returncode} without {pdf.name}:\n{result.stdout}{result.stderr}")
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True, text=True).stdout
    loaded = set()
    for log in out.glob("ld-debug.*"):
        for line in log.read_text(errors="replace").splitlines():
            m = re.search(r"calling init: (\S*libhyphen\.so\.0)\s*$", line)
            if m:
                loaded.add(os.path.realpath(m.group(1)))
    return pdf, [line.rstrip() for line in text.splitlines()], loaded


def sections(lines):
    """The lines after each marker "[en]", "[de]", "[hu]", by language."""
    by_language, current = {}, None
    for line in lines:
        marker = re.fullmatch(r"\s*\[(\w+)\]", line)
        if marker:
            current = marker.group(1)
            by_language[current] = []
        elif current is not None and line.strip():
            by_language[current].append(line.strip())
    return by_language


def hyphenated_ends(lines):
    return [(line, lines[i + 1] if i + 1 < len(lines) else "") for i, line in enumerate(lines)
            if re.search(r"\w-$", line)]


def main():
    compat, document, sanitize = Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve(), sys.argv[3]
    if sanitize not in ("none", ""):
        skip(f"sanitizer build (b_sanitize={sanitize}): the instrumented libhyphen.so.0 cannot load into soffice")
    for tool in ("soffice", "pdftotext"):
        if shutil.which(tool) is None:
            skip(f"{tool} not found (dev/setup.sh installs LibreOffice)")
    if not (compat.parent / "libhyphen.so.0").exists():
        sys.exit(f"FAIL: no libhyphen.so.0 beside {compat}")
    ours = os.path.realpath(compat.parent / "libhyphen.so.0")

    failures = 0
    with tempfile.TemporaryDirectory(prefix="libhyph-lo-") as tmp:
        work = Path(tmp)
        _, system_lines, system_loaded = convert(document, work, "libhyphen", None)
        pdf, lines, loaded = convert(document, work, "libhyph", compat.parent)

        print(f"libhyphen run loaded: {sorted(system_loaded) or 'no libhyphen.so.0'}")
        print(f"libhyph run loaded:   {sorted(loaded) or 'no libhyphen.so.0'}")
        if loaded != {ours}:
            failures += 1
            print(f"FAIL: the libhyph run should have loaded {ours} only")
        if not system_loaded or ours in system_loaded:
            failures += 1
            print("FAIL: the libhyphen run should have loaded the system's libhyphen.so.0")

        if lines != system_lines:
            failures += 1
            diff = [(i + 1, a, b) for i, (a, b) in enumerate(zip(lines, system_lines)) if a != b]
            print(f"FAIL: the pages differ ({len(lines)} vs {len(system_lines)} lines); first: {diff[:3]}")
        else:
            print(f"ok: {len(lines)} lines, every line end the same through libhyph and libhyphen")

        by_language = sections(lines)
        for language in LANGUAGES:
            ends = hyphenated_ends(by_language.get(language, []))
            shown = ", ".join(line.split()[-1] + "/" + (following.split() or [""])[0] for line, following in ends)
            print(f"{language}: {len(ends)} hyphenated line ends: {shown}")
            if len(ends) < MIN_HYPHENATED:
                failures += 1
                print(f"FAIL: {language}: fewer than {MIN_HYPHENATED} hyphenated line ends")
        changed = [(a, b) for a, b in hyphenated_ends(by_language.get("hu", [])) if a.endswith("sz-") and b.startswith("sz")]
        if not changed:
            failures += 1
            print("FAIL: hu: no non-standard break (…sz-/sz…) at a line end")
        else:
            print(f"ok: hu: {len(changed)} non-standard breaks at line ends: "
                  + ", ".join(a.split()[-1] + "/" + b.split()[0] for a, b in changed))

        png = os.environ.get("HYPH_CLIENTS_PNG")
        if png:
            subprocess.run(["pdftoppm", "-png", "-r", "100", "-singlefile", str(pdf), str(Path(png).with_suffix(""))],
                           check=True)
            print(f"wrote {png}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
