"""``python -m sealed.mail``: start a game, serve it over SMTP in its own process, stop it."""

from __future__ import annotations

import os
import smtplib
import subprocess
import sys
import time
from email.message import EmailMessage
from pathlib import Path

from click.testing import CliRunner
from tests.mail.imapserver import running_imap
from tests.mail.relay import free_port, running_sink
from tests.mail.world import body_of

from sealed.mail.__main__ import main

SEATS = ["ana", "ben", "cara"]


def start_game(folder: Path) -> dict[str, str]:
    args = ["new", str(folder), "g1", "--game", "rex-furum", "--gm", "gm@p.test"]
    args += [f"--seat={seat}={seat}@p.test" for seat in SEATS]
    args += ["--domain", "games.test", "--local", "rexfurum", "-o", "close_early=true"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    return dict(line.split(": ") for line in result.output.splitlines())


def test_new_prints_one_secret_address_per_seat_and_the_gm(tmp_path: Path) -> None:
    addresses = start_game(tmp_path)
    assert sorted(addresses) == [*SEATS, "gm"]
    assert all(a.startswith("rexfurum+g1-") for a in addresses.values())


def test_new_refuses_bad_input_in_one_line(tmp_path: Path) -> None:
    base = [
        "new",
        str(tmp_path),
        "g1",
        *["--game", "rex-furum", "--gm", "g@p", "--domain", "d.test"],
    ]
    result = CliRunner().invoke(main, [*base, "--seat", "ana"])
    assert result.exit_code == 1 and "must be written name=value" in result.output
    result = CliRunner().invoke(main, [*base, "--seat", "a=a@p", "-o", "close_erly=true"])
    assert result.exit_code == 1 and "did you mean 'close_early'" in result.output


def test_serve_sends_first_reports_and_answers_mail(tmp_path: Path) -> None:
    addresses = start_game(tmp_path)
    smtp_port = free_port()
    with running_sink() as (sink, relay_port):
        options = f"--domain games.test --local rexfurum --port {smtp_port} --every 0.2"
        options += f" --relay-port {relay_port}"
        server = subprocess.Popen(
            [sys.executable, "-m", "sealed.mail", "serve", str(tmp_path), *options.split()],
            env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
        )
        try:
            first = sink.wait_for(4)  # three seats and the GM
            assert sorted(str(m["To"]) for m in first) == sorted(
                [f"{s}@p.test" for s in SEATS] + ["gm@p.test"]
            )
            mail = EmailMessage()
            mail["From"], mail["To"], mail["Subject"] = "ana@p.test", addresses["ana"], "orders"
            mail["Message-ID"] = "<main-1@p.test>"
            mail.set_content("protect self")
            send_when_listening(smtp_port, mail)
            got = sink.wait_until(
                lambda m: any(x["In-Reply-To"] == "<main-1@p.test>" for x in m), "the answer"
            )
            (answer,) = [m for m in got if m["In-Reply-To"] == "<main-1@p.test>"]
            assert "Sealed. Your orders for step 1" in body_of(answer)
        finally:
            server.terminate()
            server.wait(timeout=30)


def test_serve_fetches_a_mailbox_over_imap(tmp_path: Path) -> None:
    addresses = start_game(tmp_path)
    with running_sink() as (sink, relay_port), running_imap("gm", "pw") as (store, imap_port):
        options = f"--domain games.test --local rexfurum --port {free_port()} --every 0.2"
        options += f" --relay-port {relay_port} --imap-host 127.0.0.1 --imap-port {imap_port}"
        options += " --imap-security none --imap-user gm"
        raw = (
            f"Return-Path: <ben@p.test>\r\nDelivered-To: {addresses['ben']}\r\n"
            f"From: ben@p.test\r\nTo: {addresses['ben']}\r\nSubject: o\r\n"
            "Message-ID: <imap-1@p.test>\r\n\r\nprotect self\r\n"
        ).encode()
        store.deliver(raw)
        server = subprocess.Popen(
            [sys.executable, "-m", "sealed.mail", "serve", str(tmp_path), *options.split()],
            env={
                **os.environ,
                "PYTHONPATH": os.pathsep.join(sys.path),
                "SEALED_IMAP_PASSWORD": "pw",
            },
        )
        try:
            got = sink.wait_until(
                lambda m: any(x["In-Reply-To"] == "<imap-1@p.test>" for x in m), "the answer"
            )
            (answer,) = [m for m in got if m["In-Reply-To"] == "<imap-1@p.test>"]
            assert "Sealed. Your orders for step 1" in body_of(answer)
            assert str(answer["To"]) == "ben@p.test"
        finally:
            server.terminate()
            server.wait(timeout=30)
        assert store.messages == []


def send_when_listening(port: int, mail: EmailMessage) -> None:
    """The server process may still be starting: try to connect for a bounded while."""
    end = time.monotonic() + 60
    while True:
        try:
            with smtplib.SMTP("127.0.0.1", port, timeout=30) as client:
                client.send_message(mail)
                return
        except ConnectionRefusedError:
            if time.monotonic() > end:
                raise
            time.sleep(0.2)
