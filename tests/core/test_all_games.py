"""The API suite, run over every registered game (OpenSpiel's api_test in spirit).

Random playouts end; the same seed gives the same record; a record replays
exactly; only prompted seats may order; canonical text round-trips; views are
plain JSON. Each game's own tests check its rules and its secrets.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sealed.core.errors import NoOrderDueError
from sealed.core.game import GM, Game, resolve_options
from sealed.core.jsonable import jsonable
from sealed.core.match import Match, bot_rng, replay
from sealed.core.registry import all_games
from sealed.lab.sim import play_one

GAMES = list(all_games().values())
IDS = [game.name for game in GAMES]


def bot_match(game: Game[Any, Any, Any], seed: int, bot: str = "random") -> Match[Any, Any, Any]:
    """A finished match between bots, every order checked for round-trip on the way."""
    seats = [f"p{i}" for i in range(game.min_players)]
    match = Match.new(game, seats, resolve_options(game.options, {}), seed=seed)
    bots = {seat: game.bots[bot]() for seat in seats}
    rngs = {seat: bot_rng(seed, seat) for seat in seats}
    for _ in range(20_000):
        if match.result() is not None:
            return match
        if not match.waiting_for():  # all sealed, the step waits for its deadline
            match.close()
            continue
        for seat in match.waiting_for():
            view, prompt = game.view(match.state, seat), match.prompts()[seat]
            order = bots[seat].choose(view, prompt, rngs[seat])
            text = game.format(order)
            assert game.parse(match.state, seat, text) == order, f"{text!r} does not round-trip"
            match.seal_order(seat, order)
    raise AssertionError(f"{game.name} seed {seed}: no result after 20,000 steps")


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@given(seed=st.integers(0, 2**32))
def test_random_playouts_end_and_replay_exactly(game: Game[Any, Any, Any], seed: int) -> None:
    match = bot_match(game, seed)
    record = json.loads(json.dumps(match.to_json()))
    again = replay(record)
    assert game.to_json(again.state) == game.to_json(match.state)
    assert [e.to_json() for e in again.events] == [e.to_json() for e in match.events]


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@given(seed=st.integers(0, 2**32))
def test_same_seed_same_record(game: Game[Any, Any, Any], seed: int) -> None:
    assert bot_match(game, seed).to_json() == bot_match(game, seed).to_json()


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@given(seed=st.integers(0, 2**32), cut=st.integers(0, 40))
def test_only_prompted_seats_may_order(game: Game[Any, Any, Any], seed: int, cut: int) -> None:
    seats = [f"p{i}" for i in range(game.min_players)]
    match = Match.new(game, seats, resolve_options(game.options, {}), seed=seed)
    rng = random.Random(seed)
    for _ in range(cut):
        if match.result() is not None:
            break
        if not match.waiting_for():
            match.close()
            continue
        seat = match.waiting_for()[0]
        view, prompt = game.view(match.state, seat), match.prompts()[seat]
        order = game.bots["random"]().choose(view, prompt, rng)
        match.seal_order(seat, order)
    # Every draw tests something: the game master is never prompted by these games, and
    # after the game ends nobody is.
    idle = [seat for seat in (*seats, GM) if seat not in match.prompts()]
    assert idle, "every seat and the game master are prompted at once"
    before = json.dumps(match.to_json(), sort_keys=True)
    for seat in idle:
        with pytest.raises(NoOrderDueError):
            match.seal(seat, "pass")
    assert json.dumps(match.to_json(), sort_keys=True) == before


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_views_and_state_are_plain_json(game: Game[Any, Any, Any]) -> None:
    match = bot_match(game, 1)
    for seat in match.seats:
        view = jsonable(game.view(match.state, seat))
        assert json.loads(json.dumps(view)) == view
    state = game.to_json(match.state)
    assert json.loads(json.dumps(state)) == state


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_state_json_round_trips(game: Game[Any, Any, Any]) -> None:
    options = resolve_options(game.options, {})
    match = bot_match(game, 2)
    rebuilt = game.from_json(game.to_json(match.state), match.seats, options)
    assert game.to_json(rebuilt) == game.to_json(match.state)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_bot_finishes_games(game: Game[Any, Any, Any]) -> None:
    options = resolve_options(game.options, {})
    for name in game.bots:
        summary = play_one(game, options, [name] * game.min_players, "api", check=True)
        # A finished game names its winners among its seats; none is a real outcome
        # (Crusoe's Planet: everybody may lose), so the check is membership, not presence.
        seats = set(summary.bots)
        assert set(summary.winners) <= seats, f"{name}: winners {summary.winners} not seated"
        assert set(summary.scores) == seats, f"{name}: the result scores every seat"
