"""A 1 GiB str is hyphenated (or raises MemoryError), without the GIL, and nothing crashes."""
import threading

import libhyph


def test_one_gibibyte():
    h = libhyph.Hyphenator()
    unit = "hyphenation of typeset paragraphs \u00e9t\u00e9 "  # not ASCII: the encoded path
    text = unit * ((1 << 30) // len(unit))
    ticks = []
    stop = threading.Event()

    def ticker():  # runs while the main thread is inside hyphenate(): the GIL is free
        while not stop.wait(0.05):
            ticks.append(1)

    t = threading.Thread(target=ticker)
    t.start()
    try:
        out = h.hyphenate(text)
    except MemoryError:
        return
    finally:
        stop.set()
        t.join()
    per_unit = len("hy-phen-ation of type-set para-graphs \u00e9t\u00e9 ")
    assert len(out) == per_unit * (len(text) // len(unit))
    assert out[:per_unit * 2] == "hy-phen-ation of type-set para-graphs \u00e9t\u00e9 " * 2
    assert out[-per_unit:] == "hy-phen-ation of type-set para-graphs \u00e9t\u00e9 "
    assert len(ticks) > 3
