#!/usr/bin/env python3
"""The reliability suite's command-line part, as a busy administrator or a hostile
user would try it: concurrent writers of one file, a link planted at the old temporary name, a
full file system, files rewritten and truncated under a running hyphenate, /dev/zero and
endless pipes as every kind of input, output lost to a full disk, memory running out.

Usage: reliability_cli_test.py HYPHENATE HYPH_COMPILE HYPH_STORE SOURCE_ROOT [--sanitized]

Runs as root and as a normal user: as root a small tmpfs is mounted for the full file system
(where mounting is allowed), otherwise a file size limit (RLIMIT_FSIZE) fails the writes
instead. Nothing here measures time.
"""
import os
import random
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from cli_support import check, finish, run  # noqa: E402

HYPHENATE, COMPILE, STORE, ROOT = sys.argv[1:5]
SANITIZED = "--sanitized" in sys.argv[5:]
HYPHENEX = os.path.join(ROOT, "patterns", "data", "ushyphex.tex")
GERMAN_WORDS = os.path.join(ROOT, "tests", "data", "de-1996.words")
VENDORED = os.path.join(ROOT, "patterns", "data", "hyph-utf8")


def read(path):
    with open(path, "rb") as f:
        return f.read()


def leftovers(folder, name):
    """Files beside `name` that start with it: temporaries left behind."""
    return sorted(f for f in os.listdir(folder) if f.startswith(name) and f != name)


def err(r):
    return r.stderr.decode(errors="replace")


def concurrent_writers(tmp):
    # hyph-compile: the fast and the small layout of English to one path, 20 rounds.
    fast, small = os.path.join(tmp, "fast.hyb"), os.path.join(tmp, "small.hyb")
    check("reference fast", run(COMPILE, ["-o", fast]).returncode == 0)
    check("reference small", run(COMPILE, ["--small", "-o", small]).returncode == 0)
    wanted = {read(fast), read(small)}
    out = os.path.join(tmp, "same.hyb")
    bad = []
    for round_ in range(20):
        a = subprocess.Popen([COMPILE, "-o", out], stderr=subprocess.PIPE)
        b = subprocess.Popen([COMPILE, "--small", "-o", out], stderr=subprocess.PIPE)
        ra, rb = a.wait(), b.wait()
        ea, eb = a.stderr.read(), b.stderr.read()
        a.stderr.close()
        b.stderr.close()
        loads = run(HYPHENATE, ["--compiled", out], b"hyphenation\n")
        if ra or rb or read(out) not in wanted or loads.stdout != b"hy-phen-ation\n" or leftovers(tmp, "same.hyb"):
            bad.append((round_, ra, rb, ea, eb, loads.stderr, leftovers(tmp, "same.hyb")))
    check("hyph-compile: two writers of one file, 20 rounds: both succeed, the file is one of theirs, whole", not bad, bad[:2])

    # hyph-store: two different stores to one path, 20 rounds.
    other = os.path.join(tmp, "other.hyp.txt")
    with open(other, "w") as f:
        f.write("ta-ble\nzzzy-zyx\n")
    one, two = os.path.join(tmp, "one.hyphstore"), os.path.join(tmp, "two.hyphstore")
    check("reference stores", run(STORE, ["-o", one, HYPHENEX]).returncode == 0 and run(STORE, ["-o", two, other]).returncode == 0)
    wanted = {read(one), read(two)}
    out = os.path.join(tmp, "same.hyphstore")
    bad = []
    for round_ in range(20):
        a = subprocess.Popen([STORE, "-o", out, HYPHENEX], stderr=subprocess.DEVNULL)
        b = subprocess.Popen([STORE, "-o", out, other], stderr=subprocess.DEVNULL)
        ra, rb = a.wait(), b.wait()
        if ra or rb or read(out) not in wanted or leftovers(tmp, "same.hyphstore"):
            bad.append((round_, ra, rb, len(read(out)), leftovers(tmp, "same.hyphstore")))
    check("hyph-store: two writers of one file, 20 rounds: both succeed, the file is one of theirs, whole", not bad, bad[:2])


def planted_links(tmp):
    victim = os.path.join(tmp, "victim")
    with open(victim, "wb") as f:
        f.write(b"precious")
    for tool, args, name in [(COMPILE, ["-l", "en-us"], "evil.hyb"), (STORE, [HYPHENEX], "evil.hyphstore")]:
        out = os.path.join(tmp, name)
        os.symlink(victim, out + ".tmp")
        r = run(tool, [*args, "-o", out])
        check(f"{os.path.basename(tool)}: a link at {name}.tmp is not followed",
              r.returncode == 0 and read(victim) == b"precious" and os.path.islink(out + ".tmp") and os.path.getsize(out) > 1000,
              err(r))
    out = os.path.join(tmp, "linked.hyb")
    os.symlink(victim, out)
    r = run(COMPILE, ["-o", out])
    check("hyph-compile: a link at the output is replaced, not written through",
          r.returncode == 0 and read(victim) == b"precious" and not os.path.islink(out), err(r))


def killed_while_writing(tmp):
    # SIGKILL at moments spread over a run that parses German and writes 7 MB: whenever it
    # comes, the output is the old file or the whole new one (a temporary may stay behind).
    out = os.path.join(tmp, "killed.hyb")
    check("English as the old file", run(COMPILE, ["-o", out]).returncode == 0)
    old = read(out)
    new = os.path.join(tmp, "de-new.hyb")
    check("German as the new file", run(COMPILE, ["--patterns-dir", VENDORED, "-l", "de-1996", "-o", new]).returncode == 0)
    wanted = {old, read(new)}
    bad = []
    for delay in [0.0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1.2]:
        p = subprocess.Popen([COMPILE, "--patterns-dir", VENDORED, "-l", "de-1996", "-o", out], stderr=subprocess.DEVNULL)
        try:
            p.wait(timeout=delay)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
        if read(out) not in wanted:
            bad.append((delay, p.returncode, len(read(out))))
        for leftover in leftovers(tmp, "killed.hyb"):
            os.remove(os.path.join(tmp, leftover))
    check("hyph-compile killed (SIGKILL) at any moment: the old file or the whole new one", not bad, bad)


def mount_small_tmpfs(folder, size):
    """True if a tmpfs of `size` is mounted at folder (root, where the system allows it)."""
    if os.geteuid() != 0 or not shutil.which("mount"):
        return False
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", folder], capture_output=True)
    return r.returncode == 0


def file_size_limit(limit):
    def apply():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))
    return apply


def full_file_system(tmp):
    full = os.path.join(tmp, "full")
    os.mkdir(full)
    mounted = mount_small_tmpfs(full, "300k")
    reason = "No space left on device" if mounted else "File too large"
    limit = None if mounted else file_size_limit(200_000)
    print(f"# full file system: {'a 300 KiB tmpfs' if mounted else 'RLIMIT_FSIZE of 200,000 bytes (no tmpfs could be mounted)'}")
    try:
        out = os.path.join(full, "en.hyb")
        check("small English fits", run(COMPILE, ["--small", "-o", out]).returncode == 0)
        old = read(out)
        r = subprocess.run([COMPILE, "-o", out], capture_output=True, preexec_fn=limit)  # 535 KB: does not fit
        check("hyph-compile on a full disk: exit 1, the file and the reason named",
              r.returncode == 1 and f"{out}: write error: {reason}" in err(r), (r.returncode, err(r)))
        check("... the old file intact, no temporary left", read(out) == old and leftovers(full, "en.hyb") == [], leftovers(full, "en.hyb"))

        words = os.path.join(tmp, "many.tsv")
        with open(words, "w") as f:
            for n in range(40000):
                w = "".join(chr(97 + (n // 26 ** k) % 26) for k in range(5)) + "zz"
                f.write(f"{w}\t{w[:3]}-{w[3:]}\n")
        store = os.path.join(full, "h.hyphstore")
        check("a small store fits", run(STORE, ["-o", store, HYPHENEX]).returncode == 0)
        old = read(store)
        r = subprocess.run([STORE, "-o", store, words], capture_output=True, preexec_fn=limit)
        check("hyph-store on a full disk: exit 1, the file and the reason named",
              r.returncode == 1 and f"{store}: write error: {reason}" in err(r), (r.returncode, err(r)))
        check("... the old store intact, no temporary left", read(store) == old and leftovers(full, "h.hyphstore") == [],
              leftovers(full, "h.hyphstore"))

        big = os.path.join(tmp, "big.hyphstore")
        check("a big store", run(STORE, ["-o", big, words]).returncode == 0)
        listing = os.path.join(full, "listing.txt")
        with open(listing, "wb") as f:
            r = subprocess.run([STORE, "--list", big], stdout=f, stderr=subprocess.PIPE, preexec_fn=limit)
        check("hyph-store --list to a full disk: exit 1, the reason said", r.returncode == 1 and reason in err(r), (r.returncode, err(r)))
    finally:
        if mounted:
            subprocess.run(["umount", full])
    r = run(COMPILE, ["-o", "/dev/full"])
    check("hyph-compile -o /dev/full: exit 1, the reason said, the device left as it is",
          r.returncode == 1 and "/dev/full: write error: No space left on device" in err(r) and not os.path.isfile("/dev/full"), err(r))
    word = os.path.join(tmp, "word.txt")
    with open(word, "w") as f:
        f.write("hyphenation\n")
    r = subprocess.run(f"{COMPILE} -o /dev/stdout | {HYPHENATE} --compiled /dev/stdin {word}", shell=True, capture_output=True)
    check("hyph-compile -o /dev/stdout into a pipe", r.returncode == 0 and r.stdout == b"hy-phen-ation\n", err(r))
    r = subprocess.run([STORE, "--list", os.path.join(tmp, "big.hyphstore")], stdout=open("/dev/full", "wb"), stderr=subprocess.PIPE)
    check("hyph-store --list > /dev/full: exit 1", r.returncode == 1 and "No space left on device" in err(r), (r.returncode, err(r)))
    r = subprocess.run([STORE, "--list", os.path.join(tmp, "one.hyphstore")], stdout=open("/dev/full", "wb"), stderr=subprocess.PIPE)
    check("... a short listing too", r.returncode == 1 and "No space left on device" in err(r), (r.returncode, err(r)))


def synced(tmp):
    if not shutil.which("strace"):
        print("# no strace: the fsync order is not checked")
        return
    out = os.path.join(tmp, "synced.hyb")
    r = subprocess.run(["strace", "-f", "-e", "trace=openat,fsync,rename,renameat,renameat2", COMPILE, "-o", out],
                       capture_output=True, text=True)
    if r.returncode != 0 and "ptrace" in r.stderr:
        print("# strace cannot trace here: the fsync order is not checked")
        return
    calls = [line for line in r.stderr.splitlines() if "fsync(" in line or "rename" in line]
    kinds = ["rename" if "rename" in c else "fsync" for c in calls]
    check("hyph-compile: fsync of the file, rename, fsync of the folder", kinds[-3:] == ["fsync", "rename", "fsync"], calls)


def damage(path, how, seed):
    """What an administrator's tools do to a file in use: dd conv=notrunc, truncate."""
    if how.startswith("random"):
        with open(path, "r+b") as f:
            f.write(random.Random(seed).randbytes(os.path.getsize(path)))
    else:
        os.truncate(path, 4096 if "4096" in how else 0)


def run_while_damaged(args, text, path, how, seed):
    """Runs hyphenate on `text` through a pipe, 64 KiB at a time; once it has answered something
    (it has loaded its files), damages `path`, then sends the rest. Returns (status, output,
    errors, whether the damage came while input was still to come)."""
    p = subprocess.Popen([HYPHENATE, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    answered, damaged = threading.Event(), threading.Event()
    in_use = []

    def feed():
        try:
            for at in range(0, len(text), 1 << 16):
                if answered.is_set():
                    damaged.wait()
                p.stdin.write(text[at:at + (1 << 16)])
                p.stdin.flush()
            in_use.append(damaged.is_set())  # damaged before the last of the input went
            p.stdin.close()
        except BrokenPipeError:
            pass

    feeder = threading.Thread(target=feed)
    feeder.start()
    first = p.stdout.read1(1 << 16)
    answered.set()
    damage(path, how, seed)
    damaged.set()
    rest = p.stdout.read()
    errors = p.stderr.read()
    feeder.join()
    return p.wait(), first + rest, errors.decode(errors="replace"), bool(in_use)


def changed_while_running(tmp):
    compiled = os.path.join(tmp, "de.hyb")
    check("German compiled", run(COMPILE, ["--patterns-dir", VENDORED, "-l", "de-1996", "-o", compiled]).returncode == 0)
    with open(GERMAN_WORDS, "rb") as f:
        german = f.read()
    pristine = os.path.join(tmp, "de-pristine.hyb")
    shutil.copy(compiled, pristine)
    # Answers flow out long before the input ends: at once with -j 1; with -j 2 once some
    # 5 MB of 1 MiB pieces are on their way, so 20 MB.
    for jobs, words in [("1", german * 8), ("2", german * 128)]:
        expected = run(HYPHENATE, ["--compiled", pristine], words).stdout
        for how in ["random bytes over it in place", "truncated to 4096 bytes", "truncated to 0"]:
            shutil.copy(pristine, compiled)
            status, out, errors, in_use = run_while_damaged(["-j", jobs, "--compiled", compiled], words, compiled, how, 7)
            check(f"hyphenate -j {jobs} --compiled, the file {how} while it runs: no crash, the same answers",
                  status == 0 and out == expected and in_use, (status, in_use, errors[-300:]))
        r = run(HYPHENATE, ["--compiled", compiled], b"x\n")
        check(f"... and a new load of it is refused (-j {jobs})", r.returncode == 1 and b"de.hyb" in r.stderr, err(r))

    store = os.path.join(tmp, "changing.hyphstore")
    run(STORE, ["-o", store, HYPHENEX])
    with open(os.path.join(ROOT, "tests", "data", "en-us.words"), "rb") as f:
        english = f.read() * 2
    expected = run(HYPHENATE, ["--exception-store", store], english).stdout
    for how in ["random bytes over it in place", "truncated to 4096 bytes"]:
        run(STORE, ["-o", store, HYPHENEX])
        status, out, errors, in_use = run_while_damaged(["-j", "1", "--exception-store", store], english, store, how, 8)
        check(f"hyphenate --exception-store, the store {how} while it runs: the same answers",
              status == 0 and out == expected and in_use, (status, in_use, errors[-300:]))


def devices_and_pipes(tmp):
    zero = "/dev/zero"
    cases = [
        (HYPHENATE, ["--compiled", zero], "a compiled pattern file"),
        (HYPHENATE, ["--exception-store", zero], "an exception store"),
        (HYPHENATE, ["--dic", zero], "a .dic dictionary"),
        (HYPHENATE, ["-e", zero], "a pattern or exception file"),
        (HYPHENATE, ["-p", zero], "a pattern or exception file"),
        (COMPILE, ["-p", zero, "-o", os.path.join(tmp, "z.hyb")], "a pattern or exception file"),
        (COMPILE, ["-e", zero, "-o", os.path.join(tmp, "z.hyb")], "a pattern or exception file"),
        (COMPILE, ["--dic", zero, "-o", os.path.join(tmp, "z.hyb")], "a .dic dictionary"),
        (COMPILE, ["--exception-store", zero, "-o", os.path.join(tmp, "z.hyb")], "an exception store"),
        (STORE, ["-o", os.path.join(tmp, "z.hyphstore"), zero], "a pattern or exception file"),
        (STORE, ["--check", zero], "an exception store"),
        (STORE, ["--list", zero], "an exception store"),
    ]
    for tool, args, what in cases:
        r = run(tool, args, b"hyphenation\n", timeout=120)
        check(f"{os.path.basename(tool)} {' '.join(args[:2])}: refused", r.returncode == 1 and
              f"/dev/zero: is a character device, not {what}" in err(r), (r.returncode, err(r)[-200:]))
    check("... and nothing written", not os.path.exists(os.path.join(tmp, "z.hyb")) and not os.path.exists(os.path.join(tmp, "z.hyphstore")))

    dictionaries = os.path.join(tmp, "dictionaries")
    os.mkdir(dictionaries)
    os.symlink(zero, os.path.join(dictionaries, "hyph_zz.dic"))
    shutil.copy(os.path.join(ROOT, "patterns", "data", "dic", "hyph_hu_HU.dic"), dictionaries)
    env = {"HYPH_DICTIONARIES": dictionaries}
    r = run(HYPHENATE, ["-l", "hyphen:zz"], b"x\n", env=env, timeout=120)
    check("HYPH_DICTIONARIES with hyph_zz.dic -> /dev/zero: -l hyphen:zz is not a language", r.returncode == 1 and b"zz" in r.stderr, err(r))
    r = run(HYPHENATE, ["--list-languages"], env=env, timeout=120)
    check("... --list-languages lists the others", r.returncode == 0 and b"hyphen:hu_HU" in r.stdout and b"hyphen:zz" not in r.stdout, err(r))

    # Endless pipes: a compiled file is read as far as its header says, a source to the ceiling.
    for args, message in [(["--compiled", "/dev/stdin"], "no magic number"), (["--exception-store", "/dev/stdin"], "not a valid exception store"),
                          (["-e", "/dev/stdin"], "more than 268435456 bytes")]:
        source = subprocess.Popen(["cat", zero], stdout=subprocess.PIPE)
        r = subprocess.run([HYPHENATE, *args], stdin=source.stdout, capture_output=True, timeout=300)
        source.stdout.close()
        source.kill()
        source.wait()
        check(f"hyphenate {' '.join(args)} from an endless pipe: refused", r.returncode == 1 and message in err(r), err(r)[-200:])


def memory(tmp):
    if SANITIZED:
        print("# sanitized build: memory figures and limits are the sanitizer's, not checked")
        return

    def peak_kb(args):
        p = subprocess.Popen([HYPHENATE, *args], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        p.stdin.write(b"hyphenation\n")
        p.stdin.close()
        _, status, usage = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
        return p.returncode, usage.ru_maxrss

    copies = 500
    r1, once = peak_kb(["-e", HYPHENEX])
    rn, many = peak_kb(["-e", HYPHENEX] * copies)
    read_bytes = copies * os.path.getsize(HYPHENEX)
    # The texts themselves are held (the command line reads them all first): a few copies of
    # 13 MB. The words were 200 MB more before replaced ones were dropped.
    check(f"-e ushyphex.tex x {copies}: memory grows by the texts read, not by the words parsed",
          r1 == 0 and rn == 0 and (many - once) * 1024 < 4 * read_bytes, f"{once} KB once, {many} KB x{copies}")

    big = os.path.join(tmp, "big.pat.txt")
    with open(big, "w") as f:
        for n in range(1_000_000):
            w = "".join(chr(97 + (n // 26 ** k) % 26) for k in range(5))
            f.write(w[:2] + "1" + w[2:] + "\n")

    def limited():
        resource.setrlimit(resource.RLIMIT_AS, (150 << 20, resource.getrlimit(resource.RLIMIT_AS)[1]))
    r = subprocess.run([HYPHENATE, "-p", big], input=b"x\n", capture_output=True, preexec_fn=limited)
    check("out of memory: an error naming the file", r.returncode == 1 and f"{big}: out of memory" in err(r), (r.returncode, err(r)[-300:]))


def main():
    with tempfile.TemporaryDirectory() as tmp:
        os.chmod(tmp, 0o755)
        concurrent_writers(tmp)
        planted_links(tmp)
        killed_while_writing(tmp)
        full_file_system(tmp)
        synced(tmp)
        changed_while_running(tmp)
        devices_and_pipes(tmp)
        memory(tmp)
    finish()


main()
