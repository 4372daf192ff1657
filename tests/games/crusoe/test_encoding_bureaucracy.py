"""The research encoding of a Bureaucracy's decisions (encoding_bureaucracy.py).

- Agents that follow the masks play whole games where a chart decides tasks (a Bureaucracy
  in each economy with a government, a hybrid's branch, the rents and the paths by chart)
  and never write an order the rules refuse; where the rules list the choices, the masks
  spell exactly those;
- every box the mask offers is accepted by the rules and spelled back to its token; a box off
  the catalogue cannot be spelled; an amendment is ``pass`` only;
- what a seat cannot see reaches neither its observation nor its mask.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest
from tests.games.crusoe.test_encoding import agent_action, play, same_for_each_seat, table_for

from sealed.adapters.table import Table
from sealed.core.chance import SeededChance
from sealed.games.crusoe import encoding_bureaucracy as chart
from sealed.games.crusoe.game import CrusoeGame
from sealed.games.crusoe.orders import parse_order

GAME = CrusoeGame()

CHARTS: list[dict[str, object]] = [
    {"scenario": "national-capitalism", "government": "bureaucracy"},
    {"scenario": "welfare-capitalism", "government": "bureaucracy", "minimum_wage": "government"},
    {"scenario": "class-warfare-capitalism", "government": "bureaucracy"},
    {"scenario": "market-socialism", "government": "bureaucracy"},
    {"scenario": "governmental-socialism", "government": "bureaucracy"},
    {
        "scenario": "national-capitalism",
        "government": "hybrid",
        "government_tax_burden": "bureaucracy",
    },
    {
        "scenario": "national-capitalism",
        "government": "bureaucracy",
        "landlords": "government-ownership",
        "government_rents": "bureaucracy",
    },
    {"scenario": "national-capitalism", "government": "bureaucracy", "paternalistic": True},
    {"scenario": "governmental-socialism", "government": "bureaucracy", "punishments": "crippling"},
]


@pytest.mark.parametrize("chosen", CHARTS, ids=lambda o: "-".join(map(str, o.values())))
@pytest.mark.parametrize("seed", [1, 2])
def test_mask_following_agents_play_whole_games_under_a_chart(
    chosen: dict[str, object], seed: int
) -> None:
    table, steps = play(chosen, seed=seed, check_masks=True)
    assert table.result() is not None and steps > 10


def reach_box(chosen: dict[str, object], seed: int) -> tuple[Table, str]:
    """Play on with mask-following agents until a first player is asked for a box."""
    table, rng = table_for(chosen, seed), random.Random(seed)
    chance = SeededChance(f"{seed}/box")
    while not table.over:
        for seat in table.deciding():
            if table.view(seat).decide == "box":
                return table, seat
        orders = table.act({s: agent_action(table, s, rng) for s in table.deciding()})
        if orders is not None:
            table.moved_to(GAME.advance(table.state, orders, chance))
    raise AssertionError("no box in this game")


@pytest.mark.parametrize("chosen", CHARTS[:5], ids=lambda o: str(o["scenario"]))
def test_every_box_the_mask_offers_is_legal_and_spelled_back(chosen: dict[str, object]) -> None:
    table, seat = reach_box(chosen, 1)
    view, encoding = table.view(seat), table.encoding
    tokens = encoding.next_tokens(view, None, ())
    assert tokens
    boxes = set()
    for token in tokens:
        order = encoding.order(view, (token,))
        assert order is not None and order.word == "box"
        GAME.validate(table.state, seat, order)
        assert encoding.tokens(view, order) == (token,)
        boxes.add(order.name)
    assert len(boxes) == len(tokens)  # one spelling each
    with pytest.raises(ValueError, match="first player's box"):
        encoding.tokens(view, parse_order("box otherwise: 7"))


def test_an_heir_chosen_by_the_box_is_the_lowest_vp() -> None:
    """A case of ``estate (choose a player)`` is spelled ``box lowest-vp`` only."""
    table, seat = reach_box(CHARTS[0], 1)
    case = "estate (choose a player), box 1: no box decides it"
    view = dataclasses.replace(table.view(seat), chart_case=case)
    names = chart.mask_names(view, lambda order: True)
    assert names == [chart.LOWEST_VP]
    assert chart.read(view, chart.LOWEST_VP) == parse_order(
        f"box if cycle == {view.cycle}: lowest player.vp, ties by dice"
    )


def test_an_amendment_is_pass_only() -> None:
    """The agents do not amend (a fixed set of amendments would be tied to one chart's text);
    they vote on another's with the rules' yes and no."""
    table, rng = table_for(CHARTS[0], 3), random.Random(3)
    chance, asked = SeededChance("amend"), Counter[str]()
    while not table.over and not asked["amend"]:
        for seat in table.deciding():
            if table.view(seat).decide == "amend":
                names = [table.encoding.actions[t] for t in table.legal_actions(seat)]
                assert names == ["pass"]
                asked["amend"] += 1
        orders = table.act({s: agent_action(table, s, rng) for s in table.deciding()})
        if orders is not None:
            table.moved_to(GAME.advance(table.state, orders, chance))
    assert asked["amend"]


def test_what_a_seat_cannot_see_never_reaches_its_observation_or_mask() -> None:
    table, rng = table_for(CHARTS[3], 5), random.Random(5)
    chance, compared, asks = SeededChance("leak"), 0, set()
    while not table.over and compared < 600:
        compared += same_for_each_seat(table)
        asks |= {table.view(s).decide for s in table.deciding()}
        orders = table.act({s: agent_action(table, s, rng) for s in table.deciding()})
        if orders is not None:
            table.moved_to(GAME.advance(table.state, orders, chance))
    assert {"box", "amend"} <= asks
