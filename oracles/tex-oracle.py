#!/usr/bin/env python3
r"""Ask real TeX where it would hyphenate each line of the input.

For every input line, print the line with a marker (default "-") inserted at
every point where Knuth's TeX puts an automatic hyphenation discretionary.
Python 3 standard library only; it needs a `tex` binary (TeX Live's, with the
plain format `tex.fmt`; any TeX when --patterns is given, as that runs IniTeX).

How it works
------------
Each input line becomes one TeX paragraph

    \noindent\x\hskip0pt\relax <the line's characters>\par

set in a very wide \vbox with \pretolerance=-1, so that TeX goes straight to
its second line-breaking pass, the one that hyphenates; every paragraph stays
one line, and discretionaries that are not used as breaks stay in it. The
glue in front makes the first word eligible (TeX only tries a word that
follows glue); the \relax stops a word such as "plush" being read as the glue
keyword "plus". \showbox writes the box to the log, which is read back.

The font is a fresh instance, `\font\x=cmtt10 scaled 1` (0.01pt), with
\hyphenchar "-": plain TeX's own \tt font has \hyphenchar -1 (never
hyphenates) and its roman fonts have ligatures that would turn letters into
other glyphs. cmtt10's only ligatures are !` and ?`, which cannot arise here
(see below). The tiny size keeps a paragraph of up to about 3 million
characters on one line of \hsize 16383pt (at 10pt, 3,000 characters would
already make TeX break the paragraph); hyphenation does not depend on size.

How the input is read
---------------------
The input is read as bytes and split at b"\n". Each byte is one TeX
character, as 8-bit TeX reading the file would see it (plain TeX gives every
byte >= 0x80 \lccode 0, so none of them is a letter):

* ASCII letters a-z, A-Z are written as themselves; in plain TeX they are the
  only characters with a non-zero \lccode, i.e. the only letters;
* white space (space, tab, CR, form feed, vertical tab) is written as `\ `,
  i.e. interword glue. TeX itself would read a tab or a CR as a space but
  make a form feed \par and a vertical tab an "other" character; all five
  are glue here because libhyph's own word rule separates words at them;
* "-" is written as \char45. It is the font's \hyphenchar, so TeX puts an
  empty discretionary after it; that is why a word with an explicit hyphen
  is never hyphenated, and why "-" cannot be lumped with the other
  non-letters;
* every other byte (digits, punctuation, TeX specials \ { } $ & # ^ _ % ~,
  control characters, and every byte >= 0x80, so UTF-8 "e-acute" is two such
  bytes) is written as \char42, the "*" glyph. \char keeps catcodes out of
  the way. ONE representative glyph that the font really has is needed
  because a \char that the font lacks (cmtt10 has only 0-127) makes NO node
  at all: "caf\char233 x" would become the word "cafx". And one is enough,
  because TeX's hyphenation treats every character with \lccode 0 the same
  way (skipped before a word, ending a word, allowed after it), except the
  \hyphenchar.

So the k-th char node of a paragraph is the k-th byte of its line that is
not white space, and an automatic discretionary after that node is
reported at the byte offset just after that byte. Automatic discretionaries
are told from the ones after an explicit "-" by their pre-break list: the
hyphen char for automatic ones, empty for the others.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

from oracle_common import OracleError, add_common_arguments, answer_all, engine_environment, parse_arguments

BLANKS = b" \t\r\f\v"
HYPHEN = ord("-")
REPRESENTATIVE = ord("*")  # stands for every non-letter byte but "-"

LINES_PER_BOX = 100  # TeX slows down quadratically with paragraphs per box
MAX_CHUNK_BYTES = 1_000_000  # keeps one TeX run well inside its main memory
MAX_SOURCE_LINE = 1000  # longer TeX source lines are split with %

# What each byte becomes in the TeX source, and which glyph TeX then shows
# for it in the log.
_SOURCE = []
_GLYPH = bytearray()
for _b in range(256):
    if (ord("a") <= _b <= ord("z")) or (ord("A") <= _b <= ord("Z")):
        _SOURCE.append(chr(_b))
        _GLYPH.append(_b)
    elif _b == HYPHEN:
        _SOURCE.append("\\char%d " % HYPHEN)  # \char eats the one space after its number
        _GLYPH.append(HYPHEN)
    elif _b in BLANKS:
        _SOURCE.append("\\ ")
        _GLYPH.append(_b)  # deleted before use; blanks make glue, not glyphs
    else:
        _SOURCE.append("\\char%d " % REPRESENTATIVE)
        _GLYPH.append(REPRESENTATIVE)
_GLYPH = bytes(_GLYPH)

PARAGRAPH_START = "\\noindent\\x\\hskip0pt\\relax "

# A \showbox listing, one node a line, becomes one token a line: "#" for a
# paragraph's line box, "!" for an automatic discretionary, "|" for the empty
# one after "-", and (done last, by parse_log) the glyph for a char node;
# glue and penalties vanish. Any other line survives and fails the check.
_LISTING_PASSES = [
    (re.compile(r"^\.\.\\discretionary\n\.\.\.\\x -$", re.M), "!"),
    (re.compile(r"^\.\.\\discretionary$", re.M), "|"),
    (re.compile(r"^\.\.?\\(?:glue|penalty)\b.*\n", re.M), ""),
    (re.compile(r"^\.\\hbox\(.*$", re.M), "#"),
]
CHAR_NODE = "\n..\\x "  # followed by the glyph
_TOKENS = re.compile(r"(?:#[A-Za-z*!|-]*)*")
_LONE_BANG = re.compile(r"(?<![A-Za-z])!|!(?![A-Za-z])")
_TEX_PROBLEM = re.compile(r"^(?:! (?!OK\.$)|Missing character).*", re.M)




def paragraph_source(line):
    """TeX source for one input line (bytes) as one paragraph."""
    body = line.decode("latin-1").translate(_SOURCE)
    if len(body) > MAX_SOURCE_LINE:
        # Very long lines are split between pieces; a TeX source line ending
        # in % adds no space.
        parts = []
        length = 0
        for b in line:
            piece = _SOURCE[b]
            if length + len(piece) > MAX_SOURCE_LINE:
                parts.append("%\n")
                length = 0
            parts.append(piece)
            length += len(piece)
        body = "".join(parts)
    return "%s%s\\par\n" % (PARAGRAPH_START, body)


def list_to_tex(path, command, what):
    r"""A hyph-utf8 .pat.txt / .hyp.txt list as \patterns{...} / \hyphenation{...}."""
    with open(path, "rb") as f:
        data = f.read()
    try:
        items = data.decode("ascii").split()
    except UnicodeDecodeError as e:
        raise OracleError("%s %s: only ASCII is supported (byte 0x%02x at offset %d)"
                          % (what, path, data[e.start], e.start))
    for item in items:
        if any(c in "\\{}%" for c in item):
            raise OracleError("%s %s: TeX special character in %r" % (what, path, item))
    return "\\%s{\n%s\n}\n" % (command, "\n".join(items))


def install_file(path, tmpdir, name, command, what):
    """Put a pattern/exception file into tmpdir as name; return the TeX line loading it."""
    if not os.path.isfile(path):
        raise OracleError("%s file not found: %s" % (what, path))
    if path.endswith(".txt"):
        with open(os.path.join(tmpdir, name), "w", encoding="ascii") as f:
            f.write(list_to_tex(path, command, what))
    else:
        # A TeX file goes in as it is: a non-ASCII byte inside \patterns or
        # \hyphenation has \lccode 0, TeX reports it, and the run fails.
        shutil.copyfile(path, os.path.join(tmpdir, name))
    return "\\input %s\n" % name


def preamble(args, tmpdir):
    out = []
    if args.patterns:
        # IniTeX already gives a-z and A-Z the \lccode a-z, and every other
        # character \lccode 0, as plain TeX has it. Of plain's catcodes, add
        # those a pattern file may rely on.
        out.append("\\catcode`\\{=1 \\catcode`\\}=2 \\catcode`\\^=7 \\catcode`\\#=6\n")
        out.append("\\tracinglostchars=1 \\language=0\n")
        out.append(install_file(args.patterns, tmpdir, "oracle-patterns.tex", "patterns", "patterns"))
    for i, path in enumerate(args.exceptions or []):
        out.append(install_file(path, tmpdir, "oracle-exceptions%d.tex" % i, "hyphenation",
                                "exceptions"))
    out.append("\\font\\x=cmtt10 scaled 1 \\hyphenchar\\x=%d\n" % HYPHEN)
    out.append("\\showboxdepth=2147483647 \\showboxbreadth=2147483647\n")
    out.append("\\pretolerance=-1 \\tolerance=10000 \\hbadness=10000 \\hfuzz=16383pt\n")
    out.append("\\lefthyphenmin=%d \\righthyphenmin=%d \\uchyph=%d\n"
               % (args.left_min, args.right_min, args.uchyph))
    out.append("\\parindent=0pt \\parskip=0pt \\baselineskip=0pt \\lineskip=0pt\n")
    return "".join(out)


def run_chunk(args, first_line, lines):
    """Hyphenate lines (numbered from first_line) in one TeX run; return the marked output."""
    tmpdir = tempfile.mkdtemp(prefix="tex-oracle-")
    keep = False
    try:
        with open(os.path.join(tmpdir, "oracle.tex"), "w", encoding="ascii") as f:
            f.write(preamble(args, tmpdir))
            for begin in range(0, len(lines), LINES_PER_BOX):
                f.write("\\setbox0\\vbox{\\hsize=16383pt\n")
                for line in lines[begin:begin + LINES_PER_BOX]:
                    f.write(paragraph_source(line))
                f.write("}\\showbox0\n")
            f.write("\\end\n")
        cmd = [args.tex] + (["-ini"] if args.patterns else []) + ["-interaction=batchmode", "oracle.tex"]
        env = engine_environment(max_print_line="100000")
        proc = subprocess.run(cmd, cwd=tmpdir, env=env, stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        # \showbox counts as an error for TeX's exit status, so the status
        # says little; the log is checked instead.
        log_path = os.path.join(tmpdir, "oracle.log")
        if not os.path.exists(log_path):
            raise OracleError("TeX wrote no log (exit status %d): %s"
                              % (proc.returncode, proc.stdout.decode(errors="replace").strip()))
        with open(log_path, "rb") as f:
            log = f.read().decode("latin-1")
        paragraphs = parse_log(log, len(lines))
        return b"".join(mark_line(line, paragraph, args.marker_bytes) + b"\n"
                        for line, paragraph in zip(lines, check(paragraphs, lines, first_line)))
    except OracleError as e:
        keep = args.keep_failed
        where = " (TeX files kept in %s)" % tmpdir if keep else ""
        raise OracleError("input lines %d-%d: %s%s"
                          % (first_line, first_line + len(lines) - 1, e, where))
    finally:
        if not keep:
            shutil.rmtree(tmpdir, ignore_errors=True)


def parse_log(log, count):
    r"""The paragraphs in TeX's log, each as a token string (see _LISTING_PASSES)."""
    problem = _TEX_PROBLEM.search(log)
    if problem:
        context = log[problem.start():].split("\n")[:6]
        raise OracleError("TeX reported a problem:\n  " + "\n  ".join(context))
    header = "\n> \\box0=\n\\vbox("
    blocks = []
    pos = log.find(header)
    while pos >= 0:
        body = log.index("\n", pos + len(header)) + 1  # the first node after the \vbox line
        end = log.find("\n\n! OK.", body)
        if end < 0:
            raise OracleError("a \\showbox listing in TeX's log does not end")
        blocks.append(log[body:end + 1])
        pos = log.find(header, end)
    listing = "\n" + "".join(blocks)
    for pattern, replacement in _LISTING_PASSES:
        listing = pattern.sub(replacement, listing)
    listing = listing.replace(CHAR_NODE, "\n")
    tokens = listing.replace("\n", "")
    # Every line left must be one token: the listing is then "\n" + (token + "\n")...
    if not (_TOKENS.fullmatch(tokens) and len(listing) == 2 * len(tokens) + 1):
        bad = next((l for l in listing.split("\n")[1:-1]
                    if len(l) != 1 or not _TOKENS.fullmatch("#" + l.lstrip("#"))), "?")
        raise OracleError("cannot parse this line of TeX's \\showbox output: %r" % bad)
    if _LONE_BANG.search(tokens):
        raise OracleError("TeX's log shows a hyphenation point that is not between letters")
    paragraphs = tokens.split("#")[1:]
    if len(paragraphs) != count:
        raise OracleError("TeX's log shows %d paragraphs for %d input lines"
                          % (len(paragraphs), count))
    return paragraphs


def expected_glyphs(line):
    """What TeX's log must show for line, hyphenation points aside."""
    return line.translate(_GLYPH, BLANKS).replace(b"-", b"-|").decode("ascii")


def check(paragraphs, lines, first_line):
    """Make sure every paragraph shows exactly its line's characters; return paragraphs."""
    shown = "#".join(paragraphs).replace("!", "")
    if shown != "#".join(expected_glyphs(line) for line in lines):
        for number, (paragraph, line) in enumerate(zip(paragraphs, lines), first_line):
            if paragraph.replace("!", "") != expected_glyphs(line):
                raise OracleError("input line %d: TeX shows %r for %r"
                                  % (number, paragraph, line))
    return paragraphs


def mark_line(line, paragraph, marker):
    """line with marker inserted at the hyphenation points ("!") of its paragraph."""
    if "!" not in paragraph:
        return line
    runs = paragraph.replace("|", "").split("!")  # glyphs between hyphenation points
    if any(b in BLANKS for b in line):
        offsets = [i for i, b in enumerate(line) if b not in BLANKS]
    else:
        offsets = range(len(line))
    out = []
    prev = 0
    glyphs = 0
    for run in runs[:-1]:
        glyphs += len(run)
        cut = offsets[glyphs - 1] + 1
        out += [line[prev:cut], marker]
        prev = cut
    out.append(line[prev:])
    return b"".join(out)






def main(argv=None):
    parser = argparse.ArgumentParser(
        description="Print each input line with a marker wherever real TeX puts an automatic "
                    "hyphenation point, each line set as one TeX paragraph.",
        epilog="The input is read as bytes: ASCII letters are letters, white space "
               "(space, tab, CR, FF, VT) is glue, "
               "'-' is an explicit hyphen, and every other byte (each byte >= 0x80 too) is a "
               "non-letter. One output line per input line, each ending in a newline. "
               "Without --patterns, plain TeX's format (with hyphen.tex) is used. "
               "TeX clamps the minimums to 1..63. Exit status: 0 on success, 1 if TeX fails or "
               "its answer cannot be read back.")
    add_common_arguments(parser, "TeX", 50000)
    parser.add_argument("--patterns", metavar="FILE",
                        help="run IniTeX with this TeX \\patterns file or hyph-utf8 .pat.txt "
                             "(ASCII) instead of using the plain format")
    parser.add_argument("--exceptions", metavar="FILE", action="append",
                        help="TeX \\hyphenation file or hyph-utf8 .hyp.txt (ASCII), loaded after "
                             "the patterns; repeatable")
    parser.add_argument("--tex", default="tex", metavar="PATH", help="TeX binary (default: tex)")
    args = parse_arguments(parser, argv)
    tex = shutil.which(args.tex)
    if tex is None:
        print("tex-oracle: TeX binary not found: %s" % args.tex, file=sys.stderr)
        return 1
    args.tex = tex
    args.marker_bytes = os.fsencode(args.marker)

    return answer_all("tex-oracle", args, run_chunk, MAX_CHUNK_BYTES)


if __name__ == "__main__":
    sys.exit(main())
