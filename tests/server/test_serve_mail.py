"""``sealed serve`` running the web server and the email gateway at once, on SQLite and PostgreSQL.

A real loopback exchange: the GM creates a game through the JSON API and gives its seats
addresses with ``python -m sealed.server.mailserve register``; players' mail programs
(smtplib) send to the server's SMTP port; the server's answers and reports leave through
its outbox to a test relay (aiosmtpd). Then a deadline fired by the server's own scheduler
produces the mailed reports of the next round, after a reminder mailed from its record.
"""

from __future__ import annotations

import contextlib
import os
import random
import smtplib
import socket
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import httpx
import pytest
from click.testing import CliRunner
from tests.mail.relay import Sink, free_port, running_sink
from tests.mail.test_smtp import final_results, reply, reports_of
from tests.mail.world import CONTACTS, GM_CONTACT, SEATS, WHERE, body_of
from tests.server.e2e.live import ServerProcess, sealed_command
from tests.server.fixtures import migrated

from sealed.core.game import GM
from sealed.core.match import replay
from sealed.games.rex_furum import GAME
from sealed.server.db import open_engine
from sealed.server.mailserve import register
from sealed.server.service import GameService

READERS = len(SEATS) + 1  # every seat and the game master


@dataclass
class Running:
    server: ServerProcess
    sink: Sink
    smtp_port: int
    database: str

    def create(self, **fields: Any) -> dict[str, Any]:
        """A game of the five seats through the JSON API, with addresses; the API's answer."""
        body = {"game": "rex-furum", "seats": list(SEATS), **fields}
        created: dict[str, Any] = httpx.post(self.server.url("/api/games"), json=body).json()
        seats = [f"--seat={seat}={contact}" for seat, contact in CONTACTS.items()]
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "sealed.server.mailserve",
                "register",
                f"--db={self.database}",
                f"--gm-token={created['gm']['token']}",
                f"--gm={GM_CONTACT}",
                f"--mail-local={WHERE.local}",
                f"--mail-domain={WHERE.domain}",
                *seats,
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        lines = [line.split(": ", 1) for line in done.stdout.splitlines()]
        created["addresses"] = {seat: address for seat, address in lines}
        assert set(created["addresses"]) == {*SEATS, GM}
        return created

    def send(self, mail: EmailMessage, sender: str) -> None:
        with smtplib.SMTP("127.0.0.1", self.smtp_port, timeout=30) as client:
            client.send_message(mail, from_addr=sender)

    def gm_status(self, created: dict[str, Any]) -> dict[str, Any]:
        token = created["gm"]["token"]
        status: dict[str, Any] = httpx.get(self.server.url(f"/api/gm/{token}")).json()
        return status

    def record(self, created: dict[str, Any]) -> dict[str, Any]:
        token = created["gm"]["token"]
        record: dict[str, Any] = httpx.get(self.server.url(f"/api/gm/{token}/record")).json()
        return record


def wait_longer(
    sink: Sink, done: Callable[[list[EmailMessage]], bool], what: str
) -> list[EmailMessage]:
    """The sink's bounded wait, three times over: a one-minute deadline on a busy machine
    may need more than one of its limits (a bound against hanging, not a speed check)."""
    for _ in range(2):
        with contextlib.suppress(AssertionError):
            return sink.wait_until(done, what)
    return sink.wait_until(done, what)


@pytest.fixture
def running(database: str, tmp_path: Path) -> Iterator[Running]:
    with running_sink() as (sink, relay_port):
        smtp_port = free_port()
        server = ServerProcess(
            database,
            tmp_path / "server",
            (
                "--poll=0.2",
                f"--mail-domain={WHERE.domain}",
                f"--mail-local={WHERE.local}",
                f"--smtp-port={smtp_port}",
                f"--relay=127.0.0.1:{relay_port}",
                "--mail-every=0.2",
                f"--mail-outbox={tmp_path / 'outbox'}",
            ),
        )
        server.start()
        try:
            yield Running(server, sink, smtp_port, database)
        finally:
            server.stop()
        assert "Traceback" not in server.log_text(), server.log_tail()


def test_a_short_rex_furum_game_is_played_only_by_email_through_sealed_serve(
    running: Running,
) -> None:
    created = running.create(options={"rounds": 3, "close_early": True}, seed=11)
    addresses = created["addresses"]
    rng = random.Random(5)
    bot = GAME.bots["random"]()
    answers = 0
    for step in range(1, 4):
        mail = running.sink.wait_until(
            lambda got, s=step: len(reports_of(got, s)) == READERS, f"step {step} reports"
        )
        reports = reports_of(mail, step)
        match = replay(running.record(created))
        assert match.step == step and match.result() is None
        for seat in SEATS:
            view = match.report(seat, "email")
            orders = GAME.format(bot.choose(view.view, view.prompt, rng))
            sent = reply(reports[CONTACTS[seat]], seat, orders, addresses[seat])
            running.send(sent, CONTACTS[seat])
            mail = running.sink.wait_until(
                lambda got, m=sent: any(x["In-Reply-To"] == m["Message-ID"] for x in got),
                "an answer",
            )
            (answer,) = [m for m in mail if m["In-Reply-To"] == sent["Message-ID"]]
            assert f"Sealed. Your orders for step {step}" in body_of(answer), body_of(answer)
            answers += 1
    mail = running.sink.wait_until(lambda got: len(final_results(got)) == READERS, "results")
    assert running.gm_status(created)["result"] is not None
    assert answers == 15
    # each email answered once; 3 rounds of reports, results (a failure lists every message)
    assert len(mail) == 15 + READERS * 4, "\n".join(
        f"{m['To']} | {m['Subject']} | {m['Message-ID']} | {m['In-Reply-To']}" for m in mail
    )
    assert len({m["Message-ID"] for m in mail}) == len(mail)  # nothing sent twice
    # Every acknowledged order is in the server's record, as the web form's would be.
    record = running.record(created)
    assert len(record["steps"]) == 3
    assert all(set(step["orders"]) >= set(SEATS) for step in record["steps"])
    secrets = {seat: a.split("-")[-1].split("@")[0] for seat, a in addresses.items()}
    contacts = {**CONTACTS, GM: GM_CONTACT}
    for message in mail:  # no mail carries another seat's secret address
        reader = next(s for s, contact in contacts.items() if contact == str(message["To"]))
        for seat, secret in secrets.items():
            assert (secret in message.as_string()) == (seat == reader), (reader, seat)


def test_a_deadline_fired_by_the_server_mails_a_reminder_then_the_next_reports(
    running: Running,
) -> None:
    # One minute a round (the shortest the server takes), the reminder recorded a minute before.
    created = running.create(options={"rounds": 2}, seed=3, minutes=1, remind=1, close="wait")
    addresses = created["addresses"]
    mail = running.sink.wait_until(lambda got: len(reports_of(got, 1)) == READERS, "reports")
    reports = reports_of(mail, 1)
    for seat in ("ana", "ben", "cara", "dan"):  # eve stays silent
        running.send(reply(reports[CONTACTS[seat]], seat, "pass", addresses[seat]), CONTACTS[seat])
    mail = wait_longer(
        running.sink, lambda got: len(reports_of(got, 2)) == READERS, "the reports of step 2"
    )
    reminders = [m for m in mail if "reminder, step 1" in str(m["Subject"])]
    to_eve = [m for m in reminders if str(m["To"]) == CONTACTS["eve"]]
    assert len(to_eve) == 1 and "not in yet" in body_of(to_eve[0])
    assert len({str(m["To"]) for m in reminders}) == len(reminders)  # nobody reminded twice
    assert not [m for m in reminders if str(m["To"]) == GM_CONTACT]
    record = running.record(created)
    assert record["steps"][0]["orders"]["ana"]["canonical"] == "pass"
    engine = open_engine(running.database)
    try:
        service = GameService(engine)
        game_id = int(created["game_id"])
        acts = [(row.actor, row.act) for row in service.audit_log(game_id)]
        assert ("deadline", "close") in acts  # the server's scheduler, not the GM or the mail
        sent = [row.seat for row in service.reminders_of(game_id) if row.sent_at is not None]
        assert "eve" in sent
    finally:
        engine.dispose()


def serve_fails(tmp_path: Path, *options: str) -> str:
    """Run ``sealed serve`` with ``options`` that must stop it at start; its error output."""
    done = subprocess.run(
        [*sealed_command(), "serve", f"--db=sqlite:///{tmp_path / 'x.db'}", *options],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "SEALED_DATA_DIR": str(tmp_path / "data")},
    )
    assert done.returncode != 0
    assert "Traceback" not in done.stderr, done.stderr
    return done.stderr


def test_bad_mail_options_stop_sealed_serve_with_a_clear_error(tmp_path: Path) -> None:
    relay = serve_fails(tmp_path, "--mail-domain=games.test", "--relay=smtp.example.org")
    assert "must be written host:port" in relay
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        busy = serve_fails(tmp_path, "--mail-domain=games.test", f"--smtp-port={port}")
    assert f"cannot receive mail on 127.0.0.1:{port}" in busy


def test_register_takes_only_the_game_master_s_token_and_says_why(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'sealed.db'}"
    engine = migrated(url)
    try:
        created = GameService(engine).create("rex-furum", list(SEATS), {}, seed=1)
    finally:
        engine.dispose()
    common = [f"--db={url}", f"--gm={GM_CONTACT}", "--mail-domain=games.test"]
    seats = [f"--seat={seat}={contact}" for seat, contact in CONTACTS.items()]
    runner = CliRunner()
    cases = {
        created.seat_tokens["ana"]: "not the game master's",
        "nonsense": "this link is not known here",
    }
    for token, error in cases.items():
        result = runner.invoke(register, [*common, f"--gm-token={token}", *seats])
        assert result.exit_code == 1 and error in result.output, result.output
    result = runner.invoke(register, [*common, f"--gm-token={created.gm_token}", "--seat=ana"])
    assert result.exit_code == 1 and "must be written name=email" in result.output
    console = f"http://127.0.0.1:8000/gm/{created.gm_token}"  # the whole link works too
    result = runner.invoke(register, [*common, f"--gm-token={console}", *seats])
    assert result.exit_code == 0, result.output
    assert result.output.count("@games.test") == len(SEATS) + 1


def test_a_second_gateway_on_the_same_database_stops_with_a_clear_error(
    running: Running, tmp_path: Path
) -> None:
    done = subprocess.run(
        [
            *sealed_command(),
            "serve",
            f"--db={running.database}",
            f"--port={free_port()}",
            f"--mail-domain={WHERE.domain}",
            f"--smtp-port={free_port()}",
            f"--mail-outbox={tmp_path / 'second-outbox'}",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "SEALED_DATA_DIR": str(tmp_path / "data")},
    )
    assert done.returncode != 0
    assert "Traceback" not in done.stderr, done.stderr
    assert "another email gateway runs on this database" in done.stderr
    assert httpx.get(running.server.url("/healthz")).text == "ok"  # the first runs on
