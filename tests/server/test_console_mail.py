"""The GM console's email part, through the application (Starlette's httpx test client).

A Rex Furum game on the server with the email gateway of ``sealed serve
--mail-domain`` (its :class:`MailConsole`): the console and the JSON API give
seats secret addresses, renew and revoke them (a revoked address gets the
clear refusal, at SMTP's ``RCPT`` too), list the game's undelivered mail
(seat, what it is, attempts, last error, next try: never its text) and retry
or drop one. One game's console never reaches another game's mail, and a
seat's link reaches none of it.
"""

from __future__ import annotations

import html
import smtplib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from tests.mail.relay import Sink, free_port, running_sink
from tests.mail.world import CONTACTS, GM_CONTACT, SEATS, WHERE, email

from sealed.mail import answers
from sealed.mail.gateway import Gateway
from sealed.mail.outbox import Outbox, Relay
from sealed.mail.smtp import start_smtp
from sealed.server.app import contacts_from, create_app
from sealed.server.mailport import ServerPort, game_key
from sealed.server.mailserve import MailConsole
from sealed.server.model import BadRequestError, Settings
from sealed.server.service import GameService


@dataclass
class Console:
    client: TestClient
    gateway: Gateway
    sink: Sink
    game_id: int
    gm: str  # the GM's token
    seat_tokens: dict[str, str]
    woken: list[int] = field(default_factory=list)

    def post(self, act: str, **form: str) -> Any:
        return self.client.post(f"/gm/{self.gm}/mail/{act}", data=form, follow_redirects=True)

    def api(self, act: str | None = None, **body: Any) -> Any:
        if act is None:
            return self.client.get(f"/api/gm/{self.gm}/mail")
        return self.client.post(f"/api/gm/{self.gm}/mail/{act}", json=body)

    def page(self) -> str:
        return self.client.get(f"/gm/{self.gm}").text

    def addresses(self) -> dict[str, str]:
        found = self.api().json()["addresses"]
        return {seat: entry["address"] for seat, entry in found.items()}


def create(service: GameService) -> tuple[int, str, dict[str, str]]:
    created = service.create(
        "rex-furum", list(SEATS), {}, seed=7, settings=Settings(minutes=20, remind=5)
    )
    return created.game_id, created.gm_token, created.seat_tokens


@pytest.fixture
def console(service: GameService, tmp_path: Path) -> Iterator[Console]:
    with running_sink() as (sink, port):
        server_port = ServerPort(service, WHERE)
        outbox = Outbox(tmp_path / "outbox", Relay(port=port, timeout=10))
        gateway = Gateway(server_port, WHERE, outbox)
        woken: list[int] = []
        mail = MailConsole(server_port, outbox, lambda: woken.append(1))
        app = create_app(service, poll=None, mail=mail)
        game_id, gm, seats = create(service)
        with TestClient(app, base_url="http://127.0.0.1:8000") as client:
            yield Console(client, gateway, sink, game_id, gm, seats, woken)


def register_all(console: Console) -> dict[str, str]:
    lines = "\n".join(f"{seat}={CONTACTS[seat]}" for seat in SEATS)
    response = console.post("register", seats=lines, gm=GM_CONTACT)
    assert response.status_code == 200, response.text
    return console.addresses()


def test_the_console_gives_seats_addresses_and_shows_them_once_made(console: Console) -> None:
    assert "No seat has an email address yet" in console.page()
    lines = "ana=ana@players.test\n\nben = ben@players.test\n"
    response = console.post("register", seats=lines, gm=GM_CONTACT)
    assert response.status_code == 200 and 'id="mail-shown"' in response.text
    addresses = console.addresses()
    assert sorted(addresses) == ["ana", "ben", "gm"]
    for address in addresses.values():
        assert '<code class="new-address"' in response.text and address in response.text
        assert console.gateway.accepts(address)
    assert console.woken  # their first reports go out at once
    more = console.api("register", seats={"cara": "cara@players.test"})
    assert more.status_code == 200 and list(more.json()["addresses"]) == ["cara"]
    assert console.gateway.accepts(more.json()["addresses"]["cara"])
    audit = console.client.get(f"/gm/{console.gm}").text
    assert "email addresses for cara" in audit


@pytest.mark.parametrize(
    ("lines", "gm", "message"),
    [
        ("ana ana@players.test", GM_CONTACT, "line 1: write seat=email"),
        ("anna=anna@players.test", GM_CONTACT, "did you mean"),
        ("ana=not an address", GM_CONTACT, "is not an email address"),
        ("ana=ana@players.test", "", "give your own email address too"),
    ],
)
def test_a_bad_registration_says_why_and_gives_nobody_an_address(
    console: Console, lines: str, gm: str, message: str
) -> None:
    response = console.post("register", seats=lines, gm=gm)
    assert response.status_code == 400
    assert message in html.unescape(response.text)
    assert console.addresses() == {}


def test_a_renewed_address_replaces_the_old_one(console: Console) -> None:
    old = register_all(console)["ben"]
    response = console.api("renew", seat="ben")
    new = response.json()["addresses"]["ben"]
    assert new != old and console.addresses()["ben"] == new
    assert not console.gateway.accepts(old) and console.gateway.accepts(new)
    page = console.post("renew", seat="ben")  # from the page: shown once, for handing over
    assert console.addresses()["ben"] in page.text and new not in page.text


def test_a_revoked_address_gets_the_clear_refusal_at_smtp_and_by_bounce(console: Console) -> None:
    addresses = register_all(console)
    assert console.post("revoke", seat="ben").status_code == 200
    assert "ben" not in console.addresses()
    old = addresses["ben"]
    controller = start_smtp(console.gateway, "127.0.0.1", free_port())
    try:
        with smtplib.SMTP(controller.hostname, controller.port, timeout=30) as smtp:
            smtp.ehlo()
            assert smtp.mail("ben@players.test")[0] == 250
            code, reply = smtp.rcpt(old)
    finally:
        controller.stop()
    assert code == 550 and b"No game has this address" in reply
    # Fetched by IMAP, the same email is answered by a bounce to its sender, naming no game.
    (result,) = console.gateway.receive(email(old, "pass"), [old], "ben@players.test")
    assert result.outcome == "unknown"
    console.gateway.outbox.flush()
    (bounce,) = [m for m in console.sink.parsed() if str(m["To"]) == "ben@players.test"]
    assert answers.UNKNOWN_ADDRESS in str(bounce.get_body(("plain",)).get_content())  # type: ignore[union-attr]
    # Given an address again, ben plays by mail again; the old address stays refused.
    again = console.api("register", seats={"ben": "ben@players.test"}).json()["addresses"]["ben"]
    assert console.gateway.accepts(again) and not console.gateway.accepts(old)


def test_undelivered_mail_is_listed_by_what_it_is_and_retried_or_dropped(
    console: Console,
) -> None:
    addresses = register_all(console)
    console.sink.replies = ["550 5.1.1 ana: no such user"] + ["451 4.3.0 busy"] * 6
    console.gateway.send_reports(game_key(console.game_id))  # six first reports
    secret = "cnry-ana-private-plan"
    raw = email(addresses["ana"], f"{secret}\npass", subject=f"my {secret}", sender=CONTACTS["ana"])
    console.gateway.receive(raw, [addresses["ana"]], CONTACTS["ana"])  # its answer: queued
    console.gateway.outbox.flush()
    listed = console.api().json()["undelivered"]
    assert len(listed) == 7
    first = listed[0]
    assert (first["seat"], first["state"], first["attempts"]) == ("ana", "failed", 1)
    assert first["error"].startswith("550") and first["next_attempt"] is None
    assert first["about"] == f"Rex Furum g{console.game_id}: round 1 of 10 (step 1)"
    retrying = listed[1]
    assert retrying["state"] == "queued" and retrying["next_attempt"].startswith("20")
    answer = listed[-1]
    assert answer["about"] == "the answer to an email of ana" and answer["attempts"] == 1
    page = console.page()
    for shown in (page, console.api().text):  # what a mail is, never what it says
        assert secret not in shown
        assert "Your orders" not in shown and "round 1 of 10" in html.unescape(shown)
    assert page.count('class="mail-retry"') == 7
    # Retry the given-up one now: it goes at the next round, which the console wakes.
    console.woken.clear()
    assert console.post("retry", entry=first["entry"]).status_code == 200
    assert console.woken
    console.gateway.outbox.flush()
    assert [m["To"] for m in console.sink.parsed()] == [CONTACTS["ana"]]
    # Drop another: it is never sent, and leaves the list.
    dropped = listed[2]
    assert console.api("drop", entry=dropped["entry"]).json()["ok"] is True
    entries = [u["entry"] for u in console.api().json()["undelivered"]]
    assert first["entry"] not in entries and dropped["entry"] not in entries
    assert len(entries) == 5


def test_one_game_s_console_reaches_no_other_game_s_mail(
    console: Console, service: GameService
) -> None:
    register_all(console)
    console.sink.replies = ["451 4.3.0 busy"] * 6
    console.gateway.send_reports(game_key(console.game_id))
    console.gateway.outbox.flush()
    entry = console.api().json()["undelivered"][0]["entry"]
    _, other_gm, _ = create(service)
    for act in ("retry", "drop"):
        response = console.client.post(f"/api/gm/{other_gm}/mail/{act}", json={"entry": entry})
        assert response.status_code == 404  # as for an entry that does not exist
        assert response.json()["error"]["code"] == "mail/unknown"
    assert console.client.get(f"/api/gm/{other_gm}/mail").json()["undelivered"] == []
    assert console.client.get(f"/api/gm/{other_gm}/mail").json()["addresses"] == {}
    assert len(console.api().json()["undelivered"]) == 6  # untouched
    seat = console.seat_tokens["ana"]  # a seat's link is not the console's
    assert console.client.get(f"/api/gm/{seat}/mail").status_code == 404
    response = console.client.post(f"/api/gm/{seat}/mail/drop", json={"entry": entry})
    assert response.status_code == 404
    assert console.client.post(f"/gm/{seat}/mail/drop", data={"entry": entry}).status_code == 404
    assert len(console.api().json()["undelivered"]) == 6


def test_a_server_without_the_gateway_says_so(service: GameService) -> None:
    _, gm, _ = create(service)
    with TestClient(create_app(service, poll=None), base_url="http://127.0.0.1:8000") as client:
        assert 'id="mail-off"' in client.get(f"/gm/{gm}").text
        response = client.get(f"/api/gm/{gm}/mail")
        assert response.json()["error"]["code"] == "mail/off"
        response = client.post(f"/gm/{gm}/mail/register", data={"seats": "ana=a@p.test"})
        assert "--mail-domain" in response.text and response.status_code == 409


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from('ab=@.\n \t\r,<>"é'), max_size=80))
def test_the_console_s_seat_lines_are_read_or_refused_by_line(text: str) -> None:
    try:
        contacts = contacts_from(text)
    except BadRequestError as error:
        assert str(error).startswith("line ") and "write seat=email" in str(error)
        return
    assert all(seat and seat == seat.strip() for seat in contacts)
    assert all(address == address.strip() for address in contacts.values())
