"""No mail to one seat carries another seat's secrets: every byte of every mail is grepped.

Markers are planted where secrets live: each seat's secret address and registered address,
chatter in its order emails (echoed back to it as skipped lines), and private press to one
other seat. A mail to reader R may carry a marker only if R may know it: its own, press it
sent or received, and, for the game master, every message.
"""

from __future__ import annotations

import html
from email.message import EmailMessage
from pathlib import Path

import pytest
from tests.mail.world import CONTACTS, GAME_ID, GM_CONTACT, SEATS, World, body_of, email, make_world

from sealed.core.game import GM

READERS = (*SEATS, GM)


def plant_and_play(world: World, rounds: int) -> dict[str, set[str]]:
    """Play ``rounds`` rounds by mail; each marker, with the readers allowed to see it."""
    allowed: dict[str, set[str]] = {}
    for seat, address in world.addresses.items():
        allowed[address.split("-")[-1].split("@")[0]] = {seat}  # the secret
    for seat in READERS:
        allowed[CONTACTS.get(seat, GM_CONTACT)] = {seat}
    world.gateway.send_reports(GAME_ID)
    for number in range(1, rounds + 1):
        for index, seat in enumerate(SEATS):
            other = SEATS[(index + number) % len(SEATS)]
            press = f"cnry-{seat}-{number}-press"
            allowed[press] = {seat, other, GM}
            raw = email(
                world.addresses[seat],
                f"press to {other}: meet me, {press}",
                sender=CONTACTS[seat],
                message_id=f"<p{number}{seat}@players.test>",
            )
            assert world.receive(raw, seat).outcome == "press"
        for seat in SEATS:
            chat = f"cnry-{seat}-{number}-chat"
            allowed[chat] = {seat}
            raw = email(
                world.addresses[seat],
                f"Hi {chat}\npass",
                sender=CONTACTS[seat],
                message_id=f"<o{number}{seat}@players.test>",
            )
            assert world.receive(raw, seat).outcome == "sealed"
    return allowed


def reader_of(mail: EmailMessage) -> str:
    to = str(mail["To"])
    return next(seat for seat in READERS if CONTACTS.get(seat, GM_CONTACT) == to)


def decoded_parts(message: EmailMessage) -> str:
    """Every text part decoded (plain and HTML, whatever their transfer encoding), the HTML
    also with its entities read back, so a marker hidden by base64, quoted-printable or
    ``&#x..;`` is still found."""
    texts = []
    for part in message.walk():
        if part.get_content_maintype() == "text":
            content = str(part.get_content())
            texts.append(content)
            if part.get_content_subtype() == "html":
                texts.append(html.unescape(content))
    return "\n".join(texts)


def leaks(mail: list[EmailMessage], allowed: dict[str, set[str]]) -> list[tuple[str, str]]:
    found = []
    for message in mail:
        reader = reader_of(message)
        text = message.as_string() + decoded_parts(message)  # raw headers, every decoded part
        found += [
            (marker, reader)
            for marker, who in allowed.items()
            if marker in text and reader not in who
        ]
    return found


def test_no_mail_carries_another_seat_s_secrets(tmp_path: Path) -> None:
    world = make_world(tmp_path, close_early=True)
    allowed = plant_and_play(world, rounds=3)
    mail = world.queued()
    # first reports, then per round: 5 press answers, 5 relays, 5 to the GM, 5 answers, reports
    assert len(mail) == 6 + 3 * (5 + 5 + 5 + 5 + 6)
    assert leaks(mail, allowed) == []
    # The markers did travel where they may: the checks above could have failed.
    gm_text = "".join(body_of(m) for m in mail if reader_of(m) == GM)
    assert "cnry-ana-1-press" in gm_text and "cnry-ana-1-chat" not in gm_text
    ben_text = "".join(body_of(m) for m in mail if reader_of(m) == "ben")
    assert "cnry-ana-1-press" in ben_text and "cnry-ben-2-chat" in ben_text


def test_the_leak_check_finds_a_planted_leak(tmp_path: Path) -> None:
    world = make_world(tmp_path, close_early=True)
    allowed = plant_and_play(world, rounds=1)
    bad = EmailMessage()
    bad["To"] = CONTACTS["dan"]
    bad.set_content("psst: cnry-ana-1-chat")
    assert leaks([bad], allowed) == [("cnry-ana-1-chat", "dan")]


@pytest.mark.parametrize("encoding", ["base64", "quoted-printable"])
def test_the_leak_check_finds_a_leak_only_in_an_encoded_html_part(
    tmp_path: Path, encoding: str
) -> None:
    world = make_world(tmp_path, close_early=True)
    allowed = plant_and_play(world, rounds=1)
    bad = EmailMessage()
    bad["To"] = CONTACTS["dan"]
    bad.set_content("nothing to see here")
    hidden = "".join(f"&#x{ord(c):x};" for c in "cnry-ana-1-chat")  # entities, then encoded
    bad.add_alternative(f"<p>{hidden}</p>", subtype="html", cte=encoding)
    assert "cnry-ana-1-chat" not in bad.as_string() + body_of(bad)  # the old check: blind
    assert leaks([bad], allowed) == [("cnry-ana-1-chat", "dan")]


def test_reports_with_tables_carry_an_html_part_and_it_is_checked_too(tmp_path: Path) -> None:
    world = make_world(tmp_path, close_early=True)
    allowed = plant_and_play(world, rounds=2)
    mail = world.queued()
    with_html = [m for m in mail if m.get_body(("html",)) is not None]
    assert len(with_html) >= 2 * len(SEATS)  # every seat's round reports
    assert all(m.get_content_type() == "multipart/alternative" for m in with_html)
    assert leaks(with_html, allowed) == []
    # The HTML was read: a seat's own chatter echoed in its report would be found in it.
    ben = next(m for m in with_html if reader_of(m) == "ben")
    assert "ben" in decoded_parts(ben) and "<table>" in decoded_parts(ben)


@pytest.mark.parametrize("seat", SEATS)
def test_a_report_names_only_its_own_reply_address(tmp_path: Path, seat: str) -> None:
    world = make_world(tmp_path)
    world.gateway.send_reports(GAME_ID)
    (report,) = world.mail_to(seat)
    others = [a for s, a in world.addresses.items() if s != seat]
    assert not [a for a in others if a in report.as_string()]
    assert world.addresses[seat] in str(report["From"])
