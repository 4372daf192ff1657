"""Rex Furum resolution, in the seed's Action Precedence.

    "Though all actions are de jure given attention all at the same time,
    actions do have an order to how play proceeds."

1. employment: quitting, joining an empty company, accepting bribes, pink slip, crashing
2. status: protect, cover up
3. money: embezzlement, bribing, investment, extortion, backstabbing
4. outing

then the round ends: new bribe offers are posted to the employees of their
company, crashes in progress are remembered, the next round's salary is paid.

Money may go negative (Ruling "negative money"): thefts, fees, fines and
crashes are paid in full. Voluntary payments (bribes and investments) are
capped by net worth when sealed, the player's open bribe offers counted in;
from version 3 they are also capped when paid: a payer who has less than the
amount when the precedence reaches it pays what they have, never going into
debt (Ruling "voluntary payments"). Splits are even and whole: the payer
keeps any remainder.

Version 2's rules stay here, chosen by ``settings.version`` (the differences:
Rulings 1, 5, 12 and 21 and "bribe offers lapse"; see docs/games/rex-furum.md).

The order checks (:func:`check_orders`) are here too: which sets of orders a
player may seal, judged only from what the sealing player knows (their
:class:`Desk`), so a bot can check its orders from its view and a refusal never
tells a player anything about another player. In particular whether a named
player really made a bribe offer is *not* checked when sealing (see Ruling
"accepting an offer that does not exist"): it is settled when the round resolves.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from sealed.core.chance import Chance
from sealed.core.errors import IllegalOrderError
from sealed.core.events import EVERYONE, Audience, Event
from sealed.core.game import Seat
from sealed.games.rex_furum.orders import (
    ACTION_WORDS,
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
from sealed.games.rex_furum.state import (
    COMPANIES,
    VERSION,
    BribeOffer,
    Company,
    PlayerState,
    RexState,
    Settings,
    dollars,
    sort_companies,
)

EMBEZZLE_PER_COMPANY = 10_000
SELF_PROTECT_CAP = 20_000
EXTORT_PRIZE = 60_000
SLANDER_FEE = 30_000
CRASH_PER_HEAD = 30_000
BACKSTAB_PER_COMPANY = 20_000  # the seed's; the option backstab_per_company sets it
BACKSTAB_PENALTY = 30_000

A = TypeVar("A", bound=Action)


def deal(seats: tuple[Seat, ...], settings: Settings, chance: Chance) -> RexState:
    """Round 1: each player at one random company, with the first salary paid.

    "Players will always start at one randomly assigned company at the beginning of play."
    """
    players = []
    for seat in seats:
        company = COMPANIES[chance.integer(f"starting company of {seat}", 0, len(COMPANIES) - 1)]
        money = settings.starting_money + settings.salary
        players.append(
            PlayerState(seat, money, frozenset({company}), settings.salary, settings.salary)
        )
    return RexState(round=1, settings=settings, players=tuple(players))


def play_round(
    state: RexState, orders: Mapping[Seat, RoundOrders], events: list[Event] | None
) -> None:
    """Open every player's orders for the round and apply them to ``state`` in precedence order.

    ``events`` collects the narration (the game master's account and the
    notices, in order); ``None`` skips the game master's account entirely.
    The notices are built either way: they are part of the state (the next
    round email).
    """
    work = _Round(state, orders, events)
    for kind, stage in STAGES:
        if kind in work.by_kind:  # a stage with no action of its kind does nothing
            stage(work)
    work.finish()


class _Round:
    """The scratch tables of one resolution (never outlives :func:`play_round`)."""

    __slots__ = (
        "accepted",
        "by_kind",
        "companies",
        "coverers",
        "crashers",
        "crashes_started",
        "events",
        "hired",
        "money",
        "narrate",
        "notices",
        "orders",
        "protectors",
        "state",
        "v3",
        "vanished",
    )

    def __init__(
        self, state: RexState, orders: Mapping[Seat, RoundOrders], events: list[Event] | None
    ) -> None:
        self.state = state
        self.events = events
        self.narrate = events is not None
        self.v3 = state.settings.version >= 3
        self.orders: dict[Seat, RoundOrders] = {}
        # every (seat, action) of each kind, in seat order then written order, sorted once
        self.by_kind: dict[type[Any], list[tuple[Seat, Any]]] = {}
        self.money: dict[Seat, int] = {}
        self.companies: dict[Seat, set[Company]] = {}
        for player in state.players:
            seat = player.seat
            mine = self.orders[seat] = orders.get(seat) or NO_ORDERS
            for action in mine.actions:
                self.by_kind.setdefault(type(action), []).append((seat, action))
            self.money[seat] = player.money
            self.companies[seat] = set(player.companies)
        self.hired: dict[Company, set[Seat]] = defaultdict(set)
        self.protectors: dict[Seat, set[Seat]] = defaultdict(set)
        self.coverers: dict[Seat, set[Seat]] = defaultdict(set)
        self.crashers = {seat for seat, _ in self.by_kind.get(Crash, ())}
        self.accepted: list[tuple[BribeOffer, list[Seat]]] = []
        self.crashes_started: dict[Seat, Company] = {}
        self.notices: list[Event] = []
        self.vanished = 0

    # -- helpers ------------------------------------------------------------
    def each(self, kind: type[A]) -> list[tuple[Seat, A]]:
        """Every ``(seat, action)`` of one kind, in seat order then written order."""
        return self.by_kind.get(kind, [])

    def employees(self, company: Company) -> set[Seat]:
        return {s for s, companies in self.companies.items() if company in companies}

    def pay(
        self, payer: Seat, payee: Seat, amount: int, why: str, company: Company | None = None
    ) -> None:
        """Move money; ``why`` names the transfer (``{}`` is ``company``'s name)."""
        self.money[payer] -= amount
        self.money[payee] += amount
        if self.narrate:
            reason = why.format(company.title) if company else why
            self.log(
                "money",
                f"{payer} pays {dollars(amount)} to {payee}: {reason}",
                payer=payer,
                payee=payee,
                amount=amount,
            )

    def affordable(self, payer: Seat, amount: int, what: str) -> int:
        """A voluntary payment's amount: all of it, or what ``payer`` has left (version 3).

        "Your bribe cannot exceed your net worth"; "You can't invest more than
        your net worth": a voluntary payment never takes a player below $0
        (Ruling "voluntary payments"). Version 2 paid the full amount.
        """
        if not self.v3:
            return amount
        paid = max(0, min(amount, self.money[payer]))
        if paid < amount and self.narrate:
            self.log(
                "short",
                f"{payer} has {dollars(self.money[payer])} left: {what} of "
                f"{dollars(amount)} is paid {dollars(paid)}",
                payer=payer,
                amount=amount,
                paid=paid,
            )
        return paid

    def log(self, kind: str, text: str, **data: Any) -> None:
        """A line of the game master's full account (callers check :attr:`narrate` first)."""
        assert self.events is not None
        self.events.append(Event(f"gm/{kind}", text, GM_ONLY, data))

    def tell(self, kind: str, text: str, seats: set[Seat] | None, **data: Any) -> None:
        """A notice the rules give to ``seats`` (``None``: everyone), kept for the round email."""
        notice = Event(kind, text, EVERYONE if seats is None else Audience(frozenset(seats)), data)
        self.notices.append(notice)
        if self.events is not None:
            self.events.append(notice)

    # -- the end of the round ---------------------------------------------------
    def finish(self) -> None:
        state, settings = self.state, self.state.settings
        last = state.round >= settings.rounds
        offers = () if last else self._post_offers()
        salaries = 0
        for player in state.players:
            seat = player.seat
            companies = self.companies[seat]
            paid = not last and (bool(companies) or settings.unemployed_salary)
            salary = settings.salary if paid else 0
            money = self.money[seat] + salary
            salaries += salary
            if companies != player.companies:
                player.companies = frozenset(companies)
            player.earnings = money - player.money
            player.money = money
            player.salary = salary
            player.crashing = self.crashes_started.get(seat)
        if self.narrate:
            self.log(
                "round",
                f"round {state.round} resolved; salary paid for the next round: "
                f"{dollars(salaries)}; money destroyed: {dollars(self.vanished)}",
                round=state.round,
                salary=salaries,
                vanished=self.vanished,
            )
        state.round += 1
        state.offers = offers
        state.notices = tuple(self.notices)
        state.employment_changed()

    def _post_offers(self) -> tuple[BribeOffer, ...]:
        """ "Will be announced anonymously to all players in target company ... The bribe
        will only be around for one round": acceptable during the next round only."""
        offers = []
        for seat, bribe in self.each(Bribe):
            if self.v3 and bribe.company in self.companies[seat]:
                if self.narrate:  # hired this round: the offer lapses (Ruling "bribe lapses")
                    self.log(
                        "bribe",
                        f"{seat}'s offer to join {bribe.company.title} lapses: "
                        f"{seat} works there now",
                        briber=seat,
                    )
                continue
            offer = BribeOffer(seat, bribe.company, bribe.amount)
            offers.append(offer)
            staff = self.employees(bribe.company) - {seat}
            if self.narrate:
                self.log(
                    "bribe",
                    f"{seat} offers {dollars(bribe.amount)} to join "
                    f"{bribe.company.title}; shown to {sorted(staff) or 'nobody'}",
                    briber=seat,
                    company=bribe.company.value,
                    amount=bribe.amount,
                )
            if staff:
                self.tell(
                    "bribe-offer",
                    f"Anonymous bribe offer: someone offers {dollars(bribe.amount)} to be hired "
                    f"into {bribe.company.title}. Any {bribe.company.title} employee may accept "
                    f"it this round only, naming the briber: 'accept bribe {bribe.amount} from "
                    f"<player> to {bribe.company.value}'.",
                    staff,
                    company=bribe.company.value,
                    amount=bribe.amount,
                )
        return tuple(offers)


NO_ORDERS = RoundOrders()
GM_ONLY = Audience.gm()


# -- 1. employment ------------------------------------------------------------


def quitting(work: _Round) -> None:
    for seat, quit_ in work.each(Quit):
        if quit_.company in work.companies[seat]:
            work.companies[seat].discard(quit_.company)
            if work.narrate:
                work.log("quit", f"{seat} quits {quit_.company.title}", seat=seat)
        elif work.narrate:
            work.log("quit", f"{seat} no longer works for {quit_.company.title}: nothing to quit")


def entering_empty(work: _Round) -> None:
    """ "Multiple people can do this action during the round and they will all join"."""
    for seat, enter in work.each(EnterEmpty):
        company = enter.company
        if work.state.employees(company):
            if work.narrate:
                work.log("enter", f"{seat} cannot enter {company.title}: it was not empty")
            continue
        work.companies[seat].add(company)
        work.hired[company].add(seat)
        if work.narrate:
            work.log("enter", f"{seat} enters the empty {company.title}", seat=seat)


def accepting_bribes(work: _Round) -> None:
    """Hire each briber whose offer an employee accepts; the money moves in the money stage.

    "If more than one player working for targetcompany accepts the bribe, it
    will be evenly split among them."
    """
    takers: dict[BribeOffer, list[Seat]] = defaultdict(list)
    for seat, accept in work.each(AcceptBribe):
        offer = BribeOffer(accept.briber, accept.company, accept.amount)
        if offer not in work.state.offers:
            if work.narrate:
                work.log(
                    "accept",
                    f"{seat}: no offer of {dollars(accept.amount)} from "
                    f"{accept.briber} to {accept.company.title} was made last round",
                )
        elif accept.company not in work.companies[seat]:
            if work.narrate:
                work.log(
                    "accept", f"{seat} no longer works for {accept.company.title}: cannot accept"
                )
        else:
            takers[offer].append(seat)
    for offer, seats in takers.items():
        if offer.company not in work.companies[offer.briber]:
            work.companies[offer.briber].add(offer.company)
            work.hired[offer.company].add(offer.briber)
        elif work.v3:  # "a bribe offer to join a company" lapses once the briber works there
            if work.narrate:
                work.log(
                    "accept",
                    f"{', '.join(seats)} accept {offer.briber}'s bribe, which has lapsed: "
                    f"{offer.briber} already works for {offer.company.title}; nothing is paid",
                    briber=offer.briber,
                )
            continue
        work.accepted.append((offer, seats))
        if work.narrate:
            work.log(
                "accept",
                f"{', '.join(seats)} accept {offer.briber}'s bribe: "
                f"{offer.briber} is hired into {offer.company.title}",
                briber=offer.briber,
            )


def pinkslips(work: _Round) -> None:
    """ "Pink slip requires at least two players to do it in the same round in order to be
    effective, otherwise your attempt will be revealed to the targetplayer." """
    attempts: dict[tuple[Seat, Company], list[Seat]] = defaultdict(list)
    for seat, slip in work.each(Pinkslip):
        attempts[(slip.target, slip.company)].append(seat)
    for (target, company), slippers in attempts.items():
        if len(slippers) >= 2:
            fired = company in work.companies[target]
            work.companies[target].discard(company)
            if work.narrate:
                work.log(
                    "pinkslip",
                    f"{', '.join(slippers)} pinkslip {target} at {company.title}: "
                    + ("fired" if fired else f"{target} did not work there"),
                )
            continue
        work.tell(
            "pinkslip-failed",
            f"{slippers[0]} tried to pinkslip you at {company.title}. It failed: a pink slip "
            "needs at least two players in the same round.",
            {target},
            by=slippers[0],
            company=company.value,
        )


def crashes(work: _Round) -> None:
    """ "Must be done for two consecutive rounds by the same player. 'Crashes' targetcompany,
    which fires all players from it and gives 30k from each player to the crasher." """
    finishing: dict[Company, list[Seat]] = defaultdict(list)
    for seat, crash in work.each(Crash):
        if work.state.player(seat).crashing is crash.company:
            finishing[crash.company].append(seat)
        else:
            work.crashes_started[seat] = crash.company
            if work.narrate:
                work.log("crash", f"{seat} begins crashing {crash.company.title} (first round)")
    for company, crashers in finishing.items():
        staff = sorted(work.employees(company), key=work.state.seats.index)
        if work.narrate:
            work.log("crash", f"{', '.join(crashers)} crash {company.title}: fired {staff}")
        share = CRASH_PER_HEAD // len(crashers)
        for victim in staff:
            work.companies[victim].discard(company)
            for crasher in crashers:
                if crasher != victim:
                    work.pay(victim, crasher, share, "crash of {}", company)


# -- 2. status ------------------------------------------------------------------


def protections(work: _Round) -> None:
    """ "Cannot be protected while crashing, and any protection attempts will fail." """
    for seat, protect in work.each(Protect):
        target = protect.target or seat
        if target in work.crashers:
            if work.narrate:
                work.log("protect", f"{seat}'s protection of {target} fails: {target} is crashing")
        else:
            work.protectors[target].add(seat)
            if work.narrate:
                work.log("protect", f"{seat} protects {target}")


def coverups(work: _Round) -> None:
    """Protection comes first, so a cover up fails on a protected player (Ruling).

    "You can't be protected and covered up for at the same time."
    """
    for seat, cover in work.each(CoverUp):
        if work.protectors[cover.target]:
            if work.narrate:
                work.log(
                    "coverup", f"{seat}'s cover up for {cover.target} fails: already protected"
                )
        else:
            work.coverers[cover.target].add(seat)
            if work.narrate:
                work.log("coverup", f"{seat} covers up for {cover.target}")


# -- 3. money ---------------------------------------------------------------------


def embezzlements(work: _Round) -> None:
    targets: dict[Seat, list[Seat]] = defaultdict(list)
    for seat, embezzle in work.each(Embezzle):
        targets[embezzle.target].append(seat)
    for target, thieves in targets.items():
        guards = work.protectors[target] - {target}
        if guards:
            _embezzle_foiled(work, target, thieves, work.protectors[target])
            continue
        self_guarded = target in work.protectors[target]
        cap = SELF_PROTECT_CAP // len(thieves) if self_guarded else None
        for thief in thieves:
            amount = EMBEZZLE_PER_COMPANY * len(work.companies[thief])
            work.pay(target, thief, amount if cap is None else min(amount, cap), "embezzlement")
        if self_guarded:
            work.tell(
                "embezzle-self-protected",
                f"While you protected yourself, {_names(thieves)} embezzled from you "
                f"(at most {dollars(SELF_PROTECT_CAP)} in all, split among them).",
                {target},
                by=thieves,
            )


def _embezzle_foiled(work: _Round, target: Seat, thieves: list[Seat], guards: set[Seat]) -> None:
    """ "If target is protected, your embezzlement will be announced to all players." """
    for thief in thieves:
        work.tell(
            "embezzle-foiled",
            f"{thief} tried to embezzle from {target}, who was protected.",
            None,
            by=thief,
            target=target,
        )
    work.tell(
        "embezzle-protector",
        f"While you protected {target}, {_names(thieves)} attempted to embezzle from them.",
        guards,
        by=thieves,
        target=target,
    )


def bribe_payments(work: _Round) -> None:
    for offer, takers in work.accepted:
        amount = work.affordable(offer.briber, offer.amount, "the bribe")
        share = amount // len(takers)
        for taker in takers:
            if share or not work.v3:
                work.pay(offer.briber, taker, share, "bribe into {}", offer.company)


def investments(work: _Round) -> None:
    for seat, invest in work.each(Invest):
        amount = work.affordable(seat, invest.amount, f"the investment in {invest.target}")
        if amount:
            work.pay(seat, invest.target, amount, "investment")


def extortions(work: _Round) -> None:
    """CEO extortion, on the employment the first stage left.

    "If another employee joins the company that round, nothing happens and no
    money is exchanged." Slander fees go to the target (Ruling; playtest 4: KP
    "quit the company before he could be CEO extorted, and collected the slander fees").
    """
    attempts: dict[tuple[Seat, Company], list[Seat]] = defaultdict(list)
    for seat, extort in work.each(Extort):
        attempts[(extort.target, extort.company)].append(seat)
    for (target, company), extorters in attempts.items():
        joiners = work.hired[company] - {target}
        if joiners:
            if work.narrate:
                work.log(
                    "extort",
                    f"extortion of {target} at {company.title} void: "
                    f"{_names(sorted(joiners))} joined that round",
                )
        elif work.employees(company) == {target}:
            share = EXTORT_PRIZE // len(extorters)
            for extorter in extorters:
                work.pay(target, extorter, share, "CEO extortion at {}", company)
        else:
            for extorter in extorters:
                work.pay(extorter, target, SLANDER_FEE, "slander fees ({})", company)


def backstabs(work: _Round) -> None:
    """ "If targetplayer gives you protection this round, you steal 20k*(your combined
    number of companies)".

    Version 3 (Rulings 1 and 12): the protect order the target sent counts,
    even if the protection failed (the backstabber is crashing), and the
    companies are counted once each (the two players' companies together).
    Version 2: only a protection that held counts, and the backstabber's
    companies plus the target's (a shared one twice).
    """
    stabs = {(seat, stab.target) for seat, stab in work.each(Backstab)}
    sent = {(seat, p.target or seat) for seat, p in work.each(Protect)} if work.v3 else set()
    for seat, stab in work.each(Backstab):
        target = stab.target
        if (target, seat) in stabs:
            _mutual_backstab(work, seat, target)
            continue
        given = (target, seat) in sent if work.v3 else target in work.protectors[seat]
        if given:
            if work.v3:
                combined = len(work.companies[seat] | work.companies[target])
            else:
                combined = len(work.companies[seat]) + len(work.companies[target])
            per_company = work.state.settings.backstab_per_company
            work.pay(target, seat, per_company * combined, "backstab")
        else:
            work.pay(seat, target, BACKSTAB_PENALTY, "failed backstab")
            work.tell(
                "backstab-failed",
                f"{seat} tried to backstab you, but you were not protecting them: "
                f"{seat} pays you {dollars(BACKSTAB_PENALTY)}.",
                {target},
                by=seat,
            )


def _mutual_backstab(work: _Round, seat: Seat, target: Seat) -> None:
    """ "both attempts will fail, and each will simply lose 30k" (the fine vanishes)."""
    work.money[seat] -= BACKSTAB_PENALTY
    work.vanished += BACKSTAB_PENALTY
    if work.narrate:
        work.log("backstab", f"{seat} loses {dollars(BACKSTAB_PENALTY)} (mutual backstab)")
    if seat < target:
        return
    work.tell(
        "backstab-mutual",
        f"Scandal! {target} and {seat} backstabbed each other: both attempts fail and each "
        f"loses {dollars(BACKSTAB_PENALTY)}.",
        None,
        players=sorted([seat, target]),
    )


# -- 4. outing ------------------------------------------------------------------


def outings(work: _Round) -> None:
    """ "Broadcasts to all players a person's company affiliations, as well as last round's
    moves. You won't be revealed as the investigator." (Ruling: the moves of the round
    just played, the one the next email calls "last round".)"""
    outers: dict[Seat, list[Seat]] = defaultdict(list)
    for seat, out in work.each(Out):
        outers[out.target].append(seat)
    for target, investigators in outers.items():
        if work.coverers[target]:
            work.tell(
                "out-covered",
                f"{_names(investigators)} tried to out {target}, whom you covered up for. "
                "The outing failed.",
                work.coverers[target],
                by=investigators,
                target=target,
            )
            continue
        companies = [c.title for c in sort_companies(work.companies[target])]
        moves = [a.to_text() for a in work.orders[target].actions]
        work.tell(
            "outed",
            f"OUTED: {target} works for {', '.join(companies) or 'no company'}. "
            f"{target}'s moves in round {work.state.round}: {'; '.join(moves) or 'no actions'}.",
            None,
            target=target,
            companies=[c.lower() for c in companies],
            moves=moves,
        )


def _names(seats: list[Seat]) -> str:
    if len(seats) <= 1:
        return "".join(seats)
    return ", ".join(seats[:-1]) + " and " + seats[-1]


STAGES: tuple[tuple[type[Action], Callable[[_Round], None]], ...] = (
    (Quit, quitting),
    (EnterEmpty, entering_empty),
    (AcceptBribe, accepting_bribes),
    (Pinkslip, pinkslips),
    (Crash, crashes),
    (Protect, protections),
    (CoverUp, coverups),
    (Embezzle, embezzlements),
    (AcceptBribe, bribe_payments),
    (Invest, investments),
    (Extort, extortions),
    (Backstab, backstabs),
    (Out, outings),
)


# -- order checks (what a player may seal) ------------------------------------------

ACTION_POINTS = 3
INVEST_LIMIT = 100_000


@dataclass(slots=True)
class Desk:
    """What a player knows while writing orders."""

    me: Seat
    seats: tuple[Seat, ...]
    money: int
    companies: frozenset[Company]
    totals: Mapping[Company, int]
    round: int
    committed: int = 0  # the player's own bribe offers still open this round (version 3)
    version: int = VERSION

    @classmethod
    def of(cls, state: RexState, seat: Seat) -> Desk:
        player = state.player(seat)
        version = state.settings.version
        committed = sum(o.amount for o in open_offers(state, seat)) if version >= 3 else 0
        return cls(
            seat,
            state.seats,
            player.money,
            player.companies,
            state.totals(),
            state.round,
            committed,
            version,
        )


def open_offers(state: RexState, seat: Seat) -> tuple[BribeOffer, ...]:
    """``seat``'s own bribe offers of last round, which may still be accepted (and paid) now."""
    return tuple(o for o in state.offers if o.briber == seat)


def check_orders(desk: Desk, orders: RoundOrders) -> None:
    """Refuse orders the rules forbid now; the message names the rule.

    :raises IllegalOrderError: more than three action points, a repeated
        target where the rules forbid it, a self-target, a bad amount, a bribe
        or investment above net worth, entering a company with employees,
        quitting or accepting for a company you do not work at, protecting
        yourself while crashing, protecting and covering up for one player.
    """
    for action in orders.actions:
        problem = action_problem(desk, action)
        if problem:
            raise _illegal(orders, problem)
    tally = Tally(desk, _entering(desk, orders))
    for action in orders.actions:
        if not tally.admits(action):
            raise _illegal(orders, _set_problem(desk, orders))
        tally.add(action)


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


def action_problem(desk: Desk, action: Action) -> str:
    """What is wrong with one action whatever else the email holds ("" if nothing)."""
    target = _target(action)
    if target is not None and target not in desk.seats:
        return f"{target!r} is not a player (players: {', '.join(desk.seats)})"
    if target == desk.me and type(action) in SELF_NAMES:
        rule = "Cover up: cannot target oneself" if isinstance(action, CoverUp) else "Ruling"
        return f"you cannot {SELF_NAMES[type(action)]} yourself ({rule})"
    if isinstance(action, Bribe | AcceptBribe | Invest) and action.amount <= 0:
        return f"{action.to_text()!r}: the amount must be more than $0"
    if type(action) not in COMPANY_RULED:  # every bot's every candidate comes here
        return ""
    return _company_problem(desk, action)


COMPANY_RULED = frozenset({Invest, Bribe, EnterEmpty, Quit, AcceptBribe})
"""The actions :func:`_company_problem` has a rule for."""


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
        if desk.version >= 3:  # entering it empty in the same email counts (Tally, Ruling 21)
            return ""
        return _accept_problem(action)
    return ""


def _accept_problem(action: AcceptBribe) -> str:
    return f"you must be working for {action.company.title} to accept a bribe to it (Accept bribe)"


def _entering(desk: Desk, orders: RoundOrders) -> frozenset[Company]:
    """Companies the email enters empty, which it may accept bribes to (version 3)."""
    if desk.version < 3:
        return frozenset()
    return frozenset(a.company for a in orders.actions if isinstance(a, EnterEmpty))


class Tally:
    """The running totals of an email's actions that the rules for a whole set look at.

    :meth:`admits` says whether one more action keeps a legal set legal; it is
    the one legality test of a set (check_orders, the bots and legal_orders
    all use it). Each rule of :func:`_set_problem`, which words the refusal,
    is the same rule read over the whole set.
    """

    __slots__ = (
        "accepts",
        "bribed",
        "covered",
        "crashing",
        "desk",
        "entering",
        "invested",
        "keys",
        "points",
        "protected",
        "quits",
        "self_protected",
        "spend",
    )

    def __init__(self, desk: Desk, entering: frozenset[Company] = frozenset()) -> None:
        self.desk = desk
        self.entering = entering  # companies the whole email enters empty (version 3)
        self.points = 0
        self.keys: set[object] = set()  # every action once (protect self = protect me)
        self.invested: set[Seat] = set()
        self.bribed: set[Company] = set()
        self.crashing = False
        self.self_protected = False
        self.spend = 0
        self.quits: set[Company] = set()
        self.accepts: set[Company] = set()
        self.protected: set[Seat] = set()
        self.covered: set[Seat] = set()

    def admits(self, action: Action) -> bool:
        """True if the set stays legal with ``action`` added (the set so far is legal)."""
        if self.points + action.cost > ACTION_POINTS:  # Actions: three points
            return False
        kind = type(action)
        key = Protect(action.target or self.desk.me) if isinstance(action, Protect) else action
        if key in self.keys:  # an action counts once a round (_key, inline: hot)
            return False
        if kind is Invest:
            assert isinstance(action, Invest)
            # one investment per player; bribes and investments within net worth
            return action.target not in self.invested and self._affords(action.amount)
        if kind is Bribe:
            assert isinstance(action, Bribe)
            return action.company not in self.bribed and self._affords(action.amount)
        if kind is Crash:  # no protection of oneself while crashing
            return not self.self_protected
        if kind is Protect:
            assert isinstance(action, Protect)
            target = action.target or self.desk.me
            if target == self.desk.me and self.crashing:
                return False
            return target not in self.covered  # protection and cover up for one player
        if kind is CoverUp:
            assert isinstance(action, CoverUp)
            return action.target not in self.protected
        if kind is Quit:  # quitting comes before accepting
            assert isinstance(action, Quit)
            return action.company not in self.accepts
        if kind is AcceptBribe:
            assert isinstance(action, AcceptBribe)
            company = action.company
            if company not in self.desk.companies and company not in self.entering:
                return False  # version 3: neither working there nor entering it empty
            return company not in self.quits
        return True

    def _affords(self, amount: int) -> bool:
        return self.desk.committed + self.spend + amount <= self.desk.money

    def add(self, action: Action) -> None:
        """Count ``action`` in (after :meth:`admits`).

        Dispatched on the exact class (the actions have no subclasses) and with
        :func:`_key` inline: every action a bot keeps comes here, and the chain of
        ``isinstance`` tests cost more than the rest.
        """
        a: Any = action  # narrowed by its exact class below (mypy does not follow type() is)
        self.points += a.cost
        kind = type(a)
        if kind is Protect:
            target = a.target or self.desk.me
            self.keys.add(Protect(target))  # _key: protect self = protect me
            self.protected.add(target)
            self.self_protected = self.self_protected or target == self.desk.me
            return
        self.keys.add(a)
        if kind is Invest:
            self.invested.add(a.target)
            self.spend += a.amount
        elif kind is Bribe:
            self.bribed.add(a.company)
            self.spend += a.amount
        elif kind is Crash:
            self.crashing = True
        elif kind is CoverUp:
            self.covered.add(a.target)
        elif kind is Quit:
            self.quits.add(a.company)
        elif kind is AcceptBribe:
            self.accepts.add(a.company)

    def copy(self) -> Tally:
        other = Tally(self.desk, self.entering)
        for name in Tally.__slots__:
            if name in ("desk", "entering"):
                continue
            value = getattr(self, name)
            setattr(other, name, set(value) if isinstance(value, set) else value)
        return other


def legal_subset(desk: Desk, actions: Iterable[Action]) -> RoundOrders:
    """Keep each action, in order, that leaves the whole set legal."""
    tally = Tally(desk)
    kept: list[Action] = []
    for action in actions:
        if tally.admits(action) and not action_problem(desk, action):
            tally.add(action)
            kept.append(action)
    return RoundOrders(tuple(kept))


def _set_problem(desk: Desk, orders: RoundOrders) -> str:
    """Why a set of actions that :class:`Tally` refuses is illegal, rule by rule."""
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
    if spend and spend + desk.committed > desk.money:
        if desk.committed:
            return (
                f"your bribes and investments ({dollars(spend)}) and your bribe offers still "
                f"open this round ({dollars(desk.committed)}) exceed your net worth "
                f"({dollars(desk.money)}) (Bribe, Investment; Ruling 5)"
            )
        return (
            f"your bribes and investments ({dollars(spend)}) exceed your net worth "
            f"({dollars(desk.money)}) (Bribe, Investment)"
        )
    return _contradiction(desk, orders)


def _contradiction(desk: Desk, orders: RoundOrders) -> str:
    """Two actions of one email of which the precedence makes one fail for sure (Ruling 21)."""
    quits = {a.company for a in orders.actions if isinstance(a, Quit)}
    protected = {a.target or desk.me for a in orders.actions if isinstance(a, Protect)}
    entering = _entering(desk, orders)
    for action in orders.actions:
        if isinstance(action, AcceptBribe) and (
            action.company not in desk.companies and action.company not in entering
        ):
            return _accept_problem(action)
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


# -- legal orders ---------------------------------------------------------------
#
# A round's orders are a set of up to three points of actions. The actions
# without an amount are finitely many (a few per other player and company),
# so their sets are enumerated; the amounts of bribes, investments and
# accepted bribes are free whole numbers (an accepted bribe's amount has no
# upper bound at all), so the full set of legal orders is enumerable only for
# a player who can use none of those three actions.

AMOUNT_KINDS = ("bribe", "accept", "invest")


def plain_actions(desk: Desk) -> list[Action]:
    """Every legal action without an amount, in the notation table's order.

    Protecting oneself is listed once, as ``protect self`` (``protect <own
    name>`` is the same action).
    """
    others = [s for s in desk.seats if s != desk.me]
    candidates: list[Action] = [
        *(Embezzle(s) for s in others),
        *(Out(s) for s in others),
        *(Pinkslip(s, c) for s in others for c in COMPANIES),
        *(Extort(s, c) for s in others for c in COMPANIES),
        *(Crash(c) for c in COMPANIES),
        *(Backstab(s) for s in others),
        Protect(None),
        *(Protect(s) for s in others),
        *(CoverUp(s) for s in others),
        *(EnterEmpty(c) for c in COMPANIES),
        *(Quit(c) for c in COMPANIES),
    ]
    return [a for a in candidates if not action_problem(desk, a)]


def amount_kinds(desk: Desk) -> tuple[str, ...]:
    """The actions with an amount ``desk`` may use now: bribe, accept (bribe), invest."""
    kinds = []
    if desk.money >= 1 and len(desk.companies) < len(COMPANIES):
        kinds.append("bribe")
    if desk.companies:
        kinds.append("accept")
    if desk.money >= 1 and len(desk.seats) > 1:
        kinds.append("invest")
    return tuple(kinds)


def plain_orders(desk: Desk) -> list[RoundOrders]:
    """Every legal set of actions without an amount, each once, in a stable order.

    A set is listed once, its actions in :func:`plain_actions` order (the
    written order of the same actions is not enumerated); ``pass`` comes first.
    """
    actions = plain_actions(desk)
    found = [RoundOrders()]

    def extend(tally: Tally, start: int, chosen: tuple[Action, ...]) -> None:
        for index in range(start, len(actions)):
            action = actions[index]
            if tally.admits(action):
                more = tally.copy()
                more.add(action)
                found.append(RoundOrders((*chosen, action)))
                extend(more, index + 1, (*chosen, action))

    extend(Tally(desk), 0, ())
    return found


def legal_orders(state: RexState, seat: Seat) -> list[RoundOrders] | None:
    """Every legal order of ``seat`` now, or ``None`` if it may use an action with an amount."""
    if state.over:
        return []
    desk = Desk.of(state, seat)
    return None if amount_kinds(desk) else plain_orders(desk)


def available_actions(state: RexState, seat: Seat) -> tuple[str, ...]:
    """The action words ``seat`` may use now (with an amount or not), in notation order."""
    if state.over:
        return ()
    desk = Desk.of(state, seat)
    words = {a.to_text().split(" ", 1)[0] for a in plain_actions(desk)} | set(amount_kinds(desk))
    return tuple(w for w in ACTION_WORDS if w in words)
