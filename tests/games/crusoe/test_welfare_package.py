"""Welfare Capitalism's other package of goods (ruling 83: option minimum_wage_package, read by
welfare.read_package): what the option refuses, in one line naming the rule; the wage is the
package at the cheapest prices (Hypothesis); random bot games with another package play to the
end and replay exactly. The rule at the table is cases/welfare_package.yaml."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.crusoe.bot_games import BOTS, bot_game, check_tokens

from sealed.core.errors import OptionError
from sealed.core.game import resolve_options
from sealed.core.match import replay
from sealed.games.crusoe import GAME
from sealed.games.crusoe.state import GOODS, Settings
from sealed.games.crusoe.welfare import KINDS, PACKAGE, minimum_wage, read_package

WELFARE = {"scenario": "welfare-capitalism"}


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"scenario": "national-capitalism"}, "only Welfare Capitalism has a minimum wage"),
        (WELFARE | {"minimum_wage_package": "water 2, frut"}, "did you mean 'fruit'"),
        (WELFARE | {"minimum_wage_package": "water 0"}, "units from 1 to 9"),
        (WELFARE | {"minimum_wage_package": "fruit, fruit 2"}, "fruit is named twice"),
        (WELFARE | {"minimum_wage_package": "water 2 3"}, "write a good, fruit, protein or food"),
    ],
)
def test_a_package_the_seed_rules_out_is_refused_in_one_line(
    options: dict[str, Any], message: str
) -> None:
    options = {"minimum_wage_package": "water 2", **options}
    with pytest.raises(OptionError, match=message) as error:
        Settings.from_options(resolve_options(GAME.options, options))
    assert "\n" not in str(error.value)


def test_no_package_is_the_seeds() -> None:
    assert read_package(resolve_options(GAME.options, WELFARE), "welfare-capitalism") == PACKAGE
    assert Settings.from_options(resolve_options(GAME.options, WELFARE)).wage_package == ()


PRICES = st.dictionaries(st.sampled_from(GOODS), st.integers(1, 200), min_size=1)
PARTS = st.lists(
    st.tuples(st.sampled_from(sorted(KINDS)), st.integers(1, 9)), min_size=1, max_size=4
).map(lambda parts: list(dict(parts).items()))


@given(prices=PRICES, parts=PARTS)
def test_the_wage_is_the_package_at_the_cheapest_prices_of_this_cycle(
    prices: dict[str, int], parts: list[tuple[str, int]]
) -> None:
    text = ", ".join(f"{kind} {units}" for kind, units in parts)
    package = read_package({"minimum_wage_package": text}, "welfare-capitalism")
    rows = {good: {"commodity": price} for good, price in prices.items()}
    wage = minimum_wage(rows, {}, package)
    expected = 0
    for kind, units in parts:
        priced = [prices[g] for g in KINDS[kind] if g in prices]
        expected += units * (min(priced) if priced else 100)  # never on the market: $100
    assert wage.amount == expected


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32), bots=st.permutations(BOTS))
def test_random_games_with_another_package_play_to_the_end_and_replay(
    seed: int, bots: list[str]
) -> None:
    options = WELFARE | {"minimum_wage_package": "water 2, food 2, diamond"}
    match = bot_game(
        seed,
        tuple(bots),
        resolve_options(GAME.options, options),
        lambda before, match: check_tokens(match.state),
    )
    assert any(e.kind == "welfare" for e in match.events)
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)
