"""The yardstick of a visitor's cost (issue 35): a bare page, and CPU seconds by process.

The bare page is a notebook with one ipycanvas ``Canvas`` painted in ``on_client_ready``,
served by standalone Voilà with the same packaged settings as the tutor: what any canvas
page on this stack costs. ``CpuMeter`` counts the CPU seconds a set of processes spent since
it started, processes born meanwhile included (each process keyed by pid and start time, so
a reused pid is a new process); a process that ended meanwhile takes its seconds with it,
so read the meter while the processes that matter are alive.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable
from pathlib import Path

import psutil

BARE_NOTEBOOK = "bare_canvas.ipynb"
WIDTH, HEIGHT = 800, 700  # about the tutor's board
BARE_SOURCE = f"""\
from ipycanvas import Canvas

canvas = Canvas(width={WIDTH}, height={HEIGHT})


def paint(*_):
    canvas.fill_style = "#3b7dd8"
    canvas.fill_rect(0, 0, {WIDTH}, {HEIGHT})


canvas.on_client_ready(paint)
canvas"""
# Runs in the page: true once some canvas is mostly painted (the bare page's only one).
ANY_CANVAS_PAINTED_JS = """() => [...document.querySelectorAll('canvas')].some((c) => {
  if (!c.width) return false;
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let painted = 0;
  for (let i = 3; i < d.length; i += 4) if (d[i]) painted++;
  return painted > d.length / 8;
})"""


def write_bare_notebook(folder: Path) -> Path:
    """The bare page's notebook in ``folder`` (one code cell, the Python 3 kernel)."""
    nb = {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "id": "bare-canvas",
                "metadata": {},
                "outputs": [],
                "source": BARE_SOURCE,
            }
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path = folder / BARE_NOTEBOOK
    path.write_text(json.dumps(nb, indent=1))
    return path


def _key(p: psutil.Process) -> tuple[int, float]:
    return p.pid, p.create_time()


def cpu_of(procs: Iterable[psutil.Process]) -> dict[tuple[int, float], float]:
    """CPU seconds (user + system) of each live process, by (pid, start time)."""
    out = {}
    for p in procs:
        try:
            t = p.cpu_times()
            out[_key(p)] = t.user + t.system
        except psutil.Error:  # it ended meanwhile
            continue
    return out


class CpuMeter:
    """CPU seconds ``procs()`` spent since the meter started (see the module's docstring)."""

    def __init__(self, procs: Callable[[], Iterable[psutil.Process]]):
        self.procs = procs
        self.start = cpu_of(procs())

    def seconds(self) -> float:
        return sum(s - self.start.get(k, 0.0) for k, s in cpu_of(self.procs()).items())


def tree(pid: int) -> list[psutil.Process]:
    """A process and every process under it (a server and its kernels)."""
    try:
        root = psutil.Process(pid)
        return [root, *root.children(recursive=True)]
    except psutil.Error:
        return []


def browsers() -> list[psutil.Process]:
    """The Chromium processes this script's Playwright started (browser, renderers, GPU...)."""
    return [p for p in tree(os.getpid())[1:] if _is_chromium(p)]


def _is_chromium(p: psutil.Process) -> bool:
    try:
        return "chrom" in p.name().lower()
    except psutil.Error:
        return False
