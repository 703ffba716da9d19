"""A page whose render fails still ends (issue 36): Voilà's handler waits for the render's
``None`` for ever when the render raises; ``render_end`` ends it with a marker instead."""

from __future__ import annotations

import asyncio

import pytest

from catan_tutor.server import render_end


async def _render(fail: bool):
    yield "<head>", {}
    if fail:
        raise RuntimeError("Kernel died before replying to kernel_info")
    yield "<body>", {}


async def _put_html(snippets) -> list[str]:
    """What Voilà's ``put_html`` and its reader do: the snippets, then ``None`` ends it."""
    queue: asyncio.Queue = asyncio.Queue()

    async def put_html():
        async for html, _ in snippets:
            await queue.put(html)
        await queue.put(None)

    task = asyncio.ensure_future(put_html())
    got = []
    try:
        while (html := await asyncio.wait_for(queue.get(), 2)) is not None:
            got.append(html)
    except TimeoutError:
        assert task.done() and task.exception() is not None  # read: the render's failure
        raise
    await task
    return got


def test_a_render_that_fails_ends_its_response_with_the_marker():
    got = asyncio.run(_put_html(render_end.ended(_render(fail=True))))
    assert got == ["<head>", render_end.FAILED]


def test_without_the_guard_the_response_never_ends():
    """The failure the guard is for: the reader waits for a ``None`` that never comes."""
    with pytest.raises(TimeoutError):
        asyncio.run(_put_html(_render(fail=True)))


def test_a_render_that_works_is_unchanged():
    assert asyncio.run(_put_html(render_end.ended(_render(fail=False)))) == ["<head>", "<body>"]


def test_apply_wraps_voilas_content_generator_once(monkeypatch):
    """Voilà's generator, wrapped: a render that raises midway ends with the marker."""
    from voila.notebook_renderer import NotebookRenderer

    def dying(self, kernel_id=None, kernel_future=None):  # as a kernel dead at its start
        return _render(fail=True)

    monkeypatch.setattr(NotebookRenderer, "generate_content_generator", dying)
    monkeypatch.setitem(render_end.ORIGINALS, "generate_content_generator", None)
    render_end.apply()
    wrapped = NotebookRenderer.generate_content_generator
    render_end.apply()  # once only
    assert NotebookRenderer.generate_content_generator is wrapped is not dying
    assert render_end.ORIGINALS["generate_content_generator"] is dying
    renderer = object.__new__(NotebookRenderer)
    got = asyncio.run(_put_html(renderer.generate_content_generator("k1", None)))
    assert got == ["<head>", render_end.FAILED]


def test_the_page_script_reads_the_marker_as_a_broken_page():
    from catan_tutor.study.resources import jupyter_data_dir

    js = next(jupyter_data_dir().rglob("catan_kernel.js")).read_text(encoding="utf-8")
    assert "document.querySelector('.catan-render-failed')" in js
    assert 'class="catan-render-failed"' in render_end.FAILED
