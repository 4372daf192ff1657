"""No mail to one seat carries another seat's secrets: every byte of every mail is grepped.

Markers are planted where secrets live: each seat's secret address and registered address,
chatter in its order emails (echoed back to it as skipped lines), and private press to one
other seat. A mail to reader R may carry a marker only if R may know it: its own, press it
sent or received, and, for the game master, every message.
"""

from __future__ import annotations

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


def leaks(mail: list[EmailMessage], allowed: dict[str, set[str]]) -> list[tuple[str, str]]:
    found = []
    for message in mail:
        reader = reader_of(message)
        text = message.as_string() + body_of(message)  # raw headers, and the decoded body
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


@pytest.mark.parametrize("seat", SEATS)
def test_a_report_names_only_its_own_reply_address(tmp_path: Path, seat: str) -> None:
    world = make_world(tmp_path)
    world.gateway.send_reports(GAME_ID)
    (report,) = world.mail_to(seat)
    others = [a for s, a in world.addresses.items() if s != seat]
    assert not [a for a in others if a in report.as_string()]
    assert world.addresses[seat] in str(report["From"])
