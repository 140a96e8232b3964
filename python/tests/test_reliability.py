"""The reliability suite's Python part (the rest is tests/reliability/): paths with NUL,
write_compiled whole or not at all, a compiled file changed under a live Hyphenator, devices
as every input, the documented error for a lone surrogate, and Ctrl-C ending a long call.
Nothing measures time."""
import os
import signal
import subprocess
import sys
import textwrap
import threading

import pytest

import libhyph
from conftest import SOURCE_ROOT

HYPHENEX = str(SOURCE_ROOT / "patterns" / "data" / "ushyphex.tex")
HUNGARIAN = str(SOURCE_ROOT / "patterns" / "data" / "dic" / "hyph_hu_HU.dic")
WORDS = (SOURCE_ROOT / "tests" / "data" / "en-us.words").read_text().split()[:5000]


@pytest.mark.parametrize("argument", ["compiled", "dic", "patterns", "exceptions"])
@pytest.mark.parametrize("path", ["de.hyb\x00xx", b"de.hyb\x00xx"])
def test_nul_in_a_path_is_value_error(argument, path, tmp_path):
    (tmp_path / "de.hyb").write_bytes(b"")
    os.chdir(tmp_path)
    with pytest.raises(ValueError, match="embedded null byte"):
        libhyph.Hyphenator(**{argument: path})


def test_nul_in_write_compiled_path(tmp_path):
    with pytest.raises(ValueError, match="embedded null byte"):
        libhyph.Hyphenator().write_compiled(str(tmp_path / "w.hyb\x00.txt"))
    assert list(tmp_path.iterdir()) == []


def test_write_compiled_is_whole_and_follows_no_link(tmp_path):
    victim = tmp_path / "victim"
    victim.write_bytes(b"precious")
    (tmp_path / "w.hyb.tmp").symlink_to(victim)
    libhyph.Hyphenator().write_compiled(tmp_path / "w.hyb")
    assert victim.read_bytes() == b"precious"
    assert libhyph.Hyphenator(compiled=tmp_path / "w.hyb").hyphenate("hyphenation") == "hy-phen-ation"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["victim", "w.hyb", "w.hyb.tmp"]


def test_write_compiled_over_a_loaded_file(tmp_path):
    path = tmp_path / "en.hyb"
    english = libhyph.Hyphenator(exceptions=HYPHENEX)
    english.write_compiled(path)
    loaded = libhyph.Hyphenator(compiled=path)
    before = [loaded.hyphenate(w) for w in WORDS]
    # Another language written over it, the file in use: the loaded one answers as before.
    libhyph.Hyphenator(dic=HUNGARIAN).write_compiled(path)
    assert [loaded.hyphenate(w) for w in WORDS] == before
    assert libhyph.Hyphenator(compiled=path).dialect == "libhyphen"


@pytest.mark.parametrize("how", ["in place", "truncated", "emptied"])
def test_a_loaded_file_damaged(tmp_path, how):
    path = tmp_path / "en.hyb"
    libhyph.Hyphenator(exceptions=HYPHENEX).write_compiled(path)
    loaded = libhyph.Hyphenator(compiled=path)
    before = [loaded.hyphenate(w) for w in WORDS]
    if how == "in place":
        with open(path, "r+b") as f:
            f.write(os.urandom(path.stat().st_size))
    else:
        os.truncate(path, 4096 if how == "truncated" else 0)
    assert [loaded.hyphenate(w) for w in WORDS] == before
    with pytest.raises(libhyph.BadFormatError, match="en.hyb"):
        libhyph.Hyphenator(compiled=path)


def test_write_compiled_failing_half_way_keeps_the_old_file(tmp_path):
    # In a child: the file size limit (RLIMIT_FSIZE) fails the write as a full disk does.
    path = tmp_path / "en.hyb"
    libhyph.Hyphenator().write_compiled(path)
    old = path.read_bytes()
    script = textwrap.dedent(f"""
        import resource, signal, libhyph
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (100000, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))
        try:
            libhyph.Hyphenator(exceptions={HYPHENEX!r}).write_compiled({str(path)!r})
        except libhyph.FileError as e:
            print(type(e).__name__, e.filename, e)
    """)
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=os.environ)
    assert r.stdout.strip() == f"FileError None {path}: write error: File too large", r.stderr
    assert path.read_bytes() == old
    assert [p.name for p in tmp_path.iterdir()] == ["en.hyb"]


@pytest.mark.parametrize("argument,what", [("compiled", "a compiled pattern file"), ("dic", "a .dic dictionary"),
                                           ("patterns", "a pattern or exception file"),
                                           ("exceptions", "a pattern or exception file")])
def test_dev_zero_is_refused(argument, what):
    with pytest.raises(libhyph.FileError, match=f"/dev/zero: is a character device, not {what}"):
        libhyph.Hyphenator(**{argument: "/dev/zero"})


def test_hyph_dictionaries_link_to_dev_zero(tmp_path):
    (tmp_path / "hyph_zz.dic").symlink_to("/dev/zero")
    script = "import libhyph.pyphen as p; p.Pyphen(lang='zz')"
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                       env={**os.environ, "HYPH_DICTIONARIES": str(tmp_path)}, timeout=120)
    assert r.returncode == 1 and "hyph_zz.dic: is a character device, not a .dic dictionary" in r.stderr, r.stderr


def test_lone_surrogate_in_a_user_word():
    d = libhyph.UserDictionary(libhyph.Hyphenator())
    with pytest.raises(libhyph.BadUTF8Error, match=r"invalid UTF-8 in 'hy-\\xed\\xa0\\x80'"):
        d.add("hy-\ud800")
    assert d.add("hy-phen")  # and the dictionary still works
    assert "hyphen" in d


@pytest.mark.skipif(threading.current_thread() is not threading.main_thread(), reason="signals reach the main thread only")
@pytest.mark.parametrize("call", ["hyphenate", "positions", "hyphenate_spelling", "breaks"])
def test_ctrl_c_ends_a_long_call(call):
    """SIGINT during a long call runs the handler inside the call (between its pieces), not
    after it returns: the profiler sees the handler between the call's start and its end."""
    h = libhyph.Hyphenator()
    text = "hyphenation algorithm " * 10_000_000  # 220 MB: far more than a timer's tick of work
    events = []

    def profile(frame, event, arg):
        if event in ("c_call", "c_return", "c_exception") and getattr(arg, "__name__", "") == call:
            events.append(event)

    def handler(signum, frame):
        events.append("handler")
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGINT, handler)
    timer = threading.Timer(0.2, lambda: os.kill(os.getpid(), signal.SIGINT))
    try:
        timer.start()
        sys.setprofile(profile)
        try:
            getattr(h, call)(text)
            timer.join()  # the call ran to its end first: the signal still comes, during this wait
        except KeyboardInterrupt:
            pass
        finally:
            sys.setprofile(None)
    finally:
        timer.join()
        signal.signal(signal.SIGINT, previous)
    assert events == ["c_call", "handler", "c_exception"], events
