"""Rex Furum bots. Each sees only its own round email and checks its orders the way
the engine will (:func:`~sealed.games.rex_furum.rules.check_orders`).

- ``random``: any legal mix of actions, up to three points, sometimes an investment.
- ``loyal``: protects one ally every round (the next player at the table), invests a
  little in them, and embezzles from someone else.
- ``greedy``: embezzles from as many players as it can, joining empty companies to
  raise its take (10k per company), and protects itself when it is rich.
- ``traitor``: protects the next player most rounds, then now and then backstabs a
  neighbour (the previous player, whose loyal bot protects it, or the next one).
- ``crasher``: crashes the most populous company over two rounds, quitting it first
  if it works there, and embezzles with its last point.

:func:`search_candidates` is not a bot: it lists the emails the lab's search bot
weighs (``search``, ``search-N``; see the manual's "Search bot").
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from sealed.core.chance import Bits, below, shuffle_in_place
from sealed.core.errors import IllegalOrderError
from sealed.core.game import Prompt, Seat
from sealed.games.rex_furum.orders import (
    AcceptBribe,
    Action,
    Backstab,
    Bribe,
    CoverUp,
    Crash,
    Embezzle,
    EnterEmpty,
    Extort,
    Invest,
    Out,
    Pinkslip,
    Protect,
    Quit,
    RoundOrders,
)
from sealed.games.rex_furum.rules import (
    ACTION_POINTS,
    INVEST_LIMIT,
    Desk,
    check_orders,
    legal_subset,
)
from sealed.games.rex_furum.state import BY_NAME, COMPANIES, Company
from sealed.games.rex_furum.views import RoundEmail


def desk_of(view: RoundEmail) -> Desk:
    """The sealing desk a view allows (the same one the engine checks against)."""
    # Every bot reads one at every decision: lists over generators, no keywords.
    offers = view.open_offers
    return Desk(
        view.name,
        view.players,
        view.net_worth,
        frozenset([BY_NAME[c] for c, hired in view.employment.items() if hired]),
        {BY_NAME[c]: n for c, n in view.employee_totals.items()},
        view.round,
        sum([o.amount for o in offers]) if offers else 0,
        view.rules_version,
    )


def legal(desk: Desk, actions: Iterable[Action]) -> RoundOrders:
    """Keep each action, in order, that leaves the whole set legal (as the engine checks)."""
    return legal_subset(desk, actions)


def _others(view: RoundEmail) -> list[Seat]:
    return [s for s in view.players if s != view.name]


class RandomBot:
    """Any legal orders, chosen at random.

    It draws what its first version drew through ``rng.choice``, ``randint`` and
    ``shuffle`` (ten or more candidate actions, shuffled, the first 0-6 kept),
    number for number, because the differential baseline's seeded games
    (``tests/differential``) hold its choices; but straight from
    ``getrandbits``, and it builds only the actions it keeps: the candidates are
    recipes (a class and its arguments) until then. This was about half of a
    simulated Rex Furum decision. ``test_bots.py`` pins it to the first version.
    """

    def choose(self, view: RoundEmail, prompt: Prompt, rng: random.Random) -> RoundOrders:
        bits = rng.getrandbits
        recipes = _candidate_recipes(view, _others(view), bits)
        shuffle_in_place(bits, recipes)
        kept = recipes[: below(bits, 7)]  # randint(0, 6)
        return legal(desk_of(view), [make(*args) for make, args in kept])


Recipe = tuple[Callable[..., Action], tuple[Any, ...]]
"""An action not built yet: its class and its arguments."""


def _candidate_recipes(view: RoundEmail, others: list[Seat], bits: Bits) -> list[Recipe]:
    """The random bot's candidates, drawn in the order its first version drew them
    (``rng.choice(seq)`` is ``seq[below(bits, len(seq))]``, ``rng.randint(1, n)`` is
    ``1 + below(bits, n)``)."""
    if not others:
        raise IndexError("Cannot choose from an empty sequence")  # as rng.choice did
    n, m = len(others), len(COMPANIES)
    who, where = others[below(bits, n)], COMPANIES[below(bits, m)]
    recipes: list[Recipe] = [(Embezzle, (who,)), (Out, (others[below(bits, n)],))]
    recipes.append((Pinkslip, (others[below(bits, n)], COMPANIES[below(bits, m)])))
    recipes.append((Extort, (who, where)))
    recipes.append((Crash, (COMPANIES[below(bits, m)],)))
    recipes.append((Backstab, (others[below(bits, n)],)))
    protected = below(bits, n + 1)  # rng.choice([None, *others])
    recipes.append((Protect, (others[protected - 1] if protected else None,)))
    recipes.append((CoverUp, (others[below(bits, n)],)))
    recipes.append((EnterEmpty, (COMPANIES[below(bits, m)],)))
    recipes.append((Quit, (COMPANIES[below(bits, m)],)))
    if view.crash_in_progress:
        recipes.append((Crash, (BY_NAME[view.crash_in_progress],)))
    money = max(view.net_worth, 0)
    if money > 0:
        recipes.append((Bribe, (1 + below(bits, money), COMPANIES[below(bits, m)])))
        amount = 1 + below(bits, min(money, INVEST_LIMIT - 1))
        recipes.append((Invest, (amount, others[below(bits, n)])))
    for notice in view.notices:  # bribe offers are anonymous: guess who made one
        if notice.kind == "bribe-offer":
            offered = Company(str(notice.data["company"]))
            amount = int(notice.data["amount"])
            recipes.append((AcceptBribe, (amount, others[below(bits, n)], offered)))
    return recipes


class LoyalBot:
    """Protects the next player at the table every round and invests a little in them."""

    def choose(self, view: RoundEmail, prompt: Prompt, rng: random.Random) -> RoundOrders:
        others = _others(view)
        ally = view.players[(view.players.index(view.name) + 1) % len(view.players)]
        rivals = [s for s in others if s != ally] or others
        gift = min(view.net_worth // 10, INVEST_LIMIT - 1)
        actions: list[Action] = [Protect(ally), Embezzle(rng.choice(rivals))]
        if gift > 0:
            actions.append(Invest(gift, ally))
        if not view.companies:
            actions.extend(EnterEmpty(c) for c in COMPANIES)
        actions.append(Out(rng.choice(rivals)))
        return legal(desk_of(view), actions)


class GreedyBot:
    """Embezzles as much as it can; grows its take by joining empty companies."""

    def choose(self, view: RoundEmail, prompt: Prompt, rng: random.Random) -> RoundOrders:
        others = _others(view)
        rng.shuffle(others)
        actions: list[Action] = []
        empty = [c for c in COMPANIES if view.employee_totals[c.value] == 0]
        if empty and len(view.companies) < 2:
            actions.append(EnterEmpty(rng.choice(empty)))
        if view.net_worth > 60_000:
            actions.append(Protect(None))
        actions.extend(Embezzle(s) for s in others)
        return legal(desk_of(view), actions)


class TraitorBot:
    """Earns trust by protecting, then betrays a neighbour."""

    def choose(self, view: RoundEmail, prompt: Prompt, rng: random.Random) -> RoundOrders:
        here = view.players.index(view.name)
        after = view.players[(here + 1) % len(view.players)]
        before = view.players[(here - 1) % len(view.players)]
        actions: list[Action] = []
        if rng.random() < 0.4:
            actions.append(Backstab(rng.choice([before, after])))
        actions += [Protect(after), Embezzle(rng.choice(_others(view))), Protect(None)]
        return legal(desk_of(view), actions)


class CrasherBot:
    """Crashes the most populous company over two rounds."""

    def choose(self, view: RoundEmail, prompt: Prompt, rng: random.Random) -> RoundOrders:
        if view.crash_in_progress:
            target = Company(view.crash_in_progress)
        else:
            target = max(COMPANIES, key=lambda c: (view.employee_totals[c.value], rng.random()))
        actions: list[Action] = [Crash(target)]
        if target.value in view.companies:
            actions.append(Quit(target))
        actions.append(Embezzle(rng.choice(_others(view))))
        return legal(desk_of(view), actions)


# -- what a search bot weighs ---------------------------------------------------------

TARGETS = 3
"""Search candidates embezzle from at most this many others, the richest."""


def search_candidates(view: RoundEmail, rng: random.Random) -> list[RoundOrders]:
    """Every full email (all three points used where it can) built from a few purposeful
    actions, for the lab's search bot (:meth:`Game.search_candidates`).

    The actions: embezzle from each of the richest others (a rich rival is the
    one to beat), protect self, enter one empty company (more companies, larger
    takes), finish a crash begun, or begin one at the most populous company the
    reader is not in. Read from the email alone; ``rng`` only breaks ties.

    Not extortion: the employee of a company of one is hidden, and the search
    draws them afresh at every email (an email does not remember that last
    round's guess paid slander fees), so a wrong guess looks like an even bet
    every round and was repeated to the end of the game (against two
    ``greedy`` bots, 64 playouts: 57% to 64% of 90 games won with extortion
    guesses among the candidates, 100% without; see the manual's "Search bot").
    """
    pool = _purposeful(view, rng)
    desk = desk_of(view)
    found: list[RoundOrders] = []
    for size in range(min(ACTION_POINTS, len(pool)), 0, -1):
        for actions in itertools.combinations(pool, size):
            orders = RoundOrders(actions)
            if _legal(desk, orders) and not _extendable(desk, orders, pool):
                found.append(orders)
    return found


def _purposeful(view: RoundEmail, rng: random.Random) -> list[Action]:
    others = _others(view)
    rng.shuffle(others)  # equal net worths: no seat is always first
    if view.standings is not None:
        standings = view.standings
        others.sort(key=lambda s: -standings[s].net_worth)
    targets = others[:TARGETS]
    mine = set(view.companies)
    empty = [c for c in COMPANIES if view.employee_totals[c.value] == 0]
    crowded = [c for c in COMPANIES if view.employee_totals[c.value] >= 2 and c.value not in mine]
    pool: list[Action] = [Embezzle(s) for s in targets]
    pool.append(Protect(None))
    if empty:
        pool.append(EnterEmpty(rng.choice(empty)))
    if view.crash_in_progress:
        pool.append(Crash(BY_NAME[view.crash_in_progress]))
    elif crowded:
        pool.append(Crash(max(crowded, key=lambda c: view.employee_totals[c.value])))
    return pool


def _legal(desk: Desk, orders: RoundOrders) -> bool:
    try:
        check_orders(desk, orders)
    except IllegalOrderError:
        return False
    return True


def _extendable(desk: Desk, orders: RoundOrders, pool: list[Action]) -> bool:
    """True if one more action of the pool could be added: then ``orders`` wastes a point."""
    return any(
        a not in orders.actions and _legal(desk, RoundOrders((*orders.actions, a))) for a in pool
    )


BOTS: Mapping[str, type[Any]] = {
    "random": RandomBot,
    "loyal": LoyalBot,
    "greedy": GreedyBot,
    "crasher": CrasherBot,
    "traitor": TraitorBot,
}
