"""The throwaway PostgreSQL server starts, accepts connections, keeps databases apart and leaves
nothing behind (no process, no directory)."""

from __future__ import annotations

import psycopg
import sqlalchemy
from tests.server.pg import PostgresServer, free_port, process_alive


def test_starts_accepts_a_connection_and_leaves_nothing_running() -> None:
    server = PostgresServer().start()
    pid = server.postmaster_pid()
    root = server.root
    try:
        assert pid is not None and process_alive(pid)
        assert server.url().startswith("postgresql+psycopg://")
        engine = sqlalchemy.create_engine(server.create_database("first"))
        with engine.begin() as connection:
            connection.execute(sqlalchemy.text("CREATE TABLE t (n integer)"))
            connection.execute(sqlalchemy.text("INSERT INTO t VALUES (42)"))
        with engine.connect() as connection:
            assert connection.execute(sqlalchemy.text("SELECT n FROM t")).scalar_one() == 42
            # The durability the crash test relies on is PostgreSQL's default, kept.
            assert connection.execute(sqlalchemy.text("SHOW fsync")).scalar_one() == "on"
            assert connection.execute(sqlalchemy.text("SHOW listen_addresses")).scalar_one() == (
                "127.0.0.1"
            )
        engine.dispose()
        # A second database on the same server does not see the first one's tables.
        other = sqlalchemy.create_engine(server.create_database())
        with other.connect() as connection:
            tables: int = connection.execute(
                sqlalchemy.text("SELECT count(*) FROM pg_tables WHERE tablename = 't'")
            ).scalar_one()
            assert tables == 0
        other.dispose()
    finally:
        server.stop()
    assert not process_alive(pid)
    assert root is not None and not root.exists()
    assert server.postmaster_pid() is None


def test_a_stopped_server_refuses_connections() -> None:
    with PostgresServer() as server:
        url = server.libpq_url()
        with psycopg.connect(url) as connection:
            assert connection.execute("SELECT 1").fetchone() == (1,)
    try:
        psycopg.connect(url, connect_timeout=2)
    except psycopg.OperationalError:
        return
    raise AssertionError("the server still answers after stop()")


def test_free_port_is_bindable_on_loopback() -> None:
    port = free_port()
    assert 1024 <= port <= 65535
