"""The hooks the cycle asks about a player's module roles (public qualities drawn before the
game and kept on the player as ``roles``): the draw, what he may not eat, what he may not take,
and the scoring after consumption. Each module answers for its own roles, so modules compose."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sealed.games.crusoe.modules import race, vegetarians

if TYPE_CHECKING:
    from sealed.core.chance import Chance
    from sealed.core.events import Event
    from sealed.games.crusoe.state import CrusoeState, Player, Settings

ALL_ROLES = (vegetarians.ROLE, race.MINORITY, race.PREJUDICED)


def begin(state: CrusoeState, chance: Chance, events: list[Event] | None) -> None:
    """Draw every module's roles before the game (after the government's ruler)."""
    vegetarians.begin(state, chance, events)
    race.begin(state, chance, events)


def cannot_eat(player: Player) -> tuple[str, ...]:
    return vegetarians.cannot_eat(player.roles)


def allowed_groups(settings: Settings, player: Player, groups: list[str]) -> list[str]:
    """The icon types of a space this player may take."""
    barred = set(vegetarians.cannot_make(settings.vegetarians, player.roles))
    return [group for group in groups if group not in barred]


def after_consumption(state: CrusoeState, events: list[Event] | None) -> None:
    """Scoring that compares this cycle's consumption (Race's prejudice)."""
    race.after_consumption(state, events)
