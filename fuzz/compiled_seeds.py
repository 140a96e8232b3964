#!/usr/bin/env python3
"""Writes the seed corpus of the compiled_loader fuzz target (fuzz/corpus/compiled_loader/).

Valid files (valid-*.hyb): the tiny pattern set of doc/compiled-format.md behind every filter,
with Unicode TeX's letters, with other minimums and \\uchyph, in the small layout (nodes and
edges) and the compact form (the web's: NODZ and EDGZ packed), and with a pattern longer than
the 16-gap window (no windows: the portable path) in the three layouts; and with packed rows.
Damaged ones (damaged-*.hyb): cut at
section boundaries, a byte changed in each section, offsets and lengths changed. The fuzz
target fixes the checksum of most inputs itself, so the damage reaches the checks behind it.

usage: compiled_seeds.py PATH/TO/hyph-compile SOURCE_DIR
"""
import os
import struct
import subprocess
import sys
import tempfile

COMPILE, SOURCE_DIR = sys.argv[1:3]
OUT = os.path.join(SOURCE_DIR, "fuzz", "corpus", "compiled_loader")
TINY = os.path.join(SOURCE_DIR, "tests", "data", "compiled", "tiny.tex")
KINDS = ["exact", "bloom", "blocked-bloom", "cuckoo", "fuse", "counting-bloom", "hash-compaction", "scalable-bloom",
         "quotient", "counting-quotient"]


def compile_to(name, args):
    path = os.path.join(OUT, name)
    subprocess.run([COMPILE, *args, "-o", path], check=True)
    with open(path, "rb") as f:
        return f.read()


def write(name, data):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)


def sections(data):
    count = struct.unpack_from("<I", data, 24)[0]
    out = []
    for s in range(count):
        entry = 64 + 24 * s
        tag = data[entry:entry + 4].decode()
        offset, length = struct.unpack_from("<QQ", data, entry + 8)
        out.append((tag, entry, offset, length))
    return out


os.makedirs(OUT, exist_ok=True)
for kind in KINDS:
    compile_to(f"valid-tiny-{kind}.hyb", ["-p", TINY, "--tag", "x-tiny", "--name", "Tiny", "--filter", kind])
compile_to("valid-tiny-unicode.hyb", ["-p", TINY, "--letters", "unicode"])
compile_to("valid-tiny-min11-uchyph0.hyb", ["-p", TINY, "--left-min", "1", "--right-min", "1", "--uchyph", "0"])
compile_to("valid-tiny-small.hyb", ["-p", TINY, "--small"])
compile_to("valid-tiny-compact.hyb", ["-p", TINY, "--compact"])
with tempfile.TemporaryDirectory() as tmp:
    long_tex = os.path.join(tmp, "long.tex")
    with open(long_tex, "w") as f:
        f.write("\\patterns{a1bcdefghijklmnopqrs 2b1c .ab4c hy3ph}\n\\hyphenation{ab-c-de}\n")
    compile_to("valid-long-pattern.hyb", ["-p", long_tex, "--filter", "fuse", "--fp-rate", "0.3"])
    compile_to("valid-long-pattern-small.hyb", ["-p", long_tex, "--small"])
    compile_to("valid-long-pattern-compact.hyb", ["-p", long_tex, "--compact"])
    # The tiny patterns without the exception's letters: 10 symbols, so packed rows (rows of
    # 16 entries with 4 to spare); then its rows filled with offsets past the last row and
    # between rows.
    packed_tex = os.path.join(tmp, "packed.tex")
    with open(packed_tex, "w") as f:
        f.write("\\patterns{hy3ph he2n hen5at 2io}\n")
    packed = compile_to("valid-packed.hyb", ["-p", packed_tex])
    for tag, entry, offset, length in sections(packed):
        if tag == "ROWS":
            for value in (0xFFFF, 7):
                write(f"damaged-packed-rows-{value:x}.hyb", packed[:offset] + struct.pack("<H", value) * (length // 2) +
                      packed[offset + length:])

for prefix, name, own in (("", "valid-tiny-exact.hyb", None), ("small-", "valid-tiny-small.hyb", ("ROWS", "NODE", "EDGE")),
                          ("compact-", "valid-tiny-compact.hyb", ("INFO", "ROWS", "NODZ", "EDGZ"))):
    base = open(os.path.join(OUT, name), "rb").read()
    for tag, entry, offset, length in sections(base):
        if own and tag not in own:
            continue  # the layout's own sections
        tag = prefix + tag
        write(f"damaged-cut-{tag}.hyb", base[:offset + length // 2])
        middle = offset + length // 2
        if length:
            write(f"damaged-byte-{tag}.hyb", base[:middle] + bytes([base[middle] ^ 0x41]) + base[middle + 1:])
        wrong = bytearray(base)
        struct.pack_into("<Q", wrong, entry + 16, length + 8)
        write(f"damaged-length-{tag}.hyb", bytes(wrong))
        wrong = bytearray(base)
        struct.pack_into("<Q", wrong, entry + 8, offset + 64)
        write(f"damaged-offset-{tag}.hyb", bytes(wrong))
base = open(os.path.join(OUT, "valid-tiny-exact.hyb"), "rb").read()
write("damaged-header.hyb", base[:64])
write("damaged-magic.hyb", b"\x89HYB\r\n")

# Compiled .dic dictionaries (hyph-compile --dic): small ones of each kind, then damaged like
# the TeX ones above.
DICS = {
    # UTF-8, a NEXTLEVEL pair, a non-standard break, NOHYPHEN, every minimum
    "utf8-nextlevel": "UTF-8\nLEFTHYPHENMIN 2\nRIGHTHYPHENMIN 3\nCOMPOUNDLEFTHYPHENMIN 2\nCOMPOUNDRIGHTHYPHENMIN 2\n"
                      "NOHYPHEN -,'\n1-1\n1'1\nNEXTLEVEL\nhy3ph\nhe2n\nhen5at\n2io\nsz1sz/sz=sz,2,3\n"
                      "ff1a/ff=f,1,3\n.ab4c\n\u00e9l1\u00e9\n",
    # ISO8859-1 without NEXTLEVEL: the default first level, single-byte charset table
    "latin1-default": "ISO8859-1\nLEFTHYPHENMIN 2\nRIGHTHYPHENMIN 2\n% a comment\n1ba\n1be\nsch1/s=,1,1\n.tr2\nb\u00e41\u00df\n",
    # a pattern longer than a window, and a state with many transitions (a dense record)
    "long-dense": "UTF-8\nabcdefghijklmnopq1r\n" + "".join(f"x1{c}\n" for c in "abcdefghijklmnopqrstuvwxyz"),
}
with tempfile.TemporaryDirectory() as tmp:
    for name, text in DICS.items():
        dic = os.path.join(tmp, name + ".dic")
        with open(dic, "wb") as f:
            f.write(text.encode("latin-1" if name.startswith("latin1") else "utf-8"))
        compile_to(f"valid-dic-{name}.hyb", ["--dic", dic])
base = open(os.path.join(OUT, "valid-dic-utf8-nextlevel.hyb"), "rb").read()
for tag, entry, offset, length in sections(base):
    write(f"damaged-dic-cut-{tag}.hyb", base[:offset + length // 2])
    middle = offset + length // 2
    if length:
        write(f"damaged-dic-byte-{tag}.hyb", base[:middle] + bytes([base[middle] ^ 0x41]) + base[middle + 1:])
    wrong = bytearray(base)
    struct.pack_into("<Q", wrong, entry + 16, length + 8)
    write(f"damaged-dic-length-{tag}.hyb", bytes(wrong))
write("damaged-dic-header.hyb", base[:64])
