"""Deadlines for games run from game files: reminders before, the close when it passes.

The server (issue 11) keeps deadlines in its database; a game run by
``python -m sealed.mail serve`` has only its game file, whose open step
carries its deadline. :func:`sweep` is called every few seconds: it closes a
step whose deadline has passed (seats that did not seal get the game's
default, as at a table) and queues the new reports, and before that reminds
each seat that has not sealed, once per step.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sealed.core.errors import SealedError
from sealed.mail import answers
from sealed.mail.gateway import Gateway
from sealed.mail.port import SeatRef

REMIND_BEFORE = timedelta(minutes=5)


def sweep(gateway: Gateway, game: str, now: datetime, remind: timedelta = REMIND_BEFORE) -> str:
    """What it did for ``game`` at ``now``: ``closed``, ``reminded``, or ``nothing``."""
    status = gateway.port.status(game)
    if status.over or status.deadline is None:
        return "nothing"
    deadline = datetime.fromisoformat(status.deadline)
    if now >= deadline:
        try:
            gateway.port.gm_command(game, "close")
        except SealedError:  # closed meanwhile (the GM, or the last orders): nothing to do
            return "nothing"
        gateway.send_reports(game)
        return "closed"
    if deadline - now > remind or not status.waiting:
        return "nothing"
    title = gateway.port.title(game)
    for seat in status.waiting:
        ref = SeatRef(game, seat)
        text = answers.reminder(title, status.step, status.deadline)
        subject = f"{title}: reminder, step {status.step}"
        mail = gateway.compose(ref, subject, text, status.step)
        gateway.outbox.put(f"reminder/{game}/{status.step}/{seat}", mail, game, seat, subject)
    return "reminded"
