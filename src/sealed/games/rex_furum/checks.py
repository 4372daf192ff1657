"""Which sets of orders the rules allow a player to seal.

A check uses only what the sealing player knows (their :class:`Desk`: own
money and employers, the players, the employee totals), so a bot can check
its orders from its view, and a refusal never tells a player anything about
another player. In particular whether a named player really made a bribe
offer is *not* checked here (see Ruling "accepting an offer that does not
exist"): it is settled when the round resolves.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from sealed.core.errors import IllegalOrderError
from sealed.core.game import Seat
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
    format_orders,
)
from sealed.games.rex_furum.state import Company, RexState, dollars

ACTION_POINTS = 3
INVEST_LIMIT = 100_000


@dataclass(frozen=True)
class Desk:
    """What a player knows while writing orders."""

    me: Seat
    seats: tuple[Seat, ...]
    money: int
    companies: frozenset[Company]
    totals: Mapping[Company, int]
    round: int

    @classmethod
    def of(cls, state: RexState, seat: Seat) -> Desk:
        player = state.player(seat)
        return cls(seat, state.seats, player.money, player.companies, state.totals(), state.round)


def check_orders(desk: Desk, orders: RoundOrders) -> None:
    """Refuse orders the rules forbid now; the message names the rule.

    :raises IllegalOrderError: more than three action points, a repeated
        target where the rules forbid it, a self-target, a bad amount, a bribe
        or investment above net worth, entering a company with employees,
        quitting or accepting for a company you do not work at, protecting
        yourself while crashing, protecting and covering up for one player.
    """
    for action in orders.actions:
        problem = _action_problem(desk, action)
        if problem:
            raise _illegal(orders, problem)
    problem = _set_problem(desk, orders)
    if problem:
        raise _illegal(orders, problem)


def _illegal(orders: RoundOrders, problem: str) -> IllegalOrderError:
    return IllegalOrderError(f"illegal orders {format_orders(orders)!r}: {problem}")


def _target(action: Action) -> Seat | None:
    if isinstance(action, AcceptBribe):
        return action.briber
    target = getattr(action, "target", None)
    return target if isinstance(target, str) else None


SELF_NAMES = {
    Embezzle: "embezzle from",
    Out: "out",
    Pinkslip: "pinkslip",
    Extort: "extort",
    Backstab: "backstab",
    CoverUp: "cover up for",
    Invest: "invest in",
    AcceptBribe: "accept a bribe from",
}


def _action_problem(desk: Desk, action: Action) -> str:
    target = _target(action)
    if target is not None and target not in desk.seats:
        return f"{target!r} is not a player (players: {', '.join(desk.seats)})"
    if target == desk.me and type(action) in SELF_NAMES:
        rule = "Cover up: cannot target oneself" if isinstance(action, CoverUp) else "Ruling"
        return f"you cannot {SELF_NAMES[type(action)]} yourself ({rule})"
    if isinstance(action, Bribe | AcceptBribe | Invest) and action.amount <= 0:
        return f"{action.to_text()!r}: the amount must be more than $0"
    return _company_problem(desk, action)


def _company_problem(desk: Desk, action: Action) -> str:
    if isinstance(action, Invest) and action.amount >= INVEST_LIMIT:
        return f"an investment is limited to under {dollars(INVEST_LIMIT)} (Investment)"
    if isinstance(action, Bribe) and action.company in desk.companies:
        return f"you already work for {action.company.title}: a bribe is to join it (Bribe)"
    if isinstance(action, EnterEmpty) and desk.totals[action.company]:
        count = desk.totals[action.company]
        return (
            f"{action.company.title} has {count} employee(s): the company must be empty when "
            "you send the action; bribe to join a company with employees (Enter empty company)"
        )
    if isinstance(action, Quit) and action.company not in desk.companies:
        return f"you do not work for {action.company.title} (Quit company)"
    if isinstance(action, AcceptBribe) and action.company not in desk.companies:
        return (
            f"you must be working for {action.company.title} to accept a bribe to it (Accept bribe)"
        )
    return ""


def _set_problem(desk: Desk, orders: RoundOrders) -> str:
    if orders.points > ACTION_POINTS:
        return (
            f"these actions cost {orders.points} action points; you have three per round "
            "(crash costs two, invest none) (Actions)"
        )
    repeated = _repeated(desk.me, orders)
    if repeated:
        return repeated
    crashing = bool(orders.of(Crash))
    if crashing and any(_protects_self(desk, a) for a in orders.actions):
        return "you cannot be protected while crashing; protection would fail (Crash)"
    spend = sum(a.amount for a in orders.actions if isinstance(a, Bribe | Invest))
    if spend and spend > desk.money:
        return (
            f"your bribes and investments ({dollars(spend)}) exceed your net worth "
            f"({dollars(desk.money)}) (Bribe, Investment)"
        )
    return _contradiction(desk, orders)


def _contradiction(desk: Desk, orders: RoundOrders) -> str:
    """Two actions of one email of which the precedence makes one fail for sure (Ruling 21)."""
    quits = {a.company for a in orders.actions if isinstance(a, Quit)}
    protected = {a.target or desk.me for a in orders.actions if isinstance(a, Protect)}
    for action in orders.actions:
        if isinstance(action, AcceptBribe) and action.company in quits:
            return (
                f"quitting comes before accepting bribes, so you would no longer work for "
                f"{action.company.title} when accepting (Action Precedence)"
            )
        if isinstance(action, CoverUp) and action.target in protected:
            return (
                f"you protect {action.target} and cover up for them: a player can't be "
                "protected and covered up for at the same time, and protection comes first, "
                "so the cover up would fail (Cover up)"
            )
    return ""


def _protects_self(desk: Desk, action: Action) -> bool:
    return isinstance(action, Protect) and action.target in (None, desk.me)


def _repeated(me: Seat, orders: RoundOrders) -> str:
    embezzled = Counter(a.target for a in orders.actions if isinstance(a, Embezzle))
    if any(n > 1 for n in embezzled.values()):
        return "you cannot embezzle from the same player more than once per round (Embezzle)"
    invested = Counter(a.target for a in orders.actions if isinstance(a, Invest))
    if any(n > 1 for n in invested.values()):
        return "you can only send one investment to each player per round (Investment)"
    bribed = Counter(a.company for a in orders.actions if isinstance(a, Bribe))
    if any(n > 1 for n in bribed.values()):
        return "one bribe offer per company per round (Ruling)"
    same = Counter(_key(me, a) for a in orders.actions)
    doubled = [a for a in orders.actions if same[_key(me, a)] > 1]
    if doubled:
        return f"{doubled[0].to_text()!r} is written twice; an action counts once a round (Ruling)"
    return ""


def _key(me: Seat, action: Action) -> object:
    if isinstance(action, Protect):
        return Protect(action.target or me)
    return action
