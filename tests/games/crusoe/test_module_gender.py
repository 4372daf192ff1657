"""Gender, Basic Disempowerment (modules/gender.py): the options (the variants not built are
refused by name), Mad Jack's base rolls, the halving, and random games that replay exactly.
The rules on the table are cases/module_gender.yaml."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sealed.core.errors import OptionError
from sealed.core.game import resolve_options
from sealed.core.match import Match, bot_rng, replay
from sealed.games.crusoe import GAME
from sealed.games.crusoe.madjack import _is_built
from sealed.games.crusoe.modules.gender import violence_roll
from sealed.games.crusoe.state import Settings

SEATS = ("ana", "ben", "cy", "dee", "eve")
BOTS = ("greedy", "cooperative", "selfish", "random", "greedy")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"gender": "dolls-house"}, "gender dolls-house: not built yet"),
        ({"gender": "no-suffrage"}, "gender no-suffrage: not built yet"),
        ({"gender": "base", "gender_mens_work": 1}, "Men's Work is not built yet"),
        ({"gender_paths_denied": 2}, "set gender=base too"),
    ],
)
def test_what_is_not_built_is_refused_by_name(options: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        Settings.from_options(resolve_options(GAME.options, options))


def test_mad_jacks_base_roll_without_mens_work_is_playable() -> None:
    assert _is_built({"gender": "base", "gender_mens_work": 0})
    assert not _is_built({"gender": "base", "gender_mens_work": 1, "gender_paths_denied": 3})


@given(st.integers(0, 20))
def test_a_woman_halves_her_roll_rounding_down(rolled: int) -> None:
    assert violence_roll(("woman",), rolled) == rolled // 2
    assert violence_roll((), rolled) == rolled


def play(seed: int, options: dict[str, Any]) -> Match[Any, Any, Any]:
    match: Match[Any, Any, Any] = Match.new(
        GAME, list(SEATS), resolve_options(GAME.options, options), seed=seed
    )
    players = {seat: GAME.bots[bot]() for seat, bot in zip(SEATS, BOTS, strict=True)}
    rngs = {seat: bot_rng(seed, seat) for seat in SEATS}
    women = [s for s in SEATS if "woman" in match.state.players[s].roles]
    assert len(women) == 3  # "exactly half the players ... (round up for an odd number)"
    for _ in range(5_000):
        if match.result() is not None:
            return match
        for seat in match.waiting_for():
            view = GAME.view(match.state, seat)
            match.seal_order(seat, players[seat].choose(view, match.prompts()[seat], rngs[seat]))
    raise AssertionError("the game did not end")


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32), scenario=st.sampled_from(("hobbesian", "tribal-capitalism")))
def test_random_games_end_and_replay_exactly(seed: int, scenario: str) -> None:
    match = play(seed, {"gender": "base", "scenario": scenario})
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)
