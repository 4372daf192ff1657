"""Inbound mail over IMAP (imaplib against a loopback IMAP server): read, answer, then delete."""

from __future__ import annotations

import imaplib
from collections.abc import Sequence
from pathlib import Path

import pytest
from tests.mail.imapserver import running_imap
from tests.mail.world import GAME_ID, World, email, make_world

from sealed.mail.gateway import Gateway, Received
from sealed.mail.imap import Mailbox, envelope_sender, fetch_once, recipients_of


def mailbox(port: int, password: str = "pw") -> Mailbox:
    return Mailbox("127.0.0.1", "gm", password, port=port, security="none", timeout=10)


def delivered(world: World, seat: str, body: str, headers: dict[str, str] | None = None) -> bytes:
    """An email as the mail host stores it: with Delivered-To and Return-Path added."""
    raw = email(world.addresses[seat], body, sender=f"{seat}@players.test", headers=headers)
    added = f"Return-Path: <{seat}@players.test>\r\nDelivered-To: {world.addresses[seat]}\r\n"
    return added.encode() + raw


def test_mail_is_read_answered_and_only_then_deleted(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    with running_imap("gm", "pw") as (store, port):
        store.deliver(delivered(world, "ana", "embezzle ben"))
        store.deliver(delivered(world, "ben", "away", {"Auto-Submitted": "auto-replied"}))
        wrong = "rexfurum+g1-ana-" + "a" * 26 + "@games.test"
        store.deliver(f"Return-Path: <x@p.test>\r\nTo: {wrong}\r\n\r\npass\r\n".encode())
        results = fetch_once(mailbox(port), world.gateway)
        assert [r.outcome for r in results] == ["sealed", "automatic", "unknown"]
        assert store.messages == []
    assert world.port.match(GAME_ID).pending["ana"].canonical == "embezzle ben"
    assert len(world.mail_to("ana")) == 1
    assert [str(m["To"]) for m in world.queued()].count("x@p.test") == 1  # the bounce


def test_mail_fetched_twice_is_answered_once(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    raw = delivered(world, "ana", "out cara")
    with running_imap("gm", "pw") as (store, port):
        store.deliver(raw)
        fetch_once(mailbox(port), world.gateway)
        store.deliver(raw)  # the provider delivers it again
        (again,) = fetch_once(mailbox(port), world.gateway)
    assert again.outcome == "duplicate"
    assert len(world.mail_to("ana")) == 1


def test_a_wrong_password_deletes_nothing(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    with running_imap("gm", "pw") as (store, port):
        store.deliver(delivered(world, "ana", "pass"))
        with pytest.raises(imaplib.IMAP4.error):
            fetch_once(mailbox(port, "wrong"), world.gateway)
        assert len(store.messages) == 1


class Failing(Gateway):
    """A gateway that crashes on its second message (as a process killed mid-fetch would)."""

    calls = 0

    def receive(self, raw: bytes, recipients: Sequence[str], sender: str | None) -> list[Received]:
        Failing.calls += 1
        if Failing.calls == 2:
            raise RuntimeError("crash")
        return super().receive(raw, recipients, sender)


def test_a_crash_mid_fetch_loses_nothing_and_answers_nothing_twice(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    failing = Failing(world.port, world.gateway.where, world.outbox)
    with running_imap("gm", "pw") as (store, port):
        store.deliver(delivered(world, "ana", "pass"))
        store.deliver(delivered(world, "ben", "pass"))
        with pytest.raises(RuntimeError):
            fetch_once(mailbox(port), failing)
        results = fetch_once(mailbox(port), world.gateway)
        assert [r.outcome for r in results] == ["sealed"]  # ben's; ana's was done and flagged
        assert store.messages == []
    assert sorted(world.port.match(GAME_ID).pending) == ["ana", "ben"]
    assert len(world.mail_to("ana")) == len(world.mail_to("ben")) == 1


def test_recipients_and_sender_come_from_the_delivery_headers(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    raw = delivered(world, "ana", "pass", {"Cc": f"x@p.test, {world.addresses['ben']}"})
    assert recipients_of(raw, world.gateway) == [world.addresses["ana"], world.addresses["ben"]]
    assert envelope_sender(raw) == "ana@players.test"
    assert envelope_sender(b"Return-Path: <>\r\n\r\nx") == ""
    assert envelope_sender(b"Subject: x\r\n\r\nx") is None
