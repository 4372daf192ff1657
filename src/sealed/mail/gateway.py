"""The gateway: one inbound email in, the right answers queued out.

:meth:`Gateway.receive` takes the raw bytes and the envelope (recipients,
sender) of one email, from the SMTP server (:mod:`sealed.mail.smtp`) or any
other source, and for each recipient that is a seat's secret address:

1. refuses machines (:func:`~sealed.mail.hygiene.automatic_reason`): a
   bounce or an auto-reply is never answered and never sealed;
2. limits each sender and each seat to so many emails an hour;
3. finds the seat from the address alone (:class:`~sealed.mail.port.GamePort`);
   ``From:`` only adds a note when it is not the registered address;
4. reads the player's own text (:mod:`sealed.mail.reading`) and the step the
   email answers (our Message-ID in ``In-Reply-To``/``References``, else
   ``(step N)`` in the subject, else the open step);
5. seals it, relays press (a first line ``press to ben, cara:``) or runs a
   game master's command, through the port (committed before it returns);
6. queues the answer in the :class:`~sealed.mail.outbox.Outbox` under a key
   made from the email's Message-ID, so the same email delivered twice is
   answered once; then queues the reports of a step that opened.

Answers go to the seat's registered address, never to ``From:``.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import formatdate, getaddresses

from sealed.core.errors import SealedError
from sealed.core.game import GM
from sealed.mail import answers
from sealed.mail.addresses import MailDomain, parse_address
from sealed.mail.htmlpart import report_html
from sealed.mail.hygiene import LimiterFactory, automatic_reason, in_memory
from sealed.mail.outbox import Outbox
from sealed.mail.port import GamePort, SealOutcome, SeatRef
from sealed.mail.reading import (
    MailRefused,
    MailTooLarge,
    PlayerText,
    parse_email,
    read_player_text,
)
from sealed.report import printable

THREAD_ID = re.compile(r"<sealed\.([a-z0-9_.]+)\.s(\d{1,6})\.[a-z0-9]+@([^>\s]+)>", re.I)
SUBJECT_STEP = re.compile(r"\(step (\d{1,6})\)", re.I)
PRESS = re.compile(r"^\s*(?:press|message)\s+to\s+([^:\n]{1,300}):[ \t]*(.*)$", re.I)
EVERYONE = frozenset({"all", "everyone", "everybody"})
MAX_REFERENCES = 10


@dataclass(frozen=True)
class Received:
    """What became of one email for one recipient (for logs, the SMTP reply and tests)."""

    recipient: str
    outcome: (
        str  # sealed, refused, press, gm, automatic, unknown, rate-limited, too-large, duplicate
    )
    detail: str = ""
    ref: SeatRef | None = None
    seal: SealOutcome | None = None


@dataclass(frozen=True)
class Limits:
    """How many emails one sender, and one seat, may have read per hour."""

    per_sender: int = 30
    per_seat: int = 30
    window: float = 3600.0


class Gateway:
    """Reads inbound mail for the games of a :class:`GamePort`; see the module docstring."""

    def __init__(
        self,
        port: GamePort,
        where: MailDomain,
        outbox: Outbox,
        clock: Callable[[], float] = time.time,
        limits: Limits | None = None,
        limiter: LimiterFactory = in_memory,
    ) -> None:
        self.port = port
        self.where = where
        self.outbox = outbox
        self.clock = clock
        limits = limits or Limits()
        self.senders = limiter("senders", limits.per_sender, limits.window)
        self.seat_limit = limiter("seats", limits.per_seat, limits.window)
        outbox.current_from = self.current_address  # From: is the address when mail leaves

    def current_address(self, game: str, seat: str) -> str | None:
        """The seat's secret address now (None: it has none, e.g. revoked on the server).

        A renewed address must not leave mail queued before it pointing at the
        old one (a reply to it would be refused), so the outbox asks this as each
        mail leaves; the old address is refused at once, with no grace period:
        a renewal is how a leaked address is shut.
        """
        try:
            return self.port.address_of(SeatRef(game, seat)).render(self.where)
        except SealedError:
            return None

    # -- inbound ------------------------------------------------------------------
    def accepts(self, recipient: str) -> bool:
        """True if ``recipient`` is a live seat address (for SMTP's ``RCPT TO``)."""
        address = parse_address(recipient, self.where)
        return address is not None and self.port.find_seat(address) is not None

    def receive(self, raw: bytes, recipients: Sequence[str], sender: str | None) -> list[Received]:
        """Read one email to ``recipients``; ``sender`` is the envelope sender (None: unknown)."""
        try:
            message = parse_email(raw)
        except MailTooLarge as error:
            return [Received(r, "too-large", str(error)) for r in recipients]
        except MailRefused as error:  # never answered: mail like this comes from no person
            return [Received(r, "unreadable", str(error)) for r in recipients]
        reason = automatic_reason(message, sender, self.where)
        if reason is not None:
            return [Received(r, "automatic", reason) for r in recipients]
        who = _sender_key(message, sender)
        if not self.senders.allow(who, self.clock()):
            return [Received(r, "rate-limited", f"too many emails from {who}") for r in recipients]
        message_id = _message_id(message, raw)
        text = read_player_text(message)
        return [self._one(message, message_id, text, r, sender) for r in recipients]

    def _one(
        self,
        message: EmailMessage,
        message_id: str,
        text: PlayerText,
        recipient: str,
        sender: str | None,
    ) -> Received:
        address = parse_address(recipient, self.where)
        ref = None if address is None else self.port.find_seat(address)
        if ref is None:
            self._bounce(message, message_id, recipient, sender)
            return Received(recipient, "unknown", "no game has this address")
        key = f"answer/{message_id}/{ref.game}/{ref.seat}"
        if self.outbox.has(key):
            return Received(recipient, "duplicate", "this email was answered already", ref)
        if not self.seat_limit.allow(f"{ref.game}/{ref.seat}", self.clock()):
            return Received(recipient, "rate-limited", "too many emails for this seat", ref)
        if ref.seat == GM:
            return self._gm(message, key, text, recipient, ref)
        press = _press(text.text)
        if press is not None:
            return self._press(message, key, recipient, ref, *press)
        return self._orders(message, key, text, recipient, ref)

    def _orders(
        self, message: EmailMessage, key: str, text: PlayerText, recipient: str, ref: SeatRef
    ) -> Received:
        step = self._thread_step(message, ref.game)
        outcome = self.port.seal(ref, text.text, step)
        note = self._from_note(message, ref)
        body = answers.seal_answer(self.port.title(ref.game), outcome, text.notes, note)
        self._answer(message, key, ref, outcome.step, body)
        if outcome.opened:
            self.send_reports(ref.game)
        kind = "sealed" if outcome.sealed else "refused"
        return Received(recipient, kind, outcome.canonical or outcome.error, ref, outcome)

    def _press(
        self,
        message: EmailMessage,
        key: str,
        recipient: str,
        ref: SeatRef,
        to: list[str] | None,
        body: str,
    ) -> Received:
        result = self.port.send_press(ref, to, body)
        if result.number is not None:
            shown = "everyone" if to is None else ", ".join(to)
            for seat in result.recipients:
                self._relay(ref, SeatRef(ref.game, seat), shown, result.number, body)
        text = answers.press_answer(result.number, result.recipients, result.error)
        self._answer(message, key, ref, None, text)
        outcome = "press" if result.number is not None else "refused"
        return Received(recipient, outcome, result.error, ref)

    def _gm(
        self, message: EmailMessage, key: str, text: PlayerText, recipient: str, ref: SeatRef
    ) -> Received:
        lines = [line.strip() for line in text.text.splitlines() if line.strip()]
        command = lines[0][:200] if lines else ""
        try:
            body = answers.gm_answer(command, self.port.gm_command(ref.game, command))
            outcome = "gm"
        except SealedError as error:
            body, outcome = answers.no_command_answer(str(error)), "refused"
        self._answer(message, key, ref, None, body)
        self.send_reports(ref.game)
        return Received(recipient, outcome, command, ref)

    # -- outbound -----------------------------------------------------------------
    def send_reports(self, game: str) -> int:
        """Queue every seat's unsent report of ``game`` (the GM's full account too); how many.

        Queued under the report's key before it is marked delivered, so a
        crash in between queues nothing twice.
        """
        queued = 0
        for ref in self.port.seats(game):
            report = self.port.unread_report(ref)
            if report is None:
                continue
            mail = self.compose(ref, report.subject, report.text, report.step, "auto-generated")
            html = report_html(report.text)  # tables as tables, when the report has some
            if html is not None:
                mail.add_alternative(html, subtype="html")
            queued += self.outbox.put(report.key, mail, ref.game, ref.seat, report.subject)
            self.port.mark_delivered(report)
        return queued

    def _answer(
        self, incoming: EmailMessage, key: str, ref: SeatRef, step: int | None, text: str
    ) -> None:
        subject = _header(incoming, "Subject") or self.port.title(ref.game)
        if not subject.lower().startswith("re:"):
            subject = f"Re: {subject}"
        mail = self.compose(ref, subject, text, step, "auto-replied")
        incoming_id = _header(incoming, "Message-ID")
        if incoming_id:
            earlier = _header(incoming, "References").split()[-MAX_REFERENCES:]
            mail["In-Reply-To"] = incoming_id
            mail["References"] = " ".join([*earlier, incoming_id])
        # The console names an answer, never its subject: that is the player's own text.
        self.outbox.put(key, mail, ref.game, ref.seat, f"the answer to an email of {ref.seat}")

    def _relay(self, sender: SeatRef, reader: SeatRef, to: str, number: int, text: str) -> None:
        title = self.port.title(sender.game)
        subject = f"{title}: message #{number} from {sender.seat}"
        body = answers.press_relay(title, sender.seat, to, number, text)
        mail = self.compose(reader, subject, body, None, "auto-generated", f"{sender.seat} via")
        key = f"press/{sender.game}/{number}/{reader.seat}"
        self.outbox.put(key, mail, reader.game, reader.seat, subject)

    def compose(
        self,
        ref: SeatRef,
        subject: str,
        text: str,
        step: int | None,
        auto: str = "auto-generated",
        name_prefix: str = "",
    ) -> EmailMessage:
        """A plain text mail to ``ref``'s registered address from ``ref``'s own secret address.

        (A report's HTML part is added to it as an alternative: :mod:`sealed.mail.htmlpart`.)
        """
        title = self.port.title(ref.game)
        own = self.port.address_of(ref).render(self.where)
        mail = EmailMessage()
        name = _one_line(f"{name_prefix} {title}".strip())
        mail["From"] = Address(display_name=name, addr_spec=own)
        mail["To"] = self.port.contact(ref)
        mail["Subject"] = _one_line(subject)[:200]
        mail["Date"] = formatdate(self.clock(), usegmt=True)
        mail["Message-ID"] = self._message_id(ref.game, step)
        mail["Auto-Submitted"] = auto  # RFC 3834: so other robots do not answer us
        mail["X-Loop"] = f"{self.where.local}@{self.where.domain}"
        # Every mail of ours quotes players' own words (press, narrations, skipped lines,
        # a GM's command): their control characters (ANSI escapes, bidi overrides) would
        # drive the reader's mail client or terminal, so each is shown as its escape.
        mail.set_content(printable(text))
        return mail

    def _message_id(self, game: str, step: int | None) -> str:
        """Ours, naming the step so that a reply says which step it answers."""
        return f"<sealed.{game}.s{step or 0}.{secrets.token_hex(8)}@{self.where.domain}>"

    def _bounce(
        self, message: EmailMessage, message_id: str, recipient: str, sender: str | None
    ) -> None:
        """Tell the envelope sender (never ``From:``) that the address is unknown; rate-limited."""
        if not sender or not self.senders.allow(f"bounce/{sender}", self.clock()):
            return
        mail = EmailMessage()
        mail["From"] = f"{self.where.local}@{self.where.domain}"
        mail["To"] = sender.strip("<>")
        mail["Subject"] = "Undeliverable: " + _one_line(_header(message, "Subject"))[:150]
        mail["Date"] = formatdate(self.clock(), usegmt=True)
        mail["Message-ID"] = self._message_id("bounce", None)
        mail["Auto-Submitted"] = "auto-replied"
        mail.set_content(f"{answers.UNKNOWN_ADDRESS}\n")
        self.outbox.put(f"bounce/{message_id}/{recipient.lower()}", mail)

    # -- reading the envelope -----------------------------------------------------------
    def _thread_step(self, message: EmailMessage, game: str) -> int | None:
        """The step our mail that this one answers was about (None: not an answer to ours)."""
        ids = [_header(message, "In-Reply-To"), *reversed(_header(message, "References").split())]
        for candidate in ids:
            found = THREAD_ID.search(candidate)
            if (
                found
                and found.group(1).lower() == game
                and found.group(3).lower() == self.where.domain.lower()
                and int(found.group(2)) > 0
            ):
                return int(found.group(2))
        subject = SUBJECT_STEP.search(_header(message, "Subject"))
        return int(subject.group(1)) if subject else None

    def _from_note(self, message: EmailMessage, ref: SeatRef) -> str:
        written = [a.lower() for _, a in getaddresses([_header(message, "From")]) if a]
        registered = self.port.contact(ref).lower()
        if written and written[0] == registered:
            return ""
        shown = _one_line(written[0] if written else "(no From: line)")[:100]
        return answers.from_mismatch_note(shown)


def _header(message: EmailMessage, name: str) -> str:
    try:
        value = message.get(name)
    except Exception:  # a header the parser cannot read (hostile mail) counts as absent
        return ""
    return "" if value is None else _one_line(str(value))


def _one_line(text: str) -> str:
    """No line breaks or control characters: nothing a player wrote can add a header."""
    return "".join(c if c.isprintable() else " " for c in text).strip()


def _message_id(message: EmailMessage, raw: bytes) -> str:
    given = _header(message, "Message-ID")[:200]
    return given or "sha256:" + hashlib.sha256(raw).hexdigest()


def _sender_key(message: EmailMessage, sender: str | None) -> str:
    if sender:
        return sender.strip("<> ").lower()
    written = [a.lower() for _, a in getaddresses([_header(message, "From")]) if a]
    return written[0] if written else "(unknown)"


def _press(text: str) -> tuple[list[str] | None, str] | None:
    """``press to ben, cara: text`` as (recipients or None for everyone, text), else None."""
    lines = text.split("\n")
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None:
        return None
    found = PRESS.match(lines[first])
    if found is None:
        return None
    names = [n for n in re.split(r"\s*,\s*|\s+and\s+|\s+", found.group(1).strip()) if n]
    body = "\n".join([found.group(2), *lines[first + 1 :]]).strip()
    if any(n.lower() in EVERYONE for n in names):
        return None, body
    return names, body
