"""libhyph.pyphen against Debian's pyphen on every installed .dic dictionary, with libhyphen
2.8.8 itself (through ctypes) as the judge of every difference.

    pyphen_diff.py [--sanitized] [--words N] [--report FILE.json] [DIC...]

For each dictionary (each file once, symbolic links followed), words come from the matching
word list (/usr/share/dict, hunspell's .dic lists) when there is one, plus words made from the
dictionary's own patterns, so that every dictionary gets real and pattern-rich words. N of
them (evenly spread; 0: all) are given to both modules with minimums (2, 2) and (1, 1):
positions (with their non-standard data), iterate, wrap at several widths, and inserted must
agree, or else libhyphen (hnj_hyphen_hyphenate3 on the dictionary with the caller's minimums,
as libhyph.pyphen promises) must agree with libhyph.pyphen: the difference is then one where
pyphen's own reader disagrees with libhyphen, and it is counted under a class. A difference
libhyphen does not confirm is a failure. Each dictionary runs in a child process, since
libhyphen 2.8.8 can abort on some inputs.

Exit 77 where pyphen, libhyphen or the dictionaries are absent, or in a sanitizer build.
"""
import ctypes
import ctypes.util
import json
import os
import pathlib
import subprocess
import sys
import tempfile

DICTIONARIES = pathlib.Path("/usr/share/hyphen")
WORD_LISTS = {
    "en": ["/usr/share/dict/american-english", "/usr/share/dict/british-english"],
    "de": ["/usr/share/dict/ngerman", "/usr/share/dict/ogerman"], "de_CH": ["/usr/share/dict/swiss"],
    "fr": ["/usr/share/dict/french"], "nl": ["/usr/share/dict/dutch"], "pl": ["/usr/share/dict/polish"],
    "pt": ["/usr/share/dict/portuguese"], "pt_BR": ["/usr/share/dict/brazilian"],
    "it": ["/usr/share/dict/italian"], "es": ["/usr/share/dict/spanish"], "ca": ["/usr/share/dict/catalan"],
    "da": ["/usr/share/dict/danish"], "sv": ["/usr/share/dict/swedish"], "nb": ["/usr/share/dict/bokmaal"],
    "no": ["/usr/share/dict/bokmaal"], "nn": ["/usr/share/dict/nynorsk"], "bg": ["/usr/share/dict/bulgarian"],
    "uk": ["/usr/share/dict/ukrainian"],
}
SHARED_ENGLISH = pathlib.Path(__file__).resolve().parents[3] / "shared" / "data" / "english-words.txt"


# ----------------------------------------------------------------------------------------------
# Words


def hunspell_words(code):
    folder = pathlib.Path("/usr/share/hunspell")
    candidates = [folder / f"{code}.dic"] + sorted(folder.glob(f"{code.split('_')[0]}_*.dic"))
    for dic in candidates:
        aff = dic.with_suffix(".aff")
        if not dic.is_file():
            continue
        encoding = "utf-8"
        if aff.is_file():
            for line in aff.read_bytes().splitlines():
                if line.startswith(b"SET "):
                    encoding = line[4:].strip().decode("ascii", "replace")
                    break
        try:
            lines = dic.read_bytes().decode(encoding.replace("microsoft-", ""), "replace").splitlines()[1:]
        except LookupError:
            continue
        return [line.split("/")[0].split("\t")[0].strip() for line in lines if line.strip()]
    return []


def list_words(code):
    lang = code.split("_")[0]
    for path in WORD_LISTS.get(code, []) + WORD_LISTS.get(lang, []):
        if os.path.isfile(path):
            with open(path, encoding="utf-8", errors="replace") as f:
                words = [w.strip() for w in f if w.strip()]
            if lang == "en" and SHARED_ENGLISH.is_file():
                words += SHARED_ENGLISH.read_text(encoding="utf-8").split()
            return words
    return hunspell_words(code)


def pattern_words(dic_path, charset):
    """Words spelled from the dictionary's patterns: each pattern's letters, glued to the next
    pattern's, so that every pattern fires somewhere."""
    codec = {"microsoft-cp1251": "cp1251"}.get(charset.lower(), charset)
    try:
        lines = pathlib.Path(dic_path).read_bytes().decode(codec, "replace").splitlines()[1:]
    except LookupError:
        return []
    stems = []
    for line in lines:
        line = line.strip().split("/")[0]
        if not line or line.startswith(("%", "#")) or line.isupper():
            continue
        stem = "".join(c for c in line if not c.isdigit() and c != ".")
        if stem and " " not in stem:
            stems.append(stem)
    return [a + b for a, b in zip(stems, stems[1:] + stems[:1])] + [a + b + a for a, b in zip(stems[::7], stems[3::7])]


def spread(words, n):
    words = list(dict.fromkeys(w for w in words if w and not any(c.isspace() for c in w)))
    if n and len(words) > n:
        step = len(words) / n
        words = [words[int(i * step)] for i in range(n)]
    return words


# ----------------------------------------------------------------------------------------------
# libhyphen, the judge


def without_minimums(data):
    """The dictionary with its LEFTHYPHENMIN and RIGHTHYPHENMIN lines made comments (same line
    numbers): what libhyph.pyphen promises to answer as (Hyphenator dic_minimums='settings'),
    so that libhyphen's "larger of the caller's and the dictionary's" leaves the caller's."""
    lines = data.split(b"\n")
    for i, line in enumerate(lines):
        if i > 0 and (line.startswith(b"LEFTHYPHENMIN") or line.startswith(b"RIGHTHYPHENMIN")):
            lines[i] = b"%" + line
    return b"\n".join(lines)


class Libhyphen:
    def __init__(self):
        path = ctypes.util.find_library("hyphen") or "libhyphen.so.0"
        self.lib = ctypes.CDLL(path)
        self.lib.hnj_hyphen_load.restype = ctypes.c_void_p
        self.lib.hnj_hyphen_load.argtypes = [ctypes.c_char_p]
        self.lib.hnj_hyphen_hyphenate3.restype = ctypes.c_int
        self.lib.hnj_hyphen_hyphenate3.argtypes = [
            ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_char_p,
            ctypes.POINTER(ctypes.POINTER(ctypes.c_void_p)), ctypes.POINTER(ctypes.POINTER(ctypes.c_int)),
            ctypes.POINTER(ctypes.POINTER(ctypes.c_int)), ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int]

    def load(self, path):
        d = self.lib.hnj_hyphen_load(os.fsencode(path))
        if not d:
            raise RuntimeError(f"libhyphen cannot load {path}")
        return d

    def positions(self, d, word, codec, utf8, left, right):
        """[(position, data)] as pyphen's positions would give them, from libhyphen's vector."""
        data = word.encode(codec, "surrogatepass" if utf8 else "replace")
        size = len(data)
        hyphens = ctypes.create_string_buffer(size + 5)
        hyphword = ctypes.create_string_buffer(size * 4 + 64)
        rep = ctypes.POINTER(ctypes.c_void_p)()  # libhyphen's allocations are left to the child's exit
        pos = ctypes.POINTER(ctypes.c_int)()
        cut = ctypes.POINTER(ctypes.c_int)()
        status = self.lib.hnj_hyphen_hyphenate3(d, data, size, hyphens, hyphword, ctypes.byref(rep), ctypes.byref(pos),
                                                ctypes.byref(cut), left, right, 0, 0)
        n = len(word) if (utf8 and status == 0) else size
        out = []
        for i in range(n):
            v = hyphens.raw[i]
            if v in b"13579" and v != 0:
                if rep and rep[i]:
                    change = ctypes.string_at(rep[i]).decode(codec, "replace")
                    out.append((i + 1, (change, -pos[i], cut[i])))
                else:
                    out.append((i + 1, None))
        return out


# ----------------------------------------------------------------------------------------------
# One dictionary


def features(path):
    text = pathlib.Path(path).read_bytes()
    lines = text.splitlines()
    return {
        "nextlevel": any(l.startswith(b"NEXTLEVEL") for l in lines),
        "hash_lines": sum(1 for l in lines[1:] if l.startswith(b"#")),
        "nonstandard": sum(1 for l in lines[1:] if b"/" in l and b"=" in l),
        "nohyphen": any(l.startswith(b"NOHYPHEN") for l in lines),
        "compound_mins": any(l.startswith(b"COMPOUND") for l in lines),
    }


def classify(word, feats, ours, theirs):
    if any(d for _, d in ours) or any(d for _, d in theirs):
        return "non-standard breaks"
    if any(c in word for c in "-'\u2019\u2013"):
        return "hyphen or apostrophe in the word (libhyphen's default first level, NOHYPHEN)"
    if feats["nextlevel"]:
        return "two levels (NEXTLEVEL): pyphen merges them"
    if feats["hash_lines"]:
        return "lines beginning with '#': patterns to libhyphen, comments to pyphen"
    return "pattern matching: libhyphen's automaton on a set not prepared by substrings.pl"


def refusals(path):
    """None if both modules load the dictionary; a result saying both refuse it (e.g. bytes
    invalid in its charset, which pyphen's strict decoding refuses too); a failure if only one
    does."""
    import pyphen

    import libhyph
    import libhyph.pyphen as ours_module

    errors = []
    for load in (lambda: ours_module.Pyphen(filename=path, cache=False),
                 lambda: pyphen.Pyphen(filename=path, cache=False)):
        try:
            load()
            errors.append(None)
        except (libhyph.Error, UnicodeError, ValueError, LookupError) as e:
            errors.append(f"{type(e).__name__}: {e}")
    if errors == [None, None]:
        return None
    both = None not in errors
    return {"dictionary": path, "file": path, "words": 0, "comparisons": 0, "same": 0, "features": features(path),
            "classes": {}, "examples": {}, "refused": errors, "failures": [] if both else [{"refused": errors}],
            "failure_count": 0 if both else 1}


def one(dic_path, n_words):
    import pyphen

    import libhyph.pyphen as ours_module

    real = os.path.realpath(dic_path)
    code = pathlib.Path(dic_path).name[5:-4]
    refused = refusals(real)
    if refused is not None:
        return refused
    ours_by_mins = {m: ours_module.Pyphen(filename=real, left=m[0], right=m[1]) for m in [(2, 2), (1, 1)]}
    theirs_by_mins = {m: pyphen.Pyphen(filename=real, left=m[0], right=m[1]) for m in [(2, 2), (1, 1)]}
    hd = ours_by_mins[(2, 2)].hd
    codec = "utf-8" if hd.utf8 else {"microsoft-cp1251": "cp1251"}.get(hd.charset.lower(), hd.charset)
    words = spread(list_words(code) + pattern_words(real, hd.charset), n_words)
    judge = Libhyphen()
    with tempfile.TemporaryDirectory() as tmp:
        rewritten = pathlib.Path(tmp) / "dict.dic"
        rewritten.write_bytes(without_minimums(pathlib.Path(real).read_bytes()))
        d = judge.load(str(rewritten))
        feats = features(real)
        classes, examples, failures = {}, {}, []
        same = 0
        for word in words:
            for mins, ours in ours_by_mins.items():
                theirs = theirs_by_mins[mins]
                a = [(int(p), p.data) for p in ours.positions(word)]
                b = [(int(p), p.data) for p in theirs.positions(word)]
                agree = (a == b and list(ours.iterate(word)) == list(theirs.iterate(word))
                         and ours.inserted(word) == theirs.inserted(word)
                         and all(ours.wrap(word, w) == theirs.wrap(word, w) for w in (3, 5, 8, 12)))
                if agree:
                    same += 1
                    continue
                lower = "".join(c if len(c.lower()) != 1 else c.lower() for c in word)
                judged = [(p, dd) for p, dd in judge.positions(d, lower, codec, hd.utf8, *mins)
                          if mins[0] <= p <= len(word) - mins[1]]
                if judged != a:
                    failures.append({"word": word, "mins": mins, "libhyph": str(a), "pyphen": str(b),
                                     "libhyphen": str(judged)})
                    continue
                cls = classify(word, feats, a, b)
                classes[cls] = classes.get(cls, 0) + 1
                if len(examples.setdefault(cls, [])) < 3:
                    examples[cls].append(f"{word} (left={mins[0]}, right={mins[1]}): libhyph/libhyphen "
                                         f"{ours.inserted(word)}, pyphen {theirs.inserted(word)}")
    return {"dictionary": dic_path, "file": real, "words": len(words), "comparisons": 2 * len(words), "same": same,
            "features": feats, "classes": classes, "examples": examples, "failures": failures[:20],
            "failure_count": len(failures)}


# ----------------------------------------------------------------------------------------------


def main(argv):
    if "--sanitized" in argv:
        print("skipped: a sanitizer build's extension cannot load into an uninstrumented python")
        return 77
    if "--one" in argv:
        i = argv.index("--one")
        print(json.dumps(one(argv[i + 1], int(argv[i + 2]))))
        return 0
    try:
        import pyphen  # noqa: F401
    except ImportError:
        print("skipped: Debian's pyphen (python3-pyphen) is not installed")
        return 77
    if not ctypes.util.find_library("hyphen"):
        print("skipped: libhyphen (libhyphen0) is not installed")
        return 77
    n_words = int(argv[argv.index("--words") + 1]) if "--words" in argv else 3000
    report = argv[argv.index("--report") + 1] if "--report" in argv else None
    named = [a for a in argv if a.endswith(".dic")]
    paths = named or sorted(str(p) for p in DICTIONARIES.glob("*.dic"))
    seen, unique = set(), []
    for p in paths:
        if os.path.realpath(p) not in seen:
            seen.add(os.path.realpath(p))
            unique.append(p)
    if not unique:
        print(f"skipped: no .dic dictionaries in {DICTIONARIES}")
        return 77
    results, failures = [], 0
    totals, total_same, total_cmp = {}, 0, 0
    for p in unique:
        r = subprocess.run([sys.executable, __file__, "--one", p, str(n_words)], capture_output=True, text=True)
        if r.returncode != 0:
            print(f"FAIL {p}: exit {r.returncode}: {r.stderr.strip()[-500:]}")
            failures += 1
            continue
        res = json.loads(r.stdout)
        results.append(res)
        total_same += res["same"]
        total_cmp += res["comparisons"]
        for cls, count in res["classes"].items():
            totals[cls] = totals.get(cls, 0) + count
        status = "FAIL" if res["failure_count"] else "ok  "
        if res.get("refused") and not res["failure_count"]:
            print(f"ok   {pathlib.Path(p).name:24s} refused by both: {res['refused']}")
            continue
        print(f"{status} {pathlib.Path(p).name:24s} {res['words']:6d} words, {res['comparisons'] - res['same']:5d} "
              f"differences, all confirmed by libhyphen" if not res["failure_count"] else
              f"{status} {pathlib.Path(p).name:24s} {res['failure_count']} differences libhyphen does not confirm: "
              f"{res['failures'][:3]}")
        failures += res["failure_count"] > 0
    print(f"{len(results)} dictionaries, {total_cmp} word comparisons, {total_cmp - total_same} differences:")
    for cls, count in sorted(totals.items(), key=lambda kv: -kv[1]):
        print(f"  {count:7d}  {cls}")
    if report:
        with open(report, "w", encoding="utf-8") as f:
            json.dump(results, f, ensure_ascii=False, indent=1)
    print(f"{failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
