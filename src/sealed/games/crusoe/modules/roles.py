"""The hooks the cycle asks about a player's module roles (public qualities drawn before the
game and kept on the player as ``roles``): the draw, what he may not eat, which icons he may
not take, his violence penalty, whether he may gain or use Experience, and the scoring after
consumption. Each module answers for its own roles, so modules compose."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from sealed.games.crusoe.modules import (
    diamonds,
    disability,
    feudalism,
    gender,
    guilds,
    landlords,
    libertarianism,
    objectivist,
    punishments,
    race,
    third_world,
    vegetarians,
)

if TYPE_CHECKING:
    from sealed.core.chance import Chance
    from sealed.core.events import Event
    from sealed.games.crusoe.orders import Order
    from sealed.games.crusoe.state import CrusoeState, Player, Space

ALL_ROLES = (
    vegetarians.ROLE,
    race.MINORITY,
    race.PREJUDICED,
    *disability.ROLES,
    *guilds.ROLES,
    *gender.ROLES,
    diamonds.LEFT_BEHIND,
    *feudalism.ROLES,
    *objectivist.ROLES,
    *libertarianism.ROLES,
    *third_world.ROLES,
    *punishments.ROLES,
)


def begin(state: CrusoeState, chance: Chance, events: list[Event] | None) -> None:
    """Draw every module's roles before the game (after the government's ruler)."""
    vegetarians.begin(state, chance, events)
    race.begin(state, chance, events)
    disability.begin(state, chance, events)
    guilds.begin(state, chance, events)
    gender.begin(state, chance, events)
    feudalism.begin(state, chance, events)
    landlords.begin(state, chance, events)  # Modern: the Landlords and their roll-off
    objectivist.begin(state, chance, events)
    third_world.begin(state, chance, events)  # the Agent of the MNCs and the Basic Resource


def diet(roles: tuple[str, ...]) -> tuple[str, ...]:
    """The foods a player with these roles may not consume (a view's roles will do)."""
    return (*vegetarians.cannot_eat(roles), *disability.cannot_eat(roles))


def cannot_eat(player: Player) -> tuple[str, ...]:
    return diet(player.roles)


def eat_refusal(player: Player, good: str) -> str | None:
    """Why this player may not consume ``good``, naming the module's rule; None if he may."""
    if good in vegetarians.cannot_eat(player.roles):
        return f"a vegetarian may not consume {good} (Vegetarians)"
    if good in disability.cannot_eat(player.roles):
        return f"a player allergic to {good} may not consume it (Disability, 8)"
    return None


def barred_icons(state: CrusoeState, player: Player) -> tuple[str, ...]:
    return (
        *vegetarians.cannot_make(state.settings.vegetarians, player.roles),
        *disability.barred_icons(player.roles),
        *guilds.barred_icons(state, player.roles),
        *objectivist.barred_icons(player.roles),  # idle while John Galt rests
        *third_world.barred_icons(state, player.roles),  # the NPLs reached (not in exile)
    )


def allowed_space(state: CrusoeState, player: Player, space: Space) -> Space:
    """The icons of a space this player may interact with."""
    barred = barred_icons(state, player)
    return tuple((icon, n) for icon, n in space if icon not in barred)


def crowd(state: CrusoeState, path: str, icon: str, players: int, seat: str = "") -> int:
    """The players on ``path`` counted for overburdening ``icon``: under Guild Oligarchy
    only those who could produce it ("based on the number of players on the path that could
    produce a given good"), of ``seat``'s side (Exile, ruling 175); otherwise ``players``,
    everyone on it."""
    if not state.settings.guild_oligarchy:
        return players
    return sum(
        1
        for s, p in state.players.items()
        if p.alive
        and p.path == path
        and icon not in barred_icons(state, p)
        and not (seat and punishments.apart(state, seat, s))
    )


def violence_penalty(player: Player) -> int:
    """Disability's ViP, taken from the violence roll (never below zero: violence.py)."""
    return disability.violence_penalty(player.roles)


def violence_roll(player: Player, rolled: int, variant: str = "base") -> int:
    """The dice of a violence roll after Gender's halving (before every other modifier); the
    Gender variant says who halves (the men in the Matriarchal Golden Age)."""
    return gender.violence_roll(player.roles, rolled, variant)


def no_experience(roles: tuple[str, ...]) -> bool:
    return disability.no_experience(roles)


def after_consumption(state: CrusoeState, events: list[Event] | None) -> None:
    """Scoring that compares this cycle's consumption (Race's prejudice)."""
    race.after_consumption(state, events)


def free_violence(state: CrusoeState, seat: str) -> bool:
    """Invokes government and initiates violence without Leisure (Early Feudalism's Warlord);
    initiates it free after returning from exile (Exile)."""
    return feudalism.free_violence(state, seat) or punishments.free_violence(state, seat)


def invincible(state: CrusoeState, seat: str) -> bool:
    """Wins every battle he joins and is never wounded (a Strong Warlord)."""
    return feudalism.invincible(state, seat)


def battle_dice(state: CrusoeState, seat: str) -> int:
    """The dice a module's role gives in a battle (a Weak Warlord's); one otherwise."""
    return feudalism.battle_dice(state, seat)


def after_battle(
    state: CrusoeState, winners: list[str], losers: list[str], events: list[Event] | None
) -> None:
    """A Weak Warlord who lost is deposed, and the winners will elect another."""
    feudalism.after_battle(state, winners, losers, events)


def barred_paths(roles: tuple[str, ...]) -> tuple[str, ...]:
    """The paths a player with these roles may not take (Gender's Men's Work)."""
    return gender.barred_paths(roles)


def may_decide(state: CrusoeState, seat: str, ask: str) -> bool:
    """Whether ``seat`` takes part in the decision ``ask`` (No Suffrage takes the ballots)."""
    return gender.may_decide(state, seat, ask)


def voiceless(state: CrusoeState, seat: str) -> bool:
    """May neither invoke government nor speak when it is invoked (No Suffrage)."""
    return gender.voiceless(state, seat)


def warlord_election_due(state: CrusoeState) -> bool:
    """The winners of a fight a Weak Warlord lost must elect a new one (Early Feudalism)."""
    return feudalism.election_due(state)


def path_problem(
    state: CrusoeState, seat: str, path: str, scenario_rule: Callable[[str], str | None]
) -> str | None:
    """Why ``seat`` may not take ``path``: Men's Work (Gender), then the scenario's rule."""
    return gender.path_problem(state, seat, path, scenario_rule)


def after_produce(
    state: CrusoeState, seat: str, gained: dict[str, int], events: list[Event] | None
) -> None:
    """What follows a production: the goods go to John Galt (the Objectivist Model), or to a
    wife's husband (Doll's House)."""
    objectivist.after_produce(state, seat, gained, events)
    gender.after_produce(state, seat, gained, events)  # Doll's House: to her husband


def turn_begins(state: CrusoeState, seat: str) -> None:
    """A player's turn to move begins (John Galt's ends the others' idleness)."""
    objectivist.turn_begins(state, seat)


def idle(player: Player) -> bool:
    """May produce nothing, markers included (while John Galt rests)."""
    return objectivist.idle(player)


def reached_market(
    state: CrusoeState, seat: str, lengths: dict[str, int], events: list[Event] | None
) -> None:
    """A player reached the Market (John Galt's arrival brings everyone there)."""
    objectivist.reached_market(state, seat, lengths, events)


def may_learn(state: CrusoeState, seat: str) -> bool:
    """Whether this player gains Experience (only John Galt, under the Objectivist Model)."""
    return objectivist.may_learn(state, seat)


def experience_count(state: CrusoeState, player: Player, roll: int) -> int:
    """How often ``roll`` may be modified: his own Experience on his path, or Galt's on any."""
    return objectivist.experience_count(state, player, roll)


def everyone_loses(state: CrusoeState) -> str | None:
    """Why everyone has lost now (John Galt died), if so."""
    return objectivist.everyone_loses(state)


def open_debate(state: CrusoeState) -> bool:
    """Government invoked: Libertarianism's open debate replaces the speeches (asked if so)."""
    return libertarianism.open_debate(state)


def declare_defaults(
    state: CrusoeState, orders: Mapping[str, Order], events: list[Event] | None
) -> None:
    """Who is in default, from every declaration (Libertarianism)."""
    libertarianism.declare(state, orders, events)


def default_problem(state: CrusoeState, seat: str, order: Order) -> str | None:
    return libertarianism.default_problem(state, seat, order)


def fight_problem(state: CrusoeState, target: str) -> str | None:
    """Why ``target`` may not be attacked (Libertarianism: not in default)."""
    return libertarianism.fight_problem(state, target)


def verdict_problem(state: CrusoeState, losers: list[str], order: Order) -> str | None:
    """Why the winners may not give this verdict (Libertarianism: only Diamonds and Spears)."""
    return libertarianism.verdict_problem(state, losers, order)


def confiscable(state: CrusoeState, losers: list[str], wanted: dict[str, int]) -> dict[str, int]:
    """What a fine may take of these losers."""
    return libertarianism.confiscable(state, losers, wanted)


def end_government(state: CrusoeState) -> None:
    """The government phase ends (Libertarianism: the defaults noted lapse)."""
    libertarianism.end_government(state)


def before_consumption(state: CrusoeState, events: list[Event] | None) -> None:
    """Before anyone eats: each husband gives his wife what she lacks (Doll's House)."""
    gender.before_consumption(state, events)


def marry(state: CrusoeState, chance: Chance, events: list[Event] | None) -> None:
    """Every woman without a living husband marries an unattached man, if any (Doll's House)."""
    gender.marry(state, chance, events)


def men_assigned(state: CrusoeState) -> bool:
    """The government chooses the men's paths each cycle (the Matriarchal Golden Age)."""
    return gender.men_assigned(state)
