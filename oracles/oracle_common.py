"""What oracles/tex-oracle.py and oracles/unicode-tex-oracle.py share: their common command-line
arguments, reading the lines, cutting them into TeX-sized chunks, running the chunks in
parallel and writing the answers."""

import concurrent.futures
import os
import sys


class OracleError(Exception):
    """TeX failed, or its answer could not be read back."""


def engine_environment(**settings):
    """The environment for a TeX engine's run: ours with `settings` added, and without
    MALLOC_PERTURB_. meson test sets that variable (a random byte per test) to fill fresh
    malloc blocks; XeTeX 0.999994 (TeX Live 2022) reads such memory and crashes on a
    \\showbox listing for some bytes (252: SIGSEGV in the middle of a Portuguese chunk's
    log, every time), so a test's random byte made the oracle fail now and then."""
    env = {k: v for k, v in os.environ.items() if k != "MALLOC_PERTURB_"}
    env.update(settings)
    return env


def add_common_arguments(parser, engine, chunk):
    """The arguments both oracles take: the input and output, the marker, the minimums and
    \\uchyph, and how the lines are run (`chunk` lines per run of `engine` by default)."""
    parser.add_argument("input", nargs="?", default="-", help="file of lines (default: standard input)")
    parser.add_argument("-o", "--output", default="-", help="output file (default: standard output)")
    parser.add_argument("--marker", default="-", help="string inserted at hyphenation points (default: -)")
    parser.add_argument("--left-min", type=int, default=2, metavar="N", help="\\lefthyphenmin (default 2)")
    parser.add_argument("--right-min", type=int, default=3, metavar="N", help="\\righthyphenmin (default 3)")
    parser.add_argument("--uchyph", type=int, default=1, metavar="N",
                        help="\\uchyph (default 1; 0 or less: no hyphenation of words whose "
                             "first letter is uppercase)")
    parser.add_argument("--chunk", type=int, default=chunk, metavar="N",
                        help="lines per %s run (default %d; fewer if the lines are long)" % (engine, chunk))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, metavar="N",
                        help="%s runs at once (default: number of CPUs)" % engine)
    parser.add_argument("--keep-failed", action="store_true",
                        help="keep the temporary directory of a failed %s run" % engine)


def parse_arguments(parser, argv):
    """parser.parse_args, with the checks of the common arguments."""
    args = parser.parse_args(argv)
    if args.chunk < 1 or args.jobs < 1:
        parser.error("--chunk and --jobs must be at least 1")
    return args


def read_lines(path):
    if path == "-":
        data = sys.stdin.buffer.read()
    else:
        with open(path, "rb") as f:
            data = f.read()
    lines = data.split(b"\n")
    if lines[-1] == b"":
        lines.pop()  # a final newline ends the last line, it does not start one
    return lines


def chunks(lines, size, max_bytes):
    """(first line number, lines) slices of at most size lines and about max_bytes."""
    begin = 0
    while begin < len(lines):
        end = begin + 1
        total = len(lines[begin])
        while end < len(lines) and end - begin < size and total < max_bytes:
            total += len(lines[end])
            end += 1
        yield begin + 1, lines[begin:end]
        begin = end


def answer_all(program, args, run_chunk, max_chunk_bytes):
    """Runs run_chunk(args, first_line, lines) over the input's chunks (args.jobs at once) and
    writes the answers in order to args.output. Returns the exit status."""
    try:
        parts = list(chunks(read_lines(args.input), args.chunk, max_chunk_bytes))
        if args.jobs == 1 or len(parts) == 1:
            answers = [run_chunk(args, first, part) for first, part in parts]
        else:
            with concurrent.futures.ProcessPoolExecutor(max_workers=args.jobs) as pool:
                futures = [pool.submit(run_chunk, args, first, part) for first, part in parts]
                answers = [f.result() for f in futures]
        if args.output == "-":
            sys.stdout.buffer.writelines(answers)
            sys.stdout.buffer.flush()
        else:
            with open(args.output, "wb") as f:
                f.writelines(answers)
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, as a filter should.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except (OracleError, OSError) as e:
        print("%s: %s" % (program, e), file=sys.stderr)
        return 1
    return 0
