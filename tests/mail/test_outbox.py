"""The outbox: never twice, retries with backoff, permanent failures kept for the GM."""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

import pytest
from tests.mail.relay import free_port, running_sink

from sealed.mail.outbox import Outbox, Relay


def message(n: int, to: str = "ana@players.test") -> EmailMessage:
    mail = EmailMessage()
    mail["From"] = "rexfurum@games.test"
    mail["To"] = to
    mail["Subject"] = f"report {n}"
    mail["Message-ID"] = f"<sealed.g1.s{n}.x@games.test>"
    mail.set_content(f"body {n}")
    return mail


def test_a_key_is_queued_once_and_sent_once(tmp_path: Path) -> None:
    with running_sink() as (sink, port):
        outbox = Outbox(tmp_path, Relay(port=port))
        assert outbox.put("report/g1/ana/1/0", message(1))
        assert not outbox.put("report/g1/ana/1/0", message(1))
        assert outbox.flush().sent == 1
        assert outbox.flush().sent == 0
        assert not outbox.put("report/g1/ana/1/0", message(1))  # sent keys stay refused
        assert outbox.flush().sent == 0
        (got,) = sink.wait_for(1)
        assert got["Subject"] == "report 1"
        assert sink.messages[0][1] == ["ana@players.test"]


def test_a_relay_that_is_down_is_retried_with_growing_delays(tmp_path: Path) -> None:
    now = [0.0]
    port = free_port()  # nothing listens here yet
    outbox = Outbox(tmp_path, Relay(port=port, timeout=5), clock=lambda: now[0], first_delay=10)
    outbox.put("k", message(1))
    assert outbox.flush().retry == 1
    (entry,) = outbox.messages()
    assert entry["attempts"] == 1 and entry["next"] == 10.0 and "relay" in entry["error"]
    assert outbox.flush().retry == 0  # not due yet: nothing tried
    now[0] = 10.0
    outbox.flush()
    assert outbox.messages()[0]["next"] == 30.0  # 10 s, then 20 s
    with running_sink() as (sink, live):
        outbox.relay = Relay(port=live)
        now[0] = 30.0
        assert outbox.flush().sent == 1
        assert len(sink.wait_for(1)) == 1


def test_a_temporary_refusal_is_retried_and_a_permanent_one_is_kept_as_failed(
    tmp_path: Path,
) -> None:
    now = [0.0]
    with running_sink() as (sink, port):
        outbox = Outbox(tmp_path, Relay(port=port), clock=lambda: now[0], first_delay=1)
        sink.replies = ["451 4.3.0 try later", "550 5.1.1 no such user"]
        outbox.put("a", message(1))
        outbox.put("b", message(2))
        flushed = outbox.flush()
        assert (flushed.sent, flushed.retry, flushed.failed) == (0, 1, 1)
        (failed,) = outbox.failed()
        assert failed["error"].startswith("550")
        now[0] = 5.0
        assert outbox.flush().sent == 1
        assert len(sink.wait_for(1)) == 1
        assert outbox.flush().sent == 0  # the failed one is never retried by itself


def test_attempts_are_bounded(tmp_path: Path) -> None:
    now = [0.0]
    outbox = Outbox(
        tmp_path, Relay(port=free_port(), timeout=5), clock=lambda: now[0], max_attempts=3
    )
    outbox.put("k", message(1))
    for _ in range(5):
        outbox.flush()
        now[0] += 10_000
    (entry,) = outbox.messages()
    assert entry["state"] == "failed" and entry["attempts"] == 3


def test_a_message_whose_metadata_was_lost_in_a_crash_is_still_sent(tmp_path: Path) -> None:
    with running_sink() as (sink, port):
        outbox = Outbox(tmp_path, Relay(port=port))
        outbox.put("k", message(1))
        next(tmp_path.glob("*.json")).unlink()  # a crash between the claim and its metadata
        assert outbox.has("k") and not outbox.put("k", message(1))
        assert outbox.flush().sent == 1
        assert len(sink.wait_for(1)) == 1


# The test relay takes AUTH over plain text on loopback; aiosmtpd rightly warns about that.
@pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")
def test_the_relay_s_credentials_are_used_and_a_wrong_password_is_retried(
    tmp_path: Path,
) -> None:
    with running_sink(login=("gm", "s3cret")) as (sink, port):
        wrong = Outbox(tmp_path / "a", Relay(port=port, username="gm", password="nope"))
        wrong.put("k", message(1))
        assert wrong.flush().retry == 1
        assert "535" in wrong.messages()[0]["error"]
        right = Outbox(tmp_path / "b", Relay(port=port, username="gm", password="s3cret"))
        right.put("k", message(1))
        assert right.flush().sent == 1
        assert len(sink.wait_for(1)) == 1
