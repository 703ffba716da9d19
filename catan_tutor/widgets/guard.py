"""Unexpected errors in the tutor's event handlers: the traceback goes to the server's log
under a short id, the visitor sees a plain message with that id (never a traceback)."""

from __future__ import annotations

import functools
import html
import logging
import secrets
import sys
from collections.abc import Callable
from typing import Any

from ..errors import CatanError
from . import icons

log = logging.getLogger("catan_tutor")
if not log.handlers:  # the kernel's own stderr is the server's log (ipykernel redirects sys.stderr)
    _handler = logging.StreamHandler(sys.__stderr__)
    _handler.setFormatter(logging.Formatter("%(asctime)s catan_tutor %(levelname)s %(message)s"))
    log.addHandler(_handler)
    log.propagate = False


def report(error: BaseException) -> str:
    """Log ``error`` with its traceback under a new id; returns the id."""
    ident = secrets.token_hex(4)
    log.error("error %s: %s", ident, error, exc_info=error)
    return ident


def failure_text(ident: str) -> str:
    return (
        f"Something went wrong here (error {ident}); nothing was played. "
        "If it happens again, tell whoever runs this page the error id."
    )


def shown_in(widget: Any) -> Callable[[str], None]:
    """A ``show`` for ``guarded`` that writes the message, as text, into an HTML widget."""

    def show(text: str) -> None:
        widget.value = (
            f"<span role='alert' style='color:#b71c1c'>{icons.NO} {html.escape(text)}</span>"
        )

    return show


def guarded(fn: Callable[..., Any], show: Callable[[str], None]) -> Callable[..., Any]:
    """``fn`` as an event handler: the package's errors are shown as they are; any other
    exception is reported, and ``show`` is called with a short message carrying its id."""

    @functools.wraps(fn)
    def handler(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except CatanError as e:  # the package's own refusals say what is wrong
            show(str(e))
            return None
        except Exception as e:  # noqa: BLE001 - the last line of defence of a handler
            show(failure_text(report(e)))
            return None

    handler.catan_guarded = True  # type: ignore[attr-defined]  # (tests list every handler)
    return handler
