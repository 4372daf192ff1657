"""Libertarianism (Advanced Tack-on Modules, Other Modules; Mad Jack's Violence Tack-on rows).

"Players are encouraged to form contracts with one another, and should write them down ...
Limits are placed on the initiation of violence. Government may be invoked normally, but rather
than a round of speeches players may have open debate. At the conclusion of debate the players
should note which players have violated written contracts since the last Government phase,
with ambiguous contracts settled by a vote of the non-contracting parties. Players may only
initiate violence against players in default, but when joining in players may join on any side
they like. If the losers of a fight do not include any defaulting persons then they may not be
punished except by the confiscation of Diamonds and Spears. For a monetary market no taxes are
collected ..."

Option (as Mad Jack emits it): ``libertarianism=true``. The contracts are the players' own
(written, or sent as messages); the program keeps who is in default. When government is
invoked there are no speeches: each living player seals ``default SEAT ...`` (the players he
holds in default) or ``default none`` (ask ``default``); a player named by more than half of the
others who declared is in default (public role ``in-default``) until the government phase ends.
Ruling 111. Under Exile (since version 4) only the players of a side whose government was
invoked declare, each naming and judged by his own side only (ruling 306).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from sealed.core.errors import OptionError
from sealed.core.game import Options

if TYPE_CHECKING:
    from sealed.core.events import Event
    from sealed.games.crusoe.orders import Order
    from sealed.games.crusoe.state import CrusoeState

IN_DEFAULT = "in-default"
ROLES = (IN_DEFAULT,)
DEMOCRACIES = ("athenian", "representative")
CONFISCABLE = ("diamond", "spear")
"""What losers none of whom is in default may lose: "the confiscation of Diamonds and Spears"."""


def read_options(options: Options) -> bool:
    """:raises OptionError: a government that is no democracy (the seed: "use one of the forms
    of democracy")."""
    on = bool(options.get("libertarianism", False))
    government = str(options.get("government", "athenian"))
    if on and government not in DEMOCRACIES:
        raise OptionError(
            f"libertarianism with government {government}: Libertarianism takes one of the "
            "forms of democracy (athenian, representative)"
        )
    return on


def in_default(state: CrusoeState, seat: str) -> bool:
    return IN_DEFAULT in state.players[seat].roles


def open_debate(state: CrusoeState) -> bool:
    """Government invoked: instead of the speeches every living player declares who is in
    default. Returns whether that was asked."""
    if not state.settings.libertarianism:
        return False
    state.speakers = []
    state.ask, state.waiting = "default", _declarers(state)
    return True


def _apart(state: CrusoeState) -> bool:
    """Exile splits the debate by side (ruling 306, version 4: version 3 games asked every
    living player and counted every declaration, across the divide too)."""
    from sealed.games.crusoe.modules import punishments  # it imports slavery, and so on

    return state.settings.version >= 4 and punishments.exile_in_play(state)


def _declarers(state: CrusoeState) -> tuple[str, ...]:
    """Who declares: every living player; under Exile those whose side's government was
    invoked ("if an exile invokes government ... this applies only to other exiles")."""
    from sealed.games.crusoe.modules import punishments

    if not _apart(state):
        return tuple(state.living())
    return tuple(s for s in state.living() if punishments.in_session(state, s))


def _judges(state: CrusoeState, seat: str, declared: Mapping[str, object]) -> list[str]:
    """Who judges ``seat``: the others who declared; under Exile those of his side only."""
    from sealed.games.crusoe.modules import punishments

    judges = [s for s in declared if s != seat]
    if _apart(state):
        judges = [s for s in judges if not punishments.apart(state, seat, s)]
    return judges


def declare(state: CrusoeState, orders: Mapping[str, Order], events: list[Event] | None) -> None:
    """A player named by more than half of the others who declared is in default."""
    named = {seat: {s for s, _ in order.terms} for seat, order in orders.items()}
    found = []
    for seat in state.living():
        judges = _judges(state, seat, named)
        votes = sum(1 for s in judges if seat in named[s])
        if judges and votes * 2 > len(judges):
            found.append(seat)
            state.players[seat].roles = (*state.players[seat].roles, IN_DEFAULT)
    if events is not None:
        from sealed.core.events import Event

        text = ", ".join(found) if found else "nobody"
        events.append(
            Event(
                "default",
                f"Libertarianism: in default of a contract: {text}.",
                data={"in_default": found, "named": {s: sorted(n) for s, n in named.items()}},
            )
        )


def default_problem(state: CrusoeState, seat: str, order: Order) -> str | None:
    from sealed.games.crusoe.modules import punishments

    for name, _ in order.terms:
        if name not in state.players or not state.players[name].alive or name == seat:
            return f"default {name}: name living players other than yourself, or default none"
        if _apart(state) and punishments.apart(state, seat, name):  # ruling 306
            return f"default {name}: {punishments.apart_problem(state, seat, name)}"
    return None


def fight_problem(state: CrusoeState, target: str) -> str | None:
    """The seed: "Players may only initiate violence against players in default"."""
    if state.settings.libertarianism and not in_default(state, target):
        return (
            f"fight {target}: under Libertarianism you may only initiate violence against a "
            "player in default (joining is free)"
        )
    return None


def spared_but_for_confiscation(state: CrusoeState, losers: list[str]) -> bool:
    """Losers none of whom is in default may lose their Diamonds and Spears only."""
    return state.settings.libertarianism and not any(in_default(state, s) for s in losers)


def verdict_problem(state: CrusoeState, losers: list[str], order: Order) -> str | None:
    if not spared_but_for_confiscation(state, losers):
        return None
    if order.word == "spare" or (
        order.word == "fine" and (order.all_goods or all(g in CONFISCABLE for g, _ in order.goods))
    ):
        return None
    return (
        "Libertarianism: no loser is in default, so they may only be spared or fined Diamonds "
        "and Spears (fine all takes those)"
    )


def confiscable(state: CrusoeState, losers: list[str], wanted: dict[str, int]) -> dict[str, int]:
    """What a fine takes: everything asked, or only the Diamonds and Spears."""
    if not spared_but_for_confiscation(state, losers):
        return wanted
    return {g: n for g, n in wanted.items() if g in CONFISCABLE}


def end_government(state: CrusoeState) -> None:
    """The defaults noted are of this Government phase ("since the last Government phase")."""
    for player in state.players.values():
        if IN_DEFAULT in player.roles:
            player.roles = tuple(r for r in player.roles if r != IN_DEFAULT)


def no_taxes(state: CrusoeState) -> bool:
    """The seed: "For a monetary market no taxes are collected" (nor rewards paid from them)."""
    return state.settings.libertarianism
