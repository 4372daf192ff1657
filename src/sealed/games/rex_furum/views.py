"""What each player may know: the seed's "Round Beginning Email".

A :class:`RoundEmail` is built by allow-list from the state: the player's
own money, earnings, salary and employers, the public employee totals, the
players' names, the round and its length, their own crash in progress, and
the notices of the last resolution as they are told them (:meth:`Event.told`).
From version 3 it also gives every player's net worth and earnings last round
(the seed's email: "How much money each player has", "How much money each
player earned last round") and the player's own bribe offers still open.
Nothing else about another player is ever copied in: employment stays private.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from sealed.core.game import JsonDict, Seat
from sealed.games.rex_furum.state import COMPANIES, NAMES, Company, RexState, dollars

# Views are built for every seat at every step of a simulation: plain slotted dataclasses
# cost a fifth of frozen ones to build. A view is a new value each time and holds nothing
# of the state (mappings and notices are copies), so changing one changes nothing else.


@dataclass(slots=True)
class Standing:
    """One player's public figures in the round email (version 3)."""

    net_worth: int
    earnings_last_round: int


@dataclass(slots=True)
class OpenOffer:
    """One of the reader's own bribe offers of last round, acceptable this round."""

    company: str
    amount: int


@dataclass(slots=True)
class NoticeView:
    """A notice as its reader sees it (``data`` repeats the text's facts for programs)."""

    kind: str
    text: str
    data: JsonDict


@dataclass(slots=True)
class RoundEmail:
    """One player's round email, as data."""

    name: Seat
    round: int
    rounds: int
    over: bool
    net_worth: int
    earnings_last_round: int
    salary: int
    employment: dict[str, bool]
    employee_totals: dict[str, int]
    round_minutes: int
    players: tuple[Seat, ...]
    crash_in_progress: str | None
    notices: tuple[NoticeView, ...]
    standings: dict[Seat, Standing] | None = None  # every player's figures; None in version 2
    open_offers: tuple[OpenOffer, ...] = ()  # own offers still open (never listed in version 2)
    rules_version: int = 3  # the game version whose rules the email's player writes under

    @property
    def companies(self) -> tuple[str, ...]:
        return tuple(c for c, hired in self.employment.items() if hired)


def build_view(state: RexState, seat: Seat) -> RoundEmail:
    """Allow-list: every field is chosen here, from what ``seat`` may know."""
    me = state.player(seat)
    companies = me.companies
    rounds = state.settings.rounds
    version = state.settings.version
    standings = None
    offers: tuple[OpenOffer, ...] = ()
    if version >= 3:
        standings = {p.seat: Standing(p.money, p.earnings) for p in state.players}
        offers = tuple(
            OpenOffer(o.company.value, o.amount) for o in state.offers if o.briber == seat
        )
    # Positional, in RoundEmail's field order (tests/games/rex_furum/test_views.py holds
    # every field to its name): sixteen keywords cost more than the rest of the build.
    return RoundEmail(
        seat,  # name
        min(state.round, rounds),  # round
        rounds,
        state.round > rounds,  # over
        me.money,  # net_worth
        me.earnings,  # earnings_last_round
        me.salary,
        dict(_employment(companies)),  # employment
        dict(zip(NAMES, state.totals().values(), strict=True)),  # employee_totals
        state.settings.round_minutes,
        state.seats,  # players
        me.crashing.value if me.crashing else None,  # crash_in_progress
        tuple(
            [  # notices (as told: Event.said_to); a list comprehension costs less here
                NoticeView(notice.kind, said[0], _copy(said[1]))
                for notice in state.notices
                if (said := notice.said_to(seat)) is not None
            ]
        ),
        standings,
        offers,  # open_offers
        version,  # rules_version
    )


@functools.lru_cache(maxsize=256)
def _employment(companies: frozenset[Company]) -> tuple[tuple[str, bool], ...]:
    """The email's employment table for a set of employers: the same few sets recur at
    every round of every game, so the pairs are made once; each view gets its own dict."""
    return tuple((name, c in companies) for c, name in zip(COMPANIES, NAMES, strict=True))


def _copy(data: Any) -> JsonDict:
    return {str(k): (list(v) if isinstance(v, list | tuple) else v) for k, v in data.items()}


def render_view(view: RoundEmail) -> str:
    """The round email in plain text."""
    if view.over:
        head = f"REX FURUM: the game is over after {view.rounds} rounds"
        ends = "The game is over: the richest player wins."
    else:
        head = f"REX FURUM: round {view.round} of {view.rounds}"
        ends = (
            f"Round {view.round} ends {view.round_minutes} minutes after it began; "
            "send your actions before then (the last email you send counts)."
        )
    earnings = ("+" if view.earnings_last_round > 0 else "") + dollars(view.earnings_last_round)
    lines = [
        head,
        "",
        f"Name:                 {view.name}",
        f"Total net worth:      {dollars(view.net_worth)}",
        f"Earnings last round:  {earnings}",
        f"Salary:               {dollars(view.salary)}",
        "",
        *_table(view),
        "",
        *_standings(view),
        *_offers(view),
    ]
    if view.crash_in_progress:
        lines += [
            f"You began crashing {view.crash_in_progress.capitalize()} last round: "
            f"write 'crash {view.crash_in_progress}' again this round to finish it.",
            "",
        ]
    lines.append(ends)
    lines += ["", "Notices:"]
    lines += [f"- {n.text}" for n in view.notices] or ["- none"]
    return "\n".join(lines)


def _table(view: RoundEmail) -> list[str]:
    names = [c.title for c in COMPANIES]
    width = 8
    row = "".join(n.ljust(width) for n in names)
    hired = "".join(("1" if view.employment[c.value] else "FALSE").ljust(width) for c in COMPANIES)
    totals = "".join(str(view.employee_totals[c.value]).ljust(width) for c in COMPANIES)
    return [
        f"                      {row}".rstrip(),
        f"Your employment:      {hired}".rstrip(),
        f"Company employees:    {totals}".rstrip(),
    ]


def _signed(amount: int) -> str:
    return ("+" if amount > 0 else "") + dollars(amount)


def _standings(view: RoundEmail) -> list[str]:
    """Every player's net worth and earnings last round (version 3; employment stays private)."""
    if view.standings is None:
        return []
    width = max(len(seat) for seat in view.standings) + len(" (you)") + 2
    lines = [f"{'Player':<{width}}{'Total net worth':<18}Earnings last round"]
    for seat, standing in view.standings.items():
        name = f"{seat} (you)" if seat == view.name else seat
        lines.append(
            f"{name:<{width}}{dollars(standing.net_worth):<18}"
            f"{_signed(standing.earnings_last_round)}"
        )
    return [*lines, ""]


def _offers(view: RoundEmail) -> list[str]:
    """The reader's own offers that may still be accepted (and paid) this round."""
    if not view.open_offers:
        return []
    offers = ", ".join(f"{dollars(o.amount)} to {o.company.capitalize()}" for o in view.open_offers)
    return [
        f"Your bribe offers open this round: {offers} (they count against your net worth "
        "for new bribes and investments).",
        "",
    ]
