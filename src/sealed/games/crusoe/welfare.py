"""Welfare Capitalism's minimum wage and welfare, pure (Advanced Scenarios).

"At the beginning of the taxation subphase the Minimum Wage is calculated, it being the sum
of the commodity prices of a unit of water, two of the cheapest fruit, and one of the
cheapest protein. Any player who will have less money than the minimum wage once he is paid
for his Radio Signals is entitled to welfare equal to the difference. Players who don't
apply due to too much money before taxes are not eligible, even if the taxes take them below
the minimum wage. The money for the welfare payments is added to the amount to be collected
by taxation. When the Radio Signal tax is paid welfare applicants are automatically not
taxed."

:mod:`~sealed.games.crusoe.market` applies the results in the tax subphase.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sealed.games.crusoe.state import FRUITS, OPENING_MONEY, PROTEINS

PACKAGE: tuple[tuple[tuple[str, ...], int], ...] = (
    (("water",), 1),
    (FRUITS, 2),
    (PROTEINS, 1),
)
"""The seed's package: a unit of water, two of the cheapest fruit, one of the cheapest
protein (each entry: the goods to choose the cheapest from, and how many units)."""


@dataclass(frozen=True, slots=True)
class Wage:
    """The minimum wage and how it was reckoned: per part of the package, the good and its
    price (``priced`` False when that good had no commodity price this cycle, ruling 47)."""

    amount: int
    parts: tuple[tuple[str, int, int, bool], ...]  # (good, units, price, priced this cycle)


def unit_price(good: str, prices: Mapping[str, Mapping[str, int]], funds: Mapping[str, int]) -> int:
    """A good's commodity price this cycle; without one, the price a single unit would have
    fetched: its market's money available ($100 if it was never on the market), ruling 47."""
    row = prices.get(good, {})
    if "commodity" in row:
        return row["commodity"]
    return funds.get(good, OPENING_MONEY)


def minimum_wage(prices: Mapping[str, Mapping[str, int]], funds: Mapping[str, int]) -> Wage:
    """The package at this cycle's commodity prices; the cheapest of each kind is chosen among
    the goods priced this cycle, and only when none of that kind was priced, among all."""
    parts = []
    for goods, units in PACKAGE:
        priced = [g for g in goods if "commodity" in prices.get(g, {})]
        pool = priced or list(goods)
        good = min(pool, key=lambda g: (unit_price(g, prices, funds), goods.index(g)))
        parts.append((good, units, unit_price(good, prices, funds), bool(priced)))
    return Wage(sum(units * price for _, units, price, _ in parts), tuple(parts))


def entitled(money: Mapping[str, int], rewards: Mapping[str, int], wage: int) -> dict[str, int]:
    """Welfare per player: the difference between the minimum wage and his money once paid
    for his Radio Signals, for those below it (before taxes); the others are not eligible."""
    return {
        seat: wage - (money[seat] + rewards.get(seat, 0))
        for seat in money
        if money[seat] + rewards.get(seat, 0) < wage
    }
