"""State Capitalism at a real table: four people play ``sealed play crusoe --table --option
scenario=state-capitalism``, typing dice and every order; holders offer the biggest holder
their units (``consign ...``) and sellers answer as the screen asks them.

The record must replay, the dollars on the table must be those the rules printed less those
they took away, and no third player's screen may show an offer between two others.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.games.crusoe.table_helpers import SEATS, replayed_record, table_command
from tests.games.crusoe.test_table_national import NationalTable, _every_dollar_is_accounted_for

COMMAND = table_command(SEATS, "scenario=state-capitalism")
SELLERS = re.compile(r"You decide now: consign \(choose from ([^)]*)\)")


class StateCapitalists(NationalTable):
    """The same people; a holder offers the first legal seller one unit for a few dollars."""

    offered: list[tuple[str, str]]

    def _choose(self, seat: str, pending: str, screen: str) -> str:
        if not hasattr(self, "offered"):
            self.offered = []
        sellers = SELLERS.findall(screen)
        if "consign SELLER UNITS" in pending and sellers:
            seller = sellers[-1].split()[0]
            if self.minds.random() < 0.2:
                return "destroy"
            self.offered.append((seat, seller))
            return f"consign {seller} 1 for ${self.minds.randint(1, 20)}"
        return super()._choose(seat, pending, screen)


def test_four_people_play_state_capitalism_at_the_table_and_offers_stay_between_two(
    tmp_path: Path,
) -> None:
    people = StateCapitalists(seed=5)
    assert people.play(COMMAND, tmp_path) == 0, people.transcript[-3000:]
    _, match = replayed_record(tmp_path)
    state = match.state
    assert state.over
    kinds = [e.kind for e in match.events]
    assert "consign" in kinds and "deal" in kinds and "commodity" in kinds, sorted(set(kinds))
    _every_dollar_is_accounted_for(match)
    assert people.offered
    seen = [
        f"{h} offers {s}" in screen.text
        for h, s in people.offered
        for screen in people.screens
        if screen.seat == s
    ]
    assert any(seen), "no seller's screen showed an offer made to him"
    for holder, seller in people.offered:
        for screen in people.screens:
            if screen.seat not in (holder, seller):
                assert f"{holder} offers {seller}" not in screen.text, (holder, seller, screen.seat)
