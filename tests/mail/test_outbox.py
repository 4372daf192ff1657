"""The outbox: never twice, retries with backoff, permanent failures kept for the GM."""

from __future__ import annotations

import asyncio
import threading
from email.message import EmailMessage
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session
from tests.mail.relay import Sink, free_port, running_sink

from sealed.mail.outbox import MailBusyError, Outbox, Relay, UnknownMailError


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


def test_the_console_lists_a_game_s_undelivered_mail_by_what_it_is(tmp_path: Path) -> None:
    now = [100.0]
    with running_sink() as (sink, port):
        outbox = Outbox(tmp_path, Relay(port=port), clock=lambda: now[0], first_delay=60)
        sink.replies = ["451 4.3.0 mailbox busy", "550 5.1.1 no such user"]
        outbox.put("a", message(1), "g1", "ana", "Rex Furum g1: round 1 (step 1)")
        outbox.put("b", message(2, "ben@players.test"), "g1", "ben", "the answer to ben")
        outbox.put("c", message(3), "g2", "ana", "another game's")
        outbox.put("d", message(4), "g1", "cara", "sent fine")
        outbox.flush()
        listed = outbox.undelivered("g1")
        assert [(u.seat, u.about, u.state, u.attempts) for u in listed] == [
            ("ana", "Rex Furum g1: round 1 (step 1)", "queued", 1),
            ("ben", "the answer to ben", "failed", 1),
        ]
        assert listed[0].error.startswith("451") and listed[0].next_attempt == 160.0
        assert listed[1].error == "550 5.1.1 no such user" and listed[1].next_attempt is None
        assert "body" not in repr(listed)  # what a mail is, never its text
        assert [u.seat for u in outbox.undelivered("g2")] == []  # sent with the first flush


def test_retry_now_sends_at_once_and_drop_never_sends(tmp_path: Path) -> None:
    now = [0.0]
    with running_sink() as (sink, port):
        outbox = Outbox(
            tmp_path, Relay(port=port), clock=lambda: now[0], first_delay=600, max_attempts=3
        )
        sink.replies = ["550 no such user", "451 busy", "550 still no such user"]
        outbox.put("a", message(1), "g1", "ana", "report")
        outbox.put("b", message(2), "g1", "ben", "report")
        outbox.flush()
        failed, retrying = outbox.undelivered("g1")
        assert (failed.state, retrying.state) == ("failed", "queued")
        outbox.retry_now("g1", retrying.entry)  # due now, not in ten minutes
        outbox.retry_now("g1", failed.entry)  # given up on: one more attempt
        flushed = outbox.flush()
        assert (flushed.sent, flushed.failed) == (1, 1)  # the 550 again: failed again at once
        (again,) = outbox.undelivered("g1")
        assert again.entry == failed.entry and again.state == "failed"
        outbox.drop("g1", again.entry)
        assert outbox.undelivered("g1") == []
        assert not outbox.put("a", message(1))  # its key stays taken: never queued again
        now[0] = 10_000
        assert outbox.flush().sent == 0
        assert len(sink.wait_for(1)) == 1


@pytest.mark.parametrize("entry", ["other-game", "missing", "../../etc/passwd", "sent"])
def test_the_console_cannot_touch_another_game_s_or_a_sent_message(
    tmp_path: Path, entry: str
) -> None:
    with running_sink() as (sink, port):
        outbox = Outbox(tmp_path, Relay(port=port))
        outbox.put("mine", message(1), "g1", "ana", "report")
        outbox.put("theirs", message(2), "g2", "ana", "report")
        names = {
            "other-game": outbox.undelivered("g2")[0].entry,
            "sent": outbox.undelivered("g1")[0].entry,
            "missing": "0" * 32,
        }
        if entry == "sent":
            sink.replies = []
            outbox.flush()
        with pytest.raises(UnknownMailError, match="no such undelivered email"):
            outbox.retry_now("g1", names.get(entry, entry))
        with pytest.raises(UnknownMailError):
            outbox.drop("g1", names.get(entry, entry))
        assert [u.seat for u in outbox.undelivered("g2")] == ([] if entry == "sent" else ["ana"])


def test_mail_queued_before_the_console_listed_it_is_found_by_its_key(tmp_path: Path) -> None:
    outbox = Outbox(tmp_path, Relay(port=free_port()))
    outbox.put("report/g1/ana/1/0/abc", message(1))  # no game or seat recorded
    outbox.put("answer/<a/b@players.test>/g1/ben", message(2))
    outbox.put("press/g1/3/cara", message(3))
    outbox.put("reminder/g2/1/ana", message(4))
    outbox.put("bounce/<x@y>/sealed+g1-zz@games.test", message(5))
    assert sorted(u.seat for u in outbox.undelivered("g1")) == ["ana", "ben", "cara"]
    assert [u.seat for u in outbox.undelivered("g2")] == ["ana"]


class HeldSink(Sink):
    """A relay that holds its first message until the test lets it go."""

    def __init__(self) -> None:
        super().__init__()
        self.arrived = threading.Event()
        self.go_on = threading.Event()

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        if not self.arrived.is_set():
            self.arrived.set()
            await asyncio.get_running_loop().run_in_executor(None, self.go_on.wait, 60)
        return await super().handle_DATA(server, session, envelope)


def test_the_console_s_drop_during_a_flush_is_kept_and_the_mail_in_flight_is_not_dropped(
    tmp_path: Path,
) -> None:
    sink, port = HeldSink(), free_port()
    controller = Controller(sink, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        outbox = Outbox(tmp_path, Relay(port=port, timeout=60))
        outbox.put("a", message(1), "g1", "ana", "report")
        outbox.put("b", message(2, "ben@players.test"), "g1", "ben", "report")
        first, second = outbox.undelivered("g1")
        flushing = threading.Thread(target=outbox.flush)
        flushing.start()
        assert sink.arrived.wait(60)  # the first is with the relay, the second still due
        with pytest.raises(MailBusyError, match="being sent right now"):
            outbox.drop("g1", first.entry)
        outbox.drop("g1", second.entry)
        sink.go_on.set()
        flushing.join(60)
        assert [str(m["To"]) for m in sink.parsed()] == ["ana@players.test"]  # b: never sent
        assert [m["state"] for m in outbox.messages() if m["key"] == "b"] == ["dropped"]
    finally:
        sink.go_on.set()
        controller.stop()
