"""Vegetarians (Advanced Tack-on Modules, Other Modules).

"From one to all but one of the players are randomly selected to be vegetarians. Vegetarians
may not consume fish, although they may catch them." The alternative: "don't allow
vegetarian to catch fish, either".

Options (as Mad Jack emits them): ``vegetarians=eat`` (may not eat fish) or
``vegetarians=make-or-eat`` (may neither eat nor catch fish), ``vegetarians_players=N``
(how many, from one to all but one). The vegetarians are drawn before the game (a shuffle
through Chance, the first N); the role is public, as at the table, and kept on each player
(``players.<seat>.roles``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sealed.core.errors import OptionError
from sealed.core.game import Options

if TYPE_CHECKING:
    from sealed.core.chance import Chance
    from sealed.core.events import Event
    from sealed.games.crusoe.state import CrusoeState

ROLE = "vegetarian"
VARIANTS = ("none", "eat", "make-or-eat")
MEAT = "fish"  # the one good a vegetarian refuses ("Speared Fish" is fish too)


def read_options(options: Options) -> tuple[str, int]:
    """``vegetarians`` and ``vegetarians_players``. :raises OptionError: a bad combination."""
    variant = str(options.get("vegetarians", "none"))
    if variant not in VARIANTS:
        raise OptionError(f"vegetarians {variant}: one of {', '.join(VARIANTS)}")
    players = int(str(options.get("vegetarians_players", 1)))
    if variant == "none" and "vegetarians_players" in options and players != 1:
        raise OptionError("vegetarians_players: set vegetarians=eat or make-or-eat too")
    return variant, players


def begin(state: CrusoeState, chance: Chance, events: list[Event] | None) -> None:
    """Draw the vegetarians before the game. :raises OptionError: not from one to all but one."""
    settings = state.settings
    if settings.vegetarians == "none":
        return
    count, seats = settings.vegetarians_players, state.seats
    if not 1 <= count <= len(seats) - 1:
        raise OptionError(
            f"vegetarians_players {count}: from one to all but one of the "
            f"{len(seats)} players (Vegetarians)"
        )
    drawn = chance.shuffle("Vegetarians: the players drawn, first first", list(seats))[:count]
    for seat in drawn:
        state.players[seat].roles = (*state.players[seat].roles, ROLE)
    if events is not None:
        from sealed.core.events import Event

        events.append(
            Event("roles", f"Vegetarians: {', '.join(drawn)}.", data={"vegetarians": drawn})
        )


def cannot_eat(roles: tuple[str, ...]) -> tuple[str, ...]:
    """The foods a player with these roles may not consume."""
    return (MEAT,) if ROLE in roles else ()


def cannot_make(variant: str, roles: tuple[str, ...]) -> tuple[str, ...]:
    """The icon types a player with these roles may not take (the alternative rule)."""
    return ("fish", "speared_fish") if variant == "make-or-eat" and ROLE in roles else ()
