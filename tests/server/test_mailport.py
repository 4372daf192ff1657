"""The email gateway against the server's port (SQLite and PostgreSQL): the mail tests' behaviours.

Each test plays Rex Furum g<N> (seed 7, five seats by email, a 20-minute
deadline, reminders 5 minutes before) through :class:`Gateway` over
:class:`ServerPort`, and checks the database: what was sealed, the audit
log, the reminder records.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path

import pytest
import sqlalchemy as sa
from tests.mail.world import CONTACTS, GM_CONTACT, SEATS, WHERE, body_of, email
from tests.server.fixtures import Clock

import sealed.mail
import sealed.server
from sealed.core.errors import SealedError
from sealed.core.game import GM
from sealed.core.match import Cursor, reader_key
from sealed.mail.gateway import Gateway, Received
from sealed.mail.outbox import Outbox, Relay
from sealed.mail.port import SeatRef
from sealed.server.mailport import ServerPort, game_key, mail_seats
from sealed.server.model import Link, Sealed, Settings, Snapshot
from sealed.server.service import GameService
from sealed.server.writer import StorageError


@dataclass
class ServerWorld:
    service: GameService
    clock: Clock
    port: ServerPort
    outbox: Outbox
    gateway: Gateway
    game_id: int
    addresses: dict[str, str]

    @property
    def game(self) -> str:
        return game_key(self.game_id)

    def receive(self, raw: bytes, seat: str, sender: str | None = None) -> Received:
        envelope = CONTACTS.get(seat, GM_CONTACT) if sender is None else sender
        (result,) = self.gateway.receive(raw, [self.addresses.get(seat, seat)], envelope)
        return result

    def orders(self, seat: str, body: str, message_id: str, **headers: str) -> Received:
        raw = email(
            self.addresses[seat],
            body,
            sender=CONTACTS.get(seat, GM_CONTACT),
            message_id=message_id,
            headers=headers or None,
        )
        return self.receive(raw, seat)

    def queued(self) -> list[EmailMessage]:
        files = sorted(self.outbox.folder.glob("*.eml"), key=lambda p: (p.stat().st_mtime_ns, p))
        return [BytesParser(policy=policy.default).parsebytes(p.read_bytes()) for p in files]

    def mail_to(self, seat: str) -> list[EmailMessage]:
        contact = CONTACTS.get(seat, GM_CONTACT)
        return [m for m in self.queued() if str(m["To"]) == contact]

    def last_to(self, seat: str) -> str:
        return body_of(self.mail_to(seat)[-1])

    def pending(self) -> dict[str, str]:
        match = self.service.snapshot(self.game_id).match
        return {seat: order.canonical for seat, order in match.pending.items()}

    def step(self) -> int:
        return self.service.snapshot(self.game_id).match.step


def make_server_world(
    service: GameService, clock: Clock, folder: Path, close_early: bool = False
) -> ServerWorld:
    created = service.create(
        "rex-furum",
        list(SEATS),
        {"close_early": close_early},
        seed=7,
        settings=Settings(minutes=20, remind=5),
    )
    port = ServerPort(service, WHERE)
    seconds = [1_000_000.0]
    outbox = Outbox(folder / "outbox", Relay(port=1), clock=lambda: seconds[0])
    gateway = Gateway(port, WHERE, outbox, clock=lambda: seconds[0])
    addresses = port.enable(created.game_id, CONTACTS, GM_CONTACT)
    world = ServerWorld(service, clock, port, outbox, gateway, created.game_id, addresses)
    gateway.send_reports(world.game)
    return world


@pytest.fixture
def world(service: GameService, clock: Clock, tmp_path: Path) -> ServerWorld:
    return make_server_world(service, clock, tmp_path)


def test_every_seat_gets_its_first_report_from_its_own_address(world: ServerWorld) -> None:
    for seat in (*SEATS, GM):
        (report,) = world.mail_to(seat)
        assert world.addresses[seat] in str(report["From"])
        assert f"Rex Furum {world.game}: round 1 of 10 (step 1)" == str(report["Subject"])
    assert world.gateway.send_reports(world.game) == 0  # the email cursors moved: nothing again


def test_an_answer_gives_orders_step_deadline_and_the_order_is_in_the_database(
    world: ServerWorld,
) -> None:
    raw = email(world.addresses["ana"], "Hi GM,\n\n- embezzle ben\n* protect self\n\nCheers")
    result = world.receive(raw, "ana")
    assert result.outcome == "sealed"
    answer = world.last_to("ana")
    assert "Sealed. Your orders for step 1" in answer
    assert "embezzle ben; protect self" in answer
    assert "line 1: Hi GM," in answer and "line 6: Cheers" in answer
    assert "Deadline: 2026-11-23 14:20:00 UTC." in answer
    assert world.pending() == {"ana": "embezzle ben; protect self"}
    (ack,) = world.service.acknowledged(world.game_id)  # the web form's ack row
    assert (ack.seat, ack.step, ack.canonical) == ("ana", 1, "embezzle ben; protect self")


def test_an_error_names_its_line_and_changes_nothing(world: ServerWorld) -> None:
    world.orders("ana", "pass", "<1@p>")
    revision = world.service.status(world.game_id)["revision"]
    result = world.orders("ana", "Hello\nembezzle bne\n", "<2@p>")
    assert result.outcome == "refused"
    answer = world.last_to("ana")
    assert "Nothing was sealed" in answer and "line 2" in answer and "did you mean 'ben'" in answer
    assert world.pending() == {"ana": "pass"}
    assert world.service.status(world.game_id)["revision"] == revision


def test_a_chatter_only_email_never_replaces_sealed_orders(world: ServerWorld) -> None:
    world.orders("ana", "out cara", "<1@p>")
    for i, body in enumerate(["Thanks!", "", "On Mon, Rex <r@g.test> wrote:\n> pass"]):
        assert world.orders("ana", body, f"<c{i}@p>").outcome == "refused"
    assert world.pending() == {"ana": "out cara"}


def test_a_reply_to_an_old_round_is_refused_as_late_not_sealed_into_the_next(
    world: ServerWorld,
) -> None:
    round_one = world.mail_to("ana")[0]
    world.service.close(world.game_id, 1)
    thread = {"In-Reply-To": round_one["Message-ID"], "References": round_one["Message-ID"]}
    result = world.orders("ana", "embezzle ben", "<late@p>", **thread)
    assert result.outcome == "refused" and result.seal is not None
    assert result.seal.code == "order/stale_step"
    assert "is late" in world.last_to("ana")
    assert world.step() == 2 and world.pending() == {}


def test_the_same_email_delivered_twice_is_answered_and_sealed_once(world: ServerWorld) -> None:
    assert world.orders("ana", "embezzle ben", "<twice@p>").outcome == "sealed"
    assert world.orders("ana", "embezzle ben", "<twice@p>").outcome == "duplicate"
    assert len([m for m in world.mail_to("ana") if m["In-Reply-To"] == "<twice@p>"]) == 1
    assert len(world.service.acknowledged(world.game_id)) == 1


def test_a_wrong_secret_or_a_revoked_address_seals_nothing(world: ServerWorld) -> None:
    good = world.addresses["ben"]
    wrong = good.replace(good.split("-")[-1].split("@")[0], "a" * 26)
    assert world.receive(email(wrong, "pass"), wrong, "mallory@evil.test").outcome == "unknown"
    assert not world.gateway.accepts(wrong)
    new = world.port.revoke(SeatRef(world.game, "ben"))
    assert not world.gateway.accepts(good) and world.gateway.accepts(new)
    assert world.receive(email(good, "pass"), good, "ben@players.test").outcome == "unknown"
    assert world.pending() == {}
    world.addresses["ben"] = new
    assert world.orders("ben", "pass", "<new@p>").outcome == "sealed"
    assert new in str(world.mail_to("ben")[-1]["From"])  # answers come from the new address


def test_the_last_orders_open_the_step_and_reports_go_out_once(
    service: GameService, clock: Clock, tmp_path: Path
) -> None:
    world = make_server_world(service, clock, tmp_path, close_early=True)
    for seat in ("ana", "ben", "cara", "dan"):
        assert world.orders(seat, "pass", f"<{seat}@p>").outcome == "sealed"
    result = world.orders("eve", "pass", "<eve@p>")
    assert result.seal is not None and result.seal.opened
    for seat in ("ana", "eve", GM):
        subjects = [str(m["Subject"]) for m in world.mail_to(seat)]
        assert subjects.count(f"Rex Furum {world.game}: round 2 of 10 (step 2)") == 1
    assert world.gateway.send_reports(world.game) == 0


def test_a_deadline_fired_by_the_server_sends_the_next_reports(world: ServerWorld) -> None:
    world.orders("ana", "embezzle ben", "<a@p>")
    world.clock.advance(21)
    assert world.service.tick() == [(world.game_id, 1)]
    assert world.gateway.send_reports(world.game) == len(SEATS) + 1
    assert "(step 2)" in str(world.mail_to("ana")[-1]["Subject"])
    assert world.gateway.send_reports(world.game) == 0


def test_reminders_are_the_server_s_records_mailed_once_to_seats_still_to_seal(
    world: ServerWorld,
) -> None:
    world.orders("ana", "pass", "<a@p>")
    world.clock.advance(16)  # the reminder is due 5 minutes before the 20-minute deadline
    world.service.tick()
    recorded = {r.seat for r in world.service.reminders_of(world.game_id)}
    assert recorded == {"ben", "cara", "dan", "eve"}
    world.orders("ben", "pass", "<b@p>")  # ben seals after the record, before the mail
    assert world.port.send_reminders(world.gateway, world.game) == 3
    assert world.port.send_reminders(world.gateway, world.game) == 0
    for seat in ("cara", "dan", "eve"):
        (reminder,) = [m for m in world.mail_to(seat) if "reminder" in str(m["Subject"])]
        assert "not in yet" in body_of(reminder)
    assert not [m for m in world.mail_to("ana") if "reminder" in str(m["Subject"])]
    assert not [m for m in world.mail_to("ben") if "reminder" in str(m["Subject"])]
    sent = {r.seat for r in world.service.reminders_of(world.game_id) if r.sent_at is not None}
    assert sent == {"cara", "dan", "eve"}


def test_press_goes_through_the_server_and_is_relayed_by_game_addresses(
    world: ServerWorld,
) -> None:
    raw = email(world.addresses["ana"], "press to ben, cara: shall we crash beta?\nA.")
    assert world.receive(raw, "ana").outcome == "press"
    (message,) = world.service.snapshot(world.game_id).match.messages
    assert message.sender == "ana" and set(message.to or ()) == {"ben", "cara"}
    relayed = [m for m in world.mail_to("ben") if "message #1" in str(m["Subject"])]
    assert len(relayed) == 1 and "shall we crash beta?" in body_of(relayed[0])
    assert "ana@players.test" not in relayed[0].as_string()
    assert not [m for m in world.mail_to("dan") if "message #1" in str(m["Subject"])]
    assert world.orders("ana", "press to bne: hello", "<x@p>").outcome == "refused"
    assert "did you mean 'ben'" in world.last_to("ana")


def test_the_gm_by_mail_runs_the_console_s_acts_and_they_are_audited(world: ServerWorld) -> None:
    world.orders("ana", "pass", "<p@p>")
    assert world.orders(GM, "status", "<s@p>").outcome == "gm"
    assert "Sealed: ana. Waiting for: ben, cara, dan, eve." in world.last_to(GM)
    world.orders(GM, "preview ben", "<v@p>")
    preview = world.last_to(GM)
    assert "ana: pass" in preview and "ben would read:" in preview
    assert "cara would read" not in preview and world.step() == 1
    assert world.orders(GM, "extend 30", "<e@p>").outcome == "gm"
    assert "2026-11-23 14:30:00 UTC" in world.last_to(GM)
    assert world.orders(GM, "close", "<c@p>").outcome == "gm"
    assert world.step() == 2
    assert any("(step 2)" in str(m["Subject"]) for m in world.mail_to("ben"))
    result = world.orders(GM, "clsoe", "<u@p>")
    assert result.outcome == "refused" and "did you mean 'close'" in world.last_to(GM)
    acts = [(row.actor, row.act) for row in world.service.audit_log(world.game_id)]
    assert ("gm", "deadline") in acts and ("gm", "close") in acts and ("gm", "mail") in acts


def test_a_seat_s_page_and_its_mail_share_one_game(world: ServerWorld) -> None:
    world.service.seal(Link(world.game_id, "cara"), "pass", 1)  # cara plays on the web
    world.orders(GM, "status", "<s@p>")
    assert "Sealed: cara." in world.last_to(GM)
    world.orders("cara", "embezzle ben", "<c@p>")  # and replaces it by mail
    assert world.pending() == {"cara": "embezzle ben"}


def test_marking_a_report_delivered_never_skips_news_that_came_after_it(
    world: ServerWorld,
) -> None:
    world.service.close(world.game_id, 1)
    ref = SeatRef(world.game, "ana")
    older = world.port.unread_report(ref)
    assert older is not None and older.step == 2
    world.service.close(world.game_id, 2)  # news after the report was read, before it was sent
    world.port.mark_delivered(older)
    newer = world.port.unread_report(ref)
    assert newer is not None and newer.step == 3 and newer.key != older.key


def test_no_mail_carries_another_seat_s_secret_address(world: ServerWorld) -> None:
    world.orders("ana", "press to all: hello everyone", "<h@p>")
    world.orders("ben", "embezzle ana", "<b@p>")
    world.orders(GM, "status", "<s@p>")
    world.clock.advance(21)
    world.service.tick()
    world.gateway.send_reports(world.game)
    secrets = {seat: a.split("-")[-1].split("@")[0] for seat, a in world.addresses.items()}
    checked = 0
    for seat in (*SEATS, GM):
        for mail in world.mail_to(seat):
            text = mail.as_string()
            checked += 1
            for other, secret in secrets.items():
                assert other == seat or secret not in text, (seat, other, mail["Subject"])
    assert checked > 2 * (len(SEATS) + 1)


def test_enable_refuses_unknown_seats_and_a_second_time_and_changes_nothing(
    world: ServerWorld, service: GameService
) -> None:
    other = service.create("rex-furum", list(SEATS), {}, seed=1)
    with pytest.raises(Exception, match="did you mean 'ana'"):
        world.port.enable(other.game_id, {"anna": "a@p.test"}, GM_CONTACT)
    with pytest.raises(Exception, match="not an email address"):
        world.port.enable(other.game_id, {"ana": "nobody"}, GM_CONTACT)
    assert world.port.seats(game_key(other.game_id)) == ()
    with pytest.raises(Exception, match="already has email addresses"):
        world.port.enable(world.game_id, CONTACTS, GM_CONTACT)
    assert world.port.games() == (world.game,)


def test_an_email_naming_no_step_is_read_again_if_the_step_opened_meanwhile(
    world: ServerWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    seal = world.service.seal
    raced: list[int] = []

    def deadline_first(link: Link, text: str, step: int | None) -> Sealed:
        if not raced:  # the deadline fires between our reading and our sealing
            raced.append(world.service.close(world.game_id, 1))
        return seal(link, text, step)

    monkeypatch.setattr(world.service, "seal", deadline_first)
    outcome = world.port.seal(SeatRef(world.game, "ana"), "embezzle ben", None)
    assert raced == [2] and outcome.sealed and outcome.step == 2
    assert world.pending() == {"ana": "embezzle ben"}
    late = world.port.seal(SeatRef(world.game, "ben"), "pass", 1)  # step 1 named: late
    assert not late.sealed and late.code == "order/stale_step"


def test_a_database_failure_is_not_a_refusal_so_smtp_never_says_250(
    world: ServerWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    def down(*_args: object) -> Sealed:
        raise StorageError("the database did not save this (nothing was changed): OSError")

    monkeypatch.setattr(world.service, "seal", down)
    with pytest.raises(StorageError):
        world.port.seal(SeatRef(world.game, "ana"), "pass", None)
    monkeypatch.setattr(world.service, "send", down)
    with pytest.raises(StorageError):
        world.port.send_press(SeatRef(world.game, "ana"), None, "hello")
    assert world.pending() == {}


def test_after_a_rollback_the_re_resolved_step_is_mailed_again(world: ServerWorld) -> None:
    world.orders("ben", "embezzle ana", "<first@p>")
    world.service.close(world.game_id, 1)
    world.gateway.send_reports(world.game)
    world.service.rollback(world.game_id, 1, from_step=2)
    assert world.port.unread_report(SeatRef(world.game, "ana")) is None  # nothing new yet
    world.orders("ben", "embezzle cara", "<again@p>")
    world.service.close(world.game_id, 1)  # the same step and as many events, told otherwise
    world.gateway.send_reports(world.game)
    step_two = [m for m in world.mail_to("ana") if str(m["Subject"]).endswith("(step 2)")]
    assert len(step_two) == 2 and body_of(step_two[0]) != body_of(step_two[1])


@pytest.mark.parametrize("contact", ["a@b.test, c@d.test", "Ana <a@b.test>", "a@b\r\nBcc: x@y"])
def test_a_registered_address_is_one_bare_address(service: GameService, contact: str) -> None:
    created = service.create("rex-furum", list(SEATS), {}, seed=1)
    port = ServerPort(service, WHERE)
    with pytest.raises(SealedError, match="is not an email address"):
        port.enable(created.game_id, {"ana": contact}, GM_CONTACT)
    assert port.seats(game_key(created.game_id)) == ()


MAIL_MODULES = sorted(
    [
        *Path(sealed.mail.__file__).parent.glob("*.py"),
        *(Path(sealed.server.__file__).parent / name for name in ("mailport.py", "mailserve.py")),
    ]
)


def private_reaches(path: Path) -> list[str]:
    """``x._name`` where ``x`` is not ``self`` or ``cls``: a private member of another object."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Attribute) or not node.attr.startswith("_"):
            continue
        if node.attr.startswith("__") and node.attr.endswith("__"):
            continue  # dunders (__file__, __name__) are public
        if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
            continue
        found.append(f"{path.name}:{node.lineno}: .{node.attr}")
    return found


@pytest.mark.parametrize("path", MAIL_MODULES, ids=lambda p: p.name)
def test_the_mail_code_reaches_no_private_member_of_another_module(path: Path) -> None:
    assert private_reaches(path) == []


def test_the_private_member_check_finds_one(tmp_path: Path) -> None:
    planted = tmp_path / "planted.py"
    planted.write_text("def f(service):\n    with service._acting(1):\n        pass\n")
    assert private_reaches(planted) == ["planted.py:2: ._acting"]


def test_under_lock_keeps_nothing_of_a_write_that_fails(world: ServerWorld) -> None:
    before = world.service.audit_log(world.game_id)

    def half_then_refuse(connection: sa.Connection, snapshot: Snapshot) -> None:
        connection.execute(sa.delete(mail_seats).where(mail_seats.c.game_id == world.game_id))
        raise SealedError("refused halfway")

    with pytest.raises(SealedError, match="halfway"):
        world.service.under_lock(world.game_id, half_then_refuse, ("gm", "mail", "never"))
    assert world.port.seats(world.game)  # the delete was rolled back
    assert world.service.audit_log(world.game_id) == before


def test_under_lock_audits_the_act_with_a_new_revision(world: ServerWorld) -> None:
    revision = world.service.snapshot(world.game_id).row.revision

    def look(connection: sa.Connection, snapshot: Snapshot) -> int:
        return len(snapshot.match.seats)

    assert world.service.under_lock(world.game_id, look, ("gm", "mail", "looked")) == len(SEATS)
    assert world.service.snapshot(world.game_id).row.revision == revision + 1
    assert world.service.audit_log(world.game_id)[-1].detail == "looked"
    assert world.service.under_lock(world.game_id, look) == len(SEATS)  # unaudited: no revision
    assert world.service.snapshot(world.game_id).row.revision == revision + 1


def test_deliver_upto_moves_a_cursor_only_as_far_as_asked(world: ServerWorld) -> None:
    link = Link(world.game_id, "ana")
    world.service.close(world.game_id, 1)
    world.service.close(world.game_id, 2)
    news = world.service.snapshot(world.game_id).match.report("ana", "test").upto.events
    assert news > 1
    assert world.service.deliver_upto(link, "test", Cursor(1, 0)) is True
    assert world.service.deliver_upto(link, "test", Cursor(1, 0)) is False  # already there
    cursors = world.service.snapshot(world.game_id).match.cursors
    assert cursors[reader_key("ana", "test")].events == 1  # not to the news after it
