"""How text reaches the tutor's page as HTML: every string is escaped (``text``), or, for
lesson texts and comments, rendered as a small safe Markdown subset (``lesson``) by markdown-it
with raw HTML off and cleaned by nh3 (the Ammonia sanitiser) with a short allow-list.

Nothing a scenario, a position, a link or a visitor supplies is put into a page any other way.
"""

from __future__ import annotations

import html

import nh3
from markdown_it import MarkdownIt

# An example move's element (its class): shown, but the board labels no spot of it
# (``named_words``: l36's free game showed "H3" after "Moves read like … P1 road H3")
EXAMPLE = "catan-example"

# CommonMark without raw HTML, images (no outside requests) or link references to guess at.
_MD = MarkdownIt("commonmark", {"html": False}).disable(["image", "html_inline", "html_block"])
TAGS = {"p", "br", "em", "strong", "code", "pre", "ul", "ol", "li", "blockquote", "a"}
ATTRIBUTES = {"a": {"href", "title"}}
URL_SCHEMES = {"http", "https"}


def text(value: object) -> str:
    """``value`` as text that shows as written (``<``, ``&`` and quotes escaped)."""
    return html.escape(str(value), quote=True)


def lesson(source: str) -> str:
    """A lesson text (goal, comment, tutor text) as sanitised HTML: paragraphs, emphasis,
    code, lists, quotes and http(s) links opening in a new tab; anything else is dropped or
    shown as text."""
    return nh3.clean(
        _MD.render(source),
        tags=TAGS,
        attributes=ATTRIBUTES,
        url_schemes=URL_SCHEMES,
        link_rel="noopener noreferrer nofollow",
        set_tag_attribute_values={"a": {"target": "_blank"}},
    )
