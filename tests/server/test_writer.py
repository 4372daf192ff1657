"""Group commit: acts that share a transaction are each acknowledged only after its commit; a
refused act in a batch leaves the others alone; a failed commit acknowledges nothing."""

from __future__ import annotations

import threading
from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy.engine import Engine
from tests.server.fixtures import Clock, migrated

from sealed.core.errors import SealedError
from sealed.server.service import GameService
from sealed.server.writer import StorageError


def test_concurrent_acts_with_refusals_keep_every_acknowledged_order(
    engine: Engine, clock: Clock, database: str
) -> None:
    service = GameService(engine, clock)
    seats = ["ana", "ben", "cy", "di"]
    games = [service.create("rex-furum", seats, {}, seed=n) for n in range(3)]
    acked: list[tuple[int, str, str]] = []
    refused: list[str] = []

    def player(number: int) -> None:
        seat = seats[number % 4]
        target = seats[(number + 1) % 4]
        for turn in range(8):
            game = games[(number + turn) % 3]
            link = service.find(game.seat_tokens[seat])
            text = f"embezzle {target}" if turn % 3 else f"embezzle {seat}"  # the latter is illegal
            try:
                sealed = service.seal(link, text, 1)
            except SealedError as error:
                refused.append(error.code)
                continue
            acked.append((game.game_id, seat, sealed.canonical))

    threads = [threading.Thread(target=player, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert refused and set(refused) == {"order/illegal"}
    fresh = GameService(migrated(database), clock)
    for game in games:
        pending = fresh.snapshot(game.game_id).match.to_json()["pending"]
        acks = [a for a in fresh.acknowledged(game.game_id)]
        assert len(acks) == len([a for a in acked if a[0] == game.game_id])
        last = {a.seat: a.canonical for a in acks}
        assert {seat: p["canonical"] for seat, p in pending.items()} == last


def test_a_failed_commit_acknowledges_nothing(engine: Engine, clock: Clock) -> None:
    service = GameService(engine, clock)
    game = service.create("goofspiel", ["ana", "ben"], {}, seed=1)
    ana = service.find(game.seat_tokens["ana"])
    before = service.status(game.game_id)["revision"]

    def refuse_commit(connection: Any) -> None:
        raise OSError("disk full")

    sa.event.listen(engine, "commit", refuse_commit)
    try:
        with pytest.raises(StorageError) as failed:
            service.seal(ana, "bid 3", 1)
        assert failed.value.code == "server/unavailable"
    finally:
        sa.event.remove(engine, "commit", refuse_commit)
    assert service.status(game.game_id)["revision"] == before
    assert service.acknowledged(game.game_id) == []
    assert service.snapshot(game.game_id).match.pending == {}
    assert service.seal(ana, "bid 3", 1).canonical == "bid 3"  # the writer recovers
