"""The HTML part of a report email: the same text, with its tables as tables.

Reports are written for terminals and plain text mail: columns aligned with
spaces (Rex Furum's Round Beginning Email has three such tables). A mail
program with a proportional font breaks that alignment, so a report that has
a table also gets an HTML part (``multipart/alternative``: the plain text
first, as RFC 2046 orders them, then the HTML) where each table is a real
``<table>``. Everything else stays as it was written: paragraphs, ``- ``
lists, and indented blocks (the game master's JSON view) in ``<pre>``.

The HTML is made from the plain text alone, never from the game, so it can
say nothing the text does not; every piece of text is escaped
(:func:`html.escape`), so a player's press cannot add markup. A text without
a table gets no HTML part (:func:`report_html` returns None): plain text is
all it needs.
"""

from __future__ import annotations

import re
from html import escape

from sealed.report import printable

COLUMN_GAP = re.compile(r" {2,}")  # two spaces or more separate a table's cells
LIST_ITEM = re.compile(r"^\s*- ")
MIN_ROWS = 2

STYLE = (
    "body{font-family:sans-serif;line-height:1.4}"
    "table{border-collapse:collapse;margin:0.5em 0}"
    "th,td{text-align:left;padding:2px 12px 2px 0;vertical-align:top}"
    "th{border-bottom:1px solid #999}"
    "pre{font-family:monospace;white-space:pre-wrap}"
)


def report_html(text: str) -> str | None:
    """``text`` as an HTML document if it has a table (None: it does not need one).

    Control characters a player wrote (in press, a narration) are shown as their
    escapes (:func:`sealed.report.printable`), as in the plain part: escaping HTML
    does not stop a bidi override from reordering what the reader sees.
    """
    text = printable(text)
    rendered = [_block(lines) for lines in _blocks(text)]
    if not any(part.startswith("<table") for part in rendered):
        return None
    body = "\n".join(rendered)
    return (
        '<!doctype html>\n<html><head><meta charset="utf-8">'
        f"<style>{STYLE}</style></head>\n<body>\n{body}\n</body></html>\n"
    )


def _blocks(text: str) -> list[list[str]]:
    """The text's blocks: runs of lines between blank lines."""
    blocks: list[list[str]] = [[]]
    for line in text.replace("\r\n", "\n").split("\n"):
        if line.strip():
            blocks[-1].append(line.rstrip())
        elif blocks[-1]:
            blocks.append([])
    return [block for block in blocks if block]


def _block(lines: list[str]) -> str:
    rows = _table(lines)
    if rows is not None:
        return _table_html(rows)
    if all(LIST_ITEM.match(line) for line in lines):
        return _list_html(lines)
    if len(lines) > 1 and all(LIST_ITEM.match(line) for line in lines[1:]):
        return f"<p>{escape(lines[0].strip())}</p>\n{_list_html(lines[1:])}"  # "Notices:"
    if len(lines) > 1 and any(line.startswith((" ", "\t")) for line in lines[1:]):
        return f"<pre>{escape(chr(10).join(lines))}</pre>"  # indentation carries meaning
    return "<p>" + "<br>\n".join(escape(line.strip()) for line in lines) + "</p>"


def _list_html(lines: list[str]) -> str:
    items = "".join(f"<li>{escape(LIST_ITEM.sub('', line))}</li>" for line in lines)
    return f"<ul>{items}</ul>"


def _table(lines: list[str]) -> list[list[str]] | None:
    """The block's rows of cells if it is a table: every line splits into the same number
    (two or more) of cells at runs of spaces; a line that starts with spaces has an empty
    first cell (the corner of a table with row and column headings)."""
    if len(lines) < MIN_ROWS or any(LIST_ITEM.match(line) for line in lines):
        return None
    rows = [_cells(line) for line in lines]
    widths = {len(row) for row in rows}
    if len(widths) != 1 or widths.pop() < 2:
        return None
    return rows


def _cells(line: str) -> list[str]:
    cells = COLUMN_GAP.split(line.strip())
    return ["", *cells] if line.startswith("  ") else cells


def _table_html(rows: list[list[str]]) -> str:
    """A table; its first row is the heading when it has three columns or more (a row of
    names over rows of values), else every row is a name and its value."""
    heading = len(rows[0]) >= 3 and len(rows) >= 2
    parts = ["<table>"]
    for index, row in enumerate(rows):
        tag = "th" if heading and index == 0 else "td"
        cells = "".join(f"<{tag}>{escape(cell)}</{tag}>" for cell in row)
        parts.append(f"<tr>{cells}</tr>")
    parts.append("</table>")
    return "".join(parts)
