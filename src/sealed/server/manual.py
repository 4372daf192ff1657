"""A game's manual (Markdown) as HTML for the rules page.

Rendered with markdown-it-py (CommonMark, tables on) with raw HTML off, so a ``<script>``
in a manual is shown as text, never run; links with unsafe schemes (``javascript:``) are
refused by the library's own link check. Headings get ids from their text, as a manual's
own links expect (``[Rulings](#rulings)``).
"""

from __future__ import annotations

import re
from functools import cache

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore

NOT_IN_ID = re.compile(r"[^\w\- ]")


def heading_id(text: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    return NOT_IN_ID.sub("", text.strip().lower()).replace(" ", "-")


def _heading_ids(state: StateCore) -> None:
    """Give every heading an id; a repeated heading gets ``-1``, ``-2`` as on GitHub."""
    seen: dict[str, int] = {}
    tokens = state.tokens
    for index, token in enumerate(tokens):
        if token.type != "heading_open" or index + 1 >= len(tokens):
            continue
        base = heading_id(tokens[index + 1].content)
        count = seen.get(base, 0)
        seen[base] = count + 1
        token.attrSet("id", base if count == 0 else f"{base}-{count}")


@cache
def _renderer() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    md.core.ruler.push("heading_ids", _heading_ids)
    return md


def manual_html(markdown: str) -> str:
    """``markdown`` as HTML safe to put in a page as it is (raw HTML is escaped)."""
    html: str = _renderer().render(markdown)
    return html
