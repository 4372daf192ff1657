"""Crusoe's Planet for research adapters: the advanced economies' catalogue and observation.

The decisions of the money economies and their governments, spelled with a
fixed, finite catalogue (:class:`~sealed.games.crusoe.encoding.CrusoeEncoding`
adds it when the scenario is an advanced one). Amounts are spelled from
bounded sets of levels; an order outside them cannot be spelled (``ValueError``),
so an agent chooses among these:

- **a policy** (the reward per Radio Signal, the tax burden per path: National,
  Welfare and Class Warfare Capitalism), ten tokens in a fixed order: ``reward
  $R`` for cb, military and top40 (R in :data:`REWARDS`), then ``burden N`` for
  each path in the board's order (N in :data:`BURDENS`); or ``pass``;
- **older units put back** in a commodity market: ``sell N`` (0 to
  :data:`MAX_SELL`, the largest supply of a good), the rules' list;
- **a wholesale list** for the good on sale, unit by unit: ``bid $P`` adds one
  unit wanted at $P or less (P in :data:`PRICES`, falling along the list, at
  most :data:`MAX_BID_UNITS` units), ``bid done`` seals it; ``bid none`` bids
  nothing. So ``water 1@31 2@17`` is spelled only when its prices are levels
  and its units rise one at a time;
- **a minimum wage** (Welfare Capitalism, the government's variation):
  ``wage N`` (N in :data:`WAGES`) or ``pass``;
- **a plan** (Market Socialism): ``plan wage $W``, ``plan price $P``, then
  ``plan limit N`` or ``plan limit none``: one wage, one price and one limit
  for every good (a plan by good or by path cannot be spelled); or ``pass``;
- **a purchase from the vault**: ``buy GOOD`` (one unit), ``buy GOOD N`` (N units, 2 to
  :data:`MAX_BUY_UNITS`: more are bought in several purchases, as the vault asks again until
  the buyer is done) or ``buy none``. The several units' names are the catalogue's last
  (:func:`multi_buy_names`, Market Socialism only), so the other ids stay;
- **a State Capitalism offer**: ``consign seat+k $D`` offers that legal
  seller all the units of the good held (D in :data:`DOLLARS`), or
  ``destroy``; the seller answers ``yes`` or ``no``;
- **a ruler's election and a campaign**: ``elect seat+k``, ``campaign`` or
  ``pass``; ballots are ``yes`` and ``no``.

Observation (from the view only): the money available per good, this cycle's
units and prices, the policy in force and under vote, the good on sale, the
minimum wage in force and under vote, the plan in force and under vote (one
wage, price and limit per good; in Market Socialism also each path's limit per
good, rulings 82 and 290), the vault; per seat from the viewer on: its
money, ruler, candidate, class and CEO, what it bought from the vault, and the
State Capitalism deal between it and the viewer (the view holds only the
viewer's deals, so no other seat's).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sealed.core.encoding import one_hot
from sealed.games.crusoe.orders import Order
from sealed.games.crusoe.socialist_market import limit_for
from sealed.games.crusoe.state import FREQUENCIES, GOODS, PATHS, standard_board
from sealed.games.crusoe.views import CrusoeView, PlayerView

REWARDS = (0, 5, 10, 15, 20, 25, 30, 40, 50)
"""The rewards per Radio Signal a policy may name, in dollars."""
BURDENS = (0, 1, 2, 3, 4, 5)
"""The tax burdens per path a policy may name."""
MAX_SELL = max(standard_board().supply[g] for g in GOODS)
"""The most older units put back that are spelled (no one holds more of a good)."""
PRICES = (1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100, 150, 200)
"""The prices a wholesale list may name per unit, in dollars."""
MAX_BID_UNITS = 6
"""The most units a wholesale list spells."""
WAGES = (0, 5, 10, 15, 20, 25, 30, 40, 50, 60, 80, 100)
"""The minimum wages a player may propose, in dollars."""
PLAN_WAGES = (0, 5, 10, 15, 20, 25, 30)
PLAN_PRICES = (1, 2, 5, 10, 15, 20, 30)
PLAN_LIMITS = (1, 2, 3, 4, 5)
DOLLARS = (0, 1, 2, 3, 5, 8, 10, 15, 20, 30, 40, 50, 75, 100, 150, 200)
"""The dollars a State Capitalism offer may ask for all the units."""
MAX_BUY_UNITS = 10
"""The most units one purchase from the vault spells."""
ASKS = ("policy", "bid", "wage", "plan", "buy", "consign")
"""The decisions whose masks are built here (the others are listed by the rules)."""
CLASSES = ("capitalist", "middle", "working")
SCALE = 100.0  # dollars are read as dollars / 100

Relative = Callable[[CrusoeView, str], str]
"""``seat`` named relative to the viewer (``seat+k``), and back."""


def action_names(seats: int) -> list[str]:
    """The catalogue's money part, for ``seats`` players."""
    names = [f"reward ${r}" for r in REWARDS] + [f"burden {b}" for b in BURDENS]
    names += [f"sell {n}" for n in range(MAX_SELL + 1)]
    names += [f"bid ${p}" for p in PRICES] + ["bid done", "bid none"]
    names += [f"wage {w}" for w in WAGES]
    names += [f"plan wage ${w}" for w in PLAN_WAGES] + [f"plan price ${p}" for p in PLAN_PRICES]
    names += [f"plan limit {n}" for n in PLAN_LIMITS] + ["plan limit none"]
    names += [f"buy {g}" for g in GOODS] + ["buy none"]
    names += [f"consign seat+{k} ${d}" for k in range(1, seats) for d in DOLLARS] + ["destroy"]
    names += [f"elect seat+{k}" for k in range(seats)] + ["campaign"]
    return names


# -- spelling -------------------------------------------------------------------------


def spell(view: CrusoeView, order: Order, relative: Relative) -> list[str]:
    """The action names of a money order (``ValueError``: outside the catalogue's levels)."""
    word = order.word
    if word == "policy":
        terms = dict(order.terms)
        rewards = [f"reward ${_level(terms[f], REWARDS, 'reward')}" for f in FREQUENCIES]
        return rewards + [f"burden {_level(terms[p], BURDENS, 'burden')}" for p in PATHS]
    if word == "bid":
        return _bid_names(order)
    if word == "plan":
        return _plan_names(order)
    if word == "buy":
        if order.name != "none" and not 1 <= order.number <= MAX_BUY_UNITS:
            raise ValueError(f"the Crusoe catalogue spells a purchase of 1-{MAX_BUY_UNITS} units")
        return [buy_name(order.name, order.number)]
    if word == "consign":
        dollars = _level(order.dollars, DOLLARS, "consignment")
        return [f"consign {relative(view, order.name)} ${dollars}"]
    if word == "wage":
        return [f"wage {_level(order.number, WAGES, 'wage')}"]
    if word == "elect":
        return [f"elect {relative(view, order.name)}"]
    raise ValueError(f"the Crusoe catalogue has no money order {word!r}")


def _level(value: int, levels: Sequence[int], what: str) -> int:
    if value not in levels:
        raise ValueError(f"the Crusoe catalogue spells a {what} of {levels}, not {value}")
    return value


def _bid_names(order: Order) -> list[str]:
    if not order.bids:
        return ["bid none"]
    if [units for units, _ in order.bids] != list(range(1, len(order.bids) + 1)):
        raise ValueError("the Crusoe catalogue spells a wholesale list one unit a step")
    if len(order.bids) > MAX_BID_UNITS:
        raise ValueError(f"the Crusoe catalogue spells at most {MAX_BID_UNITS} units of a bid")
    return [f"bid ${_level(p, PRICES, 'bid price')}" for _, p in order.bids] + ["bid done"]


def _plan_names(order: Order) -> list[str]:
    terms = dict(order.terms)
    if any(key.count(".") > 1 for key in terms):
        raise ValueError("the Crusoe catalogue spells no plan by path")
    wage, price = {terms[f"wage.{g}"] for g in GOODS}, {terms[f"price.{g}"] for g in GOODS}
    limits = {terms.get(f"limit.{g}") for g in GOODS}
    if len(wage) != 1 or len(price) != 1 or len(limits) != 1:
        raise ValueError("the Crusoe catalogue spells one wage, price and limit for every good")
    limit = limits.pop()
    names = [f"plan wage ${_level(wage.pop(), PLAN_WAGES, 'plan wage')}"]
    names.append(f"plan price ${_level(price.pop(), PLAN_PRICES, 'plan price')}")
    limit_name = "none" if limit is None else str(_level(limit, PLAN_LIMITS, "plan limit"))
    return [*names, f"plan limit {limit_name}"]


def read(view: CrusoeView, names: list[str], absolute: Relative) -> Order | None:
    """The money order ``names`` spell, or None while more are due."""
    first = names[0]
    if first.startswith("reward $"):
        if len(names) < len(FREQUENCIES) + len(PATHS):
            return None
        values = [int(name.split()[-1].lstrip("$")) for name in names]
        keys = (*FREQUENCIES, *PATHS)
        return Order("policy", terms=tuple(zip(keys, values, strict=True)))
    if first == "bid none":
        return Order("bid", name=view.good or "")
    if first.startswith("bid "):
        if names[-1] != "bid done":
            return None
        prices = [int(name[len("bid $") :]) for name in names[:-1]]
        bids = tuple((units, price) for units, price in enumerate(prices, start=1))
        return Order("bid", name=view.good or "", bids=bids)
    if first.startswith("plan "):
        return _plan(names) if len(names) == 3 else None
    words = first.split()
    if words[0] == "buy":
        if words[1] == "none":
            return Order("buy", name="none")
        return Order("buy", words[1], int(words[2]) if len(words) > 2 else 1)
    if words[0] == "consign":
        seller = absolute(view, words[1])
        units = _me(view).goods.get(view.good or "", 0)
        return Order("consign", name=seller, number=units, dollars=int(words[2].lstrip("$")))
    if words[0] == "wage":
        return Order("wage", number=int(words[1]))
    if words[0] == "elect":
        return Order("elect", name=absolute(view, words[1]))
    return None


def _plan(names: list[str]) -> Order:
    wage = int(names[0].split()[-1].lstrip("$"))
    price = int(names[1].split()[-1].lstrip("$"))
    limit = names[2].split()[-1]
    terms = [(f"wage.{g}", wage) for g in GOODS] + [(f"price.{g}", price) for g in GOODS]
    if limit != "none":
        terms += [(f"limit.{g}", int(limit)) for g in GOODS]
    return Order("plan", terms=tuple(terms))


def is_money(name: str) -> bool:
    """A first token that opens a money order (read by :func:`read`)."""
    return name.startswith(("reward $", "bid ", "plan ", "buy ", "consign ", "wage ", "elect "))


# -- masks ----------------------------------------------------------------------------


def mask_names(view: CrusoeView, draft: list[str], relative: Relative) -> list[str]:
    """The names that may follow ``draft`` in the viewer's open money decision."""
    ask = view.decide or ""
    if ask == "policy":
        return _policy_mask(draft)
    if ask == "bid":
        return _bid_mask(draft)
    if ask == "wage":
        return ["pass", *(f"wage {w}" for w in WAGES)]
    if ask == "plan":
        return _plan_mask(draft)
    if ask == "consign":
        sellers = [relative(view, str(s)) for s in view.offer]
        return ["destroy", *(f"consign {k} ${d}" for k in sellers for d in DOLLARS)]
    raise ValueError(f"no money mask for the decision {ask!r}")  # buy: checked by the rules


def _policy_mask(draft: list[str]) -> list[str]:
    if len(draft) < len(FREQUENCIES):
        return (["pass"] if not draft else []) + [f"reward ${r}" for r in REWARDS]
    return [f"burden {b}" for b in BURDENS]


def _bid_mask(draft: list[str]) -> list[str]:
    if not draft:
        return ["bid none", *(f"bid ${p}" for p in PRICES)]
    last = int(draft[-1][len("bid $") :])
    more = [f"bid ${p}" for p in PRICES if p < last] if len(draft) < MAX_BID_UNITS else []
    return ["bid done", *more]


def _plan_mask(draft: list[str]) -> list[str]:
    if not draft:
        return ["pass", *(f"plan wage ${w}" for w in PLAN_WAGES)]
    if len(draft) == 1:
        return [f"plan price ${p}" for p in PLAN_PRICES]
    return ["plan limit none", *(f"plan limit {n}" for n in PLAN_LIMITS)]


def buy_name(good: str, units: int) -> str:
    """``buy GOOD`` for one unit (and ``buy none``), ``buy GOOD N`` for more."""
    return f"buy {good}" if units <= 1 else f"buy {good} {units}"


def multi_buy_names() -> list[str]:
    """The purchases of several units, appended last to the catalogue (Market Socialism)."""
    return [buy_name(g, n) for g in GOODS for n in range(2, MAX_BUY_UNITS + 1)]


# -- observing ------------------------------------------------------------------------

HEADER_SIZE = (
    len(GOODS)  # money available per commodity market
    + 4 * len(GOODS)  # units, commodity price, wholesale price, money paid in
    + 2 * (len(FREQUENCIES) + len(PATHS))  # the policy in force and under vote
    + len(GOODS)
    + 1  # the good on sale (or none)
    + 4  # minimum wage in force and under vote, and whether each is set
    + 2 * 3 * len(GOODS)  # the plan in force and under vote: wage, price, limit per good
    + len(GOODS)  # the vault
)
SEAT_SIZE = 1 + 2 + len(CLASSES) + 1 + len(GOODS) + 5
"""Money, ruler and candidate, class and CEO, bought from the vault, the deal with the viewer."""
PATH_LIMITS_SIZE = 2 * len(PATHS) * len(GOODS)
"""Market Socialism only: the limit on each good for a walker of each path, under the plan in
force and under vote (:func:`observe_path_limits`)."""


def observe_header(view: CrusoeView) -> list[float]:
    vector = [view.market.get(g, 0) / SCALE for g in GOODS]
    for key, scale in (("units", 10.0), ("commodity", SCALE), ("wholesale", SCALE)):
        vector += [view.prices.get(g, {}).get(key, 0) / scale for g in GOODS]
    vector += [view.prices.get(g, {}).get("pay_in", 0) / (10 * SCALE) for g in GOODS]
    for policy in (view.policy, view.motion):
        vector += [policy.get("reward", {}).get(f, 0) / 50 for f in FREQUENCIES]
        vector += [policy.get("burden", {}).get(p, 0) / 5 for p in PATHS]
    on_sale = GOODS.index(view.good) if view.good in GOODS else len(GOODS)
    vector += one_hot(on_sale, len(GOODS) + 1)
    for wage in (view.wage, view.wage_motion):
        vector += [float(wage is not None), (wage or 0) / SCALE]
    for plan in (view.plan, view.plan_motion):
        for kind in ("wage", "price", "limit"):
            vector += [plan.get(kind, {}).get(g, 0) / 50 for g in GOODS]
    vector += [view.vault.get(g, 0) / 10 for g in GOODS]
    return vector


def observe_path_limits(view: CrusoeView) -> list[float]:
    """Per path and good, the limit a walker of that path buys within under the plan in force
    and under vote: the path's own (``limit.GOOD.PATH``: a proposal's, ruling 82, or a chart's,
    ruling 290), else the good's (0: no limit, as the plain plan's part reads it). The plain
    part shows the goods' own limits only, so without this a walker's binding limit was in his
    mask but not in his observation, and a motion's limits by path were voted unseen."""
    vector: list[float] = []
    for plan in (view.plan, view.plan_motion):
        for path in PATHS:
            vector += [(limit_for(plan, path, g) or 0) / 50 for g in GOODS]
    return vector


def observe_seat(view: CrusoeView, p: PlayerView) -> list[float]:
    klass = view.classes.get(p.seat)
    vector = [p.money / SCALE, float(view.ruler == p.seat), float(p.seat in view.candidates)]
    vector += one_hot(CLASSES.index(klass) if klass in CLASSES else -1, len(CLASSES))
    vector.append(float(any(ceo == p.seat for ceo, _ in view.ceos)))
    bought = view.bought.get(p.seat, {})
    vector += [bought.get(g, 0) / 10 for g in GOODS]
    return vector + _deal(view, p.seat)


def _deal(view: CrusoeView, seat: str) -> list[float]:
    """The State Capitalism deal between the viewer and ``seat`` for the good on sale."""
    for deal in view.deals:
        if seat != view.seat and seat in (deal["holder"], deal["seller"]):
            status = str(deal["status"])
            units, dollars = _number(deal["units"]), _number(deal["dollars"])
            flags = [float(status == s) for s in ("open", "agreed", "refused")]
            return [units / 10, dollars / SCALE, *flags]
    return [0.0] * 5


def _number(value: object) -> int:
    return value if isinstance(value, int) else 0


def _me(view: CrusoeView) -> PlayerView:
    return next(p for p in view.players if p.seat == view.seat)
