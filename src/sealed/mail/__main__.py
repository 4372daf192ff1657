"""``python -m sealed.mail``: run games by email without the server (game files in a folder).

``new`` starts a game and prints each seat's secret address; ``serve`` runs
the SMTP gateway (and, with ``--imap-host``, fetches a mailbox), sends every
seat its first report, answers every email and flushes the outbox until
stopped. Deadlines are kept from the game file (:mod:`sealed.mail.deadlines`):
a reminder to each seat still to seal five minutes before, the close when it
passes; the game master may also close a round early by mailing ``close``.
"""

from __future__ import annotations

import imaplib
import logging
import os
import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal, get_args

import click

from sealed.core.errors import SealedError
from sealed.core.game import resolve_options
from sealed.core.registry import get_game
from sealed.mail.addresses import MailDomain, is_contact
from sealed.mail.deadlines import sweep
from sealed.mail.gateway import Gateway
from sealed.mail.imap import Mailbox, fetch_once
from sealed.mail.memory import MemoryPort
from sealed.mail.outbox import Outbox, Relay, Security
from sealed.mail.smtp import start_smtp
from sealed.mail.startup import configure_logging, log_flushed, received_line, relay_warning

PASSWORD_VARIABLE = "SEALED_RELAY_PASSWORD"  # never on the command line (it shows in ps)
IMAP_PASSWORD_VARIABLE = "SEALED_IMAP_PASSWORD"
log = logging.getLogger("sealed.mail")


def _domain(local: str, domain: str) -> MailDomain:
    return MailDomain(local, domain)


@click.group()
def main() -> None:
    """Games by email without the server: a folder of game files and an SMTP gateway."""


@main.command()
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.argument("game_id")
@click.option("--game", "game_name", required=True, help="e.g. rex-furum")
@click.option("--seat", "seats", multiple=True, required=True, help="name=email, once per seat")
@click.option("--gm", "gm_contact", required=True, help="the game master's email address")
@click.option("-o", "--option", "option_pairs", multiple=True, help="name=value")
@click.option("--local", default="sealed", show_default=True, help="local part before the +")
@click.option("--domain", required=True, help="the domain whose mail reaches the gateway")
def new(
    folder: Path,
    game_id: str,
    game_name: str,
    seats: tuple[str, ...],
    gm_contact: str,
    option_pairs: tuple[str, ...],
    local: str,
    domain: str,
) -> None:
    """Start GAME_ID in FOLDER and print each seat's secret address."""
    try:
        game = get_game(game_name)
        contacts = dict(_contact_pair(s) for s in seats)
        if not is_contact(gm_contact):
            raise SealedError(f"--gm {gm_contact}: not an email address (name@domain)")
        options = resolve_options(game.options, dict(_pair(o, "-o") for o in option_pairs))
        folder.mkdir(parents=True, exist_ok=True)
        port = MemoryPort(folder, _domain(local, domain))
        addresses = port.create_game(game_id, game, contacts, gm_contact, options)
    except SealedError as error:
        raise click.ClickException(str(error)) from None
    for seat, address in addresses.items():
        click.echo(f"{seat}: {address}")


@main.command()
@click.argument("folder", type=click.Path(path_type=Path))
@click.option("--local", default="sealed", show_default=True)
@click.option("--domain", required=True)
@click.option("--host", default="127.0.0.1", show_default=True, help="address to listen on")
@click.option(
    "--port",
    "smtp_port",
    default=8025,
    show_default=True,
    type=click.IntRange(1, 65535),
    help="SMTP port",
)
@click.option("--relay-host", default="127.0.0.1", show_default=True)
@click.option("--relay-port", default=25, show_default=True)
@click.option(
    "--relay-security", type=click.Choice(get_args(Security)), default="none", show_default=True
)
@click.option("--relay-user", default=None, help=f"password in ${PASSWORD_VARIABLE}")
@click.option("--relay-from", default="", help="MAIL FROM for our mail (default: null sender)")
@click.option(
    "--relay-ca-file",
    default=None,
    type=click.Path(exists=True, dir_okay=False),
    help="trust this CA for the relay's certificate (default: the system's)",
)
@click.option("--every", default=10.0, show_default=True, help="seconds between rounds of work")
@click.option("--imap-host", default=None, help="also fetch mail from this IMAP server")
@click.option("--imap-port", default=993, show_default=True)
@click.option(
    "--imap-security",
    type=click.Choice(["tls", "starttls", "none"]),
    default="tls",
    show_default=True,
)
@click.option("--imap-user", default=None, help=f"password in ${IMAP_PASSWORD_VARIABLE}")
@click.option("--imap-folder", default="INBOX", show_default=True, help="read and emptied")
@click.option(
    "--verbose",
    is_flag=True,
    help="also show the libraries' routine log (every SMTP session) and tracebacks",
)
def serve(
    folder: Path,
    local: str,
    domain: str,
    host: str,
    smtp_port: int,
    relay_host: str,
    relay_port: int,
    relay_security: Security,
    relay_user: str | None,
    relay_from: str,
    relay_ca_file: str | None,
    every: float,
    imap_host: str | None,
    imap_port: int,
    imap_security: Literal["tls", "starttls", "none"],
    imap_user: str | None,
    imap_folder: str,
    verbose: bool,
) -> None:
    """Answer email for every game in FOLDER until interrupted."""
    configure_logging(verbose)
    if not folder.is_dir():
        raise click.ClickException(
            f"no folder '{folder}' (start a game with 'python -m sealed.mail new FOLDER ...')"
        )
    where = _domain(local, domain)
    port = MemoryPort(folder, where)
    if not port.games():
        click.echo(
            f"warning: '{folder}' holds no game yet: every email is refused until one is "
            "started with 'python -m sealed.mail new'",
            err=True,
        )
    relay = Relay(
        relay_host,
        relay_port,
        relay_security,
        relay_user,
        os.environ.get(PASSWORD_VARIABLE),
        envelope_from=relay_from,
        ca_file=relay_ca_file,
    )
    gateway = Gateway(port, where, Outbox(folder / "outbox", relay))
    mailbox = None
    if imap_host is not None:
        password = os.environ.get(IMAP_PASSWORD_VARIABLE, "")
        mailbox = Mailbox(
            imap_host, imap_user or "", password, imap_port, imap_security, imap_folder
        )
    try:
        controller = start_smtp(gateway, host, smtp_port)
    except OSError as error:
        raise click.ClickException(f"cannot receive mail on {host}:{smtp_port}: {error}") from None
    click.echo(f"listening on {host}:{smtp_port} for *@{domain}; Ctrl-C stops")
    warning = relay_warning(relay)
    if warning is not None:
        click.echo(warning, err=True)
    stop = threading.Event()
    try:
        while not stop.wait(every):
            _tick(port, gateway, mailbox)
    except KeyboardInterrupt:
        pass
    finally:
        controller.stop()


def _tick(port: MemoryPort, gateway: Gateway, mailbox: Mailbox | None) -> None:
    """Mail from the mailbox, first reports of new games, the outbox; failures wait a round."""
    if mailbox is not None:
        try:
            for received in fetch_once(mailbox, gateway):
                log.info("%s", received_line(received))
        except (OSError, imaplib.IMAP4.error) as error:
            log.warning("IMAP: %s (trying again in a moment)", error)
    for game in port.games():
        sweep(gateway, game, datetime.now(UTC))  # reminders, and the close at the deadline
        gateway.send_reports(game)
    log_flushed(gateway.outbox.flush())


def _contact_pair(text: str) -> tuple[str, str]:
    """``--seat name=email``; every report to a bad address would bounce, so refuse it now."""
    seat, contact = _pair(text, "--seat")
    if not is_contact(contact):
        raise SealedError(f"--seat {text}: not an email address (name@domain)")
    return seat, contact


def _pair(text: str, option: str) -> tuple[str, Any]:
    name, equals, value = text.partition("=")
    if not equals or not name.strip():
        raise SealedError(f"{option} {text!r} must be written name=value")
    return name.strip(), value.strip()


if __name__ == "__main__":
    main()
