"""What the gateway must remember across a restart (migration 0003), on SQLite and PostgreSQL.

Rate limits are rows in ``mail_rates``: a sender who used up the hour is still
refused after ``sealed serve`` restarts (the in-memory limiter, the control,
forgets). One gateway per database: a lease in ``mail_lease``, so a second
gateway refuses to start with a clear error, a cleanly stopped one frees it at
once, and a killed one's lease runs out.
"""

from __future__ import annotations

import smtplib
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.mail.relay import free_port
from tests.mail.world import CONTACTS, GM_CONTACT, SEATS, WHERE, email
from tests.server.fixtures import Clock, migrated

from sealed.mail.gateway import Gateway, Limits
from sealed.mail.hygiene import LimiterFactory, in_memory
from sealed.mail.outbox import Outbox, Relay
from sealed.server.mailport import GatewayBusyError, ServerPort
from sealed.server.mailserve import MailSettings, MailWorker
from sealed.server.service import GameService

LIMITS = Limits(per_sender=2, per_seat=30, window=3600.0)
NOW = 1_000_000.0


class Restartable:
    """The gateway of one 'process' on a database; ``restart`` makes a new one, as after a
    restart of ``sealed serve`` (a new engine, service, port and gateway: no memory kept)."""

    def __init__(self, database: str, folder: Path, durable: bool) -> None:
        self.database = database
        self.folder = folder
        self.durable = durable
        self.engines: list[object] = []
        self.start()
        created = self.service.create("rex-furum", list(SEATS), {}, seed=7)
        self.addresses = self.port.enable(created.game_id, CONTACTS, GM_CONTACT)

    def start(self) -> None:
        engine = migrated(self.database)
        self.engines.append(engine)
        self.service = GameService(engine, Clock())
        self.port = ServerPort(self.service, WHERE)
        limiter: LimiterFactory = self.port.limiter if self.durable else in_memory
        outbox = Outbox(self.folder / "outbox", Relay(port=1))
        self.gateway = Gateway(
            self.port, WHERE, outbox, clock=lambda: self.now, limits=LIMITS, limiter=limiter
        )
        self.now = NOW

    def restart(self) -> None:
        self.start()

    def mail_from_ana(self, number: int) -> str:
        raw = email(self.addresses["ana"], "pass", message_id=f"<m{number}@players.test>")
        (result,) = self.gateway.receive(raw, [self.addresses["ana"]], CONTACTS["ana"])
        return result.outcome

    def close(self) -> None:
        for engine in self.engines:
            engine.dispose()  # type: ignore[attr-defined]


@pytest.fixture
def durable(database: str, tmp_path: Path) -> Iterator[Restartable]:
    world = Restartable(database, tmp_path, durable=True)
    yield world
    world.close()


def test_a_sender_s_rate_limit_holds_across_a_restart(durable: Restartable) -> None:
    assert [durable.mail_from_ana(n) for n in (1, 2)] == ["sealed", "sealed"]
    assert durable.mail_from_ana(3) == "rate-limited"
    durable.restart()
    assert durable.mail_from_ana(4) == "rate-limited"  # the hour is not over for ana
    durable.now = NOW + 3600.0
    assert durable.mail_from_ana(5) == "sealed"  # it is now


def test_the_control_an_in_memory_limit_is_forgotten_by_a_restart(
    database: str, tmp_path: Path
) -> None:
    world = Restartable(database, tmp_path, durable=False)
    try:
        assert [world.mail_from_ana(n) for n in (1, 2, 3)][-1] == "rate-limited"
        world.restart()
        assert world.mail_from_ana(4) == "sealed"  # what the durable limit prevents
    finally:
        world.close()


def test_old_counts_are_deleted_as_new_ones_come(durable: Restartable) -> None:
    limiter = durable.port.limiter("senders", 1, 10.0)
    assert limiter.allow("a@x.test", 0.0) and not limiter.allow("a@x.test", 5.0)
    assert limiter.allow("b@x.test", 11.0)  # a's count of time 0 is past: deleted

    def rows(connection: object) -> int:
        import sqlalchemy as sa

        from sealed.server.mailport import mail_rates

        found = connection.execute(  # type: ignore[attr-defined]
            sa.select(sa.func.count()).select_from(mail_rates).where(mail_rates.c.name == "senders")
        ).scalar_one()
        return int(found)

    assert durable.service.write_tables(rows) == 1


def worker(
    service: GameService, folder: Path, clock: list[float], smtp: bool = False
) -> MailWorker:
    settings = MailSettings(
        mail_domain=WHERE.domain,
        mail_local=WHERE.local,
        smtp=smtp,
        smtp_port=free_port(),
        mail_every=10.0,  # its lease: a minute
        relay="127.0.0.1:1",
    )
    return MailWorker(service, settings, folder, clock=lambda: clock[0])


def test_a_second_gateway_on_one_database_refuses_to_start_and_says_why(
    service: GameService, tmp_path: Path
) -> None:
    clock = [NOW]
    first = worker(service, tmp_path / "a", clock)
    first.start()
    try:
        second = worker(service, tmp_path / "b", clock)
        with pytest.raises(GatewayBusyError, match="another email gateway runs on this database"):
            second.start()
        first.tick()  # the holder renews its own lease
    finally:
        first.stop()
    second.start()  # a clean stop frees the lease at once
    second.stop()


def test_a_killed_gateway_s_lease_runs_out(service: GameService, tmp_path: Path) -> None:
    clock = [NOW]
    killed = worker(service, tmp_path / "a", clock)
    killed.port.take_lease(killed.holder, NOW, killed.lease)  # started, then never renewed
    second = worker(service, tmp_path / "b", clock)
    with pytest.raises(GatewayBusyError, match="its lease ends in 60 s"):
        second.start()
    clock[0] = NOW + killed.lease
    second.start()
    try:
        with pytest.raises(GatewayBusyError):
            killed.tick()  # the killed one, had it only stalled, does nothing any more
    finally:
        second.stop()


def test_a_gateway_that_lost_its_lease_stops_taking_mail(
    service: GameService, tmp_path: Path
) -> None:
    clock = [NOW]
    stalled = worker(service, tmp_path / "a", clock, smtp=True)
    stalled.start()
    try:
        host, port = stalled.settings.smtp_host, stalled.settings.smtp_port
        with smtplib.SMTP(host, port, timeout=30) as smtp:
            assert smtp.noop()[0] == 250  # it listens
        clock[0] = NOW + stalled.lease  # it stalled past its lease, and another took over
        stalled.port.take_lease("another process", clock[0], 60.0)
        stalled.wake()
        end = time.monotonic() + 60  # a bound against hanging, not a speed check
        while not stalled.lost:
            assert time.monotonic() < end, "the stalled gateway never noticed"
            time.sleep(0.05)
        with pytest.raises(OSError):
            smtplib.SMTP(host, port, timeout=30)  # no SMTP any more: nothing answered twice
    finally:
        stalled.stop()


def test_a_killed_gateway_of_this_machine_is_replaced_at_once(
    service: GameService, tmp_path: Path
) -> None:
    dead = subprocess.Popen(["true"])  # a process that has ended: its pid is free
    dead.wait()
    here = socket.gethostname()[:80]
    clock = [NOW]
    elsewhere = worker(service, tmp_path / "a", clock)
    elsewhere.port.take_lease(f"another-host pid {dead.pid} ab", NOW, 60.0)
    with pytest.raises(GatewayBusyError):  # another machine's process cannot be checked
        elsewhere.start()
    elsewhere.port.release_lease(f"another-host pid {dead.pid} ab")
    elsewhere.port.take_lease(f"{here} pid {dead.pid} ab", NOW, 60.0)  # killed, here
    restarted = worker(service, tmp_path / "b", clock)
    restarted.start()  # no minute's wait
    restarted.stop()
    alive = subprocess.Popen(["sleep", "30"])
    try:
        elsewhere.port.take_lease(f"{here} pid {alive.pid} cd", NOW, 60.0)
        with pytest.raises(GatewayBusyError):  # alive here: refused
            worker(service, tmp_path / "c", clock).start()
    finally:
        alive.kill()
        alive.wait()
