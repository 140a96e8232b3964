"""Speed and memory of libhyph from Python against pyphen, measured in the same run.

    bench_words.py [--words FILE] [--dic FILE.dic] [--threads-mib N] [--runs N] [--skip KIND]

Each contender runs in a child process of its own, which reads the word list, notes its
peak RSS, then hyphenates every word once (word by word, as a program would) and notes its
peak RSS again: the difference is the memory the hyphenator needed beyond an interpreter
holding the list (Linux's peak resident set, VmHWM, reset after reading the list).
Contenders:

  pyphen            Debian's pyphen: Pyphen(filename=DIC).inserted(word)
  libhyph           libhyph.Hyphenator().hyphenate(word)   (plain TeX's English)
  libhyph.pyphen    libhyph.pyphen.Pyphen(filename=DIC).inserted(word)

Then the threads figure: one long text (the words joined, N MiB) hyphenated by one thread,
then as two halves by two threads at once (the GIL is released), alternately, best of N
runs each: the speed-up, with the CPU time each used (on a shared machine the wall-clock
ratio is capped by the cores the other processes leave; the CPU time shows whether two
threads do extra work or wait for each other).
Ratios are printed against pyphen of the same run; this is a tool, not a timed test.
"""
import argparse
import json
import os
import subprocess
import sys
import time

CHILD = r"""
import gc, json, sys, time
def peak_kib():
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
words_path, kind, dic = sys.argv[1:4]
with open(words_path, encoding="utf-8") as f:
    words = f.read().split()
gc.collect()
try:  # Linux: reset the peak to what is resident now (the file's text is gone)
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")
except OSError:
    pass
base = peak_kib()
start_load = time.perf_counter()
if kind == "pyphen":
    import pyphen
    p = pyphen.Pyphen(filename=dic)
    run = p.inserted
elif kind == "libhyph":
    import libhyph
    run = libhyph.Hyphenator().hyphenate
else:
    import libhyph.pyphen
    run = libhyph.pyphen.Pyphen(filename=dic).inserted
load = time.perf_counter() - start_load
start, cpu = time.perf_counter(), time.process_time()
hyphens = 0
for w in words:
    hyphens += len(run(w)) - len(w)
seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
peak = peak_kib()
print(json.dumps({"kind": kind, "words": len(words), "seconds": seconds, "cpu": cpu, "load": load,
                  "rss_mib": (peak - base) / 1024, "hyphens": hyphens}))
"""

THREADS = r"""
import json, os, sys, threading, time
import libhyph
words_path, mib, runs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
with open(words_path, encoding="utf-8") as f:
    words = f.read().split()
text = " ".join(words)
while len(text) < mib << 20:
    text += " " + text
text = text[: mib << 20]
cut = text.rfind(" ", 0, len(text) // 2)
halves = [text[:cut], text[cut:]]
h = libhyph.Hyphenator()
h.hyphenate(text[:1 << 20])

def timed(parts):
    out = [None] * len(parts)
    cpu = [0.0] * len(parts)
    def work(i):
        start = time.thread_time()
        out[i] = h.hyphenate(parts[i])
        cpu[i] = time.thread_time() - start
    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(parts))]
    start, process = time.perf_counter(), time.process_time()
    for t in threads: t.start()
    for t in threads: t.join()
    wall, process = time.perf_counter() - start, time.process_time() - process
    return {"wall": wall, "cpu": process, "thread_cpu": cpu, "out": out}

ones, twos = [], []
for _ in range(runs):  # alternately, so that both see the same changes in the machine's load
    ones.append(timed([text]))
    twos.append(timed(halves))
assert "".join(twos[0]["out"]) == ones[0]["out"][0]
one = min(ones, key=lambda r: r["wall"])
two = min(twos, key=lambda r: r["wall"])
print(json.dumps({"mib": mib, "runs": runs,
                  "one": one["wall"], "one_cpu": one["cpu"], "two": two["wall"], "two_cpu": two["cpu"],
                  "two_thread_cpu": two["thread_cpu"], "min_one_cpu": min(r["cpu"] for r in ones),
                  "min_two_thread_cpu": min(max(r["thread_cpu"]) for r in twos),
                  "min_two_cpu": min(r["cpu"] for r in twos), "load": os.getloadavg()[0]}))
"""


def child(script, args):
    r = subprocess.run([sys.executable, "-c", script, *args], capture_output=True, text=True, check=True)
    return json.loads(r.stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--words", default="/work/shared/data/english-words.txt")
    parser.add_argument("--dic", default="/usr/share/hyphen/hyph_en_US.dic")
    parser.add_argument("--threads-mib", type=int, default=64)
    parser.add_argument("--runs", type=int, default=5, help="best of N for the threads figure")
    parser.add_argument("--skip", action="append", default=[], help="a contender to leave out")
    args = parser.parse_args()
    print(f"python {sys.executable} {sys.version.split()[0]}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}")
    results = {}
    for kind in ["pyphen", "libhyph", "libhyph.pyphen"]:
        if kind in args.skip:
            continue
        r = child(CHILD, [args.words, kind, args.dic])
        results[kind] = r
        rate = r["words"] / r["seconds"]
        print(f"{kind:15s} {r['words']} words in {r['seconds']:.2f} s ({r['cpu']:.2f} s CPU): {rate:12,.0f} words/s "
              f"({1e6 / rate:.3f} us/word, {1e6 * r['cpu'] / r['words']:.3f} us CPU), load {r['load'] * 1000:.1f} ms, "
              f"peak RSS +{r['rss_mib']:.1f} MiB")
    if "pyphen" in results:
        base = results["pyphen"]
        for kind in ["libhyph", "libhyph.pyphen"]:
            if kind in results:
                r = results[kind]
                print(f"ratio {kind:15s} / pyphen: {base['seconds'] / r['seconds']:6.1f}x words/s "
                      f"(wall), {base['cpu'] / r['cpu']:6.1f}x (CPU time: steadier on a shared machine)")
    load_before = os.getloadavg()[0]
    t = child(THREADS, [args.words, str(args.threads_mib), str(args.runs)])
    print(f"threads: {t['mib']} MiB of text, best of {t['runs']} (load {load_before:.2f} before, {t['load']:.2f} after):")
    print(f"  one thread  {t['mib'] / t['one']:6.1f} MiB/s: {t['one']:.3f} s wall, {t['one_cpu']:.3f} s CPU")
    print(f"  two threads {t['mib'] / t['two']:6.1f} MiB/s: {t['two']:.3f} s wall, {t['two_cpu']:.3f} s CPU "
          f"(threads {t['two_thread_cpu'][0]:.3f} + {t['two_thread_cpu'][1]:.3f} s)")
    print(f"  speed-up {t['one'] / t['two']:.2f}x on {os.cpu_count()} cores; CPU per byte two/one "
          f"{t['min_two_cpu'] / t['min_one_cpu']:.2f} (1.00: no extra work); the two threads kept "
          f"{t['two_cpu'] / t['two']:.2f} cores busy (the most the machine's load left them)")
    print(f"  CPU-bound speed-up: one thread's CPU time / the longer of the two threads' = "
          f"{t['min_one_cpu'] / t['min_two_thread_cpu']:.2f}x (what two free cores give, less the GIL-held "
          f"part, which is the result's allocation alone)")


if __name__ == "__main__":
    main()
