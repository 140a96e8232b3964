"""WeasyPrint rendering a long hyphenated document with pyphen and with libhyph, same run.

    bench_weasyprint.py [--pages N] [--words FILE]

Makes an HTML document of about N pages (default 100) of English and German paragraphs with
`hyphens: auto` in narrow columns, then renders it twice, each in a child process: with
Debian's pyphen (plain WeasyPrint) and through `python3 -m libhyph.weasyprint`. Prints the
wall time and peak memory of each and their ratio, and the number of hyphenated line ends.
"""
import argparse
import os
import pathlib
import random
import subprocess
import sys
import tempfile
import time

GERMAN = ("Silbentrennung Donaudampfschifffahrtsgesellschaft Rechtsschutzversicherungsgesellschaften "
          "Bundesverfassungsgericht Geschwindigkeitsbegrenzung Lebensversicherungsvertrag Fortschritt "
          "Wissenschaftsministerium Arbeitsunfähigkeitsbescheinigung Straßenbahnhaltestelle").split()


def document(pages, words_path):
    rng = random.Random(12)
    try:
        english = [w for w in pathlib.Path(words_path).read_text(encoding="utf-8").split() if w.isalpha()]
    except OSError:
        english = "hyphenation algorithm typesetting paragraph internationalization responsibility".split()
    parts = ["<!DOCTYPE html><html><head><meta charset='utf-8'><style>"
             "@page { size: A5; margin: 12mm } body { font: 10pt serif }"
             "p { hyphens: auto; text-align: justify; width: 45mm }</style></head><body>"]
    for _ in range(max(1, pages * 10 // 13)):  # a pair of paragraphs fills about 1.3 pages
        parts.append("<p lang='en'>" + " ".join(rng.choice(english) for _ in range(60)) + "</p>")
        parts.append("<p lang='de'>" + " ".join(rng.choice(GERMAN) for _ in range(25)) + "</p>")
    parts.append("</body></html>")
    return "\n".join(parts)


def render(command, html, pdf):
    start = time.perf_counter()
    r = subprocess.run(["/usr/bin/time", "-f", "%M", *command, str(html), str(pdf)], capture_output=True, text=True,
                       check=True)
    seconds = time.perf_counter() - start
    peak_kib = int(r.stderr.strip().splitlines()[-1])
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    pages = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    n_pages = int(next(l.split()[-1] for l in pages.splitlines() if l.startswith("Pages:")))
    return seconds, peak_kib / 1024, text.count("\u2010\n"), n_pages


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", type=int, default=100)
    parser.add_argument("--words", default="/usr/share/dict/american-english")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        html = pathlib.Path(tmp) / "long.html"
        html.write_text(document(args.pages, args.words), encoding="utf-8")
        results = {}
        contenders = [("pyphen", [sys.executable, "-m", "weasyprint"]),
                      ("libhyph", [sys.executable, "-m", "libhyph.weasyprint"])]
        for _ in range(args.rounds):  # alternated, the best of each kept: the machine may be busy
            for name, command in contenders:
                seconds, mib, hyphens, pages = render(command, html, pathlib.Path(tmp) / f"{name}.pdf")
                results[name] = min(seconds, results.get(name, seconds))
                print(f"{name:8s} {pages} pages in {seconds:6.1f} s, peak RSS {mib:6.0f} MiB, "
                      f"{hyphens} hyphenated line ends")
        print(f"best of {args.rounds}: pyphen {results['pyphen']:.1f} s, libhyph {results['libhyph']:.1f} s; "
              f"libhyph / pyphen wall time: {results['libhyph'] / results['pyphen']:.2f} (load {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
