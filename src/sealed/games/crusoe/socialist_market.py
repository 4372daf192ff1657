"""Market Socialism (Advanced Scenarios), applied in place: the plan's values (wages, prices,
purchase limits), wages for production, purchases from the government vault in turn order,
and the vault's goods kept over to the next cycle. The government's decision on the plan is
in :mod:`~sealed.games.crusoe.socialist_plan`.

"At the beginning of each cycle (prior to turn order determination) the government sets
wages to be paid for each unit of each good or service produced. The government also sets
prices for the various goods, as well as optionally setting a limit on how many units of a
given good can be purchased by a given player. ... At the beginning of the trade phase each
player is paid the set wage for his production, and then each player in turn order selects
a single good to purchase, buying as many units as he pleases as long as he doesn't exceed
the previously set limits. Players continue taking turns until all goods have been
purchased, all money has been spent, or everyone has reached the limit on what they are
allowed to purchase. Any excess goods are left in the government vault until the next cycle
(rolling to see if they keep normally), and any excess money is discarded. At the end of the
trade phase the players may engage in a black market, which functions like the retail
subphase of a monetary market."

Ruling 54: the plan is proposed and voted as National Capitalism's policy (ruling 30: seat
order, one seat further each cycle, more than half yes; under a Dictatorship the Dictator
decrees it); before any plan, every wage and price is $10 and nothing is limited. The units
produced this cycle go into the vault as their wages are paid (new money). A turn is ``buy
GOOD N`` (one good) or ``buy none`` (done buying this cycle). The dollars paid go to the
government and leave the table; the dollars left at the end are discarded.

Ruling 82, limits per player: "the number may be varied from one player to the next as long as
the criteria used to distinguish the players are in-game criteria". The criterion built is the
path the player walks this cycle (as National Capitalism's tax burdens are set by path): a plan
may give a good a limit for one path (``limit.apple.firefly 4``), which replaces the good's
limit for whoever walks that path; never a limit by name or seat.
"""

from __future__ import annotations

from collections.abc import Mapping

from sealed.core.chance import Chance
from sealed.core.events import Event
from sealed.games.crusoe.modules import corporations, gender, landlords, punishments, slavery
from sealed.games.crusoe.orders import Order
from sealed.games.crusoe.state import ELASTICITY, GOODS, KEEPS_ON, CrusoeState

Events = list[Event] | None

PLAN_DEFAULT = 10
"""Before the government's first plan: every wage and every price $10, no limit (ruling 54)."""


def default_plan() -> dict[str, dict[str, int]]:
    return {
        "wage": dict.fromkeys(GOODS, PLAN_DEFAULT),
        "price": dict.fromkeys(GOODS, PLAN_DEFAULT),
        "limit": {},
    }


def current(state: CrusoeState) -> dict[str, dict[str, int]]:
    """The plan in force (the default before the government's first)."""
    return state.plan or default_plan()


def plan_of(order: Order) -> dict[str, dict[str, int]]:
    """The plan a ``plan`` order proposes (its terms are ``wage.GOOD``, ``price.GOOD``,
    ``limit.GOOD`` and ``limit.GOOD.PATH``; a path's limits are kept as ``limit.PATH``)."""
    plan: dict[str, dict[str, int]] = {"wage": {}, "price": {}, "limit": {}}
    for key, value in order.terms:
        kind, _, rest = key.partition(".")
        good, _, path = rest.partition(".")
        plan.setdefault(f"{kind}.{path}" if path else kind, {})[good] = value
    return plan


def limit_for(plan: Mapping[str, Mapping[str, int]], path: str | None, good: str) -> int | None:
    """A player's limit on ``good``: his path's, if the plan gives one (ruling 82), else the
    good's; None: no limit."""
    by_path = plan.get(f"limit.{path}", {}) if path else {}
    return by_path[good] if good in by_path else plan.get("limit", {}).get(good)


def describe(plan: Mapping[str, Mapping[str, int]]) -> str:
    """``wages water $10, ...; prices ...; limits apple 2; firefly apple 4`` (or ``none``)."""
    wages = ", ".join(f"{g} ${n}" for g, n in plan.get("wage", {}).items())
    prices = ", ".join(f"{g} ${n}" for g, n in plan.get("price", {}).items())
    limits = ", ".join(f"{g} {n}" for g, n in plan.get("limit", {}).items()) or "none"
    for kind in sorted(k for k in plan if k.startswith("limit.")):
        per_path = ", ".join(f"{g} {n}" for g, n in plan[kind].items())
        limits += f"; on the {kind.partition('.')[2]} path {per_path}"
    return f"wages {wages}; prices {prices}; limits {limits}"


# -- the trade phase: wages, the vault, purchases ----------------------------------------------


def living(state: CrusoeState) -> list[str]:
    """The living of the planned economy: not an exile, whose goods stay his, who is paid no
    wage and buys nothing from the vault (ruling 268)."""
    return [s for s in state.order if state.players[s].alive and punishments.in_market(state, s)]


def begin(state: CrusoeState, events: Events) -> None:
    """Each player is paid the wage for his production, which goes into the government vault."""
    wages: dict[str, int] = {}
    for seat in living(state):
        player = state.players[seat]
        for good in GOODS:
            # Doll's House: a wife's produce is her husband's, so is its wage (ruling 162)
            made = gender.market_produced(state, seat, good)
            made += slavery.slaves_produced(state, seat, good)  # a slave's is his master's
            units = min(player.goods[good], made)
            if units:
                player.goods[good] -= units
                state.vault[good] = state.vault.get(good, 0) + units
                wages[seat] = wages.get(seat, 0) + units * current(state)["wage"].get(good, 0)
        player.money += wages.get(seat, 0)
    state.bought, state.done, state.turn = {}, [], 0
    state.phase = "buy"
    if events is not None:
        _wages_event(state, wages, events)
    corporations.collect(state, events)  # the wages are his first money: salary, fees (160)
    landlords.collect(state, events)  # Landlords: the rent owed, from the wages (ruling 154)


def _wages_event(state: CrusoeState, wages: Mapping[str, int], events: list[Event]) -> None:
    each = ", ".join(f"{s} ${n}" for s, n in wages.items() if n) or "nobody"
    vault = ", ".join(f"{state.vault[g]} {g}" for g in GOODS if state.vault.get(g)) or "nothing"
    events.append(
        Event(
            "wages",
            f"Wages for this cycle's production: {each}; the vault holds {vault}.",
            data={"wages": dict(wages), "vault": dict(state.vault)},
        )
    )
    total = sum(wages.values())
    if total:
        events.append(
            Event("print", f"${total} new money enters the economy.", data={"amount": total})
        )


def room(state: CrusoeState, seat: str, good: str) -> int:
    """How many units of ``good`` the seat may still buy now: the vault, his limit, his money."""
    units = state.vault.get(good, 0)
    limit = limit_for(current(state), state.players[seat].path, good)
    if limit is not None:
        units = min(units, limit - state.bought.get(seat, {}).get(good, 0))
    price = current(state)["price"].get(good, 0)
    if price:
        units = min(units, state.players[seat].money // price)
    return max(0, units)


def _may_buy(state: CrusoeState, seat: str) -> bool:
    """Not a wife: she "does not participate in the market" (Doll's House, ruling 162)."""
    if not gender.in_market(state, seat) or not slavery.in_market(state, seat):
        return False  # nor a slave: "not considered players" (Slavery, ruling 166)
    return seat not in state.done and any(room(state, seat, g) for g in GOODS)


def buy_phase(state: CrusoeState, chance: Chance, events: Events) -> None:
    """Turns in turn order until nobody may or will buy more; then (Corporations) the
    investment subphase (ruling 160); then the money left is discarded and the black market
    opens."""
    gender.collect_money(state, events)  # Doll's House: what was given a wife is his (162)
    seats = [s for s in living(state) if gender.in_market(state, s)]
    seats = [s for s in seats if slavery.in_market(state, s)]  # not a slave (ruling 166)
    for step in range(0 if corporations.investing(state) else len(seats)):
        seat = seats[(state.turn + step) % len(seats)]
        if _may_buy(state, seat):
            state.turn = (state.turn + step) % len(seats)
            state.ask, state.waiting = "buy", (seat,)
            state.offer = tuple(g for g in GOODS if room(state, seat, g))
            return
    if corporations.ask_investment(state, seats):
        return  # Corporations: after the purchases, "just before excess money is discarded" (160)
    if corporations.next_spend(state, chance, events):
        return  # Corporations: "At the end of the investment subphase", experience (145)
    _close(state, events)


def on_buy(state: CrusoeState, seat: str, order: Order, chance: Chance, events: Events) -> None:
    state.offer = ()
    if order.name == "none":
        state.done.append(seat)
        if events is not None:
            events.append(Event("buy", f"{seat} buys nothing more.", data={"seat": seat}))
        return
    good, units = order.name, order.number
    paid = units * current(state)["price"].get(good, 0)
    state.vault[good] -= units
    state.players[seat].goods[good] += units
    state.players[seat].money -= paid
    mine = state.bought.setdefault(seat, {})
    mine[good] = mine.get(good, 0) + units
    state.turn += 1
    if events is not None:
        events.append(
            Event(
                "buy",
                f"{seat} buys {units} {good} from the vault for ${paid}.",
                data={"seat": seat, "good": good, "units": units, "paid": paid},
            )
        )
        if paid:  # paid to the government: it leaves the table
            events.append(
                Event(
                    "discard",
                    f"The ${paid} paid to the government leaves the table.",
                    data={"amount": paid},
                )
            )


def _close(state: CrusoeState, events: Events) -> None:
    left = {s: p.money for s, p in state.players.items() if p.money}
    for player in state.players.values():
        player.money = 0
    state.vault = {g: n for g, n in state.vault.items() if n}
    state.bought, state.done, state.turn = {}, [], 0
    state.phase = "trade"  # the black market: barter with neighbours, as retail
    state.home = punishments.kept_from_trade(state)  # Exile: exiles without barter (269)
    if events is not None and left:
        each = ", ".join(f"{s} ${n}" for s, n in left.items())
        events.append(
            Event(
                "discard",
                f"The purchases are over: the money left is discarded ({each}).",
                data={"amount": sum(left.values())},
            )
        )


def buy_problem(state: CrusoeState, seat: str, order: Order) -> str | None:
    """A good in the vault, within the seat's limit and money."""
    if order.name == "none":
        return None
    good, units = order.name, order.number
    if state.vault.get(good, 0) < units:
        return f"the government vault holds {state.vault.get(good, 0)} {good}, not {units}"
    path = state.players[seat].path
    limit = limit_for(current(state), path, good)
    had = state.bought.get(seat, {}).get(good, 0)
    if limit is not None and had + units > limit:
        by_path = good in current(state).get(f"limit.{path}", {})
        whose = f"on the {path} path" if by_path else "a player"
        return f"Market Socialism: the limit on {good} is {limit} {whose} and you have bought {had}"
    cost = units * current(state)["price"].get(good, 0)
    if cost > state.players[seat].money:
        return f"{units} {good} cost ${cost} and you have ${state.players[seat].money}"
    return None


def preserve_vault(state: CrusoeState, chance: Chance, events: Events) -> None:
    """The vault's goods roll to keep as anyone's do (water never keeps; spears and diamonds
    always)."""
    state.vault.pop("water", None)
    for food in (g for g in ELASTICITY if g in KEEPS_ON):
        units = state.vault.get(food, 0)
        if not units:
            continue
        dice = chance.dice(f"cycle {state.cycle}: the government vault's {food}", units)
        kept = sum(1 for die in dice if die <= KEEPS_ON[food])
        state.vault[food] = kept
        if events is not None:
            events.append(
                Event(
                    "preserve",
                    f"The vault's {units} {food}: rolls {' '.join(map(str, dice))}, {kept} kept.",
                    data={"seat": None, "good": food, "dice": dice, "kept": kept},
                )
            )
    state.vault = {g: n for g, n in state.vault.items() if n}
