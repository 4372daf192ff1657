"""Mail hygiene: machines are never answered (one test per guard), rate limits, size limits."""

from __future__ import annotations

from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path

import pytest
from tests.mail.world import GAME_ID, WHERE, email, make_world

from sealed.mail.gateway import Limits
from sealed.mail.hygiene import RateLimiter, automatic_reason
from sealed.mail.reading import MAX_BYTES

PERSON = "ana@players.test"


def parsed(raw: bytes) -> EmailMessage:
    return BytesParser(policy=policy.default).parsebytes(raw)


@pytest.mark.parametrize(
    ("headers", "sender", "why"),
    [
        ({"Auto-Submitted": "auto-replied"}, PERSON, "Auto-Submitted"),
        ({"Auto-Submitted": "auto-generated"}, PERSON, "Auto-Submitted"),
        ({"Precedence": "bulk"}, PERSON, "Precedence"),
        ({"Precedence": "auto_reply"}, PERSON, "Precedence"),
        ({"Precedence": "list"}, PERSON, "Precedence"),
        ({"X-Autoreply": "yes"}, PERSON, "X-Autoreply"),
        ({"Return-Path": "<>"}, PERSON, "Return-Path"),
        ({}, "", "null envelope sender"),
        ({}, "MAILER-DAEMON@mx.players.test", "mailer-daemon"),
        ({}, "postmaster@players.test", "postmaster"),
        ({}, "no-reply@players.test", "no-reply"),
        ({"Message-ID": "<sealed.g1.s1.abc@games.test>"}, PERSON, "Message-ID is ours"),
        ({"X-Loop": "rexfurum@games.test"}, PERSON, "X-Loop"),
        ({}, "rexfurum+g1-ben-x@games.test", "own addresses"),
    ],
)
def test_each_guard_recognises_machine_mail(headers: dict[str, str], sender: str, why: str) -> None:
    raw = email("x@games.test", "embezzle ben", headers=headers)
    message = parsed(raw)
    reason = automatic_reason(message, sender, WHERE)
    assert reason is not None and why.lower() in reason.lower()


@pytest.mark.parametrize(
    "subject", ["Out of Office: orders", "Automatic reply: round 2", "Abwesenheit", "Autoreply"]
)
def test_out_of_office_subjects_are_machine_mail(subject: str) -> None:
    message = parsed(email("x@games.test", "I am away", subject=subject))
    assert automatic_reason(message, PERSON, WHERE) == "an out-of-office subject"


def test_a_person_s_mail_passes_every_guard() -> None:
    headers = {"Auto-Submitted": "no", "Precedence": "normal", "Return-Path": "<ana@players.test>"}
    message = parsed(email("x@games.test", "embezzle ben", headers=headers))
    assert automatic_reason(message, PERSON, WHERE) is None
    assert automatic_reason(message, None, WHERE) is None


def test_auto_replies_are_never_answered_and_never_sealed(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    raw = email(world.addresses["ana"], "embezzle ben", headers={"Auto-Submitted": "auto-replied"})
    assert world.receive(raw, "ana").outcome == "automatic"
    assert world.queued() == []
    assert world.port.match(GAME_ID).pending == {}


def test_a_dsn_bounce_is_not_answered(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    raw = (
        f"From: MAILER-DAEMON@mx.test\nTo: {world.addresses['ana']}\nSubject: failure\n"
        'MIME-Version: 1.0\nContent-Type: multipart/report; report-type=delivery-status; b="B"\n\n'
        "--B\nContent-Type: text/plain\n\nembezzle ben\n--B--\n"
    ).encode()
    assert world.receive(raw, "ana", sender="").outcome == "automatic"
    assert world.queued() == []


def test_rate_limiter_is_a_sliding_window() -> None:
    limiter = RateLimiter(2, 10.0)
    assert limiter.allow("a", 0.0) and limiter.allow("a", 1.0)
    assert not limiter.allow("a", 2.0)
    assert limiter.allow("b", 2.0)
    assert limiter.allow("a", 10.5)


def test_a_flood_from_one_sender_is_limited_and_not_answered(tmp_path: Path) -> None:
    world = make_world(tmp_path, limits=Limits(per_sender=3, per_seat=10))
    outcomes = [
        world.receive(
            email(world.addresses["ana"], "pass", message_id=f"<{i}@p.test>"),
            "ana",
        ).outcome
        for i in range(5)
    ]
    assert outcomes == ["sealed", "sealed", "sealed", "rate-limited", "rate-limited"]
    assert len(world.mail_to("ana")) == 3
    world.seconds[0] += 3600
    assert (
        world.receive(email(world.addresses["ana"], "pass", message_id="<9@p>"), "ana").outcome
        == "sealed"
    )


def test_mail_over_the_size_limit_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    raw = email(world.addresses["ana"], "embezzle ben\n" + "x" * MAX_BYTES)
    result = world.receive(raw, "ana")
    assert result.outcome == "too-large" and "plain text" in result.detail
    assert world.port.match(GAME_ID).pending == {}
