"""Step III under the Monetary Markets (Advanced Rules), applied in place: the commodity
markets, tax, wholesale and retail subphases.

- **Commodity markets** (ruling 28). Good by good in order of elasticity, the owners of
  older units (not produced this cycle) say in turn order how many they put back
  (``sell N``); this cycle's production all goes in. The price is the money available
  over the units, rounded up ($100 the first cycle a good is on the market); each seller
  is paid the price per unit, and the market's money is spent (what the rounding adds is
  printed).
- **Tax** (ruling 29). Radio Signal rewards are paid from taxes, each player the same
  multiple of his tax burden (:func:`~sealed.games.crusoe.auction.assess`); the excess
  is lost.
- **Wholesale** (rulings 24-27). Good by good, every player seals a list
  (``water 1@31 2@17``); the price follows from the lists alone
  (:func:`~sealed.games.crusoe.auction.count_down`); each buys what his list says at that
  price or what he can afford (the rest of his money is confiscated); leftovers go to the
  biggest buyer, then the highest bidders, then dice. The money paid in is the market's
  money next cycle. Then every dollar left is discarded.
- **Retail.** Barter, one on one, each player only with his neighbours in turn order.

Every dollar that appears or disappears is an event (``print``, ``lost``, ``confiscate``,
``discard``) whose data says how many, so the ledger can be audited.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sealed.core.chance import Chance
from sealed.core.events import Event
from sealed.games.crusoe import classwar, statecap
from sealed.games.crusoe.auction import (
    Bids,
    Count,
    Taxes,
    assess,
    commodity_price,
    count_down,
    leftover_contest,
    purchase,
    revealed,
    wanted,
)
from sealed.games.crusoe.modules import corporations, gender, landlords, punishments, slavery
from sealed.games.crusoe.orders import Order
from sealed.games.crusoe.state import (
    ELASTICITY,
    FREQUENCIES,
    FREQUENCY_NAMES,
    OPENING_MONEY,
    CrusoeState,
)
from sealed.games.crusoe.welfare import PACKAGE, Wage, entitled, minimum_wage

Events = list[Event] | None


def begin(state: CrusoeState, events: Events) -> None:
    """Open the commodity markets with the first good; the pot (``pile``) is empty.

    Centralized Communism has no commodity prices and no tax subphase: everything goes into
    the pot, each player is given $100, and the wholesale subphase opens at once.
    """
    state.pile, state.prices, state.putback, state.turn = {}, {}, {}, 0
    if state.settings.scenario == "centralized-communism":
        _dump_into_the_pot(state, events)
        gender.collect_money(state, events)  # Doll's House: a wife's $100 is his (ruling 161)
        corporations.collect(state, events)  # a salary's excess, then the fees (143, 144)
        landlords.collect(state, events)  # the tenants' first money: the rent owed
        state.phase, state.good = "wholesale", _next_on_sale(state, 0)
        return
    state.good = ELASTICITY[0]
    state.phase = "commodity"


COMMUNIST_WAGE = 100
"""Centralized Communism: "each player is given $100"."""


def _dump_into_the_pot(state: CrusoeState, events: Events) -> None:
    """Centralized Communism: "instead of calculating commodity prices everything is just dumped
    into the pot and each player is given $100" (ruling 46: every unit held goes in, older
    units, spears and diamonds too, as Tribal Communism shares every good, ruling 22); a
    wife's too, and her $100 her husband collects (ruling 161)."""
    seats = [s for s in state.order if state.players[s].alive]
    seats = [s for s in seats if punishments.in_market(state, s)]  # an exile's stay his (213)
    for seat in seats:
        player = state.players[seat]
        for good, n in player.goods.items():
            if n:
                state.pile[good] = state.pile.get(good, 0) + n
                player.goods[good] = 0
    seats = [s for s in seats if slavery.in_market(state, s)]  # a slave is given nothing (166)
    for seat in seats:
        state.players[seat].money += COMMUNIST_WAGE
    state.prices = {good: {"units": n} for good, n in state.pile.items()}
    if events is not None:
        pot = ", ".join(f"{state.pile[g]} {g}" for g in ELASTICITY if g in state.pile)
        events.append(
            Event(
                "pot",
                f"Everything goes into the pot ({pot or 'nothing'}); each player is given "
                f"${COMMUNIST_WAGE}.",
                data={"pot": dict(state.pile), "given": dict.fromkeys(seats, COMMUNIST_WAGE)},
            )
        )
        total = COMMUNIST_WAGE * len(seats)
        _money_event(events, "print", total, f"${total} new money enters the economy.")


def traders(state: CrusoeState) -> list[str]:
    """The living, in turn order, but a wife (Doll's House: "she does not participate in the
    market", ruling 161)."""
    alive = [s for s in state.order if state.players[s].alive and gender.in_market(state, s)]
    alive = [s for s in alive if punishments.in_market(state, s)]  # not an exile (ruling 210)
    return [s for s in alive if slavery.in_market(state, s)]  # not a slave (ruling 166)


# -- commodity markets ---------------------------------------------------------------------


def older(state: CrusoeState, seat: str, good: str) -> int:
    """Units of ``good`` held that were not produced this cycle (they may be kept back)."""
    player = state.players[seat]
    fresh = gender.market_produced(state, seat, good) + slavery.slaves_produced(state, seat, good)
    return max(0, player.goods[good] - fresh)  # a wife's (161), a slave's (166) are his


def commodity_phase(state: CrusoeState, chance: Chance, events: Events) -> None:
    """Ask the owners of older units in turn order, then price and pay for the good."""
    good = state.good or ELASTICITY[0]
    seats = traders(state)
    capitalist = state.settings.scenario == "state-capitalism"
    if capitalist and statecap.negotiate(state, good, events):
        return  # State Capitalism: the others deal with the legal sellers first
    allowed = statecap.sellers(state, good) if capitalist else seats
    while state.turn < len(seats):
        seat = seats[state.turn]
        if seat in allowed and older(state, seat, good) > 0:
            state.ask, state.waiting = "sell", (seat,)
            state.offer = tuple(range(older(state, seat, good) + 1))
            return
        state.turn += 1
    _settle_commodity(state, good, events)
    following = ELASTICITY.index(good) + 1
    state.putback, state.turn = {}, 0
    if following < len(ELASTICITY):
        state.good = ELASTICITY[following]
        return
    classwar.take_shares(state, events)  # Class Warfare: the CEOs' shares of the sales
    # Welfare Capitalism's variation: the government sets the minimum wage first (wage_vote.py)
    variation = state.settings.minimum_wage == "government"
    state.good, state.phase = None, "wage" if variation else "taxes"


def on_sell(state: CrusoeState, seat: str, order: Order, chance: Chance, events: Events) -> None:
    state.putback[seat] = order.number
    state.offer = ()
    state.turn += 1
    if events is not None:
        events.append(
            Event(
                "sell",
                f"{seat} puts {order.number} older {state.good} back into the market."
                if order.number
                else f"{seat} keeps his older {state.good} out of the market.",
                data={"seat": seat, "good": state.good, "units": order.number},
            )
        )


def _settle_commodity(state: CrusoeState, good: str, events: Events) -> None:
    capitalist = state.settings.scenario == "state-capitalism"
    own = {}
    for seat in statecap.sellers(state, good) if capitalist else traders(state):
        player = state.players[seat]
        fresh = gender.market_produced(state, seat, good)  # a wife's is her husband's (161)
        fresh += slavery.slaves_produced(state, seat, good)  # a slave's his master's (166)
        units = min(player.goods[good], fresh + state.putback.get(seat, 0))
        if units:
            own[seat] = units
    for seat, n in own.items():
        state.players[seat].goods[good] -= n
    # State Capitalism: the units others sold through a legal seller go in in his name
    extra = statecap.consigned(state, good, events) if capitalist else {}
    contributed = {s: own.get(s, 0) + extra.get(s, 0) for s in traders(state)}
    contributed = {s: n for s, n in contributed.items() if n}
    units = sum(contributed.values())
    if units == 0:
        state.deals = []
        return  # "If a given commodity wasn't produced its money available carries over"
    opening = good not in state.funds
    money = OPENING_MONEY if opening else state.funds[good]
    price = commodity_price(money, units)
    for seat, n in contributed.items():
        state.players[seat].money += n * price
        classwar.record_sale(state, seat, good, n * price)
    state.pile[good] = state.pile.get(good, 0) + units
    printed = price * units - (0 if opening else money)
    state.funds[good] = 0  # spent on the sellers; the wholesale pay-in refills it
    state.prices[good] = {"units": units, "money": money, "commodity": price}
    if events is not None:
        paid = ", ".join(f"{s} ${n * price} for {n}" for s, n in contributed.items())
        opened = f" (first produced: ${OPENING_MONEY})" if opening else ""
        events.append(
            Event(
                "commodity",
                f"{good.capitalize()}: {_units(units)} in the market, ${money} available{opened}: "
                f"the commodity price is ${price}; {paid}.",
                data={
                    "good": good,
                    "units": units,
                    "money": money,
                    "price": price,
                    "paid": {s: n * price for s, n in contributed.items()},
                },
            )
        )
        _money_event(events, "print", printed, f"${printed} new money enters the economy.")
    if capitalist:
        statecap.pay_holders(state, good, events)


def _money_event(events: list[Event], kind: str, amount: int, text: str) -> None:
    """Money made or unmade by the rules, as an event whose data gives the dollars (no event
    for $0)."""
    if amount:
        events.append(Event(kind, text, data={"amount": amount}))


# -- tax -----------------------------------------------------------------------------------------


def taxes_phase(state: CrusoeState, chance: Chance, events: Events) -> None:
    """Collect the taxes that pay the Radio Signal rewards the government set (and, in Welfare
    Capitalism, the welfare of those below the minimum wage)."""
    gender.collect_money(state, events)  # Doll's House: a CEO's share to a wife is his (161)
    slavery.collect(state, events)  # Slavery: a slave CEO's share is his master's (ruling 166)
    corporations.collect(state, events)  # a salary's excess, then the fees (143, 144)
    landlords.collect(state, events)  # rent owed is paid as soon as the tenant holds money
    if state.settings.libertarianism:  # "For a monetary market no taxes are collected" (111)
        state.phase, state.good, state.turn = "wholesale", _next_on_sale(state, 0), 0
        return
    seats = traders(state)  # Doll's House: a wife's rewards and burden are her husband's (161)
    everyone = [s for s in state.order if state.players[s].alive]
    if state.settings.scenario == "state-capitalism":
        statecap.signal_pay(state, events)  # "No tax is assessed, but ... money is printed"
        state.phase, state.good, state.turn = "wholesale", _next_on_sale(state, 0), 0
        return
    rewards = {
        s: sum(state.players[s].radio[f] * state.policy["reward"][f] for f in FREQUENCIES)
        for s in everyone
    }
    burden = {s: state.policy["burden"].get(state.players[s].path or "", 0) for s in everyone}
    if "seats" in state.policy:  # a Bureaucracy's chart set a burden per player (ruling 70)
        burden = {s: state.policy["seats"].get(s, b) for s, b in burden.items()}
    burden = {s: classwar.tax_burden(state, s, b) for s, b in burden.items()}  # by class
    rewards, burden = gender.fold(state, rewards, seats), gender.fold(state, burden, seats)
    money = {s: state.players[s].money for s in seats}
    wage, relief = None, {}
    if state.settings.scenario == "welfare-capitalism":
        wage = minimum_wage(state.prices, state.funds, state.settings.wage_package or PACKAGE)
        if state.settings.minimum_wage == "government" and state.wage is not None:
            wage = Wage(state.wage, ())  # set by the government (ruling 56)
        relief = entitled(money, rewards, wage.amount)
        relief = gender.welfare_applicants(state, relief)  # No Suffrage: no welfare (198)
        # "When the Radio Signal tax is paid welfare applicants are automatically not taxed."
        burden = {s: 0 if s in relief else b for s, b in burden.items()}
    owed = {s: rewards[s] + relief.get(s, 0) for s in seats}
    money, owed = landlords.defray(state, money, owed, events)  # the government's rents first
    settled = assess(money, owed, burden)
    for seat in seats:
        state.players[seat].money += settled.reward[seat] - settled.tax[seat]
    state.phase, state.good, state.turn = "wholesale", _next_on_sale(state, 0), 0
    if events is None:
        return
    if wage is not None:
        events.append(_welfare_event(wage, relief))
    if not any(owed.values()):
        return
    events.append(_tax_event(state, seats, rewards, relief, burden, settled))
    _money_event(events, "lost", settled.lost, f"${settled.lost} collected in excess is lost.")


def _welfare_event(wage: Wage, relief: Mapping[str, int]) -> Event:
    package = (
        ", ".join(
            f"{units} {good} at ${price}" + ("" if priced else " (not priced this cycle)")
            for good, units, price, priced in wage.parts
        )
        or "set by the government"
    )
    who = ", ".join(f"{s} ${n}" for s, n in relief.items()) or "nobody"
    return Event(
        "welfare",
        f"The minimum wage is ${wage.amount} ({package}); welfare: {who}.",
        data={
            "wage": wage.amount,
            "package": [[good, units, price] for good, units, price, _ in wage.parts],
            "welfare": dict(relief),
        },
    )


def _tax_event(
    state: CrusoeState,
    seats: list[str],
    rewards: Mapping[str, int],
    relief: Mapping[str, int],
    burden: Mapping[str, int],
    settled: Taxes,
) -> Event:
    owed = []
    if any(rewards.values()):
        signals = "; ".join(f"{s} {_signals(state, s)}" for s in seats if rewards[s])
        owed.append(f"${sum(rewards.values())} is owed for Radio Signals ({signals})")
    if relief:
        who = ", ".join(f"{s} ${n}" for s, n in relief.items())
        owed.append(f"${sum(relief.values())}{'' if owed else ' is owed'} for welfare ({who})")
    each = ", ".join(
        f"{s} pays ${settled.tax[s]}"
        + (f" and is paid ${settled.reward[s]}" if rewards[s] or s in relief else "")
        for s in seats
    )
    how = (
        "no multiple of the tax burdens covers it, so whoever has a burden pays all he has"
        if settled.short
        else f"each pays {settled.multiple} times his tax burden"
    )
    return Event(
        "taxes",
        f"Taxes: {' and '.join(owed)}; {how}: {each}.",
        data={
            "owed": dict(rewards),
            "welfare": dict(relief),
            "burden": dict(burden),
            "multiple": settled.multiple,
            "tax": dict(settled.tax),
            "reward": dict(settled.reward),
        },
    )


def _signals(state: CrusoeState, seat: str) -> str:
    """The seat's signals, and his wives' (Doll's House: the household is one taxpayer, 161)."""
    parts = [_radio(state, seat)]
    parts += [f"his wife {w}'s {_radio(state, w)}" for w in gender.wives_of(state, seat)]
    return ", ".join(p for p in parts if p and not p.endswith("'s "))


def _radio(state: CrusoeState, seat: str) -> str:
    radio = state.players[seat].radio
    return ", ".join(f"{n} {FREQUENCY_NAMES[f]}" for f, n in radio.items() if n)


# -- wholesale ------------------------------------------------------------------------------------


def _next_on_sale(state: CrusoeState, start: int) -> str | None:
    return next((g for g in ELASTICITY[start:] if state.pile.get(g, 0) > 0), None)


def wholesale_phase(state: CrusoeState, chance: Chance, events: Events) -> None:
    """Every living player seals a list for the good on sale; after the last good, the money
    left is discarded and retail barter begins."""
    gender.collect_money(state, events)  # Doll's House: what was given a wife is his (161)
    if state.good is not None:
        state.ask, state.waiting = "bid", tuple(traders(state))
        return
    if corporations.ask_investment(state, traders(state)):
        return  # Corporations: the investment subphase, "just before excess money is discarded"
    if corporations.next_spend(state, chance, events):
        return  # Corporations: "At the end of the investment subphase", experience (145)
    left = {s: p.money for s, p in state.players.items() if p.money}
    for seat in state.players:
        state.players[seat].money = 0
    state.phase, state.pile = "trade", {}
    state.home = punishments.kept_from_trade(state)  # Exile: exiles without barter (211)
    if events is not None and left:
        each = ", ".join(f"{s} ${n}" for s, n in left.items())
        _money_event(
            events,
            "discard",
            sum(left.values()),
            f"The wholesale subphase is over: all remaining money is discarded ({each}).",
        )


def on_bid(state: CrusoeState, orders: Mapping[str, Order], chance: Chance, events: Events) -> None:
    """Open the lists for the good on sale and settle it."""
    good = state.good or ELASTICITY[0]
    units = state.pile.get(good, 0)
    seats = traders(state)
    lists: dict[str, Bids] = {s: orders[s].bids for s in seats if s in orders}
    count = count_down(units, lists)
    bought: dict[str, int] = {}
    paid: dict[str, int] = {}
    confiscated: dict[str, int] = {}
    if count is not None:
        for seat in seats:
            want = wanted(lists.get(seat, ()), count.price)
            deal = purchase(want, count.price, state.players[seat].money)
            bought[seat], paid[seat], confiscated[seat] = deal.units, deal.paid, deal.confiscated
            state.players[seat].money -= deal.paid + deal.confiscated
            state.players[seat].goods[good] += deal.units
    left = units - sum(bought.values())
    heir, offers = (
        _leftovers(state, good, left, seats, bought, lists, chance) if left else (None, {})
    )
    state.pile[good] = 0
    row = state.prices.setdefault(good, {"units": units})
    row["wholesale"], row["pay_in"] = count.price if count else 0, sum(paid.values())
    if events is not None:
        sale = Sale(good, units, count, bought, paid, confiscated, heir, left, offers)
        _auction_events(events, sale, lists)
    _pay_in(state, good, sum(paid.values()), events)
    state.good = _next_on_sale(state, ELASTICITY.index(good) + 1)


def _pay_in(state: CrusoeState, good: str, amount: int, events: Events) -> None:
    """ "The sum of money paid in for the good becomes the money available for that commodity
    market next cycle"; in Centralized Communism no commodity price is ever calculated from
    it (each player is given $100 instead), so it is discarded (ruling 46)."""
    if state.settings.scenario != "centralized-communism":
        state.funds[good] = amount
        return
    if events is not None:
        _money_event(
            events,
            "discard",
            amount,
            f"The ${amount} paid in for {good} is discarded (no commodity prices are calculated).",
        )


def _leftovers(
    state: CrusoeState,
    good: str,
    left: int,
    seats: list[str],
    bought: Mapping[str, int],
    lists: Mapping[str, Bids],
    chance: Chance,
) -> tuple[str | None, dict[str, list[int]]]:
    """The units nobody bought go to one player, and the offers the comparison made public;
    with no bid at all they go back to the bank (ruling 27)."""
    candidates = [s for s in seats if lists.get(s)]
    if not candidates:
        return None, {}
    contest = leftover_contest(candidates, bought, lists)
    tied = contest.tied
    while len(tied) > 1:
        dice = chance.dice(
            f"cycle {state.cycle}: leftover {good}, one die each for {', '.join(tied)}", len(tied)
        )
        tied = [s for s, d in zip(tied, dice, strict=True) if d == max(dice)]
    state.players[tied[0]].goods[good] += left
    return tied[0], contest.offers


@dataclass(frozen=True, slots=True)
class Sale:
    """One good's wholesale settled, as the table saw it."""

    good: str
    units: int
    count: Count | None
    bought: Mapping[str, int]
    paid: Mapping[str, int]
    confiscated: Mapping[str, int]
    heir: str | None
    left: int
    offers: Mapping[str, list[int]]  # offers compared for the leftovers, per contender


def _auction_events(events: list[Event], sale: Sale, lists: Mapping[str, Bids]) -> None:
    """What the table sees: the lists down to the last price called, who buys what for how
    much, the offers compared for leftovers; never the rest of a list (ruling 24)."""
    count = sale.count
    shown = {s: revealed(bids, count) for s, bids in lists.items()} if count else {}
    text = _sale_text(sale, shown)
    events.append(
        Event(
            "wholesale",
            text,
            data={
                "good": sale.good,
                "units": sale.units,
                "stop": count.stop if count else None,
                "price": count.price if count else None,
                "shown": {s: [list(step) for step in b] for s, b in shown.items()},
                "bought": dict(sale.bought),
                "paid": dict(sale.paid),
                "leftover": {"to": sale.heir, "units": sale.left, "offers": dict(sale.offers)},
            },
        )
    )
    for seat, amount in sale.confiscated.items():
        _money_event(
            events,
            "confiscate",
            amount,
            f"{seat} cannot pay for all he bid: the rest of his money, ${amount}, is confiscated.",
        )


def _sale_text(sale: Sale, shown: Mapping[str, Bids]) -> str:
    count, units = sale.count, sale.units
    if count is None:
        text = f"Wholesale {sale.good}: {_units(units)} and no bids."
    else:
        counted = "; ".join(
            f"{s} " + (" ".join(f"{q}@{p}" for q, p in b) or "-") for s, b in shown.items()
        )
        how = (
            "clears the market"
            if count.fingers == units
            else f"overshoots ({count.fingers} wanted): $1 back"
            if count.fingers > units
            else f"never reaches the {units} units ({count.fingers} wanted)"
        )
        buys = (
            ", ".join(f"{s} {n} for ${sale.paid[s]}" for s, n in sale.bought.items() if n)
            or "nobody buys"
        )
        text = (
            f"Wholesale {sale.good}: {_units(units)}; counted down to ${count.stop} "
            f"({counted}), which {how}; price ${count.price}: {buys}."
        )
    if sale.left:
        some = (
            "The unit left over goes" if sale.left == 1 else f"The {sale.left} units left over go"
        )
        compared = "; ".join(
            f"{s} " + " ".join(f"${n}" for n in offers) for s, offers in sale.offers.items()
        )
        why = f" (tied on units bought; offers for 1, 2 ... units: {compared})" if compared else ""
        text += f" {some} to {sale.heir}{why}." if sale.heir else f" {some} back to the bank."
    return text


def _units(n: int) -> str:
    return f"{n} unit" + ("" if n == 1 else "s")


# -- retail ----------------------------------------------------------------------------------------


def neighbours(state: CrusoeState, seat: str) -> list[str]:
    """Retail Subphase: the players to either side in turn order (the first and last too)."""
    ring = traders(state)
    if seat not in ring or len(ring) < 2:
        return []
    i = ring.index(seat)
    return sorted({ring[i - 1], ring[(i + 1) % len(ring)]} - {seat}, key=ring.index)
