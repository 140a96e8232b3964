#!/usr/bin/env python3
"""Checks every #include "..." and #include <hyph/...> in the tree against the allow-list of
doc/architecture.md ("Who may include whom"), which is parsed from the document itself so that
the two cannot drift apart.

    check_includes.py SOURCE_ROOT            check; exit 1 listing every include not allowed
    check_includes.py SOURCE_ROOT --list     print which room includes which (with counts)
    check_includes.py SOURCE_ROOT --unused   print the allowed edges no include uses (exit 1 if any)
"""
import re
import sys
from collections import Counter
from pathlib import Path

SOURCE_SUFFIXES = {'.h', '.hpp', '.c', '.cpp', '.cc'}
SKIP_TOP = {'build', 'subprojects', '.git'}
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)
TABLE_TITLE = '### Who may include whom'


def room_of(relative: Path) -> str:
    """The room a file (path relative to the source root) belongs to: its top folder, with the
    public headers as `include/hyph`."""
    parts = relative.parts
    if parts[0] == 'include' and len(parts) > 1:
        return 'include/' + parts[1]
    return parts[0]


def read_allow_list(doc: Path) -> dict:
    text = doc.read_text(encoding='utf-8')
    start = text.find(TABLE_TITLE)
    if start < 0:
        sys.exit(f'{doc}: no "{TABLE_TITLE}" section')
    allowed = {}
    for line in text[start:].splitlines()[1:]:
        if line.startswith('## '):
            break
        cells = [c.strip() for c in line.strip().strip('|').split('|')]
        if len(cells) < 2 or not line.lstrip().startswith('|') or set(cells[0]) <= set('-: '):
            continue
        room = cells[0].strip('`')
        if room == 'room':
            continue
        targets = set(re.findall(r'`([^`]+)`', cells[1]))
        allowed[room] = targets | {room}
    if not allowed:
        sys.exit(f'{doc}: the "{TABLE_TITLE}" table is empty')
    return allowed


def includes(root: Path):
    """Yields (file, line number, including room, included room, spelled include)."""
    for path in sorted(root.rglob('*')):
        relative = path.relative_to(root)
        top = relative.parts[0]
        if (top in SKIP_TOP or top.startswith('.') or path.suffix not in SOURCE_SUFFIXES or
                (len(relative.parts) > 1 and (root / top / 'meson-private').is_dir())):
            continue  # build directories (any name) hold generated code, not rooms
        if not path.is_file():
            continue
        text = path.read_text(encoding='utf-8', errors='replace')
        source_room = room_of(relative)
        for match in INCLUDE.finditer(text):
            bracket, name = match.groups()
            line = text.count('\n', 0, match.start()) + 1
            if bracket == '<':
                if not name.startswith('hyph/'):
                    continue  # system and third-party headers
                target = 'include/hyph'
            elif (path.parent / name).is_file() and not (root / name).is_file():
                target = room_of((path.parent / name).resolve().relative_to(root.resolve()))
            else:
                target = room_of(Path(name))
            yield relative, line, source_room, target, name


def main() -> int:
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent
    if '--list' in sys.argv:
        counts = Counter((source, target) for _, _, source, target, _ in includes(root) if source != target)
        for (source, target), n in sorted(counts.items()):
            print(f'{source:14} -> {target:14} {n:4}')
        return 0
    allowed = read_allow_list(root / 'doc' / 'architecture.md')
    if '--unused' in sys.argv:
        used = {(source, target) for _, _, source, target, _ in includes(root)}
        unused = [(room, target) for room, targets in sorted(allowed.items())
                  for target in sorted(targets - {room}) if (room, target) not in used]
        for room, target in unused:
            print(f'{room:14} -> {target:14} allowed, unused')
        return 1 if unused else 0
    bad = []
    for relative, line, source, target, name in includes(root):
        if source not in allowed:
            bad.append(f'{relative}:{line}: room "{source}" is not in the allow-list of doc/architecture.md')
        elif target not in allowed[source]:
            bad.append(f'{relative}:{line}: {source}/ may not include "{name}" ({target}/): see doc/architecture.md')
    for message in bad:
        print(message)
    if bad:
        print(f'{len(bad)} include(s) break the allow-list')
        return 1
    print(f'every include follows the allow-list ({len(allowed)} rooms)')
    return 0


if __name__ == '__main__':
    sys.exit(main())
