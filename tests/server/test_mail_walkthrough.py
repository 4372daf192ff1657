"""``sealed serve --mail-domain`` at start (walkthrough findings 15 and 34): the relay is tried
once, a failure is one warning line and the GM console's email section shows the relay's state;
the libraries' routine log stays quiet."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from tests.mail.relay import free_port, running_sink
from tests.mail.test_walkthrough_mail import kept_logging
from tests.mail.world import CONTACTS, GM_CONTACT, SEATS
from tests.server.fixtures import migrated

from sealed.mail.outbox import Relay
from sealed.server.app import create_app
from sealed.server.mailserve import MailSettings, MailWorker, running_mail
from sealed.server.service import GameService


@pytest.fixture
def restored_logging() -> Iterator[None]:
    """``running_mail`` configures the gateway's logging: undone after each test."""
    with kept_logging():
        yield


def relay_on_console(tmp_path: Path, relay_port: int) -> tuple[dict[str, object], str]:
    """Start the gateway (no SMTP) with this relay; the console's relay state (JSON, page)."""
    url = f"sqlite:///{tmp_path / 'sealed.db'}"
    service = GameService(migrated(url))
    created = service.create("rex-furum", list(SEATS), {}, seed=7)
    settings = MailSettings(
        mail_domain="games.test",
        smtp=False,
        relay=f"127.0.0.1:{relay_port}",
        mail_every=600,
        mail_outbox=tmp_path / "outbox",
    )
    with running_mail(service, settings, url) as worker:
        assert worker is not None
        app = create_app(service, poll=None, mail=worker.console)
        with TestClient(app, base_url="http://127.0.0.1:8000") as client:
            state = client.get(f"/api/gm/{created.gm_token}/mail").json()["relay"]
            page = client.get(f"/gm/{created.gm_token}").text
    return state, page


@pytest.mark.usefixtures("restored_logging")
def test_an_unreachable_relay_is_one_warning_at_start_and_shown_on_the_console(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    closed = free_port()
    state, page = relay_on_console(tmp_path, closed)
    err = capsys.readouterr().err
    warnings = [line for line in err.splitlines() if line.startswith("warning: ")]
    assert len(warnings) == 1, err
    assert warnings[0].startswith(f"warning: cannot reach the relay 127.0.0.1:{closed}: ")
    assert warnings[0].endswith("; mail waits in the outbox and is retried")
    assert state["where"] == f"127.0.0.1:{closed}" and state["state"] == "failing"
    assert 'id="mail-relay" data-state="failing"' in page
    assert f"cannot reach the relay 127.0.0.1:{closed}" in page


@pytest.mark.usefixtures("restored_logging")
def test_a_working_relay_is_said_to_answer_and_nothing_is_warned(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with running_sink() as (_, port):
        state, page = relay_on_console(tmp_path, port)
    err = capsys.readouterr().err
    assert "warning" not in err and "Connection lost" not in err, err
    assert state["state"] == "ok" and state["problem"] == ""
    assert 'id="mail-relay" data-state="ok"' in page


def test_a_round_that_cannot_reach_the_relay_shows_on_the_console_and_one_that_sends_clears_it(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'sealed.db'}"
    service = GameService(migrated(url))
    created = service.create("rex-furum", list(SEATS), {}, seed=7)
    with running_sink() as (sink, port):
        settings = MailSettings(mail_domain="games.test", smtp=False, relay=f"127.0.0.1:{port}")
        # Not started: no thread doing rounds beside the test's own (which could end after
        # the test's round found nothing left to send, and change the note after it looked).
        worker = MailWorker(service, settings, tmp_path / "outbox")
        assert worker.check_relay() is None
        note = worker.console.relay()
        assert note is not None and note.ok
        # The relay goes away; the next round has reports to send and cannot.
        worker.gateway.outbox.relay = Relay(port=free_port(), timeout=10)
        worker.console.register(created.game_id, CONTACTS, GM_CONTACT)
        worker.tick()
        note = worker.console.relay()
        assert note is not None and not note.ok
        assert note.problem.startswith("cannot send through it: ")
        worker.gateway.outbox.relay = Relay(port=port, timeout=30)
        for waiting in worker.console.undelivered(created.game_id):
            worker.console.retry(created.game_id, waiting.entry)
        worker.tick()
        note = worker.console.relay()
        assert note is not None and note.ok and note.problem == ""
        assert len(sink.wait_for(len(SEATS) + 1)) == len(SEATS) + 1
        worker.port.release_lease(worker.holder)
