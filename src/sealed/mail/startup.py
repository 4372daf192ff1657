"""What a gateway says on the game master's terminal: its log, and the checks made at start.

Both ``python -m sealed.mail serve`` and ``sealed serve --mail-domain`` use these.

* :func:`configure_logging`: the gateway's own lines (each email's outcome, the
  outbox) in words, the libraries' warnings and errors only, and no
  tracebacks. aiosmtpd logs every session at INFO ("Connection lost during
  _handle_client()" after every normal one), which reads like an error to a
  game master; ``--verbose`` shows all of it, tracebacks included.
* :func:`relay_problem`: the relay is tried once at start (connect, EHLO, and
  STARTTLS and AUTH when configured), so a wrong host, port or password is said
  at once, not noticed when mail piles up in the outbox. Never fatal: the
  outbox retries, and a relay may come up after the gateway.
"""

from __future__ import annotations

import dataclasses
import logging
import smtplib
import ssl
import sys
from typing import TextIO

from sealed.mail.gateway import Received
from sealed.mail.outbox import Flushed, Relay, connect

log = logging.getLogger("sealed.mail")
OURS = "sealed"  # our loggers' names start so
GATEWAY_LOGGERS = ("sealed.mail", "sealed.server.mail")  # this package's, the server gateway's
LIBRARY_LOGGERS = ("mail.log",)  # aiosmtpd's: every session at INFO
CHECK_TIMEOUT = 10.0  # seconds: a start-up check must not hold the start for the relay's 30


class GMFormatter(logging.Formatter):
    """``HH:MM:SS message``; another library's lines say whose; an error's cause in one line."""

    def __init__(self, verbose: bool) -> None:
        super().__init__("%(asctime)s %(message)s", datefmt="%H:%M:%S")
        self.verbose = verbose

    def format(self, record: logging.LogRecord) -> str:
        if not self.verbose and record.exc_info:
            error = record.exc_info[1]
            record = logging.makeLogRecord(record.__dict__)
            record.msg = f"{record.getMessage()}: {_one_line(error)}"
            record.args, record.exc_info, record.exc_text = None, None, None
        line = super().format(record)
        if not record.name.startswith(OURS):
            who = "SMTP server" if record.name == "mail.log" else record.name
            line = line.replace(" ", f" {record.levelname.lower()} from the {who}: ", 1)
        return line


class GatewayHandler(logging.StreamHandler[TextIO]):
    """The gateway's log handler (its own class, so a second set-up replaces it)."""


def configure_logging(verbose: bool = False, stream: TextIO | None = None) -> logging.Handler:
    """Send the gateway's log to ``stream`` (stderr); see the module docstring. The handler.

    Only the gateway's loggers and aiosmtpd's are configured (they stop
    propagating, so nothing prints twice): the web server's own logging, which
    runs beside the gateway in ``sealed serve``, is left as it was.
    """
    handler = GatewayHandler(stream or sys.stderr)
    handler.setFormatter(GMFormatter(verbose))
    for name in (*GATEWAY_LOGGERS, *LIBRARY_LOGGERS):
        logger = logging.getLogger(name)
        for old in [h for h in logger.handlers if isinstance(h, GatewayHandler)]:
            logger.removeHandler(old)  # configured again (a restarted serve): one handler
        logger.addHandler(handler)
        logger.propagate = False
        quiet = name in LIBRARY_LOGGERS and not verbose
        logger.setLevel(logging.WARNING if quiet else logging.INFO)
    return handler


def received_line(received: Received) -> str:
    """One email's outcome in a log line: ``mail for g1 ana: sealed``."""
    who = (
        "an unknown address" if received.ref is None else f"{received.ref.game} {received.ref.seat}"
    )
    return f"mail for {who}: {received.outcome}"


def log_flushed(flushed: Flushed) -> None:
    """What a flush of the outbox did, when it did anything; a relay refusal is a warning."""
    if not (flushed.sent or flushed.retry or flushed.failed):
        return
    line = f"outbox: {flushed.sent} sent, {flushed.retry} to try again, {flushed.failed} given up"
    if flushed.retry or flushed.failed:
        log.warning("%s", line)
    else:
        log.info("%s", line)


def relay_problem(relay: Relay) -> str | None:
    """None if the relay takes a connection (EHLO, STARTTLS, AUTH as configured), else why not.

    The words are for the game master: what was tried, what answered, what to check.
    """
    quick = dataclasses.replace(relay, timeout=min(relay.timeout, CHECK_TIMEOUT))
    where = f"the relay {relay.host}:{relay.port}"
    try:
        with connect(quick):
            return None
    except smtplib.SMTPAuthenticationError as error:
        return f"{where} refused the login of {relay.username!r}: {_reply(error)}"
    except smtplib.SMTPNotSupportedError:
        return f"{where} offers no STARTTLS (try --relay-security tls, or none on this machine)"
    except smtplib.SMTPResponseException as error:
        return f"{where} answered {_reply(error)}"
    except ssl.SSLError as error:
        return f"{where}: TLS failed ({error.reason or error}); check --relay-security and the CA"
    except (OSError, smtplib.SMTPException) as error:
        return f"cannot reach {where}: {_one_line(error)}"


def relay_warning(relay: Relay) -> str | None:
    """The one-line warning to print at start, or None when the relay answers."""
    problem = relay_problem(relay)
    return None if problem is None else warning_text(problem)


def warning_text(problem: str) -> str:
    """A relay problem as the start-up warning: not fatal, the outbox retries."""
    return f"warning: {problem}; mail waits in the outbox and is retried"


def _reply(error: smtplib.SMTPResponseException) -> str:
    said = error.smtp_error
    text = said.decode("utf-8", "replace") if isinstance(said, bytes) else str(said)
    return f"{error.smtp_code} {' '.join(text.split())}"


def _one_line(error: BaseException | None) -> str:
    if error is None:
        return "unknown error"
    text = " ".join(str(error).split())
    return text or type(error).__name__
