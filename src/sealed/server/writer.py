"""Group commit: many acts, one durable commit, each acknowledged only after it.

A commit that is durable (SQLite ``synchronous=FULL``, PostgreSQL's
default) costs a disk flush, a few milliseconds; one commit per order would
cap the server near a hundred orders a second. So a process writes through
one connection, and acts that arrive together share a transaction: each act
runs in its own savepoint (a refused act rolls back to it and changes
nothing), and a committer thread commits the transaction when no act is
waiting to join (or after :data:`GATHER` seconds). Every act waits for that
commit before it returns, so "acknowledged" still means "committed". If the
commit fails, every act in it fails (none was acknowledged) and the caller
is told which games to forget from its cache.

On PostgreSQL two processes whose batches lock the same games in a
different order can deadlock; PostgreSQL then aborts one batch, whose acts
fail unacknowledged (the clients may retry).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field

from sqlalchemy.engine import Connection, Engine, RootTransaction

from sealed.core.errors import SealedError

log = logging.getLogger("sealed.server")

GATHER = 0.004  # seconds the committer waits for acts still arriving
MAX_BATCH = 256  # acts in one transaction at most


class StorageError(SealedError):
    """The database did not take the change (full disk, lost connection): nothing was saved."""

    code = "server/unavailable"


@dataclass
class Batch:
    """One transaction shared by the acts that joined it."""

    transaction: RootTransaction
    games: set[int] = field(default_factory=set)
    joined: int = 0
    done: bool = False
    error: BaseException | None = None


class Writer:
    """The process's one writing connection, and the thread that commits it."""

    def __init__(self, engine: Engine, forget: Callable[[set[int]], None]) -> None:
        self.engine = engine
        self.forget = forget  # games whose cached matches hold changes that were not committed
        self._cond = threading.Condition()
        self._arrivals = threading.Lock()
        self._arriving = 0
        self._connection: Connection | None = None
        self._batch: Batch | None = None
        self._thread: threading.Thread | None = None

    @contextmanager
    def act(self, game_id: int | None = None) -> Iterator[Connection]:
        """A savepoint in the shared transaction; returns only once it is committed.

        :raises StorageError: the commit failed; nothing of the act was saved.
        """
        self._count_arrival(+1)
        arriving = True
        try:
            with self._cond:
                self._count_arrival(-1)  # in: the committer need not wait for this one
                arriving = False
                batch = self._join()
                batch.joined += 1
                if game_id is not None:
                    batch.games.add(game_id)
                savepoint = self._writable().begin_nested()
                try:
                    yield self._writable()
                except BaseException:
                    self._undo(savepoint, batch)
                    raise
                savepoint.commit()
                self._cond.notify_all()
        finally:
            if arriving:
                self._count_arrival(-1)
        self._wait(batch)

    def _count_arrival(self, change: int) -> None:
        with self._arrivals:
            self._arriving += change

    def _writable(self) -> Connection:
        if self._connection is None:
            connection = self.engine.connect()
            connection.execution_options(write=True)
            self._connection = connection
        return self._connection

    def _join(self) -> Batch:
        if self._batch is None or self._batch.joined >= MAX_BATCH:
            while self._batch is not None:  # a full batch: let the committer take it
                self._cond.wait(0.05)
            try:
                self._batch = Batch(self._writable().begin())
            except Exception as error:  # the database went away: reconnect on the next act
                self._drop_connection()
                raise StorageError(
                    f"the database cannot be reached (nothing was changed): {type(error).__name__}"
                ) from None
            self._start()
        return self._batch

    def _undo(self, savepoint: object, batch: Batch) -> None:
        """Roll the act back to its savepoint; if even that fails, the whole batch fails."""
        try:
            savepoint.rollback()  # type: ignore[attr-defined]
        except Exception as error:  # the connection itself is broken
            self._fail(batch, error)

    def _wait(self, batch: Batch) -> None:
        with self._cond:
            while not batch.done:
                self._start()  # the committer stops when idle; never wait on a stopped one
                self._cond.wait(1.0)
        if batch.error is not None:
            raise StorageError(
                "the database did not save this (nothing was changed): "
                f"{type(batch.error).__name__}"
            ) from None

    def _start(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._commit_forever, daemon=True)
            self._thread.start()

    def _commit_forever(self) -> None:
        idle_since = time.monotonic()
        while True:
            with self._cond:
                if self._batch is None:
                    if time.monotonic() - idle_since > 30:
                        self._thread = None  # no work for a while: the next act starts another
                        return
                    self._cond.wait(0.5)
                    continue
                self._gather()
                batch, self._batch = self._batch, None
                if batch is not None:
                    self._commit(batch)
                self._cond.notify_all()
                idle_since = time.monotonic()

    def _gather(self) -> None:
        """Wait (a few milliseconds at most) for acts that are on their way to join."""
        until = time.monotonic() + GATHER
        while time.monotonic() < until and self._batch is not None:
            with self._arrivals:
                arriving = self._arriving
            if arriving == 0 or self._batch.joined >= MAX_BATCH:
                return
            self._cond.wait(GATHER / 4)

    def _commit(self, batch: Batch) -> None:
        if batch.done:
            return
        try:
            batch.transaction.commit()
        except Exception as error:
            log.exception("a commit failed; %d act(s) were not saved", batch.joined)
            self._fail(batch, error)
            return
        batch.done = True

    def _drop_connection(self) -> None:
        if self._connection is not None:
            with suppress(Exception):
                self._connection.close()
            self._connection = None

    def _fail(self, batch: Batch, error: BaseException) -> None:
        batch.error, batch.done = error, True
        with suppress(Exception):
            batch.transaction.rollback()
        self._drop_connection()
        if self._batch is batch:
            self._batch = None
        self.forget(batch.games)
        self._cond.notify_all()
