"""What the game master sees and undoes: pure functions over a match (no database).

``preview`` resolves a copy of the open step; ``rolled_back`` replays a record
without its last steps; ``rollback_changes`` says per reader what that changes.
"""

from __future__ import annotations

import dataclasses
import difflib
import json
from typing import TYPE_CHECKING, Any

from sealed.core.chance import SeededChance
from sealed.core.errors import NoOrderDueError
from sealed.core.events import told
from sealed.core.game import GM
from sealed.core.jsonable import jsonable
from sealed.core.match import Match, replay
from sealed.report import report_text

if TYPE_CHECKING:
    from sealed.server.model import Snapshot

ORDERS = "(orders)"  # the preview's list of orders: not a seat name (seats are words)


def status_of(snapshot: Snapshot) -> dict[str, Any]:
    """Who is due and who has sealed (never what), for the console and the API."""
    match = snapshot.match
    prompts = match.prompts()
    bots = match.bots()
    seats = {
        seat: {
            "due": seat in prompts,
            "sealed": seat in match.pending,
            "bot": bots.get(seat),
        }
        for seat in match.readers
        if seat != GM or GM in prompts
    }
    result = match.result()
    return {
        "game": match.game.name,
        "title": match.game.title,
        "step": match.step,
        "steps": len(match.steps),
        "status": snapshot.status,
        "deadline": match.deadline,
        "wait": bool(snapshot.row.wait),
        "seats": seats,
        "revision": int(snapshot.row.revision),
        "result": None if result is None else result.to_json(),
    }


def all_reports(match: Match[Any, Any, Any]) -> str:
    """Every reader's full report, as text (the GM's download)."""
    parts = []
    for seat in match.readers:
        text = report_text(match.game, match.report(seat, full=True))
        parts.append(f"===== {seat} =====\n{text}")
    return "\n\n".join(parts) + "\n"


def preview(match: Match[Any, Any, Any]) -> dict[str, list[str]]:
    """What the open step would say to each reader if it opened now (nothing changes).

    Seats that have not sealed get their default. Chance is drawn from a
    preview seed, not the game's: a preview must not show the GM the dice
    that will really fall (else rolling back and re-closing could choose them).
    The key :data:`ORDERS` lists the orders the preview opened.
    """
    game = match.game
    prompts = match.prompts()
    if not prompts:
        raise NoOrderDueError("the game is over: there is no step to preview")
    orders = dict(match.pending_orders)
    for seat in prompts:
        orders.setdefault(seat, game.default_order(match.state, seat))
    chance = SeededChance(f"preview/{match.seed}/{match.step}")
    _state, events = game.resolve(match.state, orders, chance)
    lines = {seat: [t.text for t in told(events, seat)] for seat in match.seats}
    lines[GM] = [t.text for t in told(events, None)]
    lines[ORDERS] = [
        f"{seat}: {game.format(order)}" + ("" if seat in match.pending else " (default)")
        for seat, order in orders.items()
    ]
    return lines


def rolled_back(match: Match[Any, Any, Any], count: int) -> Match[Any, Any, Any]:
    """The match replayed from its record without its last ``count`` steps.

    Pending orders are dropped (they were for a step that no longer exists),
    messages and handovers are kept, and every reader's cursor is held to
    what still exists so nothing new is hidden from anyone.
    """
    record = match.to_json()
    record["steps"] = record["steps"][: len(record["steps"]) - count]
    record["pending"] = {}
    record["state_digest"] = None
    record["deadline"] = None
    record["cursors"] = {}
    earlier = replay(record)
    events = len(earlier.events)
    earlier.cursors = {
        key: dataclasses.replace(c, events=min(c.events, events))
        for key, c in match.cursors.items()
    }
    return earlier


def rollback_changes(
    now: Match[Any, Any, Any], earlier: Match[Any, Any, Any]
) -> dict[str, list[str]]:
    """Per reader: the events it was told that are undone, and how its view changes."""
    undone = now.events[len(earlier.events) :]
    changes: dict[str, list[str]] = {}
    for seat in now.readers:
        reader = None if seat == GM else seat
        lines = [f"undone: {t.text}" for t in told(undone, reader)]
        before = _view_text(now, seat).splitlines()
        after = _view_text(earlier, seat).splitlines()
        diff = list(difflib.unified_diff(before, after, "now", "after", lineterm="", n=0))
        lines += [line for line in diff[2:] if not line.startswith("@@")]
        changes[seat] = lines or ["nothing changes"]
    return changes


def _view_text(match: Match[Any, Any, Any], seat: str) -> str:
    if seat == GM:
        return json.dumps(jsonable_gm(match), indent=1, sort_keys=True)
    return match.game.render(match.game.view(match.state, seat))


def jsonable_gm(match: Match[Any, Any, Any]) -> Any:
    return jsonable(match.game.gm_view(match.state))
