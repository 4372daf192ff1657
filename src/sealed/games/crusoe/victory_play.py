"""Variant victory conditions in play (Optional Rules), the game's side of ``victory.py``.

Option ``victory``: ``off`` (the default), ``secret`` (each player seals ``victory
altruistic``, ``victory self-interested`` or ``victory cutthroat`` before anything else),
``random`` (one recorded die per seat, the conditions kept secret) or ``public`` (the same
dice, the conditions shown to everyone). Seed: "If this option is employed players make
their decisions before any random player qualities (such as disabilities, who is the
Dictator, etc.) are rolled up", so the conditions come first, then the Dictator or
President, then cycle 1's turn order. The scores are ``victory.variant_scores`` and the
winners ``victory.variant_winners`` (ruling 45).
"""

from __future__ import annotations

from collections.abc import Mapping

from sealed.core.chance import Chance
from sealed.core.events import Event
from sealed.core.game import Result
from sealed.games.crusoe import cycle, rulers, victory
from sealed.games.crusoe.orders import Order
from sealed.games.crusoe.state import CrusoeState

Events = list[Event] | None

MODES = ("off", "secret", "random", "public")


def begin(state: CrusoeState, chance: Chance) -> bool:
    """Before play: True when the players must first seal their conditions (``secret``); the
    table's dice assign them at once (``random``, ``public``)."""
    mode = state.settings.victory
    if mode == "secret":
        state.phase, state.ask, state.waiting = "victory", "victory", tuple(state.seats)
        return True
    if mode in ("random", "public"):
        state.conditions = victory.assign_randomly(state.seats, chance)
    return False


def on_victory(
    state: CrusoeState, orders: Mapping[str, Order], chance: Chance, events: Events
) -> None:
    """Every seat's condition recorded (a seat that sealed nothing is Self-Interested, ruling
    45); then the random player qualities and cycle 1."""
    conditions: dict[str, str] = {}
    for seat in state.seats:
        order = orders.get(seat)
        conditions = victory.record(conditions, seat, order.name if order else "self-interested")
    state.conditions = conditions
    if events is not None:
        events.append(
            Event(
                "victory",
                "Every player has secretly recorded a victory condition.",
                data={"recorded": len(conditions)},
            )
        )
    rulers.begin(state, chance, events)
    cycle.start_cycle(state, chance, events)


def visible(state: CrusoeState, seat: str) -> dict[str, str]:
    """What ``seat`` may know of the conditions (``victory.visible_conditions``)."""
    if state.settings.victory == "off":
        return {}
    public = state.settings.victory == "public"
    return victory.visible_conditions(state.conditions, seat, state.over, public)


def victory_result(state: CrusoeState, reason: str) -> Result:
    """The Result under the variant conditions: every seat's variant score, and the rescued
    survivors whose variant score is positive (one, the highest, under ``single_winner``)."""
    scores = {seat: state.players[seat].vp for seat in state.seats}  # the ordinary final scores
    final = victory.variant_scores(scores, state.conditions)
    alive = {seat: state.players[seat].alive for seat in state.seats}
    winners = victory.variant_winners(scores, state.conditions, state.rescued, alive)
    if state.settings.single_winner and winners:
        best = max(final[s] for s in winners)
        winners = tuple(s for s in winners if final[s] == best)
    return Result(winners, {seat: float(value) for seat, value in final.items()}, reason)
