"""A page whose render fails still ends (issue 36; ``hosting/README.md`` has the report).

Voilà 0.5.13's ``VoilaHandler.get_generator`` runs the render in a task (``put_html``) that
puts each HTML snippet on a queue and ``None`` at the end, while the handler sends what the
queue gives, and a heartbeat whenever it gives nothing for a while. When the render raises
(the page's kernel died before it answered ``kernel_info``: killed, or a port taken by
another kernel as it started), the task ends with its exception unread, ``None`` never
comes, and the handler sends heartbeats for ever: the visitor's response never ends (seen
in the stress run: a page still open after 300 s), and a proxy holds its connection.

``apply()`` wraps ``NotebookRenderer.generate_content_generator``: an exception from the
render is logged, one hidden marker (``FAILED``) is sent in its place and the generator
ends, so the queue gets its ``None`` and the response ends. The page's script
(``catan_kernel.js``) sees the marker and shows its card (the page reloads by itself).
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable
from typing import Any

from .patch import wrap_method

FAILED = '<div class="catan-render-failed" hidden></div>\n'
log = logging.getLogger("Voila")
ORIGINALS: dict[str, Callable[..., Any]] = {}


async def ended(snippets: AsyncIterator[Any], what: str = "a page") -> AsyncIterator[Any]:
    """The snippets of ``snippets``; if it raises, the marker (as ``(html, resources)``,
    the shape the handler reads) and the end instead of the exception."""
    try:
        async for item in snippets:
            yield item
    except Exception as e:  # noqa: BLE001 - any failure must end the response
        log.warning(
            "catan_tutor.server.render_end: %s could not be made (%s: %s); its response ends",
            what, type(e).__name__, e,
        )  # fmt: skip
        yield FAILED, {}


def apply() -> None:
    """Wrap Voilà's content generator (safe to call again)."""
    from voila.notebook_renderer import NotebookRenderer

    def make(current: Any) -> Any:
        def generate_content_generator(
            self: Any, kernel_id: Any = None, kernel_future: Any = None
        ) -> AsyncIterator[Any]:
            return ended(current(self, kernel_id, kernel_future), f"the page of kernel {kernel_id}")

        return generate_content_generator

    replaced = wrap_method(NotebookRenderer, "generate_content_generator", make)
    if replaced is not None:
        ORIGINALS["generate_content_generator"] = replaced
