"""Variable Values for Diamonds (Optional Rules): the standard 3 VP, Lottery, Yuppies.

Option ``diamonds``: ``standard`` (Ending the Game: "3 VP for each Diamond"), ``lottery``,
``yuppies``, ``small-boat`` (with ``diamonds_seats``, the seats on the boat; 0: half the
players, rounded down, at least one). Asked once, when the rescuers arrive (``cycle._rescue``),
for the living, who are the rescued; under Small Boat those who do not get a seat are given
the role ``left-behind``: their diamonds score nothing and they win nothing (ruling 64).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from sealed.core.chance import Chance
from sealed.core.errors import OptionError
from sealed.core.events import Event
from sealed.core.game import Options, Result

if TYPE_CHECKING:  # state.py reads this module's options: no import at run time
    from sealed.games.crusoe.state import CrusoeState

DIAMOND_RULES = ("standard", "lottery", "yuppies", "small-boat")
BUILT_DIAMOND_RULES = DIAMOND_RULES
LEFT_BEHIND = "left-behind"  # Small Boat: a role given at the rescue
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
    rule = state.settings.diamonds
    if rule == "small-boat":
        rescued = _board_the_boat(state, rescued, chance, events)
    held = {seat: state.players[seat].goods["diamond"] for seat in rescued}
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


def seats_on_the_boat(setting: int, players: int) -> int:
    """Small Boat: "set a number of seats available (say half the total number of players)"."""
    return setting if setting > 0 else max(1, players // 2)


def _board_the_boat(
    state: CrusoeState, living: list[str], chance: Chance, events: list[Event] | None
) -> list[str]:
    """The seats go in order of diamonds held; a tie across the last seat is rolled off, one
    die each, again among those still tied (ruling 64). The others are left behind."""
    seats = seats_on_the_boat(state.settings.diamonds_seats, len(state.seats))
    if len(living) <= seats:
        return list(living)
    held = {seat: state.players[seat].goods["diamond"] for seat in living}
    ranked = sorted(living, key=lambda s: -held[s])
    cut = held[ranked[seats - 1]]
    sure = [s for s in ranked if held[s] > cut]
    tied = [s for s in ranked if held[s] == cut]
    rolls: dict[str, list[int]] = {s: [] for s in tied}
    boarders = list(sure)
    while len(boarders) < seats:
        dice = chance.dice(f"Small Boat: roll-off for the last seats, {', '.join(tied)}", len(tied))
        for seat, die in zip(tied, dice, strict=True):
            rolls[seat].append(die)
        best = max(dice)
        top = [s for s, d in zip(tied, dice, strict=True) if d == best]
        if len(boarders) + len(top) <= seats:
            boarders += top
            tied = [s for s in tied if s not in top]
        else:
            tied = top
    behind = [s for s in living if s not in boarders]
    for seat in behind:
        state.players[seat].roles = (*state.players[seat].roles, LEFT_BEHIND)
    if events is not None:
        events.append(
            Event(
                "small-boat",
                f"Small Boat: {seats} seat(s); aboard {', '.join(boarders)}; left behind "
                f"{', '.join(behind)}.",
                data={"seats": seats, "aboard": boarders, "behind": behind, "rolls": rolls},
            )
        )
    return [s for s in living if s in boarders]


def left_behind(roles: tuple[str, ...]) -> bool:
    return LEFT_BEHIND in roles


def read_seats(options: Options, rule: str) -> int:
    """``diamonds_seats``. :raises OptionError: seats without the Small Boat, or fewer than 0."""
    seats = int(str(options.get("diamonds_seats", 0)))
    if seats < 0 or (seats and rule != "small-boat"):
        raise OptionError(f"diamonds_seats {seats}: a number of seats with diamonds=small-boat")
    return seats


def without_the_left_behind(state: CrusoeState, result: Result) -> Result:
    """Small Boat: "Any player left behind comes in dead last": he wins nothing (ruling 64)."""
    behind = {s for s in state.seats if left_behind(state.players[s].roles)}
    if not behind:
        return result
    winners = tuple(s for s in result.winners if s not in behind)
    return Result(winners, result.scores, result.reason)
