"""Random games played by email through the server's port (SQLite), and a planted-marker leak test.

Properties, whatever the order of emails, closes, GM commands and report rounds:

- a sealed outcome is what the record holds for that seat and step afterwards (unless the
  seat sealed again), and a refused one leaves the record's revision unchanged;
- every reader's reports, taken together, tell it each event exactly once (none lost to a
  cursor moved too far, none sent twice);
- no mail to one reader carries a marker only another reader may know (secret addresses,
  registered addresses, chatter in orders, private press).
"""

from __future__ import annotations

import random
import tempfile
from email.message import EmailMessage
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.mail.test_leaks import leaks
from tests.mail.world import CONTACTS, GM_CONTACT, SEATS, body_of, email
from tests.server.fixtures import Clock, migrated
from tests.server.test_mailport import ServerWorld, make_server_world

from sealed.core.game import GM
from sealed.core.match import reader_key
from sealed.games.rex_furum import GAME
from sealed.mail.port import SeatRef
from sealed.server.service import GameService

READERS = (*SEATS, GM)
ACTS = ("orders", "orders", "orders", "chatter", "late", "press", "close", "reports", "gm")


def revision(world: ServerWorld) -> int:
    return int(world.service.status(world.game_id)["revision"])


def random_orders(world: ServerWorld, seat: str, rng: random.Random) -> str:
    match = world.service.snapshot(world.game_id).match
    report = match.report(seat, "email")
    if report.prompt is None:
        return "pass"
    return GAME.format(GAME.bots["random"]().choose(report.view, report.prompt, rng))


def play(world: ServerWorld, acts: list[tuple[str, int]], rng: random.Random) -> None:
    """Run ``acts``, checking each outcome against the record right after it."""
    for number, (act, index) in enumerate(acts):
        seat = SEATS[index % len(SEATS)]
        before = revision(world)
        if act in ("orders", "chatter", "late"):
            body = {"orders": random_orders(world, seat, rng), "chatter": "Thanks, see you!"}
            step = world.step() - 1 if act == "late" else None
            ref = SeatRef(world.game, seat)
            outcome = world.port.seal(ref, body.get(act, "pass"), step)
            record = world.service.snapshot(world.game_id).match  # as committed
            if outcome.sealed:
                held = (
                    record.steps[outcome.step - 1].orders[seat]
                    if outcome.opened
                    else record.pending[seat]
                )
                assert held.canonical == outcome.canonical
            else:
                assert revision(world) == before, (act, outcome)
        elif act == "press":
            other = SEATS[(index + 1) % len(SEATS)]
            raw = email(
                world.addresses[seat],
                f"press to {other}: cnry-{seat}-{number}-press",
                sender=CONTACTS[seat],
                message_id=f"<p{number}@players.test>",
            )
            assert world.receive(raw, seat).outcome in ("press", "refused")
        elif act == "close":
            if world.service.snapshot(world.game_id).match.result() is None:
                world.service.close(world.game_id, None)
        elif act == "reports":
            world.gateway.send_reports(world.game)
        else:
            command = ("status", "preview", f"preview {seat}")[index % 3]
            raw = email(
                world.addresses[GM], command, sender=GM_CONTACT, message_id=f"<g{number}@p>"
            )
            assert world.receive(raw, GM).outcome in ("gm", "refused")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    acts=st.lists(st.tuples(st.sampled_from(ACTS), st.integers(0, 20)), min_size=1, max_size=25),
    seed=st.integers(0, 2**16),
)
def test_random_mail_games_keep_the_record_and_tell_each_event_once(
    acts: list[tuple[str, int]], seed: int
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        engine = migrated(f"sqlite:///{Path(folder) / 'sealed.db'}")
        try:
            clock = Clock()
            world = make_server_world(GameService(engine, clock), clock, Path(folder))
            play(world, acts, random.Random(seed))
            world.gateway.send_reports(world.game)
            match = world.service.snapshot(world.game_id).match
            keys = [str(entry["key"]) for entry in world.outbox.messages()]
            for seat in READERS:  # every email cursor reached the end, and no further
                assert match.cursors[reader_key(seat, "email")].events == len(match.events)
                assert world.port.unread_report(SeatRef(world.game, seat)) is None
                # Report windows end at distinct event counts, the last at the end: each
                # report starts where the one before ended, so every event is told once.
                ends = [
                    int(k.split("/")[-2])
                    for k in keys
                    if k.startswith(f"report/{world.game}/{seat}/")
                ]
                assert len(ends) == len(set(ends)) and max(ends) == len(match.events)
            allowed = markers(world, acts)
            assert leaks(world.queued(), allowed) == []
        finally:
            engine.dispose()


def markers(world: ServerWorld, acts: list[tuple[str, int]]) -> dict[str, set[str]]:
    """Each marker a mail may carry, with the readers allowed to see it."""
    allowed: dict[str, set[str]] = {}
    for seat, address in world.addresses.items():
        allowed[address.split("-")[-1].split("@")[0]] = {seat}
        allowed[CONTACTS.get(seat, GM_CONTACT)] = {seat}
    for number, (act, index) in enumerate(acts):
        if act == "press":
            seat, other = SEATS[index % len(SEATS)], SEATS[(index + 1) % len(SEATS)]
            allowed[f"cnry-{seat}-{number}-press"] = {seat, other, GM}
    return allowed


def test_planted_markers_reach_only_their_readers(
    service: GameService, clock: Clock, tmp_path: Path
) -> None:
    world = make_server_world(service, clock, tmp_path)
    allowed = markers(world, [])
    for number in range(1, 4):
        for index, seat in enumerate(SEATS):
            other = SEATS[(index + number) % len(SEATS)]
            press = f"cnry-{seat}-{number}-press"
            allowed[press] = {seat, other, GM}
            raw = email(world.addresses[seat], f"press to {other}: {press}", sender=CONTACTS[seat])
            assert world.receive(raw, seat).outcome == "press"
            chat = f"cnry-{seat}-{number}-chat"
            allowed[chat] = {seat}
            world.orders(
                seat,
                f"Hi {chat}\n{random_orders(world, seat, random.Random(number))}",
                f"<o{number}{seat}@p>",
            )
        world.orders(GM, "status", f"<s{number}@p>")
        world.orders(GM, "preview", f"<v{number}@p>")
        world.clock.advance(21)
        world.service.tick()  # the server's deadline opens the round; the reports go by mail
        world.gateway.send_reports(world.game)
    mail = world.queued()
    assert len(mail) > 3 * 2 * len(READERS)
    assert leaks(mail, allowed) == []
    planted = EmailMessage()  # the check itself finds a leak
    planted["To"] = CONTACTS["ben"]
    planted.set_content("cnry-ana-1-chat")
    assert leaks([planted], allowed) == [("cnry-ana-1-chat", "ben")]
    assert body_of(planted).strip() == "cnry-ana-1-chat"
