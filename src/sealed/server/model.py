"""What the service passes around: links, the GM's clock settings, game rows, acts, errors.

Also the two secrets' helpers: a token's digest (all the database keeps) and
a seat's token, derived from the GM's.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.engine import Connection, Row

from sealed.core.errors import SealedError
from sealed.core.game import Prompt
from sealed.core.match import Match

MAX_MINUTES = 60 * 24 * 90  # a deadline at most 90 days away


class UnknownLinkError(SealedError):
    """A link whose token this server does not know (or a game that is gone)."""

    code = "link/unknown"


class BadRequestError(SealedError):
    """A request the server cannot read (a missing field, a number that is not one)."""

    code = "request/bad"


def utc_now() -> datetime:
    return datetime.now(UTC)


def naive(when: datetime) -> datetime:
    """A time as the database keeps it: naive UTC."""
    return when.astimezone(UTC).replace(tzinfo=None)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def seat_token(gm_token: str, game_id: int, seat: str) -> str:
    """A seat's secret: derived from the GM's, so only its digest need be stored."""
    mac = hmac.new(gm_token.encode(), f"seat/{game_id}/{seat}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()).rstrip(b"=").decode()


@dataclass(frozen=True)
class Link:
    """Who a token is: a seat (or ``gm``) of one game."""

    game_id: int
    seat: str


@dataclass(frozen=True)
class Settings:
    """The GM's choices for a game's clock."""

    minutes: int | None = None  # every step's deadline; None: the game's own time, or none
    wait: bool = False  # open only at the deadline even when all have sealed
    remind: int | None = None  # minutes before the deadline to record reminders

    def check(self) -> Settings:
        for name, value in (("minutes", self.minutes), ("remind", self.remind)):
            if value is not None and not 1 <= value <= MAX_MINUTES:
                raise BadRequestError(f"{name} must be between 1 and {MAX_MINUTES}, not {value}")
        return self


@dataclass(frozen=True)
class Created:
    game_id: int
    gm_token: str
    seat_tokens: dict[str, str]


@dataclass(frozen=True)
class Sealed:
    """An acknowledged order (committed before this is returned)."""

    seat: str
    step: int
    canonical: str
    at: str | None
    opened: bool
    revision: int


@dataclass
class GameRow:
    """A game's row, as read in one transaction."""

    id: int
    record: str
    revision: int
    status: str  # active, paused, over
    minutes: int | None
    wait: bool
    remind: int | None
    paused_left: int | None

    @classmethod
    def of(cls, row: Row[Any]) -> GameRow:
        return cls(
            int(row.id),
            str(row.record),
            int(row.revision),
            str(row.status),
            row.minutes,
            bool(row.wait),
            row.remind,
            row.paused_left,
        )


@dataclass
class Act:
    """What happens inside one locked transaction."""

    connection: Connection
    row: GameRow
    match: Match[Any, Any, Any]
    now: datetime
    changed: bool = False
    audit: list[tuple[str, str, str]] = field(default_factory=list)  # actor, act, detail
    clock_was: tuple[int, str | None, str] | None = None  # step, deadline, status when loaded

    def __post_init__(self) -> None:
        if self.clock_was is None and self.row.revision > 0:
            self.clock_was = self.clock_now()

    def clock_now(self) -> tuple[int, str | None, str]:
        return (self.match.step, self.match.deadline, self.row.status)


@dataclass(frozen=True)
class Snapshot:
    """A game as read in one transaction (nothing may change it)."""

    row: GameRow
    match: Match[Any, Any, Any]

    @property
    def status(self) -> str:
        return str(self.row.status)


@contextmanager
def held_open(match: Match[Any, Any, Any], hold: bool) -> Iterator[None]:
    """While ``hold``, the step stays open when the last seat seals (the GM chose to wait).

    The core opens a step when every prompted seat has sealed unless a prompt
    says ``wait_for_deadline``; the server's "wait for the deadline" setting
    (and a paused game) marks every prompt so for the length of one seal.
    """
    if not hold:
        yield
        return
    original = match.prompts

    def waiting() -> Mapping[str, Prompt]:
        # A plain Prompt: a game's own prompt class may fix the flag (not an init field).
        return {
            s: Prompt(p.phase, p.help, p.choices, wait_for_deadline=True, minutes=p.minutes)
            for s, p in original().items()
        }

    match.__dict__["prompts"] = waiting
    try:
        yield
    finally:
        del match.__dict__["prompts"]
