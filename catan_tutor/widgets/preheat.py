"""A preheated kernel's wait for its visitor (issue 35, scope 2).

``catan-tutor serve --class N`` keeps N kernels ready (Voilà's ``preheat_kernel``): each runs
the start notebook before anyone asks for it, so the app is built and its default lesson
drawn. Such a kernel does not know its page's address yet. Voilà's own way
(``voila.utils.get_query_string``) blocks the notebook's cell until the visitor comes, a
cell the executor's time-out ends; here the cell finishes at once and a thread waits
instead: it opens Voilà's request-info socket (``/voila/query/KERNEL_ID``), which gives the
visitor's request (``QUERY_STRING`` and the rest of its CGI variables) when Voilà hands this
kernel to a page, and the app then opens what the address names on the kernel's own event
loop (``App.visit``): a lesson, a position, a shared line of play.

It imports no Jupyter server (``websockets`` only, a dependency of Voilà's).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import threading
from collections.abc import Callable

log = logging.getLogger(__name__)

CONNECT_TRIES = 10  # to Voilà's request-info socket, a second apart (the server is up)


def waiting() -> bool:
    """A kernel Voilà started before its page was asked for (and not handed to one yet)."""
    return os.environ.get("VOILA_PREHEAT") == "True" and "QUERY_STRING" not in os.environ


def request_info_url() -> str:
    """Voilà's socket that gives this kernel its visitor's request (as Voilà finds it)."""
    protocol = os.environ.get("VOILA_WS_PROTOCOL", "ws")
    ip = os.environ.get("VOILA_APP_IP", "127.0.0.1")
    port = os.environ.get("VOILA_APP_PORT", "8866")
    base = os.environ.get("VOILA_WS_BASE_URL", os.environ.get("VOILA_SERVER_URL", "/"))
    return f"{protocol}://{ip}:{port}{base}voila/query/{os.environ.get('VOILA_KERNEL_ID', '')}"


def await_visitor(arrived: Callable[[str], None]) -> threading.Thread:
    """Call ``arrived(query string)`` on this kernel's event loop when Voilà hands the
    kernel to a page (its request's variables are put in the environment first, as Voilà
    does); in a thread, so no cell waits. Without a running loop (no kernel) ``arrived``
    runs in the thread."""
    try:
        loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
    except RuntimeError:
        loop = None

    def wait() -> None:
        info = asyncio.run(_request_info(request_info_url()))
        if info is None:
            return
        os.environ.update({str(k): str(v) for k, v in info.items()})
        query = os.environ.get("QUERY_STRING", "")
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(arrived, query)
        else:
            arrived(query)

    thread = threading.Thread(target=wait, name="catan-await-visitor", daemon=True)
    thread.start()
    return thread


async def _request_info(url: str) -> dict | None:
    """The request Voilà sends on ``url`` (None when the socket cannot be reached)."""
    import websockets

    for _ in range(CONNECT_TRIES):
        try:
            async with websockets.connect(url, open_timeout=5) as ws:
                info = json.loads(await ws.recv())
                return info if isinstance(info, dict) else None
        except (OSError, TimeoutError, websockets.InvalidHandshake):
            await asyncio.sleep(1)
        except websockets.ConnectionClosed:
            return None  # the server stopped, or shut this kernel down
    log.warning("no visitor's request from %s: the page keeps the first lesson", url)
    return None
