"""The service: acknowledged means committed, refusals change nothing, deadlines fire once
(after a restart too, and with two services on one database), GM acts are audited."""

from __future__ import annotations

import json
import threading
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy.engine import Engine
from tests.server.fixtures import Clock, migrated

from sealed.core.errors import SealedError
from sealed.core.game import GM, resolve_options
from sealed.core.match import Match
from sealed.core.registry import get_game
from sealed.server.db import acks, deadlines, games
from sealed.server.gm import ORDERS
from sealed.server.model import Link, Settings
from sealed.server.service import GameService
from sealed.storage import load_match, save_match


def seat_links(service: GameService, gm_token: str, game_id: int) -> dict[str, Link]:
    return {seat: service.find(t) for seat, t in service.seat_links(gm_token, game_id).items()}


def revision(engine: Engine, game_id: int) -> int:
    with engine.connect() as connection:
        return int(
            connection.execute(
                sa.select(games.c.revision).where(games.c.id == game_id)
            ).scalar_one()
        )


def first_orders(service: GameService, link: Link) -> str:
    """A legal order for the seat now: the game's default order, in canonical text."""
    match = service.snapshot(link.game_id).match
    return str(match.game.format(match.game.default_order(match.state, link.seat)))


def test_an_acknowledged_order_is_committed(service: GameService, database: str) -> None:
    created = service.create("war-slayer", ["ana", "ben"], {}, seed=5)
    ana = service.find(created.seat_tokens["ana"])
    sealed = service.seal(ana, first_orders(service, ana), 1)
    assert (sealed.seat, sealed.step, sealed.opened) == ("ana", 1, False)
    # Another process (a new engine, no cache) reads the order from the database.
    other = GameService(migrated(database))
    record = other.snapshot(created.game_id).match.to_json()
    assert record["pending"]["ana"]["canonical"] == sealed.canonical
    assert [(a.seat, a.canonical) for a in other.acknowledged(created.game_id)] == [
        ("ana", sealed.canonical)
    ]


def test_a_refused_order_changes_nothing(service: GameService, engine: Engine) -> None:
    created = service.create("war-slayer", ["ana", "ben"], {}, seed=5)
    ana = service.find(created.seat_tokens["ana"])
    before = revision(engine, created.game_id)
    with pytest.raises(SealedError) as refused:
        service.seal(ana, "dosier KH 2C 3D", 1)
    assert refused.value.code == "order/syntax"
    assert "did you mean 'dossier'" in str(refused.value)
    with pytest.raises(SealedError) as stale:
        service.seal(ana, first_orders(service, ana), 2)
    assert stale.value.code == "order/stale_step"
    assert revision(engine, created.game_id) == before
    assert service.acknowledged(created.game_id) == []


def test_the_last_seal_opens_the_step_unless_the_gm_waits(service: GameService) -> None:
    early = service.create("goofspiel", ["ana", "ben"], {}, seed=1)
    wait = service.create("goofspiel", ["ana", "ben"], {}, seed=1, settings=Settings(wait=True))
    for created, opens in ((early, True), (wait, False)):
        links = seat_links(service, created.gm_token, created.game_id)
        service.seal(links["ana"], first_orders(service, links["ana"]), 1)
        last = service.seal(links["ben"], first_orders(service, links["ben"]), 1)
        assert last.opened is opens
        assert service.status(created.game_id)["step"] == (2 if opens else 1)


def test_a_deadline_fires_once_after_a_restart(
    service: GameService, clock: Clock, database: str
) -> None:
    created = service.create("war-slayer", ["ana", "ben"], {}, seed=5, settings=Settings(10))
    ana = service.find(created.seat_tokens["ana"])
    sealed = service.seal(ana, first_orders(service, ana), 1)
    clock.advance(9)
    assert service.tick() == []  # not yet
    clock.advance(2)
    # The server was down at the deadline: a new process on the same database fires it.
    restarted = GameService(migrated(database), clock)
    assert restarted.tick() == [(created.game_id, 1)]
    assert restarted.tick() == []
    assert service.tick() == []  # the old process, if it came back, does not fire it again
    match = restarted.snapshot(created.game_id).match
    assert match.step == 2
    orders = match.steps[0].orders
    assert orders["ana"].canonical == sealed.canonical and not orders["ana"].default
    assert orders["ben"].default
    status = restarted.status(created.game_id)
    assert status["deadline"] == (clock() + timedelta(minutes=10)).isoformat(timespec="seconds")
    acts = [(a.actor, a.act) for a in restarted.audit_log(created.game_id)]
    assert acts == [("gm", "create"), ("deadline", "close")]


def test_two_services_never_resolve_one_step_twice(database: str, clock: Clock) -> None:
    first = GameService(migrated(database), clock)
    second = GameService(migrated(database), clock)
    created = first.create("goofspiel", ["ana", "ben"], {}, seed=2, settings=Settings(5))
    clock.advance(6)
    fired: list[list[tuple[int, int]]] = []
    closed: list[object] = []

    def run(fn: Any, *args: Any) -> None:
        try:
            result = fn(*args)
            (fired if isinstance(result, list) else closed).append(result)
        except SealedError as error:
            closed.append(error.code)

    threads = [
        threading.Thread(target=run, args=(first.tick,)),
        threading.Thread(target=run, args=(second.tick,)),
        threading.Thread(target=run, args=(first.close, created.game_id, 1)),
        threading.Thread(target=run, args=(second.close, created.game_id, 1)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    match = GameService(migrated(database), clock).snapshot(created.game_id).match
    assert match.step == 2  # step 1 opened exactly once
    opened_by_tick = sum(len(f) for f in fired)
    opened_by_close = sum(1 for c in closed if c == 2)
    assert opened_by_tick + opened_by_close == 1
    assert closed.count("order/stale_step") == 2 - opened_by_close


def test_reminders_are_recorded_for_seats_that_have_not_sealed(
    service: GameService, clock: Clock
) -> None:
    created = service.create(
        "war-slayer", ["ana", "ben"], {}, seed=5, settings=Settings(minutes=30, remind=10)
    )
    ana = service.find(created.seat_tokens["ana"])
    service.seal(ana, first_orders(service, ana), 1)
    clock.advance(19)
    service.tick()
    assert service.reminders_of(created.game_id) == []
    clock.advance(2)
    service.tick()
    service.tick()
    assert [(r.step, r.seat) for r in service.reminders_of(created.game_id)] == [(1, "ben")]


def test_a_paused_game_keeps_its_time_left(service: GameService, clock: Clock) -> None:
    created = service.create("goofspiel", ["ana", "ben"], {}, seed=1, settings=Settings(10))
    clock.advance(4)
    service.pause(created.game_id)
    clock.advance(60)
    assert service.tick() == []
    links = seat_links(service, created.gm_token, created.game_id)
    service.seal(links["ana"], first_orders(service, links["ana"]), 1)
    assert service.seal(links["ben"], first_orders(service, links["ben"]), 1).opened is False
    service.resume(created.game_id)  # everyone sealed while paused: the step opens now
    status = service.status(created.game_id)
    assert status["step"] == 2 and status["status"] == "active"


def test_a_game_runs_its_rounds_on_deadlines_alone(service: GameService, clock: Clock) -> None:
    seats = ["ana", "ben", "cy", "di", "ed", "flo"]
    created = service.create("rex-furum", seats, {"rounds": 10}, seed=7)
    assert service.status(created.game_id)["deadline"] == "2026-11-23T14:20:00+00:00"
    for _ in range(12):
        clock.advance(20)
        service.tick()
    status = service.status(created.game_id)
    assert status["status"] == "over" and status["result"] is not None
    assert status["steps"] == 10
    assert [a.act for a in service.audit_log(created.game_id)].count("close") == 10


def test_preview_changes_nothing_and_names_the_orders(service: GameService, engine: Engine) -> None:
    created = service.create("war-slayer", ["ana", "ben"], {}, seed=5)
    ana = service.find(created.seat_tokens["ana"])
    sealed = service.seal(ana, first_orders(service, ana), 1)
    before = revision(engine, created.game_id)
    lines = service.preview(created.game_id)
    assert lines[ORDERS][0] == f"ana: {sealed.canonical}"
    assert lines[ORDERS][1].endswith("(default)")
    assert set(lines) == {"ana", "ben", GM, ORDERS}
    assert revision(engine, created.game_id) == before


def test_rollback_undoes_a_step_and_says_what_changes(service: GameService) -> None:
    created = service.create("goofspiel", ["ana", "ben"], {}, seed=1)
    service.close(created.game_id, 1)
    played = service.snapshot(created.game_id).match
    assert played.step == 2
    preview = service.rollback_preview(created.game_id, 1)
    assert any(line.startswith("undone: ") for line in preview["ana"])
    changes = service.rollback(created.game_id, 1)
    assert changes == preview
    match = service.snapshot(created.game_id).match
    assert match.step == 1 and match.events == []
    assert match.messages[-1].sender == GM and "undid 1 step" in match.messages[-1].text
    # Re-resolution: the step can be played again.
    service.close(created.game_id, 1)
    assert service.snapshot(created.game_id).match.step == 2
    acts = [a.act for a in service.audit_log(created.game_id)]
    assert acts == ["create", "close", "rollback", "close"]
    with pytest.raises(SealedError) as refused:
        service.rollback(created.game_id, 5)
    assert refused.value.code == "request/bad"


def test_a_seat_handed_to_a_bot_plays_and_comes_back(service: GameService) -> None:
    created = service.create("goofspiel", ["ana", "ben"], {}, seed=1)
    service.hand_over(created.game_id, "ben", "random")
    status = service.status(created.game_id)
    assert status["seats"]["ben"] == {"due": True, "sealed": True, "bot": "random"}
    ana = service.find(created.seat_tokens["ana"])
    assert service.seal(ana, first_orders(service, ana), 1).opened
    assert service.status(created.game_id)["seats"]["ben"]["sealed"]  # the bot again
    service.hand_over(created.game_id, "ben", None)
    assert service.snapshot(created.game_id).match.bots() == {}
    with pytest.raises(SealedError) as refused:
        service.hand_over(created.game_id, "ben", "genius")
    assert "no bot 'genius'" in str(refused.value)


def test_import_and_export_round_trip_with_the_cli(service: GameService, tmp_path: Path) -> None:
    game = get_game("war-slayer")
    match = Match.new(game, ["ana", "ben"], resolve_options(game.options, {}), seed=11)
    match.close()
    match.close()
    path = tmp_path / "game.json"
    save_match(match, path)
    created = service.import_record(json.loads(path.read_text()))
    assert service.snapshot(created.game_id).match.step == match.step
    service.close(created.game_id, match.step)
    exported = tmp_path / "exported.json"
    exported.write_text(json.dumps(service.snapshot(created.game_id).match.to_json()))
    again = load_match(exported)  # what `sealed replay` does
    assert again.step == match.step + 1
    with pytest.raises(SealedError) as refused:
        service.import_record({"format": "sealed-record", "game": "war-slayer"})
    assert refused.value.code == "record/malformed"


def test_a_deadline_row_is_indexed_for_the_open_step_only(
    service: GameService, engine: Engine, clock: Clock
) -> None:
    created = service.create("goofspiel", ["ana", "ben"], {}, seed=1, settings=Settings(5))
    service.close(created.game_id, 1)
    with engine.connect() as connection:
        rows = connection.execute(
            sa.select(deadlines.c.step, deadlines.c.outcome).order_by(deadlines.c.step)
        ).all()
        assert connection.execute(sa.select(sa.func.count()).select_from(acks)).scalar_one() == 0
    assert [(r.step, r.outcome) for r in rows] == [(1, "superseded"), (2, None)]
