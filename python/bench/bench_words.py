"""Speed and memory of libhyph from Python against pyphen, measured in the same run.

    bench_words.py [--words FILE] [--dic FILE.dic] [--threads-mib N]

Each contender runs in a child process of its own, which reads the word list, notes its
peak RSS, then hyphenates every word once (word by word, as a program would) and notes its
peak RSS again: the difference is the memory the hyphenator needed beyond an interpreter
holding the list (Linux's peak resident set, VmHWM, reset after reading the list).
Contenders:

  pyphen            Debian's pyphen: Pyphen(filename=DIC).inserted(word)
  libhyph           libhyph.Hyphenator().hyphenate(word)   (plain TeX's English)
  libhyph.pyphen    libhyph.pyphen.Pyphen(filename=DIC).inserted(word)

Then the threads figure: one long text (the words joined, NMiB) hyphenated by one thread,
then as two halves by two threads at once (the GIL is released): the speed-up.
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
start = time.perf_counter()
hyphens = 0
for w in words:
    hyphens += len(run(w)) - len(w)
seconds = time.perf_counter() - start
peak = peak_kib()
print(json.dumps({"kind": kind, "words": len(words), "seconds": seconds, "load": load,
                  "rss_mib": (peak - base) / 1024, "hyphens": hyphens}))
"""

THREADS = r"""
import json, sys, threading, time
import libhyph
words_path, mib = sys.argv[1], int(sys.argv[2])
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
    def work(i):
        out[i] = h.hyphenate(parts[i])
    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(parts))]
    start, cpu = time.perf_counter(), time.process_time()
    for t in threads: t.start()
    for t in threads: t.join()
    return time.perf_counter() - start, out, time.process_time() - cpu

ones = [timed([text]) for _ in range(3)]
twos = [timed(halves) for _ in range(3)]
assert "".join(twos[0][1]) == ones[0][1][0]
best_one, best_two = min(r[0] for r in ones), min(r[0] for r in twos)
cores = max(r[2] / r[0] for r in twos)  # CPU seconds per wall second: >1 only without the GIL
print(json.dumps({"mib": mib, "one": best_one, "two": best_two, "cores": cores}))
"""


def child(script, args):
    r = subprocess.run([sys.executable, "-c", script, *args], capture_output=True, text=True, check=True)
    return json.loads(r.stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--words", default="/work/shared/data/english-words.txt")
    parser.add_argument("--dic", default="/usr/share/hyphen/hyph_en_US.dic")
    parser.add_argument("--threads-mib", type=int, default=64)
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
        print(f"{kind:15s} {r['words']} words in {r['seconds']:.2f} s: {rate:12,.0f} words/s "
              f"({1e6 / rate:.3f} us/word), load {r['load'] * 1000:.1f} ms, peak RSS +{r['rss_mib']:.1f} MiB")
    if "pyphen" in results:
        base = results["pyphen"]["words"] / results["pyphen"]["seconds"]
        for kind in ["libhyph", "libhyph.pyphen"]:
            if kind in results:
                rate = results[kind]["words"] / results[kind]["seconds"]
                print(f"ratio {kind:15s} / pyphen: {rate / base:6.1f}x words/s")
    t = child(THREADS, [args.words, str(args.threads_mib)])
    print(f"threads: {t['mib']} MiB of text, one thread {t['mib'] / t['one']:.1f} MiB/s, "
          f"two threads {t['mib'] / t['two']:.1f} MiB/s: {t['one'] / t['two']:.2f}x on {os.cpu_count()} cores "
          f"(load {os.getloadavg()[0]:.2f}); the two threads kept {t['cores']:.2f} cores busy at best")


if __name__ == "__main__":
    main()
