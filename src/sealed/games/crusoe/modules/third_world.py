"""Third World Country (Advanced Tack-on Modules, Economic Modules).

"One player is selected at random at the beginning of the game to be the Agent of the
Multi-National Corporations (MNCs). One good other than water is randomly selected to be the
Basic Resource (BR) of the country. Whenever a player chooses to take the BR due to landing on
an icon he takes three times as much as he would normally. Production of the BR is never
subject to reduction due to overburdening, nor are they limited by the number of tokens
provided with the game."

"Whenever a player could take a good other than the BR he may only do so if the total
production of all players has not yet equaled the National Production Limit (NPL) of that
good." "The NPL of all goods except water starts at one ... The NPL of a given good goes up by
one each cycle if A) production of that good equaled or exceeded its NPL that cycle and B)
none of that good was imported from the MNCs."

"Just before the trade phase the Agent selects a collection of goods, receiving them from the
MNCs, and in return he makes a commitment to provide the MNCs with so many units of the BR"
(the chart below). "Just after the trade phase the Agent must make good on his commitment, or
return goods whose price makes up the difference; if he cannot do so he is sacked and replaced
with a randomly selected player who has not yet been the Agent. If no such player remains, or
if the Agent is killed, then the MNCs leave and the players may not trade with them any
longer."

Option (as Mad Jack emits it): ``third_world=true``. The Agent (role ``agent``; a sacked one
``former-agent``) and the BR are drawn before the game through Chance and are public, as is
everything the Agent does (the state's ``third_world``). Rulings 104-105 in the manual. With
``third_world_returns=true`` the Agent chooses the goods he returns (``repay GOOD N ...``;
ruling 199); without it the program returns the dearest first for him (ruling 104).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

from sealed.core.errors import OptionError
from sealed.core.events import Event
from sealed.core.game import Options

if TYPE_CHECKING:
    from sealed.core.chance import Chance
    from sealed.games.crusoe.state import CrusoeState

Events = list[Event] | None

AGENT, FORMER = "agent", "former-agent"
EXILE = "exile"  # Exile's public role (modules/punishments.py): the country is not his (178)
SLAVE = "slave-of-"  # Slavery's public role (modules/slavery.py): he holds no office (218)
ROLES = (AGENT, FORMER)
GOODS = ("banana", "apple", "grape", "egg", "fish", "spear", "diamond")
"""The chart's goods (every good but water): the BR is one, the others may be imported."""
TIMES = 3  # "he takes three times as much as he would normally"
UNLIMITED = 999  # "nor are they limited by the number of tokens": the supply's largest count
_CHART = """
banana   -   10/1 15/1 6/1 4/1 8/1 30/1
apple    1/1 -    4/1  2/1 1/1 2/1 9/1
grape    1/2 2/1  -    1/1 1/1 2/1 6/1
egg      1/1 5/1  7/1  -   2/1 4/1 15/1
fish     2/1 7/1  10/1 4/1 -   5/1 20/1
spear    1/1 4/1  6/1  2/1 2/1 -   12/1
diamond  1/3 1/1  2/1  1/2 1/2 1/1 -
"""


def _chart() -> dict[str, dict[str, Fraction]]:
    """The seed's chart: for each BR (a row) the units of it that buy one unit of each good."""
    chart: dict[str, dict[str, Fraction]] = {}
    for line in _CHART.strip().splitlines():
        resource, *cells = line.split()
        chart[resource] = {g: Fraction(c) for g, c in zip(GOODS, cells, strict=True) if c != "-"}
    return chart


CHART = _chart()


def read_options(options: Options) -> bool:
    """``third_world``: true or false; composes with every scenario (ruling 104)."""
    return bool(options.get("third_world", False))


def in_play(state: CrusoeState) -> bool:
    return state.settings.third_world


# -- before the game -------------------------------------------------------------------------


def begin(state: CrusoeState, chance: Chance, events: Events) -> None:
    """The Agent and the Basic Resource drawn; the BR's supply made unlimited."""
    if not in_play(state):
        return
    from sealed.games.crusoe.state import Board  # state imports this module

    seat = chance.shuffle("Third World Country: the Agent, first", list(state.seats))[0]
    number = chance.integer(
        "Third World Country: the Basic Resource ("
        + ", ".join(f"{i} {g}" for i, g in enumerate(GOODS, 1))
        + ")",
        1,
        len(GOODS),
    )
    resource = GOODS[number - 1]
    state.players[seat].roles = (*state.players[seat].roles, AGENT)
    state.resource = resource
    state.npl = {g: 1 for g in GOODS if g != resource}
    state.board = Board(state.board.paths, {**state.board.supply, resource: UNLIMITED})
    if events is not None:
        events.append(
            Event(
                "roles",
                f"Third World Country: {seat} is the Agent of the MNCs; the Basic Resource "
                f"is {resource}.",
                data={"seat": seat, "resource": resource},
            )
        )


def agent(state: CrusoeState) -> str | None:
    return next((s for s in state.seats if AGENT in state.players[s].roles), None)


# -- production --------------------------------------------------------------------------------


def produced(state: CrusoeState, good: str) -> int:
    """This cycle's production of ``good`` by all players (at the end of the cycle, not those
    in exile: ruling 178)."""
    return sum(p.produced.get(good, 0) for p in state.players.values() if EXILE not in p.roles)


def barred_icons(state: CrusoeState, roles: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The goods whose NPL this cycle's production has reached (Speared Fish yields fish); none
    for an exile, whom the NPLs no longer bind (ruling 178)."""
    if not in_play(state) or EXILE in roles:
        return ()
    full = [g for g, limit in state.npl.items() if produced(state, g) >= limit]
    return tuple(full) + (("speared_fish",) if "fish" in full else ())


def is_resource(state: CrusoeState, icon: str, roles: tuple[str, ...] = ()) -> bool:
    """The Basic Resource, taken three times over; not by an exile (ruling 178)."""
    good = "fish" if icon == "speared_fish" else icon
    return in_play(state) and good == state.resource and EXILE not in roles


def after_consumption(state: CrusoeState, events: Events) -> None:
    """Each NPL rises by one when this cycle's production reached it and none was imported;
    a dead Agent sends the MNCs away."""
    if not in_play(state):
        return
    on_death(state, events)
    risen = [
        g
        for g, limit in state.npl.items()
        if produced(state, g) >= limit and g not in state.imported
    ]
    for good in risen:
        state.npl[good] += 1
    state.imported = []
    if events is not None and risen:
        events.append(
            Event(
                "npl",
                "National Production Limits rise: "
                + ", ".join(f"{g} {state.npl[g]}" for g in risen)
                + ".",
                data={"npl": dict(state.npl)},
            )
        )


# -- the import, just before the trade phase ------------------------------------------------


def import_due(state: CrusoeState) -> bool:
    """The Agent chooses his imports while the MNCs are in the country."""
    seat = agent(state)
    return in_play(state) and not state.mncs_gone and seat is not None


def import_phase(state: CrusoeState, chance: Chance, events: Events) -> None:
    """The Agent is asked for his imports (the MNCs gone, the trade phase begins)."""
    on_death(state, events)
    seat = agent(state)
    if import_due(state) and seat is not None and _enslaved(state, seat):
        _sack(state, seat, chance, events, ", being a slave")  # no office (ruling 218)
        seat = agent(state)
    if import_due(state) and seat is not None and state.players[seat].alive:
        state.ask, state.waiting = "import", (seat,)
        return
    state.phase = "imported"


def cost(resource: str, goods: Mapping[str, int]) -> Fraction:
    return sum((CHART[resource][g] * n for g, n in goods.items()), Fraction(0))


def commitment(resource: str, goods: Mapping[str, int]) -> int:
    """Units of the BR owed for a collection: the chart's prices, the whole rounded up."""
    return math.ceil(cost(resource, goods))


def import_problem(state: CrusoeState, goods: Mapping[str, int]) -> str | None:
    """Why the Agent may not import these, naming the rule; None if he may."""
    for good, n in goods.items():
        if good not in CHART[state.resource]:
            return (
                f"Third World Country: the MNCs sell {', '.join(CHART[state.resource])} "
                f"for {state.resource}, not {good}"
            )
        if n > state.bank(good):
            return f"the bank holds {state.bank(good)} {good}, not {n} (the MNCs' tokens)"
    return None


def on_import(state: CrusoeState, seat: str, goods: Mapping[str, int], events: Events) -> None:
    """The goods from the bank to the Agent; the commitment recorded (nothing paid yet)."""
    player = state.players[seat]
    for good, n in goods.items():
        player.goods[good] += n
    state.owed = commitment(state.resource, goods)
    state.imported = sorted({*state.imported, *(g for g, n in goods.items() if n)})
    if events is not None:
        text = ", ".join(f"{n} {g}" for g, n in goods.items() if n) or "nothing"
        events.append(
            Event(
                "import",
                f"{seat}, the Agent, imports {text} from the MNCs and owes them "
                f"{state.owed} {state.resource}.",
                data={"seat": seat, "goods": dict(goods), "owed": state.owed},
            )
        )


# -- just after the trade phase ------------------------------------------------------------------


def settle_phase(state: CrusoeState, chance: Chance, events: Events) -> None:
    """Just after the trade phase: the Agent makes good; then the government phase, if any."""
    if settle(state, chance, events):
        return  # the Agent is asked which goods he returns (ruling 199)
    state.phase = "government" if state.settings.violence else "consume"


def settle(state: CrusoeState, chance: Chance, events: Events) -> bool:
    """The Agent pays in BR, then returns goods at the chart's prices; short, he is sacked.
    True when he is asked which goods he returns (``third_world_returns``, ruling 199)."""
    seat = agent(state)
    if not in_play(state) or seat is None or state.owed == 0:
        return False
    if state.settings.third_world_returns and _ask_repay(state, seat, events):
        return True
    settle_debt(state, seat, chance, events)
    return False


def settle_debt(state: CrusoeState, seat: str, chance: Chance, events: Events) -> None:
    player = state.players[seat]
    paid = min(state.owed, player.goods[state.resource])
    player.goods[state.resource] -= paid
    short = Fraction(state.owed - paid)
    returned = dearest_first(state, seat, short)
    for good, n in returned.items():
        player.goods[good] -= n
    short -= cost(state.resource, returned)
    state.owed = 0
    if events is not None:
        back = ", ".join(f"{n} {g}" for g, n in returned.items())
        events.append(
            Event(
                "settle",
                f"{seat} pays the MNCs {paid} {state.resource}"
                + (f" and returns {back}" if back else "")
                + (": the debt is met." if short <= 0 else ": still short."),
                data={"seat": seat, "paid": paid, "returned": returned, "met": short <= 0},
            )
        )
    if short > 0:
        _sack(state, seat, chance, events)


def dearest_first(state: CrusoeState, seat: str, short: Fraction) -> dict[str, int]:
    """Ruling 104's return: a unit at a time, the dearest at the chart's price first, until the
    difference is met or his goods of the chart are gone."""
    held = dict(state.players[seat].goods)
    returned: dict[str, int] = {}
    for good in sorted(CHART[state.resource], key=lambda g: -CHART[state.resource][g]):
        while short > 0 and held[good] > 0:
            held[good] -= 1
            returned[good] = returned.get(good, 0) + 1
            short -= CHART[state.resource][good]
    return returned


# -- the Agent's own choice of the goods he returns (ruling 199) -----------------------------


def read_returns(options: Options) -> bool:
    """``third_world_returns``: the Agent chooses which goods he returns (ruling 199).

    :raises OptionError: without Third World Country.
    """
    chosen = bool(options.get("third_world_returns", False))
    if chosen and not bool(options.get("third_world", False)):
        raise OptionError(
            "third_world_returns: only with third_world=true (the Agent of the MNCs returns goods)"
        )
    return chosen


def _ask_repay(state: CrusoeState, seat: str, events: Events) -> bool:
    """The BR he holds is paid; if goods of the chart must make up the rest and his can, he is
    asked which (True). When his BR covers the debt, or all his goods could not, nothing is
    his to choose: ruling 104 settles it (False)."""
    player = state.players[seat]
    resource = player.goods[state.resource]
    worth = cost(state.resource, {g: player.goods[g] for g in CHART[state.resource]})
    if resource >= state.owed or resource + worth < state.owed:
        return False
    player.goods[state.resource] -= resource
    state.owed -= resource
    state.ask, state.waiting = "repay", (seat,)
    if events is not None:
        events.append(
            Event(
                "settle",
                f"{seat} pays the MNCs {resource} {state.resource} and is {state.owed} short: "
                "he chooses goods to return whose price makes up the difference.",
                data={"seat": seat, "paid": resource, "short": state.owed},
            )
        )
    return True


def repay_problem(state: CrusoeState, seat: str, goods: Mapping[str, int]) -> str | None:
    """Why the Agent may not return these goods, naming the rule; None if he may. No goods
    (``repay dearest``) is ruling 104's choice, always possible when he is asked."""
    player = state.players[seat]
    for good, n in goods.items():
        if good not in CHART[state.resource]:
            return (
                f"Third World Country: the MNCs take back {', '.join(CHART[state.resource])} "
                f"at their prices in {state.resource}, not {good}"
            )
        if n > player.goods[good]:
            return f"repay: you hold {player.goods[good]} {good}, not {n}"
    worth = cost(state.resource, goods)
    if goods and worth < state.owed:
        return (
            f"repay: these are worth {_units(worth)} {state.resource} at the chart's prices and "
            f"the difference is {state.owed}: return goods whose price makes up the difference "
            "(Third World Country)"
        )
    # "goods whose price makes up the difference", not more: a unit he could keep and still
    # make it up is no part of the return (ruling 245); ruling 104's dearest first never has one
    given = [g for g, n in goods.items() if n]
    cheapest = min(given, key=lambda g: CHART[state.resource][g], default=None)
    if cheapest is not None and worth - CHART[state.resource][cheapest] >= state.owed:
        return (
            f"repay: without one {cheapest} these still make up the difference of {state.owed} "
            f"{state.resource}: return goods whose price makes up the difference, no more "
            "(Third World Country, ruling 245)"
        )
    return None


def _units(worth: Fraction) -> str:
    return str(worth.numerator) if worth.denominator == 1 else f"{float(worth):.2f}"


def on_repay(state: CrusoeState, seat: str, goods: Mapping[str, int], events: Events) -> None:
    """The goods he chose (none: the dearest first, ruling 104) go back; the debt is met (an
    overshoot is not refunded)."""
    chosen = dict(goods) or dearest_first(state, seat, Fraction(state.owed))
    player = state.players[seat]
    for good, n in chosen.items():
        player.goods[good] -= n
    state.owed = 0
    if events is not None:
        back = ", ".join(f"{n} {g}" for g, n in chosen.items() if n)
        how = "his choice" if goods else "the dearest first"
        events.append(
            Event(
                "settle",
                f"{seat} returns {back} to the MNCs ({how}): the debt is met.",
                data={"seat": seat, "returned": chosen, "met": True},
            )
        )


def _enslaved(state: CrusoeState, seat: str) -> bool:
    return any(r.startswith(SLAVE) for r in state.players[seat].roles)


def _sack(state: CrusoeState, seat: str, chance: Chance, events: Events, why: str = "") -> None:
    """The Agent is replaced by a living player never the Agent, drawn (never an exile nor a
    slave: rulings 178, 218); with none, they leave."""
    player = state.players[seat]
    player.roles = (*(r for r in player.roles if r != AGENT), FORMER)
    never = [
        s
        for s in state.living()
        if not {*ROLES, EXILE} & set(state.players[s].roles) and not _enslaved(state, s)
    ]
    if not never:
        left = "nobody is left who has not been the Agent"
        _leave(state, f"{seat} is sacked{why} and {left}", events)
        return
    new = chance.shuffle("Third World Country: the new Agent, first", never)[0]
    state.players[new].roles = (*state.players[new].roles, AGENT)
    if events is not None:
        events.append(
            Event(
                "roles",
                f"{seat} is sacked{why}; {new} is the Agent of the MNCs.",
                data={"sacked": seat, "seat": new},
            )
        )


def on_death(state: CrusoeState, events: Events) -> None:
    """ "if the Agent is killed, then the MNCs leave" (ruling 105: any death)."""
    seat = agent(state)
    if in_play(state) and not state.mncs_gone and seat and not state.players[seat].alive:
        _leave(state, f"the Agent {seat} is dead", events)
    elif in_play(state) and not state.mncs_gone and seat and EXILE in state.players[seat].roles:
        _leave(state, f"the Agent {seat} is in exile", events)  # as if killed (ruling 178)


def _leave(state: CrusoeState, why: str, events: Events) -> None:
    state.mncs_gone, state.owed = True, 0
    if events is not None:
        events.append(Event("mncs", f"The MNCs leave the country: {why}.", data={"why": why}))


def describe(data: Mapping[str, object]) -> str:
    """The table's line: the BR, the NPLs, the debt, whether the MNCs are gone."""
    npl = data.get("npl")
    limits = ", ".join(f"{g} {n}" for g, n in npl.items()) if isinstance(npl, dict) else ""
    text = f"Third World Country: Basic Resource {data.get('resource')}; NPL {limits}"
    if data.get("owed"):
        text += f"; the Agent owes the MNCs {data.get('owed')} {data.get('resource')}"
    return text + ("; the MNCs have left" if data.get("gone") else "")


def to_json(state: CrusoeState) -> dict[str, object]:
    return {
        "resource": state.resource,
        "npl": dict(state.npl),
        "imported": list(state.imported),
        "owed": state.owed,
        "gone": state.mncs_gone,
    }
