"""The IRI grammars built on first use, not each time the voila command starts.

jsonschema (imported by jupyter_server's events and by nbformat) imports ``rfc3987_syntax``
where it is installed (``jsonschema[format-nongpl]``, which nbformat asks for), and that
module builds ~38 Lark parsers as it is imported: ~3 CPU-s of every server's start (and of
each JupyterHub user's), for the "iri" formats that no schema a Jupyter server checks uses.
:func:`install` puts a stand-in under its name, before jsonschema is imported, whose
``is_valid_syntax`` (the one name jsonschema takes from it) imports the real module on its
first call and answers as it does."""

from __future__ import annotations

import importlib
import importlib.util
import sys
import types

NAME = "rfc3987_syntax"


def install() -> bool:
    """Put the stand-in in place (True) unless the module is imported already or missing."""
    if NAME in sys.modules or importlib.util.find_spec(NAME) is None:
        return False
    stand_in = types.ModuleType(NAME, "a stand-in: the real module is imported on first use")

    def is_valid_syntax(*args: object, **kwargs: object) -> bool:
        if sys.modules.get(NAME) is stand_in:
            del sys.modules[NAME]
        return importlib.import_module(NAME).is_valid_syntax(*args, **kwargs)

    stand_in.is_valid_syntax = is_valid_syntax  # type: ignore[attr-defined]
    sys.modules[NAME] = stand_in
    return True
