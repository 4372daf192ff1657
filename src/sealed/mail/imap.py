"""Inbound mail from an ordinary mailbox over IMAP, for a game master without a domain.

The mail host must deliver ``local+anything@domain`` to one mailbox (most
providers do: "plus addressing"), used for the games only: every message in
its folder is read and then deleted, game mail or not. :func:`fetch_once`
hands each message to the gateway, and only then marks it deleted: a
message is removed from the mailbox only after the gateway has committed
what it did and queued the answer (a crash in between reads it again next
time; the answer's key, made from its Message-ID, stops a second answer).

The envelope is gone by the time mail sits in a mailbox, so the seat
addresses come from the headers the delivering server adds or keeps
(``Delivered-To``, ``X-Original-To``, then ``To`` and ``Cc``): only our own
secret addresses count, and the secret still authenticates the seat. The
envelope sender is read from ``Return-Path`` (a bounce has ``<>``).
"""

from __future__ import annotations

import contextlib
import imaplib
import re
import ssl
from collections.abc import Iterator
from dataclasses import dataclass
from email.parser import BytesHeaderParser
from email.utils import getaddresses
from typing import Literal

from sealed.mail.addresses import parse_address
from sealed.mail.gateway import Gateway, Received

RECIPIENT_HEADERS = ("Delivered-To", "X-Original-To", "To", "Cc")
MAX_PER_FETCH = 200


@dataclass(frozen=True)
class Mailbox:
    """An IMAP mailbox: host, port, TLS, credentials, folder."""

    host: str
    username: str
    password: str
    port: int = 993
    security: Literal["tls", "starttls", "none"] = "tls"
    folder: str = "INBOX"
    timeout: float = 30.0


def fetch_once(mailbox: Mailbox, gateway: Gateway) -> list[Received]:
    """Read, answer and delete up to :data:`MAX_PER_FETCH` messages; what became of each.

    Connection and login errors propagate (``OSError``, ``imaplib.IMAP4.error``):
    the caller retries later, and nothing was deleted.
    """
    results: list[Received] = []
    with _session(mailbox) as imap:
        # UNDELETED: a message flagged by a fetch that crashed before EXPUNGE was answered.
        status, data = imap.uid("SEARCH", "UNDELETED")
        if status != "OK":
            raise imaplib.IMAP4.error(f"SEARCH failed: {data!r}")
        first = data[0] if data and isinstance(data[0], bytes) else b""
        uids = [uid.decode("ascii") for uid in first.split()[:MAX_PER_FETCH]]
        for uid in uids:
            raw = _fetch(imap, uid)
            if raw is None:
                continue
            results += gateway.receive(raw, recipients_of(raw, gateway), envelope_sender(raw))
            imap.uid("STORE", uid, "+FLAGS", "(\\Deleted)")  # only after the gateway committed
        if uids:
            imap.expunge()
    return results


def recipients_of(raw: bytes, gateway: Gateway) -> list[str]:
    """Our own addresses among the recipients named in the headers (each once, in order)."""
    headers = BytesHeaderParser().parsebytes(raw[: 64 * 1024])
    found: list[str] = []
    for name in RECIPIENT_HEADERS:
        values = [str(v) for v in headers.get_all(name, [])]
        for _, address in getaddresses(values):
            if parse_address(address, gateway.where) is not None and address not in found:
                found.append(address)
    return found


def envelope_sender(raw: bytes) -> str | None:
    """The ``Return-Path`` the delivering server recorded; None if there is none."""
    headers = BytesHeaderParser().parsebytes(raw[: 64 * 1024])
    value = headers.get("Return-Path")
    if value is None:
        return None
    found = re.search(r"<([^>]*)>", str(value))
    return found.group(1) if found else str(value).strip()


def _fetch(imap: imaplib.IMAP4, uid: str) -> bytes | None:
    status, data = imap.uid("FETCH", uid, "(BODY.PEEK[])")
    if status != "OK" or not data:
        return None
    for item in data:
        if isinstance(item, tuple) and len(item) == 2 and isinstance(item[1], bytes):
            return item[1]
    return None


@contextlib.contextmanager
def _session(mailbox: Mailbox) -> Iterator[imaplib.IMAP4]:
    imap: imaplib.IMAP4
    if mailbox.security == "tls":
        context = ssl.create_default_context()
        imap = imaplib.IMAP4_SSL(
            mailbox.host, mailbox.port, ssl_context=context, timeout=mailbox.timeout
        )
    else:
        imap = imaplib.IMAP4(mailbox.host, mailbox.port, timeout=mailbox.timeout)
        if mailbox.security == "starttls":
            imap.starttls(ssl.create_default_context())
    try:
        imap.login(mailbox.username, mailbox.password)
        status, data = imap.select(_quoted(mailbox.folder))
        if status != "OK":
            raise imaplib.IMAP4.error(f"cannot open folder {mailbox.folder!r}: {data!r}")
        yield imap
    finally:
        with contextlib.suppress(OSError, imaplib.IMAP4.error):
            imap.logout()


def _quoted(folder: str) -> str:
    return '"' + folder.replace("\\", "\\\\").replace('"', '\\"') + '"'
