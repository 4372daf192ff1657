"""Vegetarians (modules/vegetarians.py): the options, Mad Jack's rolls, and random games in
which no vegetarian ever eats fish (nor, under make-or-eat, catches it), every view names the
vegetarians (a public role), and the record replays. The rules are cases/module_vegetarians.yaml."""

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


def test_all_players_vegetarian_is_refused_with_the_rule() -> None:
    options = resolve_options(GAME.options, {"vegetarians": "eat", "vegetarians_players": 4})
    with pytest.raises(OptionError, match="from one to all but one of the 4 players"):
        GAME.initial_state(list(SEATS), options, SeededChance(1))


def test_a_count_without_the_module_is_refused() -> None:
    with pytest.raises(OptionError, match="set vegetarians=eat or make-or-eat too"):
        Settings.from_options(resolve_options(GAME.options, {"vegetarians_players": 2}))


@pytest.mark.parametrize("variant", ["eat", "make-or-eat"])
def test_mad_jacks_vegetarian_rolls_are_playable(variant: str) -> None:
    assert _is_built({"vegetarians": variant, "vegetarians_players": 2})
    assert _is_built(
        {"scenario": "tribal-capitalism", "vegetarians": variant, "vegetarians_players": 3}
    )


def play(seed: int, options: dict[str, Any], bots: tuple[str, ...]) -> Match[Any, Any, Any]:
    match: Match[Any, Any, Any] = Match.new(
        GAME, list(SEATS), resolve_options(GAME.options, options), seed=seed
    )
    players = {seat: GAME.bots[bot]() for seat, bot in zip(SEATS, bots, strict=True)}
    rngs = {seat: bot_rng(seed, seat) for seat in SEATS}
    vegetarians = {s for s in SEATS if "vegetarian" in match.state.players[s].roles}
    assert 1 <= len(vegetarians) == options["vegetarians_players"]
    for _ in range(5_000):
        if match.result() is not None:
            return match
        for seat in match.waiting_for():
            view = GAME.view(match.state, seat)
            shown = {p.seat for p in view.players if "vegetarian" in p.roles}
            assert shown == vegetarians, "every seat sees who the vegetarians are"
            match.seal_order(seat, players[seat].choose(view, match.prompts()[seat], rngs[seat]))
        for event in match.steps[-1].events:
            if event.kind == "consume" and event.data["seat"] in vegetarians:
                assert not event.data["eaten"].get("fish"), "a vegetarian ate fish"
            caught = event.kind == "produce" and event.data["seat"] in vegetarians
            if caught and options["vegetarians"] == "make-or-eat":
                assert not event.data["gained"].get("fish"), "a vegetarian caught fish"
    raise AssertionError("the game did not end")


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    variant=st.sampled_from(("eat", "make-or-eat")),
    count=st.integers(1, 3),
    scenario=st.sampled_from(("crusoes-economy", "tribal-capitalism", "hobbesian")),
    bots=st.permutations(BOTS),
)
def test_random_games_keep_the_diet_and_replay_exactly(
    seed: int, variant: str, count: int, scenario: str, bots: list[str]
) -> None:
    options = {"vegetarians": variant, "vegetarians_players": count, "scenario": scenario}
    match = play(seed, options, tuple(bots))
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)
