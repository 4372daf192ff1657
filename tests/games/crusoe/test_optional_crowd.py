"""More Than Eight Players (modules/crowd.py): the seed's numbers, the token supply, and random
bot games at large tables that end, stay within the supply and replay. The rules on a board are
cases/module_crowd.yaml."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sealed.core.chance import SeededChance
from sealed.core.errors import SealedError
from sealed.core.game import resolve_options
from sealed.core.match import Match, bot_rng, replay
from sealed.games.crusoe import GAME
from sealed.games.crusoe.modules.crowd import MAX_PLAYERS, commons_room, token_sets
from sealed.games.crusoe.state import GOODS, standard_board


@pytest.mark.parametrize(
    ("players", "room"), [(1, 0), (8, 0), (9, 1), (13, 1), (14, 2), (18, 2), (19, 3)]
)
def test_the_seeds_overburdening_numbers(players: int, room: int) -> None:
    """ "for 9-13 players two can go down the same path without overburdening, for 14-18
    three can, and so on." """
    assert commons_room(players) == room


@pytest.mark.parametrize(("players", "sets"), [(2, 1), (8, 1), (9, 2), (16, 2), (17, 3)])
def test_a_set_of_commodity_tokens_per_eight_players(players: int, sets: int) -> None:
    assert token_sets(players) == sets


def test_nine_players_get_a_second_set_of_goods_only() -> None:
    seats = [f"p{i}" for i in range(9)]
    state = GAME.initial_state(seats, resolve_options(GAME.options, {}), SeededChance(1))
    shipped = standard_board().supply
    for key, n in state.board.supply.items():
        assert n == (2 * shipped[key] if key in GOODS else shipped[key]), key


def test_more_than_the_programs_limit_is_refused() -> None:
    seats = [f"p{i}" for i in range(MAX_PLAYERS + 1)]
    with pytest.raises(SealedError):
        Match.new(GAME, seats, resolve_options(GAME.options, {}), seed=1)


def play(seed: int, seats: list[str], scenario: str) -> Match[Any, Any, Any]:
    options = resolve_options(GAME.options, {"scenario": scenario})
    match: Match[Any, Any, Any] = Match.new(GAME, seats, options, seed=seed)
    bots = {
        s: GAME.bots[("greedy", "cooperative", "selfish", "random")[i % 4]]()
        for i, s in enumerate(seats)
    }
    rngs = {seat: bot_rng(seed, seat) for seat in seats}
    for _ in range(20_000):
        if match.result() is not None:
            return match
        for seat in match.waiting_for():
            view = GAME.view(match.state, seat)
            match.seal_order(seat, bots[seat].choose(view, match.prompts()[seat], rngs[seat]))
        for good in GOODS:
            assert match.state.in_play(good) <= match.state.board.supply[good]
    raise AssertionError("the game did not end")


@settings(max_examples=4, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.sampled_from((9, 12, 16)),
    scenario=st.sampled_from(("hobbesian", "tribal-capitalism")),
)
def test_random_large_games_end_within_the_supply_and_replay(
    seed: int, players: int, scenario: str
) -> None:
    match = play(seed, [f"p{i}" for i in range(players)], scenario)
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)
