"""A :class:`~sealed.mail.port.GamePort` over game files, for the tests and a GM without a server.

Each game is a game file (:mod:`sealed.storage`: locked, replayed on load,
written atomically and fsynced) beside an address book ``<game>.mail.json``
(each seat's label, secret, revoked secrets and registered address). Every
change goes through :func:`sealed.storage.updating`, so it is on disk before
the method returns: the gateway acknowledges only after that.

The server (issue 11) will provide the same interface over its database.
"""

from __future__ import annotations

import json
import os
import tempfile
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from sealed.core.errors import SealedError
from sealed.core.game import GM, Game, Options, Seat
from sealed.core.match import Cursor, Match, reader_key
from sealed.core.suggest import did_you_mean
from sealed.mail.addresses import (
    MailDomain,
    SeatAddress,
    is_contact,
    make_address,
    same_secret,
    seat_label,
)
from sealed.mail.port import OutgoingReport, PressOutcome, SealOutcome, SeatRef, StepStatus
from sealed.mail.sealing import seal_email
from sealed.report import human_time, report_text
from sealed.storage import load_match, save_match, updating, utc_now

CHANNEL = "email"
COMMANDS = ("status", "close", "preview")  # the game master's commands by mail


@dataclass
class SeatEntry:
    """One seat's mail identity: label in addresses, current secret, registered address."""

    seat: Seat
    label: str
    secret: str
    contact: str

    def to_json(self) -> dict[str, str]:
        return {
            "seat": self.seat,
            "label": self.label,
            "secret": self.secret,
            "contact": self.contact,
        }


class MemoryPort:
    """Games as files in ``folder``; see the module docstring."""

    def __init__(
        self,
        folder: Path,
        where: MailDomain,
        clock: Callable[[], datetime] | None = None,
    ) -> None:
        self.folder = folder
        self.where = where
        self.clock = clock
        self.books: dict[str, list[SeatEntry]] = {}
        self.lock = threading.Lock()  # guards the address books; game files have their own locks
        with self.lock:
            self._refresh()

    # -- set-up (the server's job later) --------------------------------------
    def create_game(
        self,
        game_id: str,
        game: Game[Any, Any, Any],
        contacts: Mapping[Seat, str],
        gm_contact: str,
        options: Options | None = None,
        seed: int | str | None = None,
    ) -> dict[Seat, str]:
        """Start a game whose seats are ``contacts``' keys; their secret addresses, by seat.

        :raises SealedError: a bad game id, seat or option; nothing is created.
        """
        if game_id in self.books:
            raise SealedError(f"there is already a game {game_id!r}")
        for seat, contact in [*contacts.items(), (GM, gm_contact)]:
            if not is_contact(contact):  # every report to it would bounce
                raise SealedError(f"{seat}'s address {contact[:60]!r} is not an email address")
        seats = list(contacts)
        entries = [
            SeatEntry(seat, label, make_address(self.where, game_id, label).secret, contacts[seat])
            for index, seat in enumerate(seats)
            for label in [seat_label(seat, index)]
        ]
        entries.append(SeatEntry(GM, GM, make_address(self.where, game_id, GM).secret, gm_contact))
        if len({e.label for e in entries}) != len(entries):
            raise SealedError("two seats would share an email address: rename one")
        match = Match.new(game, seats, options or {}, seed=seed, clock=self.clock or utc_now)
        save_match(match, self._game_path(game_id))
        with self.lock:
            self.books[game_id] = entries
            self._save_book(game_id)
        return {e.seat: self._address(game_id, e).render(self.where) for e in entries}

    def revoke(self, ref: SeatRef) -> str:
        """Give ``ref`` a new secret: the old address is refused from now on. The new address."""
        with self.lock:
            entry = self._entry(ref)
            entry.secret = make_address(self.where, ref.game, entry.label).secret
            self._save_book(ref.game)
            return self._address(ref.game, entry).render(self.where)

    def games(self) -> tuple[str, ...]:
        """The ids of every game in the folder (games started since by another process too)."""
        with self.lock:
            self._refresh()
            return tuple(sorted(self.books))

    def match(self, game: str) -> Match[Any, Any, Any]:
        """The game as it is on disk (a fresh replay: for tests and inspection)."""
        return self._load(game)

    # -- the port -------------------------------------------------------------
    def find_seat(self, address: SeatAddress) -> SeatRef | None:
        with self.lock:
            if address.game not in self.books:
                self._refresh()  # a game started by 'new' while 'serve' runs
            entries = self.books.get(address.game, [])
            found = None
            for entry in entries:  # compare every secret: time does not say which seat
                if entry.label == address.label and same_secret(address.secret, entry.secret):
                    found = SeatRef(address.game, entry.seat)
            return found

    def address_of(self, ref: SeatRef) -> SeatAddress:
        with self.lock:
            return self._address(ref.game, self._entry(ref))

    def contact(self, ref: SeatRef) -> str:
        with self.lock:
            return self._entry(ref).contact

    def seats(self, game: str) -> tuple[SeatRef, ...]:
        with self.lock:
            return tuple(SeatRef(game, e.seat) for e in self.books.get(game, []))

    def title(self, game: str) -> str:
        return f"{self._load(game).game.title} {game}"

    def seal(self, ref: SeatRef, body: str, step: int | None) -> SealOutcome:
        with updating(self._game_path(ref.game)) as match:
            match.clock = self.clock or match.clock
            return seal_email(match, ref, body, step)

    def unread_report(self, ref: SeatRef) -> OutgoingReport | None:
        match = self._load(ref.game)
        report = match.report(ref.seat, CHANNEL)
        cursor = match.cursors.get(reader_key(ref.seat, CHANNEL))
        if cursor is not None and cursor.events >= report.upto.events:
            return None
        text = report_text(match.game, report)
        # The GM is not prompted: its subject names the phase the seats are in.
        prompt = report.prompt or next(iter(match.prompts().values()), None)
        if report.result is not None:
            subject = f"{self.title(ref.game)}: the final result"
        elif prompt is not None:
            subject = f"{self.title(ref.game)}: {prompt.phase} (step {report.step})"
        else:
            subject = f"{self.title(ref.game)}: step {report.step}"
        key = f"report/{ref.game}/{ref.seat}/{report.step}/{report.upto.events}"
        return OutgoingReport(
            ref, report.step, subject, text, key, report.upto.events, report.upto.messages
        )

    def mark_delivered(self, report: OutgoingReport) -> None:
        with updating(self._game_path(report.ref.game)) as match:
            current = match.report(report.ref.seat, CHANNEL)
            current.upto = Cursor(report.upto_events, report.upto_messages)
            match.deliver(current)

    def send_press(self, ref: SeatRef, to: Sequence[Seat] | None, text: str) -> PressOutcome:
        with updating(self._game_path(ref.game)) as match:
            try:
                message = match.send(ref.seat, to, text)
            except SealedError as error:
                return PressOutcome(None, error=str(error))
            reached = tuple(s for s in match.readers if s != ref.seat and message.reaches(s))
            return PressOutcome(message.number, reached)

    def status(self, game: str) -> StepStatus:
        match = self._load(game)
        over = match.result() is not None
        return StepStatus(match.step, match.deadline, tuple(match.waiting_for()), over)

    def gm_command(self, game: str, command: str) -> str:
        words = command.split()
        verb = words[0].lower() if words else ""
        if verb == "status":
            return self._status(self._load(game))
        if verb == "preview" and len(words) == 2:
            match = self._load(game)
            return report_text(match.game, match.report(words[1], CHANNEL, full=True))
        if verb == "close":
            with updating(self._game_path(game)) as match:
                match.clock = self.clock or match.clock
                step = match.step
                match.close()
                return f"step {step} closed and opened; step {match.step} is open now"
        if verb == "preview":  # a known command written wrong: say how, not "unknown"
            raise SealedError(
                "write 'preview SEAT' (one seat), e.g. 'preview " + self._a_seat(game) + "'"
            )
        hint = did_you_mean(verb, COMMANDS) if verb not in ("extend", "pause", "resume") else ""
        raise SealedError(
            f"unknown command {command[:40]!r}{hint}: the commands are 'status', 'close' and "
            "'preview SEAT' ('extend' waits for the server's deadlines)"
        )

    # -- helpers ------------------------------------------------------------------
    def _a_seat(self, game: str) -> str:
        with self.lock:
            return next((e.seat for e in self.books.get(game, []) if e.seat != GM), "SEAT")

    def _status(self, match: Match[Any, Any, Any]) -> str:
        if match.result() is not None:
            return f"the game is over; step {match.step - 1} was the last"
        waiting = ", ".join(match.waiting_for()) or "nobody"
        sealed = ", ".join(sorted(match.pending)) or "nobody"
        due = f"; deadline {human_time(match.deadline)}" if match.deadline else ""
        return f"step {match.step} is open{due}. Sealed: {sealed}. Waiting for: {waiting}."

    def _load(self, game: str) -> Match[Any, Any, Any]:
        match = load_match(self._game_path(game))
        match.clock = self.clock or match.clock
        return match

    def _entry(self, ref: SeatRef) -> SeatEntry:
        for entry in self.books.get(ref.game, []):
            if entry.seat == ref.seat:
                return entry
        raise SealedError(f"no seat {ref.seat!r} in game {ref.game!r}")

    def _address(self, game: str, entry: SeatEntry) -> SeatAddress:
        return SeatAddress(game, entry.label, entry.secret)

    def _game_path(self, game: str) -> Path:
        return self.folder / f"{game}.json"

    def _save_book(self, game: str) -> None:
        path = self.folder / f"{game}.mail.json"
        data = json.dumps([e.to_json() for e in self.books[game]], indent=1)
        handle, temporary = tempfile.mkstemp(dir=self.folder, prefix=f".{path.name}.")
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temporary, 0o600)  # secrets: readable by the GM's user only
        os.replace(temporary, path)

    def _refresh(self) -> None:
        """Load the address books of games this object has not seen (the caller holds the lock)."""
        for path in sorted(self.folder.glob("*.mail.json")):
            game = path.name.removesuffix(".mail.json")
            if game not in self.books:
                rows = json.loads(path.read_text(encoding="utf-8"))
                self.books[game] = [SeatEntry(**{k: str(v) for k, v in r.items()}) for r in rows]
