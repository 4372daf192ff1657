"""Disability (Advanced Tack-on Modules, Discrimination Modules), with its 2d6 table.

"At the beginning of the game select anything from one player to all the players to be
disabled. Each disabled player rolls once on the table ... to determine which icons the player
can and can't interact with on the board and what penalty he suffers on violence rolls (his
ViP); no penalty can take the roll below zero. Disabled players are permitted to acquire
anything at the Market, and may acquire Leisure by waiting there ..."

"As another option the players can select which disabilities they want in play and then
assign them to random players rather than rolling them up."

Options (as Mad Jack emits them): ``disability=true``, ``disability_players=N`` (one to all).
The disabled are the first N of a shuffle of the seats; each rolls 2d6 through Chance; the role
``disability-SUM`` is public and kept on the player. The other option: ``disability_rows``, the
rows chosen (their 2d6 sums, ``"5 8 8"``: one disabled player per row, a row as often as
wanted); the first of a shuffle get them in the order written, nothing is rolled (ruling 107).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sealed.core.errors import OptionError
from sealed.core.game import Options

if TYPE_CHECKING:
    from sealed.core.chance import Chance
    from sealed.core.events import Event
    from sealed.games.crusoe.state import CrusoeState

ALL_ICONS = (
    "water",
    "banana",
    "apple",
    "grape",
    "egg",
    "fish",
    "spear",
    "diamond",
    "leisure",
    "speared_fish",
    "cb",
    "military",
    "top40",
)
SIGNALS = ("cb", "military", "top40")


@dataclass(frozen=True, slots=True)
class Row:
    """One row of the table: the ViP, the icons prohibited, and the other limits."""

    text: str
    vip: int
    prohibited: tuple[str, ...]
    no_experience: bool = False
    cannot_eat: tuple[str, ...] = ()


def _all_but(*kept: str) -> tuple[str, ...]:
    return tuple(icon for icon in ALL_ICONS if icon not in kept)


_GENERAL = Row("All but Radio Signal, Water, Spear", 3, _all_but("water", "spear", *SIGNALS))
_SEVERE = Row("All", 6, ALL_ICONS)
_MOBILITY = Row(
    "Fish, Egg, Apple, Diamond, Leisure",
    2,
    ("fish", "speared_fish", "egg", "apple", "diamond", "leisure"),
)
TABLE: dict[int, Row] = {
    2: _GENERAL,
    3: _GENERAL,
    4: _GENERAL,
    5: Row("Fish, Egg, Diamond", 1, ("fish", "speared_fish", "egg", "diamond")),
    6: Row("Water (dependance on society for a specific need such as insulin)", 0, ("water",)),
    7: Row(
        "Spear, Radio Signal, Speared Fish, Diamond; cannot gain or use Experience",
        1,
        ("spear", *SIGNALS, "speared_fish", "diamond"),
        no_experience=True,
    ),
    8: Row("allergic: cannot consume Bananas", 0, (), cannot_eat=("banana",)),
    9: _MOBILITY,
    10: _MOBILITY,
    11: _SEVERE,
    12: _SEVERE,
}
ROLES = tuple(f"disability-{n}" for n in TABLE)


def read_options(options: Options) -> int:
    """How many players are disabled (0: the module is not in play).

    :raises OptionError: a count without the module.
    """
    on = bool(options.get("disability", False))
    players = int(str(options.get("disability_players", 1)))
    if not on and players != 1:
        raise OptionError("disability_players: set disability=true too (the Disability module)")
    return players if on else 0


def read_rows(options: Options) -> tuple[int, ...]:
    """``disability_rows``: the rows chosen to be assigned (empty: each disabled player rolls).

    :raises OptionError: a row not on the table, rows without the module, or a count that
        disagrees with ``disability_players``.
    """
    text = str(options.get("disability_rows", "") or "").replace(",", " ")
    words = text.split()
    if not words:
        return ()
    bad = [w for w in words if not (w.isdigit() and int(w) in TABLE)]
    if bad:
        raise OptionError(
            f"disability_rows {bad[0]}: a row of the table is its 2d6 sum, 2 to 12 (Disability)"
        )
    rows = tuple(int(w) for w in words)
    if not bool(options.get("disability", False)):
        raise OptionError("disability_rows: set disability=true too (the Disability module)")
    players = int(str(options.get("disability_players", 1)))
    if players not in (1, len(rows)):
        raise OptionError(
            f"disability_players {players}: with disability_rows the disabled are one per row "
            f"({len(rows)})"
        )
    return rows


def settings(options: Options) -> dict[str, Any]:
    """The Settings fields this module reads (state.Settings)."""
    rows = read_rows(options)
    count = len(rows) if rows else read_options(options)
    return {"disabled_players": count, "disability_rows": rows}


def row_of(roles: tuple[str, ...]) -> Row | None:
    for role in roles:
        if role.startswith("disability-"):
            return TABLE[int(role.removeprefix("disability-"))]
    return None


def begin(state: CrusoeState, chance: Chance, events: list[Event] | None) -> None:
    """Draw the disabled and roll each one's row. :raises OptionError: not one to all."""
    count, seats = state.settings.disabled_players, state.seats
    if count == 0:
        return
    if not 1 <= count <= len(seats):
        raise OptionError(
            f"disability_players {count}: from one to all of the {len(seats)} players (Disability)"
        )
    drawn = chance.shuffle("Disability: the players disabled, first first", list(seats))[:count]
    chosen = state.settings.disability_rows
    for i, seat in enumerate(drawn):
        if chosen:  # chosen and assigned: nothing is rolled
            dice, total, verb = [], chosen[i], "is assigned"
        else:
            dice = chance.dice(f"Disability: {seat}'s roll on the table (2d6)", 2)
            total, verb = sum(dice), "rolls"
        row = TABLE[total]
        state.players[seat].roles = (*state.players[seat].roles, f"disability-{total}")
        if events is not None:
            from sealed.core.events import Event

            events.append(
                Event(
                    "roles",
                    f"Disability: {seat} {verb} {total}: ViP {row.vip}; prohibited: {row.text}.",
                    data={"seat": seat, "dice": dice, "vip": row.vip},
                )
            )


def barred_icons(roles: tuple[str, ...]) -> tuple[str, ...]:
    row = row_of(roles)
    return row.prohibited if row else ()


def cannot_eat(roles: tuple[str, ...]) -> tuple[str, ...]:
    row = row_of(roles)
    return row.cannot_eat if row else ()


def violence_penalty(roles: tuple[str, ...]) -> int:
    row = row_of(roles)
    return row.vip if row else 0


def no_experience(roles: tuple[str, ...]) -> bool:
    row = row_of(roles)
    return bool(row and row.no_experience)
