"""The Dask recipe (libhyph.corpus) on a LocalCluster of 2 worker processes.

    dask_test.py [--sanitized] HYPHENATE_EXE SOURCE_ROOT [--files N] [--mib M]

Writes a small corpus (text from the source tree, plus invalid UTF-8, NUL, CR LF, a long
token), compiles English once, hyphenates the corpus on the cluster, and checks that every
output is byte for byte what `hyphenate --compiled` writes for the same file, that each
worker loaded the language exactly once, and prints the throughput of each worker. Exit 77
where dask or distributed is missing, or in a sanitizer build.

A script file with an `if __name__ == "__main__":` guard: the workers are spawned processes
that import it.
"""
import importlib.util
import os
import pathlib
import subprocess
import sys
import tempfile
import time


def make_corpus(folder, source_root, files, mib):
    texts = [p.read_bytes() for p in sorted(pathlib.Path(source_root).glob("*.md"))]
    texts += [p.read_bytes() for p in sorted((pathlib.Path(source_root) / "doc").glob("*.md"))]
    odd = (b"Hyphenation\x00paragraph \xff\xfehyphenation\r\nalgebraically \xed\xa0\x80typeset "
           + b"x" * 100_000 + b" encyclopedia\n")
    base = b"".join(texts) + odd
    target = mib << 20
    paths = []
    for i in range(files):
        data = (base * (target // (files * len(base)) + 1))[: target // files]
        data = data[: data.rfind(b" ") + 1] + b"hyphenation" if i % 3 == 0 else data  # no final newline
        path = folder / f"part-{i:03d}.txt"
        path.write_bytes(data)
        paths.append(path)
    return paths


def main(argv):
    if "--sanitized" in argv:
        print("skipped: a sanitizer build's extension cannot load into an uninstrumented python")
        return 77
    for module in ("dask", "distributed"):
        if importlib.util.find_spec(module) is None:
            print(f"skipped: Python module {module} is not installed for {sys.executable}")
            return 77
    hyphenate_exe, source_root = argv[0], argv[1]
    files = int(argv[argv.index("--files") + 1]) if "--files" in argv else 8
    mib = int(argv[argv.index("--mib") + 1]) if "--mib" in argv else 8

    import libhyph
    from dask.distributed import Client, LocalCluster
    from libhyph.corpus import hyphenate_corpus

    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        inputs = make_corpus(tmp, source_root, files, mib)
        compiled = tmp / "en-us.hyb"
        libhyph.Hyphenator().write_compiled(compiled)
        out_dir = tmp / "out"
        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
                Client(cluster) as client:
            start = time.perf_counter()
            results = hyphenate_corpus(client, inputs, out_dir, compiled)
            wall = time.perf_counter() - start
            loads = client.run(lambda dask_worker: getattr(dask_worker, "libhyph_loads", 0))
        print(f"{len(results)} files, {sum(r.bytes for r in results) / 2**20:.1f} MiB in {wall:.2f} s on "
              f"{len(loads)} workers; loads per worker: {sorted(loads.values())}")
        if len(loads) != 2 or any(n != 1 for n in loads.values()):
            print(f"FAIL each of 2 workers must load the language once: {loads}")
            failures += 1
        per_worker = {}
        for r in results:
            total = per_worker.setdefault(r.worker, [0, 0.0, 0])
            total[0] += r.bytes
            total[1] += r.seconds
            total[2] += 1
        for worker, (size, seconds, count) in sorted(per_worker.items()):
            print(f"worker {worker}: {count} files, {size / 2**20:.1f} MiB, {size / 2**20 / seconds:.1f} MiB/s")
        for path in inputs:
            want = subprocess.run([hyphenate_exe, "--compiled", str(compiled), str(path)], capture_output=True,
                                  check=True).stdout
            got = (out_dir / path.name).read_bytes()
            if got != want:
                print(f"FAIL {path.name}: output differs from hyphenate --compiled ({len(got)} vs {len(want)} bytes)")
                failures += 1
        if sorted(r.source for r in results) != sorted(str(p) for p in inputs):
            print("FAIL not every file was hyphenated once")
            failures += 1
    print(f"{failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
