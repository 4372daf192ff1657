"""A dead player's goods in unequal shares (option ``estate_shares``; ruling 201).

Seed (Meeting Survival Needs): the goods of a player who dies of hunger or thirst are "divided by
player vote at the end of the consumption phase"; on every vote "the players must use whatever
rules of order they prefer, and may divide the question up into sub-votes". Ruling 10 puts one
ballot to the table: ``give SEAT`` (all to one player) or ``split`` (shared in turn order). With
``estate_shares=true`` a division into unequal shares is asked first, as Tribal Socialism divides
its pool (ruling 17): those who vote on the estate propose in turn order ``divide SEAT GOODS ...``
(every unit of the estate handed to a living heir) or ``pass``; each division is put to a sealed
``yes`` / ``no`` vote of the same voters (in Class Warfare a vote per Diamond, ruling 79), more
than half carrying it. When every proposer has passed or lost, ruling 10's ballot decides. A
ruler who decides the estate alone may ``divide`` it too (in force at once); a Bureaucracy's
chart still gives all to one heir (ruling 67). Without the option nothing changes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sealed.core.errors import OptionError
from sealed.core.events import Event
from sealed.core.game import Options
from sealed.games.crusoe import classwar, rulers
from sealed.games.crusoe.modules import gender, punishments, slavery
from sealed.games.crusoe.orders import Order
from sealed.games.crusoe.state import GOODS, CrusoeState

Events = list[Event] | None


def read_option(options: Options) -> bool:
    """``estate_shares``. :raises OptionError: in Crusoe's Economy, where nobody inherits."""
    chosen = bool(options.get("estate_shares", False))
    if chosen and str(options.get("scenario", "crusoes-economy")) == "crusoes-economy":
        raise OptionError(
            "estate_shares: in Crusoe's Economy the castaways cannot reach each other and a dead "
            "player's goods go back to the bank (ruling 9)"
        )
    return chosen


def proposing(state: CrusoeState, voters: Sequence[str]) -> bool:
    """The next proposer of a division is asked: True while divisions are proposed and voted;
    False when all have had their turn (ruling 10's ballot follows)."""
    if not state.settings.estate_shares:
        return False
    turns = proposers(state, voters)
    if state.turn < len(turns):
        state.ask, state.waiting = "estate-divide", (turns[state.turn],)
        return True
    state.turn = 0
    return False


def proposers(state: CrusoeState, voters: Sequence[str]) -> list[str]:
    """The voters in turn order; no woman under No Suffrage (she takes no part in a vote of
    the government, ruling 109), no slave ("Slaves may never vote", ruling 247)."""
    ordered = [s for s in state.order if s in voters] + [s for s in voters if s not in state.order]
    return [s for s in ordered if not gender.voiceless(state, s) and _free(state, s)]


def _free(state: CrusoeState, seat: str) -> bool:
    """Not a slave: he votes on the estate as on ruling 10's ballot (ruling 247)."""
    return slavery.may_decide(state, seat, "estate")


def heirs(state: CrusoeState) -> list[str]:
    """Who may be given a share: the living (under Exile, on the dead player's side)."""
    return punishments.heirs(state, state.estates[0], state.living())


def division_problem(state: CrusoeState, seat: str, order: Order) -> str | None:
    """Why this division of the first estate is refused, naming the rule; None if it stands."""
    if not state.settings.estate_shares:
        return "divide: a dead player's goods are divided in shares only with estate_shares=true"
    if not state.estates:
        return "divide: no dead player's goods await a decision"
    if state.ask == "estate" and seat != rulers.ruler_for(state, "estate"):
        # at ruling 10's ballot a voter's division would be in force alone (ruling 244)
        return (
            "divide: only a ruler who decides the estate alone divides it at once; at the "
            "ballot vote give SEAT or split (rulings 10, 201, 244)"
        )
    dead = state.estates[0]
    given = dict.fromkeys(GOODS, 0)
    for seat, goods in order.shares:
        if seat not in heirs(state):
            return f"divide: {seat[:40]!r} is not a living player who may inherit from {dead}"
        for good, n in goods:
            given[good] += n
    for good in GOODS:
        held = state.players[dead].goods.get(good, 0)
        if given[good] != held:
            return (
                f"divide: {dead} left {held} {good} and the division hands out {given[good]}: "
                "every unit must be handed out (ruling 201)"
            )
    return None


def on_divide(state: CrusoeState, seat: str, order: Order, events: Events) -> None:
    """A proposer's division goes to the vote; ``pass`` hands the turn on."""
    if order.word == "pass":
        state.turn += 1
        if events is not None:
            text = f"{seat} proposes no division of {state.estates[0]}'s goods."
            events.append(Event("proposal", text, data={"seat": seat}))
        return
    state.proposal = {s: dict(goods) for s, goods in order.shares}
    voters = punishments.heirs(state, state.estates[0], state.living())
    state.ask, state.waiting = "estate-ballot", tuple(s for s in voters if _free(state, s))
    if events is not None:
        events.append(
            Event(
                "proposal",
                f"{seat} proposes to divide {state.estates[0]}'s goods: {_text(state.proposal)}.",
                data={"seat": seat, "proposal": {s: dict(g) for s, g in state.proposal.items()}},
            )
        )


def on_ballot(state: CrusoeState, orders: Mapping[str, Order], events: Events) -> None:
    """More than half the votes cast yes carries the division (a vote per Diamond in Class
    Warfare Capitalism); otherwise the next proposer is asked."""
    ayes = [s for s in state.order if s in orders and orders[s].word == "yes"]
    ayes += [s for s in orders if orders[s].word == "yes" and s not in ayes]
    yes = sum(classwar.votes(state, s) for s in ayes)
    cast = sum(classwar.votes(state, s) for s in orders)
    carried = yes * 2 > cast
    if events is not None:
        events.append(
            Event(
                "ballot",
                f"The division is {'carried' if carried else 'defeated'}, {yes} votes to "
                f"{cast - yes} (yes: {', '.join(ayes) or 'none'}).",
                data={"yes": ayes, "carried": carried},
            )
        )
    division, state.proposal = state.proposal, {}
    if not carried:
        state.turn += 1
        return
    bequeath(state, division, "by vote", events)


def bequeath(
    state: CrusoeState, division: Mapping[str, Mapping[str, int]], how: str, events: Events
) -> None:
    """The first dead player's goods go as divided; the next estate (if any) is decided."""
    dead = state.estates.pop(0)
    left = state.players[dead].goods
    for seat, goods in division.items():
        for good, n in goods.items():
            left[good] -= n
            state.players[seat].goods[good] += n
    state.turn = 0
    if events is not None:
        shares = {s: {g: n for g, n in goods.items() if n} for s, goods in division.items()}
        events.append(
            Event(
                "estate",
                f"{dead}'s goods, {how}, divided: {_text(shares) or 'nothing'}.",
                data={"dead": dead, "heir": None, "shares": shares, "divided": True},
            )
        )


def _text(division: Mapping[str, Mapping[str, int]]) -> str:
    return "; ".join(
        f"{s} " + (", ".join(f"{n} {g}" for g, n in goods.items() if n) or "nothing")
        for s, goods in division.items()
    )
