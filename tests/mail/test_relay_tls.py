"""Delivery through a relay over TLS: STARTTLS and implicit TLS, with AUTH, on loopback.

The relay is an aiosmtpd server with a certificate the test makes with the
``openssl`` command (no certificate library is installed): a private CA and
a certificate for 127.0.0.1 signed by it. The outbox trusts that CA through
``Relay.ca_file``; without it, the same relay is refused (the certificate is
verified, so a password is never sent to an unknown server), and a relay
that offers no STARTTLS is never sent to in plain text.
"""

from __future__ import annotations

import os
import ssl
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session
from tests.mail.relay import Sink, free_port, password_check
from tests.mail.test_main import start_game

from sealed.mail.__main__ import PASSWORD_VARIABLE
from sealed.mail.outbox import Outbox, Relay, Security
from sealed.server.mailserve import MailSettings

LOGIN = ("gm", "s3cret")
# Implicit TLS: aiosmtpd warns that AUTH does not require STARTTLS, which is right there (the
# whole session is TLS); the same warning for the plain relay of the last test.
pytestmark = pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")


class TlsSink(Sink):
    """A sink that also notes whether each message came over TLS."""

    def __init__(self) -> None:
        super().__init__()
        self.over_tls: list[bool] = []

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        transport = server.transport
        self.over_tls.append(
            transport is not None and transport.get_extra_info("ssl_object") is not None
        )
        return await super().handle_DATA(server, session, envelope)


@dataclass(frozen=True)
class Certificates:
    ca: Path
    certificate: Path
    key: Path


def openssl(folder: Path, *arguments: str) -> None:
    subprocess.run(["openssl", *arguments], cwd=folder, check=True, capture_output=True)


@pytest.fixture(scope="module")
def certificates(tmp_path_factory: pytest.TempPathFactory) -> Certificates:
    """A CA, and a certificate for 127.0.0.1 and localhost signed by it (made here, now)."""
    folder = tmp_path_factory.mktemp("tls")
    openssl(
        folder,
        *("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2"),
        *("-keyout", "ca.key", "-out", "ca.pem", "-subj", "/CN=sealed test CA"),
        *("-addext", "basicConstraints=critical,CA:TRUE"),
        *("-addext", "keyUsage=critical,keyCertSign,cRLSign"),
    )
    openssl(
        folder,
        *("req", "-newkey", "rsa:2048", "-nodes", "-keyout", "relay.key"),
        *("-out", "relay.csr", "-subj", "/CN=127.0.0.1"),
    )
    (folder / "relay.ext").write_text(
        "basicConstraints=CA:FALSE\n"
        "keyUsage=critical,digitalSignature,keyEncipherment\n"
        "extendedKeyUsage=serverAuth\n"
        "subjectAltName=IP:127.0.0.1,DNS:localhost\n"
        "authorityKeyIdentifier=keyid\n"
    )
    openssl(
        folder,
        *("x509", "-req", "-in", "relay.csr", "-CA", "ca.pem", "-CAkey", "ca.key"),
        *("-CAcreateserial", "-days", "2", "-out", "relay.pem", "-extfile", "relay.ext"),
    )
    return Certificates(folder / "ca.pem", folder / "relay.pem", folder / "relay.key")


def server_context(certificates: Certificates) -> ssl.SSLContext:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(certificates.certificate, certificates.key)
    return context


@contextmanager
def tls_relay(certificates: Certificates, security: Security) -> Iterator[tuple[TlsSink, int]]:
    """A relay requiring AUTH, and TLS before it: STARTTLS, or TLS from the first byte."""
    sink, port = TlsSink(), free_port()
    tls: dict[str, Any] = {}
    if security == "starttls":
        tls = {"tls_context": server_context(certificates), "require_starttls": True}
    elif security == "tls":
        tls = {"ssl_context": server_context(certificates)}
    controller = Controller(
        sink,
        hostname="127.0.0.1",
        port=port,
        authenticator=password_check(*LOGIN),
        auth_required=True,
        auth_require_tls=security == "starttls",  # implicit TLS: the whole session is TLS
        **tls,
    )
    controller.start()
    try:
        yield sink, port
    finally:
        controller.stop()


def message() -> EmailMessage:
    mail = EmailMessage()
    mail["From"] = "sealed+g1-ana-x@games.test"
    mail["To"] = "ana@players.test"
    mail["Subject"] = "Rex Furum g1: round 1"
    mail.set_content("Your report.\n")
    return mail


def outbox(folder: Path, port: int, security: Security, **relay: Any) -> Outbox:
    settings: dict[str, Any] = {"username": LOGIN[0], "password": LOGIN[1], **relay}
    box = Outbox(folder, Relay(port=port, security=security, timeout=10, **settings))
    box.put("report/g1/ana/1", message())
    return box


@pytest.mark.parametrize("security", ["starttls", "tls"])
def test_mail_goes_through_a_tls_relay_with_credentials(
    tmp_path: Path, certificates: Certificates, security: Security
) -> None:
    with tls_relay(certificates, security) as (sink, port):
        box = outbox(tmp_path, port, security, ca_file=str(certificates.ca))
        assert box.flush().sent == 1
        (got,) = sink.wait_for(1)
        assert str(got["Subject"]) == "Rex Furum g1: round 1"
        assert sink.over_tls == [True]


@pytest.mark.parametrize("security", ["starttls", "tls"])
def test_a_relay_whose_certificate_is_not_trusted_gets_nothing(
    tmp_path: Path, certificates: Certificates, security: Security
) -> None:
    with tls_relay(certificates, security) as (sink, port):
        box = outbox(tmp_path, port, security)  # the system's CAs: the test CA is not one
        assert box.flush().retry == 1
        assert "CERTIFICATE_VERIFY_FAILED" in box.messages()[0]["error"]
        assert sink.parsed() == []


def test_a_wrong_password_over_tls_is_retried_not_sent(
    tmp_path: Path, certificates: Certificates
) -> None:
    with tls_relay(certificates, "starttls") as (sink, port):
        box = outbox(tmp_path, port, "starttls", ca_file=str(certificates.ca), password="nope")
        assert box.flush().retry == 1
        assert "535" in box.messages()[0]["error"]
        assert sink.parsed() == []


def test_starttls_asked_of_a_relay_without_it_never_falls_back_to_plain_text(
    tmp_path: Path, certificates: Certificates
) -> None:
    with tls_relay(certificates, "none") as (sink, port):
        box = outbox(tmp_path, port, "starttls", ca_file=str(certificates.ca))
        assert box.flush().retry == 1
        assert "STARTTLS" in box.messages()[0]["error"]
        assert sink.parsed() == []


def test_python_m_sealed_mail_serve_reaches_a_starttls_relay_by_its_ca_file(
    tmp_path: Path, certificates: Certificates
) -> None:
    start_game(tmp_path)
    with tls_relay(certificates, "starttls") as (sink, port):
        options = ["--domain", "games.test", "--local", "rexfurum", "--every", "0.2"]
        options += ["--port", str(free_port()), "--relay-port", str(port)]
        options += ["--relay-security", "starttls", "--relay-ca-file", str(certificates.ca)]
        options += ["--relay-user", LOGIN[0]]
        server = subprocess.Popen(
            [sys.executable, "-m", "sealed.mail", "serve", str(tmp_path), *options],
            env={
                **os.environ,
                "PYTHONPATH": os.pathsep.join(sys.path),
                PASSWORD_VARIABLE: LOGIN[1],
            },
        )
        try:
            first = sink.wait_for(4)  # three seats and the GM, over STARTTLS with AUTH
            assert len(first) == 4 and all(sink.over_tls)
        finally:
            server.terminate()
            server.wait(timeout=30)


def test_sealed_serve_s_relay_settings_carry_the_ca_file(certificates: Certificates) -> None:
    settings = MailSettings(
        mail_domain="games.test",
        relay="127.0.0.1:587",
        relay_security="starttls",
        relay_ca_file=str(certificates.ca),
    )
    relay = settings.relay_to()
    assert (relay.security, relay.ca_file) == ("starttls", str(certificates.ca))
    assert relay.tls_context().verify_mode == ssl.CERT_REQUIRED  # never switched off
