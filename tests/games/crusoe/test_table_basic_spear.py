"""At the table: the spear roll (Speared Fish), played through ``sealed play crusoe --table``.

ben walks the Sand Crab. The table's dice take him to the Spear (space 1), then to
Speared Fish twice: the first spear roll keeps the Spear (5), the second loses it (1).
Every die is typed by the people; the record replays to what the table was shown.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tests.games.crusoe.table_helpers import TablePlayers, replayed_record, table_command

COMMAND = table_command(("ana", "ben"))


@dataclass
class SpearTable(TablePlayers):
    """ana walks the Ant; ben the Sand Crab, taking the Spear where offered."""

    moves: list[int] = field(default_factory=lambda: [1, 2, 4])  # spaces 1, 3 and 7
    spear_rolls: list[int] = field(default_factory=lambda: [5, 1])
    asked_spear: list[str] = field(default_factory=list)

    def _roll(self, request: str) -> str:
        if "ben moves" in request and self.moves:
            return str(self.moves.pop(0))
        if "ben's spear roll" in request:
            self.asked_spear.append(request)
            return str(self.spear_rolls.pop(0) if self.spear_rolls else 6)  # later: kept
        return super()._roll(request)

    def _choose(self, seat: str, pending: str, screen: str) -> str:
        if "cycle 2 of 9" in screen:
            return "quit"  # the record of cycle 1 is what this test reads
        return super()._choose(seat, pending, screen)

    def pick(self, seat: str, choices: list[str], screen: str) -> str:
        if seat == "ben" and choices[0].startswith("path "):
            return "path sand_crab"
        if seat == "ben" and "take spear" in choices:
            return "take spear"
        return super().pick(seat, choices, screen)


def test_the_table_rolls_the_spear_and_the_spear_is_kept_then_lost(tmp_path: Path) -> None:
    people = SpearTable(seed=3)
    assert people.play(COMMAND, tmp_path) == 0, people.transcript[-3000:]
    assert people.asked_spear[:2] == ["cycle 1: ben's spear roll: roll 1 d6"] * 2
    assert "stopped. The game is saved" in people.transcript
    _, match = replayed_record(tmp_path)
    told = [e.text for e in match.events if "ben" in e.text][:9]
    assert told == [
        "ben takes the Sand Crab path.",
        "ben rolls 1 and lands on space 1.",
        "ben takes spear: 1 spear.",
        "ben rolls 2 and lands on space 3.",
        "ben rolls 5 and keeps the Spear.",
        "ben takes speared fish: 2 fish.",
        "ben rolls 4 and lands on space 7.",
        "ben rolls 1 and loses the Spear.",
        "ben takes speared fish: 3 fish.",  # the catch is made whatever the roll (ruling 5)
    ]
    # Every spear roll the table was asked for is in the record, and no other.
    assert len(people.asked_spear) == len([e for e in match.events if e.kind == "spear"])
    assert match.state.cycle == 2
