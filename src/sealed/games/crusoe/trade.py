"""Step III, the Market: Tribal Capitalism's one-on-one barter and Tribal Communism's even
split with the draft of the odd goods, applied in place.

Barter runs in sealed rounds (ruling 16): every player still at the Market seals
one order a round: ``offer SEAT GOODS for GOODS`` (an offer stands until it is
accepted, replaced, or either side goes home), ``accept SEAT`` (take up SEAT's
standing offer), ``wait`` or ``home`` (not revocable). Accepts are carried out
first, in turn order, each only if both still hold the goods; then the new offers
stand; then those who chose go home. A round in which no trade is made and no
offer is new or changed ends the Market for everyone (the table has fallen
silent). Offers are told only to the two players concerned; a trade made is
seen by all, as goods change hands on the table.
"""

from __future__ import annotations

from collections.abc import Mapping

from sealed.core.chance import Chance
from sealed.core.events import Audience, Event
from sealed.games.crusoe import market, socialism, socialist_market
from sealed.games.crusoe.modules import corporations, gender, landlords, punishments, slavery
from sealed.games.crusoe.orders import Order
from sealed.games.crusoe.pool import split_evenly
from sealed.games.crusoe.state import GOODS, CrusoeState, Offer

Events = list[Event] | None


def begin(state: CrusoeState, events: Events) -> None:
    """Open the Market: Communism first shares every good out evenly; Socialism pools them."""
    state.home, state.offers = [], []
    # a slave's last take is his master's before the Market, which may open in the last move's
    # step (no Experience asked): with Corporations (252), and from version 4 always (318)
    if corporations.on(state) or state.settings.version >= 4:
        slavery.collect(state, events)
    pile = punishments.first_pile(state)  # Exile: the main encampment's, else the exiles'
    if pile == "share":
        _split(state, events)
        state.phase, state.turn = "draft", 0
        state.home = punishments.kept_from_trade(state)  # Exile: who has no trade to go to
    elif pile == "pool":
        socialism.begin(state, events)
        state.home = punishments.kept_from_trade(state)  # Exile: who has no trade to go to
    elif state.settings.monetary:
        market.begin(state, events)
    elif state.settings.planned:
        socialist_market.begin(state, events)
    elif state.settings.scenario == "traditional":
        state.phase, state.turn = "tax", 0
        state.home = punishments.kept_from_trade(state)  # Exile: who has no trade to go to
    else:
        state.phase = "trade"
        state.home = punishments.kept_from_trade(state)  # Exile: who has no trade to go to


# -- Tribal Communism: the even split and the draft ------------------------------------------


def _split(state: CrusoeState, events: Events) -> None:
    """Every good as evenly as possible among the players; the odd goods to the central pile.
    Under Exile only one side shares (``punishments.sharers``)."""
    living = punishments.sharers(state)
    for seat in living:  # the goods held join any already on the table, then are shared
        for good, n in state.players[seat].goods.items():
            state.pile[good] = state.pile.get(good, 0) + n
        state.players[seat].goods = dict.fromkeys(GOODS, 0)
    split_evenly(state, events, living)
    gender.collect_shares(state, living, events)  # Doll's House: her share is his (157)


def draft_phase(state: CrusoeState, chance: Chance, events: Events) -> None:
    """Each in turn, from the first player, takes one item of the central pile until none remain.

    When the pile holds one kind of good only there is no choice to make: it is
    dealt on in turn order without asking.
    """
    kinds = [g for g in GOODS if state.pile.get(g, 0) > 0]
    if not kinds:
        state.phase = "trade"
        return
    living = punishments.sharers(state)  # Exile: only the side that shares drafts
    living = gender.drafters(state, living)  # Doll's House: a wife does not draft (157)
    seat = living[state.turn % len(living)]
    if len(kinds) == 1:
        _take_from_pile(state, seat, kinds[0], events)
        return
    state.ask, state.waiting = "draft", (seat,)


def on_draft(state: CrusoeState, seat: str, order: Order, chance: Chance, events: Events) -> None:
    _take_from_pile(state, seat, order.name, events)


def _take_from_pile(state: CrusoeState, seat: str, good: str, events: Events) -> None:
    state.pile[good] -= 1
    state.players[seat].goods[good] += 1
    state.turn += 1
    if events is not None:
        events.append(
            Event(
                "draft",
                f"{seat} takes 1 {good} from the central pile.",
                data={"seat": seat, "good": good},
            )
        )


# -- barter ------------------------------------------------------------------------------------


def at_market(state: CrusoeState) -> list[str]:
    """The players still trading, in turn order."""
    return [s for s in state.order if state.players[s].alive and s not in state.home]


def trade_phase(state: CrusoeState, chance: Chance, events: Events) -> None:
    second = punishments.second_pile(state)  # Exile: the exiles' own pile, after ours (172)
    if second is not None:
        punishments.begin_second_pile(state, second, events)
        if second == "share":
            _split(state, events)
            state.phase, state.turn = "draft", 0
        else:
            socialism.begin(state, events)
        return
    trading = at_market(state)
    no_barter = state.settings.common_pool and not punishments.exile_in_play(state)
    if not trading or no_barter:  # under Exile those without barter are home already
        _close_market(state)
        return
    state.ask, state.waiting = "trade", tuple(trading)


def standing(state: CrusoeState, giver: str, taker: str) -> Offer | None:
    return next((o for o in state.offers if o.giver == giver and o.taker == taker), None)


def on_trade(
    state: CrusoeState, orders: Mapping[str, Order], chance: Chance, events: Events
) -> None:
    """One round: accepts (in turn order), then new offers, then departures."""
    traded = False
    for seat in state.order:
        order = orders.get(seat)
        if order is not None and order.word == "accept":
            traded = _accept(state, seat, order.name, events) or traded
    changed = False
    for seat in state.order:
        order = orders.get(seat)
        if order is not None and order.word == "offer":
            changed = _stand(state, seat, order, events) or changed
    changed = landlords.on_deeds(state, orders, events) or changed  # paths given (Landlords)
    leaving = [s for s in state.order if s in orders and orders[s].word == "home"]
    for seat in leaving:
        _go_home(state, seat, events)
    if not traded and not changed:
        for seat in at_market(state):
            _go_home(state, seat, events)


def _accept(state: CrusoeState, seat: str, giver: str, events: Events) -> bool:
    offer = standing(state, giver, seat)
    if offer is None:
        return False
    state.offers.remove(offer)
    problem = _unheld(state, giver, offer.give) or _unheld(state, seat, offer.want)
    if problem is None:
        _move(state, giver, seat, offer.give)
        _move(state, seat, giver, offer.want)
    if events is not None:
        what = f"{giver} gives {_text(offer.give)} to {seat} for {_text(offer.want)}"
        text = f"Trade: {what}." if problem is None else f"The trade fails ({what}): {problem}."
        events.append(
            Event(
                "trade",
                text,
                data={
                    "giver": giver,
                    "taker": seat,
                    "give": dict(offer.give),
                    "want": dict(offer.want),
                    "made": problem is None,
                },
            )
        )
    return problem is None


def _stand(state: CrusoeState, seat: str, order: Order, events: Events) -> bool:
    """The offer stands (replacing this player's earlier offer to the same player)."""
    old = standing(state, seat, order.name)
    new = Offer(seat, order.name, tuple(order.goods), tuple(order.wants))
    if old == new:
        return False
    if old is not None:
        state.offers.remove(old)
    state.offers.append(new)
    if events is not None:
        events.append(
            Event(
                "offer",
                f"{seat} offers {order.name} {_text(new.give)} for {_text(new.want)}.",
                audience=Audience.only(seat, order.name),
                data={"giver": seat, "taker": order.name},
            )
        )
    return True


def _go_home(state: CrusoeState, seat: str, events: Events) -> None:
    state.home.append(seat)
    state.offers = [o for o in state.offers if seat not in (o.giver, o.taker)]
    state.players[seat].position = 0
    if events is not None:
        events.append(Event("home", f"{seat} returns to the Crash Site.", data={"seat": seat}))


def _close_market(state: CrusoeState) -> None:
    for seat in state.living():
        state.players[seat].position = 0
    state.home, state.offers, state.pile = [], [], {}
    punishments.end_market(state)  # Exile: the exiles' turn at their own pile is over
    state.phase = after_trade(state)


def after_trade(state: CrusoeState) -> str:
    """The next phase: the Agent makes good to the MNCs "just after the trade phase" (Third
    World Country); the government phase where violence is permitted; consumption."""
    if state.settings.third_world:
        return "settle"
    return "government" if state.settings.violence else "consume"


def _unheld(state: CrusoeState, seat: str, goods: tuple[tuple[str, int], ...]) -> str | None:
    for good, n in goods:
        if good not in GOODS:  # a path (Landlords, ruling 182): he must still own it
            if state.land.owners.get(good) != seat:
                return f"{seat} does not own the {good}"
            continue
        if state.players[seat].goods[good] < n:
            return f"{seat} holds {state.players[seat].goods[good]} {good}, not {n}"
    return None


def _move(state: CrusoeState, giver: str, taker: str, goods: tuple[tuple[str, int], ...]) -> None:
    for good, n in goods:
        if good not in GOODS:  # a path changes owner (Landlords, ruling 182)
            state.land.owners[good] = taker
            continue
        state.players[giver].goods[good] -= n
        state.players[taker].goods[good] += n


def _text(goods: tuple[tuple[str, int], ...]) -> str:
    said = [f"{n} {g}" if g in GOODS else f"the {g}" for g, n in goods]
    return ", ".join(said) or "nothing"
