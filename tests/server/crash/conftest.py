"""Fixtures of the crash test: ``db_url`` (SQLite and a throwaway PostgreSQL)."""

from tests.server.e2e.live import db_url
from tests.server.pg import pg_server

__all__ = ["db_url", "pg_server"]
