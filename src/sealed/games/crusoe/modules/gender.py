"""Gender (Advanced Tack-on Modules, Discrimination Modules): Basic Disempowerment.

"At the beginning of the game select exactly half the players to be women (round up for an odd
number of players). Women halve their die or dice rolls, rounding down, when engaging in
violence ... Any modifications to the violence roll due to other circumstances take place
after this halving. This rule (Basic Disempowerment) is the only rule required for this
tack-on, and all the others below are optional."

Options (as Mad Jack emits them): ``gender=base`` with ``gender_mens_work=0``. The optional
variants (Men's Work: ``gender_mens_work=1``, ``gender_paths_denied``,
``gender_pink_collar_path``; ``no-suffrage``, ``dolls-house``, ``matriarchal-golden-age``) are
refused as not built yet. The women are the first half of a shuffle; the role is public.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sealed.core.errors import OptionError
from sealed.core.game import Options

if TYPE_CHECKING:
    from sealed.core.chance import Chance
    from sealed.core.events import Event
    from sealed.games.crusoe.state import CrusoeState

ROLE = "woman"
VARIANTS = ("none", "base", "no-suffrage", "dolls-house", "matriarchal-golden-age")
BUILT = ("none", "base")


def read_options(options: Options) -> bool:
    """Whether Basic Disempowerment is in play. :raises OptionError: a variant not built."""
    variant = str(options.get("gender", "none"))
    if variant not in BUILT:
        raise OptionError(
            f"gender {variant}: not built yet (built: base, Basic Disempowerment); "
            "see docs/games/crusoe.md"
        )
    mens_work = int(str(options.get("gender_mens_work", 0)))
    if mens_work:
        raise OptionError(
            "gender_mens_work 1: Men's Work is not built yet; see docs/games/crusoe.md"
        )
    if variant == "none" and any(
        int(str(options.get(k, 0))) for k in ("gender_paths_denied", "gender_pink_collar_path")
    ):
        raise OptionError("gender_...: set gender=base too (the Gender module)")
    return variant == "base"


def begin(state: CrusoeState, chance: Chance, events: list[Event] | None) -> None:
    """Exactly half the players, rounded up, are drawn to be women."""
    if not state.settings.gender:
        return
    seats = state.seats
    women = chance.shuffle("Gender: the women, first first", list(seats))[: (len(seats) + 1) // 2]
    for seat in women:
        state.players[seat].roles = (*state.players[seat].roles, ROLE)
    if events is not None:
        from sealed.core.events import Event

        events.append(
            Event("roles", f"Gender: the women {', '.join(women)}.", data={"women": women})
        )


def violence_roll(roles: tuple[str, ...], rolled: int) -> int:
    """Basic Disempowerment: a woman's die or dice halved, rounded down, before any modifier."""
    return rolled // 2 if ROLE in roles else rolled
