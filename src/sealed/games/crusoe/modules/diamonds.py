"""Variable Values for Diamonds (Optional Rules): the standard 3 VP, Lottery, Yuppies.

Option ``diamonds``: ``standard`` (Ending the Game: "3 VP for each Diamond"), ``lottery``,
``yuppies``; ``small-boat`` is refused as not built yet. Asked once, when the rescuers arrive
(``cycle._rescue``), for the living, who are the rescued.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from sealed.core.chance import Chance
from sealed.core.errors import OptionError
from sealed.core.events import Event
from sealed.core.game import Options

if TYPE_CHECKING:  # state.py reads this module's options: no import at run time
    from sealed.games.crusoe.state import CrusoeState

DIAMOND_RULES = ("standard", "lottery", "yuppies", "small-boat")
BUILT_DIAMOND_RULES = ("standard", "lottery", "yuppies")
STANDARD_VP = 3  # Ending the Game: "3 VP for each Diamond they hold"
LOTTERY_SIX_VP = 8  # Lottery: "unless the roll is '6' in which case ... 8 points apiece"


def read_options(options: Options) -> str:
    """The ``diamonds`` option. :raises OptionError: a rule not built yet."""
    rule = str(options.get("diamonds", "standard"))
    if rule not in BUILT_DIAMOND_RULES:
        raise OptionError(
            f"diamonds {rule}: not built yet (built: {', '.join(BUILT_DIAMOND_RULES)}); "
            "see docs/games/crusoe.md"
        )
    return rule


def lottery_value(die: int) -> int:
    """Lottery: "each player rolls one die and subtracts one ... unless the roll is '6'"."""
    return LOTTERY_SIX_VP if die == 6 else die - 1


def yuppie_values(held: Mapping[str, int]) -> dict[str, int]:
    """Yuppies: "each diamond a player holds has a value equal to the number of players with
    fewer diamonds", among the players in ``held`` (the rescued: ruling in the manual)."""
    return {
        seat: sum(1 for other in held.values() if other < count) for seat, count in held.items()
    }


def diamond_vp(state: CrusoeState, chance: Chance, events: list[Event] | None) -> dict[str, int]:
    """The VP each rescued player's diamonds are worth under the rule in force."""
    rescued = state.living()
    held = {seat: state.players[seat].goods["diamond"] for seat in rescued}
    rule = state.settings.diamonds
    if rule == "lottery":
        values = _lottery(held, chance, events)
    elif rule == "yuppies":
        values = yuppie_values(held)
        _narrate(events, "Yuppies", held, values, rescued)
    else:
        values = dict.fromkeys(held, STANDARD_VP)
    return {seat: values[seat] * count for seat, count in held.items()}


def _lottery(held: Mapping[str, int], chance: Chance, events: list[Event] | None) -> dict[str, int]:
    """One die for each rescued player who holds a diamond (a roll for none changes nothing)."""
    values = dict.fromkeys(held, 0)
    for seat, count in held.items():
        if count == 0:
            continue
        die = chance.dice(f"lottery: {seat}'s diamonds (1d6)", 1)[0]
        values[seat] = lottery_value(die)
        if events is not None:
            events.append(
                Event(
                    "diamonds",
                    f"Lottery: {seat} rolls {die}: {count} diamond(s) worth {values[seat]} VP "
                    f"each, {values[seat] * count} VP.",
                    data={"seat": seat, "die": die, "each": values[seat], "diamonds": count},
                )
            )
    return values


def _narrate(
    events: list[Event] | None,
    rule: str,
    held: Mapping[str, int],
    values: Mapping[str, int],
    seats: Sequence[str],
) -> None:
    if events is None:
        return
    parts = [f"{seat} {held[seat]} x {values[seat]}" for seat in seats if held[seat]]
    events.append(
        Event(
            "diamonds",
            f"{rule}: each diamond is worth the number of rescued players with fewer: "
            + (", ".join(parts) or "nobody holds a diamond")
            + ".",
            data={"each": dict(values), "diamonds": dict(held)},
        )
    )
