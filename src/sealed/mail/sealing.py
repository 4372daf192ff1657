"""One email's orders into a match: the part every :class:`~sealed.mail.port.GamePort` shares.

A port calls :func:`seal_email` inside its own lock or transaction, then
commits. The reading itself is the core's :func:`~sealed.core.match.salvage_orders`
(one lenient reader for the command line and the gateway).
"""

from __future__ import annotations

from typing import Any

from sealed.core.errors import NoOrderDueError, OrderError, SealedError
from sealed.core.match import Match, salvage_orders
from sealed.mail.port import SealOutcome, SeatRef


def seal_email(
    match: Match[Any, Any, Any], ref: SeatRef, body: str, step: int | None
) -> SealOutcome:
    """Seal ``body`` (a player's own text) as ``ref.seat``'s orders for ``step``.

    A stale step is refused before the body is read against today's state:
    an answer to round 3 is late, whatever it says, and is never read as
    round 4's orders. Refusals change nothing.
    """
    open_step = match.step
    try:
        if step is not None and step != open_step:
            # Raises StaleStepError before parsing ("already counted" if it is the same text).
            match.seal(ref.seat, body.strip(), step)
        if ref.seat not in match.prompts():
            match.seal(ref.seat, body, step)  # raises NoOrderDueError (nothing due, game over)
            raise NoOrderDueError(f"no orders are due from {ref.seat} now")
        phase = match.prompts()[ref.seat].phase
        orders, skipped = salvage_orders(match.game, match.state, ref.seat, body)
        held = match.pending.get(ref.seat)
        same = held is not None and held.text == orders
        match.seal(ref.seat, orders, step)
    except OrderError as error:
        return _refused(match, error, open_step)
    except SealedError as error:  # not an order error, but still the user's: say it
        return _refused(match, error, open_step)
    opened = match.step != open_step  # the last orders of a step open it (close_early)
    sealed = match.steps[open_step - 1].orders[ref.seat] if opened else match.pending[ref.seat]
    return SealOutcome(
        sealed=True,
        step=open_step,
        phase=phase,
        canonical=sealed.canonical,
        skipped=tuple(skipped),
        deadline=None if opened else match.deadline,
        same=same,
        opened=opened,
    )


def _refused(match: Match[Any, Any, Any], error: SealedError, open_step: int) -> SealOutcome:
    prompt = next(iter(match.prompts().values()), None)
    return SealOutcome(
        sealed=False,
        step=open_step,
        phase=prompt.phase if prompt is not None else "",
        error=str(error),
        code=error.code,
        deadline=match.deadline,
    )
