"""WeasyPrint (Debian's, unmodified) hyphenating through libhyph.pyphen.

    weasyprint_test.py [--sanitized] [--png FILE]

Renders a narrow-column page in English and German with `hyphens: auto` three ways: in this
process after libhyph.weasyprint.install(), through `python3 -m libhyph.weasyprint`, and
with Debian's own pyphen in a child process. Checks, with pdftotext:
- at least 5 hyphenated line ends (WeasyPrint's hyphen is U+2010) per language, each a break
  libhyph.pyphen allows for that word;
- the module WeasyPrint used in this process was libhyph.pyphen, and the entry point's PDF
  reads the same;
- "Fortschritt", where pyphen (which merges the NEXTLEVEL levels) allows Forts-chritt and
  libhyphen only Fort-schritt, breaks libhyphen's way through libhyph and pyphen's way
  through pyphen.
--png writes the page as a PNG (pdftoppm), for doc/. Exit 77 where WeasyPrint or pdftotext
is missing, or in a sanitizer build.
"""
import importlib.util
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

ENGLISH = (
    "Hyphenation algorithms determine where typesetting systems may break words: "
    "internationalization, characteristically, representatives, unquestionably, "
    "responsibilities, interdisciplinary communication, extraordinary accomplishments, "
    "telecommunications infrastructure, environmental considerations, "
    "incomprehensibility, establishmentarianism, uncharacteristically, "
    "professionalization, institutionalization, counterrevolutionaries."
)
GERMAN = (
    "Silbentrennung bestimmt, wo Satzprogramme Wörter umbrechen dürfen: "
    "Donaudampfschifffahrtsgesellschaft, Rechtsschutzversicherungsgesellschaften, "
    "Bundesverfassungsgericht, Geschwindigkeitsbegrenzung, Lebensversicherungsvertrag, "
    "Wissenschaftsministerium, Arbeitsunfähigkeitsbescheinigung, Straßenbahnhaltestelle, "
    "Kraftfahrzeughaftpflichtversicherung, Entwicklungszusammenarbeit."
)
PROOF_WORD = "Fortschritt"

HTML = f"""<!DOCTYPE html>
<html><head><meta charset="utf-8"><style>
@page {{ size: 100mm 130mm; margin: 6mm; }}
body {{ font-family: DejaVu Serif, serif; font-size: 9pt; line-height: 1.25; }}
p, div {{ hyphens: auto; text-align: justify; margin: 0 0 3mm 0; }}
.col {{ width: 36mm; float: left; margin-right: 4mm; }}
.proof {{ width: 4.2em; text-align: left; }}
h1 {{ font-size: 9pt; margin: 0 0 2mm 0; }}
</style></head><body>
<div class="col" lang="en"><h1>English (libhyph)</h1><p>{ENGLISH}</p></div>
<div class="col" lang="de"><h1>Deutsch (libhyph)</h1><p>{GERMAN}</p>
<div class="proof" id="proof">{PROOF_WORD} {PROOF_WORD} {PROOF_WORD}</div></div>
</body></html>
"""


def pdftotext(pdf):
    return subprocess.run(["pdftotext", "-raw", str(pdf), "-"], capture_output=True, check=True, text=True).stdout


def line_end_breaks(text):
    """(word, offset) for every line ending in U+2010: the whole word (a word can be broken
    over several lines) and where in it this line end broke it."""
    lines = [l.strip() for l in text.splitlines()]
    out = []
    for i, line in enumerate(lines):
        head = re.findall(r"\w+$", line[:-1]) if line.endswith("\u2010") else []
        if not head or (i > 0 and lines[i - 1].endswith("\u2010") and re.fullmatch(r"\w+\u2010", line)):
            continue  # not a line end in a word, or the middle of a word already seen
        word, offsets = head[0], [len(head[0])]
        j = i + 1
        while j < len(lines):
            tail = re.findall(r"^\w+", lines[j])
            if not tail:
                break
            word += tail[0]
            if lines[j] != tail[0] + "\u2010":
                break
            offsets.append(len(word))
            j += 1
        out.extend((word, offset) for offset in offsets)
    return out


def main(argv):
    if "--sanitized" in argv:
        print("skipped: a sanitizer build's extension cannot load into an uninstrumented python")
        return 77
    if importlib.util.find_spec("weasyprint") is None or shutil.which("pdftotext") is None:
        print("skipped: needs WeasyPrint (weasyprint) and pdftotext (poppler-utils)")
        return 77
    png = argv[argv.index("--png") + 1] if "--png" in argv else None

    import libhyph.pyphen
    import libhyph.weasyprint

    libhyph.weasyprint.install()
    import weasyprint
    import weasyprint.text.line_break as line_break

    failures = []

    def check(name, ok, detail=""):
        print(("ok   " if ok else "FAIL ") + name + ("" if ok else f": {detail}"))
        if not ok:
            failures.append(name)

    check("WeasyPrint's pyphen is libhyph.pyphen", line_break.pyphen is libhyph.pyphen, repr(line_break.pyphen))
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        html = tmp / "page.html"
        html.write_text(HTML, encoding="utf-8")
        ours_pdf, cli_pdf, pyphen_pdf = tmp / "libhyph.pdf", tmp / "cli.pdf", tmp / "pyphen.pdf"
        weasyprint.HTML(filename=str(html)).write_pdf(str(ours_pdf))
        ours_text = pdftotext(ours_pdf)
        print(ours_text)

        env = dict(os.environ)
        subprocess.run([sys.executable, "-m", "libhyph.weasyprint", str(html), str(cli_pdf)], check=True, env=env)
        check("python3 -m libhyph.weasyprint gives the same text", pdftotext(cli_pdf) == ours_text)
        plain = ("import sys, weasyprint, pyphen; assert 'libhyph' not in pyphen.__file__; "
                 "weasyprint.HTML(filename=sys.argv[1]).write_pdf(sys.argv[2])")
        subprocess.run([sys.executable, "-c", plain, str(html), str(pyphen_pdf)], check=True, env=env)
        pyphen_text = pdftotext(pyphen_pdf)

        english, german = ours_text.split("Deutsch (libhyph)")
        dictionaries = {"en": libhyph.pyphen.Pyphen(lang="en"), "de": libhyph.pyphen.Pyphen(lang="de")}
        for lang, part in [("en", english), ("de", german)]:
            breaks = line_end_breaks(part)
            check(f"{lang}: at least 5 hyphenated line ends", len(breaks) >= 5, f"{len(breaks)}: {breaks}")
            for word, offset in breaks:
                allowed = [int(p) for p in dictionaries[lang].positions(word)]
                check(f"{lang}: {word[:offset]}\u2010{word[offset:]} is a break libhyph allows", offset in allowed,
                      f"{allowed}")
        proof_ours = [offset for word, offset in line_end_breaks(ours_text) if word == PROOF_WORD]
        proof_pyphen = [offset for word, offset in line_end_breaks(pyphen_text) if word == PROOF_WORD]
        check(f"{PROOF_WORD} breaks libhyphen's way (Fort-schritt) through libhyph",
              proof_ours and all(offset == 4 for offset in proof_ours), f"{proof_ours}")
        check(f"{PROOF_WORD} breaks pyphen's way (Forts-chritt) through pyphen",
              proof_pyphen and any(offset == 5 for offset in proof_pyphen), f"{proof_pyphen}")
        if png:
            subprocess.run(["pdftoppm", "-png", "-r", "110", "-singlefile", str(ours_pdf),
                            str(pathlib.Path(png).with_suffix(""))], check=True)
    print(f"{len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
