"""Outbound mail: a durable outbox that never sends a message twice, and the relay it sends through.

Every outgoing email is put in the outbox under an idempotency key (a report
is ``report/<game>/<seat>/<step>/<events>``, an answer ``answer/<Message-ID>/...``).
Putting a key that is already there does nothing and says so: this is how a
resent email, a redelivered SMTP message or a crash between "queued" and
"marked delivered" never sends anything twice. Each message is a folder
entry written atomically and fsynced (``<digest>.eml`` and ``<digest>.json``),
claimed with ``O_EXCL`` so two threads or processes cannot both take a key.

:meth:`Outbox.flush` sends what is due through any SMTP relay (:class:`Relay`:
host, port, plain, STARTTLS or TLS, credentials). A temporary failure is
retried with exponential backoff; a permanent one (5xx), or too many
attempts, marks the message failed and keeps it for the game master to see
(:meth:`Outbox.failed`). The one duplicate SMTP itself allows: a crash after
the relay said 250 and before "sent" was written resends once, with the same
Message-ID (RELIABILITY.md A3).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import smtplib
import ssl
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from email import policy
from email.headerregistry import Address
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import getaddresses
from pathlib import Path
from typing import Any, Literal

from sealed.core.errors import SealedError

Security = Literal["none", "starttls", "tls"]


@dataclass(frozen=True)
class Relay:
    """Where outgoing mail goes: an SMTP relay (a provider's, or a local MTA)."""

    host: str = "127.0.0.1"
    port: int = 25
    security: Security = "none"
    username: str | None = None
    password: str | None = None
    timeout: float = 30.0
    envelope_from: str = ""  # MAIL FROM; "" (the null sender) so bounces of our mail never loop
    ca_file: str | None = None  # trust this CA (a relay with a private certificate)

    def tls_context(self) -> ssl.SSLContext:
        """How the relay's certificate is checked: always verified, host name included.

        There is deliberately no way to switch verification off: a relay whose
        certificate is private gets its CA named in ``ca_file`` instead, so the
        password is never sent to whoever answers on the relay's port.
        """
        return ssl.create_default_context(cafile=self.ca_file)


class UnknownMailError(SealedError):
    """The console named an outbox entry its game does not have (or no longer)."""

    code = "mail/unknown"


class MailBusyError(SealedError):
    """The console asked to retry or drop the email being handed to the relay right now."""

    code = "mail/sending"


ENTRY = re.compile(r"[0-9a-f]{32}")  # an outbox entry's name (a digest of its key)


@dataclass(frozen=True)
class Undelivered:
    """A message not sent yet, as the game master's console lists it (never its text)."""

    entry: str
    seat: str
    about: str
    state: str  # queued (waiting or retrying) or failed (given up on)
    attempts: int
    error: str
    next_attempt: float | None  # when it is tried again (None: given up on)


@dataclass(frozen=True)
class Flushed:
    """What one :meth:`Outbox.flush` did: sent, retried later, failed for good."""

    sent: int = 0
    retry: int = 0
    failed: int = 0


class Outbox:
    """A folder of outgoing messages; see the module docstring."""

    def __init__(
        self,
        folder: Path,
        relay: Relay,
        clock: Callable[[], float] = time.time,
        max_attempts: int = 8,
        first_delay: float = 30.0,
        max_delay: float = 3600.0,
    ) -> None:
        self.folder = folder
        self.relay = relay
        self.clock = clock
        self.max_attempts = max_attempts
        self.first_delay = first_delay
        self.max_delay = max_delay
        self.sending = threading.Lock()  # one flush at a time
        # Metadata is read, changed and written under this lock (the console's retry and
        # drop run beside a flush); the entry being handed to the relay is ``in_flight``.
        self.metadata = threading.Lock()
        self.in_flight: str | None = None
        # A seat's current secret address, by (game, seat), asked as each mail leaves (the
        # gateway sets it): mail queued before the address was renewed goes out from the
        # new one, so a reply to it is not refused. None (or a seat with no address left):
        # the From: written when the mail was queued.
        self.current_from: Callable[[str, str], str | None] | None = None
        # Why the last flush that had mail to send could not use the relay (None: it could).
        self.relay_error: str | None = None
        folder.mkdir(parents=True, exist_ok=True)

    # -- queueing -----------------------------------------------------------------
    def put(
        self, key: str, message: EmailMessage, game: str = "", seat: str = "", about: str = ""
    ) -> bool:
        """Queue ``message`` under ``key``; False (nothing queued) if the key was seen before.

        ``game``, ``seat`` and ``about`` (what the mail is, in words of ours: never a
        player's text) are what the game master's console lists while it is undelivered.
        """
        final = self.folder / f"{self._name(key)}.eml"
        temporary = self._write_temporary(message.as_bytes(policy=policy.SMTP))
        try:
            os.link(temporary, final)  # the claim: atomic, and refused if the key exists
        except FileExistsError:
            return False
        finally:
            temporary.unlink(missing_ok=True)
        meta = {"key": key, "state": "queued", "attempts": 0, "next": 0.0}
        meta["queued_ns"] = time.time_ns()  # the order mail goes out in (not the test clock)
        self._save_meta(final, {**meta, "game": game, "seat": seat, "about": about[:200]})
        return True

    def has(self, key: str) -> bool:
        return (self.folder / f"{self._name(key)}.eml").exists()

    def messages(self, state: str | None = None) -> list[dict[str, Any]]:
        """Every entry's metadata (key, state, attempts, next, error), optionally of one state."""
        entries = [self._meta(path) for path in sorted(self.folder.glob("*.eml"))]
        return [e for e in entries if state is None or e["state"] == state]

    def failed(self) -> list[dict[str, Any]]:
        """Messages given up on (for the game master's console)."""
        return self.messages("failed")

    def undelivered(self, game: str) -> list[Undelivered]:
        """``game``'s messages not sent yet: waiting, retrying, or given up on; oldest first.

        What the game master's console lists: never a message's text, only what it is.
        """
        found = []
        for path, meta in self._in_order():
            owner, seat = _owner(meta)
            if meta["state"] in ("queued", "failed") and owner == game:
                found.append(
                    Undelivered(
                        path.stem,
                        seat,
                        str(meta.get("about", "")),
                        str(meta["state"]),
                        int(meta["attempts"]),
                        str(meta.get("error", "")),
                        float(meta["next"]) if meta["state"] == "queued" else None,
                    )
                )
        return found

    def retry_now(self, game: str, entry: str) -> None:
        """Send ``game``'s message ``entry`` at the next flush, even one given up on.

        One more attempt: a message given up on that fails again stays given up on.

        :raises UnknownMailError: ``game`` has no undelivered message ``entry``.
        """
        with self.metadata:
            path, meta = self._entry(game, entry)
            if meta["state"] == "failed":
                meta["attempts"] = max(0, self.max_attempts - 1)
            meta.update(state="queued", next=0.0)
            self._save_meta(path, meta)

    def drop(self, game: str, entry: str) -> None:
        """Never send ``game``'s message ``entry``; its key stays taken (never queued again).

        :raises UnknownMailError: ``game`` has no undelivered message ``entry``.
        """
        with self.metadata:
            path, meta = self._entry(game, entry)
            meta.update(state="dropped", dropped_at=self.clock())
            self._save_meta(path, meta)

    def _entry(self, game: str, entry: str) -> tuple[Path, dict[str, Any]]:
        path = self.folder / f"{entry}.eml"
        meta = self._meta(path) if ENTRY.fullmatch(entry) and path.exists() else {}
        if not meta or _owner(meta)[0] != game or meta["state"] not in ("queued", "failed"):
            # another game's, sent or dropped meanwhile, or no such entry: the same answer
            raise UnknownMailError(
                "this game has no such undelivered email (it was sent or dropped meanwhile?)"
            )
        if entry == self.in_flight:
            raise MailBusyError("this email is being sent right now: look again in a moment")
        return path, meta

    # -- sending ------------------------------------------------------------------
    def flush(self) -> Flushed:
        """Send every queued message that is due; one connection for all of them."""
        with self.sending:
            due = [
                path
                for path, meta in self._in_order()
                if meta["state"] == "queued" and meta["next"] <= self.clock()
            ]
            if not due:
                return Flushed()
            try:
                with self._connect() as smtp:
                    self.relay_error = None
                    return self._send_all(smtp, due)
            except (OSError, smtplib.SMTPException) as error:
                self.relay_error = " ".join(str(error).split()) or type(error).__name__
                return self._all_retry(due, error)

    def _send_all(self, smtp: smtplib.SMTP, due: list[Path]) -> Flushed:
        states = [self._send_one(smtp, path) for path in due]
        return Flushed(states.count("sent"), states.count("queued"), states.count("failed"))

    def _send_one(self, smtp: smtplib.SMTP, path: Path) -> str:
        """Hand one message to the relay; its new state ("" if dropped since it was due)."""
        with self.metadata:
            queued = self._meta(path)
            if queued["state"] != "queued":
                return ""  # the game master dropped it after the flush began
            self.in_flight = path.stem
        try:
            raw = path.read_bytes()
            message = BytesParser(policy=policy.default).parsebytes(raw)
            raw = self._from_now(message, queued) or raw
            recipients = [a for _, a in getaddresses([str(v) for v in message.get_all("To", [])])]
            try:
                smtp.sendmail(self.relay.envelope_from, recipients, raw)
            except smtplib.SMTPResponseException as error:
                text = f"{error.smtp_code} {_said(error.smtp_error)}"
                permanent = error.smtp_code >= 500
            except smtplib.SMTPRecipientsRefused as error:
                text, permanent = f"recipients refused: {error.recipients}", True
            else:
                text, permanent = "", False
            with self.metadata:
                meta = self._meta(path)
                if text:
                    return self._failure(path, meta, text, permanent)
                meta.update(state="sent", error="", sent_at=self.clock())
                self._save_meta(path, meta)
                return "sent"
        finally:
            with self.metadata:
                self.in_flight = None

    def _from_now(self, message: EmailMessage, meta: dict[str, Any]) -> bytes | None:
        """``message`` from its seat's address as it is now, if that changed since it was
        queued (the bytes to send); None: send it as queued."""
        game, seat = str(meta.get("game", "")), str(meta.get("seat", ""))
        if self.current_from is None or not game or not seat:
            return None  # a bounce to a stranger, or mail queued before seats were recorded
        now = self.current_from(game, seat)
        written = message["From"]
        addresses: tuple[Address, ...] = tuple(getattr(written, "addresses", ()))
        if now is None or len(addresses) != 1 or addresses[0].addr_spec == now:
            return None
        del message["From"]
        message["From"] = Address(display_name=addresses[0].display_name, addr_spec=now)
        return message.as_bytes(policy=policy.SMTP)

    def _all_retry(self, due: list[Path], error: Exception) -> Flushed:
        retry = failed = 0
        for path in due:
            with self.metadata:
                meta = self._meta(path)
                if meta["state"] != "queued":
                    continue  # dropped meanwhile
                state = self._failure(path, meta, f"relay: {error}", False)
            retry += state == "queued"
            failed += state == "failed"
        return Flushed(0, retry, failed)

    def _failure(self, path: Path, meta: dict[str, Any], error: str, permanent: bool) -> str:
        attempts = int(meta["attempts"]) + 1
        give_up = permanent or attempts >= self.max_attempts
        delay = min(self.max_delay, self.first_delay * 2 ** (attempts - 1))
        meta.update(
            attempts=attempts,
            error=error[:300],
            state="failed" if give_up else "queued",
            next=self.clock() + delay,
        )
        self._save_meta(path, meta)
        return str(meta["state"])

    def _connect(self) -> contextlib.AbstractContextManager[smtplib.SMTP]:
        return connect(self.relay)

    # -- files ----------------------------------------------------------------------
    def _name(self, key: str) -> str:
        return hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]

    def _in_order(self) -> list[tuple[Path, dict[str, Any]]]:
        """Every entry with its metadata, oldest first (mail goes out in the order queued)."""
        entries = [(path, self._meta(path)) for path in self.folder.glob("*.eml")]
        return sorted(entries, key=lambda entry: (_queued_ns(*entry), entry[0].name))

    def _meta(self, eml: Path) -> dict[str, Any]:
        """An entry's metadata; an entry whose metadata was never written (a crash) is queued."""
        try:
            data: dict[str, Any] = json.loads(eml.with_suffix(".json").read_text(encoding="utf-8"))
        except FileNotFoundError:
            data = {"key": eml.stem, "state": "queued", "attempts": 0, "next": 0.0}
        return data

    def _save_meta(self, eml: Path, meta: dict[str, Any]) -> None:
        temporary = self._write_temporary(json.dumps(meta).encode("utf-8"))
        os.replace(temporary, eml.with_suffix(".json"))

    def _write_temporary(self, data: bytes) -> Path:
        """``data`` in a new fsynced file of the folder (to be renamed or linked into place)."""
        handle, name = tempfile.mkstemp(dir=self.folder, prefix=".tmp.")
        try:
            with os.fdopen(handle, "wb") as file:
                file.write(data)
                file.flush()
                os.fsync(file.fileno())
        except BaseException:
            Path(name).unlink(missing_ok=True)
            raise
        return Path(name)


@contextlib.contextmanager
def connect(relay: Relay) -> Iterator[smtplib.SMTP]:
    """A session with ``relay``: connected, EHLO, STARTTLS and AUTH as configured; QUIT after.

    :raises OSError, smtplib.SMTPException: the relay cannot be reached or refused us.
    """
    smtp: smtplib.SMTP
    if relay.security == "tls":
        context = relay.tls_context()
        smtp = smtplib.SMTP_SSL(relay.host, relay.port, timeout=relay.timeout, context=context)
    else:
        smtp = smtplib.SMTP(relay.host, relay.port, timeout=relay.timeout)
    try:
        smtp.ehlo()
        if relay.security == "starttls":
            smtp.starttls(context=relay.tls_context())  # refused unless offered: never plain
            smtp.ehlo()
        if relay.username is not None:
            smtp.login(relay.username, relay.password or "")
        yield smtp
    finally:
        with contextlib.suppress(OSError, smtplib.SMTPException):
            smtp.quit()


def _queued_ns(eml: Path, meta: dict[str, Any]) -> int:
    """When an entry was queued: recorded at :meth:`Outbox.put` (the file's time is only as
    fine as the kernel's clock tick, too coarse to order mail queued together)."""
    recorded = meta.get("queued_ns")
    return int(recorded) if isinstance(recorded, int) else eml.stat().st_mtime_ns


def _owner(meta: dict[str, Any]) -> tuple[str, str]:
    """The game and seat a message is for: recorded since the console lists them, else read
    from its key (mail queued before: ``report/<game>/<seat>/...``, ``press/<game>/<n>/<seat>``,
    ``reminder/<game>/<step>/<seat>``, ``answer/<Message-ID>/<game>/<seat>``)."""
    if meta.get("game"):
        return str(meta["game"]), str(meta.get("seat", ""))
    key = str(meta.get("key", ""))
    kind, _, rest = key.partition("/")
    parts = rest.split("/")
    if kind == "report" and len(parts) >= 2:
        return parts[0], parts[1]
    if kind in ("press", "reminder") and len(parts) == 3:
        return parts[0], parts[2]
    if kind == "answer" and len(parts) >= 3:
        return parts[-2], parts[-1]
    return "", ""  # a bounce to a stranger: no game's


def _said(reply: bytes | str) -> str:
    """The relay's words, for the game master to read (bytes as text, on one line)."""
    text = reply.decode("utf-8", "replace") if isinstance(reply, bytes) else str(reply)
    return " ".join(text.split())
