"""Whole states a player could be in, drawn from their round email alone (for search bots).

Copied from the email: the round, the player's own money, earnings, salary,
employers, crash in progress and open bribe offers, every player's net worth
and earnings (version 3's standings), and the notices as the player was told
them (rebuilt as notices to that player alone). Drawn from the given random
source, for what the email keeps private:

- where the other players work: for each company, the employee total less
  the player's own place is filled by other players drawn at random (a
  player may work for several companies, or none);
- who made each anonymous bribe offer the player was told of: another player
  drawn at random (the offer itself, company and amount, is as told);
- the other players' salaries follow from the drawn employment (the salary
  option, or none for the unemployed unless ``unemployed_salary``).

Not drawn: other players' crashes in progress (none), and bribe offers made
to companies the player does not work for (the email never hints at them).
The number of rounds and their length are read from the email; the other
options (salary, starting money, unemployed salary) come from ``options``,
which a search bot does not know unless it is configured with them (it
assumes the defaults). A version 2 email has no standings: other players are given the reader's
own money and no earnings.
"""

from __future__ import annotations

import random

from sealed.core.events import Audience, Event
from sealed.core.game import Options, Seat
from sealed.games.rex_furum.state import (
    BY_NAME,
    COMPANIES,
    BribeOffer,
    Company,
    PlayerState,
    RexState,
    Settings,
)
from sealed.games.rex_furum.views import RoundEmail


def sample_state(view: RoundEmail, options: Options, rng: random.Random) -> RexState:
    """A state whose email for ``view.name`` is ``view``; hidden parts drawn from ``rng``."""
    shown = {"rounds": view.rounds, "round_minutes": view.round_minutes}
    settings = Settings.from_options({**options, **shown}, view.rules_version)
    me = view.name
    others = [seat for seat in view.players if seat != me]
    employers = _employment(view, others, rng)
    players = tuple(
        _own(view) if seat == me else _other(view, seat, employers[seat], settings)
        for seat in view.players
    )
    return RexState(
        round=view.rounds + 1 if view.over else view.round,
        settings=settings,
        players=players,
        offers=_offers(view, others, rng),
        notices=tuple(Event(n.kind, n.text, Audience.only(me), dict(n.data)) for n in view.notices),
    )


def _employment(
    view: RoundEmail, others: list[Seat], rng: random.Random
) -> dict[Seat, set[Company]]:
    """Other players' employers: each company's total less the reader's place, drawn at random."""
    employers: dict[Seat, set[Company]] = {seat: set() for seat in others}
    for company in COMPANIES:
        mine = 1 if view.employment[company.value] else 0
        for seat in rng.sample(others, view.employee_totals[company.value] - mine):
            employers[seat].add(company)
    return employers


def _own(view: RoundEmail) -> PlayerState:
    return PlayerState(
        seat=view.name,
        money=view.net_worth,
        companies=frozenset(BY_NAME[name] for name in view.companies),
        earnings=view.earnings_last_round,
        salary=view.salary,
        crashing=None if view.crash_in_progress is None else BY_NAME[view.crash_in_progress],
    )


def _other(view: RoundEmail, seat: Seat, companies: set[Company], rules: Settings) -> PlayerState:
    standing = view.standings.get(seat) if view.standings is not None else None
    paid = bool(companies) or rules.unemployed_salary
    return PlayerState(
        seat=seat,
        money=view.net_worth if standing is None else standing.net_worth,
        companies=frozenset(companies),
        earnings=0 if standing is None else standing.earnings_last_round,
        salary=rules.salary if paid else 0,
    )


def _offers(view: RoundEmail, others: list[Seat], rng: random.Random) -> tuple[BribeOffer, ...]:
    """The reader's own open offers, and one per anonymous offer told, from a drawn briber."""
    own = [BribeOffer(view.name, BY_NAME[o.company], o.amount) for o in view.open_offers]
    told = [
        BribeOffer(
            rng.choice(others),
            BY_NAME[str(n.data["company"])],
            int(n.data["amount"]),
        )
        for n in view.notices
        if n.kind == "bribe-offer" and others
    ]
    return (*own, *told)
