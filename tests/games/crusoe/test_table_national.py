"""Issue 14's first "Done when": a table plays National Capitalism with an Athenian Democracy
through ``sealed play crusoe --table``, the program keeping every price and every dollar.

Four people (the driver of ``test_table_play``) roll real dice and type every order: the
government's policy is proposed and voted seat by seat, older goods are kept or put back,
wholesale lists are typed from what each screen shows of the player's money, and one barter
is made between neighbours. The saved record must replay; every wholesale price must be the
one the count-down gives from the lists the people typed; the dollars on the table must be
exactly those the rules printed less those they took away; and no screen may show another
player's list as typed.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.games.crusoe.table_helpers import SEATS, TablePlayers, replayed_record, table_command

from sealed.core.match import Match
from sealed.games.crusoe.auction import count_down
from sealed.games.crusoe.orders import parse_order

COMMAND = table_command(SEATS, "scenario=national-capitalism", "government=athenian")
MONEY = re.compile(r"^(\w+) \(you\):[^\n]*; \$(\d+)", re.MULTILINE)
ON_SALE = re.compile(r"On sale now: (\d+) (\w+)")
ORDER = re.compile(r"^Turn order: ([^;\n]*);", re.MULTILINE)


class NationalTable(TablePlayers):
    """The same people, who also govern, bid and barter with their neighbours."""

    proposed: bool = False
    lists: dict[str, list[str]]

    def _choose(self, seat: str, pending: str, screen: str) -> str:
        if not hasattr(self, "lists"):
            self.lists = {s: [] for s in SEATS}
        if "policy reward N burden N" in pending:
            if not self.proposed:
                self.proposed = True
                return "policy reward 10 burden 2 firefly 0"
            return "pass"
        on_sale = ON_SALE.findall(screen)
        if "UNITS@DOLLARS" in pending and on_sale:
            return self._bid(seat, screen, on_sale[-1][1], int(on_sale[-1][0]))
        return super()._choose(seat, pending, screen)

    def pick(self, seat: str, choices: list[str], screen: str) -> str:
        if "yes" in choices:
            return "yes" if seat != "dee" else "no"
        if choices[0].startswith("sell "):
            return choices[-1] if seat == "cy" else choices[0]  # cy puts back all he may
        return super().pick(seat, choices, screen)

    def _bid(self, seat: str, screen: str, good: str, units: int) -> str:
        """A person reads his money on his screen and spends some of it on a unit or two."""
        money = {s: int(n) for s, n in MONEY.findall(screen)}.get(seat, 0)
        first = max(1, money // 3 + self.minds.randint(0, 5))
        second = max(1, first // 2 - self.minds.randint(0, 2))
        text = f"{good} 1@{first}" + (f" 2@{second}" if second < first and units > 1 else "")
        if self.minds.random() < 0.15:
            text = f"{good} none"
        self.lists[seat].append(text)
        return text

    def _trade(self, seat: str, pending: str) -> str:
        """Accept what is offered; ana offers a neighbour a unit of water once."""
        order = [s.strip() for s in ORDER.findall(pending)[-1].split(",")]
        if seat == "ana" and self.offers_made == 0 and "ana" in order:
            i = order.index("ana")
            neighbour = order[(i + 1) % len(order)]
            if re.search(r"^ana \(you\):[^\n]*water [1-9]", pending, re.M):
                self.offers_made += 1
                self.offer = ("ana", neighbour)
                self.traded.add(seat)
                return f"offer {neighbour} water 1 for nothing"
        return super()._trade(seat, pending)


def test_four_people_play_national_capitalism_at_the_table_and_every_dollar_is_kept(
    tmp_path: Path,
) -> None:
    people = NationalTable(seed=3)
    assert people.play(COMMAND, tmp_path) == 0, people.transcript[-3000:]
    _, match = replayed_record(tmp_path)
    state = match.state
    assert state.over and (state.rescued or not state.living() or state.cycle == 9)
    shown = re.findall(r"Scores: (.*)\.$", people.transcript, re.MULTILINE)[-1]
    assert {s: int(vp) for s, vp in re.findall(r"(\w+) (-?\d+)", shown)} == {
        seat: state.players[seat].vp for seat in SEATS
    }
    kinds = [e.kind for e in match.events]
    assert kinds.count("policy") >= 1 and "ballot" in kinds and "commodity" in kinds
    _every_price_follows_from_the_lists_typed(match)
    _every_dollar_is_accounted_for(match)
    assert people.offers_made == 1 and people.offer is not None
    giver, taker = people.offer
    made = [e for e in match.events if e.kind == "trade" and e.data["giver"] == giver]
    assert made and made[0].data["taker"] == taker  # retail barter between neighbours
    for seat, lists in people.lists.items():  # what one typed, no other screen showed
        for typed in lists:
            if typed.endswith(" none"):
                continue
            for screen in people.screens:
                assert screen.seat == seat or typed not in screen.text, (seat, typed, screen.seat)


def _every_price_follows_from_the_lists_typed(match: Match[Any, Any, Any]) -> None:
    steps = match.steps
    sales = 0
    for step in steps:
        sale = next((e for e in step.events if e.kind == "wholesale"), None)
        if sale is None:
            continue
        orders = {s: parse_order(o.text) for s, o in step.orders.items()}
        lists = {s: o.bids for s, o in orders.items()}
        count = count_down(sale.data["units"], lists)
        assert (count.price if count else None) == sale.data["price"], sale.text
        sales += 1
    assert sales >= 3


def _every_dollar_is_accounted_for(match: Match[Any, Any, Any]) -> None:
    events = match.events
    sign = {"print": 1, "lost": -1, "confiscate": -1, "discard": -1}
    net = sum(sign[e.kind] * e.data["amount"] for e in events if e.kind in sign)
    state = match.state
    assert net == state.money() == sum(state.funds.values())
