"""Gender (Advanced Tack-on Modules, Discrimination Modules): Basic Disempowerment and its
optional variants.

"At the beginning of the game select exactly half the players to be women (round up for an odd
number of players). Women halve their die or dice rolls, rounding down, when engaging in
violence ... Any modifications to the violence roll due to other circumstances take place
after this halving. This rule (Basic Disempowerment) is the only rule required for this
tack-on, and all the others below are optional, but should be set as desired before it is
determined which players will be women."

Options (as Mad Jack emits them): ``gender=base|no-suffrage|dolls-house|matriarchal-golden-age``
(each includes Basic Disempowerment), and Men's Work with any of them: ``gender_mens_work=1``,
``gender_paths_denied=N`` (1 to 6, Mad Jack's 1d6), ``gender_pink_collar_path=0/1``. The women
are the first half of a shuffle; the role ``woman`` is public. Men's Work's paths are drawn
after them, one shuffle of the seven paths (ruling 108) and kept as the public role
``barred-PATH`` on each player denied that path. No Suffrage: ruling 109.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sealed.core.errors import OptionError
from sealed.core.game import Options

if TYPE_CHECKING:
    from sealed.core.chance import Chance
    from sealed.core.events import Event
    from sealed.games.crusoe.state import CrusoeState

ROLE = "woman"
VARIANTS = ("none", "base", "no-suffrage", "dolls-house", "matriarchal-golden-age")
BUILT = ("none", "base", "no-suffrage")
NOT_BUILT = {
    "dolls-house": "Doll's House",
    "matriarchal-golden-age": "Matriarchal Golden Age",
}
PATHS = ("ant", "dung_beetle", "spider", "sand_crab", "firefly", "bookworm", "grasshopper")
BARRED = tuple(f"barred-{p}" for p in PATHS)  # Men's Work: a path this player may not take
ROLES = (ROLE, *BARRED)
VOTES = (
    "vote",
    "ballot",
    "plan-ballot",
    "wage-ballot",
    "amend-ballot",
    "estate",
    "elect",
    "campaign",
    "warlord",
    "default",
)
"""The decisions No Suffrage takes from women: every ballot of the government and every
election, standing for President included, and Libertarianism's vote on defaults (ruling 109).
The battle's verdict is not a vote of government: it stays with the winners."""


def read_options(options: Options) -> bool:
    """Whether the Gender module (Basic Disempowerment) is in play.

    :raises OptionError: a variant not built, or Men's Work numbers that do not fit.
    """
    variant = str(options.get("gender", "none"))
    if variant not in VARIANTS:
        raise OptionError(f"gender {variant}: one of {', '.join(VARIANTS)}")
    if variant not in BUILT:
        raise OptionError(
            f"gender {variant}: {NOT_BUILT[variant]} is not built yet (built: base, "
            "no-suffrage, and Men's Work with either); see docs/games/crusoe.md"
        )
    read_mens_work(options)
    return variant != "none"


def read_mens_work(options: Options) -> tuple[int, bool]:
    """Men's Work: the paths denied to women (0: not in play) and the pink-collar path.

    :raises OptionError: numbers without the module or the variant, or more paths than leave
        one open.
    """
    variant = str(options.get("gender", "none"))
    mens_work = int(str(options.get("gender_mens_work", 0)))
    denied = int(str(options.get("gender_paths_denied", 0)))
    pink = bool(int(str(options.get("gender_pink_collar_path", 0))))
    if variant == "none" and (mens_work or denied or pink):
        raise OptionError("gender_...: set gender=base too (the Gender module)")
    if not mens_work:
        if denied or pink:
            raise OptionError(
                "gender_paths_denied, gender_pink_collar_path: set gender_mens_work=1 too "
                "(the Men's Work variant)"
            )
        return 0, False
    if mens_work != 1:
        raise OptionError(f"gender_mens_work {mens_work}: 0 or 1")
    if not 1 <= denied <= len(PATHS) - 1:
        raise OptionError(
            f"gender_paths_denied {denied}: Men's Work denies women from 1 to {len(PATHS) - 1} "
            "of the seven paths (Mad Jack rolls 1d6)"
        )
    return denied, pink


def settings(options: Options) -> dict[str, Any]:
    """The Settings fields this module reads (state.Settings)."""
    on = read_options(options)
    denied, pink = read_mens_work(options)
    return {
        "gender": on,
        "gender_variant": str(options.get("gender", "none")),
        "mens_work_paths": denied,
        "pink_collar": pink,
    }


def begin(state: CrusoeState, chance: Chance, events: list[Event] | None) -> None:
    """Exactly half the players, rounded up, are drawn to be women; then Men's Work's paths."""
    if not state.settings.gender:
        return
    seats, count = list(state.seats), (len(state.seats) + 1) // 2
    if state.settings.gender_variant == "no-suffrage" and state.ruler is not None:
        seats.remove(state.ruler)  # a ruler's dice are no woman's under No Suffrage (ruling 109)
    women = chance.shuffle("Gender: the women, first first", seats)[:count]
    for seat in women:
        state.players[seat].roles = (*state.players[seat].roles, ROLE)
    if events is not None:
        from sealed.core.events import Event

        events.append(
            Event("roles", f"Gender: the women {', '.join(women)}.", data={"women": women})
        )
    _mens_work(state, chance, events)


def _mens_work(state: CrusoeState, chance: Chance, events: list[Event] | None) -> None:
    """One shuffle of the paths: the first N are denied to women, and, with a pink-collar
    path, the next one to men (ruling 108)."""
    denied = state.settings.mens_work_paths
    if not denied:
        return
    order = chance.shuffle("Gender, Men's Work: the paths, women's denied first", list(PATHS))
    to_women = order[:denied]
    to_men = order[denied : denied + 1] if state.settings.pink_collar else []
    for seat in state.seats:
        player = state.players[seat]
        paths = to_women if ROLE in player.roles else to_men
        player.roles = (*player.roles, *(f"barred-{p}" for p in paths))
    if events is not None:
        from sealed.core.events import Event

        pink = f"; the pink-collar path, denied to men: {to_men[0]}" if to_men else ""
        events.append(
            Event(
                "roles",
                f"Gender, Men's Work: women may not take {', '.join(to_women)}{pink}.",
                data={"women": to_women, "men": to_men},
            )
        )


def violence_roll(roles: tuple[str, ...], rolled: int) -> int:
    """Basic Disempowerment: a woman's die or dice halved, rounded down, before any modifier."""
    return rolled // 2 if ROLE in roles else rolled


def barred_paths(roles: tuple[str, ...]) -> tuple[str, ...]:
    """Men's Work: the paths a player with these roles may not take (a view's roles will do)."""
    return tuple(p for p in PATHS if f"barred-{p}" in roles)


def voiceless(state: CrusoeState, seat: str) -> bool:
    """No Suffrage: "Women cannot vote or invoke government, and may not speak if government is
    invoked"."""
    return state.settings.gender_variant == "no-suffrage" and ROLE in state.players[seat].roles


def may_decide(state: CrusoeState, seat: str, ask: str) -> bool:
    """Whether ``seat`` takes part in the decision ``ask`` (No Suffrage's ballots)."""
    return not (ask in VOTES and voiceless(state, seat))


def one_die_only(state: CrusoeState, seat: str) -> bool:
    """No Suffrage: "Generally woman should be banned from any role that would give them more
    than one die for violence": a woman is never a ruler, a President nor a Weak Warlord."""
    return voiceless(state, seat)


def path_problem(
    state: CrusoeState, seat: str, path: str, scenario_rule: Callable[[str], str | None]
) -> str | None:
    """Men's Work's refusal of a path, else the scenario's (``scenario_rule``), unless that rule
    would leave this player no open path (ruling 108: the Traditional Economy's last chooser,
    denied the Grasshopper, chooses among his open paths)."""
    barred = barred_paths(state.players[seat].roles)
    if path in barred:
        who = "women" if ROLE in state.players[seat].roles else "men"
        return f"{path}: Men's Work (Gender) denies this path to {who}"
    problem = scenario_rule(path)
    if problem and barred and all(scenario_rule(p) for p in PATHS if p not in barred):
        return _doubling_up(state, seat, path, [p for p in PATHS if p not in barred])
    return problem


def _doubling_up(state: CrusoeState, seat: str, path: str, open_paths: list[str]) -> str | None:
    """The Traditional Economy's other limit, kept when its last chooser is waived, unless
    every open path is taken (ruling 108)."""
    taken = {p.path for s, p in state.players.items() if s != seat and p.alive}
    free = [p for p in open_paths if p == "dung_beetle" or p not in taken]
    if free and path not in free:
        return f"Traditional Economy: {path} is taken; no doubling up except on the Dung Beetle"
    return None
