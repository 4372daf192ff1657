"""The service layer: every act on a game, each in one locked transaction.

An act (seal, close, press, a GM's act, a deadline) runs as: join the
process's write transaction (:mod:`sealed.server.writer`), lock the game's
row, rebuild the match from its record (or take the copy this process
cached at the same revision), apply the act, let bots play the seats handed
to them, write the new record with the next revision, index its deadline,
commit. The caller answers only after the commit: an acknowledged order is
a committed one. A deadline is fired only if the step it was set for is
still the open step when the lock is held, so two processes (or a restart)
never resolve one step twice.

Times in the database are naive UTC; the clock is injected (tests move it).
"""

from __future__ import annotations

import contextlib
import json
import logging
import random
import secrets
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy.engine import Engine, Row

from sealed.core.errors import (
    NoOrderDueError,
    PressError,
    RecordError,
    SealedError,
    StaleStepError,
)
from sealed.core.events import Told, told
from sealed.core.game import GM, Options, resolve_options
from sealed.core.match import Cursor, Match, Report, play_bots, reader_key, replay
from sealed.core.registry import get_game
from sealed.server import gm
from sealed.server.db import acks, audit, deadlines, games, links, reading, reminders
from sealed.server.model import (
    MAX_MINUTES,
    Act,
    BadRequestError,
    Created,
    GameRow,
    Link,
    Sealed,
    Settings,
    Snapshot,
    UnknownLinkError,
    digest,
    held_open,
    naive,
    seat_token,
    utc_now,
)
from sealed.server.writer import Writer

log = logging.getLogger("sealed.server")
T = TypeVar("T")

WEB = "web"  # the reader channel of the player's page
API = "api"  # the reader channel of scripted clients
MAX_STEPS_BACK = 20  # a rollback undoes at most this many steps


class GameService:
    """Every act on the games of one database. Thread-safe; several may share a database."""

    def __init__(self, engine: Engine, clock: Callable[[], datetime] = utc_now) -> None:
        self.engine = engine
        self.clock = clock
        self._cache: dict[int, tuple[int, Match[Any, Any, Any]]] = {}
        self._cache_lock = threading.Lock()
        self._writer = Writer(engine, self._forget_all)

    # -- links ------------------------------------------
    def find(self, token: str) -> Link:
        """:raises UnknownLinkError: no game has this link."""
        with reading(self.engine) as connection:
            row = connection.execute(
                sa.select(links.c.game_id, links.c.seat).where(links.c.token_hash == digest(token))
            ).one_or_none()
        if row is None:
            raise UnknownLinkError("this link is not known here (check that it was copied whole)")
        return Link(int(row.game_id), str(row.seat))

    def seat_links(self, gm_token: str, game_id: int) -> dict[str, str]:
        """Every seat's token, derived from the GM's (only the GM's link can show them)."""
        seats: tuple[str, ...] = self.read(game_id, lambda snapshot: snapshot.match.seats)
        return {seat: seat_token(gm_token, game_id, seat) for seat in seats}

    # -- creating ------------------------------------------
    def create(
        self,
        game_name: str,
        seats: Sequence[str],
        options: Mapping[str, object],
        seed: int | str | None = None,
        settings: Settings | None = None,
    ) -> Created:
        """A new game with its links.

        :raises SealedError: unknown game, bad options or seats (with the core's message).
        """
        game = get_game(game_name)
        resolved: Options = resolve_options(game.options, options)
        match = Match.new(game, list(seats), resolved, seed=seed, clock=self.clock)
        return self._insert(match, settings or Settings(), "create", f"{game.title}")

    def import_record(self, record: Mapping[str, Any], settings: Settings | None = None) -> Created:
        """A game from a CLI game file's record (replayed, so checked, first).

        :raises RecordError: a record that does not replay.
        """
        if not isinstance(record, Mapping):
            raise RecordError("not a sealed game record (a JSON object was expected)")
        match = replay(record)
        match.clock = self.clock
        return self._insert(match, settings or Settings(), "import", f"{len(match.steps)} steps")

    def _insert(
        self, match: Match[Any, Any, Any], settings: Settings, act: str, detail: str
    ) -> Created:
        settings.check()
        now = self.clock()
        gm_token = secrets.token_urlsafe(32)
        inserted_ids: list[int] = []
        try:
            return self._insert_in(match, settings, act, detail, now, gm_token, inserted_ids)
        except BaseException:
            self._forget_all(set(inserted_ids))  # a cached match of a game that was never saved
            raise

    def _insert_in(
        self,
        match: Match[Any, Any, Any],
        settings: Settings,
        act: str,
        detail: str,
        now: datetime,
        gm_token: str,
        inserted_ids: list[int],
    ) -> Created:
        with self._writer.act() as connection:
            inserted = connection.execute(
                sa.insert(games).values(
                    game=match.game.name,
                    title=match.game.title,
                    record="{}",
                    revision=0,
                    status="active",
                    minutes=settings.minutes,
                    wait=settings.wait,
                    remind=settings.remind,
                    created_at=naive(now),
                    updated_at=naive(now),
                )
            ).inserted_primary_key
            game_id = int(inserted[0]) if inserted else 0
            inserted_ids.append(game_id)
            tokens = {seat: seat_token(gm_token, game_id, seat) for seat in match.seats}
            everyone = {GM: gm_token, **tokens}
            connection.execute(
                sa.insert(links),
                [
                    {"token_hash": digest(t), "game_id": game_id, "seat": s}
                    for s, t in everyone.items()
                ],
            )
            row = connection.execute(sa.select(games).where(games.c.id == game_id)).one()
            step = Act(connection, GameRow.of(row), match, now, changed=True)
            self._start_step_clock(step, settings)
            self._after(step)
            step.audit.append(("gm", act, detail))
            self._save(step)
        return Created(int(game_id), gm_token, tokens)

    # -- the transaction ------------------------------------------
    @contextmanager
    def _acting(self, game_id: int) -> Iterator[Act]:
        """Lock the game's row, yield the match, save it if the act changed it.

        The block ends only once the change is committed (see :mod:`sealed.server.writer`).
        """
        try:
            with self._writer.act(game_id) as connection:
                row = connection.execute(
                    sa.select(games).where(games.c.id == game_id).with_for_update()
                ).one_or_none()
                if row is None:
                    raise UnknownLinkError("this game is not known here")
                game = GameRow.of(row)
                act = Act(connection, game, self._match(game), self.clock())
                yield act
                if act.changed:
                    self._save(act)
                else:
                    self._keep(game.id, game.revision, act.match)
        except BaseException:
            self._forget(game_id)  # the cached match may hold a change that was not committed
            raise

    def read(self, game_id: int, look: Callable[[Snapshot], T]) -> T:
        """``look`` at the game as committed now; it must only read, and return plain data.

        The match may be this process's cached copy: while ``look`` runs nobody else
        holds it, and nothing of it may escape (a later act would change it).
        """
        snapshot = self._snapshot(game_id)
        try:
            return look(snapshot)
        finally:
            self._keep(snapshot.row.id, snapshot.row.revision, snapshot.match)

    def snapshot(self, game_id: int) -> Snapshot:
        """The game as committed now, as a copy the caller owns (never shared)."""
        return self._snapshot(game_id)

    def _snapshot(self, game_id: int) -> Snapshot:
        with reading(self.engine) as connection:
            row = connection.execute(sa.select(games).where(games.c.id == game_id)).one_or_none()
            if row is None:
                raise UnknownLinkError("this game is not known here")
            game = GameRow.of(row)
            return Snapshot(game, self._match(game))

    def _match(self, row: GameRow) -> Match[Any, Any, Any]:
        """The match at the row's revision: this process's cached copy, or a replay."""
        with self._cache_lock:
            cached = self._cache.pop(int(row.id), None)  # one user at a time
        if cached is not None and cached[0] == row.revision:
            return cached[1]
        match = replay(json.loads(row.record))
        match.clock = self.clock
        return match

    def _keep(self, game_id: int, revision: int, match: Match[Any, Any, Any]) -> None:
        with self._cache_lock:
            held = self._cache.get(game_id)
            if held is None or held[0] <= revision:
                self._cache[game_id] = (revision, match)

    def _forget(self, game_id: int) -> None:
        with self._cache_lock:
            self._cache.pop(game_id, None)

    def _forget_all(self, game_ids: set[int]) -> None:
        for game_id in game_ids:
            self._forget(game_id)

    def _save(self, act: Act) -> None:
        revision = int(act.row.revision) + 1
        match = act.match
        status = str(act.row.status)
        if match.result() is not None:
            status = "over"
        act.connection.execute(
            sa.update(games)
            .where(games.c.id == act.row.id)
            .values(
                record=json.dumps(match.to_json(), separators=(",", ":")),
                revision=revision,
                status=status,
                updated_at=naive(act.now),
            )
        )
        if act.clock_was != (match.step, match.deadline, status):  # most orders leave it
            self._index_deadline(act, status)
        for actor, what, detail in act.audit:
            act.connection.execute(
                sa.insert(audit).values(
                    game_id=act.row.id,
                    at=naive(act.now),
                    actor=actor,
                    act=what,
                    detail=detail[:2000],
                    revision=revision,
                )
            )
        act.row.revision, act.row.status = revision, status
        self._keep(int(act.row.id), revision, match)

    # -- the clock ------------------------------------------
    def _settings(self, row: GameRow) -> Settings:
        return Settings(row.minutes, bool(row.wait), row.remind)

    def _start_step_clock(self, act: Act, settings: Settings | None = None) -> None:
        """A step just opened: its deadline is the GM's minutes, else the game's own."""
        settings = settings or self._settings(act.row)
        match = act.match
        if match.result() is not None:
            match.deadline = None
        elif settings.minutes is not None:
            due = act.now + timedelta(minutes=settings.minutes)
            match.deadline = due.isoformat(timespec="seconds")
        else:
            match.start_clock()

    def _index_deadline(self, act: Act, status: str) -> None:
        """The deadlines table says when the open step closes (the scheduler reads it)."""
        connection, game_id, match = act.connection, act.row.id, act.match
        unfired = (deadlines.c.game_id == game_id) & deadlines.c.fired_at.is_(None)
        due = None if match.deadline is None or status != "active" else match.deadline
        connection.execute(
            sa.update(deadlines)
            .where(unfired & (deadlines.c.step != match.step))
            .values(fired_at=naive(act.now), outcome="superseded")
        )
        key = (deadlines.c.game_id == game_id) & (deadlines.c.step == match.step)
        if due is None:
            connection.execute(
                sa.update(deadlines)
                .where(key & unfired)
                .values(fired_at=naive(act.now), outcome="cancelled")
            )
            return
        due_at = naive(datetime.fromisoformat(due))
        remind = act.row.remind
        remind_at = None if remind is None else due_at - timedelta(minutes=int(remind))
        values = {"due_at": due_at, "remind_at": remind_at, "fired_at": None, "outcome": None}
        existing = connection.execute(sa.select(deadlines.c.due_at).where(key)).one_or_none()
        if existing is None:
            connection.execute(
                sa.insert(deadlines).values(
                    game_id=game_id, step=match.step, reminded_at=None, **values
                )
            )
        else:
            connection.execute(sa.update(deadlines).where(key).values(**values))

    def tick(self) -> list[tuple[int, int]]:
        """Fire every deadline that has passed and record due reminders.

        Returns the (game, step) pairs this call closed. Safe to run in several
        processes at once: a step is closed only if it is still open under the lock.
        """
        now = naive(self.clock())
        with reading(self.engine) as connection:
            due = connection.execute(
                sa.select(deadlines.c.game_id, deadlines.c.step)
                .where(deadlines.c.fired_at.is_(None) & (deadlines.c.due_at <= now))
                .order_by(deadlines.c.due_at)
            ).all()
            remind = connection.execute(
                sa.select(deadlines.c.game_id, deadlines.c.step).where(
                    deadlines.c.fired_at.is_(None)
                    & deadlines.c.reminded_at.is_(None)
                    & (deadlines.c.remind_at <= now)
                )
            ).all()
        for row in remind:
            self._guarded(self._remind, int(row.game_id), int(row.step))
        fired: list[tuple[int, int]] = []
        for row in due:
            if self._guarded(self._fire, int(row.game_id), int(row.step)):
                fired.append((int(row.game_id), int(row.step)))
        return fired

    def _guarded(self, act: Callable[[int, int], bool], game_id: int, step: int) -> bool:
        try:
            return act(game_id, step)
        except SealedError as error:  # a game that cannot go on must not stop the others
            log.warning("game %s step %s: %s", game_id, step, error)
            return False

    def _fire(self, game_id: int, step: int) -> bool:
        with self._acting(game_id) as act:
            key = (deadlines.c.game_id == game_id) & (deadlines.c.step == step)
            row = act.connection.execute(sa.select(deadlines).where(key)).one_or_none()
            if row is None or row.fired_at is not None:
                return False  # another process fired it first
            fired = act.match.step == step and act.row.status == "active"
            if fired:
                self._close(act, "deadline")
            act.connection.execute(
                sa.update(deadlines)
                .where(key)
                .values(fired_at=naive(act.now), outcome="fired" if fired else "superseded")
            )
            return fired

    def _remind(self, game_id: int, step: int) -> bool:
        with self._acting(game_id) as act:
            key = (deadlines.c.game_id == game_id) & (deadlines.c.step == step)
            row = act.connection.execute(sa.select(deadlines).where(key)).one_or_none()
            if row is None or row.reminded_at is not None or act.match.step != step:
                return False
            for seat in act.match.waiting_for():
                if seat in act.match.bots():
                    continue
                act.connection.execute(
                    sa.insert(reminders).values(
                        game_id=game_id,
                        step=step,
                        seat=seat,
                        due_at=row.due_at,
                        recorded_at=naive(act.now),
                    )
                )
            act.connection.execute(
                sa.update(deadlines).where(key).values(reminded_at=naive(act.now))
            )
            return True

    # -- players' acts ------------------------------------------
    def seal(self, link: Link, text: str, step: int | None) -> Sealed:
        """Seal a seat's orders; returns only after the commit.

        :raises SealedError: the core's refusal (stale step, illegal order, ...); nothing changes.
        """
        with self._acting(link.game_id) as act:
            match = act.match
            self._check_playing(act)
            before = match.step
            held = act.row.wait or act.row.status != "active"
            with held_open(match, held):
                match.seal(link.seat, text, step=step)
            opened = match.step != before
            entry = (
                match.steps[before - 1].orders[link.seat] if opened else match.pending[link.seat]
            )
            act.changed = True
            if opened:
                self._start_step_clock(act)
            self._after(act)
            act.connection.execute(
                sa.insert(acks).values(
                    game_id=link.game_id,
                    step=before,
                    seat=link.seat,
                    text=entry.text,
                    canonical=entry.canonical,
                    at=naive(act.now),
                    revision=int(act.row.revision) + 1,
                )
            )
        return Sealed(link.seat, before, entry.canonical, entry.at, opened, int(act.row.revision))

    def send(self, link: Link, to: Sequence[str] | None, text: str) -> int:
        """Press from a seat (or the GM); returns the message's number."""
        with self._acting(link.game_id) as act:
            message = act.match.send(link.seat, to, text)
            act.changed = True
            if link.seat == GM:
                who = "everyone" if message.to is None else ", ".join(sorted(message.to))
                act.audit.append(("gm", "press", f"message #{message.number} to {who}"))
        return message.number

    def report(
        self, link: Link, channel: str, deliver: bool, show: Callable[[Snapshot, Report], T]
    ) -> T:
        """``show`` a reader's report (plain data out); ``deliver`` moves its cursor past it.

        A report with nothing new to deliver (a page shown again) is only read, never written.
        """
        key = reader_key(link.seat, channel)

        def look(snap: Snapshot) -> tuple[bool, T]:
            report = snap.match.report(link.seat, channel)
            return report.upto == snap.match.cursors.get(key, Cursor()), show(snap, report)

        delivered, shown = self.read(link.game_id, look)
        if delivered or not deliver:
            return shown
        with self._acting(link.game_id) as act:
            report = act.match.report(link.seat, channel)
            before = act.match.cursors.get(f"{link.seat}@{channel}")
            act.match.deliver(report)
            act.changed = act.match.cursors.get(f"{link.seat}@{channel}") != before
            return show(Snapshot(act.row, act.match), report)

    def deliver_upto(self, link: Link, channel: str, upto: Cursor) -> bool:
        """Move a reader's cursor to exactly ``upto``, a report shown or queued earlier.

        For a channel that delivers later than it reads (the email gateway queues a
        report, then marks it delivered): news that came in between stays unread.
        Committed before it returns; True if the cursor moved.
        """
        key = reader_key(link.seat, channel)
        with self._acting(link.game_id) as act:
            report = act.match.report(link.seat, channel)
            report.upto = upto
            before = act.match.cursors.get(key)
            act.match.deliver(report)
            act.changed = act.match.cursors.get(key) != before
            return act.changed

    def under_lock(
        self,
        game_id: int,
        write: Callable[[sa.Connection, Snapshot], T],
        audited: tuple[str, str, str] | None = None,
    ) -> T:
        """Run ``write`` on another module's tables under this game's row lock; its result.

        For the server's add-ons that keep their own tables beside a game (the email
        gateway's addresses and rate limits): ``write`` gets the act's connection and
        the game as it is under the lock, which it must only read. The transaction
        is committed before this returns; if ``write`` raises, nothing it wrote is
        kept. ``audited`` (actor, act, detail) is recorded in the game's audit log,
        with a new revision as every audited act has.

        :raises UnknownLinkError: no such game.
        """
        with self._acting(game_id) as act:
            result = write(act.connection, Snapshot(act.row, act.match))
            if audited is not None:
                act.audit.append(audited)
                act.changed = True  # the audit row is written with the new revision
        return result

    def write_tables(self, write: Callable[[sa.Connection], T]) -> T:
        """Run ``write`` on tables that belong to no one game; its result.

        For the server's add-ons (the email gateway's rate limits and its lease):
        ``write`` runs in this process's write transaction, which is committed
        before this returns; if ``write`` raises, nothing it wrote is kept.

        :raises StorageError: the commit failed (nothing was saved).
        """
        with self._writer.act() as connection:
            result = write(connection)
        return result

    def history(self, link: Link) -> list[tuple[int, list[Told]]]:
        """Every step's events as this seat was told them."""
        reader = None if link.seat == GM else link.seat

        def look(snapshot: Snapshot) -> list[tuple[int, list[Told]]]:
            steps = snapshot.match.steps
            return [(n, told(step.events, reader)) for n, step in enumerate(steps, 1)]

        return self.read(link.game_id, look)

    # -- the GM's acts ------------------------------------------
    def close(self, game_id: int, step: int | None) -> int:
        """Open the step now (the GM's close); ``step`` guards against a double click."""
        with self._acting(game_id) as act:
            if step is not None and step != act.match.step:
                raise StaleStepError(
                    f"step {step} is not open (the open step is {act.match.step}): nothing closed"
                )
            self._close(act, "gm")
            return act.match.step

    def _close(self, act: Act, actor: str) -> None:
        before = act.match.step
        waiting = act.match.waiting_for()
        act.match.close()
        act.changed = True
        self._start_step_clock(act)
        self._after(act)
        defaults = f"; defaults for {', '.join(waiting)}" if waiting else ""
        act.audit.append((actor, "close", f"step {before} opened{defaults}"))

    def set_deadline(self, game_id: int, minutes: int | None) -> str | None:
        """The open step closes ``minutes`` from now (None: no deadline, the GM closes it)."""
        if minutes is not None and not 1 <= minutes <= MAX_MINUTES:
            raise BadRequestError(f"minutes must be between 1 and {MAX_MINUTES}, not {minutes}")
        with self._acting(game_id) as act:
            self._check_playing(act)
            if minutes is None:
                act.match.deadline = None
            else:
                due = act.now + timedelta(minutes=minutes)
                act.match.deadline = due.isoformat(timespec="seconds")
            act.changed = True
            act.audit.append(("gm", "deadline", f"step {act.match.step}: {act.match.deadline}"))
            return act.match.deadline

    def pause(self, game_id: int) -> None:
        with self._acting(game_id) as act:
            self._check_playing(act)
            left = None
            if act.match.deadline is not None:
                due = datetime.fromisoformat(act.match.deadline)
                left = max(0, int((due - act.now).total_seconds()))
            act.connection.execute(
                sa.update(games).where(games.c.id == game_id).values(paused_left=left)
            )
            act.row.status = "paused"
            act.changed = True
            act.audit.append(("gm", "pause", f"step {act.match.step}; {left} s left"))

    def resume(self, game_id: int) -> None:
        with self._acting(game_id) as act:
            if act.row.status != "paused":
                raise BadRequestError("the game is not paused")
            left = act.row.paused_left
            if left is not None:
                due = act.now + timedelta(seconds=max(60, int(left)))
                act.match.deadline = due.isoformat(timespec="seconds")
            act.row.status = "active"
            act.changed = True
            act.audit.append(("gm", "resume", f"step {act.match.step}"))
            if not act.row.wait and act.match.prompts() and not act.match.waiting_for():
                self._close(act, "gm")  # everyone sealed while the clock was stopped

    def hand_over(self, game_id: int, seat: str, bot: str | None) -> None:
        with self._acting(game_id) as act:
            self._check_playing(act)
            act.match.hand_over(seat, bot or None)
            act.changed = True
            act.audit.append(("gm", "handover", f"{seat} to {bot or 'a person'}"))
            before = act.match.step
            self._after(act)
            if act.match.step != before:
                self._start_step_clock(act)

    def gm_order(self, game_id: int, text: str, step: int | None) -> Sealed:
        """The GM seat's orders, when the rules prompt the game master."""
        return self.seal(Link(game_id, GM), text, step)

    def preview(self, game_id: int) -> dict[str, list[str]]:
        """What the open step would say to each reader if it opened now (nothing changes).

        Seats that have not sealed get their default. Chance is drawn from a
        preview seed, not the game's: a preview must not show the GM the dice
        that will really fall (else rolling back and re-closing could choose them).
        """
        return self.read(game_id, lambda snapshot: gm.preview(snapshot.match))

    def rollback_preview(self, game_id: int, steps: int) -> dict[str, list[str]]:
        """What undoing the last ``steps`` steps changes for each reader (nothing changes)."""

        def look(snapshot: Snapshot) -> dict[str, list[str]]:
            earlier = gm.rolled_back(snapshot.match, self._check_back(snapshot.match, steps))
            return gm.rollback_changes(snapshot.match, earlier)

        return self.read(game_id, look)

    def rollback(
        self, game_id: int, steps: int, from_step: int | None = None
    ) -> dict[str, list[str]]:
        """Undo the last ``steps`` steps: the record is replayed without them.

        ``from_step`` is the open step the GM saw (a resent form must not undo twice).
        """
        with self._acting(game_id) as act:
            if from_step is not None and from_step != act.match.step:
                raise StaleStepError(
                    f"the rollback was asked at step {from_step}, but step {act.match.step} "
                    "is open now: nothing was undone (look again, then confirm)"
                )
            count = self._check_back(act.match, steps)
            earlier = gm.rolled_back(act.match, count)
            earlier.clock = self.clock
            changes = gm.rollback_changes(act.match, earlier)
            act.match = earlier
            act.changed = True
            if act.row.status == "over":
                act.row.status = "active"
            self._start_step_clock(act)
            act.audit.append(("gm", "rollback", f"{count} step(s); step {earlier.step} is open"))
            with contextlib.suppress(PressError):  # a notice the game forbids now is left out
                earlier.send(
                    GM, None, f"The game master undid {count} step(s): step {earlier.step} is open."
                )
            self._after(act)
        return changes

    def _check_back(self, match: Match[Any, Any, Any], steps: int) -> int:
        if not 1 <= steps <= min(MAX_STEPS_BACK, len(match.steps)):
            most = min(MAX_STEPS_BACK, len(match.steps))
            if most == 0:
                raise BadRequestError("no step has opened yet: there is nothing to roll back")
            raise BadRequestError(f"steps must be between 1 and {most}, not {steps}")
        return steps

    def _check_playing(self, act: Act) -> None:
        if act.row.status == "over" or act.match.result() is not None:
            raise NoOrderDueError("the game is over")

    def _after(self, act: Act) -> None:
        """Bots play the seats handed to them until a person is due (or the game ends)."""
        match = act.match
        if act.row.status != "active" or not match.bots() or match.result() is not None:
            return
        before = match.step
        players = {seat: match.game.bots[name]() for seat, name in match.bots().items()}
        rngs = {seat: random.Random(f"{match.seed}/bot/{seat}/{match.step}") for seat in players}
        play_bots(match, players, rngs)
        if match.step != before:
            act.changed = True
            self._start_step_clock(act)
            act.audit.append(("bots", "play", f"steps {before} to {match.step - 1} opened"))
        elif any(s in match.pending for s in players):
            act.changed = True

    # -- reading for the console ------------------------------------------
    def audit_log(self, game_id: int) -> list[Row[Any]]:
        with reading(self.engine) as connection:
            return list(
                connection.execute(
                    sa.select(audit).where(audit.c.game_id == game_id).order_by(audit.c.id)
                ).all()
            )

    def acknowledged(self, game_id: int) -> list[Row[Any]]:
        with reading(self.engine) as connection:
            return list(
                connection.execute(
                    sa.select(acks).where(acks.c.game_id == game_id).order_by(acks.c.id)
                ).all()
            )

    def reminders_of(self, game_id: int) -> list[Row[Any]]:
        with reading(self.engine) as connection:
            return list(
                connection.execute(
                    sa.select(reminders)
                    .where(reminders.c.game_id == game_id)
                    .order_by(reminders.c.id)
                ).all()
            )

    def all_games(self) -> list[Row[Any]]:
        with reading(self.engine) as connection:
            return list(
                connection.execute(
                    sa.select(
                        games.c.id, games.c.title, games.c.status, games.c.updated_at
                    ).order_by(games.c.id.desc())
                ).all()
            )

    def status(self, game_id: int) -> dict[str, Any]:
        """Who is due and who has sealed (never what), for the console and the API."""
        return self.read(game_id, gm.status_of)

    def all_reports(self, game_id: int) -> str:
        """Every reader's full report, as text (the GM's download)."""
        return self.read(game_id, lambda snapshot: gm.all_reports(snapshot.match))
