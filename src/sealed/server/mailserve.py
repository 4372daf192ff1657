"""The email gateway inside ``sealed serve``, and ``python -m sealed.server.mailserve register``.

``sealed serve --mail-domain games.example.org`` also runs the gateway of
:mod:`sealed.mail` over the server's database (:mod:`sealed.server.mailport`):
an SMTP server for mail sent to the seats' secret addresses (``--smtp-port``;
``--no-smtp`` when mail is only fetched), and, with ``--imap-host``, a
mailbox fetched over IMAP (for a GM without a domain of their own: the
mailbox's address with ``+`` parts). Every ``--mail-every`` seconds a worker
thread fetches the mailbox, mails the server's reminder records, mails every
report the server's deadlines (or anybody) opened, and flushes the outbox
through ``--relay HOST:PORT``. Deadlines themselves are fired by the
server's scheduler, never by the gateway.

A game gets email addresses on its GM console (:class:`MailConsole`: give,
renew, revoke; and the game's undelivered mail, retried now or dropped), or
from its GM's token (the secret of the console link), while the server runs
or not::

    python -m sealed.server.mailserve register --db URL --gm-token TOKEN \\
        --mail-domain games.example.org --seat ana=ana@example.com ... --gm me@example.com

One gateway per database: the outbox that keeps mail from being sent twice
is a folder of its process's machine, so two gateways would each answer
every email. The gateway holds a lease in the database (``mail_lease``),
renewed every round; a second ``sealed serve --mail-domain`` on the same
database refuses to start, saying so (a killed gateway's lease runs out
after a minute; at once for a new gateway on the same machine), and a
gateway that finds its lease taken (it stalled past it) stops taking mail.
Rate limits are kept in the database (``mail_rates``) and hold across a
restart.

Passwords come from the environment (``SEALED_RELAY_PASSWORD``,
``SEALED_IMAP_PASSWORD``), as for ``python -m sealed.mail``: never on the
command line, where ``ps`` shows them.
"""

from __future__ import annotations

import imaplib
import logging
import os
import secrets
import socket
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, TypeVar, get_args

import click

from sealed.core.errors import SealedError
from sealed.mail.__main__ import IMAP_PASSWORD_VARIABLE, PASSWORD_VARIABLE
from sealed.mail.addresses import MailDomain
from sealed.mail.gateway import Gateway
from sealed.mail.imap import Mailbox, fetch_once
from sealed.mail.outbox import Outbox, Relay, Security, Undelivered
from sealed.mail.port import SeatRef
from sealed.mail.smtp import start_smtp
from sealed.mail.startup import (
    configure_logging,
    log_flushed,
    received_line,
    relay_problem,
    warning_text,
)
from sealed.server.mailport import GatewayBusyError, ServerPort, game_key
from sealed.server.service import GameService

log = logging.getLogger("sealed.server.mail")
F = TypeVar("F", bound=Callable[..., Any])
ImapSecurity = Literal["tls", "starttls", "none"]
LEASE_SECONDS = 60.0  # a gateway that stops renewing (killed) blocks a new one this long


@dataclass(frozen=True)
class MailSettings:
    """The ``--mail-*``, ``--smtp-*``, ``--relay*`` and ``--imap-*`` options of ``sealed serve``."""

    mail_domain: str | None = None  # None: no email gateway
    mail_local: str = "sealed"
    smtp: bool = True
    smtp_host: str = "127.0.0.1"
    smtp_port: int = 8025
    relay: str = "127.0.0.1:25"
    relay_security: Security = "none"
    relay_user: str | None = None
    relay_from: str = ""
    relay_ca_file: str | None = None
    mail_every: float = 10.0
    mail_outbox: Path | None = None
    imap_host: str | None = None
    imap_port: int = 993
    imap_security: ImapSecurity = "tls"
    imap_user: str | None = None
    imap_folder: str = "INBOX"
    mail_verbose: bool = False

    @property
    def where(self) -> MailDomain:
        return MailDomain(self.mail_local, self.mail_domain or "localhost")

    def relay_to(self) -> Relay:
        """:raises SealedError: ``--relay`` is not ``host:port``."""
        host, colon, port = self.relay.rpartition(":")
        if not colon or not host or not port.isdigit() or not 0 < int(port) < 65536:
            raise SealedError(
                f"--relay {self.relay!r} must be written host:port, e.g. 127.0.0.1:25"
            )
        password = os.environ.get(PASSWORD_VARIABLE)
        return Relay(
            host.strip("[]"),
            int(port),
            self.relay_security,
            self.relay_user,
            password,
            envelope_from=self.relay_from,
            ca_file=self.relay_ca_file,
        )

    def mailbox(self) -> Mailbox | None:
        if self.imap_host is None:
            return None
        password = os.environ.get(IMAP_PASSWORD_VARIABLE, "")
        return Mailbox(
            self.imap_host,
            self.imap_user or "",
            password,
            self.imap_port,
            self.imap_security,
            self.imap_folder,
        )


def mail_options(command: F) -> F:
    """Add the gateway's options to a click command (``sealed serve``): :class:`MailSettings`."""
    options = [
        click.option(
            "--mail-domain",
            default=None,
            help="Also run the email gateway for addresses at this domain (the domain whose "
            "mail reaches the SMTP port, or the IMAP mailbox's own domain).",
        ),
        click.option("--mail-local", default="sealed", show_default=True, help="Before the +."),
        click.option("--smtp/--no-smtp", default=True, show_default=True, help="Receive by SMTP."),
        click.option("--smtp-host", default="127.0.0.1", show_default=True),
        click.option("--smtp-port", default=8025, show_default=True, type=click.IntRange(0, 65535)),
        click.option(
            "--relay",
            default="127.0.0.1:25",
            show_default=True,
            help="host:port of the SMTP relay our mail leaves by.",
        ),
        click.option(
            "--relay-security",
            type=click.Choice(get_args(Security)),
            default="none",
            show_default=True,
        ),
        click.option("--relay-user", default=None, help=f"Password in ${PASSWORD_VARIABLE}."),
        click.option("--relay-from", default="", help="MAIL FROM (default: the null sender)."),
        click.option(
            "--relay-ca-file",
            default=None,
            type=click.Path(exists=True, dir_okay=False),
            help="Trust this CA for the relay's certificate (default: the system's).",
        ),
        click.option(
            "--mail-every",
            default=10.0,
            show_default=True,
            type=click.FloatRange(0.05, 3600),
            help="Seconds between rounds of mail work (reports, reminders, IMAP, the outbox).",
        ),
        click.option(
            "--mail-outbox",
            default=None,
            type=click.Path(file_okay=False, path_type=Path),
            help="Folder of outgoing mail (default: 'outbox' beside the SQLite file, or in the "
            "data folder).",
        ),
        click.option("--imap-host", default=None, help="Also fetch mail from this IMAP server."),
        click.option("--imap-port", default=993, show_default=True),
        click.option(
            "--imap-security",
            type=click.Choice(["tls", "starttls", "none"]),
            default="tls",
            show_default=True,
        ),
        click.option("--imap-user", default=None, help=f"Password in ${IMAP_PASSWORD_VARIABLE}."),
        click.option("--imap-folder", default="INBOX", show_default=True, help="Read and emptied."),
        click.option(
            "--mail-verbose",
            is_flag=True,
            help="Also show the mail libraries' routine log (every SMTP session) and tracebacks.",
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return command


@dataclass(frozen=True)
class RelayNote:
    """What the gateway last saw of the relay: it took a connection or mail (``ok``), or why
    not (``problem``), and when (seconds since the epoch)."""

    ok: bool
    problem: str
    when: float


class MailConsole:
    """What the game master's console shows and does about a game's mail.

    Each seat's secret address (to see, renew or revoke) and the mail of the
    game that is not delivered yet (to retry now or drop). Everything is by the
    server's game number, and an outbox entry is found only within its own
    game: one game's console never reaches another's mail. Only what a mail
    is (its seat, our subject, its attempts and last error) is shown, never
    its text.
    """

    def __init__(
        self, port: ServerPort, outbox: Outbox, wake: Callable[[], None] = lambda: None
    ) -> None:
        self.port = port
        self.outbox = outbox
        self.wake = wake
        self.relay_note: RelayNote | None = None  # None: the relay not tried yet

    @property
    def where(self) -> MailDomain:
        return self.port.where

    def relay_checked(self, warning: str | None, when: float) -> None:
        """Keep what the start-up check (or the last flush) found about the relay."""
        self.relay_note = RelayNote(warning is None, warning or "", when)

    def relay(self) -> RelayNote | None:
        """The relay's state as last seen (None: not tried yet); shown on every console."""
        return self.relay_note

    def addresses(self, game_id: int) -> list[tuple[str, str, str]]:
        """(seat, secret address, registered address) of every seat with an address."""
        return self.port.addresses(game_id)

    def register(
        self, game_id: int, contacts: Mapping[str, str], gm_contact: str | None
    ) -> dict[str, str]:
        """Addresses for the seats in ``contacts`` (the first time, the GM's too); by seat.

        :raises SealedError: see :meth:`ServerPort.enable` and :meth:`ServerPort.add_seats`.
        """
        if not self.port.addresses(game_id):
            if not gm_contact:
                raise SealedError("give your own email address too (the GM's commands use it)")
            addresses = self.port.enable(game_id, contacts, gm_contact)
        else:
            more = dict(contacts) if not gm_contact else {**contacts, "gm": gm_contact}
            if not more:
                raise SealedError("name a seat and its email address (ana=ana@example.org)")
            addresses = self.port.add_seats(game_id, more)
        self.wake()  # their first reports go out now, not at the next round
        return addresses

    def renew(self, game_id: int, seat: str) -> str:
        """A new secret address for ``seat``; the old one is refused from now on."""
        return self.port.revoke(SeatRef(game_key(game_id), seat))

    def revoke(self, game_id: int, seat: str) -> None:
        """``seat`` has no address any more: mail to the old one is refused."""
        self.port.withdraw(SeatRef(game_key(game_id), seat))

    def undelivered(self, game_id: int) -> list[Undelivered]:
        return self.outbox.undelivered(game_key(game_id))

    def retry(self, game_id: int, entry: str) -> None:
        """Try the message again now (at once, not at its next backoff time)."""
        self.outbox.retry_now(game_key(game_id), entry)
        self.wake()

    def drop(self, game_id: int, entry: str) -> None:
        """Never send the message."""
        self.outbox.drop(game_key(game_id), entry)


class MailWorker:
    """The gateway of one server process: SMTP, and a thread doing the rounds of mail work."""

    def __init__(
        self,
        service: GameService,
        settings: MailSettings,
        outbox_folder: Path,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.settings = settings
        self.clock = clock
        self.port = ServerPort(service, settings.where)
        outbox = Outbox(outbox_folder, settings.relay_to(), clock=clock)
        self.gateway = Gateway(
            self.port, settings.where, outbox, clock=clock, limiter=self.port.limiter
        )
        # Who holds the gateway's lease: this process (a nonce tells two runs apart).
        self.holder = f"{socket.gethostname()[:80]} pid {os.getpid()} {secrets.token_hex(4)}"
        self.lease = max(LEASE_SECONDS, 3 * settings.mail_every)
        self.mailbox = settings.mailbox()
        self.console = MailConsole(self.port, self.gateway.outbox, self.wake)
        self._stop = threading.Event()
        self._wake = threading.Event()
        self.lost = False  # the lease was lost to another gateway: this one stopped
        self._thread: threading.Thread | None = None
        self._controller: Any = None

    def start(self) -> None:
        """Take the database's gateway lease, then listen and start the rounds.

        :raises GatewayBusyError: another gateway runs on this database.
        :raises SealedError: the SMTP port cannot be listened on (in use, not allowed).
        """
        self.port.take_lease(self.holder, self.clock(), self.lease, holder_gone)
        if self.settings.smtp:
            host, port = self.settings.smtp_host, self.settings.smtp_port
            try:
                self._controller = start_smtp(self.gateway, host, port)
            except OSError as error:
                self.port.release_lease(self.holder)
                raise SealedError(f"cannot receive mail on {host}:{port}: {error}") from None
        self._thread = threading.Thread(target=self._run, name="sealed-mail", daemon=True)
        self._thread.start()

    def check_relay(self) -> str | None:
        """Try the relay now (connect, EHLO, STARTTLS/AUTH as configured); print a one-line
        warning if it fails, and keep the outcome for the console. The warning, or None."""
        problem = relay_problem(self.gateway.outbox.relay)
        self.console.relay_checked(problem, self.clock())
        if problem is None:
            return None
        click.echo(warning_text(problem), err=True)
        return warning_text(problem)

    def wake(self) -> None:
        """Do a round of mail work now (the console retried a message, or added seats)."""
        self._wake.set()

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=60)
        if self._controller is not None:
            self._controller.stop()
        try:
            self.port.release_lease(self.holder)
        except SealedError as error:  # the database is away: the lease runs out by itself
            log.warning("the gateway's lease was not given up: %s", error)

    def _run(self) -> None:
        while True:
            try:
                self.tick()
            except GatewayBusyError as error:  # another gateway took over: never answer twice
                log.error("the email gateway stops: %s", error)
                self.lost = True
                if self._controller is not None:
                    self._controller.stop()  # no more mail taken by SMTP here
                    self._controller = None
                return
            except Exception:  # a round that fails (database away) must not end the gateway
                log.exception("a round of mail work failed; trying again in a moment")
            self._wake.wait(self.settings.mail_every)
            self._wake.clear()
            if self._stop.is_set():
                return

    def tick(self) -> None:
        """One round: renew the lease, then the mailbox, each game's reminders and reports,
        the outbox.

        :raises GatewayBusyError: the lease was lost (this process stalled longer than
            the lease and another gateway took over): this round does nothing.
        """
        self.port.take_lease(self.holder, self.clock(), self.lease)
        if self.mailbox is not None:
            try:
                for received in fetch_once(self.mailbox, self.gateway):
                    log.info("%s", received_line(received))
            except (OSError, imaplib.IMAP4.error) as error:
                log.warning("IMAP: %s (trying again in a moment)", error)
        for game in self.port.games():
            try:
                self.port.send_reminders(self.gateway, game)
                self.gateway.send_reports(game)
            except SealedError as error:  # one game that cannot be read must not stop the rest
                log.warning("mail for game %s: %s", game, error)
        flushed = self.gateway.outbox.flush()
        log_flushed(flushed)
        if flushed.sent or flushed.retry or flushed.failed:  # the relay was used: what it did
            refused = self.gateway.outbox.relay_error
            problem = None if refused is None else f"cannot send through it: {refused}"
            self.console.relay_checked(problem, self.clock())


def holder_gone(holder: str) -> bool:
    """True if the lease's ``holder`` was a process of this machine that runs no more.

    A gateway killed (or crashed) and started again at once need not wait for its
    old lease to run out. Only a process of this host can be checked; any doubt
    (another host, a process of another user) counts as alive.
    """
    host, _, rest = holder.partition(" pid ")
    pid_text = rest.split(" ", 1)[0]
    if host != socket.gethostname()[:80] or not pid_text.isdigit():
        return False
    pid = int(pid_text)
    if pid == os.getpid():
        return False  # an earlier gateway of this very process: it stops itself
    try:
        os.kill(pid, 0)  # signal 0: only asks whether the process exists
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False


def outbox_folder(settings: MailSettings, db_url: str) -> Path:
    """``--mail-outbox``, else ``outbox`` beside a SQLite file, else in the data folder."""
    if settings.mail_outbox is not None:
        return settings.mail_outbox
    if db_url.startswith("sqlite:///") and len(db_url) > len("sqlite:///"):
        return Path(db_url.removeprefix("sqlite:///")).parent / "outbox"
    from sealed.server.db import default_url

    return Path(default_url().removeprefix("sqlite:///")).parent / "outbox"


@contextmanager
def running_mail(
    service: GameService, settings: MailSettings, db_url: str
) -> Iterator[MailWorker | None]:
    """The gateway running for the block's length (None and nothing started without a domain)."""
    if settings.mail_domain is None:
        yield None
        return
    configure_logging(settings.mail_verbose)
    folder = outbox_folder(settings, db_url)
    folder.mkdir(parents=True, exist_ok=True)
    worker = MailWorker(service, settings, folder)
    worker.start()
    where = f"{settings.mail_local}+...@{settings.mail_domain}"
    click.echo(f"email gateway for {where}; replies leave by {settings.relay}")
    worker.check_relay()  # a wrong relay said at start, not when mail piles up (never fatal)
    try:
        yield worker
    finally:
        worker.stop()


@click.group()
def main() -> None:
    """The email gateway of the server (``sealed serve --mail-domain``)."""


@main.command()
@click.option("--db", "db_url", default=None, help="The server's database (default: its SQLite).")
@click.option("--gm-token", required=True, help="The token of the game's console link /gm/TOKEN.")
@click.option("--seat", "seats", multiple=True, required=True, help="name=email, once per seat")
@click.option("--gm", "gm_contact", required=True, help="The game master's email address.")
@click.option("--mail-local", default="sealed", show_default=True)
@click.option("--mail-domain", required=True)
def register(
    db_url: str | None,
    gm_token: str,
    seats: tuple[str, ...],
    gm_contact: str,
    mail_local: str,
    mail_domain: str,
) -> None:
    """Give a game's seats secret email addresses and print them (hand each to its player)."""
    from sqlalchemy.exc import SQLAlchemyError

    from sealed.server.db import default_url, migrate, open_engine

    try:
        engine = open_engine(db_url or default_url())
        migrate(engine)
        service = GameService(engine)
        link = service.find(gm_token.rsplit("/", 1)[-1])  # a whole console URL works too
        if link.seat != "gm":
            raise SealedError("this is a seat's link, not the game master's")
        contacts = dict(_pair(s) for s in seats)
        port = ServerPort(service, MailDomain(mail_local, mail_domain))
        addresses = port.enable(link.game_id, contacts, gm_contact)
    except SealedError as error:
        raise click.ClickException(str(error)) from None
    except SQLAlchemyError as error:
        first = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise click.ClickException(f"cannot use the database: {first}") from None
    for seat, address in addresses.items():
        click.echo(f"{seat}: {address}")


def _pair(text: str) -> tuple[str, str]:
    name, equals, value = text.partition("=")
    if not equals or not name.strip():
        raise SealedError(f"--seat {text!r} must be written name=email")
    return name.strip(), value.strip()


if __name__ == "__main__":
    main()
