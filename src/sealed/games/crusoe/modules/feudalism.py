"""Early Feudalism (Advanced Tack-on Modules, Other Modules): the Strong Warlord.

"At the beginning of the game one player is selected at random to be the Warlord. The warlord
may be either Strong or Weak. In either case, the Warlord does not pay leisure to invoke
government or initiate violence. A Strong Warlord wins all battles in which he participates and
may never be wounded."

Option (as Mad Jack emits it): ``early_feudalism=strong``. The Weak Warlord
(``early_feudalism=weak``, ``early_feudalism_dice``) is refused as not built yet. The Warlord is
drawn before the game (role ``warlord``, public).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sealed.core.errors import OptionError
from sealed.core.game import Options

if TYPE_CHECKING:
    from sealed.core.chance import Chance
    from sealed.core.events import Event
    from sealed.games.crusoe.state import CrusoeState

ROLE = "warlord"
VARIANTS = ("none", "strong", "weak")


def read_options(options: Options) -> str:
    """:raises OptionError: the Weak Warlord (not built yet), or numbers without the module."""
    variant = str(options.get("early_feudalism", "none"))
    if variant == "weak":
        raise OptionError(
            "early_feudalism weak: not built yet (built: strong); see docs/games/crusoe.md"
        )
    if variant not in VARIANTS:
        raise OptionError(f"early_feudalism {variant}: one of none, strong")
    for name in ("early_feudalism_dice", "early_feudalism_women_only"):
        if int(str(options.get(name, 0))):
            raise OptionError(f"{name}: not built yet (the Weak Warlord; women warlords)")
    return variant


def begin(state: CrusoeState, chance: Chance, events: list[Event] | None) -> None:
    """One player drawn at random to be the Warlord."""
    if state.settings.early_feudalism == "none":
        return
    seat = chance.shuffle("Early Feudalism: the Warlord, first", list(state.seats))[0]
    state.players[seat].roles = (*state.players[seat].roles, ROLE)
    if events is not None:
        from sealed.core.events import Event

        events.append(
            Event("roles", f"Early Feudalism: {seat} is the Warlord.", data={"seat": seat})
        )


def is_warlord(state: CrusoeState, seat: str) -> bool:
    return ROLE in state.players[seat].roles and state.players[seat].alive


def free_violence(state: CrusoeState, seat: str) -> bool:
    """The Warlord "does not pay leisure to invoke government or initiate violence"."""
    return is_warlord(state, seat)


def invincible(state: CrusoeState, seat: str) -> bool:
    """A Strong Warlord "wins all battles in which he participates and may never be wounded"."""
    return state.settings.early_feudalism == "strong" and is_warlord(state, seat)
