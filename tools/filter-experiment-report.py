#!/usr/bin/env python3
"""Plots and report of tools/run-filter-experiment.sh.

usage: filter-experiment-report.py OUTDIR [--no-plots]

Reads OUTDIR/filter-experiment.csv, OUTDIR/dictionaries.csv (if there) and OUTDIR/machine.txt;
writes OUTDIR/report.md and, when gnuplot is installed, the figures (PNG) it shows.
"""
import csv
import math
import os
import shutil
import subprocess
import sys

# The 2022 study's four, then the later kinds (run with filter-experiment --filters all).
FILTERS = ["bloom", "blocked-bloom", "cuckoo", "fuse", "counting-bloom", "hash-compaction", "scalable-bloom", "quotient",
           "counting-quotient"]
REFERENCES = ["exact", "none"]
COLORS = {"none": "#000000", "exact": "#7f7f7f", "bloom": "#1f77b4", "blocked-bloom": "#17becf", "cuckoo": "#d62728", "fuse": "#2ca02c",
          "counting-bloom": "#9467bd", "hash-compaction": "#8c564b", "scalable-bloom": "#e377c2", "quotient": "#bcbd22",
          "counting-quotient": "#ff7f0e"}
LABELS = {"none": "no exceptions", "exact": "exact (probe every word)"}


def read_csv(path):
    if not os.path.exists(path):
        return []
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def num(row, key):
    return float(row[key])


def gnuplot(out, name, script):
    with open(os.path.join(out, name + ".gp"), "w") as f:
        f.write(script)
    subprocess.run(["gnuplot", name + ".gp"], cwd=out, check=True)
    os.remove(os.path.join(out, name + ".gp"))


def study_plots(out, rows):
    by = {}
    for r in rows:
        by.setdefault(r["filter"], []).append(r)
    for f, rs in by.items():
        rs.sort(key=lambda r: num(r, "eps"))
        with open(os.path.join(out, f"study-{f}.dat"), "w") as d:
            d.write("# eps% build_us ci index_us ci process_ms ci bits theory fp_measured fp_model\n")
            for r in rs:
                d.write(f"{100 * num(r, 'eps'):g} {r['build_us_mean']} {r['build_us_ci95']} {r['index_us_mean']} {r['index_us_ci95']} "
                        f"{r['process_ms_mean']} {r['process_ms_ci95']} {r['bits_per_key']} {r['theory_bits_per_key']} "
                        f"{100 * num(r, 'measured_fp'):g} {100 * num(r, 'expected_fp'):g}\n")
    head = ('set terminal pngcairo size 1100,800 font "DejaVu Sans,10"\nset grid\nset key top right\n'
            'set xlabel "target false-positive rate ε (%)"\nset xrange [0:21]\n')
    present = [f for f in FILTERS if f in by]

    def panels(column, ylabel, title, refs):
        s = head + f'set output "{title}.png"\nset multiplot layout 2,2 title "{ylabel} vs ε, per filter (mean ± 95 % CI)"\n'
        for f in present:
            s += f'set title "{f}"\nset ylabel "{ylabel}"\nplot '
            parts = [f'"study-{f}.dat" using 1:{column}:{column + 1} with yerrorlines lc rgb "{COLORS[f]}" pt 7 ps 0.6 title "{f}"']
            for ref in refs:
                if ref in by:
                    parts.append(f'"study-{ref}.dat" using 1:{column} with lines dt 2 lc rgb "{COLORS[ref]}" title "{LABELS[ref]}"')
            s += ", \\\n  ".join(parts) + "\n"
        return s + "unset multiplot\n"

    gnuplot(out, "fig1-build-time", panels(2, "build time (µs)", "fig1-build-time", ["exact"]))
    gnuplot(out, "fig2-processing-time", panels(6, "processing time (ms)", "fig2-processing-time", ["exact", "none"]))

    def comparison(column, ylabel, title, names, logscale=False):
        s = head.replace("1100,800", "900,560") + f'set output "{title}.png"\nset title "{ylabel} vs ε: all filters (mean ± 95 % CI)"\n'
        s += f'set ylabel "{ylabel}"\n' + ("set logscale y\n" if logscale else "") + "plot "
        parts = []
        for f in names:
            if f in by:
                parts.append(f'"study-{f}.dat" using 1:{column}:{column + 1} with yerrorlines lc rgb "{COLORS[f]}" pt 7 ps 0.5 '
                             f'title "{LABELS.get(f, f)}"')
        return s + ", \\\n  ".join(parts) + "\n"

    gnuplot(out, "fig3-build-comparison", comparison(2, "build time (µs)", "fig3-build-comparison", ["exact"] + present, True))
    gnuplot(out, "fig4-processing-comparison", comparison(6, "processing time (ms)", "fig4-processing-comparison", REFERENCES + present))
    s = head.replace("1100,800", "900,560") + 'set output "fig5-space.png"\nset title "filter size: measured (points) and each structure\'s formula (lines)"\n'
    s += 'set ylabel "bits per key"\nplot ' + ", \\\n  ".join(
        f'"study-{f}.dat" using 1:8 with linespoints lc rgb "{COLORS[f]}" pt 7 ps 0.5 title "{f}", '
        f'"study-{f}.dat" using 1:9 with lines dt 2 lc rgb "{COLORS[f]}" notitle' for f in present) + "\n"
    gnuplot(out, "fig5-space", s)
    s = head.replace("1100,800", "900,560") + 'set output "fig6-fp-rate.png"\nset title "false-positive rate over the word list\'s non-exceptions"\n'
    s += 'set ylabel "measured rate (%)"\nset key top left\nplot x with lines dt 3 lc rgb "#999999" title "ε", ' + ", \\\n  ".join(
        f'"study-{f}.dat" using 1:10 with linespoints lc rgb "{COLORS[f]}" pt 7 ps 0.5 title "{f}"' for f in present) + "\n"
    gnuplot(out, "fig6-fp-rate", s)
    for f in by:
        os.remove(os.path.join(out, f"study-{f}.dat"))


def time_of(r):
    """ns a word: CPU time when the store is warm (the machine is shared: CPU time leaves out
    other processes' turns), wall time when it is cold (waiting for the disk is the point)."""
    if r["variant"] == "warm" and "cpu_ns_per_word" in r:
        return num(r, "cpu_ns_per_word"), num(r, "cpu_ns_per_word_ci95")
    return num(r, "ns_per_word"), num(r, "ns_per_word_ci95")


def dictionary_plots(out, rows):
    data = {}
    for r in rows:
        if r["filter"] == "none":
            continue
        family = r["store"].split("-")[0]
        data.setdefault((family, r["filter"], r["variant"]), []).append(r)
    names = []
    for key, rs in data.items():
        rs.sort(key=lambda r: int(r["entries"]))
        name = "dict-" + "-".join(key) + ".dat"
        names.append(name)
        with open(os.path.join(out, name), "w") as d:
            d.write("# entries ns_per_word ci rss_mb anon_mb file_mb probes_avoided_% (warm: CPU time, cold: wall time)\n")
            for r in rs:
                t, ci = time_of(r)
                d.write(f"{r['entries']} {t} {ci} {int(r['rss_kb']) / 1024:.2f} "
                        f"{int(r['rss_anon_kb']) / 1024:.2f} {int(r['rss_file_kb']) / 1024:.2f} {100 * num(r, 'probes_avoided'):.3f}\n")
    base = {r["variant"]: time_of(r)[0] for r in rows if r["filter"] == "none"}
    head = ('set terminal pngcairo size 1100,480 font "DejaVu Sans,10"\nset grid\nset logscale x\nset format x "10^{%L}"\n'
            'set xlabel "dictionary entries"\nset key top left\n')
    filters = ["exact"] + FILTERS
    for family, text in [("sparse", "1 % of the text's words in the dictionary"), ("house", "every letters-only word of the text in the dictionary")]:
        if not any(k[0] == family for k in data):
            continue
        s = head + f'set output "fig7-dictionary-time-{family}.png"\nset multiplot layout 1,2 title "time per word vs dictionary size ({text}), ε = 1 %"\n'
        for variant in ["warm", "cold"]:
            clock = "CPU time" if variant == "warm" else "wall time"
            s += f'set title "{variant} store pages"\nset ylabel "ns per word, {clock} (mean ± 95 % CI)"\nplot '
            parts = [f'"dict-{family}-{f}-{variant}.dat" using 1:2:3 with yerrorlines lc rgb "{COLORS[f]}" pt 7 ps 0.6 title "{LABELS.get(f, f)}"'
                     for f in filters if (family, f, variant) in data]
            if variant in base:
                parts.append(f'{base[variant]} with lines dt 2 lc rgb "#000000" title "no store (hyphen.tex\'s 14 words)"')
            s += ", \\\n  ".join(parts) + "\n"
        gnuplot(out, f"fig7-{family}", s + "unset multiplot\n")
    s = head + 'set output "fig8-dictionary-memory.png"\nset multiplot layout 1,2 title "resident memory after hyphenating the text (warm), ε = 1 %"\n'
    for family in ["sparse", "house"]:
        s += f'set title "{family}"\nset ylabel "MB"\nplot ' + ", \\\n  ".join(
            f'"dict-{family}-{f}-warm.dat" using 1:4 with linespoints lc rgb "{COLORS[f]}" pt 7 ps 0.6 title "{f}: RSS", '
            f'"dict-{family}-{f}-warm.dat" using 1:5 with lines dt 2 lc rgb "{COLORS[f]}" notitle'
            for f in filters if (family, f, "warm") in data) + "\n"
    gnuplot(out, "fig8", s + "unset multiplot\n")
    s = head.replace("1100,480", "900,480") + 'set output "fig9-probes-avoided.png"\nset title "store probes avoided (share of lookups), ε = 1 %"\n'
    s += 'set ylabel "%"\nset yrange [-2:102]\nset key center left\nplot ' + ", \\\n  ".join(
        f'"dict-{family}-{f}-warm.dat" using 1:7 with linespoints lc rgb "{COLORS[f]}" dt {1 if family == "sparse" else 2} pt 7 ps 0.6 '
        f'title "{f} ({family})"' for family in ["sparse", "house"] for f in FILTERS if (family, f, "warm") in data) + "\n"
    gnuplot(out, "fig9", s)
    for n in names:
        os.remove(os.path.join(out, n))


def fmt(x, digits=1):
    return f"{x:.{digits}f}"


def study_section(rows, reps):
    lines = []
    by = {(r["filter"], round(num(r, "eps"), 4)): r for r in rows}
    eps_all = sorted({round(num(r, "eps"), 4) for r in rows})
    shown = [e for e in eps_all if round(e * 100) in (1, 2, 5, 10, 15, 20)] or eps_all
    filters = [f for f in REFERENCES + FILTERS if any(k[0] == f for k in by)]
    lines.append("| filter | ε | build µs | index µs | processing ms | ns/word | bits/key (theory) | FP % measured (model) |")
    lines.append("|---|---|---|---|---|---|---|---|")
    for e in shown:
        for f in filters:
            r = by.get((f, e))
            if not r:
                continue
            has_filter = f in FILTERS
            lines.append(
                f"| {LABELS.get(f, f)} | {100 * e:g} % | "
                + (f"{fmt(num(r, 'build_us_mean'))} ± {fmt(num(r, 'build_us_ci95'))} | {fmt(num(r, 'index_us_mean'))} ± {fmt(num(r, 'index_us_ci95'))}" if f != "none" else "— | —")
                + f" | {fmt(num(r, 'process_ms_mean'))} ± {fmt(num(r, 'process_ms_ci95'))} | {fmt(num(r, 'process_ns_per_word'))} | "
                + (f"{fmt(num(r, 'bits_per_key'), 2)} ({fmt(num(r, 'theory_bits_per_key'), 2)})" if has_filter else "—")
                + " | "
                + (f"{100 * num(r, 'measured_fp'):.2f} ({100 * num(r, 'expected_fp'):.2f})" if has_filter else ("100 (every word probes)" if f == "exact" else "—"))
                + " |")
    # Findings, computed.
    findings = []

    def mean_over(f, key):
        vals = [num(r, key) for (g, _), r in by.items() if g == f]
        return sum(vals) / len(vals) if vals else float("nan")

    proc = {f: mean_over(f, "process_ms_mean") for f in filters}
    build = {f: mean_over(f, "build_us_mean") for f in filters}
    if "exact" in proc and "none" in proc:
        findings.append(f"Averaged over all ε, hyphenating the list takes {fmt(proc['none'])} ms with no exceptions and "
                        f"{fmt(proc['exact'])} ms when every word probes the exact store; with a filter: "
                        + ", ".join(f"{f} {fmt(proc[f])} ms" for f in FILTERS if f in proc) + ".")
    if "exact" in build:
        findings.append("Build time averaged over ε: " + ", ".join(f"{LABELS.get(f, f)} {fmt(build[f])} µs" for f in ["exact"] + FILTERS if f in build)
                        + " (for exact: building the exact hash store, which every configuration also builds; the filter "
                        "comes on top of it, see the index column).")
    for e in [0.01, 0.1, 0.2]:
        cands = [(num(by[(f, e)], "process_ms_mean"), f) for f in FILTERS if (f, e) in by]
        if cands:
            best = min(cands)
            ci = num(by[(best[1], e)], "process_ms_ci95")
            overlap = [f for t, f in cands if f != best[1] and t - num(by[(f, e)], "process_ms_ci95") <= best[0] + ci]
            findings.append(f"At ε = {100 * e:g} % the fastest filter is {best[1]} ({fmt(best[0])} ms)"
                            + (f"; its confidence interval overlaps {', '.join(overlap)}'s." if overlap else ", ahead of every other beyond the intervals."))
    return lines, findings


def dictionary_section(rows):
    lines, findings = [], []
    if not rows:
        return lines, findings
    base = {r["variant"]: r for r in rows if r["filter"] == "none"}
    checksums = {r["checksum"] for r in rows}
    findings.append("Output: every run printed the same checksum of all breaks as the run without a store"
                    if len(checksums) == 1 else f"WARNING: {len(checksums)} different output checksums")
    sizes = sorted({int(r["entries"]) for r in rows if r["filter"] != "none"})
    for family, text in [("sparse", "1 % of the text's words are in the dictionary (4,163 real words; synthetic words fill the rest)"),
                         ("house", "the house dictionary: real words with TeX's hyphenation (a random subset below 416,293 entries, all of them plus synthetic words above)")]:
        fam = [r for r in rows if r["store"].startswith(family + "-")]
        if not fam:
            continue
        lines.append(f"\n**{family}**: {text}.\n")
        run = [f for f in FILTERS if any(r["filter"] == f for r in fam)]  # the filters this run measured
        lines.append("| entries | store MB | variant | " + " | ".join(["exact"] + run) + " | probes avoided (filters) |")
        lines.append("|---|---|---|" + "---|" * (len(run) + 2))
        for n in sizes:
            for variant in ["warm", "cold", "cold-random"]:
                cells, avoided = [], []
                mb = ""
                for f in ["exact"] + run:
                    r = next((r for r in fam if int(r["entries"]) == n and r["filter"] == f and r["variant"] == variant), None)
                    if r is None:
                        cells.append("—")
                        continue
                    mb = f"{int(r['store_bytes']) / 1e6:.1f}"
                    t, ci = time_of(r)
                    cells.append(f"{fmt(t)} ± {fmt(ci)} ns, {int(r['rss_kb']) / 1024:.0f} MB")
                    if f != "exact":
                        avoided.append(100 * num(r, "probes_avoided"))
                if mb:
                    av = f"{min(avoided):.1f}–{max(avoided):.1f} %" if avoided else "—"
                    lines.append(f"| {n:,} | {mb} | {variant} | " + " | ".join(cells) + f" | {av} |")
    lines.append("")
    if base:
        lines.append("Baseline without a store (hyphen.tex's 14 words, exact): " + ", ".join(
            f"{v} {fmt(time_of(r)[0])} ± {fmt(time_of(r)[1])} ns/word, {int(r['rss_kb']) / 1024:.0f} MB" for v, r in base.items()) + ".")
    # The headline: the 10^6-entry sparse dictionary.
    for n, variant in [(1000000, "warm"), (1000000, "cold"), (1000000, "cold-random"), (10000000, "warm"), (10000000, "cold"), (10000000, "cold-random")]:
        at = [r for r in rows if r["store"].startswith("sparse-") and int(r["entries"]) == n and r["variant"] == variant]
        exact = next((r for r in at if r["filter"] == "exact"), None)
        filt = [r for r in at if r["filter"] in FILTERS]
        if exact and filt:
            best = min(filt, key=lambda r: time_of(r)[0])
            e, b = time_of(exact)[0], time_of(best)[0]
            clock = "CPU" if variant == "warm" else "wall"
            findings.append(f"**10^{round(math.log10(n))} entries, {variant} pages, 1 % of words in the dictionary:** probing the store for every word costs "
                            f"{fmt(e)} ± {fmt(time_of(exact)[1])} ns a word ({clock} time); the best filter, {best['filter']}, "
                            f"{fmt(b)} ± {fmt(time_of(best)[1])} ns: {e / b:.2f}× faster, "
                            f"{e - b:.0f} ns saved a word; it avoids {100 * num(best, 'probes_avoided'):.1f} % of the store probes "
                            f"(RSS {int(best['rss_kb']) / 1024:.0f} MB against {int(exact['rss_kb']) / 1024:.0f} MB"
                            + (f"; a cold pass read {100 * num(best, 'resident_after_pass'):.0f} % of the store against "
                               f"{100 * num(exact, 'resident_after_pass'):.0f} %" if variant.startswith("cold") and "resident_after_pass" in best else "")
                            + ").")
    at = [r for r in rows if r["store"].startswith("house-") and int(r["entries"]) == 1000000 and r["variant"] == "warm"]
    exact = next((r for r in at if r["filter"] == "exact"), None)
    if exact:
        worst = max((r for r in at if r["filter"] in FILTERS), key=lambda r: time_of(r)[0], default=None)
        if worst:
            findings.append(f"When every word of the text is in the dictionary (house, 10^6, warm) no probe can be avoided "
                            f"({100 * num(worst, 'probes_avoided'):.3f} %): exact {fmt(time_of(exact)[0])} ns a word, "
                            f"the slowest filter ({worst['filter']}) {fmt(time_of(worst)[0])} ns (CPU time).")
    return lines, findings


def main():
    out = sys.argv[1]
    plots = "--no-plots" not in sys.argv and shutil.which("gnuplot") is not None
    study = read_csv(os.path.join(out, "filter-experiment.csv"))
    dicts = read_csv(os.path.join(out, "dictionaries.csv"))
    machine = open(os.path.join(out, "machine.txt")).read().strip() if os.path.exists(os.path.join(out, "machine.txt")) else ""
    reps = study[0]["n"] if study else "?"
    if plots:
        if study:
            study_plots(out, study)
        if dicts:
            dictionary_plots(out, dicts)
    r = ["# Exception filters: the 2022 study's experiment on libhyph, and larger dictionaries", ""]
    r += ["Generated by `tools/run-filter-experiment.sh OUTDIR` (see its header); the numbers below are "
          "computed from the CSV files beside this report.", "", "## Machine", "", "```", machine, "```", ""]
    r += ["## 1. Build and processing time against ε", "",
          f"Each configuration ran {reps} times (mean ± 95 % confidence interval, Student's t), in a new random "
          "order in every repetition. Times are the measuring thread's CPU time: the machine is shared, and CPU "
          "time leaves out the time other processes held the core (the wall time of processing is in the CSV). *Build*: the pre-check from the hyphenex list (1,766 words with hyphen.tex's own 14): "
          "hashing the words and building the filter; for *exact*, building the exact hash store it probes instead. "
          "*Index*: what a load builds, the store and then the filter. *Processing*: hyphenating every word of "
          "english-words.txt (466,551), one `Hyphenator::hyphenate` call a word. *No exceptions*: plain TeX's patterns "
          "without any exception, so no lookup at all. The false-positive rate is measured over the list's "
          "non-exception words (about 404,000 lookups). The full grid (ε = 1 … 20 %) is in `filter-experiment.csv`; "
          "the table shows six values of ε.", ""]
    lines, findings = study_section(study, reps)
    r += lines + [""] + [f"- {x}" for x in findings] + [""]
    if plots and study:
        r += ["Figures (the study's six): build time per filter, processing time per filter, and comparisons of "
              "build time, processing time, space and false-positive rate.", ""]
        for f, t in [("fig1-build-time", "Build time per filter"), ("fig2-processing-time", "Processing time per filter"),
                     ("fig3-build-comparison", "Build time, all filters"), ("fig4-processing-comparison", "Processing time, all filters"),
                     ("fig5-space", "Space"), ("fig6-fp-rate", "False-positive rate")]:
            r.append(f"![{t}]({f}.png)")
        r.append("")
    if dicts:
        r += ["## 2. Beyond the study: exception dictionaries of 10^3 to 10^7 entries on disk", "",
              "The dictionary is an exception store file (`hyph-store`, doc/exception-store-format.md), mmap'd and "
              "validated at load; a filter at ε = 1 % is built over its keys at load. The text is the same word list, "
              "one `hyphenate` call a word; every cell is mean ± 95 % CI over the passes after a warm-up, and the "
              "resident memory (RSS) after them. After the load, the mapping's pages are dropped from the process "
              "(madvise DONTNEED), so resident memory counts what lookups touch, not what validation read. *warm*: the "
              "file stays in the page cache; *cold*: it is evicted (posix_fadvise DONTNEED) before every pass, so each "
              "page a lookup touches is read from the disk again, as for a dictionary larger than memory or one not "
              "used for a while; *cold-random* (from 10^6 entries) also advises the kernel that access is random "
              "(MADV_RANDOM), so that a fault reads one page instead of reading around it. Warm times are CPU time (the machine is shared); cold times are wall time, since "
              "waiting for the disk is what they measure (both are in `dictionaries.csv`). RSS counts the store's "
              "pages this process has mapped; the kernel maps up to 16 neighbouring cached pages at each fault "
              "(fault-around) and reads ahead on a cold one, so RSS and the share of the store a cold pass reads "
              "(`resident_after_pass`, by mincore) are upper bounds of what the lookups touch; `rss_anon_kb` is the "
              "process's own memory (patterns, filter, the text).", ""]
        lines, findings = dictionary_section(dicts)
        r += lines + [""] + [f"- {x}" for x in findings] + [""]
        if plots:
            for f, t in [("fig7-dictionary-time-sparse", "Time per word, sparse"), ("fig7-dictionary-time-house", "Time per word, house"),
                         ("fig8-dictionary-memory", "Resident memory"), ("fig9-probes-avoided", "Store probes avoided")]:
                if os.path.exists(os.path.join(out, f + ".png")):
                    r.append(f"![{t}]({f}.png)")
            r.append("")
    notes_path = os.path.join(out, "notes.md")
    if os.path.exists(notes_path):
        r += ["## Notes", "", open(notes_path).read().strip(), ""]
    with open(os.path.join(out, "report.md"), "w") as f:
        f.write("\n".join(r) + "\n")


if __name__ == "__main__":
    main()
