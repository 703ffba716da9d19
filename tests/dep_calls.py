"""Which functions of the runtime dependencies each test module calls, in the test process: the
measure behind tests/lower_bounds_modules.txt (a module whose calls the other listed modules all
make adds nothing to the minimum-versions lane). A pytest plugin, run by hand:

    PYTHONPATH=tests CI=true CATAN_CASES_PER_TEST=1 /tmp/catan-min-venv/bin/python -m pytest \
        -p dep_calls -m "not slow and not browser and not engine and not course" \
        $(grep -o '^test_[a-z0-9_]*\\.py' tests/lower_bounds_modules.txt | sed 's#^#tests/#')

writes ``DEP_CALLS_OUT`` (default dep_calls.json): for each module, the functions called; then
prints each module's calls no other module makes. Calls made by servers and kernels the tests
start (processes of their own) are not seen. Slow (every call traced: ~4x the lane's time)."""

from __future__ import annotations

import importlib.util
import json
import os
import sys
import threading
from pathlib import Path

DEPS = ("ipywidgets", "ipycanvas", "ipyevents", "voila", "pandas", "yaml", "matplotlib",
        "markdown_it", "nh3", "psutil")  # fmt: skip
_roots: dict[str, str] = {}
_calls: dict[str, set[tuple[str, str, int, str]]] = {}
_module: list[str | None] = [None]
_seen: dict[str, str | None] = {}


def _dependency(filename: str) -> str | None:
    if filename not in _seen:
        _seen[filename] = next((d for d, r in _roots.items() if filename.startswith(r)), None)
    return _seen[filename]


def _profile(frame, event, arg) -> None:
    if _module[0] is None:
        return
    if event == "call":
        code = frame.f_code
        if dep := _dependency(code.co_filename):
            where = code.co_filename[len(_roots[dep]) :]
            _calls[_module[0]].add((dep, where, code.co_firstlineno, code.co_name))
    elif event == "c_call":  # (nh3 is compiled whole; PyYAML, psutil and pandas in part)
        module = (getattr(arg, "__module__", None) or "").split(".")[0]
        if module in DEPS:
            _calls[_module[0]].add((module, arg.__module__, 0, arg.__qualname__))


def pytest_sessionstart(session) -> None:
    for dep in DEPS:
        spec = importlib.util.find_spec(dep)
        if spec is not None and spec.submodule_search_locations:  # (a package: its folder)
            _roots[dep] = str(Path(spec.origin or "").parent) + os.sep


def pytest_runtest_setup(item) -> None:
    _module[0] = item.nodeid.split("::")[0]
    _calls.setdefault(_module[0], set())
    sys.setprofile(_profile)
    threading.setprofile(_profile)


def pytest_sessionfinish(session) -> None:
    sys.setprofile(None)
    threading.setprofile(None)
    out = Path(os.environ.get("DEP_CALLS_OUT", "dep_calls.json"))
    out.write_text(json.dumps({k: sorted(v) for k, v in _calls.items()}, indent=0))
    for module, calls in _calls.items():
        others = set().union(*(c for m, c in _calls.items() if m != module))
        own = sorted(calls - others)
        deps = sorted({c[0] for c in own})
        print(f"\n{module}: {len(calls)} calls, {len(own)} its own {deps}", end="")
