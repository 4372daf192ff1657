"""Market Socialism's plan (wages, prices, purchase limits), set by the government before the
turn order, applied in place: proposals and votes under an Athenian Democracy, a decree under a
Dictatorship (ruling 54). The trade phase is in :mod:`~sealed.games.crusoe.socialist_market`.
"""

from __future__ import annotations

from collections.abc import Mapping

from sealed.core.chance import Chance
from sealed.core.events import Event
from sealed.games.crusoe import rulers
from sealed.games.crusoe.cycle import deal_turn_order
from sealed.games.crusoe.government import copy_terms, count_ballot, proposers
from sealed.games.crusoe.orders import Order, format_order
from sealed.games.crusoe.socialist_market import current, describe, plan_of
from sealed.games.crusoe.state import CrusoeState

Events = list[Event] | None


def _deciders(state: CrusoeState) -> list[str]:
    ruler = rulers.ruler(state)
    return [ruler] if ruler is not None else proposers(state)


def plan_phase(state: CrusoeState, chance: Chance, events: Events) -> None:
    """The next proposer is asked; when all have had their turn the plan in force stays."""
    seats = _deciders(state)
    if state.turn < len(seats):
        state.ask, state.waiting = "plan", (seats[state.turn],)
        return
    if events is not None:
        events.append(
            Event(
                "plan",
                f"No plan carries: the plan stays ({describe(current(state))}).",
                data={"plan": copy_terms(current(state)), "carried": False},
            )
        )
    state.turn = 0
    deal_turn_order(state, chance, events)


def on_plan(state: CrusoeState, seat: str, order: Order, chance: Chance, events: Events) -> None:
    if order.word == "pass":
        state.turn += 1
        if events is not None:
            events.append(Event("proposal", f"{seat} proposes no plan.", data={"seat": seat}))
        return
    motion = plan_of(order)
    if rulers.ruler(state) == seat:  # "Whenever the government must make a decision he makes it"
        _adopt(state, motion, f"The {rulers.title(state)} {seat} decrees the plan", chance, events)
        return
    state.plan_motion = motion
    state.ask, state.waiting = "plan-ballot", tuple(state.living())
    if events is not None:
        events.append(
            Event(
                "proposal",
                f"{seat} proposes the plan: {describe(motion)} ({format_order(order)}).",
                data={"seat": seat, "plan": copy_terms(motion)},
            )
        )


def on_plan_ballot(
    state: CrusoeState, orders: Mapping[str, Order], chance: Chance, events: Events
) -> None:
    """One vote each; more than half of the votes cast yes carries the plan."""
    carried = count_ballot(state, orders, "plan", events)
    motion, state.plan_motion = state.plan_motion, {}
    if not carried:
        state.turn += 1
        return
    _adopt(state, motion, "The government's plan this cycle", chance, events)


def _adopt(
    state: CrusoeState,
    plan: dict[str, dict[str, int]],
    how: str,
    chance: Chance,
    events: Events,
) -> None:
    state.plan = plan
    if events is not None:
        events.append(
            Event(
                "plan",
                f"{how}: {describe(plan)}.",
                data={"plan": copy_terms(plan), "carried": True},
            )
        )
    state.turn = 0
    deal_turn_order(state, chance, events)
