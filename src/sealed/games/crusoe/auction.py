"""The arithmetic of the Monetary Markets, pure: the commodity price, the tax multiple, and the
wholesale count-down with its purchases and leftovers.

Nothing here touches a state; :mod:`~sealed.games.crusoe.market` applies the results.
Each function is the seed's rule as written, with the rulings of the manual where the
seed leaves a gap (the numbers name them).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

Bids = tuple[tuple[int, int], ...]
"""A wholesale list: (units, dollars) with the units rising and the dollars falling."""


def commodity_price(money: int, units: int) -> int:
    """Commodity Markets: "the current money available ... divided by the number of units
    available of that type (round up)"."""
    return -(-money // units)


def wanted(bids: Bids, price: int) -> int:
    """How many units a list buys at ``price``: the most units offered at ``price`` or more
    (the fingers held up when ``price`` is called)."""
    return max((units for units, dollars in bids if dollars >= price), default=0)


def offered_for(bids: Bids, units: int) -> int:
    """The most a list offers for ``units`` units (0 if it never wants that many)."""
    return max((dollars for q, dollars in bids if q >= units), default=0)


@dataclass(frozen=True, slots=True)
class Count:
    """The wholesale count-down of one good (ruling 24).

    ``stop`` is the last price called: the first price, counting down by $1 from the
    highest bid, at which the fingers reach the units available (or $1 if they never
    do); ``price`` is the price paid: ``stop`` when it clears the market, ``stop + 1``
    when the fingers overshoot. The table sees every list at ``stop`` and above, nothing
    of what lies below.
    """

    stop: int
    price: int
    fingers: int  # units wanted at ``stop``


def count_down(units: int, lists: Mapping[str, Bids]) -> Count | None:
    """The clearing price, from the sealed lists alone; None when nobody bids at all."""
    prices = sorted({dollars for bids in lists.values() for _, dollars in bids}, reverse=True)
    if not prices:
        return None
    for price in prices:  # the fingers change only at a listed price
        fingers = sum(wanted(bids, price) for bids in lists.values())
        if fingers == units:
            return Count(price, price, fingers)
        if fingers > units:
            return Count(price, price + 1, fingers)
    # Counted down to $1 and the fingers never reached the units: $1 is the price.
    return Count(1, 1, sum(wanted(bids, 1) for bids in lists.values()))


def revealed(bids: Bids, count: Count) -> Bids:
    """What the table saw of one list: the steps at the prices called (``stop`` and above)."""
    return tuple((q, p) for q, p in bids if p >= count.stop)


@dataclass(frozen=True, slots=True)
class Purchase:
    """What one player buys at the clearing price, pays, and loses for want of funds."""

    units: int
    paid: int
    confiscated: int


def purchase(want: int, price: int, money: int) -> Purchase:
    """ "If a player hasn't the funds he buys what he can and the rest of his money is
    confiscated" (ruling 26: the rest is lost, it is not paid into the market)."""
    if want * price <= money:
        return Purchase(want, want * price, 0)
    units = money // price
    return Purchase(units, units * price, money - units * price)


@dataclass(frozen=True, slots=True)
class Contest:
    """Who may take the leftover units after the comparisons (more than one: dice), and the
    offers the comparison made public: each contender's offer for one unit, two ..., as far
    as the comparison went (ruling 27)."""

    tied: list[str]
    offers: dict[str, list[int]]


def leftover_contest(
    candidates: Sequence[str], bought: Mapping[str, int], lists: Mapping[str, Bids]
) -> Contest:
    """ "Any leftover units ... go to whoever bought the most, and failing that to whoever
    offered the most for one unit, then two, etc., finally resorting to dice."
    """
    most = max(bought.get(s, 0) for s in candidates)
    tied = [s for s in candidates if bought.get(s, 0) == most]
    offers: dict[str, list[int]] = {s: [] for s in tied} if len(tied) > 1 else {}
    depth = max((q for s in tied for q, _ in lists.get(s, ())), default=0)
    units = 1
    while len(tied) > 1 and units <= depth:
        offer = {s: offered_for(lists.get(s, ()), units) for s in tied}
        for seat, dollars in offer.items():
            offers[seat].append(dollars)
        tied = [s for s in tied if offer[s] == max(offer.values())]
        units += 1
    return Contest(tied, offers)


@dataclass(frozen=True, slots=True)
class Taxes:
    """The tax subphase settled: the multiple, each player's tax and reward, what is lost."""

    multiple: int
    tax: dict[str, int]
    reward: dict[str, int]  # what each is paid for his Radio Signals
    lost: int  # collected beyond the payments: "Any money collected in excess ... is lost"
    short: bool = False  # no multiple covered the rewards (ruling: everyone taxed pays all)


def assess(money: Mapping[str, int], reward: Mapping[str, int], burden: Mapping[str, int]) -> Taxes:
    """Each player pays the same whole multiple of his tax burden, the least that covers the
    rewards (Tax Subphase), net of his own reward as in the seed's example (Ted pays $8,
    "his $28 in taxes less the $20 he makes"). Ruling 29: who cannot pay pays all he has;
    if no multiple covers the rewards, everyone with a burden pays all he has and those
    without one are paid in proportion, in whole dollars, from what was collected.
    """
    seats = list(money)
    needed = sum(reward.values())
    if needed == 0:
        return Taxes(0, dict.fromkeys(seats, 0), dict.fromkeys(seats, 0), 0)
    funds = {s: money[s] + reward.get(s, 0) for s in seats}  # taxes are netted with the reward

    def collected(k: int) -> dict[str, int]:
        return {s: min(k * burden.get(s, 0), funds[s]) for s in seats}

    taxed = [s for s in seats if burden.get(s, 0) > 0]
    ceiling = max((-(-funds[s] // burden[s]) for s in taxed), default=0)
    total_burden = sum(burden.get(s, 0) for s in seats)
    k = -(-needed // total_burden) if total_burden else 0
    while k <= ceiling and sum(collected(k).values()) < needed:
        k += 1
    if k <= ceiling:
        tax = collected(k)
        return Taxes(k, tax, {s: reward.get(s, 0) for s in seats}, sum(tax.values()) - needed)
    return _shortfall(seats, money, reward, taxed, ceiling, funds)


def _shortfall(
    seats: list[str],
    money: Mapping[str, int],
    reward: Mapping[str, int],
    taxed: list[str],
    ceiling: int,
    funds: Mapping[str, int],
) -> Taxes:
    """No multiple covers the rewards: the taxed pay all; the untaxed share what they brought."""
    available = sum(money[s] for s in taxed)  # the taxed players' own rewards came back in
    untaxed = {s: reward.get(s, 0) for s in seats if s not in taxed}
    owed = sum(untaxed.values())
    paid = {s: (r * available // owed if owed else 0) for s, r in untaxed.items()}
    tax = {s: funds[s] for s in taxed} | dict.fromkeys(untaxed, 0)
    rewards = {s: reward.get(s, 0) for s in taxed} | paid
    return Taxes(ceiling, tax, rewards, available - sum(paid.values()), short=True)
