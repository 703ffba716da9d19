"""The pool of ``catan-tutor serve --class N`` (issue 35, ``server/kernel_pool.py``): it holds
ready kernels only, refills once no kernel has been taken or started for a page for the
quiet period, and starts its kernels one at a time.

Voilà's own preheating class (``voila_kernel_manager_factory``) runs here over a stand-in
kernel manager and notebook renderer on a fake clock: a kernel takes 2 s to start and its
notebook 2 s more; the quiet period is 15 s."""

from __future__ import annotations

import asyncio
import logging
from types import SimpleNamespace

import pytest
from traitlets.config import Configurable, LoggingConfigurable

from catan_tutor.server import kernel_pool

START, NOTEBOOK, QUIET, SIZE = 2.0, 2.0, 15.0, 3
NB = "00_start_here.ipynb"


class FakeTime:
    """A clock that moves only when ``advance`` moves it, and the sleep that goes with it."""

    def __init__(self) -> None:
        self.now = 0.0
        self.sleepers: list[tuple[float, asyncio.Future]] = []

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        done = asyncio.get_running_loop().create_future()
        self.sleepers.append((self.now + seconds, done))
        await done

    async def advance(self, seconds: float) -> None:
        """Move to now + ``seconds``, waking each sleeper at its time, in order."""
        end = self.now + seconds
        while True:
            await _settle()
            due = [s for s in self.sleepers if s[0] <= end and not s[1].done()]
            if not due:
                break
            self.now = max(self.now, min(d for d, _ in due))
            for when, fut in due:
                if when <= self.now:
                    fut.set_result(None)
            self.sleepers = [s for s in self.sleepers if not s[1].done()]
        self.now = end
        await _settle()

    async def to(self, when: float) -> None:
        await self.advance(when - self.now)


async def _settle() -> None:
    for _ in range(30):
        await asyncio.sleep(0)


def pool_manager(t: FakeTime):
    """Voilà's preheating kernel manager, patched by ``kernel_pool``, over stand-ins."""
    from voila.voila_kernel_manager import voila_kernel_manager_factory

    class Kernels(LoggingConfigurable):
        """What Voilà's class asks of a kernel manager: starts take START seconds."""

        def __init__(self, **kw) -> None:
            super().__init__(**kw)
            self.alive: set[str] = set()
            self.starts: list[tuple[str, float, str]] = []  # id, when, "pool" or "page"
            self.connected: list[tuple[str, float]] = []  # a page's kernel socket opened

        async def start_kernel(self, kernel_name=None, **kw) -> str:
            kid = f"k{len(self.starts) + 1}"
            pool = kw.get("env", {}).get("VOILA_PREHEAT") == "True"
            self.starts.append((kid, t.now, "pool" if pool else "page"))
            await t.sleep(START)
            self.alive.add(kid)
            return kid

        def notify_connect(self, kid: str) -> None:
            self.connected.append((kid, t.now))

        def get_kernel(self, kid: str) -> object:
            return object()

        def __contains__(self, kid: str) -> bool:
            return kid in self.alive

        async def shutdown_kernel(self, kid: str, *a, **kw) -> None:
            self.alive.discard(kid)

        async def shutdown_all(self, *a, **kw) -> None:
            self.alive.clear()

    ran: dict[str, float] = {}  # kernel: when its notebook had run

    class Renderer:
        def __init__(self, path: str) -> None:
            self.notebook_path, self.template_name, self.theme = path, "catan", "light"
            self.notebook = SimpleNamespace(
                metadata=SimpleNamespace(kernelspec=SimpleNamespace(name="python3"))
            )
            self.stop_generator, self.rendered_cache = False, ["<div>the app</div>"]

        async def initialize(self) -> None:
            pass

        async def generate_content_hybrid(self, kernel_id: str, kernel_future) -> tuple:
            await t.sleep(NOTEBOOK)
            ran[kernel_id] = t.now
            return [], None

    base = kernel_pool.refill_when_quiet(voila_kernel_manager_factory)(Kernels, True, SIZE)

    class Pool(base):  # type: ignore[misc, valid-type]
        pool_clock = staticmethod(t.clock)
        pool_sleep = staticmethod(t.sleep)

        def _notebook_renderer_factory(self, notebook_path=None) -> Renderer:
            return Renderer(notebook_path)

    app = Configurable()  # the Voilà application, as far as its kernel manager reads it
    app.root_dir, app.notebook_path = "/srv", f"/srv/{NB}"
    app.base_url, app.server_url, app.port = "/", "/", 8866
    km = Pool(parent=app)
    km.ran = ran
    return km


def spans(km) -> list[tuple[float, float]]:
    """(start, notebook run) of each kernel the pool started."""
    return [(when, km.ran[kid]) for kid, when, who in km.starts if who == "pool" and kid in km.ran]


def pool_starts(km) -> list[float]:
    return [when for _, when, who in km.starts if who == "pool"]


async def take(km) -> str:
    """What Voilà's page handler does when the pool is not empty."""
    assert km.get_pool_size(NB) > 0
    _task, cache, kid = await km.get_rendered_notebook(NB)
    assert cache == ["<div>the app</div>"]  # the page gets the app already rendered
    return kid


@pytest.fixture
def quiet_15(monkeypatch):
    monkeypatch.setenv(kernel_pool.ENV, str(QUIET))


def test_the_pool_fills_one_kernel_at_a_time_and_refills_only_once_the_class_is_quiet(
    quiet_15, caplog
):
    caplog.set_level(logging.INFO, logger="Voila")

    async def scenario() -> None:
        t = FakeTime()
        km = pool_manager(t)
        await t.to(1.0)
        assert km.get_pool_size(NB) == 0  # the first kernel is starting: not in the pool
        await t.to(30.0)
        # start-up: one at a time, each kernel started once the previous ran its notebook
        assert pool_starts(km) == [0.0, 4.0, 8.0]
        assert spans(km) == [(0.0, 4.0), (4.0, 8.0), (8.0, 12.0)]
        assert km.get_pool_size(NB) == SIZE
        assert f"Kernel pool of {NB} is filled with {SIZE} kernel(s)" in caplog.text

        await t.to(100.0)  # the class arrives: three pages take the three kernels
        taken = [await take(km)]
        await t.to(101.0)
        taken.append(await take(km))
        await t.to(102.0)
        taken.append(await take(km))
        assert taken == ["k1", "k2", "k3"] and km.get_pool_size(NB) == 0
        await t.to(103.0)  # a fourth page finds the pool empty: a kernel of its own
        page = asyncio.ensure_future(km.start_kernel(kernel_name="python3", env={}))
        await t.to(117.9)
        assert page.done() and len(pool_starts(km)) == 3  # no refill while the class comes
        await t.to(118.5)  # 15 s after the last kernel started for a page
        assert pool_starts(km)[3:] == [103.0 + QUIET]
        assert km.get_pool_size(NB) == 0  # a visitor now gets a kernel of their own at once
        await t.to(122.5)  # the first refill is ready, the next one starts
        assert km.get_pool_size(NB) == 1 and pool_starts(km)[4:] == [122.0]
        await t.to(123.0)
        await take(km)  # a late pupil: the start under way goes on, the next waits
        await t.to(130.0)
        km.notify_connect("k3")  # a page still drawing: its kernel socket opens
        assert km.connected == [("k3", 130.0)]
        await t.to(144.9)
        assert pool_starts(km)[5:] == [] and km.get_pool_size(NB) == 1
        await t.to(170.0)
        assert pool_starts(km)[3:] == [118.0, 122.0, 145.0, 149.0]
        assert km.get_pool_size(NB) == SIZE
        refills = spans(km)[3:]
        assert all(b[0] >= a[1] for a, b in zip(refills, refills[1:], strict=False))

    asyncio.run(scenario())


def test_a_shutdown_stops_the_refill_and_shuts_a_kernel_half_started(quiet_15):
    async def scenario() -> None:
        t = FakeTime()
        km = pool_manager(t)
        await t.to(30.0)
        await take(km)
        await t.to(46.0)  # the refill started at 45
        assert pool_starts(km)[3:] == [45.0] and km.pool_starting is None  # id not known yet
        await t.to(47.5)
        kid = km.starts[-1][0]
        assert km.pool_starting == kid  # its notebook runs: outside the caps (server_limits)
        stopping = asyncio.ensure_future(km.shutdown_all())
        await t.to(60.0)
        await stopping
        assert km.alive == set()  # the refill's kernel too
        await t.to(200.0)
        assert len(pool_starts(km)) == 4  # and nothing started after

    asyncio.run(scenario())


def test_the_quiet_period_is_a_setting(monkeypatch):
    assert kernel_pool.quiet_seconds({}) == kernel_pool.DEFAULT_QUIET
    assert kernel_pool.quiet_seconds({kernel_pool.ENV: " 4.5 "}) == 4.5
    for bad in ("soon", "-1", "7200"):
        with pytest.raises(ValueError, match=kernel_pool.ENV):
            kernel_pool.quiet_seconds({kernel_pool.ENV: bad})


def test_the_voila_command_fills_its_pool_this_way():
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
    from voila import app

    kernel_pool.apply()
    kernel_pool.apply()  # once is enough
    assert kernel_pool.is_applied()
    plain = app.voila_kernel_manager_factory(AsyncMappingKernelManager, False, 0)
    assert not hasattr(plain, "fill_if_needed")  # no pool: Voilà's own class
    pooled = app.voila_kernel_manager_factory(AsyncMappingKernelManager, True, 2)
    assert pooled.fill_if_needed.__qualname__.startswith("_pool_class.")
    assert pooled.__name__ == "VoilaKernelManager"  # its settings keep Voilà's section name
