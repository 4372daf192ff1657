"""The real server as a subprocess, and headless Chromium, for end-to-end, leak and crash tests.

``ServerProcess`` runs ``sealed serve --db URL --host 127.0.0.1 --port N`` (the installed
console script next to this Python, so the test exercises what a user starts), waits until
``/healthz`` answers, and stops it (SIGTERM) or kills it (SIGKILL, for the crash test). Its
output goes to a log file in the test's temp dir, printed when it fails to start.

Fixtures (import them into a test module: ``from tests.server.e2e.live import ...``):

- ``db_url`` -- parametrized: a fresh SQLite file, and a fresh database on the session's
  throwaway PostgreSQL server (``tests/server/pg.py``); every test using it runs on both.
- ``server`` -- a started ``ServerProcess`` on ``db_url``.
- ``browser`` -- one headless Chromium for the session, Debian's ``/usr/bin/chromium`` driven
  by Playwright (no browser download); each seat gets its own ``browser.new_context()``.
- ``shots`` -- a ``Screenshots`` that saves PNGs under ``test-artifacts/screenshots/<test>/``
  (gitignored) and prints the folder.

Network: everything listens on and talks to 127.0.0.1 only.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.server.pg import PostgresServer, free_port, pg_server

__all__ = [
    "ARTIFACTS",
    "CHROMIUM",
    "CHROMIUM_ARGS",
    "Screenshots",
    "ServerFailed",
    "ServerProcess",
    "browser",
    "db_url",
    "pg_server",
    "server",
    "shots",
    "sqlite_url",
]

REPO = Path(__file__).resolve().parents[3]
ARTIFACTS = Path(os.environ.get("SEALED_TEST_ARTIFACTS", REPO / "test-artifacts"))
CHROMIUM = os.environ.get("SEALED_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
START_TIMEOUT = 60.0  # seconds for the server to answer /healthz (migrations run at start)


class ServerFailed(RuntimeError):
    """The server did not start, or died; the message carries the end of its log."""


def sealed_command() -> list[str]:
    """The installed ``sealed`` console script beside this interpreter (the venv's)."""
    script = Path(sys.executable).parent / "sealed"
    if script.exists():
        return [str(script)]
    found = shutil.which("sealed")
    if found is None:
        raise ServerFailed("the sealed command is not installed (pip install -e '.[test]')")
    return [found]


def sqlite_url(folder: Path) -> str:
    return f"sqlite:///{folder / 'sealed.db'}"


class ServerProcess:
    """``sealed serve`` on a free loopback port, started and stopped by the test."""

    def __init__(self, db: str, workdir: Path, extra_args: tuple[str, ...] = ()) -> None:
        self.db = db
        self.workdir = workdir
        self.extra_args = extra_args
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None
        self.log_path = workdir / "server.log"
        self.starts = 0

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, path: str) -> str:
        """An absolute URL for ``path``; a full URL the server printed is kept as it is."""
        if path.startswith("http://") or path.startswith("https://"):
            return path
        return self.base + (path if path.startswith("/") else "/" + path)

    def start(self, port: int | None = None) -> ServerProcess:
        """Start (or restart, on the same port by default) and wait until it answers."""
        if self.process is not None and self.process.poll() is None:
            raise ServerFailed("the server is already running")
        self.port = port or self.port or free_port()
        self.workdir.mkdir(parents=True, exist_ok=True)
        command = [
            *sealed_command(),
            "serve",
            "--db",
            self.db,
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            *self.extra_args,
        ]
        env = {
            **os.environ,
            # Never the user's own data folder, whatever the command does by default.
            "SEALED_DATA_DIR": str(self.workdir / "data"),
            "PYTHONUNBUFFERED": "1",
        }
        with self.log_path.open("ab") as log:
            log.write(f"\n--- start {self.starts + 1}: {' '.join(command)}\n".encode())
            self.process = subprocess.Popen(
                command, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=self.workdir
            )
        self.starts += 1
        self._wait_until_answering()
        return self

    def _wait_until_answering(self) -> None:
        give_up = time.monotonic() + START_TIMEOUT
        while time.monotonic() < give_up:
            if self.process is not None and self.process.poll() is not None:
                raise ServerFailed(
                    f"sealed serve exited with {self.process.returncode}:\n{self.log_tail()}"
                )
            try:
                if httpx.get(self.url("/healthz"), timeout=2.0).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        self.kill()
        waited = f"{START_TIMEOUT:.0f}s"
        raise ServerFailed(f"sealed serve did not answer in {waited}:\n{self.log_tail()}")

    def kill(self) -> None:
        """SIGKILL: the process gets no chance to flush or finish anything (the crash test)."""
        self._end(signal.SIGKILL)

    def stop(self) -> None:
        """SIGTERM, then SIGKILL if it does not exit within 10 s."""
        self._end(signal.SIGTERM)

    def _end(self, how: signal.Signals) -> None:
        process, self.process = self.process, None
        if process is None or process.poll() is not None:
            return
        process.send_signal(how)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def log_text(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except OSError:
            return ""


class Screenshots:
    """Full-page PNGs of a test, numbered in the order taken, kept as test artefacts."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.taken: list[Path] = []

    def take(self, page: Any, name: str) -> Path:
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / f"{len(self.taken) + 1:02d}-{_slug(name)}.png"
        page.screenshot(path=str(path), full_page=True)
        self.taken.append(path)
        return path


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", text).strip("-")[:80] or "shot"


# -- fixtures ----------------------------------------------------------------------------------


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database: a SQLite file, or a new database on the throwaway PostgreSQL."""
    if request.param == "sqlite":
        return sqlite_url(tmp_path)
    postgres: PostgresServer = request.getfixturevalue("pg_server")
    return postgres.create_database()


@pytest.fixture
def server(db_url: str, tmp_path: Path) -> Iterator[ServerProcess]:
    """The real server on ``db_url``, stopped after the test (its log is printed on failure)."""
    process = ServerProcess(db_url, tmp_path / "server")
    process.start()
    try:
        yield process
    finally:
        process.stop()
        print(f"server log: {process.log_path}")


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Chromium from Debian, one per session; contexts keep seats apart.

    Playwright launches it with a fresh temporary user-data-dir (and deletes it at close);
    Chromium refuses ``--user-data-dir`` in ``args`` when launched this way.
    """
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        raise ServerFailed(f"{CHROMIUM} is missing: apt-get install chromium (.ci/run does this)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def shots(request: pytest.FixtureRequest) -> Screenshots:
    folder = ARTIFACTS / "screenshots" / _slug(request.node.name)
    shutil.rmtree(folder, ignore_errors=True)
    print(f"screenshots: {folder}")
    return Screenshots(folder)
