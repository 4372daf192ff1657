"""Tribal Socialism's Market, applied in place (ruling 17).

"All goods are put into a common pool, and the players must agree between
themselves (by majority vote) who gets how much." The first player in turn
order proposes a division of the whole pool (``divide ana water 2 apple 1
ben egg 3``); every living player votes ``yes`` or ``no`` at once; more than
half voting yes carries it. Otherwise the next player in turn order proposes.
If every player's proposal fails, the pool is shared as evenly as possible and
the odd goods are drafted in turn order (Tribal Communism's rule). There is no
barter afterwards: the seed gives Socialism no trade but the division.
"""

from __future__ import annotations

from collections.abc import Mapping

from sealed.core.chance import Chance
from sealed.core.events import Event
from sealed.games.crusoe import bureaucracy, rulers
from sealed.games.crusoe.modules import gender, punishments, slavery
from sealed.games.crusoe.orders import Order
from sealed.games.crusoe.pool import split_evenly
from sealed.games.crusoe.state import GOODS, CrusoeState

Events = list[Event] | None


def begin(state: CrusoeState, events: Events) -> None:
    """Every living player's goods go into the common pool (in Governmental Socialism, the
    goods produced this cycle: ruling 48)."""
    pool = dict.fromkeys(GOODS, 0)
    produced_only = state.settings.scenario == "governmental-socialism"
    produced_only = produced_only and not punishments.exiles_turn(state)  # theirs: Tribal
    for seat in punishments.sharers(state):  # under Exile one side only
        player = state.players[seat]
        for good, n in player.goods.items():
            made = player.produced.get(good, 0) + slavery.slaves_produced(state, seat, good)
            pooled = min(n, made) if produced_only else n  # a slave's made is his master's
            pool[good] += pooled
            player.goods[good] -= pooled
    state.pile = {g: n for g, n in pool.items() if n}
    state.phase, state.turn, state.proposal = "divide", 0, {}
    if events is not None:
        which = "The goods produced this cycle go" if produced_only else "All goods go"
        events.append(
            Event(
                "pool",
                f"{which} into the common pool: {_text(state.pile)}.",
                data={"pool": dict(state.pile)},
            )
        )


def divide_phase(state: CrusoeState, chance: Chance, events: Events) -> None:
    if bureaucracy.divides(state):  # the chart divides (189), not the exiles' pile (279)
        _chart_division(state, events)
        return
    living = punishments.sharers(state)  # the living in turn order (under Exile, one side)
    living = gender.proposers(state, living)  # Doll's House: a wife proposes nothing (158)
    ruler = rulers.ruler_for(state, "distribution")  # a hybrid: only if his branch divides
    # a Dictatorship: the Dictator alone divides the pool (under Exile, his own side's pool)
    if ruler is not None and ruler in punishments.sharers(state):
        living = [ruler]
    if state.turn < len(living):
        state.ask, state.waiting = "divide", (living[state.turn],)
        return
    _split_and_draft(state, events)  # every proposal failed


def _chart_division(state: CrusoeState, events: Events) -> None:
    """A Bureaucracy's chart gives each sharer a share and the pool is divided in proportion,
    at once; its first player is asked what it cannot decide; a chart that gives nobody a share
    leaves the pool undivided, so it goes as when no division carries (ruling 189)."""
    shares = bureaucracy.division_shares(state)
    if shares is None:  # the first player is asked for a box
        return
    if not any(shares.values()):
        _split_and_draft(state, events)
        return
    given = bureaucracy.divide_pool(state, shares, events)
    gender.collect_given(state, given, punishments.sharers(state), events)  # 158
    state.phase = "trade"  # no barter in Socialism: the Market then closes


def _split_and_draft(state: CrusoeState, events: Events) -> None:
    """Communism's even split and draft, when no division is made."""
    sharers = punishments.sharers(state)
    before = {s: dict(state.players[s].goods) for s in sharers}
    split_evenly(state, events, sharers)
    gender.collect_shares(state, sharers, events, before)  # Doll's House: hers is his (158)
    state.phase, state.turn = "draft", 0


def check_division(state: CrusoeState, order: Order) -> str | None:
    """A division hands every unit of the pool to living players."""
    given = dict.fromkeys(GOODS, 0)
    for seat, goods in order.shares:
        if seat not in state.players or not state.players[seat].alive:
            return f"divide: {seat[:40]!r} is not a living player"
        if seat not in punishments.sharers(state):
            return f"divide: {punishments.apart_reason(state, seat)}"
        for good, n in goods:
            given[good] += n
    for good in GOODS:
        if given[good] != state.pile.get(good, 0):
            return (
                f"divide: the pool holds {state.pile.get(good, 0)} {good} and the division "
                f"hands out {given[good]}: every unit must be handed out"
            )
    return None


def even_division(pool: Mapping[str, int], seats: list[str]) -> Order:
    """Each seat the same share of every good; the odd units dealt on in ``seats`` order."""
    shares = {seat: dict.fromkeys(GOODS, 0) for seat in seats}
    deal = 0
    for good in GOODS:
        share, odd = divmod(pool.get(good, 0), len(seats))
        for seat in seats:
            shares[seat][good] += share
        for _ in range(odd):
            shares[seats[deal % len(seats)]][good] += 1
            deal += 1
    return Order(
        "divide",
        shares=tuple(
            (seat, tuple((g, n) for g, n in goods.items() if n)) for seat, goods in shares.items()
        ),
    )


def proposer_first(state: CrusoeState, seat: str) -> list[str]:
    """The living in turn order (under Exile, those who share the pool), starting with ``seat``."""
    living = punishments.sharers(state)
    start = living.index(seat) if seat in living else 0
    return living[start:] + living[:start]


def on_divide(state: CrusoeState, seat: str, order: Order, chance: Chance, events: Events) -> None:
    state.proposal = {s: dict(goods) for s, goods in order.shares}
    if rulers.ruler_for(state, "distribution") == seat:
        given = state.proposal
        rulers.decree_division(state, seat, events)
        gender.collect_given(state, given, punishments.sharers(state), events)  # 158
        return
    state.ask, state.waiting = "vote", tuple(punishments.sharers(state))  # Exile: one side
    if events is not None:
        events.append(
            Event(
                "proposal",
                f"{seat} proposes: "
                + "; ".join(f"{s} {_text(g)}" for s, g in state.proposal.items())
                + ".",
                data={"seat": seat, "proposal": dict(state.proposal)},
            )
        )


def on_vote(
    state: CrusoeState, orders: Mapping[str, Order], chance: Chance, events: Events
) -> None:
    ayes = [s for s in state.order if s in orders and orders[s].word == "yes"]
    carried = len(ayes) * 2 > len(orders)
    if events is not None:
        events.append(
            Event(
                "vote",
                f"The division is {'carried' if carried else 'defeated'}, "
                f"{len(ayes)} votes to {len(orders) - len(ayes)} "
                f"(yes: {', '.join(ayes) or 'none'}).",
                data={"yes": ayes, "carried": carried},
            )
        )
    if carried:
        for seat, goods in state.proposal.items():
            for good, n in goods.items():
                state.players[seat].goods[good] += n
        gender.collect_given(state, state.proposal, punishments.sharers(state), events)  # 158
        state.pile, state.proposal = {}, {}
        state.phase = "trade"  # no barter in Socialism: the Market then closes
        return
    state.proposal = {}
    state.turn += 1


def _text(goods: Mapping[str, int]) -> str:
    return ", ".join(f"{n} {g}" for g, n in goods.items() if n) or "nothing"
