"""The Objectivist Model (Advanced Tack-on Modules, Other Modules; Mad Jack's ownership tables).

"At the beginning of the game one player is selected at random to be John Galt, the only
creative member of the society. During the game any goods produced go immediately to John Galt,
as only his creativity allows production in the first place. If Galt produces a unit of Leisure
then no one can produce anything whatsoever (including markers) until Galt's next turn; when
Galt finishes his path everyone else is immediately moved to the Market space. Only John Galt
gains Experience during the course of the game, but any player may use Experience that Galt has
gained, and such experience is not path-specific. If Galt dies then all the players lose."

Option (as Mad Jack emits it): ``objectivist=true``. Roles (public, in the players' roles so
that no state key is added): ``galt``, drawn before the game; ``idle`` on every other player
from Galt's unit of Leisure to Galt's next turn. Ruling 110.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from sealed.core.errors import OptionError
from sealed.core.game import Options

if TYPE_CHECKING:
    from sealed.core.chance import Chance
    from sealed.core.events import Event
    from sealed.games.crusoe.state import CrusoeState, Player

GALT, IDLE = "galt", "idle"
ROLES = (GALT, IDLE)
GOODS = ("water", "banana", "apple", "grape", "egg", "fish", "spear", "diamond")
ALL_ICONS = (
    *GOODS,
    "leisure",
    "speared_fish",
    "cb",
    "military",
    "top40",
)
RIVALS = ("landlords",)
"""Ownership tack-ons that also decide who owns what is produced: refused together (ruling 110)."""


def read_options(options: Options) -> bool:
    """:raises OptionError: a combination the seed rules out."""
    on = bool(options.get("objectivist", False))
    if not on:
        return False
    for rival in RIVALS:
        if str(options.get(rival, "none")) not in ("none", "False", "false", ""):
            raise OptionError(
                f"objectivist with {rival}: two ownership tack-ons that both say who owns "
                "what is produced (the Objectivist Model gives it all to John Galt)"
            )
    return True


def begin(state: CrusoeState, chance: Chance, events: list[Event] | None) -> None:
    """One player drawn at random to be John Galt."""
    if not state.settings.objectivist:
        return
    seat = chance.shuffle("Objectivist Model: John Galt, first", list(state.seats))[0]
    state.players[seat].roles = (*state.players[seat].roles, GALT)
    if events is not None:
        from sealed.core.events import Event

        events.append(
            Event("roles", f"Objectivist Model: {seat} is John Galt.", data={"seat": seat})
        )


def galt(state: CrusoeState) -> str | None:
    return next((s for s in state.seats if GALT in state.players[s].roles), None)


def cut_off(state: CrusoeState, seat: str) -> bool:
    """``seat`` is on the other side of an Exile from John Galt: Galt's creativity does not
    reach across ("Exiles may not interact with non-exiles in any way"), so the model leaves
    him as a game without it would (ruling 308, version 4: version 3 games let it reach)."""
    from sealed.games.crusoe.modules import punishments  # it imports slavery, and so on

    holder = galt(state) if state.settings.objectivist else None
    if holder is None or state.settings.version < 4 or not punishments.exile_in_play(state):
        return False
    return punishments.apart(state, holder, seat)


def barred_icons(roles: tuple[str, ...]) -> tuple[str, ...]:
    """Nothing whatsoever, markers included, while Galt rests (``idle``)."""
    return ALL_ICONS if IDLE in roles else ()


def idle(player: Player) -> bool:
    """May not gain Leisure by waiting at the Market either (ruling 110)."""
    return IDLE in player.roles


def after_produce(
    state: CrusoeState, seat: str, gained: Mapping[str, int], events: list[Event] | None
) -> None:
    """Goods produced go to Galt; Galt's unit of Leisure idles everyone else."""
    holder = galt(state)
    if not state.settings.objectivist or holder is None:
        return
    if seat == holder:
        if gained.get("leisure", 0) > 0:
            _idle_the_others(state, holder, events)
        return
    if cut_off(state, seat):  # what he produced across the divide stays his (ruling 308)
        return
    moved = {g: n for g, n in gained.items() if g in GOODS and n > 0}
    if not moved:
        return
    producer, receiver = state.players[seat], state.players[holder]
    for good, n in moved.items():
        producer.goods[good] -= n
        receiver.goods[good] += n
        # what Galt's creativity produced counts as his (the Traditional Economy's tax)
        producer.produced[good] = producer.produced.get(good, 0) - n
        receiver.produced[good] = receiver.produced.get(good, 0) + n
    if events is not None:
        from sealed.core.events import Event

        text = ", ".join(f"{n} {g}" for g, n in moved.items())
        events.append(
            Event(
                "galt",
                f"{text} produced by {seat} go to John Galt ({holder}).",
                data={"seat": seat, "galt": holder, "goods": moved},
            )
        )


def _idle_the_others(state: CrusoeState, holder: str, events: list[Event] | None) -> None:
    for seat in state.seats:
        player = state.players[seat]
        if seat != holder and IDLE not in player.roles and not cut_off(state, seat):
            player.roles = (*player.roles, IDLE)
    if events is not None:
        from sealed.core.events import Event

        events.append(
            Event(
                "galt",
                f"John Galt ({holder}) produces Leisure: nobody else produces anything until "
                "his next turn.",
                data={"galt": holder},
            )
        )


def turn_begins(state: CrusoeState, seat: str) -> None:
    """Galt's next turn ends the others' idleness."""
    if GALT not in state.players[seat].roles:
        return
    for player in state.players.values():
        if IDLE in player.roles:
            player.roles = tuple(r for r in player.roles if r != IDLE)


def reached_market(
    state: CrusoeState, seat: str, lengths: Mapping[str, int], events: list[Event] | None
) -> None:
    """Galt finishes his path: every other living player is moved to the Market at once
    (``lengths``: each path's spaces)."""
    if not state.settings.objectivist or GALT not in state.players[seat].roles:
        return
    moved = []
    for other in state.order:
        player = state.players[other]
        if other == seat or not player.alive or player.path is None or cut_off(state, other):
            continue
        market = lengths[player.path] + 1
        if player.position < market:
            player.position = market
            moved.append(other)
    if events is not None and moved:
        from sealed.core.events import Event

        events.append(
            Event(
                "galt",
                f"John Galt ({seat}) finishes his path: {', '.join(moved)} "
                "move to the Market at once.",
                data={"galt": seat, "moved": moved},
            )
        )


def may_learn(state: CrusoeState, seat: str) -> bool:
    """Only John Galt gains Experience; one cut off from him by an Exile his own (308)."""
    if cut_off(state, seat):
        return True
    return not state.settings.objectivist or GALT in state.players[seat].roles


def experience_count(state: CrusoeState, player: Player, roll: int) -> int:
    """How many times ``roll`` may modify this player's roll: his own on his path, or, under
    the Objectivist Model, Galt's numbers on every path (not path-specific)."""
    holder = galt(state) if state.settings.objectivist else None
    seat = next((s for s, p in state.players.items() if p is player), "")
    if holder is None or (seat and cut_off(state, seat)):  # his own across an Exile (308)
        return player.experience.get(player.path or "", []).count(roll)
    numbers = state.players[holder].experience.values()
    return sum(row.count(roll) for row in numbers)


def everyone_loses(state: CrusoeState) -> str | None:
    """The seed: "If Galt dies then all the players lose"; the reason, once he is dead."""
    holder = galt(state) if state.settings.objectivist else None
    if holder is None or state.players[holder].alive:
        return None
    return f"John Galt ({holder}) died in cycle {state.players[holder].death_cycle}: everyone loses"
