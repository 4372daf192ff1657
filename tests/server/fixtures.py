"""Helpers of the server's fast tests: a clock the test moves, a migrated engine."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy.engine import Engine

from sealed.server.db import migrate, open_engine

START = datetime(2026, 11, 23, 14, 0, tzinfo=UTC)


class Clock:
    """A clock that moves only when the test says (deadlines without sleeping)."""

    def __init__(self, now: datetime = START) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, minutes: float) -> None:
        self.now += timedelta(minutes=minutes)


def migrated(url: str) -> Engine:
    engine = open_engine(url)
    migrate(engine)
    return engine
