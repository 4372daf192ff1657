"""Deadlines of games run from game files: one reminder per seat and step, then the close."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from tests.mail.world import GAME_ID, NOW, body_of, email, make_world

from sealed.mail.deadlines import sweep

DEADLINE = NOW + timedelta(minutes=20)  # Rex Furum's 20-minute round, from the fixed clock


def test_reminders_go_once_to_seats_that_have_not_sealed_then_the_step_closes(
    tmp_path: Path,
) -> None:
    world = make_world(tmp_path)
    world.gateway.send_reports(GAME_ID)
    world.receive(email(world.addresses["ana"], "embezzle ben"), "ana")
    assert world.port.status(GAME_ID).deadline == DEADLINE.isoformat()
    before = len(world.queued())
    assert sweep(world.gateway, GAME_ID, DEADLINE - timedelta(minutes=10)) == "nothing"
    assert sweep(world.gateway, GAME_ID, DEADLINE - timedelta(minutes=4)) == "reminded"
    sweep(world.gateway, GAME_ID, DEADLINE - timedelta(minutes=3))  # again: nothing new
    reminders = [m for m in world.queued() if "reminder" in str(m["Subject"])]
    assert len(world.queued()) == before + 4 == before + len(reminders)
    assert sorted(str(m["To"]).split("@")[0] for m in reminders) == ["ben", "cara", "dan", "eve"]
    assert "2026-11-23 15:20:00 UTC" in body_of(reminders[0])
    assert reminders[0]["Message-ID"].startswith(f"<sealed.{GAME_ID}.s1.")  # a reply counts for 1
    assert sweep(world.gateway, GAME_ID, DEADLINE) == "closed"
    match = world.port.match(GAME_ID)
    assert match.step == 2
    counted = match.steps[0].orders
    assert counted["ana"].canonical == "embezzle ben" and counted["ben"].default
    assert any("(step 2)" in str(m["Subject"]) for m in world.mail_to("ben"))


def test_a_game_without_a_deadline_or_over_is_left_alone(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    for _ in range(10):
        world.advance()
    assert world.port.status(GAME_ID).over
    assert sweep(world.gateway, GAME_ID, DEADLINE + timedelta(days=1)) == "nothing"
