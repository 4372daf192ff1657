"""``sealed serve``: the web server (see :mod:`sealed.server`)."""

from __future__ import annotations

import errno
import ipaddress
import socket
from typing import Any

import click

from sealed.server.mailserve import MailSettings, mail_options, running_mail


@click.command()
@click.option(
    "--db",
    "db_url",
    default=None,
    help="Database URL: sqlite:///PATH or postgresql://... (default: a SQLite file in the "
    "data folder, $SEALED_DATA_DIR or ~/.local/share/sealed).",
)
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535))
@click.option(
    "--poll",
    default=1.0,
    show_default=True,
    type=click.FloatRange(0.05, 60),
    help="Seconds between looks for deadlines that have passed.",
)
@mail_options
def serve(db_url: str | None, host: str, port: int, poll: float, **mail: Any) -> None:
    """Serve every game on the web: player pages, the GM console, the JSON API.

    Migrations are applied at start; deadlines fire while it runs (and those
    that passed while it was down fire at start). With --mail-domain the
    email gateway runs too (see sealed.server.mailserve).
    """
    import uvicorn
    from sqlalchemy.exc import SQLAlchemyError

    from sealed.core.errors import SealedError
    from sealed.server.app import create_app
    from sealed.server.db import default_url, migrate, open_engine
    from sealed.server.service import GameService

    url = db_url or default_url()
    try:
        engine = open_engine(url)
        migrate(engine)
    except (SQLAlchemyError, ImportError, ValueError) as error:
        message = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise SealedError(f"cannot open the database {redacted(url)}: {message}") from None
    if not is_loopback(host):
        click.echo(f"warning: listening on {host}, not only this machine", err=True)
    sock = bound_socket(host, port)  # before any claim that it serves
    port = sock.getsockname()[1]  # --port 0: the port the system chose
    click.echo(f"sealed serves on http://{host}:{port}/ (database {redacted(url)})")
    service = GameService(engine)
    settings = MailSettings(**mail)
    with running_mail(service, settings, url) as worker:  # says where, and warns of the relay
        app = create_app(service, poll=poll, mail=None if worker is None else worker.console)
        config = uvicorn.Config(app, log_level="warning", access_log=False)
        uvicorn.Server(config).run(sockets=[sock])


def bound_socket(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port``, for uvicorn to listen on.

    Bound here so a port in use is one line of ours (uvicorn logs an error after
    we said "serves on" and exits 3).

    :raises SealedError: the port is in use, or the address cannot be bound.
    """
    from sealed.core.errors import SealedError

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does
    try:
        sock.bind((host, port))
    except OSError as error:
        sock.close()
        if error.errno == errno.EADDRINUSE:
            raise SealedError(
                f"port {port} is in use (another sealed serve?); try --port {port + 1}"
            ) from None
        raise SealedError(f"cannot listen on {host}:{port}: {error.strerror}") from None
    sock.set_inheritable(True)
    return sock


def is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def redacted(url: str) -> str:
    """A database URL without its password."""
    if "@" not in url or "://" not in url:
        return url
    scheme, rest = url.split("://", 1)
    credentials, host = rest.rsplit("@", 1)
    user = credentials.split(":", 1)[0]
    return f"{scheme}://{user}:***@{host}"
