"""Welfare Capitalism's minimum wage and welfare, pure (Advanced Scenarios).

"At the beginning of the taxation subphase the Minimum Wage is calculated, it being the sum
of the commodity prices of a unit of water, two of the cheapest fruit, and one of the
cheapest protein. Any player who will have less money than the minimum wage once he is paid
for his Radio Signals is entitled to welfare equal to the difference. Players who don't
apply due to too much money before taxes are not eligible, even if the taxes take them below
the minimum wage. The money for the welfare payments is added to the amount to be collected
by taxation. When the Radio Signal tax is paid welfare applicants are automatically not
taxed." "As an optional variation this scenario may be played with a different package of
goods representing the minimum wage." (ruling 83: option ``minimum_wage_package``, the parts
written as a board space is, ``water 2, fruit, fish``: a good, or ``fruit``, ``protein`` or
``food`` for the cheapest of that kind, each with its units; read by :func:`read_package`.)

:mod:`~sealed.games.crusoe.market` applies the results in the tax subphase.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sealed.core.errors import OptionError
from sealed.core.game import Options
from sealed.core.suggest import did_you_mean
from sealed.games.crusoe.state import FOODS, FRUITS, GOODS, OPENING_MONEY, PROTEINS

Package = tuple[tuple[tuple[str, ...], int], ...]
"""Each part: the goods to choose the cheapest from, and how many units."""
PACKAGE: Package = (
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


KINDS: Mapping[str, tuple[str, ...]] = {
    **{good: (good,) for good in GOODS},
    "fruit": FRUITS,
    "protein": PROTEINS,
    "food": FOODS,
}
"""What a part of another package may name: a good, or the cheapest of a kind (ruling 83)."""


def read_package(options: Options, scenario: str) -> Package:
    """``minimum_wage_package``: another package of goods for the minimum wage (empty: the
    seed's).

    :raises OptionError: outside Welfare Capitalism, or a part that is not ``KIND [N]``.
    """
    text = str(options.get("minimum_wage_package", "") or "").strip()
    if not text:
        return PACKAGE
    if scenario != "welfare-capitalism":
        raise OptionError("minimum_wage_package: only Welfare Capitalism has a minimum wage")
    parts: list[tuple[tuple[str, ...], int]] = []
    for part in text.split(","):
        words = part.split()
        kind = words[0].lower() if words else ""
        if kind not in KINDS or len(words) > 2:
            raise OptionError(
                f"minimum_wage_package {part.strip()!r}: write a good, fruit, protein or food "
                f"and its units (water 2, fruit, fish){did_you_mean(kind, KINDS)}"
            )
        units = words[1] if len(words) == 2 else "1"
        if not (units.isascii() and units.isdigit() and 1 <= int(units) <= 9):
            raise OptionError(f"minimum_wage_package {part.strip()!r}: units from 1 to 9")
        if any(goods == KINDS[kind] for goods, _ in parts):
            raise OptionError(f"minimum_wage_package: {kind} is named twice")
        parts.append((KINDS[kind], int(units)))
    return tuple(parts)


def minimum_wage(
    prices: Mapping[str, Mapping[str, int]],
    funds: Mapping[str, int],
    package: Package = PACKAGE,
) -> Wage:
    """The package at this cycle's commodity prices; the cheapest of each kind is chosen among
    the goods priced this cycle, and only when none of that kind was priced, among all."""
    parts = []
    for goods, units in package:
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
