"""Fixtures of the server's fast tests (not the harness's e2e/ and crash/, which bring their own).

``database`` runs a test on SQLite and on a throwaway PostgreSQL (``tests/server/pg.py``);
``service`` is a migrated :class:`GameService` on it with a clock the test moves.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine
from tests.server.fixtures import Clock, migrated
from tests.server.pg import pg_server, pg_url  # noqa: F401  (fixtures)

from sealed.server.service import GameService


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database URL: a SQLite file, or a PostgreSQL database of its own."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'sealed.db'}"
    url: str = request.getfixturevalue("pg_url")
    return url


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def engine(database: str) -> Iterator[Engine]:
    engine = migrated(database)
    yield engine
    engine.dispose()


@pytest.fixture
def service(engine: Engine, clock: Clock) -> GameService:
    return GameService(engine, clock)
