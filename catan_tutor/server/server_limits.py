"""Kernel caps for standalone Voilà (``catan-tutor serve``): per visitor (browser), per client
address (off by default), in total, in lifetime and in idle time, with a "the class is full" page
and a warning before a kernel ends.

Standalone Voilà starts a kernel (about 180 MiB) for every page request and never culls one a
socket holds open: one client started 30 kernels in 60 s (3.65 GiB), and kernels with an idle
socket lived for ever. Hooked into the voila command by ``voila_guard.main`` (``apply()``):

- **Per visitor** (``CATAN_TUTOR_KERNELS_PER_VISITOR``, default 4): a visitor is a browser,
  known by the ``catan_visitor`` cookie the first page sets (``visitor_cookie``); a request
  without a valid one gets a new one and counts under it. A class behind one router or proxy
  shares an address, not a cookie.
- **Per client address** (``CATAN_TUTOR_KERNELS_PER_CLIENT``, default 0: off) for servers
  whose visitors each have their own address, to bound a script that ignores cookies.
- **In total** (``CATAN_TUTOR_MAX_KERNELS``, default 40). Past a cap, the visitor's (the
  address's, anyone's) kernels whose page has gone (they had a socket and have none now, or
  never got one within ``START_GRACE`` seconds) are shut down first; when none is, the
  request gets a 503 page saying why, which retries by itself (``Retry-After``).
- **Lifetime** (``CATAN_TUTOR_KERNEL_LIFETIME``, default 14,400 s = 4 h) and **idle time**
  (``CATAN_TUTOR_KERNEL_IDLE``, default 1,800 s: no message to or from the kernel, an open
  socket or not): the kernel is shut down. From ``CATAN_TUTOR_KERNEL_WARN`` seconds before
  (default 300) the page shows a warning (``catan_page.js`` reads ``GET
  <base>catan/limits/<kernel id>``).

Kernels Voilà keeps ready (``catan-tutor serve --class N``) are outside the caps and never
ended for being idle until a page takes one; from then on it counts as that page's visitor's.

A value of 0 switches a cap off. Under a Jupyter server (JupyterHub, Binder) each user has
their own server and the hub's culler and spawner limits apply instead: nothing here runs.
"""

from __future__ import annotations

import asyncio
import contextvars
import inspect
import json
import os
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from . import visitor_cookie
from .kernel_unstarted import idle_since

START_GRACE = 150.0  # s a new kernel may take to get its page's socket (> executor timeouts)
CHECK_EVERY = 5.0  # s between looks at every kernel
RETRY_AFTER = 30  # s: the "class is full" page reloads by itself
ENV = {
    "per_visitor": "CATAN_TUTOR_KERNELS_PER_VISITOR",
    "per_address": "CATAN_TUTOR_KERNELS_PER_CLIENT",
    "total": "CATAN_TUTOR_MAX_KERNELS",
    "lifetime": "CATAN_TUTOR_KERNEL_LIFETIME",
    "idle": "CATAN_TUTOR_KERNEL_IDLE",
    "warn": "CATAN_TUTOR_KERNEL_WARN",
}
DEFAULTS = {
    "per_visitor": 4,
    "per_address": 0,
    "total": 40,
    "lifetime": 14_400,
    "idle": 1_800,
    "warn": 300,
}
COUNTS = ("per_visitor", "per_address", "total")  # caps counted in kernels, not seconds
_GUARDED = "_catan_tutor_limited"
Who = tuple[str, str]  # (visitor, client address) of a page request


@dataclass
class Flight:
    """One page request whose kernel is starting: counted in ``Tracker.starting`` until its
    kernel has a record (then the record counts it) or the request ends."""

    who: Who
    flying: bool = True


_flight: contextvars.ContextVar[Flight | None] = contextvars.ContextVar(
    "catan_flight", default=None
)


@dataclass(frozen=True)
class Limits:
    """The caps (0: off). ``from_env()`` reads them from ``CATAN_TUTOR_*`` (see module)."""

    per_visitor: int = DEFAULTS["per_visitor"]
    per_address: int = DEFAULTS["per_address"]
    total: int = DEFAULTS["total"]
    lifetime: int = DEFAULTS["lifetime"]
    idle: int = DEFAULTS["idle"]
    warn: int = DEFAULTS["warn"]

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Limits:
        source = os.environ if env is None else env
        values = {}
        for key, name in ENV.items():
            text = source.get(name, "").strip()
            if not text:
                continue
            if not (text.isascii() and text.isdigit()) or len(text) > 9:
                raise ValueError(
                    f"{name}={text!r}: a whole number of "
                    f"{'kernels' if key in COUNTS else 'seconds'}"
                    ", 0 to switch it off"
                )
            values[key] = int(text)
        return cls(**values)


@dataclass
class Record:
    """What the caps know of one kernel: whose it is (visitor and address), when it started,
    whether a page ever connected to it."""

    visitor: str
    address: str
    started: float
    connected: bool = False


@dataclass
class Tracker:
    """The kernels of one Voilà server and the caps on them (pure bookkeeping: the kernel
    manager is asked, never changed, except by ``shut``)."""

    limits: Limits
    km: Any
    records: dict[str, Record] = field(default_factory=dict)
    starting: dict[Who, int] = field(default_factory=dict)  # page requests in flight
    shutting: set[str] = field(default_factory=set)  # kernels being shut (by ``_shut``)

    def alive(self) -> list[str]:
        """The kernels that stay: every kernel but those being shut (counted as gone, so
        that pages asking at once neither count them nor pick them again)."""
        return [k for k in self.km.list_kernel_ids() if k not in self.shutting]

    def ready(self) -> set[str]:
        """The kernels Voilà keeps ready for pages to come (``catan-tutor serve --class N``),
        not handed to a page yet, and the one being started for that pool (``kernel_pool``):
        outside the caps, never ended for being idle."""
        starting = getattr(self.km, "pool_starting", None)
        out = {starting} if isinstance(starting, str) else set()
        for pool in getattr(self.km, "_pools", {}).values():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    out.add(task.result().get("kernel_id"))
        return out

    def sockets(self, kid: str) -> int:
        return int(getattr(self.km, "_kernel_connections", {}).get(kid, 0))

    def idle_for(self, kid: str, now: float) -> float:
        kernel = self.km.get_kernel(kid) if kid in self.km else None
        last = idle_since(kernel)  # None for a kernel whose start failed
        return 0.0 if last is None else max(0.0, time.time() - last.timestamp())

    def gone(self, kid: str, now: float) -> bool:
        """Its page has gone: it had a socket and has none, or never got one in time. A
        kernel without a record is still starting (the record is made once it has started):
        its page is waiting for it, so it is never gone."""
        rec = self.records.get(kid)
        if rec is None or self.sockets(kid):
            return False
        return rec.connected or now - rec.started > START_GRACE

    def held(self, by: str, value: str) -> list[str]:
        """The kernels alive whose ``by`` (``"visitor"`` or ``"address"``) is ``value``,
        oldest first."""
        alive = set(self.alive())
        return sorted(
            (k for k, r in self.records.items() if getattr(r, by) == value and k in alive),
            key=lambda k: self.records[k].started,
        )

    def take_off(self, who: Who) -> Flight:
        """A page request of ``who`` starts its kernel: it counts until ``land``."""
        self.starting[who] = self.starting.get(who, 0) + 1
        return Flight(who)

    def land(self, flight: Flight) -> None:
        """The request's kernel has its record, or the request ended: it counts no more as
        starting (once: a request counted both starting and by its kernel's record would
        count twice, refusing a visitor under its cap)."""
        if not flight.flying:
            return
        flight.flying = False
        self.starting[flight.who] -= 1
        if not self.starting[flight.who]:
            del self.starting[flight.who]

    def started(self, kid: str, now: float) -> None:
        """Record ``kid`` as the kernel of the page request under way (in this context)."""
        flight = _flight.get()
        self.records[kid] = Record(*(flight.who if flight else ("", "")), now)
        if flight is not None:
            self.land(flight)

    def flying(self, by: str, value: str) -> int:
        """The page requests of that visitor (or address) whose kernel is starting."""
        at = 0 if by == "visitor" else 1
        return sum(n for who, n in self.starting.items() if who[at] == value)

    def refusal(self, visitor: str, address: str, now: float) -> tuple[str, list[str]] | None:
        """Why a new page of ``visitor`` from ``address`` is refused (``"visitor"``,
        ``"address"`` or ``"total"``) with the kernels to shut first to admit it, or None
        when it may start as things are. The kernels to shut are gone pages; when there are
        not enough, the refusal stands."""
        lim, shut = self.limits, []
        for by, cap, value in (
            ("visitor", lim.per_visitor, visitor),
            ("address", lim.per_address, address),
        ):
            if not cap:
                continue
            held = [k for k in self.held(by, value) if k not in shut]
            flying = self.flying(by, value)
            if len(held) + flying >= cap:
                spare = [k for k in held if self.gone(k, now)]
                need = len(held) + flying - cap + 1
                if len(spare) < need:
                    return by, []
                shut += spare[:need]
        ready = self.ready()
        alive = [k for k in self.alive() if k not in shut and k not in ready]
        flying_all = sum(self.starting.values())
        if lim.total and len(alive) + flying_all >= lim.total:
            spare = sorted(
                (k for k in alive if self.gone(k, now)),
                key=lambda k: getattr(self.records.get(k), "started", 0.0),
            )
            need = len(alive) + flying_all - lim.total + 1
            if len(spare) < need:
                return "total", []
            shut += spare[:need]
        return ("", shut) if shut else None

    def ending(self, kid: str, now: float) -> tuple[str, float] | None:
        """The cap that ends the kernel soonest and the seconds left, or None (no cap)."""
        rec = self.records.get(kid)
        ends = []
        if self.limits.lifetime and rec is not None:
            ends.append(("lifetime", self.limits.lifetime - (now - rec.started)))
        if self.limits.idle and kid in self.km:
            ends.append(("idle", self.limits.idle - self.idle_for(kid, now)))
        return min(ends, key=lambda e: e[1]) if ends else None

    def expired(self, now: float) -> list[tuple[str, str]]:
        """(kernel, cap) of every kernel past its lifetime or idle time; notes connections."""
        out = []
        alive = set(self.alive())
        for kid in list(self.records):
            if kid not in alive:
                del self.records[kid]
        for kid in alive - self.ready():
            rec = self.records.get(kid)
            if rec is not None and self.sockets(kid):
                rec.connected = True
            end = self.ending(kid, now)
            if end is not None and end[1] <= 0:
                out.append((kid, end[0]))
        return out


FULL_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>The class is full</title>
<meta http-equiv="refresh" content="{retry}">
<style>body{{font-family:system-ui,sans-serif;max-width:36em;margin:4em auto;padding:0 1em;
color:#1f2933}} h1{{color:#8a4b00;font-size:1.5em}} a{{color:#1b5e9f}}</style></head>
<body data-catan-full="{why}"><h1>{title}</h1><p>{text}</p>
<p>This page tries again by itself in {retry} seconds, or <a href="">try again now</a>.</p>
</body></html>"""
FULL_TEXT = {
    "visitor": (
        "You have too many tutor tabs open",
        "This browser already has {n} tutor {tabs} open on this server, the most it "
        "may have. Close a tab you no longer use.",
    ),
    "address": (
        "Too many tutor tabs from this network",
        "Your network address already has {n} tutor {tabs} open on this server, the most "
        "one address may have. Close a tab you no longer use, or ask whoever runs the "
        "server.",
    ),
    "total": (
        "The class is full",
        "The server already runs {n} tutor {sessions}, the most it can hold. A place "
        "frees up when someone closes their tab.",
    ),
}


def full_page(why: str, n: int, retry: int = RETRY_AFTER) -> str:
    title, text = FULL_TEXT[why]
    plural = "" if n == 1 else "s"
    text = text.format(n=n, tabs="tab" + plural, sessions="session" + plural)
    return FULL_PAGE.format(retry=retry, why=why, title=title, text=text)


# ----------------------------------------------------------------- hooks into Voilà
def _tracker(handler: Any) -> Tracker:
    """The tracker of ``handler``'s server, made (and its kernel manager watched) once."""
    app = handler.application
    tracker = getattr(app, _GUARDED, None)
    if tracker is None:
        tracker = Tracker(Limits.from_env(), handler.kernel_manager)
        setattr(app, _GUARDED, tracker)
        _watch(tracker)
        _route(app, handler.base_url, tracker)
    return tracker


def _watch(tracker: Tracker) -> None:
    """Record who starts each kernel and when a page connects; cull on a timer."""
    from tornado.ioloop import PeriodicCallback

    km = tracker.km
    start, connect = km.start_kernel, km.notify_connect

    async def start_kernel(*args: Any, **kwargs: Any) -> str:
        kid = start(*args, **kwargs)
        if inspect.isawaitable(kid):
            kid = await kid
        tracker.started(kid, time.monotonic())
        return kid

    def notify_connect(kid: str) -> None:
        connect(kid)
        if kid in tracker.records:
            tracker.records[kid].connected = True

    km.start_kernel, km.notify_connect = start_kernel, notify_connect

    if hasattr(km, "get_rendered_notebook"):  # a kernel kept ready, handed to a page
        hand = km.get_rendered_notebook

        async def get_rendered_notebook(*args: Any, **kwargs: Any) -> Any:
            got = await hand(*args, **kwargs)
            tracker.started(got[2], time.monotonic())
            return got

        km.get_rendered_notebook = get_rendered_notebook

    async def cull() -> None:
        for kid, why in tracker.expired(time.monotonic()):
            km.log.info("catan_tutor.server.server_limits: kernel %s ended (%s cap)", kid, why)
            await _shut(tracker, kid)

    PeriodicCallback(lambda: asyncio.ensure_future(cull()), CHECK_EVERY * 1000).start()


async def _shut(tracker: Tracker, kid: str) -> None:
    """Shut ``kid`` once: a kernel already being shut is left to that shutdown."""
    if kid in tracker.shutting:
        return
    tracker.shutting.add(kid)
    try:
        await tracker.km.shutdown_kernel(kid)
    except Exception as e:  # noqa: BLE001 - gone meanwhile: nothing to shut
        tracker.km.log.debug("catan_tutor.server.server_limits: %s already gone (%s)", kid, e)
    finally:
        tracker.shutting.discard(kid)


def _route(app: Any, base_url: str, tracker: Tracker) -> None:
    """``GET <base>catan/limits/<kernel id>``: the cap that ends it soonest and when."""
    from tornado.web import RequestHandler

    class LimitsHandler(RequestHandler):
        def get(self, kid: str) -> None:
            now = time.monotonic()
            end = tracker.ending(kid, now) if kid in tracker.records else None
            self.set_header("Content-Type", "application/json")
            self.set_header("Cache-Control", "no-store")
            self.finish(
                json.dumps(
                    None
                    if end is None
                    else {"cap": end[0], "left": max(0, round(end[1])), "warn": tracker.limits.warn}
                )
            )

    rules = app.default_router.rules
    before = list(rules)
    app.add_handlers(
        ".*$", [(base_url.rstrip("/") + r"/catan/limits/([0-9a-f-]{1,64})", LimitsHandler)]
    )
    for rule in [r for r in rules if r not in before]:  # before Voilà's catch-all page
        rules.remove(rule)
        rules.insert(0, rule)


def _limited_get(get: Any) -> Any:
    async def limited(self: Any, path: str | None = None) -> None:
        tracker = _tracker(self)
        who = (visitor_cookie.visitor(self), self.request.remote_ip or "?")
        verdict = tracker.refusal(*who, time.monotonic())
        client = f"visitor {visitor_cookie.tag(who[0])} at {who[1]}"
        if verdict is not None and verdict[0]:
            why = verdict[0]
            if why == "total":
                n = len(tracker.alive())
            else:  # its kernels, and those of its pages still starting
                by = who[0] if why == "visitor" else who[1]
                n = len(tracker.held(why, by)) + tracker.flying(why, by)
            self.log.warning(
                "catan_tutor.server.server_limits: page refused for %s (%s cap, %d kernels)",
                client,
                why,
                n,
            )
            self.set_status(503)
            self.set_header("Retry-After", str(RETRY_AFTER))
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.set_header("Cache-Control", "no-store")
            self.finish(full_page(why, n))
            return
        for kid in verdict[1] if verdict else ():
            self.log.info(
                "catan_tutor.server.server_limits: kernel %s shut (its page is gone) "
                "for a new page of %s",
                kid,
                client,
            )
            await _shut(tracker, kid)
        flight = tracker.take_off(who)
        token = _flight.set(flight)
        try:
            await get(self, path)
        finally:
            tracker.land(flight)
            _flight.reset(token)

    setattr(limited, _GUARDED, True)
    return limited


def apply() -> None:
    """Put the caps on standalone Voilà's page handler (safe to call again)."""
    Limits.from_env()  # a bad setting stops the server at once, naming it
    from voila.tornado.handler import TornadoVoilaHandler

    if not getattr(TornadoVoilaHandler.get, _GUARDED, False):
        TornadoVoilaHandler.get = _limited_get(TornadoVoilaHandler.get)


def is_applied() -> bool:
    from voila.tornado.handler import TornadoVoilaHandler

    return bool(getattr(TornadoVoilaHandler.get, _GUARDED, False))
