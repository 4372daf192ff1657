"""Reports as plain text: what a seat is told, on any channel (terminal, email)."""

from __future__ import annotations

from typing import Any

from sealed.core.game import Game, Result
from sealed.core.match import Report


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
    """A seat's report: its view, the events it may see since its last report, what is due."""
    rendered = game.render(report.view)
    parts = [rendered]
    # A game whose view already lists its notices (Rex Furum's email) is not told twice.
    news = [e.text for e in report.events if e.text not in rendered]
    if news:
        parts.append("What happened:\n" + "\n".join(f"  - {text}" for text in news))
    if report.result is not None:
        parts.append(result_text(report.result))
    elif report.prompt is not None:
        due = f" by {human_time(report.deadline)}" if report.deadline else ""
        parts.append(f"Your orders are due{due} ({report.prompt.phase}).\n{report.prompt.help}")
    else:
        parts.append("Nothing is due from you now.")
    return "\n\n".join(parts)


def human_time(iso: str) -> str:
    """``2026-11-21T20:20+00:00`` as ``2026-11-21 20:20 UTC``."""
    return iso.replace("T", " ").replace("+00:00", " UTC")
