"""Kernels kept ready start one at a time (issue 35, scope 2: ``catan-tutor serve --class N``).

Voilà's preheating (``VoilaConfiguration.preheat_kernel``) starts every missing kernel of its
pool at once: N at start-up, and as many as visitors took at once a second after they came.
Each start runs the start notebook (imports, the app built, its first lesson drawn), so on a
small server a burst of starts competes with the visitors' own pages. ``apply()`` makes the
pool's kernel manager start them one after the other: a kernel is started and its notebook
run before the next one begins. A visitor who finds the pool empty gets a kernel of their own
at once, as without a pool.

Applied with the other patches of :mod:`catan_tutor.server.voila_guard` (the voila command).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

_APPLIED = "_catan_tutor_one_at_a_time"


def apply() -> None:
    """Wrap Voilà's kernel-manager factory so a preheating manager starts its kernels one at
    a time. Safe to call again."""
    from voila import app

    factory = app.voila_kernel_manager_factory
    if getattr(factory, _APPLIED, False):
        return
    app.voila_kernel_manager_factory = _one_at_a_time(factory)


def is_applied() -> bool:
    from voila import app

    return getattr(app.voila_kernel_manager_factory, _APPLIED, False)


def _one_at_a_time(factory: Callable[..., type]) -> Callable[..., type]:
    def make(*args: Any, **kwargs: Any) -> type:
        base = factory(*args, **kwargs)
        if not hasattr(base, "_initialize"):  # no preheating: Voilà's own class
            return base

        class OneAtATime(base):  # type: ignore[misc, valid-type]
            _starting: asyncio.Lock | None = None

            async def _initialize(self, notebook_path: str, kernel_id: str | None = None, **kw):
                if OneAtATime._starting is None:
                    OneAtATime._starting = asyncio.Lock()
                async with OneAtATime._starting:
                    started = await super()._initialize(notebook_path, kernel_id, **kw)
                    await asyncio.wait([started["task"]])  # its notebook has run
                    return started

        OneAtATime.__name__ = base.__name__
        return OneAtATime

    setattr(make, _APPLIED, True)
    return make
