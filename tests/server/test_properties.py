"""Random sequences of acts through the service (SQLite): the record always replays exactly,
every acknowledged order that no rollback undid is the one the record holds, and a refused act
changes nothing."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.server.fixtures import Clock, migrated

from sealed.core.errors import SealedError
from sealed.core.match import replay
from sealed.server.db import games
from sealed.server.model import Link, Settings
from sealed.server.service import GameService

GAMES = {"war-slayer": 2, "goofspiel": 3, "rex-furum": 4, "fixem": 3}
ACTS = ("seal", "seal", "seal", "garbage", "stale", "close", "tick", "rollback", "handover")
ACTS += ("send", "pause", "resume", "deadline")


def revision(service: GameService, game_id: int) -> int:
    with service.engine.connect() as connection:
        query = sa.select(games.c.revision).where(games.c.id == game_id)
        return int(connection.execute(query).scalar_one())


def bot_orders(service: GameService, link: Link, rng: random.Random) -> str | None:
    match = service.snapshot(link.game_id).match
    prompt = match.prompts().get(link.seat)
    if prompt is None:
        return None
    game = match.game
    bot = game.bots["random"]()
    return str(game.format(bot.choose(game.view(match.state, link.seat), prompt, rng)))


def act(service: GameService, clock: Clock, name: str, game_id: int, link: Link, rng: Any) -> None:
    """One act; raises SealedError when the service refuses it."""
    step = service.snapshot(game_id).match.step
    if name == "seal":
        orders = bot_orders(service, link, rng)
        service.seal(link, orders if orders is not None else "pass", step)
    elif name == "garbage":
        service.seal(link, rng.choice(["", "zzz", "dossier", "bid 99", "\x00", "1" * 500]), step)
    elif name == "stale":
        service.seal(link, bot_orders(service, link, rng) or "pass", step + rng.choice([-1, 1, 5]))
    elif name == "close":
        service.close(game_id, step)
    elif name == "tick":
        clock.advance(rng.choice([1, 6, 11, 30]))
        service.tick()
    elif name == "rollback":
        service.rollback(game_id, rng.choice([1, 2]))
    elif name == "handover":
        service.hand_over(game_id, link.seat, rng.choice([None, "random"]))
    elif name == "send":
        service.send(link, rng.choice([None, ["gm"]]), "hello")
    elif name == "pause":
        service.pause(game_id)
    elif name == "resume":
        service.resume(game_id)
    elif name == "deadline":
        service.set_deadline(game_id, rng.choice([None, 5]))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game_name=st.sampled_from(sorted(GAMES)),
    seed=st.integers(0, 10_000),
    wait=st.booleans(),
    acts=st.lists(st.tuples(st.sampled_from(ACTS), st.integers(0, 5), st.integers()), max_size=30),
)
def test_random_acts_keep_the_record_exact(
    game_name: str, seed: int, wait: bool, acts: list[tuple[str, int, int]]
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'sealed.db'}"
        clock = Clock()
        service = GameService(migrated(url), clock)
        seats = ["ana", "ben", "cy", "di"][: GAMES[game_name]]
        created = service.create(game_name, seats, {}, seed=seed, settings=Settings(10, wait))
        links = [service.find(created.seat_tokens[seat]) for seat in seats]
        rollbacks: list[tuple[int, int]] = []  # (revision after it, the step then open)
        for name, who, draw in acts:
            before = revision(service, created.game_id)
            try:
                act(
                    service,
                    clock,
                    name,
                    created.game_id,
                    links[who % len(links)],
                    random.Random(draw),
                )
            except SealedError:
                assert revision(service, created.game_id) == before, (
                    f"refused {name} changed the game"
                )
                continue
            if name == "rollback":
                step = service.snapshot(created.game_id).match.step
                rollbacks.append((revision(service, created.game_id), step))
        check(GameService(migrated(url), clock), created.game_id, rollbacks)


def check(fresh: GameService, game_id: int, rollbacks: list[tuple[int, int]]) -> None:
    """The record replays to itself, and holds every acknowledged order no rollback undid."""
    match = fresh.snapshot(game_id).match
    record = match.to_json()
    assert replay(record).to_json() == record
    latest: dict[tuple[int, str], str] = {}
    for ack in fresh.acknowledged(game_id):
        undone = any(r > ack.revision and step <= ack.step for r, step in rollbacks)
        if not undone:
            latest[(ack.step, ack.seat)] = ack.canonical
    for (step, seat), canonical in latest.items():
        if step < match.step:
            assert match.steps[step - 1].orders[seat].canonical == canonical
        else:
            assert match.pending[seat].canonical == canonical
