"""Reports as plain text: what a seat is told, on any channel (terminal, email).

Every text here is :func:`printable`: what players wrote travels in it, and must never act
on the reader's terminal.
"""

from __future__ import annotations

import json
import re
from typing import Any

from sealed.core.game import GM, Game, Result
from sealed.core.jsonable import jsonable
from sealed.core.match import Message, Report

# Control characters but newline and tab (C0, DEL, C1) and the bidirectional overrides. A seat's
# own words reach other readers (a message, a narration in a post): printed raw, an escape
# sequence could clear a reader's terminal, hide the lines after it, or rewrite the referee's.
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    """``text`` safe to print: each control character shown as its escape (``\\x1b``)."""
    return CONTROL.sub(_escape, text.replace("\r\n", "\n"))


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def result_text(result: Result) -> str:
    scores = ", ".join(f"{seat} {score:g}" for seat, score in result.scores.items())
    if not result.winners:
        head = "nobody wins"
    elif len(result.winners) == 1:
        head = f"{result.winners[0]} wins"
    else:
        head = "shared win: " + ", ".join(result.winners)
    return f"Game over ({result.reason}). {head}. Scores: {scores}."


def report_text(game: Game[Any, Any, Any], report: Report) -> str:
    """A reader's report: its view, what it may know since its cursor, messages, what is due."""
    rendered = game.render(report.view) if report.seat != GM else gm_text(report.view)
    parts = [rendered]
    # A game whose view already lists its notices (Rex Furum's email) is not told twice.
    news = [e.text for e in report.events if e.text not in rendered]
    if news:
        parts.append("What happened:\n" + "\n".join(f"  - {text}" for text in news))
    if report.messages:
        parts.append("Messages:\n" + "\n".join(message_line(m) for m in report.messages))
    if report.result is not None:
        parts.append(result_text(report.result))
    elif report.prompt is not None:
        due = f" by {human_time(report.deadline)}" if report.deadline else ""
        parts.append(
            f"Your orders for step {report.step} are due{due} ({report.prompt.phase}).\n"
            f"{report.prompt.help}"
        )
    else:
        parts.append("Nothing is due from you now.")
    return printable("\n\n".join(parts))


def message_line(message: Message) -> str:
    """``  #3 ana to ben, gm (step 2): text``; a multi-line text is indented."""
    to = "everyone" if message.to is None else ", ".join(sorted(message.to))
    body = printable(message.text).replace("\n", "\n      ")
    return f"  #{message.number} {message.sender} to {to} (step {message.step}): {body}"


def gm_text(view: Any) -> str:
    """The game master's view (the whole state) as indented JSON."""
    return "The whole game (game master's view):\n" + json.dumps(jsonable(view), indent=1)


def human_time(iso: str) -> str:
    """``2026-11-21T20:20:05+00:00`` as ``2026-11-21 20:20:05 UTC``."""
    return iso.replace("T", " ").replace("+00:00", " UTC")
