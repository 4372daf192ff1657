"""Variant victory conditions in play (victory_play.py): through the real Match and views.

- a seat's secret condition never reaches another seat before the game is over: two games
  that differ only in ben's sealed condition look the same to everyone else, step by step,
  until the end (Hypothesis over seeds and conditions);
- at the end everyone sees every condition, and the Result's scores are the variant scores;
- ``random`` keeps the dice's conditions secret, ``public`` shows them to all;
- random bot games with the option play to the end and replay exactly.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from sealed.core.game import resolve_options
from sealed.core.jsonable import jsonable
from sealed.core.match import Match, bot_rng, replay
from sealed.games.crusoe import GAME
from sealed.games.crusoe.orders import Order
from sealed.games.crusoe.victory import CONDITIONS, variant_scores

SEATS = ("ana", "ben", "cy", "dee")
BOTS = ("greedy", "cooperative", "selfish", "random")


def options(mode: str, scenario: str = "tribal-capitalism") -> dict[str, Any]:
    return resolve_options(GAME.options, {"scenario": scenario, "victory": mode})


def told(match: Match[Any, Any, Any], seat: str) -> str:
    report = match.report(seat)
    return json.dumps(
        [jsonable(report.view), [jsonable(t) for t in report.events], report.step], sort_keys=True
    )


def play_on(match: Match[Any, Any, Any], seed: int, steps: int = 5_000) -> None:
    players = {seat: GAME.bots[bot]() for seat, bot in zip(SEATS, BOTS, strict=True)}
    rngs = {seat: bot_rng(seed, seat) for seat in SEATS}
    for _ in range(steps):
        if match.result() is not None:
            return
        for seat in match.waiting_for():
            view = GAME.view(match.state, seat)
            match.seal_order(seat, players[seat].choose(view, match.prompts()[seat], rngs[seat]))
    raise AssertionError("the game did not end")


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    first=st.sampled_from(CONDITIONS),
    second=st.sampled_from(CONDITIONS),
)
def test_a_secret_condition_reaches_no_other_seat_before_the_end(
    seed: int, first: str, second: str
) -> None:
    games = []
    for condition in (first, second):
        match = Match.new(GAME, list(SEATS), options("secret"), seed=seed)
        for seat in SEATS:
            chosen = condition if seat == "ben" else "self-interested"
            match.seal_order(seat, Order("victory", name=chosen))
        games.append(match)
    one, two = games
    players = {seat: GAME.bots[bot]() for seat, bot in zip(SEATS, BOTS, strict=True)}
    rngs = [{seat: bot_rng(seed, seat) for seat in SEATS} for _ in games]
    while one.result() is None:
        for other in ("ana", "cy", "dee"):
            assert told(one, other) == told(two, other), f"ben's condition reached {other}"
        assert one.waiting_for() == two.waiting_for()
        for seat in one.waiting_for():
            for match, rng in zip(games, rngs, strict=True):
                view = GAME.view(match.state, seat)
                match.seal_order(seat, players[seat].choose(view, match.prompts()[seat], rng[seat]))
    assert two.result() is not None
    assert GAME.view(one.state, "ana").conditions["ben"] == first  # the end shows them all
    assert GAME.view(two.state, "ana").conditions["ben"] == second


def test_the_result_scores_are_the_variant_scores() -> None:
    match = Match.new(GAME, list(SEATS), options("secret", "national-capitalism"), seed=3)
    chosen = ("altruistic", "cutthroat", "self-interested", "cutthroat")
    for seat, condition in zip(SEATS, chosen, strict=True):
        match.seal_order(seat, Order("victory", name=condition))
    play_on(match, 3)
    result = match.result()
    assert result is not None
    ordinary = {seat: match.state.players[seat].vp for seat in SEATS}
    expected = variant_scores(ordinary, match.state.conditions)
    assert result.scores == {seat: float(value) for seat, value in expected.items()}
    assert GAME.scores(match.state) == {seat: float(v) for seat, v in ordinary.items()}


def test_random_conditions_are_secret_and_public_ones_shown() -> None:
    secret = Match.new(GAME, list(SEATS), options("random"), seed=5)
    assert set(secret.state.conditions) == set(SEATS)
    assert GAME.view(secret.state, "ana").conditions == {"ana": secret.state.conditions["ana"]}
    public = Match.new(GAME, list(SEATS), options("public"), seed=5)
    assert GAME.view(public.state, "ana").conditions == public.state.conditions


def test_without_the_option_nobody_has_a_condition() -> None:
    match = Match.new(GAME, list(SEATS), options("off"), seed=5)
    assert match.state.conditions == {}
    assert GAME.view(match.state, "ana").conditions == {}


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32), mode=st.sampled_from(("secret", "random", "public")))
def test_bot_games_with_conditions_play_to_the_end_and_replay_exactly(seed: int, mode: str) -> None:
    match = Match.new(GAME, list(SEATS), options(mode, "national-capitalism"), seed=seed)
    play_on(match, seed)
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)
    result = match.result()
    assert result is not None
    for seat in result.winners:
        assert match.state.rescued and match.state.players[seat].alive and result.scores[seat] > 0
