"""Welfare Capitalism's optional variation, applied in place: "the minimum wage may be set by
the government at the beginning of the taxation phase" (option ``minimum_wage=government``).

Ruling 56: at the start of the tax subphase, under an Athenian Democracy, the living propose
a minimum wage in seat order, one seat further on each cycle (``wage 60`` or ``pass``), each
put to a yes/no vote of the living, more than half carrying; under a Dictatorship the
Dictator sets it. If none carries, the minimum wage in force stays; before the government's
first, it is the seed's package at this cycle's prices (ruling 47).
"""

from __future__ import annotations

from collections.abc import Mapping

from sealed.core.chance import Chance
from sealed.core.events import Event
from sealed.games.crusoe import bureaucracy, rulers
from sealed.games.crusoe.modules import punishments
from sealed.games.crusoe.orders import Order
from sealed.games.crusoe.state import CrusoeState

Events = list[Event] | None


def deciders(state: CrusoeState) -> list[str]:
    """The Dictator alone, or the living in seat order, one seat further on each cycle (in a
    Constitutional Hybrid, as the minimum wage's branch is: ruling 69)."""
    ruler = rulers.ruler_for(state, "minimum_wage")
    if ruler is not None:
        return [ruler]
    living = [s for s in state.living() if punishments.in_market(state, s)]  # (ruling 212)
    start = (state.cycle - 1) % len(living) if living else 0
    return living[start:] + living[:start]


def wage_phase(state: CrusoeState, chance: Chance, events: Events) -> None:
    """The next proposer is asked; when all have had their turn the wage in force stays. A
    Bureaucracy's chart sets it, or asks its first player (ruling 66)."""
    if bureaucracy.decides(state, "minimum_wage"):
        wage = bureaucracy.decide_wage(state)
        if wage is not None:
            _adopt(state, wage, "The Bureaucracy's chart sets", events)
        return
    seats = deciders(state)
    if state.turn < len(seats):
        state.ask, state.waiting = "wage", (seats[state.turn],)
        return
    if events is not None:
        stays = "the package" if state.wage is None else f"${state.wage}"
        events.append(
            Event(
                "wage",
                f"No minimum wage carries: it stays {stays}.",
                data={"wage": state.wage, "carried": False},
            )
        )
    state.phase, state.turn = "taxes", 0


def on_wage(state: CrusoeState, seat: str, order: Order, chance: Chance, events: Events) -> None:
    if order.word == "pass":
        state.turn += 1
        if events is not None:
            events.append(Event("proposal", f"{seat} proposes no minimum wage.", data={}))
        return
    if rulers.ruler_for(state, "minimum_wage") == seat:  # "he makes it"
        _adopt(state, order.number, f"The {rulers.title(state, seat)} {seat} sets", events)
        return
    state.wage_motion = order.number
    voters = [s for s in state.living() if punishments.in_market(state, s)]  # no exile (212)
    state.ask, state.waiting = "wage-ballot", tuple(voters)
    if events is not None:
        events.append(
            Event(
                "proposal",
                f"{seat} proposes a minimum wage of ${order.number}.",
                data={"seat": seat, "wage": order.number},
            )
        )


def on_wage_ballot(
    state: CrusoeState, orders: Mapping[str, Order], chance: Chance, events: Events
) -> None:
    """One vote each; more than half of the votes cast yes carries the wage."""
    ayes = [s for s in state.living() if s in orders and orders[s].word == "yes"]
    carried = len(ayes) * 2 > len(orders)
    motion, state.wage_motion = state.wage_motion, None
    if events is not None:
        events.append(
            Event(
                "ballot",
                f"The minimum wage is {'carried' if carried else 'defeated'}, {len(ayes)} votes "
                f"to {len(orders) - len(ayes)} (yes: {', '.join(ayes) or 'none'}).",
                data={"yes": ayes, "carried": carried},
            )
        )
    if not carried or motion is None:
        state.turn += 1
        return
    _adopt(state, motion, "The government sets", events)


def _adopt(state: CrusoeState, wage: int, how: str, events: Events) -> None:
    state.wage = wage
    state.phase, state.turn = "taxes", 0
    if events is not None:
        events.append(
            Event(
                "wage",
                f"{how} the minimum wage at ${wage}.",
                data={"wage": wage, "carried": True},
            )
        )
