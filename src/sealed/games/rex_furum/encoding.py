"""Rex Furum for research adapters: an email written action by action, then sent.

A round's orders are an email of up to three action points of actions and
investments: a product far too large to list (and bribes, investments and
accepted bribes carry free amounts, so :meth:`legal_orders` lists nothing).
An agent therefore writes its email one action at a time, and a last token
sends it:

- every action without an amount, with targets named by relative seat
  (``embezzle seat+1``: the next player at the table) and companies by name;
- ``bribe X C`` and ``invest X seat+k`` for X on a fixed ladder of amounts
  (:data:`BRIBES`, :data:`INVESTMENTS`): the seed's free amounts cut to a
  few orders of magnitude, the price of a finite catalogue;
- ``accept offer j from seat+k``: the j-th anonymous bribe offer the round
  email shows (ordered by company, then amount), with the guessed briber,
  as the notice asks ("naming the briber"); an amount no offer shows could
  only be refused by the rules, so it is not in the catalogue;
- ``send``: the email is complete (an empty email is ``pass``).

Tokens are taken in catalogue order (each after the last), so an email has
one spelling, and the mask of each token is exactly the actions that keep
the email legal by the rules' own test of an email (``Tally`` and ``action_problem``,
which :func:`~sealed.games.rex_furum.rules.check_orders` runs) on the desk the view
gives (:func:`~sealed.games.rex_furum.bots.desk_of`).
Entering a company empty comes before accepting a bribe to it in the
catalogue, so every prefix of a legal email is legal and ``send`` is always allowed.

Observation (from the round email only, seats from the viewer on): the
round, own money, earnings, salary, employment and crash in progress; the
employee totals; every player's net worth and earnings; the reader's open
bribe offers; how many notices of each kind it was told; and the bribe
offers shown to it (company and amount).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sealed.core.encoding import Encoding, one_hot, relative_seats
from sealed.games.rex_furum.bots import desk_of
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
from sealed.games.rex_furum.rules import ACTION_POINTS, Tally, action_problem
from sealed.games.rex_furum.state import BY_NAME, COMPANIES, NAMES, NOTICE_KINDS, Company
from sealed.games.rex_furum.views import RoundEmail

BRIBES = (1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000)
INVESTMENTS = (1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 99_000)  # under $100k
MONEY = 100_000.0  # the scale of money in observations


@dataclass(frozen=True)
class Offer:
    """An anonymous bribe offer the round email shows."""

    company: Company
    amount: int


class RexFurumEncoding(Encoding[RoundOrders, RoundEmail]):
    """The actions of an email as tokens in a fixed order, then ``send``."""

    def __init__(self, seats: Sequence[str], rounds: int) -> None:
        n = len(seats)
        self.seats = tuple(seats)
        self.max_offers = (n - 1) * len(COMPANIES)  # each other player, each company once
        self.catalogue = tuple(_catalogue(n, self.max_offers))
        self.send = len(self.catalogue)
        self.actions = (*(token.name for token in self.catalogue), "send")
        # three points of actions, an investment in every other player, then send
        self.max_tokens = ACTION_POINTS + (n - 1) + 1
        self.needs_legal_orders = False  # masks come from the rules' test of an email
        self.max_decisions = rounds * self.max_tokens
        self.chance_outcomes = len(COMPANIES)  # each player's starting company
        self.observation_size = (
            18
            + 2 * n
            + len(COMPANIES)
            + len(NOTICE_KINDS)
            + (self.max_offers * (2 + len(COMPANIES)))
        )

    # -- spelling -------------------------------------------------------------
    def next_tokens(
        self, view: RoundEmail, legal: Sequence[RoundOrders] | None, draft: tuple[int, ...]
    ) -> list[int]:
        desk = desk_of(view)
        written = self._actions(view, draft)
        # The rules' own test of a set, one action more at a time (what check_orders runs):
        # enter-empty tokens come before accepts, so the companies the email enters are
        # all in the draft already when an accept is considered.
        entering = frozenset(a.company for a in written if isinstance(a, EnterEmpty))
        tally = Tally(desk, entering if desk.version >= 3 else frozenset())
        for action in written:
            tally.add(action)
        others, offers = self._context(view)
        allowed = []
        for token in range(draft[-1] + 1 if draft else 0, self.send):
            candidate = self.catalogue[token].build(others, offers)
            if candidate is None or action_problem(desk, candidate):
                continue
            if tally.admits(candidate):
                allowed.append(token)
        return [*allowed, self.send]

    def order(self, view: RoundEmail, draft: tuple[int, ...]) -> RoundOrders | None:
        if not draft or draft[-1] != self.send:
            return None
        return RoundOrders(tuple(self._actions(view, draft[:-1])))

    def tokens(self, view: RoundEmail, order: RoundOrders) -> tuple[int, ...]:
        others, offers = self._context(view)
        spelled = []
        built = [entry.build(others, offers) for entry in self.catalogue]
        for action in order.actions:
            token = next((t for t, found in enumerate(built) if found == action), None)
            if token is None:
                raise ValueError(f"{action.to_text()!r} is not in the catalogue")
            spelled.append(token)
        return (*sorted(spelled), self.send)

    def _actions(self, view: RoundEmail, draft: Sequence[int]) -> list[Action]:
        others, offers = self._context(view)
        actions = []
        for token in draft:
            action = self.catalogue[token].build(others, offers)
            if action is None:
                raise ValueError(f"token {self.actions[token]!r} means nothing in this view")
            actions.append(action)
        return actions

    def _context(self, view: RoundEmail) -> tuple[list[str], list[Offer]]:
        others = relative_seats(view.players, view.name)[1:]
        return others, offers_shown(view)

    # -- observing ------------------------------------------------------------
    def observe(self, view: RoundEmail) -> list[float]:
        n = len(self.seats)
        vector = [
            view.round / view.rounds,
            float(view.over),
            view.net_worth / MONEY,
            view.earnings_last_round / MONEY,
            view.salary / MONEY,
        ]
        vector += [float(view.employment[name]) for name in NAMES]
        vector += [view.employee_totals[name] / n for name in NAMES]
        crash = view.crash_in_progress
        vector += one_hot(NAMES.index(crash) if crash else -1, len(NAMES))
        vector.append(float(crash is None))
        for seat in relative_seats(view.players, view.name):
            standing = view.standings.get(seat) if view.standings else None
            vector += (
                [standing.net_worth / MONEY, standing.earnings_last_round / MONEY]
                if (standing)
                else [0.0, 0.0]
            )
        committed = dict.fromkeys(NAMES, 0.0)
        for own in view.open_offers:
            committed[own.company] += own.amount / MONEY
        vector += [committed[name] for name in NAMES]
        kinds = [notice.kind for notice in view.notices]
        vector += [float(kinds.count(kind)) for kind in NOTICE_KINDS]
        shown = offers_shown(view)
        for slot in range(self.max_offers):
            if slot < len(shown):
                offer = shown[slot]
                vector += [1.0, *one_hot(COMPANIES.index(offer.company), 4), offer.amount / MONEY]
            else:
                vector += [0.0] * (2 + len(COMPANIES))
        return vector


def offers_shown(view: RoundEmail) -> list[Offer]:
    """The anonymous bribe offers in the round email, by company then amount."""
    offers = {
        Offer(BY_NAME[str(n.data["company"])], int(n.data["amount"]))
        for n in view.notices
        if n.kind == "bribe-offer"
    }
    return sorted(offers, key=lambda o: (COMPANIES.index(o.company), o.amount))


@dataclass(frozen=True)
class Token:
    """One catalogue entry: an action kind and its fixed parts.

    ``other`` is a target by relative seat (0: the next player at the table),
    ``offer`` a slot of :func:`offers_shown`.
    """

    kind: type[Action]
    other: int | None = None
    company: Company | None = None
    amount: int = 0
    offer: int = 0

    def build(self, others: list[str], offers: list[Offer]) -> Action | None:
        """The action this token stands for, or ``None`` (an offer slot the email lacks)."""
        if self.other is None:  # protect self, or an action on a company
            return self._company_action()
        target = others[self.other]
        if self.kind is AcceptBribe:
            if self.offer >= len(offers):
                return None
            offer = offers[self.offer]
            return AcceptBribe(offer.amount, target, offer.company)
        if self.kind is Invest:
            return Invest(self.amount, target)
        if self.company is not None:
            return (
                Pinkslip(target, self.company)
                if self.kind is Pinkslip
                else Extort(target, self.company)
            )
        return _PLAIN[self.kind](target)

    def _company_action(self) -> Action:
        company = self.company
        if company is None:
            return Protect(None)
        if self.kind is Bribe:
            return Bribe(self.amount, company)
        return (
            Crash(company)
            if self.kind is Crash
            else (Quit(company) if self.kind is Quit else EnterEmpty(company))
        )

    @property
    def name(self) -> str:
        who = f"seat+{self.other + 1}" if self.other is not None else "self"
        where = self.company.value if self.company else ""
        word = self.kind.word
        if self.kind is AcceptBribe:
            return f"accept offer {self.offer + 1} from {who}"
        if self.kind in (Pinkslip, Extort):
            return f"{word} {who} at {where}"
        if self.kind in (Crash, Quit):
            return f"{word} {where}"
        if self.kind is EnterEmpty:
            return f"enter empty {where}"
        if self.kind is Bribe:
            return f"bribe {self.amount} {where}"
        if self.kind is Invest:
            return f"invest {self.amount} {who}"
        if self.kind is CoverUp:
            return f"coverup for {who}"
        return f"{word} {who}"


_PLAIN: dict[type[Action], type[Embezzle | Out | Backstab | Protect | CoverUp]] = {
    Embezzle: Embezzle,
    Out: Out,
    Backstab: Backstab,
    Protect: Protect,
    CoverUp: CoverUp,
}
"""The actions on one target alone."""


def _catalogue(n: int, max_offers: int) -> list[Token]:
    """Every token but ``send``, in the order an email takes them."""
    out: list[Token] = []
    for k in range(n - 1):
        out += [Token(Embezzle, k), Token(Out, k)]
        out += [Token(Pinkslip, k, c) for c in COMPANIES]
        out += [Token(Extort, k, c) for c in COMPANIES]
        out += [Token(Backstab, k), Token(Protect, k), Token(CoverUp, k)]
    out.append(Token(Protect))  # protect self
    for kind in (Crash, Quit, EnterEmpty):  # entering comes before accepting (see above)
        out += [Token(kind, company=c) for c in COMPANIES]
    out += [Token(Bribe, company=c, amount=x) for c in COMPANIES for x in BRIBES]
    out += [Token(AcceptBribe, k, offer=j) for j in range(max_offers) for k in range(n - 1)]
    out += [Token(Invest, k, amount=x) for k in range(n - 1) for x in INVESTMENTS]
    return out
