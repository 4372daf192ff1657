"""The advanced scenarios built on the monetary market: what the options refuse, and the
minimum wage's arithmetic (Welfare Capitalism) over random prices.

The rules themselves are pinned by the scenario files (``cases/welfare_capitalism.yaml``,
``cases/centralized_communism.yaml``); the random games by ``test_market_properties.py``.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sealed.core.errors import OptionError
from sealed.games.crusoe.state import (
    ADVANCED_SCENARIOS,
    BUILT_SCENARIOS,
    FRUITS,
    PROTEINS,
    Settings,
)
from sealed.games.crusoe.welfare import entitled, minimum_wage

NOT_BUILT = [s for s in ADVANCED_SCENARIOS if s not in BUILT_SCENARIOS]


@pytest.mark.parametrize("scenario", NOT_BUILT)
def test_an_advanced_scenario_not_built_is_refused_by_name(scenario: str) -> None:
    with pytest.raises(OptionError, match=f"scenario {scenario}: not built yet"):
        Settings.from_options({"scenario": scenario})


def test_the_government_s_minimum_wage_is_refused_by_name_until_built() -> None:
    with pytest.raises(OptionError, match=r"minimum_wage government .*not built yet"):
        Settings.from_options({"scenario": "welfare-capitalism", "minimum_wage": "government"})


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
