"""A test SMTP relay on loopback: an aiosmtpd server that keeps what it receives.

It can be told to answer the next messages with given codes (``451``,
``550``) to test retries. Waiting for mail is bounded (a generous time limit
that only stops a broken test from hanging; nothing asserts speed).
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, AuthResult, Envelope, LoginPassword, Session

WAIT_LIMIT = 60.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Sink:
    """aiosmtpd handler keeping every accepted message (and its envelope)."""

    def __init__(self) -> None:
        self.messages: list[tuple[str, list[str], bytes]] = []
        self.parsed_mail: list[EmailMessage] = []
        self.replies: list[str] = []  # codes to answer with first, e.g. ["451 busy"]
        self.changed = threading.Condition(threading.RLock())

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        with self.changed:
            if self.replies:
                return self.replies.pop(0)
            raw = envelope.original_content or b""
            self.messages.append((envelope.mail_from or "", list(envelope.rcpt_tos), raw))
            self.parsed_mail.append(BytesParser(policy=policy.default).parsebytes(raw))
            self.changed.notify_all()
        return "250 OK"

    def parsed(self) -> list[EmailMessage]:
        with self.changed:
            return list(self.parsed_mail)

    def wait_for(self, count: int) -> list[EmailMessage]:
        """Every message, once there are at least ``count`` (bounded wait)."""
        return self.wait_until(lambda mail: len(mail) >= count, f"{count} messages")

    def wait_until(
        self, done: Callable[[list[EmailMessage]], bool], what: str
    ) -> list[EmailMessage]:
        """Every message, once ``done`` holds for them (bounded wait)."""
        end = time.monotonic() + WAIT_LIMIT
        with self.changed:
            while not done(mail := self.parsed()):
                left = end - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"the relay never got {what} ({len(mail)} messages)")
                self.changed.wait(left)
        return mail


def password_check(user: str, password: str) -> Callable[..., AuthResult]:
    """An aiosmtpd authenticator accepting one login (LOGIN and PLAIN)."""

    def check(
        server: SMTP, session: Session, envelope: Envelope, mechanism: str, data: Any
    ) -> AuthResult:
        ok = isinstance(data, LoginPassword) and data == (user.encode(), password.encode())
        return AuthResult(success=ok, handled=False)

    return check


@contextmanager
def running_sink(login: tuple[str, str] | None = None) -> Iterator[tuple[Sink, int]]:
    """A relay on a free loopback port; with ``login``, it requires AUTH (over plain text:
    tests only)."""
    sink = Sink()
    port = free_port()
    auth: dict[str, Any] = {}
    if login is not None:
        auth = {
            "authenticator": password_check(*login),
            "auth_required": True,
            "auth_require_tls": False,
        }
    controller = Controller(sink, hostname="127.0.0.1", port=port, **auth)
    controller.start()
    try:
        yield sink, port
    finally:
        controller.stop()
