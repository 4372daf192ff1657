"""State Capitalism (Advanced Scenarios), applied in place: who may sell to the pot, the deals
of the others with them, and the Radio Signals paid with printed money.

"The player or players who possess the most of a given product are the only ones who are
allowed to sell it to the pot during the commodity markets subphase. Other players must
negotiate a price with one of the players allowed to sell, although they may destroy their
goods instead rather than sell them if the price is too low. Prices and quantity
transferred are agreed to and the agreement must be kept, although no money changes hands
until the goods are actually put into the pot, since the legal sellers won't have the cash
to pay until then. No tax is assessed, but during the taxation subphase additional money is
printed to pay for Radio Signals. Anyone who produces Radio Signals is paid at $25 per Top
40 signal and $10 per Military signal. Citizen Band signals are not compensated."

Ruling 49: for each good, before its commodity price, every other holder in turn order offers
one legal seller his units for dollars in all (``consign ben 2 for $30``), or ``destroy``s
this cycle's units; the seller answers ``yes`` or ``no``; after a refusal the holder may
offer another legal seller, and when every one has refused, his units of this cycle are
destroyed. An agreed deal puts the units into the pot in the seller's name; the seller is
paid the commodity price for them with his own and then pays the holder the dollars agreed
(all he has if that is less). Units of this cycle a holder does not sell are destroyed;
older ones he keeps. Offers and answers are told only to the two sides; what goes into the
pot and every payment are on the table.
"""

from __future__ import annotations

from sealed.core.chance import Chance
from sealed.core.events import Audience, Event
from sealed.games.crusoe.modules import gender, punishments, slavery
from sealed.games.crusoe.orders import Order
from sealed.games.crusoe.state import FREQUENCIES, FREQUENCY_NAMES, CrusoeState, Deal

Events = list[Event] | None

SIGNAL_PAY = {"cb": 0, "military": 10, "top40": 25}
"""State Capitalism: "$25 per Top 40 signal and $10 per Military signal. Citizen Band signals
are not compensated." """


def living(state: CrusoeState) -> list[str]:
    """The living of the main encampment's market: an exile sells, deals, destroys and is paid
    for his signals nothing there (ruling 214)."""
    alive = [s for s in state.order if state.players[s].alive]
    return [s for s in alive if punishments.in_market(state, s)]


def sellers(state: CrusoeState, good: str) -> list[str]:
    """The living who possess the most of ``good`` (none if nobody holds any), in turn order;
    never a wife, who takes no part in the market (Doll's House, ruling 161)."""
    traders = [s for s in living(state) if gender.in_market(state, s)]
    traders = [s for s in traders if slavery.in_market(state, s)]  # not a slave (ruling 166)
    held = {s: state.players[s].goods[good] for s in traders}
    most = max(held.values(), default=0)
    return [s for s, n in held.items() if most and n == most]


def holders(state: CrusoeState, good: str) -> list[str]:
    """The others who hold some of ``good``: they must deal with a seller or destroy."""
    legal = sellers(state, good)
    return [
        s
        for s in living(state)
        if s not in legal and state.players[s].goods[good] > 0 and gender.in_market(state, s)
    ]


def _done(state: CrusoeState, holder: str) -> bool:
    return any(d.holder == holder and d.status in ("agreed", "destroyed") for d in state.deals)


def _asked(state: CrusoeState, holder: str) -> list[str]:
    return [d.seller for d in state.deals if d.holder == holder]


def negotiate(state: CrusoeState, good: str, events: Events) -> bool:
    """Ask the seller of an open offer, or the next holder for his offer; False when every
    holder has agreed a deal or destroyed his units."""
    pending = next((d for d in state.deals if d.status == "open"), None)
    if pending is not None:
        state.ask, state.waiting, state.offer = "deal", (pending.seller,), ()
        return True
    legal = sellers(state, good)
    for holder in holders(state, good):
        if _done(state, holder):
            continue
        left = [s for s in legal if s not in _asked(state, holder)]
        if left:
            state.ask, state.waiting, state.offer = "consign", (holder,), tuple(left)
            return True
        _destroy(state, holder, good, "every seller refused", events)
    return False


def on_consign(state: CrusoeState, seat: str, order: Order, chance: Chance, events: Events) -> None:
    good = state.good or ""
    state.offer = ()
    if order.word == "destroy":
        _destroy(state, seat, good, "his choice", events)
        return
    state.deals.append(Deal(seat, order.name, order.number, order.dollars, "open"))
    if events is not None:
        events.append(
            Event(
                "consign",
                f"{seat} offers {order.name} {order.number} {good} for ${order.dollars}.",
                audience=Audience.only(seat, order.name),
                data={"holder": seat, "seller": order.name, "units": order.number},
            )
        )


def on_deal(state: CrusoeState, seat: str, order: Order, chance: Chance, events: Events) -> None:
    i = next(i for i, d in enumerate(state.deals) if d.status == "open")
    deal = state.deals[i]
    agreed = order.word == "yes"
    state.deals[i] = Deal(
        deal.holder, deal.seller, deal.units, deal.dollars, "agreed" if agreed else "refused"
    )
    if events is not None:
        answer = "agrees" if agreed else "refuses"
        events.append(
            Event(
                "deal",
                f"{seat} {answer}: {deal.units} {state.good} from {deal.holder} for "
                f"${deal.dollars}.",
                audience=Audience.only(seat, deal.holder),
                data={"holder": deal.holder, "seller": seat, "agreed": agreed},
            )
        )


def _destroy(state: CrusoeState, holder: str, good: str, why: str, events: Events) -> None:
    """The holder's units of this cycle are destroyed (to the bank); older ones he keeps."""
    units = _this_cycle(state, holder, good)
    state.players[holder].goods[good] -= units
    state.deals.append(Deal(holder, "", units, 0, "destroyed"))
    if events is not None:
        events.append(
            Event(
                "destroy",
                f"{holder} destroys {units} {good} of this cycle ({why}).",
                data={"seat": holder, "good": good, "units": units},
            )
        )


def _this_cycle(state: CrusoeState, seat: str, good: str) -> int:
    player = state.players[seat]
    fresh = gender.market_produced(state, seat, good) + slavery.slaves_produced(state, seat, good)
    return min(player.goods[good], fresh)  # a wife's (161), a slave's (166) are his


def consigned(state: CrusoeState, good: str, events: Events) -> dict[str, int]:
    """The agreed deals carried out as the goods go into the pot: each holder's units leave
    him (this cycle's first), the rest of his units of this cycle are destroyed; the units
    each seller puts in for others."""
    into: dict[str, int] = {}
    for deal in state.deals:
        if deal.status != "agreed":
            continue
        player = state.players[deal.holder]
        fresh = _this_cycle(state, deal.holder, good)
        units = min(deal.units, player.goods[good])
        player.goods[good] -= units
        into[deal.seller] = into.get(deal.seller, 0) + units
        spoiled = max(0, fresh - units)
        if spoiled:
            player.goods[good] -= spoiled
            if events is not None:
                events.append(
                    Event(
                        "destroy",
                        f"{deal.holder} destroys the {spoiled} {good} of this cycle he did "
                        "not sell.",
                        data={"seat": deal.holder, "good": good, "units": spoiled},
                    )
                )
    return into


def pay_holders(state: CrusoeState, good: str, events: Events) -> None:
    """The sellers pay what they agreed, now that the pot has paid them (all they have if
    that is less); then the deals of this good are over."""
    for deal in state.deals:
        if deal.status != "agreed":
            continue
        seller = state.players[deal.seller]
        paid = min(deal.dollars, seller.money)
        seller.money -= paid
        state.players[deal.holder].money += paid
        if events is not None:
            short = "" if paid == deal.dollars else f" (all he has; ${deal.dollars} was agreed)"
            events.append(
                Event(
                    "deal-paid",
                    f"{deal.seller} pays {deal.holder} ${paid} for {deal.units} {good}{short}.",
                    data={"seller": deal.seller, "holder": deal.holder, "paid": paid},
                )
            )
    state.deals = []


def signal_pay(state: CrusoeState, events: Events) -> None:
    """The taxation subphase: no tax; new money for each Top 40 and Military signal."""
    pay = {
        s: sum(state.players[s].radio[f] * SIGNAL_PAY[f] for f in FREQUENCIES)
        for s in living(state)
    }
    for seat, dollars in pay.items():
        state.players[seat].money += dollars
    total = sum(pay.values())
    if events is None or not total:
        return
    each = ", ".join(
        f"{s} ${n} for "
        + ", ".join(
            f"{state.players[s].radio[f]} {FREQUENCY_NAMES[f]}"
            for f in FREQUENCIES
            if state.players[s].radio[f] and SIGNAL_PAY[f]
        )
        for s, n in pay.items()
        if n
    )
    events.append(
        Event(
            "signal-pay",
            f"No tax: new money pays for Radio Signals ({each}).",
            data={"paid": {s: n for s, n in pay.items() if n}},
        )
    )
    events.append(Event("print", f"${total} new money enters the economy.", data={"amount": total}))
