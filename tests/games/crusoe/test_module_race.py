"""Race (modules/race.py): the options, Mad Jack's Race rolls, and random games in which each
VP lost to prejudice is an event that accounts for it, every seat sees the roles, and the
record replays. The rules are cases/module_race.yaml."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sealed.core.chance import SeededChance
from sealed.core.errors import OptionError
from sealed.core.game import resolve_options
from sealed.core.match import Match, bot_rng, replay
from sealed.games.crusoe import GAME
from sealed.games.crusoe.madjack import _is_built
from sealed.games.crusoe.state import Settings

SEATS = ("ana", "ben", "cy", "dee")
BOTS = ("greedy", "cooperative", "selfish", "random")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"race": "one-majority-prejudiced", "race_minority": 4}, "race_minority 4: from one"),
        (
            {"race": "one-portion-prejudiced", "race_majority_prejudiced": 4},
            "race_majority_prejudiced 4: from none to the 3 players",
        ),
    ],
)
def test_numbers_that_do_not_fit_the_table_are_refused(
    options: dict[str, Any], message: str
) -> None:
    with pytest.raises(OptionError, match=message):
        GAME.initial_state(list(SEATS), resolve_options(GAME.options, options), SeededChance(1))


def test_numbers_without_the_module_are_refused() -> None:
    with pytest.raises(OptionError, match="set race=VARIANT too"):
        Settings.from_options(resolve_options(GAME.options, {"race_penalty": 2}))


def test_mad_jacks_race_rolls_are_playable() -> None:
    assert _is_built(
        {
            "race": "third-minority-prejudiced",
            "race_minority": 1,
            "race_majority_prejudiced": 0,
            "race_minority_prejudiced": 1,
        }
    )


def play(seed: int, options: dict[str, Any], bots: tuple[str, ...]) -> Match[Any, Any, Any]:
    match: Match[Any, Any, Any] = Match.new(
        GAME, list(SEATS), resolve_options(GAME.options, options), seed=seed
    )
    players = {seat: GAME.bots[bot]() for seat, bot in zip(SEATS, bots, strict=True)}
    rngs = {seat: bot_rng(seed, seat) for seat in SEATS}
    roles = {s: match.state.players[s].roles for s in SEATS}
    assert sum("minority" in r for r in roles.values()) == options["race_minority"]
    for _ in range(5_000):
        if match.result() is not None:
            return match
        before = {s: match.state.players[s].vp for s in SEATS}
        for seat in match.waiting_for():
            view = GAME.view(match.state, seat)
            assert {p.seat: p.roles for p in view.players} == roles, "roles are public"
            match.seal_order(seat, players[seat].choose(view, match.prompts()[seat], rngs[seat]))
        events = match.steps[-1].events
        lost = {s: 0 for s in SEATS}
        for event in events:
            if event.kind == "prejudice":
                assert "prejudiced" in roles[event.data["seat"]]
                lost[event.data["seat"]] += event.data["loss"]
        for event in events if not match.state.rescued else ():  # rescue adds diamonds
            if event.kind == "consume":
                seat = event.data["seat"]
                change = match.state.players[seat].vp - before[seat]
                assert change == event.data["score"]["total"] - lost[seat]
    raise AssertionError("the game did not end")


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    minority=st.integers(1, 3),
    prejudiced=st.integers(0, 1),
    minority_prejudiced=st.integers(0, 1),
    scenario=st.sampled_from(("crusoes-economy", "tribal-capitalism", "hobbesian")),
    bots=st.permutations(BOTS),
)
def test_random_games_account_for_prejudice_and_replay_exactly(
    seed: int,
    minority: int,
    prejudiced: int,
    minority_prejudiced: int,
    scenario: str,
    bots: list[str],
) -> None:
    options = {
        "race": "one-portion-prejudiced",
        "race_minority": minority,
        "race_majority_prejudiced": prejudiced * (4 - minority),
        "race_minority_prejudiced": minority_prejudiced,
        "scenario": scenario,
    }
    match = play(seed, options, tuple(bots))
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)
