"""The research encoding of the modules' collections of goods: The Church, Third World Country
and a husband's gift (``gender_feeding``).

:class:`~sealed.games.crusoe.encoding_modules.ModuleEncoding` appends these names when
``church`` or ``third_world`` is in play. Each collection is spelled unit by unit, as a
consumption is, in a fixed order of items so that a collection has one spelling:

- **a donation to the Church** (rulings 96-101): ``donate +ITEM`` adds one item (the goods,
  then Leisure and the Radio Signals, in that order, never going back), ``donate done`` seals
  it. The mask allows an item he holds while the donation is below the largest he may make
  (the tithe, or banned the penance: ruling 97), and ``donate done`` only at a size he may
  make (``donate nothing`` when nothing is due is not asked);
- **the Agent's imports** (rulings 104-105): ``import +GOOD`` adds one unit from the MNCs
  (the chart's goods, all but the Basic Resource, in the board's order, never going back,
  at most :data:`MAX_IMPORT` units, while the bank holds one), ``import done`` seals it
  (alone: ``import nothing``);
- **a husband's gift** with ``gender_feeding`` (Doll's House, ruling 200): ``feed +GOOD``
  adds one unit of water or food (water, then the foods in the board's order, never going
  back), ``feed done`` gives them to the wife named (alone: ``feed WIFE nothing``); the mask
  is the rules' check with each unit more;
- **the goods he returns** with ``third_world_returns`` (rulings 199, 245): ``repay dearest``
  (ruling 104's choice), or ``repay +GOOD`` from the dearest good at the chart's prices to the
  cheapest, never going back, then ``repay done``. Added dearest first, the last unit is the
  cheapest, so the return is "no more" than the difference (ruling 245) exactly when it makes
  it up: the mask offers ``repay done`` then, and offers a unit only while the difference is
  not made up and what he holds from that good on can still make it up.

Observation (all public): the Church's goods, whether the seat is banned from its charity;
the Basic Resource, each good's National Production Limit and whether it was imported, the
Agent's debt, whether the MNCs are gone; per seat whether it is the Agent or a former one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction

from sealed.games.crusoe.modules import church, third_world
from sealed.games.crusoe.orders import Order
from sealed.games.crusoe.state import GOODS, CrusoeState
from sealed.games.crusoe.views import CrusoeView, PlayerView

MAX_IMPORT = 12
"""The most units one import spells."""
ITEMS = church.ITEMS
SCALE = 10.0


EDIBLE = ("water", "banana", "apple", "grape", "egg", "fish")
"""What a husband may give his wife beyond what he owes her, in the spelling's order."""


def action_names(church_on: bool, mncs: bool, returns: bool, feeding: bool = False) -> list[str]:
    names = [f"donate +{item}" for item in ITEMS] + ["donate done"] if church_on else []
    names += [f"feed +{g}" for g in EDIBLE] + ["feed done"] if feeding else []
    if mncs:
        names += [f"import +{g}" for g in third_world.GOODS] + ["import done"]
    if returns:
        names += [f"repay +{g}" for g in third_world.GOODS] + ["repay done", "repay dearest"]
    return names


def is_collection(name: str) -> bool:
    return name.startswith(("donate ", "import ", "repay ", "feed +", "feed done"))


def _by_price(resource: str) -> list[str]:
    """The chart's goods for ``resource``, dearest first (ties: the board's order)."""
    prices = third_world.CHART[resource]
    return sorted(prices, key=lambda g: (-prices[g], third_world.GOODS.index(g)))


def _order_of(word: str, resource: str) -> list[str]:
    if word == "donate":
        return list(ITEMS)
    if word == "feed":
        return list(EDIBLE)
    if word == "import":  # the chart's goods: every good but water and the BR (ruling 104)
        return [g for g in third_world.GOODS if g in third_world.CHART.get(resource, {})]
    return _by_price(resource)


# -- spelling -------------------------------------------------------------------------


def spell(view: CrusoeView, order: Order) -> list[str]:
    word = order.word
    if word == "repay" and not order.goods:
        return ["repay dearest"]
    resource = str(view.third_world.get("resource", ""))
    counts = dict(order.goods)
    stray = [g for g in counts if g not in _order_of(word, resource)]
    if stray:  # the rules refuse it too; the catalogue has no token for it
        raise ValueError(f"the Crusoe catalogue spells no {word} of {', '.join(stray)}")
    units = [g for g in _order_of(word, resource) for _ in range(counts.get(g, 0))]
    if word == "import" and len(units) > MAX_IMPORT:
        raise ValueError(f"the Crusoe catalogue spells at most {MAX_IMPORT} units imported")
    return [*(f"{word} +{g}" for g in units), f"{word} done"]


def read(view: CrusoeView, names: list[str]) -> Order | None:
    first = names[0]
    if first == "repay dearest":
        return Order("repay")
    word = first.split()[0]
    if names[-1] != f"{word} done":
        return None
    items = [n.split("+", 1)[1] for n in names[:-1]]
    order = [g for g in (*ITEMS, *GOODS) if g in items]
    goods = tuple((g, items.count(g)) for g in dict.fromkeys(order))
    wife = str(view.offer[0]) if word == "feed" and view.offer else ""
    return Order(word, name=wife, goods=goods)


# -- masks ----------------------------------------------------------------------------


ASKS = {"donate": "donate", "import": "import", "repay": "repay", "husband": "feed"}
"""The decisions spelled here, and the word of their orders."""


def mask_names(
    view: CrusoeView, draft: list[str], state: CrusoeState, allowed: Callable[[Order], bool]
) -> list[str]:
    """The names that may follow ``draft`` (``state``: drawn from the view, for the bank;
    ``allowed``: the rules' check of an order on it)."""
    word = ASKS[view.decide or ""]
    chosen = [n.split("+", 1)[1] for n in draft if "+" in n]
    resource = str(view.third_world.get("resource", ""))
    order = _order_of(word, resource)
    after = order[order.index(chosen[-1]) :] if chosen else order
    if word == "donate":
        return _donate_mask(view, chosen, after)
    if word == "feed":
        return _feed_mask(view, chosen, after, allowed)
    if word == "import":
        more = len(chosen) < MAX_IMPORT
        fresh = [g for g in after if more and state.bank(g) > chosen.count(g)]
        return ["import done", *(f"import +{g}" for g in fresh)]
    return _repay_mask(view, chosen, after, resource)


def _donate_mask(view: CrusoeView, chosen: list[str], after: list[str]) -> list[str]:
    """Done at a size he may give; an item while a size he may give is still within reach
    from it on (items are never gone back to, so an item skipped is skipped for good)."""
    me = _me(view)
    held = {**me.goods, "leisure": me.leisure, **me.radio}
    dues = church.dues_of(sum(held.values()), view.seat in view.banned)
    names = ["donate done"] if len(chosen) in dues else []
    for i, item in enumerate(after):
        reach = len(chosen) + sum(held.get(j, 0) - chosen.count(j) for j in after[i:])
        if held.get(item, 0) > chosen.count(item) and any(len(chosen) < d <= reach for d in dues):
            names.append(f"donate +{item}")
    return names


def _feed_mask(
    view: CrusoeView, chosen: list[str], after: list[str], allowed: Callable[[Order], bool]
) -> list[str]:
    """Done (what is drafted is allowed: each unit was), and a unit more while the rules allow
    the gift with it: he holds it, she may eat it, within her limits (ruling 200). A gift
    refused stays refused with more, so a draft never reaches a dead end."""
    names = ["feed done"]
    for good in after:
        draft = [*(f"feed +{g}" for g in chosen), f"feed +{good}", "feed done"]
        order = read(view, draft)
        if order is not None and allowed(order):
            names.append(f"feed +{good}")
    return names


def _repay_mask(view: CrusoeView, chosen: list[str], after: list[str], resource: str) -> list[str]:
    prices = third_world.CHART[resource]
    owed = Fraction(int(str(view.third_world.get("owed", 0))))
    worth = sum((prices[g] for g in chosen), Fraction(0))
    if chosen and worth >= owed:
        return ["repay done"]
    held = _me(view).goods
    names = [] if chosen else ["repay dearest"]
    for i, good in enumerate(after):
        left = held.get(good, 0) - chosen.count(good)
        rest = sum((prices[g] * held.get(g, 0) for g in after[i + 1 :]), Fraction(0))
        if left > 0 and worth + prices[good] * left + rest >= owed:
            names.append(f"repay +{good}")
    return names


# -- observing ------------------------------------------------------------------------


def header_size(church_on: bool, mncs: bool) -> int:
    size = len(GOODS) if church_on else 0
    return size + (len(third_world.GOODS) * 3 + 2 if mncs else 0)


def observe_header(view: CrusoeView, church_on: bool, mncs: bool) -> list[float]:
    vector = [view.church_goods.get(g, 0) / SCALE for g in GOODS] if church_on else []
    if not mncs:
        return vector
    world = view.third_world
    resource = str(world.get("resource", ""))
    npl = world.get("npl", {})
    imported = world.get("imported", [])
    for good in third_world.GOODS:
        limit = npl.get(good, 0) if isinstance(npl, Mapping) else 0
        vector += [float(good == resource), _int(limit) / SCALE]
        vector.append(float(isinstance(imported, list) and good in imported))
    return [*vector, _int(world.get("owed")) / SCALE, float(bool(world.get("gone")))]


def seat_size(church_on: bool, mncs: bool) -> int:
    return int(church_on) + (len(third_world.ROLES) if mncs else 0)


def observe_seat(view: CrusoeView, p: PlayerView, church_on: bool, mncs: bool) -> list[float]:
    vector = [float(p.seat in view.banned)] if church_on else []
    return vector + ([float(r in p.roles) for r in third_world.ROLES] if mncs else [])


def _me(view: CrusoeView) -> PlayerView:
    return next(p for p in view.players if p.seat == view.seat)


def _int(value: object) -> int:
    return value if isinstance(value, int) else 0
