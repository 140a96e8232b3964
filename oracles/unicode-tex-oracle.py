#!/usr/bin/env python3
r"""Ask a Unicode TeX (XeTeX) where it would hyphenate each line of the input.

For every input line, print the line with a marker (default "-") inserted at
every point where XeTeX puts an automatic hyphenation discretionary, with the
letters XeTeX's standard formats define and hyph-utf8 patterns loaded the way
the formats load them. Python 3 standard library only; it needs `xetex`
(Debian: texlive-binaries), `load-unicode-data.tex` with its UnicodeData.txt
(texlive-base) and one OpenType or TrueType font (any: glyphs do not matter).

What TeX is asked
-----------------
`xetex -ini -etex` (e-TeX mode, as the formats are made) reads a preamble
that sets the letters up as xetex.ini and luatex.ini do, by reading
load-unicode-data.tex: every Unicode letter (L*) and mark (M*) gets \catcode
11 and \lccode itself, or for Lu and Lt its lower-case mapping; every other
character with a lower-case mapping in UnicodeData.txt gets that as \lccode;
everything else keeps \lccode 0 (IniTeX's a-z, A-Z are set the same way).
xetex.ini's \XeTeXdashbreakstate=1 (en and em dash act like an explicit
hyphen) is set too, unless --no-dash-break.

The patterns are then loaded as hyph-utf8's loaders (loadhyph-*.tex) load
them: a hyph-utf8 .pat.txt (.hyp.txt) goes into \patterns{} (\hyphenation{})
inside a group that first gives every character of the file that has \lccode
0 the \lccode itself (the loaders do this for the apostrophes of French,
Greek, ..., for ZWJ and ZWNJ); the group ends after loading, so at typesetting
time those characters are non-letters again, exactly as with the formats. A
.tex file (e.g. loadhyph-fr.tex from TeX Live, or hyph-de-1996.tex) is read
with \input as it is.

Each input line becomes one paragraph

    \noindent\x\hskip0pt\relax <the line's characters>\special{oracle-end}\par

in a native (OpenType) font \x at 1pt with \hyphenchar "-", so that TeX
hyphenates as XeTeX does for real text: in native-word nodes (xetex.web
"Prepare a native_word_node for hyphenation"). \pretolerance=-1 makes TeX go
straight to the second, hyphenating pass; the glue in front makes the first
word eligible; \relax stops a word such as "plus" being read as a keyword.

XeTeX joins the pieces of a hyphenated native word again when it packs a line,
dropping the discretionaries that were not used, so a paragraph set on one
wide line would show no hyphenation points. Here \hsize is -1000pt instead:
every line is then infinitely bad, and on its final pass TeX makes a break at
every legal breakpoint it meets (its "artificial demerits" rule), i.e. at
every glue and every discretionary. A line that ends at an automatic
hyphenation point ends with the hyphen char that TeX added, which the input
does not have there; one that ends at the empty discretionary after an
explicit "-" (or dash) ends with the input's own character.

How the input is read
---------------------
The input is read as bytes and split at b"\n"; each line is decoded as UTF-8
the way libhyph does (strict: no overlongs, surrogates or code points above
U+10FFFF; each byte of an invalid sequence is one non-letter, written to TeX
as "*"). Space, tab, CR, form feed and vertical tab become interword glue
(`\ `). ASCII letters and digits are written as themselves and every other
character as \char"<hex>, which XeTeX puts into the native word like a typed
character whatever its \catcode. TeX's log prints a character as itself,
except C0 controls, DEL and C1 controls, which it prints in ^^ notation; the
log is read back against the expected characters, and any mismatch is an
error, never a silent wrong answer.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

from oracle_common import OracleError, add_common_arguments, answer_all, engine_environment, parse_arguments

BLANKS = frozenset(b" \t\r\f\v")
LINES_PER_BOX = 100  # TeX slows down quadratically with paragraphs per box
MAX_CHUNK_BYTES = 500_000
MAX_SOURCE_LINE = 1000  # longer TeX source lines are split with %
INVALID = -1  # an undecodable byte: a non-letter
# Ends every paragraph: a whatsit is never pruned at the start of a line (a \parfillskip
# after a break at the final discretionary of "quasi-" would be), and after a word it allows
# hyphenation as glue does (xetex.web: "Check that nodes after native_word permit").
END_MARK = "oracle-end"

FONT_CANDIDATES = ["lmmono10-regular.otf", "DejaVuSansMono.ttf", "DejaVuSans.ttf", "FreeMono.otf"]

_TEX_PROBLEM = re.compile(r"^(?:! (?!OK\.$)|Missing character).*", re.M)




def decode(line):
    """[(code point or INVALID, start, end)] for the bytes of line, as libhyph's utf8::decode."""
    out = []
    i, n = 0, len(line)
    while i < n:
        b0 = line[i]
        if b0 < 0x80:
            out.append((b0, i, i + 1))
            i += 1
            continue
        if 0xC2 <= b0 <= 0xDF:
            need, cp, low = 1, b0 & 0x1F, 0x80
        elif 0xE0 <= b0 <= 0xEF:
            need, cp, low = 2, b0 & 0x0F, 0x800
        elif 0xF0 <= b0 <= 0xF4:
            need, cp, low = 3, b0 & 0x07, 0x10000
        else:
            out.append((INVALID, i, i + 1))
            i += 1
            continue
        ok = n - i > need
        for k in range(1, need + 1):
            if not ok or (line[i + k] & 0xC0) != 0x80:
                ok = False
                break
            cp = (cp << 6) | (line[i + k] & 0x3F)
        if not ok or cp < low or cp > 0x10FFFF or 0xD800 <= cp <= 0xDFFF:
            out.append((INVALID, i, i + 1))
            i += 1
            continue
        out.append((cp, i, i + need + 1))
        i += need + 1
    return out


def is_blank(cp):
    return cp != INVALID and cp < 0x80 and cp in BLANKS


def source_item(cp):
    """TeX source for one character of the input."""
    if cp == INVALID:
        return "*"
    if cp in BLANKS:
        return "\\ "
    if (0x30 <= cp <= 0x39) or (0x41 <= cp <= 0x5A) or (0x61 <= cp <= 0x7A):
        return chr(cp)
    return '\\char"%X ' % cp  # the space ends the number and is not typeset


def printed(cp):
    """How XeTeX's log shows the character in a native word (print_native_word)."""
    if cp == INVALID:
        return "*"
    if cp < 0x20:
        return "^^" + chr(cp + 0x40)
    if cp == 0x7F:
        return "^^?"
    if 0x80 <= cp <= 0x9F:
        return "^^%02x" % cp
    return chr(cp)


def paragraph_source(chars):
    parts = ["\\noindent\\x\\hskip0pt\\relax "]
    length = len(parts[0])
    for cp, _, _ in chars:
        item = source_item(cp)
        if length + len(item) > MAX_SOURCE_LINE:
            parts.append("%\n")  # a source line ending in % adds no space
            length = 0
        parts.append(item)
        length += len(item)
    parts.append("\\special{%s}\\par\n" % END_MARK)
    return "".join(parts)


def load_list(path, command, what):
    r"""A hyph-utf8 list as \patterns{} / \hyphenation{}, with the loaders' local \lccodes."""
    try:
        with open(path, "rb") as f:
            items = f.read().decode("utf-8").split()
    except UnicodeDecodeError as e:
        raise OracleError("%s %s: not UTF-8 (%s)" % (what, path, e))
    except OSError as e:
        raise OracleError("%s file %s: %s" % (what, path, e.strerror))
    chars = set()
    for item in items:
        if any(c in "\\{}%#$&^_~" for c in item):
            raise OracleError("%s %s: TeX special character in %r" % (what, path, item))
        chars.update(c for c in item if not ("0" <= c <= "9" or c == "."))
    lines = ["\\begingroup"]
    # As hyph-utf8's loaders do: a character the patterns use as a letter but Unicode TeX
    # does not (an apostrophe, ZWJ, ...) is a letter while the patterns are read.
    for c in sorted(chars):
        lines.append('\\ifnum\\lccode"%X=0 \\lccode"%X="%X \\fi' % (ord(c), ord(c), ord(c)))
    lines.append("\\%s{" % command)
    lines.extend(items)
    lines.append("}")
    lines.append("\\endgroup")
    return "\n".join(lines) + "\n"


def install(path, tmpdir, name, command, what):
    """Put a pattern/exception source into tmpdir; return the TeX line loading it."""
    if not os.path.isfile(path):
        raise OracleError("%s file not found: %s" % (what, path))
    if path.endswith(".txt"):
        with open(os.path.join(tmpdir, name), "w", encoding="utf-8") as f:
            f.write(load_list(path, command, what))
        return "\\input %s\n" % name
    # A TeX file is read where it is, so that files it \inputs are found beside it.
    return "\\input %s\n" % os.path.abspath(path)


def preamble(args, tmpdir):
    # The catcodes and macros of plain.tex that hyph-utf8's loaders use, which the formats
    # have when they load patterns (\\ifx\\secondarg\\empty tells a Unicode engine).
    # A tab is a blank as in plain.tex (IniTeX leaves it "other"; hyph-grc.tex has one between
    # its patterns).
    out = ["\\catcode`\\{=1 \\catcode`\\}=2 \\catcode`\\#=6 \\catcode`\\^=7 \\catcode9=10\n",
           "\\def\\empty{} \\let\\bgroup={ \\let\\egroup=}\n",
           "\\input load-unicode-data.tex\n"]
    if args.dash_break:
        out.append("\\XeTeXdashbreakstate=1\n")
    out.append("\\language=0 \\tracinglostchars=0 \\newlinechar=-1\n")
    for i, path in enumerate(args.patterns or []):
        out.append(install(path, tmpdir, "oracle-patterns%d.tex" % i, "patterns", "patterns"))
    for i, path in enumerate(args.exceptions or []):
        out.append(install(path, tmpdir, "oracle-exceptions%d.tex" % i, "hyphenation", "exceptions"))
    out.append('\\font\\x="[%s]" at 1pt \\hyphenchar\\x=45\n' % args.font)
    out.append("\\showboxdepth=2147483647 \\showboxbreadth=2147483647\n")
    out.append("\\pretolerance=-1 \\tolerance=10000 \\hbadness=10000 \\hfuzz=16383pt\n")
    out.append("\\emergencystretch=0pt \\hyphenpenalty=0 \\exhyphenpenalty=0\n")
    out.append("\\lefthyphenmin=%d \\righthyphenmin=%d \\uchyph=%d\n"
               % (args.left_min, args.right_min, args.uchyph))
    out.append("\\parindent=0pt \\parskip=0pt \\baselineskip=0pt \\lineskip=0pt \\lineskiplimit=0pt\n")
    out.append("\\leftskip=0pt \\rightskip=0pt \\parfillskip=0pt\n")
    return "".join(out)


def run_chunk(args, first_line, lines):
    """Hyphenate lines (numbered from first_line) in one XeTeX run; return the marked output.

    A run whose log is unusable is tried once more, and a second failure is reported. The
    cut-off logs CI saw (a \\showbox listing ending in a SIGSEGV, where the same words had
    passed minutes before) come from meson's MALLOC_PERTURB_ (one was reproduced with its
    byte), which XeTeX's runs no longer see (engine_environment); the second try stays for
    any other one-off failure."""
    try:
        return run_chunk_once(args, first_line, lines)
    except OracleError as e:
        print("unicode-tex-oracle: %s; running XeTeX again" % e, file=sys.stderr)
        return run_chunk_once(args, first_line, lines)


def run_chunk_once(args, first_line, lines):
    tmpdir = tempfile.mkdtemp(prefix="unicode-tex-oracle-")
    keep = False
    try:
        decoded = [decode(line) for line in lines]
        with open(os.path.join(tmpdir, "oracle.tex"), "w", encoding="utf-8") as f:
            f.write(preamble(args, tmpdir))
            for begin in range(0, len(lines), LINES_PER_BOX):
                f.write("\\setbox0\\vbox{\\hsize=-1000pt\n")
                for chars in decoded[begin:begin + LINES_PER_BOX]:
                    f.write(paragraph_source(chars))
                f.write("}\\showbox0\n")
            f.write("\\end\n")
        cmd = [args.xetex, "-ini", "-etex", "-interaction=batchmode", "-no-pdf", "oracle.tex"]
        env = engine_environment(max_print_line="1000000", error_line="254", half_error_line="238")
        proc = subprocess.run(cmd, cwd=tmpdir, env=env, stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        log_path = os.path.join(tmpdir, "oracle.log")
        if not os.path.exists(log_path):
            raise OracleError("XeTeX wrote no log (exit status %d): %s"
                              % (proc.returncode, proc.stdout.decode(errors="replace").strip()))
        with open(log_path, "rb") as f:
            log = f.read().decode("utf-8", errors="surrogateescape")
        try:
            paragraphs = parse_log(log, len(lines))
        except OracleError as e:
            raise OracleError("%s (XeTeX exit status %d, log of %d bytes)" % (e, proc.returncode, len(log)))
        out = []
        for number, (line, chars, boxes) in enumerate(zip(lines, decoded, paragraphs), first_line):
            points = hyphenation_points(chars, boxes, number)
            out.append(mark_line(line, chars, points, args.marker_bytes) + b"\n")
        return b"".join(out)
    except OracleError as e:
        keep = args.keep_failed
        where = " (TeX files kept in %s)" % tmpdir if keep else ""
        raise OracleError("input lines %d-%d: %s%s" % (first_line, first_line + len(lines) - 1, e, where))
    finally:
        if not keep:
            shutil.rmtree(tmpdir, ignore_errors=True)


def parse_log(log, count):
    """The paragraphs of TeX's \\showbox listings: per paragraph, its lines, each the list of
    native-word texts on it."""
    problem = _TEX_PROBLEM.search(log)
    if problem:
        context = log[problem.start():].split("\n")[:6]
        raise OracleError("XeTeX reported a problem:\n  " + "\n  ".join(context))
    header = "\n> \\box0=\n\\vbox("
    paragraphs = []
    pos = log.find(header)
    while pos >= 0:
        body = log.index("\n", pos + len(header)) + 1
        end = log.find("\n\n! OK.", body)
        if end < 0:
            raise OracleError("a \\showbox listing in XeTeX's log does not end")
        current = None  # the lines of the paragraph being read
        line = None
        for entry in log[body:end].split("\n"):
            if entry.startswith(".\\hbox("):
                if current is None:
                    current = []
                line = []
                current.append(line)
            elif entry.startswith("..\\x "):
                if line is None:
                    raise OracleError("native word outside a line box: %r" % entry)
                line.append(entry[len("..\\x "):])
            elif entry == "..\\special{%s}" % END_MARK:
                if current is None:
                    raise OracleError("paragraph end outside a paragraph")
                paragraphs.append(current)
                current = None
            elif (entry.startswith("..\\glue") or entry == "..\\penalty 10000" or entry == "..\\discretionary"
                  or entry.startswith(".\\glue") or entry.startswith(".\\penalty")):
                pass
            else:
                raise OracleError("cannot parse this line of XeTeX's \\showbox output: %r" % entry)
        if current is not None:
            raise OracleError("a paragraph in XeTeX's log has no end")
        pos = log.find(header, end)
    if len(paragraphs) != count:
        raise OracleError("XeTeX's log shows %d paragraphs for %d input lines" % (len(paragraphs), count))
    return paragraphs


def hyphenation_points(chars, boxes, number):
    """Indexes k into chars such that TeX allows a hyphen after chars[k]."""
    wanted = [(k, printed(cp)) for k, (cp, _, _) in enumerate(chars) if not is_blank(cp)]
    at = 0
    points = []
    for texts in boxes:
        text = "".join(texts)
        i = 0
        while i < len(text):
            if at < len(wanted) and text.startswith(wanted[at][1], i):
                i += len(wanted[at][1])
                at += 1
            elif text[i:] == "-" and 0 < at < len(wanted):
                points.append(wanted[at - 1][0])  # the hyphen char TeX added at a line end
                i += 1
            else:
                raise OracleError("input line %d: XeTeX shows %r where %r was expected"
                                  % (number, text[i:], "".join(p for _, p in wanted[at:at + 8])))
    if at != len(wanted):
        raise OracleError("input line %d: XeTeX's paragraph lacks %r"
                          % (number, "".join(p for _, p in wanted[at:at + 8])))
    return points


def mark_line(line, chars, points, marker):
    out = []
    prev = 0
    for k in points:
        cut = chars[k][2]
        out += [line[prev:cut], marker]
        prev = cut
    out.append(line[prev:])
    return b"".join(out)






def find_font(requested):
    """Path of the native font: --font, else the first of FONT_CANDIDATES found."""
    if requested:
        if not os.path.isfile(requested):
            raise OracleError("font file not found: %s" % requested)
        return os.path.abspath(requested)
    for name in FONT_CANDIDATES:
        if shutil.which("kpsewhich"):
            found = subprocess.run(["kpsewhich", name], capture_output=True, text=True).stdout.strip()
            if found and os.path.isfile(found):
                return found
        if shutil.which("fc-match"):
            found = subprocess.run(["fc-match", "-f", "%{file}", name], capture_output=True, text=True).stdout.strip()
            if found and os.path.basename(found) == name and os.path.isfile(found):
                return found
    raise OracleError("no OpenType/TrueType font found (tried %s); give one with --font"
                      % ", ".join(FONT_CANDIDATES))


def main(argv=None):
    parser = argparse.ArgumentParser(
        description="Print each input line with a marker wherever XeTeX, with the letters of its "
                    "standard formats (load-unicode-data.tex), puts an automatic hyphenation point.",
        epilog="The input is read as bytes and decoded as UTF-8 (each byte of an invalid sequence is "
               "a non-letter); space, tab, CR, FF and VT are glue. One output line per input line, "
               "each ending in a newline. TeX clamps the minimums to 1..63. Exit status: 0 on "
               "success, 1 if XeTeX fails or its answer cannot be read back.")
    add_common_arguments(parser, "XeTeX", 20000)
    parser.add_argument("--patterns", metavar="FILE", action="append",
                        help="hyph-utf8 .pat.txt, or a TeX file read with \\input (e.g. loadhyph-fr.tex); "
                             "repeatable")
    parser.add_argument("--exceptions", metavar="FILE", action="append",
                        help="hyph-utf8 .hyp.txt or a TeX \\hyphenation file, loaded after the patterns; "
                             "repeatable")
    parser.add_argument("--no-dash-break", dest="dash_break", action="store_false",
                        help="leave \\XeTeXdashbreakstate at 0 (xetex.ini sets it to 1)")
    parser.add_argument("--font", metavar="FILE", help="OpenType/TrueType font file (default: found "
                        "with kpsewhich or fc-match: %s)" % ", ".join(FONT_CANDIDATES))
    parser.add_argument("--xetex", default="xetex", metavar="PATH", help="XeTeX binary (default: xetex)")
    args = parse_arguments(parser, argv)
    xetex = shutil.which(args.xetex)
    if xetex is None:
        print("unicode-tex-oracle: XeTeX binary not found: %s" % args.xetex, file=sys.stderr)
        return 1
    args.xetex = xetex
    args.marker_bytes = os.fsencode(args.marker)
    args.patterns = [os.path.abspath(p) for p in args.patterns or []]
    args.exceptions = [os.path.abspath(p) for p in args.exceptions or []]

    try:
        args.font = find_font(args.font)
    except (OracleError, OSError) as e:
        print("unicode-tex-oracle: %s" % e, file=sys.stderr)
        return 1
    return answer_all("unicode-tex-oracle", args, run_chunk, MAX_CHUNK_BYTES)


if __name__ == "__main__":
    sys.exit(main())
