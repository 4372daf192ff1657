"""The embedded SMTP server: mail for the game's addresses goes straight to the gateway.

An aiosmtpd server (``>=1.4.6``: RELIABILITY.md, the smuggling and STARTTLS
fixes) on a configurable host and port, 127.0.0.1 by default. Point a
domain's MX, or a relay, at it. What it promises:

* ``RCPT TO`` an address that is not a live seat address is refused at once
  (``550``): a clear bounce written by the sending server, and no mail of
  ours to a possibly forged sender (no backscatter).
* A message above :data:`~sealed.mail.reading.MAX_BYTES` is refused with a
  polite ``552`` that says what to send instead.
* ``250`` is said only after the gateway has read the email and the port has
  committed what it did, and the answer is in the durable outbox (RFC 5321
  §6.1: a 250 means we are responsible for it). If that fails (a full disk,
  a store that is down), ``451``: nothing is acknowledged, the sender's
  server retries, and no traceback reaches anyone. The outbox is then flushed in
  the background; a slow relay never holds up the SMTP reply.
* At most :data:`MAX_CONNECTIONS` connections at once (``421`` beyond).
* Too many emails from one sender: ``451``, try again later. Headers or
  parts shaped to make the parser slow: ``554``, never parsed.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session

from sealed.mail.gateway import Gateway
from sealed.mail.reading import MAX_BYTES
from sealed.mail.startup import received_line

log = logging.getLogger(__name__)


class GatewayHandler:
    """aiosmtpd's handler: checks recipients, then hands the message to the gateway."""

    def __init__(self, gateway: Gateway) -> None:
        self.gateway = gateway
        self.background: set[asyncio.Future[Any]] = set()

    async def handle_RCPT(
        self,
        server: SMTP,
        session: Session,
        envelope: Envelope,
        address: str,
        rcpt_options: list[str],
    ) -> str:
        loop = asyncio.get_running_loop()
        if not await loop.run_in_executor(None, self.gateway.accepts, address):
            return (
                "550 5.1.1 No game has this address (or it was replaced or revoked): nothing "
                "was sealed. "
                "Use the address in your latest game email."
            )
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        raw = envelope.original_content or b""
        if len(raw) > MAX_BYTES:
            return (
                f"552 5.3.4 Message too big for a game email (at most {MAX_BYTES // 1024} KiB): "
                "send your orders as plain text without attachments"
            )
        loop = asyncio.get_running_loop()
        try:
            results = await loop.run_in_executor(
                None, self.gateway.receive, raw, list(envelope.rcpt_tos), envelope.mail_from or ""
            )
        except Exception:  # a disk or game store failure: not acknowledged, the sender retries
            log.exception("mail not taken (the sender will retry)")
            return "451 4.3.0 Temporary failure: nothing was sealed; your server will retry"
        for result in results:
            log.info("%s", received_line(result))
        if results and all(r.outcome == "rate-limited" for r in results):
            return "451 4.7.1 Too many emails from this address: try again in an hour"
        if results and all(r.outcome == "unreadable" for r in results):
            return f"554 5.6.0 {results[0].detail}: send your orders as plain text"
        flush = loop.run_in_executor(None, self.gateway.outbox.flush)
        self.background.add(flush)  # keep a reference until done (asyncio drops weak ones)
        flush.add_done_callback(self.background.discard)
        return "250 OK: read; the answer is on its way"


MAX_CONNECTIONS = 50
BUSY = b"421 4.7.0 Too many connections: try again later\r\n"


class Slots:
    """Connections open now (used only on the server's event loop thread: no lock needed)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.active = 0


class CappedSMTP(SMTP):
    """aiosmtpd's server with a cap on simultaneous connections (aiosmtpd has none).

    A connection over the cap is told ``421`` and closed at once, so idle or
    drip-feeding clients cannot take every slot and the memory they hold.
    """

    def __init__(self, handler: Any, slots: Slots, **kwargs: Any) -> None:
        super().__init__(handler, **kwargs)
        self.slots = slots
        self.counted = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        if not self.counted and self.transport is None:  # a new connection, not STARTTLS
            if self.slots.active >= self.slots.limit:
                if isinstance(transport, asyncio.WriteTransport):
                    transport.write(BUSY)
                transport.close()
                return
            self.slots.active += 1
            self.counted = True
        super().connection_made(transport)

    def connection_lost(self, error: Exception | None) -> None:
        if not self.counted:
            return  # refused in connection_made: aiosmtpd never started this session
        self.counted = False
        self.slots.active -= 1
        super().connection_lost(error)


class CappedController(Controller):
    """aiosmtpd's threaded controller, making :class:`CappedSMTP` servers."""

    def __init__(self, handler: Any, max_connections: int, **kwargs: Any) -> None:
        super().__init__(handler, **kwargs)
        self.slots = Slots(max_connections)

    def factory(self) -> SMTP:
        return CappedSMTP(self.handler, self.slots, **self.SMTP_kwargs)


def start_smtp(
    gateway: Gateway,
    host: str = "127.0.0.1",
    port: int = 8025,
    max_connections: int = MAX_CONNECTIONS,
) -> Controller:
    """Start the SMTP server in its own thread; ``controller.stop()`` ends it.

    Lines and commands keep aiosmtpd's limits (1001 characters, 512 for a
    command); the data limit is a little above ours so that the refusal is
    our polite one, not aiosmtpd's; an idle connection is closed after 60 s.
    """
    controller = CappedController(
        GatewayHandler(gateway),
        max_connections,
        hostname=host,
        port=port,
        data_size_limit=MAX_BYTES * 2,
        timeout=60,
    )
    controller.start()
    return controller
