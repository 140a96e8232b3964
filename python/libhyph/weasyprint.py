"""WeasyPrint with libhyph hyphenating: ``python3 -m libhyph.weasyprint in.html out.pdf``.

WeasyPrint (57.x) hyphenates through the pyphen package (CSS ``hyphens: auto``). This entry
point makes ``import pyphen`` give libhyph.pyphen, before WeasyPrint is imported, then runs
WeasyPrint's own command line with the same arguments (``--help`` lists them). WeasyPrint
itself is not changed. From a program, call install() before the first ``import weasyprint``.
"""

from __future__ import annotations

import sys
from typing import List, Optional

import libhyph.pyphen

__all__ = ["install", "main"]


def install() -> None:
    """Makes ``import pyphen`` give libhyph.pyphen. Raises RuntimeError if WeasyPrint was
    imported already with the pyphen package (it would keep using that one)."""
    current = sys.modules.get("pyphen")
    if current is libhyph.pyphen:
        return
    if "weasyprint" in sys.modules and current is not None:
        raise RuntimeError("WeasyPrint was imported before libhyph.weasyprint.install(): it keeps pyphen")
    sys.modules["pyphen"] = libhyph.pyphen


def main(argv: Optional[List[str]] = None) -> None:
    install()
    from weasyprint.__main__ import main as weasyprint_main

    weasyprint_main(argv)


if __name__ == "__main__":
    main()
