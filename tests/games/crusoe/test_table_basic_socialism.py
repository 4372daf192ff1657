"""At the table: Tribal Socialism's common pool and its votes, through ``sealed play --table``.

Three people. Every good goes into the common pool; the first in turn order proposes to
keep it all and is voted down (only his own vote), the second proposes an even division
and everyone votes for it (ruling 17). Votes are sealed seat by seat on the hot seat; the
record replays, and the goods handed out are the division carried.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from tests.games.crusoe.table_helpers import TablePlayers, replayed_record, table_command

from sealed.core.match import replay
from sealed.games.crusoe.state import GOODS

SEATS = ("ana", "ben", "cy")
COMMAND = table_command(SEATS, "scenario=tribal-socialism")
POOL = re.compile(r"^Central pile: (.*)$", re.MULTILINE)
PROPOSED = re.compile(r"^Division proposed: (.*)$", re.MULTILINE)


@dataclass
class SocialistTable(TablePlayers):
    """The first proposer keeps the pool; the others propose even shares and vote fairly."""

    proposals: list[tuple[str, str]] = field(default_factory=list)
    ballots: list[tuple[str, str, str]] = field(default_factory=list)  # seat, vote, division

    def _choose(self, seat: str, pending: str, screen: str) -> str:
        if "cycle 2 of 9" in screen:
            return "quit"  # cycle 1's Market is what this test reads
        if "divide SEAT GOODS" in pending:
            return self._propose(seat, screen)
        if "choices: yes, no" in pending:
            division = PROPOSED.findall(screen)[-1]
            mine = re.search(rf"\b{seat} ([^;]*)", division)
            vote = "yes" if mine and mine.group(1) != "nothing" else "no"
            self.ballots.append((seat, vote, division))
            return vote
        return super()._choose(seat, pending, screen)

    def _propose(self, seat: str, screen: str) -> str:
        pool = {g: int(n) for n, g in re.findall(r"(\d+) (\w+)", POOL.findall(screen)[-1])}
        if not self.proposals:
            order = f"divide {seat} {_goods(pool)} " + " ".join(
                f"{s} nothing" for s in SEATS if s != seat
            )
        else:
            shares: dict[str, dict[str, int]] = {s: {} for s in SEATS}
            units = [g for g in GOODS for _ in range(pool.get(g, 0))]
            for i, good in enumerate(units):
                share = shares[SEATS[i % len(SEATS)]]
                share[good] = share.get(good, 0) + 1
            order = "divide " + " ".join(f"{s} {_goods(shares[s])}" for s in SEATS)
        self.proposals.append((seat, order))
        return order


def _goods(counts: dict[str, int]) -> str:
    return " ".join(f"{g} {n}" for g, n in counts.items() if n) or "nothing"


def test_the_table_votes_down_a_greedy_division_and_carries_an_even_one(
    tmp_path: Path,
) -> None:
    people = SocialistTable(seed=4)
    assert people.play(COMMAND, tmp_path) == 0, people.transcript[-3000:]
    assert len(people.proposals) == 2
    greedy, even = people.proposals
    assert greedy[0] != even[0]
    # Every living player votes on each proposal, one sealed ballot each, on his own screen.
    first, second = people.ballots[:3], people.ballots[3:6]
    assert sorted(s for s, _, _ in first) == sorted(SEATS)
    assert {s: v for s, v, _ in first} == {s: "yes" if s == greedy[0] else "no" for s in SEATS}
    assert all(v == "yes" for _, v, _ in second)
    record, match = replayed_record(tmp_path)
    votes = [e.text for e in match.events if e.kind == "vote"]
    assert votes[0] == f"The division is defeated, 1 votes to 2 (yes: {greedy[0]})."
    assert votes[1].startswith("The division is carried, 3 votes to 0 (yes: ")
    # The record up to the carried vote: every player holds his share of the division, no more.
    carried = next(
        i
        for i, step in enumerate(match.steps)
        if any(e.kind == "vote" and e.data["carried"] for e in step.events)
    )
    early = {**record, "steps": record["steps"][: carried + 1], "pending": {}}
    early.pop("state_digest")
    before = {**early, "steps": early["steps"][:-2]}  # the even division is being proposed
    division = match.game.parse(replay(before).state, even[0], even[1])
    shares = {seat: dict(goods) for seat, goods in division.shares}
    assert [e for e in match.events if e.kind == "proposal"][1].data["proposal"] == shares
    state = replay(early).state
    for seat in SEATS:
        held = {g: n for g, n in state.players[seat].goods.items() if n}
        assert held == shares[seat], seat
