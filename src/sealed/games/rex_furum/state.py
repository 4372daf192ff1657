"""Rex Furum state: players' money and employment, open bribe offers, last round's notices.

The state is mutable: :mod:`sealed.games.rex_furum.rules` applies a round to
it in place (the fast path), and :func:`clone` gives the pure path and search
bots an independent copy cheaply (players are copied, the immutable parts are
shared). The JSON form (:func:`state_to_json`) is the game master's view and
the ``setup`` keys of scenarios (documented in docs/games/rex-furum.md);
:func:`state_from_json` reads it strictly and refuses every state the rules
could not continue from.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sealed.core import setup
from sealed.core.events import Audience, Event
from sealed.core.game import JsonDict, Options, Seat
from sealed.core.setup import Path, fail


class Company(enum.Enum):
    """The four companies of the final ruleset, in the order the email lists them."""

    ALPHA = "alpha"
    BETA = "beta"
    GAMMA = "gamma"
    DELTA = "delta"

    # Members are singletons: identity hashing is exact and much cheaper than
    # Enum's hash of the member's name, which sets of companies pay on every lookup.
    __hash__ = object.__hash__

    @property
    def title(self) -> str:
        return TITLES[self]


COMPANIES: tuple[Company, ...] = tuple(Company)
NAMES: tuple[str, ...] = tuple(c.value for c in COMPANIES)
TITLES: dict[Company, str] = {c: c.value.capitalize() for c in COMPANIES}
BY_NAME: dict[str, Company] = {c.value: c for c in COMPANIES}


def sort_companies(companies: Iterable[Company]) -> tuple[Company, ...]:
    """Companies in email order (Alpha, Beta, Gamma, Delta)."""
    chosen = set(companies)
    return tuple(c for c in COMPANIES if c in chosen)


def dollars(amount: int) -> str:
    """``4000`` -> ``"$4,000"``; ``-30000`` -> ``"-$30,000"``."""
    sign = "-" if amount < 0 else ""
    return f"{sign}${abs(amount):,}"


VERSION = 3
"""The game version whose rules this code plays by default (see the package docstring)."""


@dataclass(frozen=True)
class Settings:
    """The rule options a state needs: the one place the game's options are read.

    ``version`` is the game version whose rules apply (3, or 2 to replay and
    continue a version 2 game exactly); it is not an option but part of the
    record, so a game keeps the rules it began with.
    """

    rounds: int = 10
    round_minutes: int = 20
    starting_money: int = 0
    salary: int = 10_000
    unemployed_salary: bool = False
    close_early: bool = False
    backstab_per_company: int = 20_000  # the final ruleset's 20k (an option for the lab's sweeps)
    version: int = VERSION

    @classmethod
    def from_options(cls, options: Options, version: int = VERSION) -> Settings:
        return cls(
            version=version,
            rounds=int(options.get("rounds", 10)),
            round_minutes=int(options.get("round_minutes", 20)),
            starting_money=int(options.get("starting_money", 0)),
            salary=int(options.get("salary", 10_000)),
            unemployed_salary=bool(options.get("unemployed_salary", False)),
            close_early=bool(options.get("close_early", False)),
            backstab_per_company=int(options.get("backstab_per_company", 20_000)),
        )


@dataclass(slots=True)
class PlayerState:
    """One player: money now, employers, what the last email said, a crash in progress."""

    seat: Seat
    money: int
    companies: frozenset[Company]
    earnings: int = 0  # net change since the previous round's email, salary included
    salary: int = 0  # salary received at the beginning of the current round
    crashing: Company | None = None  # crashed this company last round (first half)

    @property
    def employed(self) -> bool:
        return bool(self.companies)

    def copy(self) -> PlayerState:
        return PlayerState(
            self.seat, self.money, self.companies, self.earnings, self.salary, self.crashing
        )


@dataclass(frozen=True)
class BribeOffer:
    """A bribe offered last round: acceptable this round by employees of ``company``."""

    briber: Seat
    company: Company
    amount: int


@dataclass(slots=True)
class RexState:
    """The whole game between two resolutions.

    ``notices`` are the last resolution's events that the rules give the
    players (public announcements and addressed notices), kept for the round
    email; each seat reads them through :meth:`Event.told`.
    """

    round: int
    settings: Settings
    players: tuple[PlayerState, ...]
    offers: tuple[BribeOffer, ...] = ()
    notices: tuple[Event, ...] = ()
    seats: tuple[Seat, ...] = field(init=False, repr=False, compare=False)
    _totals: dict[Company, int] | None = field(init=False, default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.seats = tuple(p.seat for p in self.players)

    @property
    def over(self) -> bool:
        return self.round > self.settings.rounds

    def player(self, seat: Seat) -> PlayerState:
        for p in self.players:
            if p.seat == seat:
                return p
        raise KeyError(seat)

    def employees(self, company: Company) -> tuple[Seat, ...]:
        return tuple(p.seat for p in self.players if company in p.companies)

    def totals(self) -> dict[Company, int]:
        """Employees per company, in email order (cached until the rules change employment).

        Callers must not change the returned mapping.
        """
        if self._totals is None:
            counts = dict.fromkeys(COMPANIES, 0)
            for p in self.players:
                for company in p.companies:
                    counts[company] += 1
            self._totals = counts
        return self._totals

    def employment_changed(self) -> None:
        """Forget the cached totals (the rules call this after changing employment)."""
        self._totals = None

    def clone(self) -> RexState:
        """An independent copy: new players, shared immutable settings, offers and notices."""
        copy = RexState(
            self.round,
            self.settings,
            tuple(p.copy() for p in self.players),
            self.offers,
            self.notices,
        )
        copy._totals = self._totals
        return copy


# -- JSON -----------------------------------------------------------------

NOTICE_KINDS = (
    "pinkslip-failed",
    "embezzle-self-protected",
    "embezzle-foiled",
    "embezzle-protector",
    "backstab-failed",
    "backstab-mutual",
    "out-covered",
    "outed",
    "bribe-offer",
)
"""Every kind of notice the rules give players (a setup may hold only these)."""


def state_to_json(state: RexState) -> JsonDict:
    """The full state (the game master's view)."""
    return {
        "round": state.round,
        "rounds": state.settings.rounds,
        "over": state.over,
        "players": {p.seat: _player_json(p) for p in state.players},
        "employees": {c.value: n for c, n in state.totals().items()},
        "offers": [
            {"briber": o.briber, "company": o.company.value, "amount": o.amount}
            for o in state.offers
        ],
        "notices": [notice_json(n) for n in state.notices],
    }


def _player_json(player: PlayerState) -> JsonDict:
    return {
        "money": player.money,
        "companies": [c.value for c in sort_companies(player.companies)],
        "earnings": player.earnings,
        "salary": player.salary,
        "crashing": player.crashing.value if player.crashing else None,
    }


def notice_json(notice: Event) -> JsonDict:
    """A notice in the state's JSON: ``to`` is ``"all"`` or the sorted seats told."""
    seats = notice.audience.seats
    audience: str | list[str] = "all" if seats is None else sorted(seats)
    return {"kind": notice.kind, "text": notice.text, "to": audience, "data": dict(notice.data)}


TOP_KEYS = ("round", "players", "offers", "notices")
DERIVED_KEYS = ("rounds", "over", "employees")  # shown by state_to_json, computed, ignored here
PLAYER_KEYS = ("money", "companies", "earnings", "salary", "crashing")


def state_from_json(
    data: Mapping[str, Any], seats: Sequence[Seat], options: Options, version: int = VERSION
) -> RexState:
    """Rebuild a state from :func:`state_to_json` output (possibly edited), strictly.

    ``rounds``, ``over`` and ``employees`` are derived and ignored. Every
    other key is checked: unknown keys are refused with a suggestion, and so
    is every value the rules could not continue from (a round outside
    ``1..rounds+1``, an unknown company, a company listed twice, a negative
    salary, an offer of $0 or from a player who is not seated, a notice of a
    kind the rules never give or told to a player who is not seated, a bribe
    offer notice without its company and amount).

    :raises SetupError: with ``path`` naming the offending value.
    """
    settings = Settings.from_options(options, version)
    top = setup.mapping(data, (), TOP_KEYS, required=("round", "players"), derived=DERIVED_KEYS)
    players_data = setup.mapping(top["players"], ("players",), seats, required=seats)
    return RexState(
        round=setup.integer(top["round"], ("round",), 1, settings.rounds + 1),
        settings=settings,
        players=tuple(
            _player_from_json(seat, players_data[seat], ("players", seat)) for seat in seats
        ),
        offers=tuple(
            _offer_from_json(o, seats, ("offers", str(i)))
            for i, o in enumerate(setup.sequence(top.get("offers", []), ("offers",)))
        ),
        notices=tuple(
            _notice_from_json(n, seats, ("notices", str(i)))
            for i, n in enumerate(setup.sequence(top.get("notices", []), ("notices",)))
        ),
    )


def company_from_text(text: object, path: Path = ("company",)) -> Company:
    """:raises SetupError: not one of alpha, beta, gamma, delta."""
    name = setup.text(text, path)
    company = BY_NAME.get(name.strip().lower())
    if company is None:
        setup.text(name, path, NAMES)  # the refusal, with a suggestion
        raise fail(path, f"unknown company {text!r}")  # pragma: no cover (text() raised)
    return company


def _player_from_json(seat: Seat, data: object, path: Path) -> PlayerState:
    fields = setup.mapping(data, path, PLAYER_KEYS, required=("money", "companies"))
    names = setup.sequence(fields["companies"], (*path, "companies"))
    companies = [company_from_text(c, (*path, "companies", str(i))) for i, c in enumerate(names)]
    if len(set(companies)) != len(companies):
        raise fail((*path, "companies"), "a company is listed twice")
    crashing = fields.get("crashing")
    return PlayerState(
        seat=seat,
        money=setup.integer(fields["money"], (*path, "money")),
        companies=frozenset(companies),
        earnings=setup.integer(fields.get("earnings", 0), (*path, "earnings")),
        salary=setup.integer(fields.get("salary", 0), (*path, "salary"), 0),
        crashing=None if crashing is None else company_from_text(crashing, (*path, "crashing")),
    )


def _offer_from_json(data: object, seats: Sequence[Seat], path: Path) -> BribeOffer:
    fields = setup.mapping(data, path, ("briber", "company", "amount"), required=("briber",))
    fields = setup.mapping(data, path, ("briber", "company", "amount"), ("company", "amount"))
    return BribeOffer(
        _seat(fields["briber"], seats, (*path, "briber")),
        company_from_text(fields["company"], (*path, "company")),
        setup.integer(fields["amount"], (*path, "amount"), 1),
    )


def _seat(value: object, seats: Sequence[Seat], path: Path) -> Seat:
    return setup.text(value, path, seats)


def _notice_from_json(data: object, seats: Sequence[Seat], path: Path) -> Event:
    fields = setup.mapping(data, path, ("kind", "text", "to", "data"), required=("kind", "text"))
    kind = setup.text(fields["kind"], (*path, "kind"), NOTICE_KINDS)
    to = fields.get("to", "all")
    audience = Audience.everyone()
    if to != "all":
        told = setup.sequence(to, (*path, "to"))
        audience = Audience(
            frozenset(_seat(s, seats, (*path, "to", str(i))) for i, s in enumerate(told))
        )
    facts = dict(setup.mapping(fields.get("data", {}), (*path, "data"), _keys(fields)))
    if kind == "bribe-offer":  # bots and players accept from these facts: they must be sound
        setup.mapping(facts, (*path, "data"), ("company", "amount"), ("company", "amount"))
        company_from_text(facts["company"], (*path, "data", "company"))
        setup.integer(facts["amount"], (*path, "data", "amount"), 1)
    return Event(kind, setup.text(fields["text"], (*path, "text")), audience, facts)


def _keys(fields: Mapping[str, Any]) -> tuple[str, ...]:
    """A notice's data keys are the rules' own facts, whatever they are: all accepted."""
    data = fields.get("data", {})
    return tuple(str(k) for k in data) if isinstance(data, Mapping) else ()
