"""Rex Furum state: players' money and employment, open bribe offers, last round's notices.

Every value is a frozen dataclass; only :mod:`sealed.games.rex_furum.rules`
makes new states. The JSON form (:func:`state_to_json`) is the game master's
view and the ``setup`` keys of scenarios (documented in docs/games/rex-furum.md).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from sealed.core.errors import SetupError
from sealed.core.game import JsonDict, Options, Seat


class Company(enum.Enum):
    """The four companies of the final ruleset, in the order the email lists them."""

    ALPHA = "alpha"
    BETA = "beta"
    GAMMA = "gamma"
    DELTA = "delta"

    @property
    def title(self) -> str:
        return self.value.capitalize()


COMPANIES: tuple[Company, ...] = tuple(Company)


def sort_companies(companies: Iterable[Company]) -> tuple[Company, ...]:
    """Companies in email order (Alpha, Beta, Gamma, Delta)."""
    chosen = set(companies)
    return tuple(c for c in COMPANIES if c in chosen)


def dollars(amount: int) -> str:
    """``4000`` -> ``"$4,000"``; ``-30000`` -> ``"-$30,000"``."""
    sign = "-" if amount < 0 else ""
    return f"{sign}${abs(amount):,}"


@dataclass(frozen=True)
class Settings:
    """The rule options a state needs (see the ``options`` of the game)."""

    rounds: int = 10
    round_minutes: int = 20
    starting_money: int = 0
    salary: int = 10_000
    unemployed_salary: bool = False
    close_early: bool = False

    @classmethod
    def from_options(cls, options: Options) -> Settings:
        return cls(
            rounds=int(options.get("rounds", 10)),
            round_minutes=int(options.get("round_minutes", 20)),
            starting_money=int(options.get("starting_money", 0)),
            salary=int(options.get("salary", 10_000)),
            unemployed_salary=bool(options.get("unemployed_salary", False)),
            close_early=bool(options.get("close_early", False)),
        )


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class BribeOffer:
    """A bribe offered last round: acceptable this round by employees of ``company``."""

    briber: Seat
    company: Company
    amount: int


@dataclass(frozen=True)
class Notice:
    """A message of the last resolution, kept for the round email.

    ``audience`` is ``None`` for everyone, else the seats told. ``data`` holds
    the same facts for programs (never more than the text says).
    """

    kind: str
    text: str
    audience: frozenset[Seat] | None = None
    data: Mapping[str, Any] = field(default_factory=dict)

    def shown_to(self, seat: Seat) -> bool:
        return self.audience is None or seat in self.audience


@dataclass(frozen=True)
class RexState:
    """The whole game between two resolutions."""

    round: int
    settings: Settings
    players: tuple[PlayerState, ...]
    offers: tuple[BribeOffer, ...] = ()
    notices: tuple[Notice, ...] = ()

    @property
    def seats(self) -> tuple[Seat, ...]:
        return tuple(p.seat for p in self.players)

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
        return {c: len(self.employees(c)) for c in COMPANIES}

    def with_player(self, player: PlayerState) -> RexState:
        players = tuple(player if p.seat == player.seat else p for p in self.players)
        return replace(self, players=players)


# -- JSON -----------------------------------------------------------------


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
        "notices": [_notice_json(n) for n in state.notices],
    }


def _player_json(player: PlayerState) -> JsonDict:
    return {
        "money": player.money,
        "companies": [c.value for c in sort_companies(player.companies)],
        "earnings": player.earnings,
        "salary": player.salary,
        "crashing": player.crashing.value if player.crashing else None,
    }


def _notice_json(notice: Notice) -> JsonDict:
    audience: str | list[str] = "all" if notice.audience is None else sorted(notice.audience)
    return {"kind": notice.kind, "text": notice.text, "to": audience, "data": dict(notice.data)}


def state_from_json(data: Mapping[str, Any], seats: Sequence[Seat], options: Options) -> RexState:
    """Rebuild a state from :func:`state_to_json` output (possibly edited).

    ``employees`` and ``over`` are derived and ignored.

    :raises SetupError: unknown seats or companies, or values of the wrong type.
    """
    try:
        players_data = data["players"]
        unknown = set(players_data) - set(seats)
        if unknown:
            raise SetupError(f"setup names players who are not seated: {sorted(unknown)}")
        return RexState(
            round=_int(data["round"], "round"),
            settings=Settings.from_options(options),
            players=tuple(_player_from_json(seat, players_data[seat]) for seat in seats),
            offers=tuple(_offer_from_json(o, seats) for o in data.get("offers", [])),
            notices=tuple(_notice_from_json(n) for n in data.get("notices", [])),
        )
    except (KeyError, TypeError, AttributeError) as error:
        raise SetupError(f"bad Rex Furum state: {type(error).__name__}: {error}") from None


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SetupError(f"{what} must be a whole number, got {value!r}")
    return int(value)


def company_from_text(text: str) -> Company:
    """:raises SetupError: not one of alpha, beta, gamma, delta."""
    try:
        return Company(str(text).strip().lower())
    except ValueError:
        raise SetupError(f"unknown company {text!r} (alpha, beta, gamma, delta)") from None


def _player_from_json(seat: Seat, data: Mapping[str, Any]) -> PlayerState:
    crashing = data.get("crashing")
    return PlayerState(
        seat=seat,
        money=_int(data["money"], f"players.{seat}.money"),
        companies=frozenset(company_from_text(c) for c in data["companies"]),
        earnings=_int(data.get("earnings", 0), f"players.{seat}.earnings"),
        salary=_int(data.get("salary", 0), f"players.{seat}.salary"),
        crashing=company_from_text(crashing) if crashing else None,
    )


def _offer_from_json(data: Mapping[str, Any], seats: Sequence[Seat]) -> BribeOffer:
    if data["briber"] not in seats:
        raise SetupError(f"bribe offer from {data['briber']!r}, who is not seated")
    return BribeOffer(
        str(data["briber"]), company_from_text(data["company"]), _int(data["amount"], "amount")
    )


def _notice_from_json(data: Mapping[str, Any]) -> Notice:
    to = data.get("to", "all")
    audience = None if to == "all" else frozenset(str(s) for s in to)
    return Notice(str(data["kind"]), str(data["text"]), audience, dict(data.get("data", {})))
