"""Kernels kept ready, refilled once the class has come (issue 35: ``serve --class N``).

Voilà's preheating (``VoilaConfiguration.preheat_kernel``) starts every missing kernel of its
pool at once: N at start-up, and as many as visitors took, a second after each was taken
(``fill_delay``). Each start runs the start notebook (imports, the app built, its first lesson
drawn), so a class arriving at once set off a start for every page while those pages were
still rendering: on 2 cores 8 pages took longer with a pool of 8 than without one. And Voilà
counts a kernel still starting as in the pool, so a visitor could wait behind it.

``apply()`` replaces the pool's filling (Voilà's ``fill_if_needed``) by :func:`keep_full`:

- the pool holds ready kernels only (started, their notebook run): a visitor who finds none
  gets a kernel of their own at once, as without ``--class``, never one still starting;
- a refill waits until the server has been quiet for ``CATAN_TUTOR_POOL_QUIET`` seconds
  (default 15): no kernel taken from the pool, none started for a page and no page's kernel
  socket opened meanwhile; a class arriving keeps resetting that wait, so its pages do not
  share the processor with refills;
- the pool's kernels start one at a time, the next once the previous has run its notebook,
  at start-up too; like every kernel they run at kernel niceness (``kernel_nice``).

Applied with the other patches of :mod:`catan_tutor.server.voila_guard` (the voila command).
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

ENV = "CATAN_TUTOR_POOL_QUIET"
DEFAULT_QUIET = 15.0  # s without a kernel taken or started for a page before a refill
RETRY = 30.0  # s before a start that failed is tried again
_APPLIED = "_catan_tutor_refill_when_quiet"
log = logging.getLogger("Voila")


def quiet_seconds(env: Mapping[str, str] | None = None) -> float:
    """The quiet period asked for (seconds, 0 to 3600); a bad value is refused with what and
    where."""
    raw = (os.environ if env is None else env).get(ENV, str(DEFAULT_QUIET)).strip()
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 3600:
        raise ValueError(f"{ENV}={raw!r}: a number of seconds from 0 to 3600")
    return value


@dataclass
class Quiet:
    """When the pool may start its next kernel: ``quiet`` seconds after the server was last
    ``busy`` (a kernel taken or started for a page, a page's socket opened); at once if it
    never was."""

    quiet: float
    clock: Callable[[], float] = time.monotonic
    last_busy: float | None = None

    def busy(self) -> None:
        self.last_busy = self.clock()

    def since(self) -> float | None:
        """Seconds since the server was last busy (None: never)."""
        return None if self.last_busy is None else self.clock() - self.last_busy

    def wait(self) -> float:
        """Seconds until a refill may start (0: now)."""
        if self.last_busy is None:
            return 0.0
        return max(0.0, self.last_busy + self.quiet - self.clock())


async def keep_full(
    pool: list[asyncio.Future],
    size: int,
    start: Callable[[], Awaitable[dict]],
    quiet: Quiet,
    name: str | None = None,
    sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
) -> None:
    """Start kernels with ``start`` (a kernel started and its notebook run) one at a time,
    each once ``quiet`` allows, until ``pool`` holds ``size`` ready ones; each goes in as a
    done future (what Voilà's pool holds and awaits). ``name``: the notebook's, for the log."""
    while len(pool) < size:
        left = quiet.wait()
        if left > 0:
            await sleep(left)
            continue
        try:
            started = await start()
        except Exception:  # a kernel that cannot start: said, tried again later
            log.exception("catan_tutor.server.kernel_pool: a kernel for the pool did not start")
            await sleep(RETRY)
            continue
        ready: asyncio.Future = asyncio.get_running_loop().create_future()
        ready.set_result(started)
        pool.append(ready)
        log.info("Kernel %s ready for a visitor (%s of %s)", started["kernel_id"], len(pool), size)
    log.info("Kernel pool of %s is filled with %s kernel(s)", name, size)  # as Voilà says it


def apply() -> None:
    """Wrap Voilà's kernel-manager factory so a preheating manager fills its pool as above.
    Safe to call again."""
    from voila import app

    factory = app.voila_kernel_manager_factory
    if getattr(factory, _APPLIED, False):
        return
    app.voila_kernel_manager_factory = refill_when_quiet(factory)


def is_applied() -> bool:
    from voila import app

    return getattr(app.voila_kernel_manager_factory, _APPLIED, False)


def refill_when_quiet(factory: Callable[..., type]) -> Callable[..., type]:
    """``factory`` (Voilà's ``voila_kernel_manager_factory``) whose preheating class fills
    its pool with :func:`keep_full`; without preheating, Voilà's own class."""

    def make(*args: Any, **kwargs: Any) -> type:
        base = factory(*args, **kwargs)
        if not hasattr(base, "fill_if_needed"):  # no preheating: Voilà's own class
            return base
        return _pool_class(base)

    setattr(make, _APPLIED, True)
    return make


def _pool_class(base: type) -> type:
    from jupyter_core.utils import ensure_async
    from voila.utils import ENV_VARIABLE

    class RefillWhenQuiet(base):
        pool_clock = staticmethod(time.monotonic)  # tests put a clock of their own here
        pool_sleep = staticmethod(asyncio.sleep)

        def __init__(self, **kw: Any) -> None:
            self._quiet = Quiet(quiet_seconds(), clock=self.pool_clock)
            self._fillers: dict[str | None, asyncio.Task] = {}
            self._starting: asyncio.Task | None = None  # the pool's kernel being started
            self.pool_starting: str | None = None  # its id, once known (server_limits)
            super().__init__(**kw)

        def fill_if_needed(
            self,
            delay: float | None = None,
            notebook_name: str | None = None,
            extra_kernel_env_variables: dict | None = None,
            **kwargs: Any,
        ) -> None:
            """Voilà calls this at start-up (``delay=0``) and after each kernel taken
            (``delay=None``): refill once quiet, one kernel at a time (see the module)."""
            if delay is None:
                self._quiet.busy()
            filler = self._fillers.get(notebook_name)
            if filler is not None and not filler.done():
                return  # it waits for quiet already, and the quiet was just moved
            config = self.kernel_pools_config
            default = config.get("default", {})
            own = config.get(notebook_name, default)
            size = own.get("pool_size", default.get("pool_size", 1))
            kwargs["env"] = self._kernel_env(own, default, extra_kernel_env_variables, kwargs)
            if "path" not in kwargs:
                kwargs["path"] = os.path.dirname(notebook_name) if notebook_name else self.root_dir
            pool = self._pools.setdefault(notebook_name, [])

            async def start() -> dict:
                self._starting = asyncio.ensure_future(self._start_one(notebook_name, kwargs))
                try:  # a shutdown cancels the filler, never a start half done
                    return await asyncio.shield(self._starting)
                finally:
                    self.pool_starting = None

            try:
                loop = asyncio.get_event_loop()
            except RuntimeError:
                loop = asyncio.new_event_loop()
                asyncio.set_event_loop(loop)
            self._fillers[notebook_name] = loop.create_task(
                keep_full(pool, size, start, self._quiet, notebook_name, self.pool_sleep)
            )

        def _kernel_env(
            self, own: dict, default: dict, extra: dict | None, kwargs: dict
        ) -> dict[str, str]:
            """The environment of a kernel for the pool, as Voilà's own filling makes it."""
            env = {**os.environ, **kwargs.get("env", {})}
            for key, value in own.get(
                "kernel_env_variables", default.get("kernel_env_variables", {})
            ).items():
                env.setdefault(key, value)
            env.update(extra or {})
            env[ENV_VARIABLE.VOILA_BASE_URL] = self.parent.base_url
            env[ENV_VARIABLE.VOILA_SERVER_URL] = self.parent.server_url
            env[ENV_VARIABLE.VOILA_APP_PORT] = str(self.parent.port)
            env[ENV_VARIABLE.VOILA_PREHEAT] = "True"
            return env

        async def _start_one(self, notebook_name: str | None, kwargs: dict) -> dict:
            """A kernel started and its notebook run (Voilà's ``_initialize`` starts it with
            its base class's ``start_kernel``: not counted as a page's below)."""
            since = self._quiet.since()
            started = await self._initialize(notebook_name, None, **kwargs)
            self.pool_starting = started["kernel_id"]
            log.info(
                "Kernel %s started for the pool (%s): its notebook runs",
                started["kernel_id"],
                "at start-up" if since is None else f"{since:.1f} s after a page last came",
            )
            await asyncio.wait([started["task"]])
            return started

        async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
            """A kernel started for a page (the pool was empty) keeps the pool waiting."""
            self._quiet.busy()
            return await ensure_async(super().start_kernel(*args, **kwargs))

        def notify_connect(self, kernel_id: str) -> None:
            """A page's kernel socket opened: that page is still being drawn, so the pool
            waits too."""
            self._quiet.busy()
            super().notify_connect(kernel_id)

        async def shutdown_all(self, *args: Any, **kwargs: Any) -> None:
            """No refill after this; a kernel half started is shut down with the rest."""
            for filler in self._fillers.values():
                filler.cancel()
            if self._starting is not None and not self._starting.done():
                try:
                    await self._starting
                except Exception:  # noqa: BLE001 - its start failed: nothing to shut down
                    pass
            await super().shutdown_all(*args, **kwargs)

    RefillWhenQuiet.__name__ = base.__name__
    RefillWhenQuiet.__qualname__ = base.__qualname__
    return RefillWhenQuiet
