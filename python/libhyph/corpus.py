"""Hyphenating a corpus of text files on a Dask cluster (the recipe: doc/python.md, "Dask").

    from dask.distributed import Client
    from libhyph.corpus import hyphenate_corpus

    libhyph.Hyphenator("de-1996").write_compiled("/shared/de-1996.hyb")
    with Client("scheduler:8786") as client:
        results = hyphenate_corpus(client, paths, "/shared/out", "/shared/de-1996.hyb")

Each worker loads the compiled language once, when it joins (a worker plugin), read from
the file; every task then hyphenates whole files with it and writes the output files itself,
so only file names and small records travel through the scheduler. Files are read and
written in blocks cut after white space, so a file of any size needs bounded memory (unless a single run without white space is
larger than memory), and
each output is byte for byte what `hyphenate --compiled FILE` writes for its input.
"""

from __future__ import annotations

import os
import time
from typing import Iterable, List, NamedTuple, Optional

import libhyph

__all__ = ["LoadLanguage", "FileResult", "hyphenate_file", "hyphenate_corpus"]

_BLOCK = 8 << 20  # bytes read at a time
_WHITE = b" \t\n\r\f\v"


class FileResult(NamedTuple):
    """What one task did: the input, the output written, its size, the time, and where."""

    source: str
    output: str
    bytes: int
    seconds: float
    worker: str


class LoadLanguage:
    """A Dask worker plugin: loads the compiled language once per worker process, when the
    worker starts (or joins later), and counts its loads in ``worker.libhyph_loads``."""

    name = "libhyph-language"

    def __init__(self, compiled: str, marker: str = "-") -> None:
        self.compiled = os.fspath(compiled)
        self.marker = marker

    def setup(self, worker) -> None:  # type: ignore[no-untyped-def]
        worker.libhyph_hyphenator = libhyph.Hyphenator(compiled=self.compiled)
        worker.libhyph_loads = getattr(worker, "libhyph_loads", 0) + 1

    def teardown(self, worker) -> None:  # type: ignore[no-untyped-def]
        worker.libhyph_hyphenator = None


def hyphenate_stream(hyphenator: "libhyph.Hyphenator", source, sink, marker: str = "-") -> int:
    """Copies the bytes of `source` (a binary file) to `sink` with `marker` at every break;
    returns the bytes read. Any bytes: invalid UTF-8 goes through unchanged, nothing is
    decoded."""
    total = 0
    pending = b""
    encoded_marker = marker.encode("utf-8")
    while True:
        block = source.read(_BLOCK)
        total += len(block)
        data = pending + block
        if block:
            cut = max(data.rfind(c) for c in _WHITE) + 1  # after white space: whole words
            if cut <= 0:
                pending = data
                continue
            data, pending = data[:cut], data[cut:]
        else:
            pending = b""
        if data:
            sink.write(hyphenator.hyphenate_bytes(data, encoded_marker))
        if not block:
            return total


def hyphenate_file(source: str, output_dir: str, marker: str = "-") -> FileResult:
    """A task: hyphenates one file with the worker's language into output_dir (same name)."""
    from distributed import get_worker

    worker = get_worker()
    hyphenator = worker.libhyph_hyphenator
    output = os.path.join(output_dir, os.path.basename(source))
    start = time.perf_counter()
    with open(source, "rb") as src, open(output + ".part", "wb") as dst:
        size = hyphenate_stream(hyphenator, src, dst, marker)
    os.replace(output + ".part", output)
    return FileResult(source, output, size, time.perf_counter() - start, worker.address)


def hyphenate_corpus(client, paths: Iterable[str], output_dir: str, compiled: str, marker: str = "-",
                     npartitions: Optional[int] = None) -> List[FileResult]:
    """Hyphenates every file in `paths` on the cluster behind `client` (a dask.bag of file
    names, mapped): registers LoadLanguage(compiled), then returns one FileResult a file."""
    import dask.bag as db

    paths = [os.fspath(p) for p in paths]
    os.makedirs(output_dir, exist_ok=True)
    client.register_worker_plugin(LoadLanguage(compiled, marker), name=LoadLanguage.name)
    workers = max(len(client.scheduler_info().get("workers", {})), 1)
    bag = db.from_sequence(paths, npartitions=npartitions or min(len(paths), 4 * workers) or 1)
    return bag.map(hyphenate_file, output_dir=output_dir, marker=marker).compute()
