"""Bounded parsing of kernel websocket messages, patched into Voilà and jupyter_server.

Voilà 0.5.13 (``voila.tornado.kernel_websocket_handler``) reads the header of every binary
message it sends a browser as if it used the v1 protocol: it takes the first 8 bytes as a
count of offsets and reads that many. A client that opens a kernel's channels without the
``v1.kernel.websocket.jupyter.org`` subprotocol gets the legacy format (4-byte big-endian
count), so that "count" is about 10**17: the server's only thread loops in that read for
ever, growing by ~0.5-1 GB a minute, and every visitor's page stops. Any visitor can do it
(their page holds their kernel's id). jupyter_server 2.21.1 has the same unbounded read on
the messages it *receives* (``deserialize_msg_from_ws_v1``; ``deserialize_binary_message``
builds a struct format as long as the count), in standalone Voilà and in a Jupyter server
alike (JupyterHub, Binder).

``apply()`` swaps those functions, where the handlers look them up, for versions that check
the count against the message's length first: Voilà's header reader returns None for a
message it cannot read (the message is then passed on unchanged, as Voilà does for any
unreadable one); a malformed message from a client raises :class:`MalformedKernelMessage`,
which closes that client's socket only. It is applied by

- ``python -m catan_tutor.server.voila_guard <voila arguments>``: the voila command, guarded
  (``catan-tutor serve`` and :func:`catan_tutor.server.serve.voila` run it);
- the Jupyter server extension ``catan_tutor.server.voila_guard``, enabled by the packaged
  ``jupyter_server_config.json`` (Voilà as a server extension, JupyterHub, JupyterLab).

``apply()`` also applies :mod:`catan_tutor.server.kernel_cleanup` (a page's kernel client is
stopped without waiting on its kernel), :mod:`catan_tutor.server.ws_handshake` (a kernel
websocket closed during its handshake leaves its kernel free to be culled),
:mod:`catan_tutor.server.kernel_restart` (a kernel restarted while it is shut down leaves
no process behind), :mod:`catan_tutor.server.kernel_pool` (kernels kept ready are refilled
once the class has come, one at a time), :mod:`catan_tutor.server.render_end` (a page whose
render fails still ends),
:mod:`catan_tutor.server.kernel_nice` (kernels yield the processor to the server) and
:mod:`catan_tutor.server.kernel_unstarted` (a kernel whose start failed is still culled),
:mod:`catan_tutor.server.kernel_rewatch` (a kernel its restarter brought back is watched
again), :mod:`catan_tutor.server.kernel_send` (a message to a kernel that cannot go fails
after seconds instead of blocking the loop), :mod:`catan_tutor.server.template_cache` (the
page's templates compiled once per server, not once per visitor),
and both start :mod:`catan_tutor.server.watchdog` (the voila command always, the extension
in a JupyterHub
user's server).
"""

from __future__ import annotations

import functools
import json
import os
import sys
from collections.abc import Callable
from typing import Any

from ..errors import CatanError
from . import (
    kernel_cleanup,
    kernel_nice,
    kernel_pool,
    kernel_restart,
    kernel_rewatch,
    kernel_send,
    kernel_unstarted,
    render_end,
    template_cache,
    watchdog,
    ws_handshake,
)

V1_PROTOCOL = "v1.kernel.websocket.jupyter.org"
MAX_PARTS = 1024  # in a client's message: v1 offsets (6 + buffers) or legacy parts (1 + buffers)
_GUARDED = "_catan_tutor_guarded"  # marks a function already swapped in
ORIGINALS: dict[tuple[str, str], Callable] = {}  # (module, name): the function swapped out


class MalformedKernelMessage(CatanError):
    """A client's kernel websocket message whose offsets do not fit its length."""


def read_v1_header(ws_msg: bytes) -> dict[str, Any] | None:
    """The header of a v1-protocol message (``offsets[1]:offsets[2]``), or None when
    ``ws_msg`` is not one (legacy format, garbage): reads three offsets, never more."""
    if not isinstance(ws_msg, bytes | bytearray) or len(ws_msg) < 32:
        return None
    count = int.from_bytes(ws_msg[:8], "little")
    first = 8 * (count + 1)  # where the parts start, after the count and the offsets
    if count < 3 or first > len(ws_msg):
        return None
    start = int.from_bytes(ws_msg[16:24], "little")
    end = int.from_bytes(ws_msg[24:32], "little")
    if not first <= start <= end <= len(ws_msg):
        return None
    try:
        header = json.loads(bytes(ws_msg[start:end]).decode("utf-8"))
    except ValueError:  # UnicodeDecodeError and JSONDecodeError both are
        return None
    return header if isinstance(header, dict) else None


setattr(read_v1_header, _GUARDED, True)


def check_v1_message(ws_msg: Any) -> None:
    """Raise :class:`MalformedKernelMessage` unless ``ws_msg`` is bytes whose offset count
    (8 bytes, little-endian) is 2 to ``MAX_PARTS`` and whose offsets fit in it."""
    if not isinstance(ws_msg, bytes | bytearray):
        raise MalformedKernelMessage("a v1 kernel message must be binary")
    count = int.from_bytes(ws_msg[:8], "little") if len(ws_msg) >= 8 else 0
    if not 2 <= count <= MAX_PARTS or 8 * (count + 1) > len(ws_msg):
        raise MalformedKernelMessage(
            f"v1 kernel message of {len(ws_msg)} bytes claims {count} offsets"
        )


def check_legacy_message(bmsg: Any) -> None:
    """Raise :class:`MalformedKernelMessage` unless ``bmsg`` is bytes whose buffer count
    (4 bytes, big-endian, signed) is 1 to ``MAX_PARTS`` and whose offsets fit in it."""
    if not isinstance(bmsg, bytes | bytearray) or len(bmsg) < 4:
        raise MalformedKernelMessage("a binary kernel message needs a 4-byte count")
    count = int.from_bytes(bmsg[:4], "big", signed=True)
    if not 1 <= count <= MAX_PARTS or 4 * (count + 1) > len(bmsg):
        raise MalformedKernelMessage(
            f"binary kernel message of {len(bmsg)} bytes claims {count} buffers"
        )


def _checked(check: Callable[[Any], None], original: Callable[[Any], Any]) -> Callable:
    @functools.wraps(original)
    def guarded(message: Any) -> Any:
        check(message)
        return original(message)

    setattr(guarded, _GUARDED, True)
    return guarded


def _swap(module: Any, name: str, make: Callable[[Callable], Callable]) -> None:
    current = getattr(module, name)
    if not getattr(current, _GUARDED, False):
        ORIGINALS[module.__name__, name] = current
        setattr(module, name, make(current))


def apply() -> None:
    """Swap in the bounded readers where Voilà's and jupyter_server's kernel websocket
    handlers look them up (module globals, read at each call). Safe to call again."""
    from jupyter_server.services.kernels.connection import base, channels
    from voila.tornado import kernel_websocket_handler

    kernel_cleanup.apply()  # stopping a page's kernel client never blocks (issue 36)
    ws_handshake.apply()  # a socket closed in its handshake leaves no kernel counted (issue 36)
    kernel_restart.apply()  # a restart racing a shutdown leaves no kernel process (issue 36)
    kernel_pool.apply()  # serve --class: refills once the class has come, one at a time (#35)
    render_end.apply()  # a page whose render fails still ends (issue 36)
    kernel_nice.apply()  # kernels yield the processor to the server's loop (issue 36)
    kernel_unstarted.apply()  # a kernel whose start failed is still culled (issue 36)
    kernel_rewatch.apply()  # a kernel its restarter brought back is watched again (issue 36)
    kernel_send.apply()  # a message to a kernel never blocks the loop for good (issue 36)
    template_cache.apply()  # the page's templates compiled once per server (issues 35, 36)
    _swap(kernel_websocket_handler, "read_header_from_binary_message", lambda _: read_v1_header)
    for module in (base, channels):
        _swap(module, "deserialize_msg_from_ws_v1", lambda f: _checked(check_v1_message, f))
        _swap(module, "deserialize_binary_message", lambda f: _checked(check_legacy_message, f))


def is_applied() -> bool:
    """Whether every reader the handlers use is the bounded one."""
    from jupyter_server.services.kernels.connection import base, channels
    from voila.tornado import kernel_websocket_handler

    found = [
        kernel_websocket_handler.read_header_from_binary_message,
        *(
            getattr(m, n)
            for m in (base, channels)
            for n in ("deserialize_msg_from_ws_v1", "deserialize_binary_message")
        ),
    ]
    return all(getattr(f, _GUARDED, False) for f in found)


# ----------------------------------------------------------------- Jupyter server extension
def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "catan_tutor.server.voila_guard"}]


def _load_jupyter_server_extension(server_app: Any) -> None:
    apply()
    server_app.log.info(
        "catan_tutor.server.voila_guard: kernel websocket messages read with bounds"
    )
    if os.environ.get("JUPYTERHUB_SERVICE_PREFIX"):  # a hub's server: exits when stalled
        watchdog.install(server_app.log)


def follow_starter() -> None:
    """End (SIGTERM: ``server_stop`` takes the kernels down too) when the process named by
    ``CATAN_FOLLOW_PARENT`` is no longer the parent: a test run killed outright ran no
    fixture's teardown and left its servers and their kernels running (ppid 1) for ever.
    Unset (``catan-tutor serve``, a host's own command), nothing is followed."""
    from ..analysis.run_limits import follow_parent
    from .serve import FOLLOW

    parent = os.environ.get(FOLLOW, "")
    if parent.isdigit():
        follow_parent(int(parent))


def main(argv: list[str] | None = None) -> int:
    """The voila command with the bounded readers: ``python -m catan_tutor.server.voila_guard
    NOTEBOOK --port=8866 ...`` takes the same arguments as ``python -m voila``."""
    from . import lazy_iri

    lazy_iri.install()  # first: the server's imports bring jsonschema (~3 CPU-s saved)
    apply()
    follow_starter()
    watchdog.watch_voila()  # a stalled event loop is logged, then the server exits (issue 36)
    from . import kernel_reaper, server_limits, server_stop

    server_limits.apply()  # kernel caps of standalone Voilà (server_limits.py)
    server_stop.apply()  # SIGTERM ends it within seconds, kernels and all (issue 36)
    kernel_reaper.install()  # a kernel process no manager knows is killed (issue 36)
    from voila.app import main as voila_main

    voila_main(argv=sys.argv[1:] if argv is None else argv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
