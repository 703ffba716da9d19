"""The page's templates are compiled once per server (catan_tutor/server/template_cache.py,
issues 35 and 36): a second exporter, as Voilà makes for each visitor, loads the lab templates
without compiling them; a changed template is compiled afresh; sync and async environments
(and Voilà's extra ``do`` extension) never share compiled code."""

from __future__ import annotations

import asyncio

import jinja2
import nbformat
import pytest
from nbconvert.exporters import HTMLExporter

from catan_tutor.server import template_cache, voila_guard

NOTEBOOK = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1")])


@pytest.fixture(autouse=True)
def fresh_cache() -> None:
    voila_guard.apply()  # as the server does: template_cache.apply() among the rest
    assert template_cache.is_applied()
    template_cache.CACHE.clear()


@pytest.fixture
def compiles(monkeypatch) -> list[str]:
    """The names of the templates Jinja compiles from source."""
    seen: list[str] = []
    compile_ = jinja2.Environment.compile

    def counting(self, source, name=None, filename=None, raw=False, defer_init=False):
        seen.append(name or "?")
        return compile_(self, source, name, filename, raw, defer_init)

    monkeypatch.setattr(jinja2.Environment, "compile", counting)
    return seen


def test_a_second_visitor_s_exporter_compiles_no_template(compiles) -> None:
    first, _ = HTMLExporter(template_name="lab").from_notebook_node(NOTEBOOK)
    assert len(compiles) >= 5, compiles  # the lab template and those it extends
    compiles.clear()
    second, _ = HTMLExporter(template_name="lab").from_notebook_node(NOTEBOOK)
    assert compiles == []
    assert second == first and '<span class="mi">1</span>' in second


def test_a_changed_template_is_compiled_afresh(tmp_path, compiles) -> None:
    template = tmp_path / "page.j2"
    template.write_text("first {{ nb.cells | length }}")
    made = [HTMLExporter(template_file=str(template)) for _ in range(3)]
    assert made[0].from_notebook_node(NOTEBOOK)[0] == "first 1"
    assert made[1].from_notebook_node(NOTEBOOK)[0] == "first 1"
    assert compiles.count(str(template.name)) + compiles.count(str(template)) <= 1, compiles
    template.write_text("second {{ nb.cells | length }}")
    assert made[2].from_notebook_node(NOTEBOOK)[0] == "second 1"


def test_sync_and_async_environments_do_not_share_compiled_code(tmp_path) -> None:
    (tmp_path / "t.j2").write_text("{% set xs = [] %}{% do xs.append(2) %}{{ xs | sum }}")
    loader = jinja2.FileSystemLoader(str(tmp_path))
    plain = jinja2.Environment(loader=loader, bytecode_cache=template_cache.CACHE)
    plain.add_extension("jinja2.ext.do")
    asynchronous = jinja2.Environment(
        loader=loader, enable_async=True, bytecode_cache=template_cache.CACHE
    )
    asynchronous.add_extension("jinja2.ext.do")
    assert plain.get_template("t.j2").render() == "2"
    assert asyncio.run(asynchronous.get_template("t.j2").render_async()) == "2"
    without_do = jinja2.Environment(loader=loader, bytecode_cache=template_cache.CACHE)
    with pytest.raises(jinja2.TemplateSyntaxError):  # compiled for itself, not taken from `do`'s
        without_do.get_template("t.j2")
