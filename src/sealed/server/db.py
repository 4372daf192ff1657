"""The server's database: tables, engines for SQLite and PostgreSQL, migrations.

A game is one row of ``games`` holding its record (the JSON of a CLI game
file) and a revision that grows by one with every committed change. The
other tables index what the record cannot: secret links (as SHA-256
digests), deadlines the scheduler scans, reminders, the GM's audit log and
every acknowledged order.

SQLite is opened in WAL mode with ``synchronous=FULL`` (a commit survives a
power cut, not only a killed process) and every write transaction starts
with ``BEGIN IMMEDIATE``, so it holds the write lock from its first read
and never fails to upgrade a read lock halfway. PostgreSQL locks the game
row with ``SELECT ... FOR UPDATE``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from sealed.core.errors import SealedError

metadata = sa.MetaData()

games = sa.Table(
    "games",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("title", sa.String(200), nullable=False),
    sa.Column("record", sa.Text, nullable=False),
    sa.Column("revision", sa.Integer, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),  # active, paused, over
    sa.Column("minutes", sa.Integer, nullable=True),  # every step's deadline (None: the game's)
    sa.Column("wait", sa.Boolean, nullable=False),  # open only at the deadline
    sa.Column("remind", sa.Integer, nullable=True),  # minutes before the deadline
    sa.Column("paused_left", sa.Integer, nullable=True),  # seconds left when paused
    sa.Column("created_at", sa.DateTime(), nullable=False),
    sa.Column("updated_at", sa.DateTime(), nullable=False),
)

links = sa.Table(
    "links",
    metadata,
    sa.Column("token_hash", sa.String(64), primary_key=True),
    sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), nullable=False, index=True),
    sa.Column("seat", sa.String(64), nullable=False),  # "gm" for the game master
)

deadlines = sa.Table(
    "deadlines",
    metadata,
    sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("step", sa.Integer, primary_key=True),
    sa.Column("due_at", sa.DateTime(), nullable=False, index=True),
    sa.Column("remind_at", sa.DateTime(), nullable=True, index=True),
    sa.Column("reminded_at", sa.DateTime(), nullable=True),
    sa.Column("fired_at", sa.DateTime(), nullable=True),
    sa.Column("outcome", sa.String(32), nullable=True),  # fired, superseded, cancelled
)

reminders = sa.Table(
    "reminders",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), nullable=False, index=True),
    sa.Column("step", sa.Integer, nullable=False),
    sa.Column("seat", sa.String(64), nullable=False),
    sa.Column("due_at", sa.DateTime(), nullable=False),
    sa.Column("recorded_at", sa.DateTime(), nullable=False),
    sa.Column("sent_at", sa.DateTime(), nullable=True),  # by the email gateway
    sa.UniqueConstraint("game_id", "step", "seat"),
)

audit = sa.Table(
    "audit",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), nullable=False, index=True),
    sa.Column("at", sa.DateTime(), nullable=False),
    sa.Column("actor", sa.String(32), nullable=False),  # gm, deadline, import
    sa.Column("act", sa.String(32), nullable=False),
    sa.Column("detail", sa.Text, nullable=False),
    sa.Column("revision", sa.Integer, nullable=False),  # the game's revision after the act
)

acks = sa.Table(
    "acks",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), nullable=False, index=True),
    sa.Column("step", sa.Integer, nullable=False),
    sa.Column("seat", sa.String(64), nullable=False),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("canonical", sa.Text, nullable=False),
    sa.Column("at", sa.DateTime(), nullable=False),
    sa.Column("revision", sa.Integer, nullable=False),
)


def default_url() -> str:
    """The SQLite file used when no ``--db`` is given (the folder is created)."""
    folder = os.environ.get("SEALED_DATA_DIR")
    if folder is None:
        base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        folder = str(Path(base) / "sealed")
    try:
        Path(folder).mkdir(parents=True, exist_ok=True)
    except OSError as error:  # /proc/nope, a file in the way, no permission: one line
        reason = error.strerror or type(error).__name__
        raise SealedError(
            f"cannot make the data folder {folder!r}: {reason} "
            "(set SEALED_DATA_DIR to a folder you can write, or give --db)"
        ) from None
    return f"sqlite:///{Path(folder) / 'sealed.db'}"


def normal_url(url: str) -> str:
    """``postgresql://`` means psycopg 3 (SQLAlchemy's default driver would be psycopg2)."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def open_engine(url: str) -> Engine:
    """An engine with durable settings; see the module docstring."""
    url = normal_url(url)
    if url.startswith("sqlite"):
        engine = sa.create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
        sa.event.listen(engine, "connect", _sqlite_connect)
        sa.event.listen(engine, "begin", _sqlite_begin)
        return engine
    return sa.create_engine(url, pool_pre_ping=True)


def _sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
    dbapi_connection.isolation_level = None  # we say BEGIN ourselves (see _sqlite_begin)
    cursor = dbapi_connection.cursor()
    for pragma in (
        "busy_timeout=30000",  # first: switching to WAL needs a lock another process may hold
        "journal_mode=WAL",
        "synchronous=FULL",
        "foreign_keys=ON",
    ):
        cursor.execute(f"PRAGMA {pragma}")
    cursor.close()


def _sqlite_begin(connection: Connection) -> None:
    write = connection.get_execution_options().get("write", False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


@contextmanager
def reading(engine: Engine) -> Iterator[Connection]:
    """One read transaction (a consistent snapshot)."""
    with engine.connect() as connection, connection.begin():
        yield connection


MIGRATION_LOCK = 7_353_101  # the PostgreSQL advisory lock held while migrating


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest migration (a fresh database gets every table)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.connect() as connection:
        # Two servers starting at once on a fresh database must not both create the tables:
        # SQLite's BEGIN IMMEDIATE and a PostgreSQL advisory lock make them take turns.
        connection.execution_options(write=True)
        postgres = engine.dialect.name == "postgresql"
        if postgres:
            connection.exec_driver_sql(f"SELECT pg_advisory_lock({MIGRATION_LOCK})")
            connection.commit()
        try:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
            connection.commit()
        finally:
            if postgres:
                connection.exec_driver_sql(f"SELECT pg_advisory_unlock({MIGRATION_LOCK})")
                connection.commit()
