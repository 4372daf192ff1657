"""Fixtures of the end-to-end tests (see ``live.py``): ``db_url`` (SQLite and PostgreSQL),
``server`` (the real server as a subprocess), ``browser`` (headless Chromium), ``shots``."""

from tests.server.e2e.live import browser, db_url, server, shots
from tests.server.pg import pg_server

__all__ = ["browser", "db_url", "pg_server", "server", "shots"]
