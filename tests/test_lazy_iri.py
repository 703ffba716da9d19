"""The voila command starts without building rfc3987_syntax's IRI grammars (~3 CPU-s of each
server's start), and an IRI is still checked as the real module checks it (lazy_iri.py)."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip("rfc3987_syntax")  # (installed with nbformat's jsonschema[format-nongpl])

# Each in a fresh interpreter: the test process has imported jsonschema already.
COMMAND_START = """
import sys
from catan_tutor.server import voila_guard

def imports_then_stop():  # in place of the patches: the server's imports, then no server
    import voila.app, jsonschema
    print(sys.modules["rfc3987_syntax"].__doc__.startswith("a stand-in"), "lark" in sys.modules)
    raise SystemExit(0)

voila_guard.apply = imports_then_stop
voila_guard.main([])
"""

CHECKED = """
import sys
from catan_tutor.server import lazy_iri
assert lazy_iri.install()
import jsonschema
check = jsonschema.FormatChecker()
said = [check.conforms(s, "iri") for s in ("https://example.com/\u00e4", "no iri", "http://[x")]
doc = sys.modules["rfc3987_syntax"].__doc__ or ""
print(said, not doc.startswith("a stand-in"), "lark" in sys.modules)
"""


def _run(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_the_voila_command_imports_the_server_without_the_iri_grammars():
    assert _run(COMMAND_START) == "True False"


def test_an_iri_is_checked_by_the_real_module_on_first_use():
    assert _run(CHECKED) == "[True, False, False] True True"
