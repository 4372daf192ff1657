"""Market Socialism's plan (wages, prices, purchase limits), set by the government before the
turn order, applied in place: proposals and votes under an Athenian Democracy, a decree under a
Dictatorship (ruling 54). The trade phase is in :mod:`~sealed.games.crusoe.socialist_market`.
"""

from __future__ import annotations

from collections.abc import Mapping

from sealed.core.chance import Chance
from sealed.core.events import Event
from sealed.games.crusoe import bureaucracy, hybrid, rulers
from sealed.games.crusoe.cycle import deal_turn_order
from sealed.games.crusoe.government import copy_terms, count_ballot, proposers
from sealed.games.crusoe.modules import punishments
from sealed.games.crusoe.orders import Order, format_order
from sealed.games.crusoe.socialist_market import current, describe, plan_of
from sealed.games.crusoe.state import CrusoeState

Events = list[Event] | None


def _deciders(state: CrusoeState) -> list[str]:
    ruler = _part_ruler(state)
    return [ruler] if ruler is not None else proposers(state)


def _part_ruler(state: CrusoeState) -> str | None:
    """The living ruler of the part's branch (with two rulers, his own: ruling 196)."""
    form = _part(state)[0]
    return rulers.ruler_of(state, form) if form in rulers.RULED else None


def plan_phase(state: CrusoeState, chance: Chance, events: Events) -> None:
    """The next proposer is asked; when all have had their turn the plan in force stays."""
    if _split(state):
        _part_phase(state, chance, events)
        return
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
    if _split(state):  # a hybrid's branch proposes or decrees its own part of the plan only
        kinds = _kinds(_part(state)[1])
        motion = {k: v for k, v in motion.items() if k.partition(".")[0] in kinds}
    if _part_ruler(state) == seat:  # "he makes it"
        how = f"decreed by the {rulers.title(state, seat)} {seat}"
        if _split(state):
            _part_set(state, motion, how, events)
            return
        decrees = f"The {rulers.title(state, seat)} {seat} decrees the plan"
        _adopt(state, motion, decrees, chance, events)
        return
    state.plan_motion = motion
    voters = [s for s in state.living() if punishments.in_market(state, s)]  # no exile (268)
    state.ask, state.waiting = "plan-ballot", tuple(voters)
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
    if _split(state):
        _part_set(state, motion, "carried by vote", events)
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


# -- a Constitutional Hybrid: the plan decided part by part (ruling 69) -----------------------

_KINDS = {"wages": "wage", "prices": "price", "purchase_limits": "limit"}


def _split(state: CrusoeState) -> bool:
    return state.settings.government in ("hybrid", "bureaucracy")


def _parts(state: CrusoeState) -> list[tuple[str, tuple[str, ...]]]:
    settings = state.settings
    return hybrid.policy_parts(settings.government, settings.government_branches, hybrid.PLAN_TASKS)


def _part(state: CrusoeState) -> tuple[str, tuple[str, ...]]:
    parts = _parts(state)
    return parts[min(state.branch, len(parts) - 1)]


def _kinds(tasks: tuple[str, ...]) -> set[str]:
    """The plan's terms a part sets: ``wage``, ``price``, ``limit`` (and a path's limits)."""
    return {_KINDS[t] for t in tasks}


def _part_phase(state: CrusoeState, chance: Chance, events: Events) -> None:
    """Each part in turn, by its branch; then the plan is told to all and the turn order
    dealt (and, with a Bureaucracy's branch, its amendment: ruling 73)."""
    parts = _parts(state)
    if state.branch >= len(parts):
        state.branch = 0
        _adopt(state, current(state), "The government's plan this cycle", chance, events)
        if bureaucracy.tasks(state):
            state.phase = "amend"
        return
    form, part = parts[state.branch]
    if form == "bureaucracy":  # the chart sets its part, or asks its first player (ruling 66)
        motion = bureaucracy.decide_plan(state, part)
        if motion is not None:
            _part_set(state, motion, "decided by the Bureaucracy's chart", events)
        return
    seats = _deciders(state)
    if state.turn < len(seats):
        state.ask, state.waiting = "plan", (seats[state.turn],)
        return
    if events is not None:
        tasks = " and ".join(parts[state.branch][1])
        events.append(
            Event(
                "branch",
                f"No proposal on {tasks} carries: it stays as in force.",
                data={"tasks": list(parts[state.branch][1]), "carried": False},
            )
        )
    state.branch, state.turn = state.branch + 1, 0


def _part_set(
    state: CrusoeState, motion: dict[str, dict[str, int]], how: str, events: Events
) -> None:
    """A branch's part of the plan is in force (its limits replace all limits, a path's too);
    the next part is decided."""
    form, tasks = _part(state)
    kinds = _kinds(tasks)
    kept = {k: v for k, v in copy_terms(current(state)).items() if k.partition(".")[0] not in kinds}
    state.plan = {**kept, **motion}
    if events is not None:
        events.append(
            Event(
                "branch",
                f"{' and '.join(tasks)} ({form}), {how}: {describe(state.plan)}.",
                data={"tasks": list(tasks), "form": form, "carried": True},
            )
        )
    state.branch, state.turn = state.branch + 1, 0
