"""Fixtures of the end-to-end tests (see ``live.py``): ``db_url`` (SQLite and PostgreSQL),
``server`` (the real server as a subprocess), ``browser`` (headless Chromium), ``shots``.

At the end of a run the terminal summary names the folder the screenshots were kept in."""

from __future__ import annotations

from typing import Any

from tests.server.e2e.live import ARTIFACTS, browser, db_url, server, shots
from tests.server.pg import pg_server

__all__ = ["browser", "db_url", "pg_server", "pytest_terminal_summary", "server", "shots"]


def pytest_terminal_summary(terminalreporter: Any) -> None:
    folder = ARTIFACTS / "screenshots"
    if folder.is_dir() and any(folder.rglob("*.png")):
        terminalreporter.write_line(f"browser screenshots (test artefacts): {folder}")
