"""At the table: the Traditional Economy's tax, through ``sealed play crusoe --table``.

ana walks the Grasshopper, ben the Ant, cy the Spider, dee the Firefly. At each Market the
Grasshopper is asked, target by target from the bottom of the social rank up (the Spider
before the Ant; never the Firefly), which unit produced this cycle he takes; he taxes cy
and spares ben. The choices offered are only units cy produced that leave him water and
three food (the seed's limit). Then the Grasshopper provides for the Firefly, who made
signals and no food: water without asking, and the food he chooses, unit by unit, from what
he holds (ruling 18). The record replays to the taxes and provisions the table saw.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from tests.games.crusoe.table_helpers import TablePlayers, replayed_record, table_command

from sealed.core.match import replay
from sealed.games.crusoe.traditional import tax_choices

SEATS = ("ana", "ben", "cy", "dee")
PATHS = {"ana": "grasshopper", "ben": "ant", "cy": "spider", "dee": "firefly"}
FAVOURITE_ICONS = {  # the Firefly makes signals, not food; the Grasshopper gathers grapes
    "dee": ("take top40", "take military", "take cb", "take water"),
    "ana": ("take fruit", "take water"),
}
COMMAND = table_command(SEATS, "scenario=traditional")


@dataclass
class TraditionalTable(TablePlayers):
    """The Grasshopper taxes cy the first unit offered and never taxes ben."""

    taxes: list[tuple[str, list[str], str]] = field(default_factory=list)  # target, offered, order
    stop_after: int | None = None
    provided: list[tuple[str, list[str], str]] = field(default_factory=list)  # the Firefly's food

    def _choose(self, seat: str, pending: str, screen: str) -> str:
        if self.stop_after is not None and f"cycle {self.stop_after + 1} of 9" in screen:
            return "quit"
        return super()._choose(seat, pending, screen)

    def pick(self, seat: str, choices: list[str], screen: str) -> str:
        if choices[0].startswith("path "):
            return f"path {PATHS[seat]}"
        if choices[0].startswith("tax "):
            target = re.findall(r"You decide now: tax \(choose from (\w+)", screen)[-1]
            order = "tax none" if target == "ben" else choices[0]
            self.taxes.append((target, choices, order))
            if self.stop_after is None:
                self.stop_after = int(re.findall(r"cycle (\d) of 9", screen)[-1])
            return order
        if choices[0].startswith("take ") and seat in FAVOURITE_ICONS:
            return next((c for c in FAVOURITE_ICONS[seat] if c in choices), choices[0])
        if choices[0].startswith("provide "):
            self.provided.append((seat, choices, choices[-1]))
            return choices[-1]
        return super().pick(seat, choices, screen)


def test_the_grasshopper_is_asked_for_each_tax_from_the_bottom_rank_up(tmp_path: Path) -> None:
    people = TraditionalTable(seed=5)
    assert people.play(COMMAND, tmp_path) == 0, people.transcript[-3000:]
    assert people.taxes, "the Grasshopper was never asked (nobody had a unit to spare)"
    targets = [target for target, _, _ in people.taxes]
    assert "dee" not in targets and "ana" not in targets  # never the Firefly, nor himself
    if "cy" in targets and "ben" in targets:
        assert targets.index("cy") < targets.index("ben")  # the Spider ranks below the Ant
    assert all(offered[-1] == "tax none" for _, offered, _ in people.taxes)
    record, match = replayed_record(tmp_path)
    told = [e for e in match.events if e.kind == "tax"]
    made = [(t, o.split()[1]) for t, _, o in people.taxes if o != "tax none"]
    assert [(e.data["target"], e.data["good"]) for e in told] == made
    assert all(e.text.startswith("The Grasshopper ana taxes ") for e in told)
    assert made and made[0][0] == "cy"
    # What was offered is what the rules allow: units cy produced, leaving water and 3 food.
    step = next(i for i, st in enumerate(match.steps) if any(e.kind == "tax" for e in st.events))
    before = {**record, "steps": record["steps"][:step], "pending": {}}
    before.pop("state_digest")
    state = replay(before).state
    assert state.ask == "tax" and state.waiting == ("ana",) and state.offer[0] == "cy"
    allowed = [f"tax {good}" for good in tax_choices(state.players["cy"])]
    assert people.taxes[targets.index("cy")][1] == [*allowed, "tax none"]
    # The Firefly's food: asked of the Grasshopper, who chose; the record gives what he chose.
    assert people.provided and all(seat == "ana" for seat, _, _ in people.provided)
    food = [
        e.data["good"] for e in match.events if e.kind == "provide" and e.data["good"] != "water"
    ]
    assert food[: len(people.provided)] == [o.split()[1] for _, _, o in people.provided]
    assert all(e.data["firefly"] == "dee" for e in match.events if e.kind == "provide")
