#!/usr/bin/env python3
"""Every example in README.md and doc/*.md runs, and prints what the page shows.

usage: doc_commands_test.py SOURCE_DIR BUILD_DIR [--python PYTHON | --no-python REASON] [--list]

The pages' code blocks, indented or fenced, are read as follows:

- A session: a block whose first line starts with `$ `. Each `$ ` line is a command (a line
  ending in `\\` goes on), the lines up to the next one are what it prints (standard output
  and standard error, as a terminal shows them); a line `...` stands for any lines. Every
  command must succeed and print exactly that.
- Commands: an indented block of other lines (fenced blocks without a language are
  diagrams, formats and listings, not commands). Each must succeed; nothing is shown to
  compare.
- Python: a fenced `python` block runs in the interpreter the package is built for
  (--python), with the build's package (without --python the test is skipped, status 77, after
  the rest has run; --no-python REASON, for a sanitizer build, says why and is no skip). An expression statement with a comment on its last
  line must print that comment (a print() call) or have a repr the comment starts with
  (`h.hyphenate("x")  # 'x': ...`).
- C and C++ blocks are code, not commands (tests/install builds the two README examples).

A block that cannot run here says why in the page, on the line before it:
`<!-- not-run: REASON -->`. README's `<!-- run-command -->`, `<!-- test-command -->` and
`<!-- wheel-command -->` blocks and doc/c-api.md's `<!-- static link: ... -->` line are run
by the tools named in RUN_ELSEWHERE (a copy of one on another page, under the same marker,
must be the same). Nothing is left out silently: the summary counts every block, and a
not-run marker that precedes no block is an error.

Commands run in a fresh temporary folder per block, in which every top-level entry of the
source tree is a symbolic link (so `patterns/data/...` resolves) and `build` is the build
folder; `BUILD/tools` comes first on PATH, so `hyphenate` is the one just built. A block that
names a file under /usr/share that is not installed cannot run: the test then ends with
status 77 (skipped) after running the rest, unless something failed. --list prints each
block's class and exits.
"""
import ast
import dataclasses
import glob
import io
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tokenize

RUN_ELSEWHERE = {
    "run-command": "README's run command: dev/check-readme-commands.sh",
    "test-command": "README's test command: dev/check-readme-commands.sh",
    "wheel-command": "README's wheel commands: dev/check-wheel.sh",
    "static link: tests/install/roundtrip.sh runs this line": "doc/c-api.md's static link: the test install-link",
}
NOT_COMMANDS = {"c", "cpp", "c++"}
TIMEOUT = 300


@dataclasses.dataclass
class Block:
    page: str  # relative to the source folder
    line: int  # of the block's first line, from 1
    fenced: bool
    language: str
    lines: list
    marker: str  # the HTML comment just before the block, or ""

    @property
    def where(self):
        return f"{self.page}:{self.line}"


class PageError(Exception):
    pass


def indentation(line):
    return len(line) - len(line.lstrip(" "))


def read_blocks(source, page):
    """The code blocks of a Markdown page, with the marker comment before each."""
    lines = open(os.path.join(source, page), encoding="utf-8").read().split("\n")
    blocks = []
    marker, marker_line = "", 0
    list_indent = 0  # content indentation of the list item the text is in (0: none)
    after_blank = True

    def take_marker():
        nonlocal marker
        found, marker = marker, ""
        return found

    i = 0
    while i < len(lines):
        line = lines[i]
        fence = re.match(r"^( *)(```+|~~~+)\s*([\w+-]*)", line)
        if fence:
            indent, ticks = len(fence.group(1)), fence.group(2)
            body = []
            j = i + 1
            while j < len(lines) and not lines[j].lstrip(" ").startswith(ticks):
                body.append(lines[j][min(indent, indentation(lines[j])):])
                j += 1
            blocks.append(Block(page, i + 2, True, fence.group(3).lower(), body, take_marker()))
            i, after_blank = j + 1, False
            continue
        comment = re.fullmatch(r"\s*<!--\s*(.*?)\s*-->\s*", line)
        if comment:
            if marker.startswith("not-run:"):
                raise PageError(f"{page}:{marker_line}: a not-run marker before no code block")
            marker, marker_line = comment.group(1), i + 1
            i, after_blank = i + 1, True
            continue
        if not line.strip():
            i, after_blank = i + 1, True
            continue
        indent = indentation(line)
        if after_blank and indent >= list_indent + 4:
            base = list_indent + 4
            body = []
            j = i
            while j < len(lines) and (not lines[j].strip() or indentation(lines[j]) >= base):
                body.append(lines[j][base:])
                j += 1
            while body and not body[-1].strip():
                body.pop()
            blocks.append(Block(page, i + 1, False, "", body, take_marker()))
            i, after_blank = i + len(body), False
            continue
        # Prose: a marker must come right before its block.
        if marker.startswith("not-run:"):
            raise PageError(f"{page}:{marker_line}: a not-run marker before prose, not a code block")
        marker = ""
        item = re.match(r"^ *([-*+]|\d+[.)]) +", line)
        if item:
            list_indent = len(item.group(0))
        elif after_blank and indent < list_indent:
            list_indent = indent
        if line.startswith("#"):
            list_indent = 0
        i, after_blank = i + 1, False
    if marker.startswith("not-run:"):
        raise PageError(f"{page}:{marker_line}: a not-run marker at the end of the page")
    return blocks


def classify(block):
    """(class, detail): session, commands, python, excused, elsewhere or code."""
    if block.marker.startswith("not-run:"):
        reason = block.marker[len("not-run:"):].strip()
        if not reason:
            raise PageError(f"{block.where}: a not-run marker without a reason")
        return "excused", reason
    if block.marker in RUN_ELSEWHERE:
        return "elsewhere", RUN_ELSEWHERE[block.marker]
    first = next((l for l in block.lines if l.strip()), "")
    if block.language in ("", "console", "shell", "sh", "bash") and first.startswith("$ "):
        return "session", ""
    if block.language == "python":
        return "python", ""
    if block.fenced and block.language in ("sh", "bash", "shell"):
        return "commands", ""
    if block.fenced:
        return "code", block.language or "text"
    return "commands", ""


def commands_of(lines):
    """Logical lines: a line ending in a backslash goes on to the next."""
    commands = []
    pending = ""
    for line in lines:
        pending += line
        if pending.endswith("\\"):
            pending += "\n"
            continue
        if pending.strip():
            commands.append(pending)
        pending = ""
    if pending.strip():
        commands.append(pending)
    return commands


def session_steps(block):
    """[(command, expected lines)] of a session."""
    steps = []
    i = 0
    while i < len(block.lines):
        line = block.lines[i]
        if line.startswith("$ "):
            command = line[2:]
            while command.endswith("\\") and i + 1 < len(block.lines):
                i += 1
                command += "\n" + block.lines[i]
            steps.append((command, []))
        elif steps:
            steps[-1][1].append(line)
        i += 1
    return steps


def output_matches(expected, actual):
    """expected (lines, `...` for any lines) against actual output; trailing blanks ignored."""
    want = [l.rstrip() for l in expected]
    while want and not want[-1]:
        want.pop()
    got = [l.rstrip() for l in actual.split("\n")]
    while got and not got[-1]:
        got.pop()
    pattern = "".join(r"(?:[^\n]*\n)*?" if l == "..." else re.escape(l) + r"\n" for l in want)
    return re.fullmatch(pattern, "".join(l + "\n" for l in got)) is not None


def missing_files(text):
    """Files under /usr/share the text names that are not installed."""
    return sorted({p for p in re.findall(r"/usr/share/[\w./+-]+\w", text) if not os.path.exists(p)})


class Workspace:
    """A temporary folder that looks like the source tree, with `build` the build folder."""

    def __init__(self, source, build):
        self.dir = tempfile.mkdtemp(prefix="doc-commands-")
        for name in os.listdir(source):
            if name.startswith(".") or name == "build":
                continue
            os.symlink(os.path.join(source, name), os.path.join(self.dir, name))
        os.symlink(build, os.path.join(self.dir, "build"))
        # The pages assume a reader's shell: none of the variables that change the search.
        search = ("HYPH_PATTERNS_DIR", "HYPH_DICTIONARIES", "HYPH_NO_SYSTEM_DIRS")
        self.env = {k: v for k, v in os.environ.items() if k not in search}
        self.env["PATH"] = os.path.join(build, "tools") + os.pathsep + os.environ.get("PATH", "")
        self.env["LC_ALL"] = "C.UTF-8"

    def run(self, command):
        r = subprocess.run(["bash", "-c", command], cwd=self.dir, env=self.env, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, timeout=TIMEOUT)
        return r.returncode, r.stdout.decode("utf-8", "replace")

    def close(self):
        shutil.rmtree(self.dir)  # the links, not what they name


def run_shell(block, workspace, kind):
    """Failures of a session or a commands block, as messages."""
    steps = session_steps(block) if kind == "session" else [(c, None) for c in commands_of(block.lines)]
    failures = []
    for command, expected in steps:
        status, output = workspace.run(command)
        if status != 0:
            failures.append(f"$ {command}\n  exited with status {status}; printed:\n{indent_text(output)}")
            break
        if expected is not None and not output_matches(expected, output):
            failures.append(f"$ {command}\n  the page shows:\n{indent_text(chr(10).join(expected))}\n"
                            f"  it printed:\n{indent_text(output)}")
    return failures, len(steps)


def indent_text(text):
    return "\n".join("    | " + l for l in text.rstrip("\n").split("\n"))


def run_python(block, workspace, python, build):
    """Failures of a python block, run by PYTHON with the build's package."""
    script = os.path.join(workspace.dir, "doc_block.py")
    with open(script, "w", encoding="utf-8") as f:
        f.write("\n".join(block.lines) + "\n")
    env = dict(workspace.env, PYTHONPATH=os.path.join(build, "python"), PYTHONDONTWRITEBYTECODE="1")
    r = subprocess.run([python, os.path.abspath(__file__), "--python-block", script], cwd=workspace.dir, env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=TIMEOUT)
    output = r.stdout.decode("utf-8", "replace")
    checked = re.findall(r"^checked (\d+)$", output, re.M)
    if r.returncode != 0:
        return [output.strip()], 0
    return [], int(checked[-1]) if checked else 0


def python_block(path):
    """Runs in the package's interpreter: the block's statements in order, each expression
    with a comment checked against it. Prints `checked N` or the first difference."""
    import contextlib

    text = open(path, encoding="utf-8").read()
    comments = {}
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            comments[token.start[0]] = token.string[1:].strip()
    namespace = {"__name__": "__doc_block__"}
    checked = 0
    for statement in ast.parse(text).body:
        code = ast.get_source_segment(text, statement)
        shown = comments.get(statement.end_lineno) if isinstance(statement, ast.Expr) else None
        if shown is None:
            exec(compile(ast.Module([statement], []), path, "exec"), namespace)
            continue
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            value = eval(compile(ast.Expression(statement.value), path, "eval"), namespace)
        is_print = isinstance(statement.value, ast.Call) and getattr(statement.value.func, "id", "") == "print"
        if is_print:
            ok, got = printed.getvalue().rstrip("\n") == shown, printed.getvalue().rstrip("\n")
        else:
            got = repr(value)
            ok = shown == got or shown.startswith(got + ":") or shown.startswith(got + " ")
        if not ok:
            print(f"line {statement.lineno}: {code}\n  the page shows: {shown}\n  it gives:       {got}")
            sys.exit(1)
        checked += 1
    print(f"checked {checked}")


def main(argv):
    if argv[:1] == ["--python-block"]:
        python_block(argv[1])
        return 0
    list_only = "--list" in argv
    argv = [a for a in argv if a != "--list"]
    python, no_python = None, "the Python package is not built"
    no_python_skips = "--no-python" not in argv  # a build without the package: skipped (77)
    for option in ("--python", "--no-python"):
        if option in argv:
            at = argv.index(option)
            if option == "--python":
                python = argv[at + 1]
            else:
                no_python = argv[at + 1]
            del argv[at:at + 2]
    if len(argv) != 2:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    source, build = (os.path.abspath(a) for a in argv)
    pages = ["README.md"] + sorted(os.path.relpath(p, source) for p in glob.glob(os.path.join(source, "doc", "*.md")))

    counts = {k: 0 for k in ("session", "commands", "python", "excused", "elsewhere", "code", "cannot", "no-python",
                             "failed")}
    commands_run = 0
    excused = []
    elsewhere = {}  # marker: (first block, its lines): copies on other pages must be the same
    failed = False
    for page in pages:
        try:
            blocks = read_blocks(source, page)
            classified = [(b, *classify(b)) for b in blocks]
        except PageError as e:
            print(f"FAIL {e}")
            failed = True
            continue
        for block, kind, detail in classified:
            if list_only:
                print(f"{kind:9} {block.where} {detail}")
                continue
            if kind == "elsewhere":
                first = elsewhere.setdefault(block.marker, (block, block.lines))
                if first[1] != block.lines:
                    print(f"FAIL {block.where}: differs from the {block.marker} block at {first[0].where}")
                    failed = True
            if kind in ("excused", "elsewhere", "code"):
                counts[kind] += 1
                if kind != "code":
                    excused.append(f"{block.where}: {detail}")
                continue
            if kind == "python" and not python:
                counts["no-python"] += 1
                print(f"SKIP {block.where} (python): {no_python}")
                continue
            missing = missing_files("\n".join(block.lines))
            if missing:
                counts["cannot"] += 1
                print(f"SKIP {block.where} ({kind}): needs {', '.join(missing)}")
                continue
            workspace = Workspace(source, build)
            try:
                if kind == "python":
                    failures, n = run_python(block, workspace, python, build)
                else:
                    failures, n = run_shell(block, workspace, kind)
            finally:
                workspace.close()
            commands_run += n
            counts[kind] += 1
            if failures:
                counts["failed"] += 1
                failed = True
                print(f"FAIL {block.where} ({kind})")
                for message in failures:
                    print("  " + message.replace("\n", "\n  "))
            else:
                print(f"ok   {block.where} ({kind}: {n} {'checked' if kind == 'python' else 'commands'})")
    if list_only:
        return 1 if failed else 0
    print("\nExcused, or run elsewhere:")
    for line in excused:
        print(f"  {line}")
    print(f"\n{counts['session'] + counts['commands'] + counts['python']} blocks run "
          f"({counts['session']} sessions, {counts['commands']} command blocks, {counts['python']} Python; "
          f"{commands_run} commands and checked expressions), {counts['failed']} failed; "
          f"{counts['excused']} excused (not-run), {counts['elsewhere']} run elsewhere, "
          f"{counts['cannot']} could not run here; {counts['code']} code blocks that are not commands")
    if counts["no-python"]:
        print(f"{counts['no-python']} Python blocks not run: {no_python}")
    if failed:
        return 1
    return 77 if counts["cannot"] or (counts["no-python"] and no_python_skips) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
