"""Mail hygiene: never answer a machine, never answer too often.

:func:`automatic_reason` recognises mail written by programs (RFC 3834 and
what Discourse's receiver learned in practice, RELIABILITY.md "Email
gateway" and F1): such mail is never answered and its orders are never
sealed, so two robots can never play ping-pong through a game.
:class:`RateLimiter` caps how many emails one address may have read per
hour; a :class:`Limiter` kept in a database (the server's,
:class:`sealed.server.mailport.DatabaseLimiter`) holds across a restart.
"""

from __future__ import annotations

import re
import threading
from collections import deque
from collections.abc import Callable
from email.message import EmailMessage
from email.utils import getaddresses
from typing import Protocol

from sealed.mail.addresses import MailDomain

AUTO_PRECEDENCE = frozenset({"bulk", "list", "junk", "auto_reply"})
MACHINE_SENDERS = re.compile(
    r"^(?:mailer-daemon|postmaster|no-?reply|do-?not-?reply|bounces?)(?:[+@.-]|$)", re.I
)
AUTO_HEADERS = ("X-Autoreply", "X-Autorespond", "X-Autoresponder", "X-Auto-Reply")
OUT_OF_OFFICE = re.compile(
    r"^\s*(?:auto(?:matic)?[ -]?reply|out of (?:the )?office|autoreply|abwesenheit"
    r"|réponse automatique|absence|respuesta automática|vacation|away from)",
    re.I,
)


def automatic_reason(message: EmailMessage, sender: str | None, where: MailDomain) -> str | None:
    """Why ``message`` is a machine's (bounce, auto-reply, our own mail), or None for a person's.

    ``sender`` is the envelope sender (``MAIL FROM``), empty for bounces;
    None when it is not known (mail fetched from a mailbox).
    """
    checks = (
        _auto_submitted(message),
        _null_sender(message, sender),
        _precedence(message),
        _auto_header(message),
        _delivery_report(message),
        _machine_from(message, sender),
        _ours(message, sender, where),
        _out_of_office(message),
    )
    return next((reason for reason in checks if reason), None)


def _header(message: EmailMessage, name: str) -> str:
    try:
        value = message.get(name)
    except Exception:  # a header the parser cannot read is treated as absent
        return ""
    return "" if value is None else str(value).strip()


def _auto_submitted(message: EmailMessage) -> str | None:
    value = _header(message, "Auto-Submitted").lower()
    return f"Auto-Submitted: {value}" if value and value != "no" else None


def _null_sender(message: EmailMessage, sender: str | None) -> str | None:
    if sender is not None and sender.replace(" ", "") in ("", "<>"):
        return "a null envelope sender (a bounce)"
    if _header(message, "Return-Path").replace(" ", "") == "<>":
        return "Return-Path: <> (a bounce)"
    return None


def _precedence(message: EmailMessage) -> str | None:
    value = _header(message, "Precedence").lower()
    return f"Precedence: {value}" if value in AUTO_PRECEDENCE else None


def _auto_header(message: EmailMessage) -> str | None:
    return next((f"{name} header" for name in AUTO_HEADERS if _header(message, name)), None)


def _delivery_report(message: EmailMessage) -> str | None:
    if message.get_content_type() == "multipart/report":
        return "a delivery status report (multipart/report)"
    return None


def _from_addresses(message: EmailMessage) -> list[str]:
    return [address.lower() for _, address in getaddresses([_header(message, "From")]) if address]


def _senders(message: EmailMessage, sender: str | None) -> list[str]:
    envelope = [] if sender is None else [sender.strip("<> ").lower()]
    return [*envelope, *_from_addresses(message)]


def _machine_from(message: EmailMessage, sender: str | None) -> str | None:
    for address in _senders(message, sender):
        if MACHINE_SENDERS.match(address):
            return f"sent by {address.split('@')[0]}"
    return None


def _ours(message: EmailMessage, sender: str | None, where: MailDomain) -> str | None:
    message_id = _header(message, "Message-ID").lower()
    if message_id.startswith("<sealed.") and message_id.endswith(f"@{where.domain.lower()}>"):
        return "our own message (its Message-ID is ours)"
    if where.domain.lower() in _header(message, "X-Loop").lower():
        return "X-Loop names this gateway"
    ours = f"{where.local.lower()}+"
    for address in _senders(message, sender):
        if address.startswith(ours) and address.endswith(f"@{where.domain.lower()}"):
            return "sent from one of the game's own addresses"
    return None


def _out_of_office(message: EmailMessage) -> str | None:
    subject = _header(message, "Subject")
    return "an out-of-office subject" if OUT_OF_OFFICE.match(subject) else None


class Limiter(Protocol):
    """Counts events per key against a limit: :class:`RateLimiter`, or one kept in a database."""

    def allow(self, key: str, now: float) -> bool:
        """Count one event for ``key`` at ``now`` if it is within the limit; True if counted."""
        ...


# Makes the limiter called ``name`` (senders, seats) for ``limit`` events per ``window`` s.
LimiterFactory = Callable[[str, int, float], Limiter]


def in_memory(name: str, limit: int, window: float) -> Limiter:
    """A limiter that a restart forgets (the game-file gateway's; the server's is durable)."""
    return RateLimiter(limit, window)


class RateLimiter:
    """At most ``limit`` events per key in any ``window`` seconds (a sliding window), in memory."""

    def __init__(self, limit: int, window: float) -> None:
        self.limit = limit
        self.window = window
        self.seen: dict[str, deque[float]] = {}
        self.lock = threading.Lock()

    def allow(self, key: str, now: float) -> bool:
        """Count one event for ``key`` at ``now`` if it is within the limit; True if counted."""
        with self.lock:
            times = self.seen.setdefault(key, deque())
            while times and times[0] <= now - self.window:
                times.popleft()
            if len(times) >= self.limit:
                return False
            times.append(now)
            return True
