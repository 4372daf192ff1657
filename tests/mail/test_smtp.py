"""A real SMTP exchange on loopback: players' mail programs (smtplib) -> our aiosmtpd gateway ->
the game files; our answers and reports -> the outbox -> a second aiosmtpd, the test relay.

The whole Rex Furum game of five is played only by email: every player answers the latest
report they received (replying to it, as a mail program does), the rounds open when the last
orders are in (``close_early``), and the game master does nothing but start the game.
"""

from __future__ import annotations

import random
import smtplib
import time
from collections.abc import Iterator
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import pytest
from tests.mail.relay import Sink, free_port, running_sink
from tests.mail.world import (
    CONTACTS,
    GAME_ID,
    GM_CONTACT,
    SEATS,
    WHERE,
    body_of,
    fixed_clock,
    make_world,
)

from sealed.core.game import GM
from sealed.games.rex_furum import GAME
from sealed.mail.gateway import Gateway
from sealed.mail.memory import MemoryPort
from sealed.mail.outbox import Outbox, Relay
from sealed.mail.reading import MAX_BYTES
from sealed.mail.smtp import start_smtp


@dataclass
class Loopback:
    port: MemoryPort
    gateway: Gateway
    addresses: dict[str, str]
    sink: Sink
    smtp_port: int

    def send(self, mail: EmailMessage, sender: str) -> None:
        with smtplib.SMTP("127.0.0.1", self.smtp_port, timeout=30) as client:
            client.send_message(mail, from_addr=sender)


@pytest.fixture
def loopback(tmp_path: Path) -> Iterator[Loopback]:
    (tmp_path / "games").mkdir()
    with running_sink() as (sink, relay_port):
        port = MemoryPort(tmp_path / "games", WHERE, clock=fixed_clock)
        outbox = Outbox(tmp_path / "outbox", Relay(port=relay_port))
        gateway = Gateway(port, WHERE, outbox)
        addresses = port.create_game(
            GAME_ID, GAME, CONTACTS, GM_CONTACT, options={"close_early": True}, seed=11
        )
        smtp_port = free_port()
        controller = start_smtp(gateway, port=smtp_port)
        try:
            yield Loopback(port, gateway, addresses, sink, smtp_port)
        finally:
            controller.stop()


def reply(to_report: EmailMessage, seat: str, body: str, address: str) -> EmailMessage:
    """What a mail program sends when a player answers ``to_report`` (quoting it)."""
    mail = EmailMessage()
    mail["From"] = CONTACTS[seat]
    mail["To"] = address
    mail["Subject"] = "Re: " + str(to_report["Subject"])
    mail["In-Reply-To"] = to_report["Message-ID"]
    mail["References"] = to_report["Message-ID"]
    mail["Message-ID"] = make_msgid(domain="players.test")
    quoted = "\n".join("> " + line for line in body_of(to_report).splitlines()[:5])
    mail.set_content(f"Hi,\n\n{body}\n\nThanks\n\nOn Mon, Rex <{address}> wrote:\n{quoted}\n")
    return mail


def reports_of(mail: list[EmailMessage], step: int) -> dict[str, EmailMessage]:
    """Each reader's report of ``step`` by registered address (the final result counts as one)."""
    wanted = f"(step {step})"
    return {
        str(m["To"]): m
        for m in mail
        if not str(m["Subject"]).startswith("Re:")
        and (str(m["Subject"]).endswith(wanted) or "the final result" in str(m["Subject"]))
    }


def test_a_whole_rex_furum_game_of_five_is_played_only_by_email(loopback: Loopback) -> None:
    assert loopback.gateway.send_reports(GAME_ID) == 6  # the GM starts the game
    loopback.gateway.outbox.flush()
    rng = random.Random(5)
    bot = GAME.bots["random"]()
    sent_count = answers = 0
    for step in range(1, 11):
        mail = loopback.sink.wait_until(lambda got, s=step: len(reports_of(got, s)) == 6, "reports")
        reports = reports_of(mail, step)
        match = loopback.port.match(GAME_ID)
        assert match.step == step and match.result() is None
        for seat in SEATS:
            view = match.report(seat, "email")
            orders = GAME.format(bot.choose(view.view, view.prompt, rng))
            sent = reply(reports[CONTACTS[seat]], seat, orders, loopback.addresses[seat])
            loopback.send(sent, CONTACTS[seat])
            sent_count += 1
            mail = loopback.sink.wait_until(lambda got, m=sent: answered(got, m), "an answer")
            (answer,) = [m for m in mail if m["In-Reply-To"] == sent["Message-ID"]]
            assert f"Sealed. Your orders for step {step}" in body_of(answer), body_of(answer)
            assert orders.split(";")[0] in body_of(answer)
            answers += 1
    mail = loopback.sink.wait_until(lambda got: len(final_results(got)) == 6, "final results")
    assert loopback.port.match(GAME_ID).result() is not None
    final = final_results(mail)
    assert sorted(str(m["To"]) for m in final) == sorted([*CONTACTS.values(), GM_CONTACT])
    assert all("Game over" in body_of(m) for m in final)
    assert answers == sent_count == 50
    assert len(mail) == 50 + 6 * 11  # every email answered once; 10 rounds of reports + results
    assert len({m["Message-ID"] for m in mail}) == len(mail)  # nothing sent twice
    assert_no_secret_leaks(loopback, mail)


def final_results(mail: list[EmailMessage]) -> list[EmailMessage]:
    return [m for m in mail if "the final result" in str(m["Subject"])]


def answered(mail: list[EmailMessage], sent: EmailMessage) -> bool:
    return any(m["In-Reply-To"] == sent["Message-ID"] for m in mail)


def assert_no_secret_leaks(loopback: Loopback, mail: list[EmailMessage]) -> None:
    """No mail to one seat carries another seat's secret or registered address."""
    secrets = {
        seat: address.split("-")[-1].split("@")[0] for seat, address in loopback.addresses.items()
    }
    contacts = {**CONTACTS, GM: GM_CONTACT}
    for message in mail:
        reader = next(seat for seat, contact in contacts.items() if contact == str(message["To"]))
        text = message.as_string()
        for seat, secret in secrets.items():
            assert (secret in text) == (seat == reader), (reader, seat)
        for seat, contact in contacts.items():
            if seat != reader:
                assert contact not in text, (reader, seat)


def test_an_unknown_address_is_refused_at_rcpt_and_nothing_is_sealed(loopback: Loopback) -> None:
    wrong = loopback.addresses["ana"][:-30] + "a" * 26 + "@" + WHERE.domain
    mail = EmailMessage()
    mail["From"], mail["To"], mail["Subject"] = "ana@players.test", wrong, "orders"
    mail.set_content("embezzle ben")
    with pytest.raises(smtplib.SMTPRecipientsRefused) as refused:
        loopback.send(mail, "ana@players.test")
    code, text = refused.value.recipients[wrong]
    assert code == 550 and b"No game has this address" in text
    assert loopback.port.match(GAME_ID).pending == {}


def test_a_message_too_large_is_refused_politely(loopback: Loopback) -> None:
    mail = EmailMessage()
    mail["From"], mail["To"], mail["Subject"] = "ana@p.test", loopback.addresses["ana"], "x"
    mail.set_content("embezzle ben\n" + ("x" * 70 + "\n") * (MAX_BYTES // 70 + 10))
    with pytest.raises(smtplib.SMTPDataError) as refused:
        loopback.send(mail, "ana@players.test")
    assert refused.value.smtp_code == 552 and b"plain text" in refused.value.smtp_error
    assert loopback.port.match(GAME_ID).pending == {}


def test_a_bounce_is_accepted_but_never_answered(loopback: Loopback) -> None:
    mail = EmailMessage()
    mail["From"], mail["To"], mail["Subject"] = (
        "MAILER-DAEMON@mx.test",
        loopback.addresses["ana"],
        "x",
    )
    mail.set_content("embezzle ben")
    loopback.send(mail, "")  # MAIL FROM:<>
    probe = EmailMessage()
    probe["From"], probe["To"], probe["Subject"] = CONTACTS["ben"], loopback.addresses["ben"], "o"
    probe.set_content("pass")
    loopback.send(probe, CONTACTS["ben"])
    (only,) = loopback.sink.wait_for(1)  # the answer to ben's probe, none to the bounce
    assert str(only["To"]) == CONTACTS["ben"]
    assert "ana" not in loopback.port.match(GAME_ID).pending


def test_a_failure_to_commit_is_a_temporary_refusal_never_a_250(
    loopback: Loopback, monkeypatch: pytest.MonkeyPatch
) -> None:
    def disk_full(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(loopback.port, "seal", disk_full)
    mail = EmailMessage()
    mail["From"], mail["To"], mail["Subject"] = CONTACTS["ana"], loopback.addresses["ana"], "o"
    mail.set_content("pass")
    with pytest.raises(smtplib.SMTPDataError) as refused:
        loopback.send(mail, CONTACTS["ana"])
    assert refused.value.smtp_code == 451
    assert b"No space" not in refused.value.smtp_error  # no internals in the answer
    assert loopback.port.match(GAME_ID).pending == {}


def test_connections_over_the_cap_are_told_421_and_a_freed_slot_is_reused(
    tmp_path: Path,
) -> None:
    world = make_world(tmp_path)
    port = free_port()
    controller = start_smtp(world.gateway, port=port, max_connections=2)
    try:
        first = smtplib.SMTP("127.0.0.1", port, timeout=30)
        second = smtplib.SMTP("127.0.0.1", port, timeout=30)
        with pytest.raises(smtplib.SMTPConnectError) as busy:
            smtplib.SMTP("127.0.0.1", port, timeout=30)
        assert busy.value.smtp_code == 421
        first.quit()
        mail = EmailMessage()
        mail["From"], mail["To"], mail["Subject"] = CONTACTS["ana"], world.addresses["ana"], "o"
        mail.set_content("pass")
        send_with_retry(port, mail)  # the slot is freed when the server sees the QUIT
        second.quit()
    finally:
        controller.stop()
    assert world.port.match(GAME_ID).pending["ana"].canonical == "pass"


def send_with_retry(port: int, mail: EmailMessage) -> None:
    """Send, trying again while the server has not yet seen a closed slot (bounded)."""
    for _ in range(100):
        try:
            with smtplib.SMTP("127.0.0.1", port, timeout=30) as client:
                client.send_message(mail)
                return
        except smtplib.SMTPConnectError:
            time.sleep(0.05)
    raise AssertionError("no slot was freed")
