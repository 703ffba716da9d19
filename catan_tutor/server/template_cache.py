"""The page's templates are compiled once per server, not once per visitor (issues 35, 36).

nbconvert 7 builds a new Jinja environment for each exporter, and Voilà 0.5 makes an exporter
for each page it serves: every visit lexed, parsed and compiled the lab templates again on
the server's only thread (about half a second of CPU a page; seconds of wall time when a
class's kernels share the cores). The watchdog's late beats of the 2026-11-29 stress run
were there: the loop's thread seen in ``Environment._compile``, Jinja's lexer and compiler.

``apply()`` wraps ``TemplateExporter._create_environment`` to give each new environment a
process-wide in-memory bytecode cache, keyed by template name and file and by what changes
the compiled code (sync or async, the extensions: Voilà adds ``do`` to its own); Jinja checks
the source's digest on every load, so a changed template is compiled afresh. Filters and
globals stay each exporter's own.
"""

from __future__ import annotations

import threading
from typing import Any

from jinja2 import BytecodeCache, Environment
from jinja2.bccache import Bucket

from .patch import is_wrapped, wrap_method


class MemoryBytecodeCache(BytecodeCache):
    """Compiled templates kept in this process (a few hundred kB for the lab templates)."""

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}
        self._lock = threading.Lock()

    def get_bucket(
        self, environment: Environment, name: str, filename: str | None, source: str
    ) -> Bucket:
        """Jinja's bucket, its key also naming the environment's mode and extensions."""
        mode = f"{environment.is_async}|{','.join(sorted(environment.extensions))}"
        bucket = Bucket(
            environment,
            self.get_cache_key(f"{mode}|{name}", filename),
            self.get_source_checksum(source),
        )
        self.load_bytecode(bucket)
        return bucket

    def load_bytecode(self, bucket: Bucket) -> None:
        with self._lock:
            code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        code = bucket.bytecode_to_string()
        with self._lock:
            self._code[bucket.key] = code

    def clear(self) -> None:
        with self._lock:
            self._code.clear()


CACHE = MemoryBytecodeCache()


def apply() -> None:
    """Wrap nbconvert's ``TemplateExporter._create_environment`` (safe to call again)."""
    from nbconvert.exporters.templateexporter import TemplateExporter

    def make(current: Any) -> Any:
        def _create_environment(self: Any) -> Any:
            environment = current(self)
            if environment.bytecode_cache is None:
                environment.bytecode_cache = CACHE
            return environment

        return _create_environment

    wrap_method(TemplateExporter, "_create_environment", make)


def is_applied() -> bool:
    from nbconvert.exporters.templateexporter import TemplateExporter

    return is_wrapped(TemplateExporter, "_create_environment")
