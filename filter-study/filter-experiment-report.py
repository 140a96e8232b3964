#!/usr/bin/env python3
"""Plots and report of filter-study/run-filter-experiment.sh.

usage: filter-experiment-report.py OUTDIR [--no-plots]

Reads OUTDIR/filter-experiment.csv, OUTDIR/dictionaries.csv (if there) and OUTDIR/machine.txt;
writes OUTDIR/report.md and, when gnuplot is installed, the figures (PNG) it shows. A hand-written
OUTDIR/notes.md, if there, goes in after the summary: it discusses one run, so a rerun must
update or remove it.
"""
import csv
import math
import os
import shutil
import statistics
import subprocess
import sys

# The filters are whatever the CSV files hold (main() fills FILTERS), in their order there.
FILTERS = []
REFERENCES = ["exact", "none"]
COLORS = {"none": "#000000", "exact": "#7f7f7f", "bloom": "#1f77b4", "blocked-bloom": "#17becf", "cuckoo": "#d62728", "fuse": "#2ca02c",
          "counting-bloom": "#9467bd", "hash-compaction": "#8c564b", "scalable-bloom": "#e377c2", "quotient": "#bcbd22",
          "counting-quotient": "#ff7f0e"}
PALETTE = ["#393b79", "#637939", "#8c6d31", "#843c39", "#7b4173"]  # for kinds added later
LABELS = {"none": "no exceptions", "exact": "exact (every word looked up, no filter)"}


def discover_filters(*tables):
    for rows in tables:
        for r in rows:
            f = r["filter"]
            if f not in REFERENCES and f not in FILTERS:
                FILTERS.append(f)
    extra = [f for f in FILTERS if f not in COLORS]
    for i, f in enumerate(extra):
        COLORS[f] = PALETTE[i % len(PALETTE)]


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
    # One panel a filter: 2 columns up to 4 filters, 3 beyond.
    cols = 2 if len(present) <= 4 else 3
    rows = max(1, math.ceil(len(present) / cols))
    grid = head.replace("1100,800", f"{370 * cols + 60},{330 * rows + 60}")

    def panels(column, ylabel, title, refs):
        # One y range for every panel, so that they compare at a glance.
        key = {2: "build_us", 6: "process_ms"}[column]
        values = [(num(r, key + "_mean"), num(r, key + "_ci95")) for f in present + refs if f in by for r in by[f]]
        lo = max(0.0, min(m - c for m, c in values)) if values else 0
        hi = max(m + c for m, c in values) if values else 1
        s = grid + f'set output "{title}.png"\nset yrange [{0.9 * lo:g}:{1.1 * hi:g}]\nset key top right font ",8"\n'
        s += f'set multiplot layout {rows},{cols} title "{ylabel} vs ε, per filter (mean ± 95 % CI)"\n'
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


def ordinal(n):
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


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
    # Is there a winner? The fastest filter at each ε, and whether it is clear of the second.
    wins, clear, overlapping, second, half, spreads, total = {}, 0, [], [], [], [], 0
    for e in eps_all:
        cands = sorted((num(by[(f, e)], "process_ms_mean"), num(by[(f, e)], "process_ms_ci95"), f) for f in FILTERS if (f, e) in by)
        if len(cands) < 2:
            continue
        total += 1
        (t0, c0, f0), (t1, c1, _) = cands[0], cands[1]
        wins[f0] = wins.get(f0, 0) + 1
        clear += t0 + c0 < t1 - c1
        overlapping.append(sum(1 for t, c, _ in cands[1:] if t - c <= t0 + c0))
        second.append(t1 - t0)
        half.append(cands[(len(cands) - 1) // 2][0] - t0)
        spreads.append(cands[-1][0] - t0)
    if total:
        gap = proc.get("exact", float("nan")) - proc.get("none", float("nan"))
        k = len([f for f in FILTERS if any(g == f for g, _ in by)])
        words = num(rows[0], "process_ms_mean") / num(rows[0], "process_ns_per_word") * 1e6 if num(rows[0], "process_ns_per_word") else float("nan")
        findings.append(f"Fastest filter over the {total} values of ε: "
                        + ", ".join(f"{f} {n}×" for f, n in sorted(wins.items(), key=lambda x: -x[1]))
                        + f"; it is ahead of the second beyond both 95 % intervals at {clear} of {total}, and on average "
                        f"{sum(overlapping) / total:.1f} of the other {k - 1} filters' intervals overlap its own. The second is "
                        f"{fmt(statistics.median(second), 2)} ms behind (median over ε; {1e6 * statistics.median(second) / words:.1f} ns a word), "
                        f"the {ordinal((k + 1) // 2)} {fmt(statistics.median(half))} ms, the slowest {fmt(min(spreads))}–{fmt(max(spreads))} ms; "
                        f"the whole exception lookup (exact minus no exceptions) is {fmt(gap)} ms.")
    return lines, findings


def summary(study, dicts):
    """A few headline numbers for the top of the report."""
    out = []
    by = {(r["filter"], round(num(r, "eps"), 4)): r for r in study}
    if ("exact", 0.01) in by and ("none", 0.01) in by:
        filt = sorted((num(by[(f, 0.01)], "process_ms_mean"), f) for f in FILTERS if (f, 0.01) in by)
        words = num(by[("exact", 0.01)], "process_ms_mean") / num(by[("exact", 0.01)], "process_ns_per_word") * 1e6
        line = (f"The study's setting (1,766 exceptions, {words:,.0f} words, ε = 1 %): {fmt(num(by[('none', 0.01)], 'process_ms_mean'))} ms "
                f"with no exceptions, {fmt(num(by[('exact', 0.01)], 'process_ms_mean'))} ms looking every word up in the exact exceptions (no filter)")
        if filt:
            line += (f", {fmt(filt[0][0])} ms with the fastest filter ({filt[0][1]}) and {fmt(filt[-1][0])} ms with the slowest "
                     f"({filt[-1][1]}).")
        out.append(line)
    for variant in ["warm", "cold", "cold-random"]:
        at = [r for r in dicts if r["store"].startswith("sparse-") and int(r["entries"]) == 1000000 and r["variant"] == variant]
        exact = next((r for r in at if r["filter"] == "exact"), None)
        filt = [r for r in at if r["filter"] in FILTERS]
        if exact and filt:
            best = min(filt, key=lambda r: time_of(r)[0])
            out.append(f"10^6-entry on-disk dictionary holding 1 % of the text's words, {variant} page cache: "
                       f"{fmt(time_of(exact)[0])} ns a word probing the store, "
                       f"{fmt(time_of(best)[0])} ns with {best['filter']} in front ({time_of(exact)[0] / time_of(best)[0]:.1f}×, "
                       f"{100 * num(best, 'probes_avoided'):.1f} % of probes avoided).")
    return out


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
    discover_filters(study, dicts)
    if plots:
        if study:
            study_plots(out, study)
        if dicts:
            dictionary_plots(out, dicts)
    r = ["# Exception filters: the 2022 study's experiment on libhyph, and larger dictionaries", ""]
    r += ["Generated by `filter-study/run-filter-experiment.sh OUTDIR` (see its header); the numbers below are "
          "computed from the CSV files beside this report.", "", "## Machine", "", "```", machine, "```", ""]
    top = summary(study, dicts)
    if top:
        r += ["## Summary", ""] + [f"- {x}" for x in top] + [""]
    # A hand-written discussion of one run, kept beside the CSV files (notes.md).
    notes_path = os.path.join(out, "notes.md")
    if os.path.exists(notes_path):
        r += [open(notes_path).read().strip(), ""]
    r += ["## 1. Build and processing time against ε", "",
          f"Each configuration ran {reps} times (mean ± 95 % confidence interval: mean ± t(0.975, n − 1)·s/√n, s the "
          "sample standard deviation, Student's t), in a new random "
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
              "The dictionary is an exception store file (`hyph-store`, doc/exception-store-format.md), read into "
              "memory and validated at load; a filter at ε = 1 % is built over its keys at load. The text is the same "
              "word list, one `hyphenate` call a word; every cell is mean ± 95 % CI over the passes after a warm-up "
              "(CPU time: the machine is shared), and the resident memory (RSS) after them, the store's copy included. "
              "Rows *cold* and *cold-random*, where a CSV has them, come from the mapped store reader libhyph had "
              "before it read stores into memory: the file was dropped from the page cache before every pass (wall "
              "time), with MADV_RANDOM for cold-random.", ""]
        lines, findings = dictionary_section(dicts)
        r += lines + [""] + [f"- {x}" for x in findings] + [""]
        if plots:
            for f, t in [("fig7-dictionary-time-sparse", "Time per word, sparse"), ("fig7-dictionary-time-house", "Time per word, house"),
                         ("fig8-dictionary-memory", "Resident memory"), ("fig9-probes-avoided", "Store probes avoided")]:
                if os.path.exists(os.path.join(out, f + ".png")):
                    r.append(f"![{t}]({f}.png)")
            r.append("")
    with open(os.path.join(out, "report.md"), "w") as f:
        f.write("\n".join(r) + "\n")


if __name__ == "__main__":
    main()
