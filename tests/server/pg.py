"""A throwaway PostgreSQL 15 server for tests: its own temp dir, a free 127.0.0.1 port, gone after.

Usage in a test module (pytest finds fixtures imported into the module)::

    from tests.server.pg import pg_server, pg_url  # noqa: F401  (fixtures)

    def test_something(pg_url: str) -> None:   # a fresh, empty database per test
        engine = sqlalchemy.create_engine(pg_url)

``pg_server`` is one server per test session (start-up costs ~2 s; every test gets its
own database from ``pg_url``, so tests never see each other's tables). Outside pytest::

    with PostgresServer() as server:
        url = server.create_database("mine")

The binaries are PostgreSQL 15's from Debian (``/usr/lib/postgresql/15/bin``; ``.ci/run``
installs them). ``initdb`` refuses to run as root, so when the tests run as root the
server runs as the unprivileged ``postgres`` user (or ``nobody``) through ``runuser``,
owning the temp dir. The server listens on 127.0.0.1 only (and on a Unix socket inside
the temp dir, never the system's ``/var/run/postgresql``); authentication is ``trust``,
which is acceptable only because nothing but this machine's loopback can reach it.
Durability settings stay PostgreSQL's defaults (``fsync=on``, ``synchronous_commit=on``):
the crash test relies on them.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from types import TracebackType

import pytest


def _pg_bin() -> Path:
    """PostgreSQL 15's binaries; else the newest installed (a Debian release without 15)."""
    chosen = os.environ.get("SEALED_PG_BIN")
    if chosen:
        return Path(chosen)
    preferred = Path("/usr/lib/postgresql/15/bin")
    if preferred.exists():
        return preferred
    installed = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"),
        key=lambda path: int(path.parent.parent.name) if path.parent.parent.name.isdigit() else 0,
    )
    return installed[-1].parent if installed else preferred


PG_BIN = _pg_bin()
SUPERUSER = "sealed"
# Users that may own the data directory when the tests run as root (initdb refuses root).
UNPRIVILEGED_USERS = ("postgres", "nobody")
START_ATTEMPTS = 3  # a free port can be taken between choosing it and binding it
_NAME = re.compile(r"[a-z_][a-z0-9_]{0,62}")


class PostgresUnavailable(RuntimeError):
    """The PostgreSQL binaries are missing or the server would not start (the message says why)."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def process_alive(pid: int) -> bool:
    """Whether a process exists and is not a zombie waiting to be reaped."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    # The state letter follows the command name, which is in parentheses and may hold spaces.
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def wait_until_gone(pid: int, seconds: float = 10.0) -> None:
    """Wait (bounded) for a process to exit."""
    give_up = time.monotonic() + seconds
    while process_alive(pid) and time.monotonic() < give_up:
        time.sleep(0.02)


def _run_as() -> pwd.struct_passwd | None:
    """The unprivileged user to run PostgreSQL as, or None when we are not root."""
    if os.geteuid() != 0:
        return None
    for name in UNPRIVILEGED_USERS:
        with contextlib.suppress(KeyError):
            return pwd.getpwnam(name)
    raise PostgresUnavailable(
        f"running as root and none of the users {', '.join(UNPRIVILEGED_USERS)} exists "
        "(initdb refuses to run as root)"
    )


class PostgresServer:
    """One PostgreSQL cluster in a temp dir; ``start()`` / ``stop()`` or use it as a context."""

    def __init__(self, bin_dir: Path = PG_BIN) -> None:
        self.bin_dir = bin_dir
        self.port = 0
        self.root: Path | None = None
        self._user = _run_as()
        self._databases = 0

    # -- paths -----------------------------------------------------------------------------

    @property
    def data_dir(self) -> Path:
        return self._root() / "data"

    @property
    def log_file(self) -> Path:
        return self._root() / "server.log"

    def _root(self) -> Path:
        if self.root is None:
            raise PostgresUnavailable("the server has not been started")
        return self.root

    # -- lifecycle -------------------------------------------------------------------------

    def start(self) -> PostgresServer:
        """initdb a fresh cluster and start it on a free port; raises PostgresUnavailable."""
        initdb = self.bin_dir / "initdb"
        if not initdb.exists():
            raise PostgresUnavailable(
                f"{initdb} is missing: install PostgreSQL 15's server binaries "
                "(apt-get install postgresql-15; .ci/run does this)"
            )
        self.root = Path(tempfile.mkdtemp(prefix="sealed-pg-"))
        try:
            if self._user is not None:
                os.chown(self.root, self._user.pw_uid, self._user.pw_gid)
            self._pg(
                "initdb",
                "--pgdata",
                str(self.data_dir),
                "--username",
                SUPERUSER,
                "--auth",
                "trust",
                "--encoding",
                "UTF8",
                "--locale",
                "C",
                # The cluster is thrown away, so initdb need not sync its own files; the
                # running server keeps fsync on (see the module docstring).
                "--no-sync",
            )
            self._start_on_a_free_port()
        except BaseException:
            self.stop()
            raise
        return self

    def _start_on_a_free_port(self) -> None:
        last_error = ""
        for _ in range(START_ATTEMPTS):
            self.port = free_port()
            options = (
                f"-c listen_addresses=127.0.0.1 -c port={self.port} "
                f"-c unix_socket_directories={self._root()} "
                "-c max_connections=200 -c shared_buffers=32MB"
            )
            done = self._pg(
                "pg_ctl",
                "--pgdata",
                str(self.data_dir),
                "--log",
                str(self.log_file),
                "--options",
                options,
                "--wait",
                "--timeout",
                "60",
                "start",
                check=False,
            )
            if done.returncode == 0:
                return
            last_error = done.stdout + done.stderr + self._log_tail()
        raise PostgresUnavailable(f"PostgreSQL would not start: {last_error.strip()}")

    def stop(self) -> None:
        """Stop the server (immediately: nothing in it is kept) and remove its directory."""
        if self.root is None:
            return
        pid = self.postmaster_pid()
        if pid is not None:
            stopped = self._pg(
                "pg_ctl",
                "--pgdata",
                str(self.data_dir),
                "--mode",
                "immediate",
                "--wait",
                "--timeout",
                "30",
                "stop",
                check=False,
            )
            if stopped.returncode != 0:
                self._kill_postmaster()
            # pg_ctl returns when the pid file is gone, a moment before the process is.
            wait_until_gone(pid)
        shutil.rmtree(self.root, ignore_errors=True)
        self.root = None

    def _kill_postmaster(self) -> None:
        """Last resort when pg_ctl cannot stop it: SIGKILL the postmaster named in its pid file."""
        with contextlib.suppress(OSError, ValueError, IndexError):
            pid = int((self.data_dir / "postmaster.pid").read_text().split()[0])
            os.kill(pid, signal.SIGKILL)
            time.sleep(0.5)  # its children exit when they notice the postmaster is gone

    def __enter__(self) -> PostgresServer:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()

    # -- use -------------------------------------------------------------------------------

    def url(self, database: str = "postgres") -> str:
        """The SQLAlchemy URL (psycopg 3 driver) of a database on this server."""
        return f"postgresql+psycopg://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def libpq_url(self, database: str = "postgres") -> str:
        """The same database as a plain libpq URL (for psycopg.connect)."""
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str | None = None) -> str:
        """A new empty database; returns its SQLAlchemy URL."""
        import psycopg
        from psycopg import sql

        if name is None:
            self._databases += 1
            name = f"test_{self._databases}"
        if not _NAME.fullmatch(name):
            raise ValueError(f"database name {name!r}: use lower-case letters, digits and _")
        with psycopg.connect(self.libpq_url(), autocommit=True) as connection:
            connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        return self.url(name)

    def postmaster_pid(self) -> int | None:
        """The server's process id while it runs (tests check it is gone after stop)."""
        if self.root is None:
            return None
        with contextlib.suppress(OSError, ValueError, IndexError):
            return int((self.data_dir / "postmaster.pid").read_text().split()[0])
        return None

    # -- helpers ---------------------------------------------------------------------------

    def _pg(self, program: str, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        command = [str(self.bin_dir / program), *args]
        if self._user is not None:
            command = ["runuser", "-u", self._user.pw_name, "--", *command]
        env = {**os.environ, "LC_ALL": "C", "LANG": "C"}
        done = subprocess.run(
            command,
            capture_output=True,
            text=True,
            env=env,
            cwd=self._root(),
            timeout=120,
            check=False,
        )
        if check and done.returncode != 0:
            raise PostgresUnavailable(
                f"{program} failed ({done.returncode}): {(done.stdout + done.stderr).strip()}"
            )
        return done

    def _log_tail(self, lines: int = 20) -> str:
        with contextlib.suppress(OSError):
            return "\n".join(self.log_file.read_text().splitlines()[-lines:])
        return ""


# -- pytest fixtures ---------------------------------------------------------------------------


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PostgresServer]:
    """One throwaway PostgreSQL server for the whole test session."""
    server = PostgresServer().start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def pg_url(pg_server: PostgresServer) -> str:
    """A fresh, empty database on the session's server (a ``postgresql+psycopg://`` URL)."""
    return pg_server.create_database()
