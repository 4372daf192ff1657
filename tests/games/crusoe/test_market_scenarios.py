"""The advanced scenarios built on the monetary market: what the options refuse, the minimum
wage's arithmetic (Welfare Capitalism) over random prices, and State Capitalism's deals told
only to their two sides.

The rules themselves are pinned by the scenario files (``cases/welfare_capitalism.yaml``,
``cases/centralized_communism.yaml``); the random games by ``test_market_properties.py``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sealed.core.errors import OptionError
from sealed.core.game import resolve_options
from sealed.core.jsonable import jsonable
from sealed.core.match import Match, bot_rng, replay
from sealed.games.crusoe import GAME
from sealed.games.crusoe.orders import Order
from sealed.games.crusoe.state import (
    ADVANCED_SCENARIOS,
    FRUITS,
    PROTEINS,
    Settings,
)
from sealed.games.crusoe.welfare import entitled, minimum_wage


@pytest.mark.parametrize("scenario", ADVANCED_SCENARIOS)
def test_every_advanced_scenario_is_accepted(scenario: str) -> None:
    assert Settings.from_options({"scenario": scenario}).scenario == scenario


def test_the_government_s_minimum_wage_is_welfare_capitalism_s_only() -> None:
    settings = {"scenario": "welfare-capitalism", "minimum_wage": "government"}
    assert Settings.from_options(settings).minimum_wage == "government"
    with pytest.raises(OptionError, match="only Welfare Capitalism has a minimum wage"):
        Settings.from_options({"scenario": "national-capitalism", "minimum_wage": "government"})


PRICE = st.integers(1, 200)
PRICES = st.dictionaries(
    st.sampled_from(("water", *FRUITS, *PROTEINS)), PRICE.map(lambda p: {"commodity": p})
)
FUNDS = st.dictionaries(st.sampled_from(("water", *FRUITS, *PROTEINS)), st.integers(0, 500))


@given(prices=PRICES, funds=FUNDS)
def test_the_minimum_wage_is_the_package_at_the_cheapest_prices(
    prices: dict[str, dict[str, int]], funds: dict[str, int]
) -> None:
    wage = minimum_wage(prices, funds)
    (water, one, _, _), (fruit, two, _, _), (protein, three, _, _) = wage.parts
    assert (water, one, two, three) == ("water", 1, 2, 1)
    assert fruit in FRUITS and protein in PROTEINS
    for good, kind in ((fruit, FRUITS), (protein, PROTEINS)):
        priced = [g for g in kind if g in prices]
        if priced:  # the cheapest among the goods priced this cycle
            assert prices[good]["commodity"] == min(prices[g]["commodity"] for g in priced)
    assert wage.amount == sum(units * price for _, units, price, _ in wage.parts)


@given(
    money=st.dictionaries(st.sampled_from("abcdef"), st.integers(0, 300), min_size=1),
    rewards=st.dictionaries(st.sampled_from("abcdef"), st.integers(0, 100)),
    wage=st.integers(0, 300),
)
def test_welfare_brings_exactly_those_below_the_wage_up_to_it(
    money: dict[str, int], rewards: dict[str, int], wage: int
) -> None:
    relief = entitled(money, rewards, wage)
    for seat in money:
        before = money[seat] + rewards.get(seat, 0)
        if before < wage:
            assert before + relief[seat] == wage
        else:
            assert seat not in relief


# -- State Capitalism: a deal is told only to its two sides ---------------------------------

SEATS = ("ana", "ben", "cy", "dee")


def _told(match: Match[Any, Any, Any], seat: str) -> str:
    report = match.report(seat)
    return json.dumps(
        [jsonable(report.view), [jsonable(t) for t in report.events], report.step], sort_keys=True
    )


def _to_a_consign(seed: int) -> Match[Any, Any, Any] | None:
    """A random State Capitalism game played until a holder must offer a legal seller."""
    options = resolve_options(GAME.options, {"scenario": "state-capitalism"})
    match = Match.new(GAME, list(SEATS), options, seed=seed)
    bots = {seat: GAME.bots["random"]() for seat in SEATS}
    rngs = {seat: bot_rng(seed, seat) for seat in SEATS}
    for _ in range(3_000):
        if match.result() is not None:
            return None
        if match.state.ask == "consign":
            return match
        for seat in match.waiting_for():
            view = GAME.view(match.state, seat)
            match.seal_order(seat, bots[seat].choose(view, match.prompts()[seat], rngs[seat]))
    return None


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32), first=st.integers(0, 99), second=st.integers(0, 99))
def test_the_terms_of_a_refused_offer_reach_no_third_seat(
    seed: int, first: int, second: int
) -> None:
    match = _to_a_consign(seed)
    assume(match is not None and first != second)
    assert match is not None
    holder, seller = match.state.waiting[0], str(match.state.offer[0])
    units = match.state.players[holder].goods[match.state.good or ""]
    record = json.dumps(match.to_json())
    games = []
    for dollars in (first, second):
        game = replay(json.loads(record))
        game.seal_order(holder, Order("consign", name=seller, number=units, dollars=dollars))
        game.seal_order(seller, Order("no"))
        games.append(game)
    for third in (s for s in SEATS if s not in (holder, seller)):
        assert _told(games[0], third) == _told(games[1], third), f"the price reached {third}"
    assert _told(games[0], holder) != _told(games[1], holder)  # the sides do know it
