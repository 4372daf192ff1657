"""The gateway's view of the games: a small interface any game store can implement.

The mail gateway (:mod:`sealed.mail.gateway`) never touches a game file or a
database itself; it talks to a :class:`GamePort`. Two implementations are
planned: :class:`sealed.mail.memory.MemoryPort` (game files through
:mod:`sealed.storage`, used by the tests and by a GM without the server)
and a database-backed one in the server (issue 11), written later.

Every implementation must keep these promises (the tests in ``tests/mail/``
hold :class:`~sealed.mail.memory.MemoryPort` to them; a new implementation
should run them too):

* **Acknowledge only after commit.** A method that changes a game
  (:meth:`GamePort.seal`, :meth:`GamePort.send_press`, :meth:`GamePort.gm_command`,
  :meth:`GamePort.mark_delivered`) returns only once the change is durable
  (fsynced file, committed transaction). The gateway answers the player and
  says ``250`` to SMTP only after it returns, so an acknowledged order
  survives a crash (RFC 5321 §6.1).
* **Refusals change nothing.** A refused order, press or command leaves the
  game exactly as it was, and says why in words for the player.
* **Nothing sent twice.** :meth:`GamePort.unread_report` returns a report
  with a ``key`` that is the same for the same content however often it is
  asked, until :meth:`GamePort.mark_delivered` moves the reader's cursor; the
  gateway queues the mail under that key (the outbox refuses a key it has
  seen) *before* marking it delivered, so a crash in between resends nothing.
* **Secrets compared in constant time.** :meth:`GamePort.find_seat` compares
  the secret of an address with :func:`sealed.mail.addresses.same_secret`; a
  revoked or unknown address finds nothing; the answer never says which part
  was wrong.
* **Views only.** Every text a port returns for a seat is built from that
  seat's report (:meth:`sealed.core.match.Match.report`), never from the
  game master's view.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from sealed.core.game import Seat
from sealed.core.match import SkippedLine
from sealed.mail.addresses import SeatAddress


@dataclass(frozen=True)
class SeatRef:
    """A seat of a game (``seat`` may be the game master, ``gm``)."""

    game: str
    seat: Seat


@dataclass(frozen=True)
class SealOutcome:
    """What became of one email's orders.

    ``step`` is the open step when the email was read (the one the orders
    count for if sealed); ``canonical`` the orders as the rules read them;
    ``skipped`` the lines set aside as not orders; ``error`` and ``code`` why
    nothing was sealed (``order/stale_step`` for a reply to an old round);
    ``same`` that these exact orders were already sealed (a resent email).
    """

    sealed: bool
    step: int
    phase: str = ""
    canonical: str = ""
    skipped: tuple[SkippedLine, ...] = ()
    error: str = ""
    code: str = ""
    deadline: str | None = None
    same: bool = False
    opened: bool = False


@dataclass(frozen=True)
class OutgoingReport:
    """A reader's report on channel ``email``, rendered, not yet marked delivered.

    ``key`` identifies its content (game, seat, step, cursor): asking again
    before delivery gives the same key, so the outbox sends it once.
    """

    ref: SeatRef
    step: int
    subject: str
    text: str
    key: str
    upto_events: int
    upto_messages: int


@dataclass(frozen=True)
class StepStatus:
    """Where a game stands: the open step, its deadline (ISO, or None), who has not sealed."""

    step: int
    deadline: str | None
    waiting: tuple[Seat, ...]
    over: bool


@dataclass(frozen=True)
class PressOutcome:
    """A message relayed (``number`` set, ``recipients`` the seats it reaches) or refused."""

    number: int | None
    recipients: tuple[Seat, ...] = ()
    error: str = ""


class GamePort(Protocol):
    """What the mail gateway needs from a game store. See the module for the guarantees."""

    def find_seat(self, address: SeatAddress) -> SeatRef | None:
        """The seat whose secret address this is; None if unknown, revoked or wrong.

        Secrets are compared in constant time.
        """
        ...

    def address_of(self, ref: SeatRef) -> SeatAddress:
        """The seat's current secret address (for From:/Reply-To: of its mail)."""
        ...

    def contact(self, ref: SeatRef) -> str:
        """The seat's registered real email address: every answer goes there, never to From:."""
        ...

    def seats(self, game: str) -> tuple[SeatRef, ...]:
        """Every seat of ``game``, the game master last."""
        ...

    def title(self, game: str) -> str:
        """A short name for subjects, e.g. ``Rex Furum g1``."""
        ...

    def seal(self, ref: SeatRef, body: str, step: int | None) -> SealOutcome:
        """Read ``body`` leniently as ``ref``'s orders for ``step`` (None: the open step) and seal.

        Committed before it returns. A stale ``step`` is refused as late, never
        sealed into the open step; an empty or chatter-only body is refused.
        """
        ...

    def unread_report(self, ref: SeatRef) -> OutgoingReport | None:
        """``ref``'s report on channel ``email`` if it has news not yet sent; reads only."""
        ...

    def mark_delivered(self, report: OutgoingReport) -> None:
        """Move the reader's ``email`` cursor to the report's; committed before it returns."""
        ...

    def send_press(self, ref: SeatRef, to: Sequence[Seat] | None, text: str) -> PressOutcome:
        """Record a message from ``ref`` to ``to`` (None: everyone); committed before it returns."""
        ...

    def status(self, game: str) -> StepStatus:
        """The open step, its deadline and the seats still to seal (never what anyone sealed)."""
        ...

    def gm_command(self, game: str, command: str) -> str:
        """Run a game master's command (``status``, ``close``, ``preview SEAT``); the answer's text.

        :raises sealed.core.errors.SealedError: an unknown or refused command; nothing changes.
        """
        ...
