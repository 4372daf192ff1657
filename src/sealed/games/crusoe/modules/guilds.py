"""Guild Oligarchy (Advanced Tack-on Modules, Economic Modules).

"Take one Radio Signal marker, and one of each good except Water, and mix them together, and
have each player draw one at random. A player may only produce A) what he drew, B) Leisure,
C) Water, and D) anything that was drawn by no one. Overburdening penalties are based on the
number of players on the path that could produce a given good."

Option (as Mad Jack emits it): ``guild_oligarchy=true``. The draw is a shuffle of the eight
markers through Chance, dealt in seat order; the role ``guild-MARKER`` is public. At most
eight players (there are eight markers).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sealed.core.chance import Chance
    from sealed.core.events import Event
    from sealed.games.crusoe.state import CrusoeState

MARKERS = ("radio", "banana", "apple", "grape", "egg", "fish", "spear", "diamond")
ROLES = tuple(f"guild-{m}" for m in MARKERS)
ICONS_OF = {
    "radio": ("cb", "military", "top40"),
    "fish": ("fish", "speared_fish"),  # Speared Fish yields fish (ruling 58)
}


def icons_of(marker: str) -> tuple[str, ...]:
    return ICONS_OF.get(marker, (marker,))


def marker_of(roles: tuple[str, ...]) -> str | None:
    for role in roles:
        if role.startswith("guild-"):
            return role.removeprefix("guild-")
    return None


def begin(state: CrusoeState, chance: Chance, events: list[Event] | None) -> None:
    """Each player draws a marker. :raises OptionError: more players than markers."""
    if not state.settings.guild_oligarchy:
        return
    seats = state.seats
    if len(seats) > len(MARKERS):
        from sealed.core.errors import OptionError

        raise OptionError(
            f"guild_oligarchy: at most {len(MARKERS)} players draw a marker "
            f"(Guild Oligarchy), not {len(seats)}"
        )
    drawn = chance.shuffle(
        f"Guild Oligarchy: the markers, drawn in turn by {', '.join(seats)}", list(MARKERS)
    )
    for seat, marker in zip(seats, drawn, strict=False):
        state.players[seat].roles = (*state.players[seat].roles, f"guild-{marker}")
    if events is not None:
        from sealed.core.events import Event

        text = ", ".join(f"{s} {m}" for s, m in zip(seats, drawn, strict=False))
        events.append(Event("roles", f"Guild Oligarchy: {text}.", data={"drawn": drawn}))


def barred_icons(state: CrusoeState, roles: tuple[str, ...]) -> tuple[str, ...]:
    """The icons drawn by someone else (a dead guildsman's marker stays drawn: ruling 62, as
    an exile's does); none for an exile, whom the guilds no longer bind (ruling 175)."""
    if not state.settings.guild_oligarchy or "exile" in roles:
        return ()
    mine = marker_of(roles)
    taken = {marker_of(p.roles) for p in state.players.values()} - {mine, None}
    return tuple(icon for marker in sorted(m for m in taken if m) for icon in icons_of(marker))
