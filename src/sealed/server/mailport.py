"""The email gateway's :class:`~sealed.mail.port.GamePort` over the server's database.

The gateway (:mod:`sealed.mail.gateway`) talks to this port exactly as it
talks to the game-file port (:mod:`sealed.mail.memory`); every act goes
through the server's own :class:`~sealed.server.service.GameService`, so a
mailed order is sealed by the same locked, committed transaction as the web
form's (with its ``acks`` row, the GM's "wait for the deadline" setting and
the bots), and the GM's mailed commands are the console's acts, audited by
them.

Game ids in addresses are ``g<number>`` (the server's game number): the
address ``sealed+g12-ana-<secret>@domain`` is seat ``ana`` of game 12. Each
mail seat's secret and registered address live in the table ``mail_seats``
(migration 0002); a game has mail only once :meth:`ServerPort.enable` gave
its seats addresses, and only the seats given one are mailed (the others
play on their web pages).

Reports are read on each seat's own ``email`` cursor and moved past only by
:meth:`ServerPort.mark_delivered`, after the gateway queued them; reminders
are the server's reminder records (the scheduler writes them), each mailed
once and then marked ``sent_at``.

Two public service methods carry the writes the service has no act for:
:meth:`GameService.deliver_upto` moves the ``email`` cursor to exactly the
report that was queued, and :meth:`GameService.under_lock` writes the mail
tables under the game's row lock, in a committed (and, for the GM's acts,
audited) transaction.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import sqlalchemy as sa

from sealed.core.errors import NoOrderDueError, SealedError, StaleStepError
from sealed.core.game import GM, Seat
from sealed.core.match import Cursor, Match, reader_key, salvage_orders
from sealed.core.suggest import did_you_mean
from sealed.mail import answers
from sealed.mail.addresses import (
    MailDomain,
    SeatAddress,
    check_game_id,
    is_contact,
    make_address,
    same_secret,
    seat_label,
)
from sealed.mail.gateway import Gateway
from sealed.mail.port import OutgoingReport, PressOutcome, SealOutcome, SeatRef, StepStatus
from sealed.report import human_time, report_text
from sealed.server.db import reading, reminders
from sealed.server.gm import ORDERS
from sealed.server.model import Link, Snapshot, naive
from sealed.server.service import GameService
from sealed.server.writer import StorageError

CHANNEL = "email"
GAME_KEY = re.compile(r"^g(\d{1,9})$")
COMMANDS = ("status", "close", "preview", "extend", "pause", "resume")

_mail_metadata = sa.MetaData()
mail_seats = sa.Table(  # as migration 0002 creates it
    "mail_seats",
    _mail_metadata,
    sa.Column("game_id", sa.Integer, primary_key=True),
    sa.Column("seat", sa.String(64), primary_key=True),
    sa.Column("label", sa.String(20), nullable=False),
    sa.Column("secret", sa.String(32), nullable=False),
    sa.Column("contact", sa.String(320), nullable=False),
    sa.Column("position", sa.Integer, nullable=False),
)
mail_rates = sa.Table(  # as migration 0003 creates it
    "mail_rates",
    _mail_metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", sa.String(20), nullable=False),
    sa.Column("key", sa.String(320), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)
mail_lease = sa.Table(  # as migration 0003 creates it
    "mail_lease",
    _mail_metadata,
    sa.Column("name", sa.String(40), primary_key=True),
    sa.Column("holder", sa.String(200), nullable=False),
    sa.Column("expires_at", sa.Float, nullable=False),
)
LEASE = "gateway"


class GatewayBusyError(SealedError):
    """Another process runs the email gateway on this database."""

    code = "mail/busy"


class DatabaseLimiter:
    """A rate limit kept in the database (``mail_rates``), so a restart forgets nothing.

    Each email counted is a row; rows older than the window are deleted as
    new ones come. Count and insert happen in one committed transaction.
    """

    def __init__(self, service: GameService, name: str, limit: int, window: float) -> None:
        self.service = service
        self.name = name
        self.limit = limit
        self.window = window

    def allow(self, key: str, now: float) -> bool:
        """Count one email for ``key`` at ``now`` if within the limit; True if counted."""
        key = key[:320]
        mine = (mail_rates.c.name == self.name) & (mail_rates.c.key == key)

        def count(connection: sa.Connection) -> bool:
            old = (mail_rates.c.name == self.name) & (mail_rates.c.at <= now - self.window)
            connection.execute(sa.delete(mail_rates).where(old))
            used = connection.execute(
                sa.select(sa.func.count()).select_from(mail_rates).where(mine)
            ).scalar_one()
            if int(used) >= self.limit:
                return False
            connection.execute(sa.insert(mail_rates).values(name=self.name, key=key, at=now))
            return True

        allowed: bool = self.service.write_tables(count)
        return allowed


def game_key(game_id: int) -> str:
    """The game's id in email addresses and the gateway: ``g12``."""
    return f"g{game_id}"


def game_number(game: str) -> int:
    """The server's game number of a gateway game id.

    :raises SealedError: not one of ours.
    """
    found = GAME_KEY.match(game)
    if found is None:
        raise SealedError(f"no game {game[:40]!r} here")
    return int(found.group(1))


class ServerPort:
    """The gateway's port over one server database; see the module docstring. Thread-safe."""

    def __init__(self, service: GameService, where: MailDomain) -> None:
        self.service = service
        self.where = where

    # -- set-up: the GM gives the seats addresses --------------------------------------
    def enable(
        self, game_id: int, contacts: Mapping[Seat, str], gm_contact: str
    ) -> dict[Seat, str]:
        """Give each seat in ``contacts`` (and the GM) a secret reply address; by seat.

        Seats left out keep playing on their web pages only.

        :raises SealedError: an unknown seat, a bad address, or a game that has mail already;
            nothing changes.
        """
        key = check_game_id(game_key(game_id))
        everyone = {**contacts, GM: gm_contact}
        for seat, contact in everyone.items():
            _check_contact(seat, contact)

        def insert(connection: sa.Connection, snapshot: Snapshot) -> list[dict[str, Any]]:
            seats = snapshot.match.seats
            unknown = [s for s in contacts if s not in seats or s == GM]
            if unknown:
                hint = did_you_mean(unknown[0], seats)
                raise SealedError(f"no seat {unknown[0]!r} in this game{hint}")
            if self._rows(game_id, connection):
                raise SealedError(f"game {key} already has email addresses")
            rows = self._new_rows(game_id, seats, everyone, [])
            connection.execute(sa.insert(mail_seats), rows)
            return rows

        detail = f"email addresses for {len(contacts)} seat(s)"
        rows = self.service.under_lock(game_id, insert, ("gm", "mail", detail))
        return self._rendered(key, rows)

    def add_seats(self, game_id: int, contacts: Mapping[Seat, str]) -> dict[Seat, str]:
        """Give more seats of a game with email (the GM's too, after a revoke) an address each.

        :raises SealedError: an unknown seat, a bad address, a seat that has an address
            already (give it a new one instead), or a game without email; nothing changes.
        """
        key = check_game_id(game_key(game_id))
        for seat, contact in contacts.items():
            _check_contact(seat, contact)

        def insert(connection: sa.Connection, snapshot: Snapshot) -> list[dict[str, Any]]:
            seats = snapshot.match.seats
            unknown = [s for s in contacts if s not in seats and s != GM]
            if unknown:
                hint = did_you_mean(unknown[0], [*seats, GM])
                raise SealedError(f"no seat {unknown[0]!r} in this game{hint}")
            existing = self._rows(game_id, connection)
            if not existing:
                raise SealedError(f"game {key} has no email yet: register its seats first")
            taken = [s for s in contacts if s in {str(r.seat) for r in existing}]
            if taken:
                raise SealedError(
                    f"{taken[0]} has an email address already: give it a new one instead"
                )
            rows = self._new_rows(game_id, seats, contacts, existing)
            if rows:
                connection.execute(sa.insert(mail_seats), rows)
            return rows

        detail = f"email addresses for {', '.join(contacts)}"
        rows = self.service.under_lock(game_id, insert, ("gm", "mail", detail))
        return self._rendered(key, rows)

    def _rendered(self, key: str, rows: list[dict[str, Any]]) -> dict[Seat, str]:
        """Each new row's seat and the address it was given, as it is written in mail."""
        return {
            str(r["seat"]): SeatAddress(key, str(r["label"]), str(r["secret"])).render(self.where)
            for r in rows
        }

    def _new_rows(
        self,
        game_id: int,
        seats: Sequence[Seat],
        contacts: Mapping[Seat, str],
        existing: Sequence[sa.Row[Any]],
    ) -> list[dict[str, Any]]:
        """Rows for ``contacts`` in seat order, the GM after every seat.

        :raises SealedError: two seats would share a label.
        """
        key = game_key(game_id)
        rows = []
        for seat in [*(s for s in seats if s in contacts), *([GM] if GM in contacts else [])]:
            position = len(seats) if seat == GM else seats.index(seat)
            label = GM if seat == GM else seat_label(seat, seats.index(seat))
            rows.append(
                {
                    "game_id": game_id,
                    "seat": seat,
                    "label": label,
                    "secret": make_address(self.where, key, label).secret,
                    "contact": contacts[seat].strip(),
                    "position": position,
                }
            )
        labels = [str(r.label) for r in existing] + [str(r["label"]) for r in rows]
        if len(set(labels)) != len(labels):
            raise SealedError("two seats would share an email address: rename one")
        return rows

    def withdraw(self, ref: SeatRef) -> None:
        """Take ``ref``'s address away: mail to it is refused (the clear bounce), and the
        seat plays on its web page only until it is given an address again.

        :raises SealedError: the seat has no address.
        """
        game_id = game_number(ref.game)

        def delete(connection: sa.Connection, snapshot: Snapshot) -> None:
            self._row(ref, connection)  # refuses a seat without an address
            connection.execute(
                sa.delete(mail_seats).where(
                    (mail_seats.c.game_id == game_id) & (mail_seats.c.seat == ref.seat)
                )
            )

        self.service.under_lock(game_id, delete, ("gm", "mail", f"revoked {ref.seat}'s address"))

    def addresses(self, game_id: int) -> list[tuple[Seat, str, str]]:
        """Every seat with an address: (seat, its secret address, its registered address)."""
        key = game_key(game_id)
        with reading(self.service.engine) as connection:
            rows = self._rows(game_id, connection)
        return [
            (
                str(row.seat),
                SeatAddress(key, str(row.label), str(row.secret)).render(self.where),
                str(row.contact),
            )
            for row in rows
        ]

    def revoke(self, ref: SeatRef) -> str:
        """Give ``ref`` a new secret: its old address is refused from now on. The new address."""
        game_id = game_number(ref.game)

        def replace(connection: sa.Connection, snapshot: Snapshot) -> SeatAddress:
            row = self._row(ref, connection)
            secret = make_address(self.where, ref.game, str(row.label)).secret
            connection.execute(
                sa.update(mail_seats)
                .where((mail_seats.c.game_id == game_id) & (mail_seats.c.seat == ref.seat))
                .values(secret=secret)
            )
            return SeatAddress(ref.game, str(row.label), secret)

        audited = ("gm", "mail", f"new email address for {ref.seat}")
        return self.service.under_lock(game_id, replace, audited).render(self.where)

    def games(self) -> tuple[str, ...]:
        """The gateway ids of every game with email addresses (games enabled since too)."""
        with reading(self.service.engine) as connection:
            ids = connection.execute(
                sa.select(mail_seats.c.game_id).distinct().order_by(mail_seats.c.game_id)
            ).all()
        return tuple(game_key(int(row.game_id)) for row in ids)

    # -- one gateway per database ----------------------------------------------------------
    def limiter(self, name: str, limit: int, window: float) -> DatabaseLimiter:
        """The gateway's rate limits, in this database (a :data:`LimiterFactory`)."""
        return DatabaseLimiter(self.service, name, limit, window)

    def take_lease(
        self,
        holder: str,
        now: float,
        seconds: float,
        gone: Callable[[str], bool] = lambda holder: False,
    ) -> None:
        """Hold the gateway's lease until ``now + seconds`` (take it, or renew our own).

        Two gateways on one database would each answer every email and each send
        every report (their outboxes are separate folders), so a second one must
        not start: the lease is taken under a row lock, and only when it is free,
        ours, expired (its holder stopped renewing: crashed or killed), or held by
        a holder that ``gone`` knows has ended (a killed process of this machine).

        :raises GatewayBusyError: another process holds it; nothing changes.
        """

        def take(connection: sa.Connection) -> None:
            row = connection.execute(
                sa.select(mail_lease).where(mail_lease.c.name == LEASE).with_for_update()
            ).one_or_none()
            if row is None:
                values = {"name": LEASE, "holder": holder, "expires_at": now + seconds}
                connection.execute(sa.insert(mail_lease).values(**values))
                return
            live = float(row.expires_at) > now and not gone(str(row.holder))
            if str(row.holder) != holder and live:
                left = math.ceil(float(row.expires_at) - now)
                raise GatewayBusyError(
                    f"another email gateway runs on this database ({row.holder}): stop it "
                    f"first (if it was killed, its lease ends in {left} s and this one may "
                    "start then); one gateway per database, or every email is answered twice"
                )
            connection.execute(
                sa.update(mail_lease)
                .where(mail_lease.c.name == LEASE)
                .values(holder=holder, expires_at=now + seconds)
            )

        try:
            self.service.write_tables(take)
        except sa.exc.IntegrityError:  # another process inserted it at the same moment
            raise GatewayBusyError(
                "another email gateway started on this database at the same moment: "
                "one gateway per database"
            ) from None

    def release_lease(self, holder: str) -> None:
        """Give the lease up (a clean stop), so a new gateway may start at once."""

        def release(connection: sa.Connection) -> None:
            connection.execute(
                sa.delete(mail_lease).where(
                    (mail_lease.c.name == LEASE) & (mail_lease.c.holder == holder)
                )
            )

        self.service.write_tables(release)

    # -- the port: addresses ------------------------------------------------------------
    def find_seat(self, address: SeatAddress) -> SeatRef | None:
        found = GAME_KEY.match(address.game)
        if found is None:
            return None
        with reading(self.service.engine) as connection:
            rows = self._rows(int(found.group(1)), connection)
        seat = None
        for row in rows:  # compare every secret: the time taken does not say which seat
            if str(row.label) == address.label and same_secret(address.secret, str(row.secret)):
                seat = str(row.seat)
        return None if seat is None else SeatRef(address.game, seat)

    def address_of(self, ref: SeatRef) -> SeatAddress:
        row = self._read_row(ref)
        return SeatAddress(ref.game, str(row.label), str(row.secret))

    def contact(self, ref: SeatRef) -> str:
        return str(self._read_row(ref).contact)

    def seats(self, game: str) -> tuple[SeatRef, ...]:
        found = GAME_KEY.match(game)
        if found is None:
            return ()
        with reading(self.service.engine) as connection:
            rows = self._rows(int(found.group(1)), connection)
        return tuple(SeatRef(game, str(row.seat)) for row in rows)

    def title(self, game: str) -> str:
        title: str = self.service.read(game_number(game), lambda s: s.match.game.title)
        return f"{title} {game}"

    # -- the port: orders --------------------------------------------------------------
    def seal(self, ref: SeatRef, body: str, step: int | None) -> SealOutcome:
        """Read ``body`` on a copy of the game, then seal the orders found as the web form does.

        The reading (a stale step refused before the body is read, the lenient
        salvage of orders from chatter) happens on a snapshot; the orders are
        then sealed by :meth:`GameService.seal` with the snapshot's step as
        their step token, so if the step opened in between they are refused as
        late, never sealed into the next one.
        """
        game_id = game_number(ref.game)
        for attempt in (1, 2):
            match = self.service.snapshot(game_id).match  # a copy this call owns
            open_step = match.step
            try:
                phase, orders, skipped, same = _read_orders(match, ref.seat, body, step)
                sealed = self.service.seal(Link(game_id, ref.seat), orders, open_step)
                break
            except StorageError:
                raise  # not the player's fault: the gateway must not say 250 (SMTP retries)
            except StaleStepError as error:
                if step is None and attempt == 1:
                    continue  # the step opened while we read: an email naming none is read again
                return self._refused(game_id, error, open_step)
            except SealedError as error:
                return self._refused(game_id, error, open_step)
        deadline = None
        if not sealed.opened:
            deadline = self.service.read(game_id, lambda s: s.match.deadline)
        return SealOutcome(
            sealed=True,
            step=sealed.step,
            phase=phase,
            canonical=sealed.canonical,
            skipped=tuple(skipped),
            deadline=deadline,
            same=same,
            opened=sealed.opened,
        )

    def _refused(self, game_id: int, error: SealedError, open_step: int) -> SealOutcome:
        def look(snapshot: Snapshot) -> tuple[str, str | None]:
            prompt = next(iter(snapshot.match.prompts().values()), None)
            return (prompt.phase if prompt is not None else ""), snapshot.match.deadline

        phase, deadline = self.service.read(game_id, look)
        return SealOutcome(
            sealed=False,
            step=open_step,
            phase=phase,
            error=str(error),
            code=error.code,
            deadline=deadline,
        )

    # -- the port: reports ---------------------------------------------------------------
    def unread_report(self, ref: SeatRef) -> OutgoingReport | None:
        game_id = game_number(ref.game)

        def look(snapshot: Snapshot) -> OutgoingReport | None:
            match = snapshot.match
            report = match.report(ref.seat, CHANNEL)
            cursor = match.cursors.get(reader_key(ref.seat, CHANNEL))
            if cursor is not None and cursor.events >= report.upto.events:
                return None
            title = f"{match.game.title} {ref.game}"
            # The GM is not prompted: its subject names the phase the seats are in.
            prompt = report.prompt or next(iter(match.prompts().values()), None)
            if report.result is not None:
                subject = f"{title}: the final result"
            elif prompt is not None:
                subject = f"{title}: {prompt.phase} (step {report.step})"
            else:
                subject = f"{title}: step {report.step}"
            # The key names the content, not only how far it goes: after a rollback the
            # same step and event count can show another position, and that must go out too.
            text = report_text(match.game, report)
            what = hashlib.sha256(text.encode()).hexdigest()[:16]
            return OutgoingReport(
                ref,
                report.step,
                subject,
                text,
                f"report/{ref.game}/{ref.seat}/{report.step}/{report.upto.events}/{what}",
                report.upto.events,
                report.upto.messages,
            )

        found: OutgoingReport | None = self.service.read(game_id, look)
        return found

    def mark_delivered(self, report: OutgoingReport) -> None:
        """Move the seat's ``email`` cursor to exactly the queued report's (never past news)."""
        link = Link(game_number(report.ref.game), report.ref.seat)
        upto = Cursor(report.upto_events, report.upto_messages)
        self.service.deliver_upto(link, CHANNEL, upto)

    # -- the port: press -------------------------------------------------------------------
    def send_press(self, ref: SeatRef, to: Sequence[Seat] | None, text: str) -> PressOutcome:
        """Press through the server's press path; ``recipients`` are the readers with email."""
        game_id = game_number(ref.game)
        try:
            number = self.service.send(Link(game_id, ref.seat), to, text)
        except StorageError:
            raise
        except SealedError as error:
            return PressOutcome(None, error=str(error))
        mailed = {r.seat for r in self.seats(ref.game)}

        def reached(snapshot: Snapshot) -> tuple[Seat, ...]:
            message = next(m for m in snapshot.match.messages if m.number == number)
            readers = snapshot.match.readers
            return tuple(s for s in readers if s != ref.seat and s in mailed and message.reaches(s))

        recipients: tuple[Seat, ...] = self.service.read(game_id, reached)
        return PressOutcome(number, recipients)

    # -- the port: the game master -----------------------------------------------------------
    def status(self, game: str) -> StepStatus:
        def look(snapshot: Snapshot) -> StepStatus:
            match = snapshot.match
            bots = match.bots()
            waiting = tuple(s for s in match.waiting_for() if s not in bots)
            return StepStatus(match.step, match.deadline, waiting, match.result() is not None)

        found: StepStatus = self.service.read(game_number(game), look)
        return found

    def gm_command(self, game: str, command: str) -> str:
        """The console's acts by mail: status, close, preview [SEAT], extend MINUTES, pause, resume.

        Each changing act is the console's own service call, so it is audited as one.

        :raises SealedError: an unknown or refused command; nothing changes.
        """
        game_id = game_number(game)
        words = command.split()
        verb = words[0].lower() if words else ""
        arguments = words[1:]
        if verb == "status" and not arguments:
            return self.service.read(game_id, _status_text)
        if verb == "close" and not arguments:
            step = self.status(game).step
            opened = self.service.close(game_id, step)
            return f"step {step} closed and opened; step {opened} is open now"
        if verb == "preview" and len(arguments) <= 1:
            return _preview_text(self.service.preview(game_id), arguments[0] if arguments else None)
        if verb == "extend" and len(arguments) == 1 and arguments[0].isdigit():
            deadline = self.service.set_deadline(game_id, int(arguments[0]))
            return f"the deadline is {human_time(deadline)}" if deadline else "no deadline"
        if verb == "pause" and not arguments:
            self.service.pause(game_id)
            return "the game is paused: no deadline fires until you send 'resume'"
        if verb == "resume" and not arguments:
            self.service.resume(game_id)
            return self.service.read(game_id, _status_text)
        raise SealedError(
            f"unknown command {command[:40]!r}{did_you_mean(verb, COMMANDS)}: the commands are "
            "'status', 'close', 'preview' (or 'preview SEAT'), 'extend MINUTES', 'pause' and "
            "'resume'"
        )

    # -- reminders ---------------------------------------------------------------------------
    def send_reminders(self, gateway: Gateway, game: str) -> int:
        """Mail the server's unsent reminders of the open step to seats still to seal; how many.

        Queued under the same key as the file-run games' reminders before the
        record is marked ``sent_at``, so a crash in between sends nothing twice.
        """
        game_id = game_number(game)
        status = self.status(game)
        mailed = {r.seat for r in self.seats(game)}
        with reading(self.service.engine) as connection:
            due = connection.execute(
                sa.select(reminders.c.id, reminders.c.seat).where(
                    (reminders.c.game_id == game_id)
                    & (reminders.c.step == status.step)
                    & reminders.c.sent_at.is_(None)
                )
            ).all()
        due = [row for row in due if str(row.seat) in mailed and str(row.seat) in status.waiting]
        if not due or status.deadline is None or status.over:
            return 0
        title = self.title(game)
        for row in due:
            ref = SeatRef(game, str(row.seat))
            text = answers.reminder(title, status.step, status.deadline)
            subject = f"{title}: reminder, step {status.step}"
            mail = gateway.compose(ref, subject, text, status.step)
            gateway.outbox.put(
                f"reminder/{game}/{status.step}/{ref.seat}", mail, game, ref.seat, subject
            )
        sent = [int(row.id) for row in due]
        now = naive(self.service.clock())

        def mark_sent(connection: sa.Connection, snapshot: Snapshot) -> None:
            connection.execute(
                sa.update(reminders).where(reminders.c.id.in_(sent)).values(sent_at=now)
            )

        self.service.under_lock(game_id, mark_sent)
        return len(due)

    # -- helpers -------------------------------------------------------------------------------
    def _rows(self, game_id: int, connection: sa.Connection) -> list[sa.Row[Any]]:
        return list(
            connection.execute(
                sa.select(mail_seats)
                .where(mail_seats.c.game_id == game_id)
                .order_by(mail_seats.c.position)
            ).all()
        )

    def _row(self, ref: SeatRef, connection: sa.Connection) -> sa.Row[Any]:
        for row in self._rows(game_number(ref.game), connection):
            if str(row.seat) == ref.seat:
                return row
        raise SealedError(f"seat {ref.seat!r} of game {ref.game} has no email address")

    def _read_row(self, ref: SeatRef) -> sa.Row[Any]:
        with reading(self.service.engine) as connection:
            return self._row(ref, connection)


def _read_orders(
    match: Match[Any, Any, Any], seat: Seat, body: str, step: int | None
) -> tuple[str, str, list[Any], bool]:
    """The phase, the orders read leniently from ``body``, the lines set aside, and
    whether they are the orders already sealed; on ``match``, a copy (it may change).

    :raises SealedError: a stale step (before the body is read), or nothing due.
    """
    if step is not None and step != match.step:
        match.seal(seat, body.strip(), step)  # the core's refusal: late, or "already counted"
        raise StaleStepError(f"step {step} is not open (the open step is {match.step})")
    prompts = match.prompts()
    if seat not in prompts:
        match.seal(seat, body, step)  # the core's refusal (game over, nothing due)
        raise NoOrderDueError(f"no orders are due from {seat} now")
    orders, skipped = salvage_orders(match.game, match.state, seat, body)
    held = match.pending.get(seat)
    return prompts[seat].phase, orders, list(skipped), held is not None and held.text == orders


def _status_text(snapshot: Snapshot) -> str:
    match = snapshot.match
    if match.result() is not None:
        return f"the game is over; step {match.step - 1} was the last"
    waiting = ", ".join(match.waiting_for()) or "nobody"
    sealed = ", ".join(sorted(match.pending)) or "nobody"
    due = f"; deadline {human_time(match.deadline)}" if match.deadline else ""
    paused = " (paused)" if snapshot.status == "paused" else ""
    return f"step {match.step} is open{paused}{due}. Sealed: {sealed}. Waiting for: {waiting}."


def _preview_text(lines: Mapping[str, list[str]], seat: str | None) -> str:
    """The console's preview as text: the orders it opened, then what each reader would read."""
    if seat is not None and seat not in lines:
        readers = [r for r in lines if r != ORDERS]
        raise SealedError(f"no seat {seat[:40]!r}{did_you_mean(seat, readers)}")
    shown = [seat] if seat is not None else [r for r in lines if r != ORDERS]
    parts = ["Orders (nothing is sealed or opened by a preview):", *lines[ORDERS]]
    for reader in shown:
        parts += ["", f"{reader} would read:", *(lines[reader] or ["(nothing)"])]
    return "\n".join(parts)


def _check_contact(seat: Seat, contact: str) -> None:
    """One bare address (``name@host``): no display name, list or header text can ride in."""
    contact = contact.strip()
    if not is_contact(contact):
        raise SealedError(
            f"{seat}'s address {contact[:60]!r} is not an email address (write name@host)"
        )
